/* SPDX-License-Identifier: MIT */
/* Recognising rationals: the simplest rational of an interval, and whether an
 * algebraic number (a time of impact) is a rational of bounded denominator. */
#ifndef CCD_EXACT_RATIONAL_H
#define CCD_EXACT_RATIONAL_H
#include <gmp.h>

#include "exact/exact_ccd.h"

/* x = the rational of smallest denominator in [lo, hi], 0 ≤ lo ≤ hi. */
void ccd_simplest_rational(mpq_t x, const mpq_t lo, const mpq_t hi);

/* 1 and x = a when a is a rational of denominator ≤ 2^bits, proven exactly; else 0.
 * [lo, hi] is an isolating interval of a ≥ 0 (lo = hi when a is known rational).
 * Refines a (a mutable copy is fine) to width 2^(−2 bits). */
int ccd_algebraic_find_rational(mpq_t x, ccd_algebraic *a, const mpq_t lo, const mpq_t hi,
                                int bits);
#endif
