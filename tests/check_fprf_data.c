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
#include "shared_family.h"
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

START_TEST(test_answers)
{
    TEST_REQUIRE_SHARED_DATA(root);
    ccd_dataset ds;
    ccd_error err;
    const char *paths[1] = {root};
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    ccd_params p;
    ccd_params_default(&p);
    long n[FAMILIES] = {0}, yes[FAMILIES] = {0};
    uint64_t hash[FAMILIES];
    for (int f = 0; f < FAMILIES; f++)
        hash[f] = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < ds.count; i++) {
        const ccd_dataset_file *f = &ds.files[i];
        const int fam = test_shared_family(f);
        if (fam < 0)
            continue;
        ccd_reader *r;
        ck_assert_msg(ccd_reader_open(&r, &err, f->csv_path, f->labels_path, f->kind) == CCD_OK,
                      "%s", err.message);
        ccd_batch b;
        ck_assert_int_eq(ccd_batch_init(&b, 1024), CCD_OK);
        for (;;) {
            ck_assert_msg(ccd_reader_read(&b, &err, r) == CCD_OK, "%s", err.message);
            if (b.count == 0)
                break;
            for (size_t j = 0; j < b.count; j++) {
                const ccd_query *q = &b.queries[j];
                ccd_result res;
                ck_assert_int_eq(ccd_method_run(&res, &ccd_method_fprf, q, &p, NULL), CCD_OK);
                n[fam]++;
                yes[fam] += res.collides;
                hash[fam] = (hash[fam] ^ (uint64_t)('0' + res.collides)) * UINT64_C(1099511628211);
            }
        }
        ccd_batch_free(&b);
        ccd_reader_close(r);
    }
    ccd_dataset_free(&ds);
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
    Suite *s = suite_create("fprf_data");
    TCase *t = tcase_create("fprf_data");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, test_answers);
    suite_add_tcase(s, t);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
