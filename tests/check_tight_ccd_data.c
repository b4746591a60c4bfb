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
#include "shared_family.h"
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

START_TEST(test_counts)
{
    TEST_REQUIRE_SHARED_DATA(root);
    ccd_dataset ds;
    ccd_error err;
    const char *paths[1] = {root};
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    ccd_params p;
    ccd_params_default(&p);
    long n[FAMILIES] = {0}, yes[FAMILIES] = {0}, fp[FAMILIES] = {0}, fn[FAMILIES] = {0};
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
                ck_assert_msg(q->label == 0 || q->label == 1, "%s: query %llu has no label",
                              f->csv_path, (unsigned long long)q->index);
                ccd_result res;
                ccd_query_fn run = q->kind == CCD_VF ? ccd_method_tight_ccd.vertex_face
                                                     : ccd_method_tight_ccd.edge_edge;
                ck_assert_int_eq(run(&res, q, &p, NULL), CCD_OK);
                n[fam]++;
                yes[fam] += res.collides;
                fp[fam] += res.collides && !q->label;
                fn[fam] += !res.collides && q->label;
            }
        }
        ccd_batch_free(&b);
        ccd_reader_close(r);
    }
    ccd_dataset_free(&ds);
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
    Suite *s = suite_create("tight_ccd_data");
    TCase *t = tcase_create("tight_ccd_data");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, test_counts);
    suite_add_tcase(s, t);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
