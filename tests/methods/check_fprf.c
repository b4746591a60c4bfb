/* SPDX-License-Identifier: MIT */
/* Check suite of FPRF (Vouga et al.'s CTCD root finder, as benchmarked by Wang et
 * al. 2021): its answers on vertex-face and edge-edge cases against its tolerance
 * eta, its sign pieces of polynomials and its time intervals. */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdbench.h"
#include "methods/builtin.h"
#include "methods/fprf_internal.h"
#include "test_support.h"


static ccd_result fprf(ccd_kind kind, const double rows[8][3], double eta)
{
    ccd_query q = test_query_from_rows(kind, rows);
    ccd_params par;
    ccd_params_default(&par);
    ccd_option_value opt[1];
    ccd_options_default(opt, &ccd_method_fprf);
    opt[0].d = eta;
    par.options = opt;
    ccd_result r;
    ck_assert_int_eq(ccd_method_run(&r, &ccd_method_fprf, &q, &par, NULL), CCD_OK);
    return r;
}

#define T0 {0, 0, 0}, {1, 0, 0}, {0, 1, 0}

START_TEST(test_fprf_vertex_face)
{
    /* Falling through the triangle at (0.25, 0.25): toi 1/2 (a root of RPOLY). */
    const double hit[8][3] = {{0.25, 0.25, 1}, T0, {0.25, 0.25, -1}, T0};
    ccd_result r = fprf(CCD_VF, hit, 0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.5, 1e-9);
    /* Falling beside it. */
    const double miss[8][3] = {{0.75, 0.75, 1}, T0, {0.75, 0.75, -1}, T0};
    ck_assert_int_eq(fprf(CCD_VF, miss, 0).collides, 0);
    ck_assert_int_eq(fprf(CCD_VF, miss, 1e-6).collides, 0);
    /* Stopping 1e-7 above the triangle: a contact within eta = 1e-6 of the plane,
     * none within eta = 1e-9 or at the benchmark's eta = 0. */
    const double near[8][3] = {{0.25, 0.25, 1}, T0, {0.25, 0.25, 1e-7}, T0};
    ck_assert_int_eq(fprf(CCD_VF, near, 1e-6).collides, 1);
    ck_assert_int_eq(fprf(CCD_VF, near, 1e-9).collides, 0);
    ck_assert_int_eq(fprf(CCD_VF, near, 0).collides, 0);
}
END_TEST

#define A0 {-1, 0, 0}, {1, 0, 0}

START_TEST(test_fprf_edge_edge)
{
    /* B = {x = 1/2, y ∈ [-1, 1]} falling through A at t = 1/2. */
    const double hit[8][3] = {A0, {0.5, -1, 1}, {0.5, 1, 1}, A0, {0.5, -1, -1}, {0.5, 1, -1}};
    ccd_result r = fprf(CCD_EE, hit, 0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.5, 1e-9);
    const double miss[8][3] = {A0, {1.5, -1, 1}, {1.5, 1, 1}, A0, {1.5, -1, -1}, {1.5, 1, -1}};
    ck_assert_int_eq(fprf(CCD_EE, miss, 0).collides, 0);
    /* Parallel edges falling onto each other: the reference drops every piece of
     * time where |a × b| < 1e-8 (it does not handle parallel edges), so FPRF misses
     * this contact, as published (docs/baselines.md, "fprf"). */
    const double parallel[8][3] = {A0, {-1, 0, 1}, {1, 0, 1}, A0, {-1, 0, -1}, {1, 0, -1}};
    ck_assert_int_eq(fprf(CCD_EE, parallel, 0).collides, 0);
    ck_assert_int_eq(fprf(CCD_EE, parallel, 1e-6).collides, 0);
}
END_TEST

