/* SPDX-License-Identifier: MIT */
/*
 * Additive CCD (src/methods/additive_ccd.c).
 *
 * Hand-made queries with known times of impact: head-on approaches (a vertex
 * onto a face, parallel edges), crossing edges, a vertex passing beside a face
 * (no contact at d = 0, a reported contact inside ξ + gap, a true contact at a
 * larger ξ), zero and rigid motion, already within ξ at t = 0, a query that never
 * collides, t_max, max_iterations and the option table.
 *
 * On the shared data (skipped when absent): false negatives against the files'
 * labels (the exact truth at d = 0) on every query, and against the exact
 * Euclidean separation truth at ξ = 1e-3 on every CCD_MS_STRIDE-th query (default
 * 16); at both, a reported toi is never after the exact one.
 */
#include <config.h>

#include "exact/exact_ccd.h"
#include "exact/exact_internal.h"
#include "hand_query.h"
#include "methods/builtin.h"
#include "test_query_set.h"
#include "test_support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ccd_result run_with(const ccd_query *q, double ms, double t_max,
                           const ccd_option_value *options)
{
    ccd_params p;
    ccd_params_default(&p);
    p.ms = ms;
    p.ms_norm = CCD_NORM_L2;
    p.t_max = t_max;
    p.options = options;
    ccd_result r;
    memset(&r, 0xff, sizeof r);
    ck_assert_int_eq(ccd_method_run(&r, &ccd_method_additive_ccd, q, &p, NULL), CCD_OK);
    ck_assert(r.collides == 0 || r.collides == 1);
    ck_assert(r.collides ? r.toi >= 0 && r.toi <= t_max : isinf(r.toi));
    ck_assert(r.toi_upper == r.toi);
    ck_assert_int_ge(r.checks, 1);
    return r;
}

static ccd_result run(const ccd_query *q, double ms, double t_max)
{
    return run_with(q, ms, t_max, NULL);
}

START_TEST(test_head_on_vertex_face)
{
    /* z = 1 - 2t meets the face at t = 0.5.  After mean removal l_p = 1.5 + 0.5 = 2,
     * the closing speed: the first step (t = 0.45) leaves exactly the gap 0.1, the
     * second goes below it, so the toi reported is 0.45. */
    ccd_query q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, -1});
    ccd_result r = run(&q, 0, 1);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.45, 1e-12);
    ck_assert_int_eq(r.hit_max_checks, 0);
    /* With ξ = 0.1 the contact is at t = 0.45; the first step ends at
     * 0.9 · 0.9 / 2 = 0.405. */
    r = run(&q, 0.1, 1);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.405, 1e-12);
    /* Only up to t = 0.3: no contact. */
    r = run(&q, 0, 0.3);
    ck_assert_int_eq(r.collides, 0);
}
END_TEST

START_TEST(test_parallel_edges)
{
    /* Edge b parallel to edge a, 1 above it, moving down through it: toi 0.5. */
    const test_point a[4] = {{-1, 0, 0}, {1, 0, 0}, {-0.5, 0, 1}, {0.5, 0, 1}};
    const test_point b[4] = {{-1, 0, 0}, {1, 0, 0}, {-0.5, 0, -1}, {0.5, 0, -1}};
    ccd_query q = test_query_from_points(CCD_EE, a, b);
    ccd_result r = run(&q, 0, 1);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.5 && r.toi >= 0.4);
    /* Shifted beside edge a along x (gap 0.5 between the segments): no contact. */
    const test_point c[4] = {{-1, 0, 0}, {1, 0, 0}, {1.5, 0, 1}, {2.5, 0, 1}};
    const test_point d[4] = {{-1, 0, 0}, {1, 0, 0}, {1.5, 0, -1}, {2.5, 0, -1}};
    q = test_query_from_points(CCD_EE, c, d);
    r = run(&q, 0, 1);
    ck_assert_int_eq(r.collides, 0);
}
END_TEST

START_TEST(test_crossing_edges)
{
    ccd_query q = ee(0, 1, -1); /* cross at t = 0.5 */
    ccd_result r = run(&q, 0, 1);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.5 && r.toi >= 0.4);
    /* Edge b beyond the end of edge a (x = 1.5): the segments never meet. */
    q = ee(1.5, 1, -1);
    r = run(&q, 0, 1);
    ck_assert_int_eq(r.collides, 0);
    /* …but come within 0.5: a contact at ξ = 0.6, when |(0.5, 0, z)| = 0.6. */
    r = run(&q, 0.6, 1);
    ck_assert_int_eq(r.collides, 1);
    const double exact = (1 - sqrt(0.36 - 0.25)) / 2;
    ck_assert(r.toi <= exact && r.toi > 0);
}
END_TEST

