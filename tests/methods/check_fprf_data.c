/* SPDX-License-Identifier: MIT */
/*
 * FPRF (src/methods/fprf.c) over the shared benchmark data (../shared/data; the test
 * is skipped without it): every answer, pinned per family by the number of "yes"
 * and a hash of the answers in file order.  The pinned answers are those of the
 * original CTCD code at eta = 0 (the hashes were computed from the original
 * driver's output too), with which fprf agreed on every shared query
 * (docs/baselines.md, "fprf"); any change of an answer changes the hash.
 */
#include <config.h>

#include "methods/builtin.h"
#include "shared_family_run.h"
#include "test_support.h"

#include <check.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { FAMILIES = TEST_SHARED_FAMILIES };
static const struct {
    const char *name;
    long n, yes;
    uint64_t hash; /* FNV-1a of the answers ('0' or '1'), files in dataset order */
} family[FAMILIES] = {
    {"handcrafted VF", 2835, 213, UINT64_C(0xf6a722c0e4bc5096)},
    {"handcrafted EE", 3944, 124, UINT64_C(0x86778e3fdd209c3f)},
    {"armadillo-rollers VF", 4652, 2918, UINT64_C(0x5df0b8d17bb45039)},
    {"cloth-funnel VF", 92, 6, UINT64_C(0x103bfc28db7dd9fb)},
    {"cloth-funnel EE", 263, 55, UINT64_C(0x438abc47f8aabfba)},
    {"n-body-simulation VF", 9460, 6560, UINT64_C(0x5cc8014e043c58dd)},
};

typedef struct tally {
    ccd_params p;
    long n[FAMILIES], yes[FAMILIES];
    uint64_t hash[FAMILIES];
} tally;

static void count(void *ctx, int fam, const ccd_dataset_file *file, const ccd_query *q,
                  int label)
{
    (void)label;
    tally *t = ctx;
    (void)file;
    ccd_result res;
    ck_assert_int_eq(ccd_method_run(&res, &ccd_method_fprf, q, &t->p, NULL), CCD_OK);
    t->n[fam]++;
    t->yes[fam] += res.collides;
    test_fnv1a(&t->hash[fam], (unsigned)('0' + res.collides));
}

START_TEST(test_answers)
{
    TEST_REQUIRE_SHARED_DATA(root);
    tally t = {0};
    ccd_params_default(&t.p);
    for (int f = 0; f < FAMILIES; f++)
        t.hash[f] = TEST_FNV1A_OFFSET;
    test_shared_family_each(root, NULL, count, &t);
    const long *n = t.n, *yes = t.yes;
    const uint64_t *hash = t.hash;
    for (int f = 0; f < FAMILIES; f++)
        fprintf(stderr, "fprf %-22s n=%5ld yes=%5ld hash=0x%016" PRIx64 "\n", family[f].name,
                n[f], yes[f], hash[f]);
    for (int f = 0; f < FAMILIES; f++) {
        ck_assert_msg(n[f] == family[f].n, "%s: %ld queries", family[f].name, n[f]);
        ck_assert_msg(yes[f] == family[f].yes && hash[f] == family[f].hash,
                      "%s: %ld yes, hash 0x%016" PRIx64, family[f].name, yes[f], hash[f]);
    }
}
END_TEST

int main(void)
{
    return test_run_one("fprf_data", test_answers, 600);
}
