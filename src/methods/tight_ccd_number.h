/* SPDX-License-Identifier: MIT */
/*
 * Doubles with a running bound on their rounding error, as TightCCD (Wang, Tang, Tong
 * and Manocha 2015, "TightCCD: Efficient and Robust Continuous Collision Detection
 * using Tight Error Bounds", §4) computes them: every value v carries e, a bound on
 * |v - x| where x is the value of the same expression in exact arithmetic on the
 * same input doubles (inputs have e = 0), and a sign is trusted only when |v| > e.
 *
 * Derivation, with u = 2^-53 the unit roundoff: fl(x) = x (1 + δ), |δ| ≤ u, so
 * |fl(x) - x| ≤ u/(1 - u) |fl(x)|.  For computed â, b̂ within e_a, e_b of a, b:
 *   a ± b:  |fl(â ± b̂) - (a ± b)| ≤ e_a + e_b + u/(1-u) |fl(â ± b̂)|;
 *   a · b:  â b̂ - a b = â (b̂ - b) + b̂ (â - a) - (â - a)(b̂ - b), so
 *           |fl(â b̂) - a b| ≤ e_a e_b + |â| e_b + |b̂| e_a + u/(1-u) |fl(â b̂)|.
 * The last term uses TCCD_ROUNDING = 2^-52 (1 + 2^-52) ≥ 2u/(1-u), the constant of the
 * original code: twice what the rounding of the value needs.  The bound's own
 * operations are rounded to nearest as well, so e can fall short of the exact bound by
 * a relative error of a few u of itself; the doubled rounding term covers that unless
 * |v| is far below e — where the sign is not trusted anyway.
 *
 * The operations are written out (no fused multiply-add: src/methods/tight_ccd.mk
 * compiles with -ffp-contract=off) in the original's order, which decides the
 * rounding of both v and e and so, near zero, the answers.
 */
#ifndef CCD_METHODS_TIGHT_CCD_NUMBER_H
#define CCD_METHODS_TIGHT_CCD_NUMBER_H

#include <math.h>

#define TCCD_ROUNDING 0x1.0000000000001p-52 /* 2^-52 + 2^-104: the next double after ε */

typedef struct tccd_num {
    double v; /* computed value                  */
    double e; /* bound on its distance from exact */
} tccd_num;

static inline tccd_num tccd_exact(double v) { return (tccd_num){v, 0.0}; }

static inline tccd_num tccd_add(tccd_num a, tccd_num b)
{
    double v = a.v + b.v;
    return (tccd_num){v, a.e + b.e + fabs(v) * TCCD_ROUNDING};
}

static inline tccd_num tccd_sub(tccd_num a, tccd_num b)
{
    double v = a.v - b.v;
    return (tccd_num){v, a.e + b.e + fabs(v) * TCCD_ROUNDING};
}

static inline tccd_num tccd_mul(tccd_num a, tccd_num b)
{
    double v = a.v * b.v;
    return (tccd_num){v, a.e * b.e + fabs(a.v) * b.e + fabs(b.v) * a.e + fabs(v) * TCCD_ROUNDING};
}

/* a · c for an exact constant c; c · a gives the same bits (the same terms are summed). */
static inline tccd_num tccd_scale(tccd_num a, double c) { return tccd_mul(a, tccd_exact(c)); }

static inline tccd_num tccd_neg(tccd_num a) { return (tccd_num){-a.v, a.e}; }

/* 1 or -1 when the sign of the exact value is certain, else 0 (also for NaN). */
static inline int tccd_sign(tccd_num a) { return a.v > a.e ? 1 : a.v < -a.e ? -1 : 0; }

#endif