START_TEST(test_vertex_beside_face)
{
    /* The vertex passes (0.6, 0.6, 0), at 0.2/√2 ≈ 0.1414 from the edge x + y = 1;
     * d(0) = √1.02. */
    ccd_query q = vf((test_point){0.6, 0.6, 1}, (test_point){0.6, 0.6, -1});
    ccd_result r = run(&q, 0, 1);
    ck_assert_int_eq(r.collides, 0); /* gap 0.101 < 0.1414: no contact reported */
    /* ξ = 0.05: the gap 0.1 (√1.02 - 0.05) ≈ 0.096 exceeds 0.1414 - 0.05: a
     * contact is reported though the distance never reaches ξ (a false positive
     * by construction of the gap). */
    r = run(&q, 0.05, 1);
    ck_assert_int_eq(r.collides, 1);
    /* ξ = 0.15: a true contact when 0.02 + z² = 0.0225, z = 0.05, t = 0.475. */
    r = run(&q, 0.15, 1);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.475 && r.toi > 0.3);
}
END_TEST

START_TEST(test_zero_and_rigid_motion)
{
    ccd_query q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, 1});
    ccd_result r = run(&q, 0, 1);
    ck_assert_int_eq(r.collides, 0);
    ck_assert_int_eq(r.checks, 1);
    /* Everything translated by (3, -2, 5): l_p = 0 after removing the mean. */
    const test_point a[4] = {{0.25, 0.25, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const test_point b[4] = {{3.25, -1.75, 6}, {3, -2, 5}, {4, -2, 5}, {3, -1, 5}};
    q = test_query_from_points(CCD_VF, a, b);
    r = run(&q, 0.5, 1);
    ck_assert_int_eq(r.collides, 0);
    ck_assert_int_eq(r.checks, 1);
}
END_TEST

START_TEST(test_within_separation_at_start)
{
    /* 0.05 above the face, ξ = 0.1, moving away: a contact at t = 0. */
    ccd_query q = vf((test_point){0.25, 0.25, 0.05}, (test_point){0.25, 0.25, 1});
    ccd_result r = run(&q, 0.1, 1);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi == 0);
    /* Touching at t = 0 with ξ = 0. */
    q = vf((test_point){0.25, 0.25, 0}, (test_point){0.25, 0.25, 1});
    r = run(&q, 0, 1);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi == 0);
    /* The same edges at 0.05 apart, ξ = 0.1. */
    q = ee(0, 0.05, 0.05);
    r = run(&q, 0.1, 1);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi == 0);
}
END_TEST

START_TEST(test_never_collides)
{
    ccd_query q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, 2}); /* moving away */
    ccd_result r = run(&q, 0.1, 1);
    ck_assert_int_eq(r.collides, 0);
    ck_assert_int_eq(r.checks, 3); /* d = 1, 1.9: the second step passes t_max */
    q = ee(0, 1, 0.5); /* stops 0.5 above */
    r = run(&q, 0.4, 1);
    ck_assert_int_eq(r.collides, 0);
}
END_TEST

START_TEST(test_options)
{
    ccd_check_option_table(&ccd_method_additive_ccd);
    ck_assert_int_eq(ccd_option_find(&ccd_method_additive_ccd, "conservative_rescaling"), 0);
    ck_assert_int_eq(ccd_option_find(&ccd_method_additive_ccd, "max_iterations"), 1);
    ck_assert(ccd_method_additive_ccd.options[0].def.d == 0.9);
    ck_assert_int_eq(ccd_method_additive_ccd.options[1].def.i, 10000000);
    ccd_option_value v[2];
    ccd_options_default(v, &ccd_method_additive_ccd);

    /* One iteration: the crossing edges stop there, a collision flagged as cut short. */
    ccd_query q = ee(0, 1, -1);
    v[1].i = 1;
    ccd_result r = run_with(&q, 0, 1, v);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_int_eq(r.hit_max_checks, 1);
    ck_assert(r.toi <= 0.5);

    /* η = 0.5 takes smaller steps (more of them) and keeps a wider gap. */
    v[1].i = -1;
    v[0].d = 0.5;
    ccd_result half = run_with(&q, 0, 1, v);
    r = run(&q, 0, 1);
    ck_assert_int_eq(half.collides, 1);
    ck_assert(half.toi <= r.toi);

    /* Not a number in the input, and η outside (0, 1]: input errors. */
    ccd_params p;
    ccd_params_default(&p);
    q.v[5][1] = NAN;
    ck_assert_int_eq(ccd_method_run(&r, &ccd_method_additive_ccd, &q, &p, NULL), CCD_ERR_INPUT);
    q = ee(0, 1, -1);
    v[0].d = 1.5;
    p.options = v;
    ck_assert_int_eq(ccd_method_run(&r, &ccd_method_additive_ccd, &q, &p, NULL), CCD_ERR_INPUT);
}
END_TEST

