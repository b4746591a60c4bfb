/* SPDX-License-Identifier: MIT */
/*
 * Decimal digits eight at a time, in one 64-bit word (SWAR), beside their
 * scalar twin: what the reader's integer scan (reader.c, parse_int) spends
 * its time on.  The shared data's coordinates are 16-digit numerators over
 * denominators of 16 to 33 digits (powers of two), so a byte-at-a-time loop
 * ran 16 to 33 dependent multiply-adds a number, and in 128 bits past the
 * 19th digit.
 *
 * The word holds the eight characters p[0 .. 8) in memory order, p[0] in its
 * lowest byte (a little-endian load; on a big-endian machine only the scalar
 * loop is used).  Both functions are exact integer arithmetic: no rounding.
 *
 * Whether all eight are digits.  A byte b is one of '0' .. '9' (0x30 .. 0x39)
 * exactly when its high nibble is 3 and that of b + 6 is still 3 (0x39 + 6 =
 * 0x3F, 0x3A + 6 = 0x40).  x + 0x0606...06 adds 6 to every byte; a byte
 * carries into the next only when it is 0xFA or more, and such a byte fails
 * its own test (high nibble F), so the whole test fails with it whatever the
 * carry did to its neighbour.
 *
 * The value of eight digits d0 d1 ... d7 (d0 first, the most significant).
 * After subtracting '0' from every byte, byte i holds d_i (0 .. 9).  Then
 * three steps, each joining neighbouring lanes, lane k holding the number
 * written by its digits:
 *   x * 10 + (x >> 8):     byte 2i     = 10 d_2i + d_2i+1 (≤ 99, no carry:
 *                          9 * 10 + 9 < 256); the odd bytes are masked off;
 *   x * 100 + (x >> 16):   16-bit lane 2i = 100 (pair) + (pair) ≤ 9999
 *                          (< 65536, no carry); the odd lanes masked off;
 *   x * 10000 + (x >> 32): the low 32 bits = 10^4 (first four) + (last four)
 *                          ≤ 99,999,999 < 2^32, which the high lane's product
 *                          (bits 32 and up) cannot reach.
 */
#ifndef CCD_QUERY_DECIMAL_DIGITS_H
#define CCD_QUERY_DECIMAL_DIGITS_H
#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CCD_DIGITS_SWAR 1
#else
#define CCD_DIGITS_SWAR 0
#endif

/* The scalar twin: the value of the n digits at p (all digits, n ≤ 19). */
static inline uint64_t ccd_digits_value_scalar(const char *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = v * 10 + (uint64_t)(p[i] - '0');
    return v;
}

/* The eight characters at p (all readable) as one word, p[0] lowest. */
static inline uint64_t ccd_digits_load8(const char *p)
{
    uint64_t x;
    memcpy(&x, p, sizeof x);
    return x;
}

/* Whether the eight characters of x are all decimal digits. */
static inline int ccd_digits_all8(uint64_t x)
{
    const uint64_t high = 0xF0F0F0F0F0F0F0F0u;
    return ((x & high) | (((x + 0x0606060606060606u) & high) >> 4)) == 0x3333333333333333u;
}

/* The value of the eight digits of x (ccd_digits_all8(x)): 0 .. 99,999,999. */
static inline uint32_t ccd_digits_value8(uint64_t x)
{
    x -= 0x3030303030303030u;
    x = (x * 10 + (x >> 8)) & 0x00FF00FF00FF00FFu;
    x = (x * 100 + (x >> 16)) & 0x0000FFFF0000FFFFu;
    return (uint32_t)(x * 10000 + (x >> 32));
}

#endif
