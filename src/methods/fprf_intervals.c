/* SPDX-License-Identifier: MIT */
/*
 * Sign intervals of a polynomial on [0, t_max] for FPRF, as computed by Vouga et
 * al.'s CTCD code (the FPRF of Wang et al. 2021, "A Large-scale Benchmark and an
 * Inclusion-based Algorithm for Continuous Collision Detection", §4.2):
 *
 *   1. divide the coefficients by the largest magnitude and drop leading zeros;
 *   2. find the roots: degree ≥ 3 by RPOLY (rpoly.c), keeping the real part of
 *      every zero, complex ones included (their real parts only cut [0, t_max]
 *      into more pieces); degree 2 by the cancellation-free quadratic formula
 *      (no root when the discriminant is negative); degree 1 by -c0/c1; a
 *      constant has the sign of its value on the whole of [0, t_max];
 *   3. between consecutive sorted roots (and from 0 to the first, from the last
 *      to t_max), clamp the piece to [0, t_max] and keep it when the polynomial,
 *      evaluated by Horner's rule at the midpoint, has the sign asked for
 *      (0 counts for both signs).
 *
 * The order of every floating-point operation is the reference's, so the pieces
 * are the same doubles (docs/baselines.md, "fprf").  Nothing is exact: a root that
 * rounding moves changes the pieces, which is why FPRF has false negatives and
 * false positives (Wang et al. 2021, Table 1).  std::max / std::min of the C++
 * reference are written out as comparisons, so NaNs propagate the same way.
 */
#include <config.h>

#include "methods/fprf_internal.h"
#include "methods/rpoly.h"

#include "core/assert.h"

#include <math.h>

/* std::max(a, b) and std::min(a, b): b only when it compares greater (smaller). */
static double max_of(double a, double b)
{
    return a < b ? b : a;
}

static double min_of(double a, double b)
{
    return b < a ? b : a;
}

fprf_interval ccd_fprf_interval(double a, double b, double t_max)
{
    fprf_interval iv = {a, b};
    if (iv.l > iv.u) {
        iv.l = b;
        iv.u = a;
    }
    iv.l = max_of(iv.l, 0.0);
    iv.u = min_of(iv.u, t_max);
    return iv;
}

int ccd_fprf_overlap(const fprf_interval *iv, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (iv[i].l > iv[j].u || iv[j].l > iv[i].u)
                return 0;
    return 1;
}

fprf_interval ccd_fprf_intersect(const fprf_interval *iv, int n, double t_max)
{
    fprf_interval isect = ccd_fprf_interval(0.0, t_max, t_max);
    for (int i = 0; i < n; i++) {
        isect.l = max_of(iv[i].l, isect.l);
        isect.u = min_of(iv[i].u, isect.u);
    }
    return isect;
}

/* Roots of a t^2 + b t + c in ascending order; 0 when the discriminant is < 0.
 * q = -(b + sign(b) √D) / 2 avoids cancellation; the roots are q/a and c/q. */
static int quadratic_roots(double t[2], double a, double b, double c)
{
    double sign = b < 0 ? -1.0 : 1.0;
    double d = b * b - 4 * a * c;
    if (!(d >= 0))
        return 0;
    double q = -0.5 * (b + sign * sqrt(d));
    t[0] = q / a;
    t[1] = c / q;
    if (t[0] > t[1]) {
        double s = t[0];
        t[0] = t[1];
        t[1] = s;
    }
    return 2;
}

/* Whether the polynomial could take the sign asked for: the value at t = 1 when
 * only the coefficients of that sign (and the constant term) are kept.  This is a
 * heuristic of the reference, not a bound on [0, 1]; it decides which degree ≥ 3
 * polynomials reach the root finder, so it is kept as is. */
static int could_have_sign(const double *op, int degree, int positive)
{
    double result = 0;
    if ((positive && op[0] > 0) || (!positive && op[0] < 0))
        result = op[0];
    for (int i = 1; i < degree; i++)
        if ((positive && op[i] > 0) || (!positive && op[i] < 0))
            result += op[i];
    result += op[degree];
    return !((positive && result < 0) || (!positive && result > 0));
}

/* Keeps [t1, t2] (clamped to [0, t_max]) when the sign at its midpoint is right. */
static void check_piece(fprf_pieces *out, double t1, double t2, const double *op, int degree,
                        int positive, double t_max)
{
    t1 = max_of(0.0, t1);
    t2 = max_of(0.0, t2);
    t1 = min_of(t_max, t1);
    t2 = min_of(t_max, t2);
    double mid = (t2 + t1) / 2;
    double f = op[0];
    for (int i = 1; i <= degree; i++) {
        f *= mid;
        f += op[i];
    }
    if ((positive && f >= 0) || (!positive && f <= 0)) {
        CCD_ASSERT(out->n < FPRF_MAX_PIECES);
        out->item[out->n++] = ccd_fprf_interval(t1, t2, t_max);
    }
}

/* Insertion sort; the roots are never NaN when they come from finite input. */
static void sort_roots(double *t, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && t[j] < t[j - 1]; j--) {
            double s = t[j];
            t[j] = t[j - 1];
            t[j - 1] = s;
        }
}

void ccd_fprf_sign_pieces(fprf_pieces *out, double *op, int degree, int positive, double t_max)
{
    CCD_ASSERT(degree >= 1 && degree <= FPRF_MAX_DEGREE);
    double largest = 0;
    for (int i = 0; i <= degree; i++)
        largest = max_of(largest, fabs(op[i]));
    if (largest != 0)
        for (int i = 0; i <= degree; i++)
            op[i] /= largest;

    int reduced = degree;
    for (int i = 0; i < degree && op[i] == 0; i++)
        reduced--;
    if (reduced < degree)
        for (int i = 0; i <= reduced; i++)
            op[i] = op[i + degree - reduced];

    double t[FPRF_MAX_DEGREE], imaginary[FPRF_MAX_DEGREE];
    int roots;
    if (reduced > 2) {
        if (!could_have_sign(op, reduced, positive))
            return;
        roots = ccd_rpoly(t, imaginary, op, reduced); /* real parts, -1 on failure */
    } else if (reduced == 2) {
        roots = quadratic_roots(t, op[0], op[1], op[2]);
    } else if (reduced == 1) {
        t[0] = -op[1] / op[0];
        roots = 1;
    } else {
        /* a constant (both primitives at rest relative to each other) */
        if ((!positive && op[0] <= 0) || (positive && op[0] >= 0)) {
            CCD_ASSERT(out->n < FPRF_MAX_PIECES);
            out->item[out->n++] = ccd_fprf_interval(0, t_max, t_max);
        }
        return;
    }

    if (roots <= 0) {
        check_piece(out, 0.0, t_max, op, reduced, positive, t_max);
        return;
    }
    sort_roots(t, roots);
    if (t[0] >= 0)
        check_piece(out, 0, t[0], op, reduced, positive, t_max);
    for (int i = 0; i < roots - 1; i++)
        if (!((t[i] < 0 && t[i + 1] < 0) || (t[i] > t_max && t[i + 1] > t_max)))
            check_piece(out, t[i], t[i + 1], op, reduced, positive, t_max);
    if (t[roots - 1] <= t_max)
        check_piece(out, t[roots - 1], t_max, op, reduced, positive, t_max);
}