/* The sign pieces of a polynomial on [0, t_max] (fprf_intervals.c). */
START_TEST(test_fprf_sign_pieces)
{
    fprf_pieces out = {.n = 0};
    /* (t - 1/4)(t - 3/4) = t^2 - t + 3/16 is <= 0 on [1/4, 3/4] only. */
    double quad[3] = {1, -1, 3.0 / 16};
    ccd_fprf_sign_pieces(&out, quad, 2, 0, 1.0);
    ck_assert_int_eq(out.n, 1);
    ck_assert_double_eq(out.item[0].l, 0.25);
    ck_assert_double_eq(out.item[0].u, 0.75);
    /* and >= 0 on [0, 1/4] and [3/4, 1]; the coefficients were scaled in place */
    double quad2[3] = {4, -4, 0.75};
    out.n = 0;
    ccd_fprf_sign_pieces(&out, quad2, 2, 1, 1.0);
    ck_assert_int_eq(out.n, 2);
    ck_assert_double_eq(out.item[0].u, 0.25);
    ck_assert_double_eq(out.item[1].l, 0.75);
    ck_assert_double_eq(quad2[0], 1);
    /* A cubic through RPOLY: (t - 1/2)^3 = t^3 - 1.5 t^2 + 0.75 t - 0.125 is >= 0 on
     * [1/2, 1]; the real parts of the roots cut [0, 1] at 1/2 (up to rounding). */
    double cubic[4] = {1, -1.5, 0.75, -0.125};
    out.n = 0;
    ccd_fprf_sign_pieces(&out, cubic, 3, 1, 1.0);
    ck_assert_int_ge(out.n, 1);
    ck_assert_double_eq_tol(out.item[out.n - 1].l, 0.5, 1e-4);
    ck_assert_double_eq(out.item[out.n - 1].u, 1);
    /* A constant: the whole interval or nothing. */
    double zero[2] = {0, 0};
    out.n = 0;
    ccd_fprf_sign_pieces(&out, zero, 1, 0, 1.0);
    ck_assert_int_eq(out.n, 1);
    ck_assert_double_eq(out.item[0].l, 0);
    ck_assert_double_eq(out.item[0].u, 1);
    double one[2] = {0, 1};
    out.n = 0;
    ccd_fprf_sign_pieces(&out, one, 1, 0, 1.0);
    ck_assert_int_eq(out.n, 0);
}
END_TEST

START_TEST(test_fprf_time_intervals)
{
    fprf_interval a = ccd_fprf_interval(0.75, -0.5, 1.0); /* sorted, then clamped */
    ck_assert_double_eq(a.l, 0);
    ck_assert_double_eq(a.u, 0.75);
    fprf_interval iv[3] = {a, ccd_fprf_interval(0.5, 2, 1.0), ccd_fprf_interval(0.25, 0.6, 1.0)};
    ck_assert_int_eq(ccd_fprf_overlap(iv, 3), 1);
    fprf_interval x = ccd_fprf_intersect(iv, 3, 1.0);
    ck_assert_double_eq(x.l, 0.5);
    ck_assert_double_eq(x.u, 0.6);
    iv[2] = ccd_fprf_interval(0.8, 0.9, 1.0);
    ck_assert_int_eq(ccd_fprf_overlap(iv, 3), 0);
    /* The intervals are closed: two that share one end point overlap there (a
     * contact at exactly the time where one sign piece ends and another begins),
     * whichever comes first; any gap between them, however small, separates them. */
    for (int order = 0; order < 2; order++) {
        fprf_interval lo = ccd_fprf_interval(0.25, 0.5, 1.0), hi = ccd_fprf_interval(0.5, 1, 1.0);
        fprf_interval two[2] = {order ? hi : lo, order ? lo : hi};
        ck_assert_int_eq(ccd_fprf_overlap(two, 2), 1);
        x = ccd_fprf_intersect(two, 2, 1.0);
        ck_assert_double_eq(x.l, 0.5);
        ck_assert_double_eq(x.u, 0.5);
        hi.l = nextafter(0.5, 1.0);
        two[order ? 0 : 1] = hi;
        ck_assert_int_eq(ccd_fprf_overlap(two, 2), 0);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fprf");
    TCase *fprf = tcase_create("fprf");
    tcase_add_test(fprf, test_fprf_vertex_face);
    tcase_add_test(fprf, test_fprf_edge_edge);
    tcase_add_test(fprf, test_fprf_sign_pieces);
    tcase_add_test(fprf, test_fprf_time_intervals);
    suite_add_tcase(s, fprf);
    return s;
}

int main(void)
{
    return test_run_suite(suite());
}
