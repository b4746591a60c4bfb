/* SPDX-License-Identifier: MIT */
/* The nearest double (IEEE 754 binary64, ties to even, subnormals included) of
 * an exact rational, and whether it is equal to it. */
#ifndef CCD_QUERY_NEAREST_DOUBLE_H
#define CCD_QUERY_NEAREST_DOUBLE_H

#include <gmp.h>
#include <stdint.h>

__extension__ typedef unsigned __int128 ccd_u128;

/* Nearest double of (-1)^negative · m · 2^e (m > 0).  *exact is set to 1 when the
 * double equals the value.  Returns ±infinity when the value rounds beyond
 * DBL_MAX, and ±0 when it rounds below the smallest subnormal. */
double ccd_nearest_double_scaled(int negative, ccd_u128 m, int e, int *exact);

/* Scratch integers of ccd_nearest_double_mpq, kept by the caller to avoid
 * reallocating them for every number. */
typedef struct ccd_rounding_scratch {
    mpz_t num, den, quot, rem;
} ccd_rounding_scratch;
void ccd_rounding_scratch_init(ccd_rounding_scratch *s);
void ccd_rounding_scratch_clear(ccd_rounding_scratch *s);

/* Nearest double of the canonical rational q (exact mpz arithmetic throughout). */
double ccd_nearest_double_mpq(const mpq_t q, int *exact, ccd_rounding_scratch *s);

/* 2^-k for 0 <= k <= 1022, built from its bit pattern (a normal double). */
static inline double ccd_pow2_neg(int k)
{
    union {
        uint64_t bits;
        double value;
    } u = {.bits = (uint64_t)(1023 - k) << 52};
    return u.value;
}

/* Number of significant bits of m > 0. */
static inline int ccd_u128_bits(ccd_u128 m)
{
    uint64_t hi = (uint64_t)(m >> 64);
    return hi ? 128 - __builtin_clzll(hi) : 64 - __builtin_clzll((uint64_t)m);
}

/* Trailing zero bits of m > 0. */
static inline int ccd_u128_ctz(ccd_u128 m)
{
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

/* mpz from a 128-bit magnitude. */
void ccd_mpz_set_u128(mpz_t out, ccd_u128 m);

#endif
