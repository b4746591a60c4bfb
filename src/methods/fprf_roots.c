/* SPDX-License-Identifier: MIT */
/*
 * Roots of the coplanarity cubic of FPRF on an interval, in doubles.
 *
 * The interval is cut at the critical points (roots of p'), so the polynomial is
 * monotone on every piece; a piece whose ends have opposite signs holds exactly one
 * root, which bisection brackets to the last representable double.  This is robust
 * (no Newton step can escape the interval) but, like every floating-point root
 * finder, it can miss a root that rounding hides: FPRF is not conservative.
 */
#include <config.h>

#include "methods/float_poly.h"
#include "methods/fprf_internal.h"

#include <float.h>
#include <math.h>

int ccd_fprf_quadratic_roots(double roots[2], const double c[3], double lo, double hi)
{
    double r[2];
    int n = 0;
    if (c[2] == 0) {
        if (c[1] != 0)
            r[n++] = -c[0] / c[1];
    } else {
        double disc = c[1] * c[1] - 4 * c[2] * c[0];
        if (disc >= 0) {
            /* q = -(b + sign(b)√D)/2; roots q/a and c/q avoid cancellation. */
            double q = -0.5 * (c[1] + copysign(sqrt(disc), c[1]));
            r[n++] = q / c[2];
            if (q != 0)
                r[n++] = c[0] / q;
        }
    }
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (r[i] >= lo && r[i] <= hi)
            kept = ccd_fpoly_push_unique(roots, kept, 2, r[i]);
    ccd_fpoly_sort(roots, kept);
    return kept;
}

int ccd_fprf_cubic_roots(double roots[5], const double c[4], double lo, double hi)
{
    int degree = 3;
    while (degree > 0 && c[degree] == 0)
        degree--;
    if (degree == 0)
        return 0; /* constant: no isolated root (the caller handles p ≡ 0) */

    /* Critical points: roots of p'(t) = c1 + 2 c2 t + 3 c3 t^2, plus the inflection
     * point when p' has no real root (a tangency rounding pushed off). */
    double breaks[6];
    int nb = 0;
    breaks[nb++] = lo;
    if (degree >= 2) {
        double d[3] = {c[1], 2 * c[2], 3 * c[3]};
        double crit[2];
        int nc = ccd_fprf_quadratic_roots(crit, d, lo, hi);
        for (int i = 0; i < nc; i++)
            if (crit[i] > lo && crit[i] < hi)
                breaks[nb++] = crit[i];
        if (nc == 0 && degree == 3) {
            double inflection = -c[2] / (3 * c[3]);
            if (inflection > lo && inflection < hi)
                breaks[nb++] = inflection;
        }
    }
    breaks[nb++] = hi;
    ccd_fpoly_sort(breaks, nb);

    int n = 0;
    for (int i = 0; i < nb; i++) {
        double f = ccd_fpoly_eval(c, degree, breaks[i]);
        int interior = i > 0 && i < nb - 1;
        if (f == 0 || (interior && fabs(f) <= ccd_fpoly_eval_error(c, degree, breaks[i])))
            n = ccd_fpoly_push_unique(roots, n, 5, breaks[i]);
    }
    for (int i = 0; i + 1 < nb; i++) {
        double a = breaks[i], b = breaks[i + 1];
        double fa = ccd_fpoly_eval(c, degree, a), fb = ccd_fpoly_eval(c, degree, b);
        if (fa != 0 && fb != 0 && (fa < 0) != (fb < 0))
            n = ccd_fpoly_push_unique(roots, n, 5, ccd_fpoly_bisect(c, degree, a, b, fa));
    }
    ccd_fpoly_sort(roots, n);
    return n;
}
