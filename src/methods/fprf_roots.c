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

#include "methods/fprf_internal.h"

#include <float.h>
#include <math.h>

static double horner(const double *c, int degree, double t)
{
    double v = c[degree];
    for (int i = degree - 1; i >= 0; i--)
        v = v * t + c[i];
    return v;
}

/* Bound on the rounding error of horner(): γ_{2n} Σ|c_i||t|^i (Higham, eq. 5.3). */
static double horner_error(const double *c, int degree, double t)
{
    double a = fabs(t), v = fabs(c[degree]);
    for (int i = degree - 1; i >= 0; i--)
        v = v * a + fabs(c[i]);
    return 4.0 * (degree + 1) * DBL_EPSILON * v;
}

/* One root in [a, b] where p(a), p(b) have opposite signs: bisect until the
 * midpoint is no longer strictly between the ends. */
static double bisect(const double *c, int degree, double a, double b, double fa)
{
    for (int i = 0; i < 2200; i++) {
        double m = a + (b - a) / 2;
        if (!(m > a && m < b))
            break;
        double fm = horner(c, degree, m);
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

static void sort_small(double *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
            double s = v[j];
            v[j] = v[j - 1];
            v[j - 1] = s;
        }
}

static int push_unique(double *roots, int n, int max, double t)
{
    for (int i = 0; i < n; i++)
        if (roots[i] == t)
            return n;
    if (n < max)
        roots[n++] = t;
    return n;
}

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
            kept = push_unique(roots, kept, 2, r[i]);
    sort_small(roots, kept);
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
    sort_small(breaks, nb);

    int n = 0;
    for (int i = 0; i < nb; i++) {
        double f = horner(c, degree, breaks[i]);
        int interior = i > 0 && i < nb - 1;
        if (f == 0 || (interior && fabs(f) <= horner_error(c, degree, breaks[i])))
            n = push_unique(roots, n, 5, breaks[i]);
    }
    for (int i = 0; i + 1 < nb; i++) {
        double a = breaks[i], b = breaks[i + 1];
        double fa = horner(c, degree, a), fb = horner(c, degree, b);
        if (fa != 0 && fb != 0 && (fa < 0) != (fb < 0))
            n = push_unique(roots, n, 5, bisect(c, degree, a, b, fa));
    }
    sort_small(roots, n);
    return n;
}
