/* SPDX-License-Identifier: MIT */
/* Recognising rationals (see rational.h). */
#include <config.h>

#include "exact/rational.h"

#include "core/assert.h"

/* Stern–Brocot: an integer when [lo, hi] holds one, else floor(lo) + 1 / (the
 * simplest rational of the reciprocal interval). */
void ccd_simplest_rational(mpq_t x, const mpq_t lo, const mpq_t hi)
{
    CCD_ASSERT(mpq_sgn(lo) >= 0 && mpq_cmp(lo, hi) <= 0);
    mpz_t f;
    mpz_init(f);
    mpz_fdiv_q(f, mpq_numref(lo), mpq_denref(lo));
    mpq_set_z(x, f);
    if (mpq_cmp(x, lo) < 0) { /* lo is not an integer: try ceil(lo) */
        mpz_add_ui(f, f, 1);
        mpq_set_z(x, f);
        if (mpq_cmp(x, hi) > 0) { /* no integer in [lo, hi]: floor(lo) < lo ≤ hi < ceil(lo) */
            mpq_t a, b;
            mpq_inits(a, b, NULL);
            mpz_sub_ui(f, f, 1);
            mpq_set_z(b, f);
            mpq_sub(a, hi, b); /* 0 < lo − f ≤ hi − f < 1 */
            mpq_sub(b, lo, b);
            mpq_inv(a, a);
            mpq_inv(b, b);
            ccd_simplest_rational(x, a, b);
            mpq_inv(x, x);
            mpq_set_z(a, f);
            mpq_add(x, x, a);
            mpq_clears(a, b, NULL);
        }
    }
    mpz_clear(f);
}

/* On an isolating interval of width ≤ 2^(−2 bits), two distinct rationals of
 * denominators ≤ 2^bits cannot both lie inside (they differ by ≥ 1/(q q') ≥
 * 2^(−2 bits), bar the two ends), so the simplest rational there is a if any such
 * one is, and ccd_algebraic_cmp_q decides exactly whether it is. */
int ccd_algebraic_find_rational(mpq_t x, ccd_algebraic *a, const mpq_t lo, const mpq_t hi,
                                int bits)
{
    if (mpq_equal(lo, hi)) {
        mpq_set(x, lo);
        return 1;
    }
    mpq_t l, h;
    mpq_inits(l, h, NULL);
    ccd_algebraic_refine(a, 2 * bits);
    ccd_algebraic_bounds(l, h, a);
    ccd_simplest_rational(x, l, h);
    mpq_clears(l, h, NULL);
    return ccd_algebraic_cmp_q(a, x) == 0;
}
