/* SPDX-License-Identifier: MIT */
/*
 * TightCCD (src/methods/tight_ccd.c) over the shared benchmark data (../shared/data;
 * the test is skipped without it): answers, false positives and negatives against
 * the files' labels (the Mathematica ground truth of Wang et al. 2021, the exact
 * truth at d = 0), every query, pinned to the counts measured when TightCCD was
 * checked query by query against the original code of Wang et al. 2015
 * (docs/baselines.md: the two agree on every shared query).  So any change of an
 * answer fails here: the 23 armadillo-rollers contacts it misses through underflow
 * included.
 */
#include <config.h>

#include "methods/builtin.h"
#include "shared_family_run.h"
#include "test_support.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

enum { FAMILIES = TEST_SHARED_FAMILIES };
static const struct {
    const char *name;
    long n, yes, fp, fn;
} family[FAMILIES] = {
    {"handcrafted VF", 2835, 603, 366, 0},   {"handcrafted EE", 3944, 470, 289, 0},
    {"armadillo-rollers VF", 4652, 4627, 0, 23}, {"cloth-funnel VF", 92, 62, 35, 0},
    {"cloth-funnel EE", 263, 172, 65, 0},    {"n-body-simulation VF", 9460, 9460, 1, 0},
};

typedef struct tally {
    ccd_params p;
    long n[FAMILIES], yes[FAMILIES], fp[FAMILIES], fn[FAMILIES];
} tally;

static void count(void *ctx, int fam, const ccd_dataset_file *file, const ccd_query *q,
                  int label)
{
    tally *t = ctx;
    ck_assert_msg(label == 0 || label == 1, "%s: query %llu has no label",
                  file->csv_path, (unsigned long long)q->index);
    ccd_result res;
    ccd_query_fn run = q->kind == CCD_VF ? ccd_method_tight_ccd.vertex_face
                                         : ccd_method_tight_ccd.edge_edge;
    ck_assert_int_eq(run(&res, q, &t->p, NULL), CCD_OK);
    t->n[fam]++;
    t->yes[fam] += res.collides;
    t->fp[fam] += res.collides && !label;
    t->fn[fam] += !res.collides && label;
}

START_TEST(test_counts)
{
    TEST_REQUIRE_SHARED_DATA(root);
    tally t = {0};
    ccd_params_default(&t.p);
    test_shared_family_each(root, NULL, count, &t);
    const long *n = t.n, *yes = t.yes, *fp = t.fp, *fn = t.fn;
    for (int f = 0; f < FAMILIES; f++)
        fprintf(stderr, "tight-ccd %-22s n=%5ld yes=%5ld FP=%4ld FN=%3ld\n", family[f].name, n[f],
                yes[f], fp[f], fn[f]);
    for (int f = 0; f < FAMILIES; f++) {
        ck_assert_msg(n[f] == family[f].n, "%s: %ld queries", family[f].name, n[f]);
        ck_assert_msg(yes[f] == family[f].yes && fp[f] == family[f].fp && fn[f] == family[f].fn,
                      "%s: yes %ld FP %ld FN %ld", family[f].name, yes[f], fp[f], fn[f]);
    }
}
END_TEST

int main(void)
{
    return test_run_one("tight_ccd_data", test_counts, 600);
}
