/* SPDX-License-Identifier: MIT */
/*
 * root-parity, root-parity-rational and bsc (src/methods/root_parity*.c, bsc.c) over
 * the shared benchmark data (../shared/data; the test is skipped without it): their
 * answers, pinned when they were compared query by query with the original code
 * (docs/baselines.md), as counts (yes, false positives and false negatives against
 * the files' labels) and as a fingerprint of the per-query answers, so that any
 * changed answer fails.  Five configurations: the three methods with their
 * defaults, root-parity-rational with translation_exit and bsc with
 * coplanar_collides = false (the options that reproduce the original code).  The
 * handcrafted and cloth-funnel queries are all run; armadillo-rollers every 8th and
 * n-body every 16th query of the file (in file order, from query 0) to keep the
 * test short under sanitizers.
 */
#include <config.h>

#include "methods/builtin.h"
#include "shared_family_run.h"
#include "test_support.h"

#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FAMILIES = TEST_SHARED_FAMILIES, CONFIGS = 5 };

static const size_t STRIDE[FAMILIES] = {1, 1, 8, 1, 1, 16};
static const char *const FAMILY[FAMILIES] = {"handcrafted VF",  "handcrafted EE",
                                             "armadillo VF",    "cloth-funnel VF",
                                             "cloth-funnel EE", "n-body VF"};

typedef struct config {
    const char *name;
    const ccd_method *method;
    const char *option; /* boolean option set to `value`, or NULL */
    long value;
} config;

static const config CONFIG[CONFIGS] = {
    {"root-parity", &ccd_method_root_parity, NULL, 0},
    {"root-parity-rational", &ccd_method_root_parity_rational, NULL, 0},
    {"root-parity-rational translation_exit", &ccd_method_root_parity_rational,
     "translation_exit", 1},
    {"bsc", &ccd_method_bsc, NULL, 0},
    {"bsc coplanar_collides=0", &ccd_method_bsc, "coplanar_collides", 0},
};

typedef struct counts {
    long n, yes, fp, fn;
    uint64_t print; /* FNV-1a over (query number in the family, answer) */
} counts;

/* Pinned on 2026-11-25 (docs/baselines.md). */
static const counts PINNED[CONFIGS][FAMILIES] = {
#include "check_root_parity_bsc_data.pinned"
};

static void fold(uint64_t *h, long k, int answer)
{
    uint64_t x = (uint64_t)k * 2u + (uint64_t)answer;
    for (int i = 0; i < 8; i++)
        test_fnv1a(h, (unsigned)(x >> (8 * i)));
}

typedef struct tally {
    ccd_params p[CONFIGS];
    counts got[CONFIGS][FAMILIES];
    long seen[FAMILIES];
} tally;

static void count(void *ctx, int fam, const ccd_dataset_file *file, const ccd_query *q,
                  int label)
{
    tally *t = ctx;
    (void)file;
    ck_assert(label == 0 || label == 1);
    for (int c = 0; c < CONFIGS; c++) {
        ccd_result res;
        ck_assert_int_eq(ccd_method_run(&res, CONFIG[c].method, q, &t->p[c], NULL), CCD_OK);
        counts *g = &t->got[c][fam];
        g->n++;
        g->yes += res.collides;
        g->fp += res.collides && !label;
        g->fn += !res.collides && label;
        fold(&g->print, t->seen[fam], res.collides);
    }
    t->seen[fam]++;
}

START_TEST(test_answers_are_pinned)
{
    TEST_REQUIRE_SHARED_DATA(root);
    tally t;
    memset(&t, 0, sizeof t);
    ccd_params *p = t.p;
    ccd_option_value opt[CONFIGS][4];
    for (int c = 0; c < CONFIGS; c++) {
        ccd_params_default(&p[c]);
        ck_assert_uint_le(CONFIG[c].method->option_count, 4);
        ccd_options_default(opt[c], CONFIG[c].method);
        if (CONFIG[c].option) {
            long i = ccd_option_find(CONFIG[c].method, CONFIG[c].option);
            ck_assert_int_ge(i, 0);
            opt[c][i].i = CONFIG[c].value;
        }
        p[c].options = opt[c];
    }
    counts (*got)[FAMILIES] = t.got;
    for (int c = 0; c < CONFIGS; c++)
        for (int f = 0; f < FAMILIES; f++)
            got[c][f].print = TEST_FNV1A_OFFSET;
    test_shared_family_each(root, STRIDE, count, &t);
    /* the table in the form of check_root_parity_bsc_data.pinned */
    for (int c = 0; c < CONFIGS; c++) {
        fprintf(stderr, "/* %s */ {\n", CONFIG[c].name);
        for (int f = 0; f < FAMILIES; f++)
            fprintf(stderr, "    {%ld, %ld, %ld, %ld, 0x%016" PRIx64 "u}, /* %s */\n", got[c][f].n,
                    got[c][f].yes, got[c][f].fp, got[c][f].fn, got[c][f].print, FAMILY[f]);
        fprintf(stderr, "},\n");
    }
    for (int c = 0; c < CONFIGS; c++)
        for (int f = 0; f < FAMILIES; f++) {
            const counts *g = &got[c][f], *e = &PINNED[c][f];
            ck_assert_msg(g->n == e->n && g->yes == e->yes && g->fp == e->fp && g->fn == e->fn &&
                              g->print == e->print,
                          "%s on %s: n %ld yes %ld FP %ld FN %ld, pinned %ld %ld %ld %ld "
                          "(or another query answers differently)",
                          CONFIG[c].name, FAMILY[f], g->n, g->yes, g->fp, g->fn, e->n, e->yes,
                          e->fp, e->fn);
        }
}
END_TEST

int main(void)
{
    return test_run_one("root_parity_bsc_data", test_answers_are_pinned, 600);
}
