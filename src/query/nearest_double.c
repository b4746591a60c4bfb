/* SPDX-License-Identifier: MIT */
/* Correct rounding of rationals to doubles.
 *
 * A double is s · 2^(E-52) with an integer significand s < 2^53 and E >= -1022,
 * or a subnormal s · 2^-1074 with s < 2^52.  For a positive value x whose
 * leading bit has weight 2^top, the last representable bit therefore has weight
 * 2^low with low = max(top - 52, -1074).  Rounding x to the nearest double is
 * rounding x / 2^low to the nearest integer (ties to the even integer) — done
 * here with exact integer arithmetic only, so there is no double rounding, also
 * not in the subnormal range.  The resulting integer q <= 2^53 and the scaling
 * ldexp(q, low) are exact, except that values past DBL_MAX become infinity. */
#include <config.h>

#include "query/nearest_double.h"

#include <math.h>

void ccd_mpz_set_u128(mpz_t out, ccd_u128 m)
{
    uint64_t words[2] = {(uint64_t)m, (uint64_t)(m >> 64)};
    mpz_import(out, 2, -1, sizeof words[0], 0, 0, words);
}

double ccd_nearest_double_scaled(int negative, ccd_u128 m, int e, int *exact)
{
    int bits = ccd_u128_bits(m);
    long top = (long)bits - 1 + e;
    double sign = negative ? -1.0 : 1.0;
    if (top > 1023) {
        *exact = 0;
        return sign * INFINITY;
    }
    long low = top - 52 > -1074 ? top - 52 : -1074;
    long shift = low - e; /* bits of m below the last representable one */
    if (shift <= 0) {
        /* m < 2^53 here (shown by the case analysis on low), so (double)m is
         * exact and so is the power-of-two scaling: the value is a double. */
        *exact = 1;
        return sign * ldexp((double)(uint64_t)m, e);
    }
    uint64_t q;
    int up;
    if (shift > bits) {
        q = 0; /* x < 2^(low-1): below half the last unit */
        up = 0;
        *exact = 0;
    } else if (shift == bits) {
        q = 0; /* 2^(low-1) <= x < 2^low: a tie exactly at the half, else above */
        ccd_u128 half = (ccd_u128)1 << (bits - 1);
        up = m > half; /* tie rounds to the even q = 0 */
        *exact = 0;
    } else {
        ccd_u128 mask = ((ccd_u128)1 << shift) - 1;
        ccd_u128 rem = m & mask;
        ccd_u128 half = (ccd_u128)1 << (shift - 1);
        q = (uint64_t)(m >> shift);
        up = rem > half || (rem == half && (q & 1));
        *exact = rem == 0;
    }
    q += (uint64_t)up;
    return sign * ldexp((double)q, (int)low);
}

void ccd_rounding_scratch_init(ccd_rounding_scratch *s)
{
    mpz_inits(s->num, s->den, s->quot, s->rem, (mpz_ptr)0);
}

void ccd_rounding_scratch_clear(ccd_rounding_scratch *s)
{
    mpz_clears(s->num, s->den, s->quot, s->rem, (mpz_ptr)0);
}

/* quot, rem = floor(|n| · 2^-low / d), remainder */
static void scaled_divide(ccd_rounding_scratch *s, const mpq_t q, long low)
{
    mpz_abs(s->num, mpq_numref(q));
    mpz_set(s->den, mpq_denref(q));
    if (low < 0)
        mpz_mul_2exp(s->num, s->num, (mp_bitcnt_t)(-low));
    else
        mpz_mul_2exp(s->den, s->den, (mp_bitcnt_t)low);
    mpz_tdiv_qr(s->quot, s->rem, s->num, s->den);
}

double ccd_nearest_double_mpq(const mpq_t q, int *exact, ccd_rounding_scratch *s)
{
    int sgn = mpq_sgn(q);
    if (sgn == 0) {
        *exact = 1;
        return 0.0;
    }
    double sign = sgn < 0 ? -1.0 : 1.0;
    /* |n| in [2^(a-1), 2^a), d in [2^(b-1), 2^b): |x| in (2^(a-b-1), 2^(a-b+1)),
     * so the leading bit of |x| has weight 2^(a-b-1) or 2^(a-b). */
    long a = (long)mpz_sizeinbase(mpq_numref(q), 2);
    long b = (long)mpz_sizeinbase(mpq_denref(q), 2);
    if (a - b - 1 > 1023) {
        *exact = 0;
        return sign * INFINITY;
    }
    if (a - b + 1 < -1075) {
        /* |x| < 2^-1076 < 2^-1075 = half the smallest subnormal: rounds to 0 */
        *exact = 0;
        return sign * 0.0;
    }
    long top = a - b;
    long low = top - 52 > -1074 ? top - 52 : -1074;
    scaled_divide(s, q, low);
    if (low > -1074 && mpz_sizeinbase(s->quot, 2) < 53) {
        /* the leading bit was 2^(a-b-1): one more bit of precision is available */
        top -= 1;
        low = top - 52 > -1074 ? top - 52 : -1074;
        scaled_divide(s, q, low);
    }
    /* round quot + rem/den to the nearest integer, ties to even */
    *exact = mpz_sgn(s->rem) == 0;
    mpz_mul_2exp(s->rem, s->rem, 1);
    int cmp = mpz_cmp(s->rem, s->den);
    if (cmp > 0 || (cmp == 0 && mpz_odd_p(s->quot)))
        mpz_add_ui(s->quot, s->quot, 1);
    /* quot <= 2^53: mpz_get_d is exact, and so is the scaling (or it overflows) */
    return sign * ldexp(mpz_get_d(s->quot), (int)low);
}
