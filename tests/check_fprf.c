/* SPDX-License-Identifier: MIT */
/* Check suite of FPRF (floating-point root finding after Provot, as in the
 * benchmark of Wang et al. 2021): its answers on vertex-face and edge-edge cases
 * against its tolerance eta. */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdbench.h"
#include "methods/builtin.h"
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
    /* Falling through the triangle at (0.25, 0.25): toi 1/2. */
    const double hit[8][3] = {{0.25, 0.25, 1}, T0, {0.25, 0.25, -1}, T0};
    ccd_result r = fprf(CCD_VF, hit, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.5, 1e-15);
    /* Falling beside it. */
    const double miss[8][3] = {{0.75, 0.75, 1}, T0, {0.75, 0.75, -1}, T0};
    ck_assert_int_eq(fprf(CCD_VF, miss, 1e-6).collides, 0);
    /* Stopping on the plane at t = 1 (a root at the end of the interval). */
    const double touch[8][3] = {{0.25, 0.25, 1}, T0, {0.25, 0.25, 0}, T0};
    r = fprf(CCD_VF, touch, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq(r.toi, 1);
    /* Coplanar motion: entering across the edge x = 0 at t = 4/5. */
    const double coplanar[8][3] = {{-1, 0.25, 0}, T0, {0.25, 0.25, 0}, T0};
    r = fprf(CCD_VF, coplanar, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.8, 1e-12);
    /* Stopping 1e-7 above the triangle: a contact within eta = 1e-6 (the root lies
     * just beyond t = 1, within eta of the interval), not within eta = 1e-9. */
    const double near[8][3] = {{0.25, 0.25, 1}, T0, {0.25, 0.25, 1e-7}, T0};
    ck_assert_int_eq(fprf(CCD_VF, near, 1e-6).collides, 1);
    ck_assert_int_eq(fprf(CCD_VF, near, 1e-9).collides, 0);
}
END_TEST

#define A0 {-1, 0, 0}, {1, 0, 0}

START_TEST(test_fprf_edge_edge)
{
    /* B = {x = s, y ∈ [-1, 1]} falling through A at t = 1/2. */
    const double hit[8][3] = {A0, {0.5, -1, 1}, {0.5, 1, 1}, A0, {0.5, -1, -1}, {0.5, 1, -1}};
    ccd_result r = fprf(CCD_EE, hit, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.5, 1e-15);
    const double miss[8][3] = {A0, {1.5, -1, 1}, {1.5, 1, 1}, A0, {1.5, -1, -1}, {1.5, 1, -1}};
    ck_assert_int_eq(fprf(CCD_EE, miss, 1e-6).collides, 0);
    /* Parallel edges falling onto each other: the cubic vanishes identically
     * (e1 × e2 = 0), the colinearity candidates find t = 1/2. */
    const double parallel[8][3] = {A0, {-1, 0, 1}, {1, 0, 1}, A0, {-1, 0, -1}, {1, 0, -1}};
    r = fprf(CCD_EE, parallel, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.5, 1e-12);
    /* Coplanar: B's lower end reaches A at t = 2/3. */
    const double coplanar[8][3] = {A0, {0, 1, 0}, {0, 2, 0}, A0, {0, -0.5, 0}, {0, 0.5, 0}};
    r = fprf(CCD_EE, coplanar, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 2.0 / 3, 1e-12);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fprf");
    TCase *fprf = tcase_create("fprf");
    tcase_add_test(fprf, test_fprf_vertex_face);
    tcase_add_test(fprf, test_fprf_edge_edge);
    suite_add_tcase(s, fprf);
    return s;
}

int main(void)
{
    return test_run_suite(suite());
}