/* ---------------------------------------------------------------- shared data */

static test_query_set all;

static size_t stride(void)
{
    const char *e = getenv("CCD_MS_STRIDE");
    long s = e ? strtol(e, NULL, 10) : 16;
    return s >= 1 ? (size_t)s : 16;
}

/* Runs additive-ccd at ms (Euclidean) on the loaded queries: at ms = 0 against the
 * labels on every query, exact toi on every stride-th; at ms > 0 the exact
 * truth on every stride-th only.  Prints each false negative and late toi. */
static void against_truth(double ms, long *n_out, long *fp_out, long *fn_out, long *late_out)
{
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *toi = ccd_algebraic_new();
    mpq_t d;
    mpq_init(d);
    mpq_set_d(d, ms);
    ccd_params p;
    ccd_params_default(&p);
    p.ms = ms;
    p.ms_norm = CCD_NORM_L2;
    long n = 0, fp = 0, fn = 0, late = 0;
    size_t k = 0, step = stride();
    TEST_QUERY_SET_FOR_EACH(q, &all)
    {
        const int exact_here = k++ % step == 0;
        if (ms > 0 && !exact_here)
            continue;
        const int label = TEST_QUERY_SET_LABEL(q, &all);
        int collides = label;
        if (exact_here)
            ck_assert_int_eq(ccd_exact_decide(&collides, toi, q, d, CCD_NORM_L2, ctx), CCD_OK);
        if (ms == 0)
            ck_assert_int_eq(collides, label); /* the labels are the exact truth */
        ccd_result r;
        ck_assert_int_eq(ccd_method_run(&r, &ccd_method_additive_ccd, q, &p, NULL), CCD_OK);
        n++;
        fp += r.collides && !collides;
        if (collides && !r.collides) {
            fn++;
            fprintf(stderr, "additive-ccd ms = %g: false negative, query %llu of a %s file\n", ms,
                    (unsigned long long)q->index, q->kind == CCD_VF ? "vertex-face" : "edge-edge");
        }
        if (exact_here && collides && r.collides && ccd_algebraic_cmp_d(toi, r.toi) < 0) {
            late++;
            fprintf(stderr, "additive-ccd ms = %g: toi %.17g after the exact one (query %llu)\n",
                    ms, r.toi, (unsigned long long)q->index);
        }
    }
    fprintf(stderr, "additive-ccd ms = %g (L2): n=%ld FP=%ld FN=%ld late=%ld\n", ms, n, fp, fn,
            late);
    mpq_clear(d);
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
    *n_out = n, *fp_out = fp, *fn_out = fn, *late_out = late;
}

START_TEST(test_against_exact_truth)
{
    TEST_REQUIRE_SHARED_DATA(root);
    (void)root;
    if (!all.batches)
        ck_assert(test_query_set_load(&all, 1));
    long n, fp, fn, late;
    against_truth(0, &n, &fp, &fn, &late);
    ck_assert_int_gt(n, test_full_tier() ? 20000 : 20000 / TEST_FAST_FACTOR);
    ck_assert_int_eq(fn, 0);
    ck_assert_int_eq(late, 0);
    ck_assert_int_gt(fp, 0); /* the gap: touching contacts of the hand-made scenes */
    against_truth(1e-3, &n, &fp, &fn, &late);
    ck_assert_int_gt(n, test_full_tier() ? 1000 : 1000 / TEST_FAST_FACTOR);
    ck_assert_int_eq(fn, 0);
    ck_assert_int_eq(late, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("additive-ccd");
    TCase *tc = tcase_create("hand-made");
    tcase_add_test(tc, test_head_on_vertex_face);
    tcase_add_test(tc, test_parallel_edges);
    tcase_add_test(tc, test_crossing_edges);
    tcase_add_test(tc, test_vertex_beside_face);
    tcase_add_test(tc, test_zero_and_rigid_motion);
    tcase_add_test(tc, test_within_separation_at_start);
    tcase_add_test(tc, test_never_collides);
    tcase_add_test(tc, test_options);
    suite_add_tcase(s, tc);
    TCase *data = tcase_create("shared-data");
    tcase_set_timeout(data, 600);
    tcase_add_test(data, test_against_exact_truth);
    suite_add_tcase(s, data);
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    test_query_set_free(&all);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
