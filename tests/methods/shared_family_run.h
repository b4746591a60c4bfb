/* SPDX-License-Identifier: MIT */
/* What the data-driven tests of the baselines share: a walk over the queries of the
 * six families of the shared benchmark data (shared_family.h), FNV-1a fingerprints
 * of their answers, and a main that runs one test. */
#ifndef CCD_TESTS_SHARED_FAMILY_RUN_H
#define CCD_TESTS_SHARED_FAMILY_RUN_H
#include "ccdbench.h"
#include "shared_family.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>

/* Called with each query walked, its label (-1: none), the number of its family
 * (0 … 5) and its file. */
typedef void (*test_family_visit)(void *ctx, int family, const ccd_dataset_file *file,
                                  const ccd_query *q, int label);

/* Calls visit for every stride[family]-th query (counted in each file from query 0)
 * of the six families under root, files in dataset order; every query if stride is
 * NULL.  Files of no family are skipped. */
static inline void test_shared_family_each(const char *root, const size_t *stride,
                                           test_family_visit visit, void *ctx)
{
    ccd_dataset ds;
    ccd_error err;
    const char *paths[1] = {root};
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
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
        size_t k = 0;
        for (;;) {
            ck_assert_msg(ccd_reader_read(&b, &err, r) == CCD_OK, "%s", err.message);
            if (b.count == 0)
                break;
            for (size_t j = 0; j < b.count; j++, k++)
                if (!stride || k % stride[fam] == 0)
                    visit(ctx, fam, f, &b.queries[j], b.labels[j]);
        }
        ccd_batch_free(&b);
        ccd_reader_close(r);
    }
    ccd_dataset_free(&ds);
}

#define TEST_FNV1A_OFFSET UINT64_C(14695981039346656037)

/* One byte folded into an FNV-1a hash. */
static inline void test_fnv1a(uint64_t *h, unsigned byte)
{
    *h = (*h ^ (uint64_t)(byte & 0xffu)) * UINT64_C(1099511628211);
}

/* Runs the suite `name` of the one test t (timeout in seconds); the exit status of main. */
static inline int test_run_one(const char *name, const TTest *t, double timeout)
{
    Suite *s = suite_create(name);
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, timeout);
    tcase_add_test(tc, t);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif
