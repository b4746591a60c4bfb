/* SPDX-License-Identifier: MIT */
/* Real numbers written by Mathematica (a WXF tree, published/wxf.h), enclosed in
 * intervals of MPFR numbers: [lo, hi] holds the exact value, rounded outwards
 * at every step, so a comparison of enclosures that do not overlap is a proof.
 * Read: integers, Rational[p, q], Plus, Times, Power with an integer or
 * rational exponent (radicals of a base ≥ 0: Mathematica's principal root of a
 * negative number is complex) and Root[Function[poly], k] (Root[…, k, 0] too):
 * the k-th real root of poly, in increasing order.  Anything else (a symbol, a
 * complex number, a radical of a base whose enclosure holds negative numbers,
 * a division by an enclosure of 0) is an input error "where:offset: what",
 * offset that of the expression's token. */
#ifndef CCD_PUBLISHED_MMA_VALUE_H
#define CCD_PUBLISHED_MMA_VALUE_H
#include <stdio.h> /* before mpfr.h: mpfr_fprintf */

#include "published/wxf.h"

#include <mpfr.h>

/* [lo, hi] ∋ e; lo and hi have the same precision p, and for the expressions
 * of the roots files hi - lo is a few units of 2^-p times the value. */
ccd_status ccd_mma_enclose(mpfr_t lo, mpfr_t hi, ccd_error *err, const ccd_wxf *e,
                           const char *where);

/* The same for a Root object (mma_root.c): its polynomial, with rational
 * coefficients, made integer and square-free; its real roots isolated exactly
 * (Descartes' rule with bisection, the exact oracle's root finder) in
 * (-2^b, 2^b) ⊇ every root (Cauchy's bound); the k-th refined until its
 * isolating interval is narrower than 2^-p. */
ccd_status ccd_mma_root_enclose(mpfr_t lo, mpfr_t hi, ccd_error *err, const ccd_wxf *root,
                                const char *where);

#endif
