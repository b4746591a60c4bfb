/* SPDX-License-Identifier: MIT */
/*
 * 256-bit references for the long-range potential of Ye, Wu, Komura and Pan,
 * "Efficient Differentiable Contact Model with Long-Range Influence": the value
 * of the exact triangle term, of the centred form and of a hierarchy total
 * evaluated in MPFR, and first and second derivatives by central differences of
 * those values.
 *
 * The derivatives of the double routines (envelope theorem, implicit
 * functions, the blends' product rule, the pose chain rule) are checked against
 * these, which share none of that algebra: only the definition of the function.
 * With step h, central differences have truncation error O(h²) and rounding
 * error O(2^-prec / h²); at prec = 256 and h = 2^-40 both are below 1e-20
 * relative, so the reference is exact to far more digits than a double result.
 */
#ifndef CCD_CONTACT_POTENTIAL_REFERENCE_H
#define CCD_CONTACT_POTENTIAL_REFERENCE_H
#include "ccdbench/potential.h"

#include <math.h>

enum { CCD_POTENTIAL_REFERENCE_PREC = 256 };

/* How a result is compared with its reference: max_i |x_i − ref_i| over
 * max_i |ref_i| (relative to the largest entry, so that entries that cancel to
 * near 0 are not measured against themselves). */
static inline double ccd_reference_error(const double *x, const double *ref, int n)
{
    double err = 0, scale = 0;
    for (int i = 0; i < n; i++) {
        err = fmax(err, fabs(x[i] - ref[i]));
        scale = fmax(scale, fabs(ref[i]));
    }
    return err / fmax(scale, 1e-300);
}

/* The default step of the central differences: an exact power of two. */
#define CCD_POTENTIAL_REFERENCE_STEP 0x1p-40

/* Value, gradient (18: a's then b's vertices) and Hessian (18 × 18, row-major)
 * of the exact term of triangles a and b, by central differences of its MPFR
 * value.  grad and hess may be NULL.  Status as ccd_potential_triangles. */
ccd_potential_status ccd_potential_triangles_reference(double *value, double *grad, double *hess,
                                                       const double a[9], const double b[9],
                                                       double step);

/* {P_c, dP_c/dr, d²P_c/dr²} at r by central differences of its MPFR value. */
void ccd_potential_centred_reference(double out[3], double r, double step);

/* Value, gradient (12) and Hessian (144) of the hierarchy total with parameter
 * eps (as ccd_potential_bsh; eps = +∞ gives the brute-force sum) with respect to
 * the pose perturbation (δt_A, δω_A, δt_B, δω_B), by central differences of its
 * MPFR value.  grad and hess may be NULL.  Also counts nothing: the double
 * routine's counters are the ones to report. */
ccd_potential_status ccd_potential_bsh_reference(double *value, double *grad, double *hess,
                                                 const ccd_bsh *a, const ccd_pose *pose_a,
                                                 const ccd_bsh *b, const ccd_pose *pose_b,
                                                 double eps, double step);
#endif
