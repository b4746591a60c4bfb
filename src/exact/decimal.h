/* SPDX-License-Identifier: MIT */
/*
 * Exact decimal output of rationals and of their square roots: the one decimal
 * printer of the exact layer (used by ccd_algebraic_to_string and `ccdbench
 * show`).  Rounding is to nearest with ties to even, decided exactly in integers.
 */
#ifndef CCD_EXACT_DECIMAL_H
#define CCD_EXACT_DECIMAL_H
#include <gmp.h>

/* y = |x|, or y = √|x| when root, written m · 10^(e − digits + 1) with
 * 10^(digits−1) ≤ m < 10^digits and m = y · 10^(digits − 1 − e) rounded to
 * nearest, ties to even; x ≠ 0, digits ≥ 1. */
void ccd_decimal_round(mpz_t m, long *e, const mpq_t x, int digits, int root);

/* "d.ddd…e±XX" (digits significant digits; "de±XX" for one) of ±m · 10^(e −
 * digits + 1) as ccd_decimal_round gives it; malloc'd, NULL when out of memory. */
char *ccd_decimal_format(int negative, const mpz_t m, long e, int digits);

/* x (or √|x| when root) to digits significant digits, correctly rounded, in the
 * form of ccd_decimal_format; 0 is "0.00…0e+00".  malloc'd, NULL when out of memory. */
char *ccd_decimal_string(const mpq_t x, int digits, int root);
#endif
