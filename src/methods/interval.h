/* SPDX-License-Identifier: MIT */
/*
 * Interval arithmetic on doubles with the tightest outward rounding, for the
 * interval root finders (IRF, UIRF) of Wang et al. 2021, "A Large-scale Benchmark
 * and an Inclusion-based Algorithm for Continuous Collision Detection" §4.2
 * (Snyder 1992).  Their reference code uses Boost's interval library, which
 * switches the FPU to downward and upward rounding for each bound; these
 * functions give the same bounds without touching the rounding mode (no global
 * state), so that the root finders agree with the reference query by query
 * (docs/baselines.md, "irf", "uirf").
 *
 * Rounding: r = RN(x) is the round-to-nearest result of one +, - or ×, and its
 * exact error e = x - r is computed by an error-free transformation: TwoSum
 * (Knuth) for + and -, fma(a, b, -r) for × (exact when |a b| ≥ 2^-969, where no
 * bit of the product falls below the subnormal range).  Then
 *     RD(x) = e < 0 ? pred(r) : r,     RU(x) = e > 0 ? succ(r) : r,
 * since |e| ≤ ulp(r)/2 puts x between r and its neighbour on the side of e.
 * A product with a zero factor is an exact zero; any other product below 2^-969
 * is widened by one ulp both ways (still an enclosure; Boost would be tighter), an overflow to ±inf gives ±DBL_MAX on the inner
 * side, and a NaN (inf - inf, 0 × inf) widens to the whole line.  The proof needs
 * each operation to be rounded on its own, so files using this header are compiled
 * with -ffp-contract=off (no fused multiply-add but the explicit fma) and rely on
 * C11 FLT_EVAL_METHOD 0 (SSE2 or any IEEE double target; not x87).
 */
#ifndef CCD_METHODS_INTERVAL_H
#define CCD_METHODS_INTERVAL_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

typedef struct ccd_interval {
    double lo, hi;
} ccd_interval;

/* Smallest double > x (x finite), +inf for +inf, +inf for NaN (an upper bound). */
static inline double interval_next_up(double x)
{
    if (isnan(x))
        return INFINITY;
    if (x == INFINITY)
        return x;
    if (x == 0)
        return DBL_TRUE_MIN;
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits = x > 0 ? bits + 1 : bits - 1; /* -inf steps to -DBL_MAX */
    memcpy(&x, &bits, sizeof bits);
    return x;
}

/* Largest double < x (x finite), -inf for -inf, -inf for NaN (a lower bound). */
static inline double interval_next_down(double x)
{
    return isnan(x) ? -INFINITY : -interval_next_up(-x);
}

static inline ccd_interval interval_point(double x)
{
    ccd_interval r = {x, x};
    return r;
}

/* The interval of a coordinate that is either exact (inexact = 0) or the nearest
 * double of a rational (then the rational is within half an ulp). */
static inline ccd_interval interval_input(double x, int inexact)
{
    ccd_interval r = {x, x};
    if (inexact) {
        r.lo = interval_next_down(x);
        r.hi = interval_next_up(x);
    }
    return r;
}

/* The directed roundings of a + b: s = RN(a + b) and its exact error (TwoSum). */
static inline double interval_add_down(double a, double b)
{
    double s = a + b;
    if (!isfinite(s))
        return isnan(s) ? -INFINITY : s == INFINITY && isfinite(a) && isfinite(b) ? DBL_MAX : s;
    double bb = s - a;
    double e = (a - (s - bb)) + (b - bb);
    return e < 0 ? interval_next_down(s) : s;
}

static inline double interval_add_up(double a, double b)
{
    return -interval_add_down(-a, -b);
}

/* The directed roundings of a × b: p = RN(a b) and its error fma(a, b, -p). */
static inline double interval_mul_down(double a, double b)
{
    double p = a * b;
    if (!isfinite(p))
        return isnan(p) ? -INFINITY : p == INFINITY && isfinite(a) && isfinite(b) ? DBL_MAX : p;
    if (a == 0 || b == 0)
        return p; /* an exact zero */
    if (fabs(p) < 0x1p-969)
        return interval_next_down(p); /* the error may not be representable */
    return fma(a, b, -p) < 0 ? interval_next_down(p) : p;
}

