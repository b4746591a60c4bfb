/* SPDX-License-Identifier: MIT */
/*
 * Outward-rounded interval arithmetic on doubles, for the interval root finders
 * (IRF, UIRF) of Wang et al. 2021 §4.2 (Snyder 1992 [34]).
 *
 * Rounding: every operation is computed in the default round-to-nearest mode and
 * its bounds are then moved one ulp outwards (next_down / next_up).  Under
 * round-to-nearest the rounded result r of a single +, - or × lies within half an
 * ulp of the exact value x, so pred(r) <= x <= succ(r): this holds across binade
 * boundaries, for subnormals, and on overflow (r = ±inf gives the bound
 * ±DBL_MAX on the inner side).  A NaN (inf - inf, 0 × inf) widens to the whole
 * line.  The proof needs each operation to be rounded on its own, so files using
 * this header are compiled with -ffp-contract=off (no fused multiply-add) and rely
 * on C11 FLT_EVAL_METHOD 0 (SSE2 or any IEEE double target; not x87).
 * No global state: the rounding mode is never changed.
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

static inline ccd_interval interval_add(ccd_interval a, ccd_interval b)
{
    ccd_interval r = {interval_next_down(a.lo + b.lo), interval_next_up(a.hi + b.hi)};
    return r;
}

static inline ccd_interval interval_sub(ccd_interval a, ccd_interval b)
{
    ccd_interval r = {interval_next_down(a.lo - b.hi), interval_next_up(a.hi - b.lo)};
    return r;
}

static inline ccd_interval interval_neg(ccd_interval a)
{
    ccd_interval r = {-a.hi, -a.lo};
    return r;
}

static inline ccd_interval interval_mul(ccd_interval a, ccd_interval b)
{
    double p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    double lo = p[0], hi = p[0];
    for (int i = 0; i < 4; i++) {
        if (isnan(p[i])) {
            ccd_interval all = {-INFINITY, INFINITY};
            return all;
        }
        lo = p[i] < lo ? p[i] : lo;
        hi = p[i] > hi ? p[i] : hi;
    }
    ccd_interval r = {interval_next_down(lo), interval_next_up(hi)};
    return r;
}

static inline int interval_contains_zero(ccd_interval a)
{
    return a.lo <= 0 && a.hi >= 0;
}

/* A linear function of time c0 + t (c1 - c0), its slope held as an interval. */
typedef struct ccd_interval_linear {
    ccd_interval c0, slope;
} ccd_interval_linear;

static inline ccd_interval_linear interval_linear(ccd_interval c0, ccd_interval c1)
{
    ccd_interval_linear l = {c0, interval_sub(c1, c0)};
    return l;
}

static inline ccd_interval interval_linear_at(const ccd_interval_linear *l, ccd_interval t)
{
    return interval_add(l->c0, interval_mul(t, l->slope));
}

#endif
