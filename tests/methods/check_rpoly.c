/* SPDX-License-Identifier: MIT */
/*
 * The Jenkins–Traub solver (src/methods/rpoly.c) on polynomials with known zeros:
 * real, complex, mixed, at the origin, clustered, and a degenerate input; and the
 * backward error of every zero of a family of sextics like MSRF's.
 */
#include <config.h>

#include <check.h>
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "methods/rpoly.h"

/* Expand prod (z - r_i) into decreasing-power coefficients. */
static void from_real_zeros(double *coef, const double *r, int n)
{
    coef[0] = 1.0;
    for (int k = 0; k < n; k++) {
        coef[k + 1] = 0.0;
        for (int i = k + 1; i >= 1; i--)
            coef[i] -= r[k] * coef[i - 1];
    }
}

/* 1 when some zero (re[i], im[i]) is within tol of x + iy. */
static int has_zero(const double *re, const double *im, int n, double x, double y, double tol)
{
    for (int i = 0; i < n; i++)
        if (fabs(re[i] - x) <= tol && fabs(im[i] - y) <= tol)
            return 1;
    return 0;
}

START_TEST(test_distinct_real_zeros)
{
    for (int degree = 1; degree <= 6; degree++) {
        double r[6], coef[7], re[6], im[6];
        for (int i = 0; i < degree; i++)
            r[i] = 0.5 * (i + 1) * (i % 2 ? -1 : 1);
        from_real_zeros(coef, r, degree);
        ck_assert_int_eq(ccd_rpoly(re, im, coef, degree), degree);
        for (int i = 0; i < degree; i++) {
            ck_assert(has_zero(re, im, degree, r[i], 0.0, 1e-9));
        }
        for (int i = 0; i < degree; i++) /* real zeros come out exactly real */
            ck_assert(im[i] == 0.0);
    }
}
END_TEST

START_TEST(test_complex_pairs)
{
    double re[6], im[6];
    const double c2[3] = {1, 0, 1}; /* z^2 + 1 */
    ck_assert_int_eq(ccd_rpoly(re, im, c2, 2), 2);
    ck_assert(has_zero(re, im, 2, 0, 1, 1e-15) && has_zero(re, im, 2, 0, -1, 1e-15));
    /* (z^2 + z + 1)(z - 0.5)(z + 4) = z^4 + 4.5 z^3 + 2.5 z^2 + 1.5 z - 2 */
    const double c4[5] = {1, 4.5, 2.5, 1.5, -2};
    ck_assert_int_eq(ccd_rpoly(re, im, c4, 4), 4);
    double y = sqrt(3.0) / 2;
    ck_assert(has_zero(re, im, 4, 0.5, 0, 1e-12));
    ck_assert(has_zero(re, im, 4, -4, 0, 1e-12));
    ck_assert(has_zero(re, im, 4, -0.5, y, 1e-12));
    ck_assert(has_zero(re, im, 4, -0.5, -y, 1e-12));
    /* (z^2 + 4)(z^2 + 2z + 5)(z^2 - 2z + 10): three pairs, none real */
    const double c6[7] = {1, 0, 15, 10, 94, 40, 200};
    ck_assert_int_eq(ccd_rpoly(re, im, c6, 6), 6);
    ck_assert(has_zero(re, im, 6, 0, 2, 1e-9) && has_zero(re, im, 6, -1, -2, 1e-9));
    ck_assert(has_zero(re, im, 6, 1, 3, 1e-9) && has_zero(re, im, 6, 1, -3, 1e-9));
    for (int i = 0; i < 6; i++)
        ck_assert(im[i] != 0.0);
}
END_TEST

START_TEST(test_zeros_at_origin_and_degenerate)
{
    double re[6], im[6];
    const double c[4] = {1, 0, -1, 0}; /* z^3 - z */
    ck_assert_int_eq(ccd_rpoly(re, im, c, 3), 3);
    ck_assert(has_zero(re, im, 3, 0, 0, 0) && has_zero(re, im, 3, 1, 0, 1e-15) &&
              has_zero(re, im, 3, -1, 0, 1e-15));
    const double lead0[3] = {0, 1, 1};
    ck_assert_int_eq(ccd_rpoly(re, im, lead0, 2), -1);
    const double power[3] = {2, 0, 0}; /* 2 z^2: nothing left after the origin */
    ck_assert_int_eq(ccd_rpoly(re, im, power, 2), -1);
}
END_TEST

START_TEST(test_scaled_coefficients)
{
    /* tiny coefficients (as MSRF's sextics at small h): (z - 0.25)(z - 0.75)(z + 2)
     * times 1e-30, then times 1e30 */
    const double r[3] = {0.25, 0.75, -2};
    for (int e = -30; e <= 30; e += 60) {
        double coef[4], re[3], im[3];
        from_real_zeros(coef, r, 3);
        for (int i = 0; i < 4; i++)
            coef[i] *= pow(10.0, e);
        ck_assert_int_eq(ccd_rpoly(re, im, coef, 3), 3);
        for (int i = 0; i < 3; i++)
            ck_assert(has_zero(re, im, 3, r[i], 0, 1e-12));
    }
}
END_TEST

START_TEST(test_backward_error)
{
    /* Random sextics: every zero z found has a small backward error,
     * |p(z)| ≤ 1e4 ε Σ |c_i| |z|^i (deflation accumulates some error; a wrong zero
     * gives |p(z)| of the order of the sum). */
    srand(12345);
    for (int trial = 0; trial < 2000; trial++) {
        double coef[7], re[6], im[6];
        for (int i = 0; i < 7; i++)
            coef[i] = (double)rand() / RAND_MAX * 2 - 1;
        int n = ccd_rpoly(re, im, coef, 6);
        ck_assert_int_ge(n, 0);
        for (int k = 0; k < n; k++) {
            double complex z = re[k] + im[k] * I, v = 0;
            double scale = 0;
            for (int i = 0; i <= 6; i++) {
                v = v * z + coef[i];
                scale = scale * cabs(z) + fabs(coef[i]);
            }
            ck_assert_msg(cabs(v) <= 1e4 * DBL_EPSILON * scale, "trial %d zero %d: |p| %g, scale %g",
                          trial, k, cabs(v), scale);
        }
    }
}
END_TEST

static Suite *rpoly_suite(void)
{
    Suite *s = suite_create("rpoly");
    TCase *t = tcase_create("rpoly");
    tcase_add_test(t, test_distinct_real_zeros);
    tcase_add_test(t, test_complex_pairs);
    tcase_add_test(t, test_zeros_at_origin_and_degenerate);
    tcase_add_test(t, test_scaled_coefficients);
    tcase_add_test(t, test_backward_error);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(rpoly_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
