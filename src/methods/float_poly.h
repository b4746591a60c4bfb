/* SPDX-License-Identifier: MIT */
/*
 * Small floating-point polynomial helpers shared by the floating-point root
 * finders (FPRF, MSRF): Horner evaluation with its rounding-error bound, bisection
 * of a sign change, and tiny sorted root sets.
 */
#ifndef CCD_METHODS_FLOAT_POLY_H
#define CCD_METHODS_FLOAT_POLY_H
#include <float.h>
#include <math.h>

static inline double ccd_fpoly_eval(const double *c, int degree, double t)
{
    double v = c[degree];
    for (int i = degree - 1; i >= 0; i--)
        v = v * t + c[i];
    return v;
}

/* Bound on the rounding error of horner(): γ_{2n} Σ|c_i||t|^i (Higham, eq. 5.3). */
static inline double ccd_fpoly_eval_error(const double *c, int degree, double t)
{
    double a = fabs(t), v = fabs(c[degree]);
    for (int i = degree - 1; i >= 0; i--)
        v = v * a + fabs(c[i]);
    return 4.0 * (degree + 1) * DBL_EPSILON * v;
}

/* One root in [a, b] where p(a), p(b) have opposite signs: bisect until the
 * midpoint is no longer strictly between the ends. */
static inline double ccd_fpoly_bisect(const double *c, int degree, double a, double b, double fa)
{
    for (int i = 0; i < 2200; i++) {
        double m = a + (b - a) / 2;
        if (!(m > a && m < b))
            break;
        double fm = ccd_fpoly_eval(c, degree, m);
        if (fm == 0)
            return m;
        if ((fm < 0) == (fa < 0)) {
            a = m;
            fa = fm;
        } else {
            b = m;
        }
    }
    return a + (b - a) / 2;
}

static inline void ccd_fpoly_sort(double *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
            double s = v[j];
            v[j] = v[j - 1];
            v[j - 1] = s;
        }
}

static inline int ccd_fpoly_push_unique(double *roots, int n, int max, double t)
{
    for (int i = 0; i < n; i++)
        if (roots[i] == t)
            return n;
    if (n < max)
        roots[n++] = t;
    return n;
}

#endif
