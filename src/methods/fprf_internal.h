/* SPDX-License-Identifier: MIT */
/*
 * Pieces of the floating-point root finder (FPRF, src/methods/fprf.c): root
 * finding of low-degree polynomials on an interval, in plain doubles (the
 * distances between primitives are in primitive_distance.h).  Nothing here is exact: FPRF is the
 * non-conservative baseline of Wang et al. 2021 §4.2.
 */
#ifndef CCD_METHODS_FPRF_INTERNAL_H
#define CCD_METHODS_FPRF_INTERNAL_H

/* Real roots of c[0] + c[1] t + c[2] t^2 + c[3] t^3 in [lo, hi], ascending, at most
 * 5 (3 roots + 2 near-tangencies).  A root is found by bisection wherever the
 * polynomial changes sign between consecutive critical points; a critical point
 * where |p| is below the rounding-error bound of its evaluation is reported too
 * (a double root the rounding may have pushed off the axis).  Returns the count. */
int ccd_fprf_cubic_roots(double roots[5], const double c[4], double lo, double hi);

/* Real roots of c[0] + c[1] t + c[2] t^2 in [lo, hi], ascending (≤ 2). */
int ccd_fprf_quadratic_roots(double roots[2], const double c[3], double lo, double hi);

#endif