static inline double interval_mul_up(double a, double b)
{
    return -interval_mul_down(-a, b);
}

static inline ccd_interval interval_add(ccd_interval a, ccd_interval b)
{
    ccd_interval r = {interval_add_down(a.lo, b.lo), interval_add_up(a.hi, b.hi)};
    return r;
}

static inline ccd_interval interval_sub(ccd_interval a, ccd_interval b)
{
    ccd_interval r = {interval_add_down(a.lo, -b.hi), interval_add_up(a.hi, -b.lo)};
    return r;
}

static inline ccd_interval interval_neg(ccd_interval a)
{
    ccd_interval r = {-a.hi, -a.lo};
    return r;
}

/* The hull of the four directed products: the tightest enclosure, as Boost's
 * case analysis on the signs of the bounds gives it. */
static inline ccd_interval interval_mul(ccd_interval a, ccd_interval b)
{
    const double x[4] = {a.lo, a.lo, a.hi, a.hi}, y[4] = {b.lo, b.hi, b.lo, b.hi};
    ccd_interval r = {INFINITY, -INFINITY};
    for (int i = 0; i < 4; i++) {
        double lo = interval_mul_down(x[i], y[i]), hi = interval_mul_up(x[i], y[i]);
        if (lo == -INFINITY && hi == INFINITY && isnan(x[i] * y[i])) {
            ccd_interval all = {-INFINITY, INFINITY};
            return all;
        }
        r.lo = lo < r.lo ? lo : r.lo;
        r.hi = hi > r.hi ? hi : r.hi;
    }
    return r;
}

/* One ulp looser, without an fma per product: each bound rounded to nearest and
 * moved one double outward.  |RN(x) − x| is at most half the spacing of the doubles
 * at RN(x) (subnormals included; at a power of two the spacing below is half), so
 * pred(RN(x)) ≤ x ≤ succ(RN(x)).  For finite bounds whose operations do not
 * overflow (the caller bounds its inputs: no bound is then infinite or NaN, and
 * the comparisons below need not mind NaN).  Tight Inclusion's crossing proof
 * (tight_inclusion_crossing.c) evaluates its polynomials with these. */
static inline ccd_interval interval_add_ulp(ccd_interval a, ccd_interval b)
{
    ccd_interval r = {interval_next_down(a.lo + b.lo), interval_next_up(a.hi + b.hi)};
    return r;
}

static inline ccd_interval interval_sub_ulp(ccd_interval a, ccd_interval b)
{
    ccd_interval r = {interval_next_down(a.lo - b.hi), interval_next_up(a.hi - b.lo)};
    return r;
}

static inline ccd_interval interval_mul_ulp(ccd_interval a, ccd_interval b)
{
    const double p0 = a.lo * b.lo, p1 = a.lo * b.hi, p2 = a.hi * b.lo, p3 = a.hi * b.hi;
    const double lo01 = p0 < p1 ? p0 : p1, lo23 = p2 < p3 ? p2 : p3;
    const double hi01 = p0 > p1 ? p0 : p1, hi23 = p2 > p3 ? p2 : p3;
    ccd_interval r = {interval_next_down(lo01 < lo23 ? lo01 : lo23),
                      interval_next_up(hi01 > hi23 ? hi01 : hi23)};
    return r;
}

/* The midpoint at which Boost bisects: (lo + hi) / 2 rounded to nearest. */
static inline double interval_median(ccd_interval a)
{
    return (a.lo + a.hi) / 2;
}

/* hi - lo rounded upward. */
static inline double interval_width(ccd_interval a)
{
    return interval_add_up(a.hi, -a.lo);
}

static inline int interval_contains_zero(ccd_interval a)
{
    return a.lo <= 0 && a.hi >= 0;
}

#endif
