/* SPDX-License-Identifier: MIT */
/* Exact decimal output (see decimal.h). */
#include <config.h>

#include "exact/decimal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/assert.h"

/* m = y · 10^k rounded to nearest, ties to even, y = |x| or √|x|. */
static void round_scaled(mpz_t m, const mpq_t x, long k, int root)
{
    mpz_t num, den, p;
    mpz_inits(num, den, p, NULL);
    mpz_abs(num, mpq_numref(x));
    mpz_set(den, mpq_denref(x));
    long shift = root ? 2 * k : k; /* √x · 10^k = √(x · 10^(2k)) */
    mpz_ui_pow_ui(p, 10, (unsigned long)labs(shift));
    if (shift >= 0)
        mpz_mul(num, num, p);
    else
        mpz_mul(den, den, p);
    int up;
    if (!root) { /* round num/den: compare twice the remainder with den */
        mpz_fdiv_qr(m, p, num, den);
        mpz_mul_2exp(p, p, 1);
        up = mpz_cmp(p, den);
    } else {
        /* m = floor(√z) = floor(√floor(z)); up when √z ≥ m + 1/2, i.e. 4z ≥ (2m + 1)²
         * (a tie when z = (m + 1/2)², e.g. √(9/4)) */
        mpz_fdiv_q(p, num, den);
        mpz_sqrt(m, p);
        mpz_mul_2exp(p, m, 1);
        mpz_add_ui(p, p, 1);
        mpz_mul(p, p, p);
        mpz_mul(p, p, den);
        mpz_mul_2exp(num, num, 2);
        up = mpz_cmp(num, p);
    }
    if (up > 0 || (up == 0 && mpz_odd_p(m)))
        mpz_add_ui(m, m, 1);
    mpz_clears(num, den, p, NULL);
}

/* The sign of y − 10^ex, y = |x| or √|x| (then of |x| − 10^(2 ex)), exactly. */
static int cmp_pow10(const mpq_t x, long ex, int root)
{
    long k = root ? 2 * ex : ex;
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_ui_pow_ui(b, 10, (unsigned long)labs(k));
    mpz_abs(a, mpq_numref(x));
    if (k >= 0)
        mpz_mul(b, b, mpq_denref(x)); /* |num| vs den 10^k */
    else
        mpz_mul(a, a, b), mpz_set(b, mpq_denref(x)); /* |num| 10^-k vs den */
    int c = mpz_cmp(a, b);
    mpz_clears(a, b, NULL);
    return c;
}

void ccd_decimal_round(mpz_t m, long *e, const mpq_t x, int digits, int root)
{
    CCD_ASSERT(mpq_sgn(x) != 0 && digits >= 1);
    /* ex = floor(log10 y) exactly, from a first guess: |x| is within a factor 2
     * of 2^bits */
    long bits = (long)mpz_sizeinbase(mpq_numref(x), 2) - (long)mpz_sizeinbase(mpq_denref(x), 2);
    long ex = (long)floor((double)(root ? bits / 2 : bits) * 0.30102999566398120);
    while (cmp_pow10(x, ex, root) < 0)
        ex--;
    while (cmp_pow10(x, ex + 1, root) >= 0)
        ex++;
    /* m = y 10^(digits − 1 − ex) rounded: 10^(digits−1) ≤ m ≤ 10^digits, and m =
     * 10^digits (y rounds up to the next power of ten) is 10^(digits−1) of ex + 1 */
    round_scaled(m, x, digits - 1 - ex, root);
    mpz_t top;
    mpz_init(top);
    mpz_ui_pow_ui(top, 10, (unsigned long)digits);
    if (mpz_cmp(m, top) == 0) {
        mpz_divexact_ui(m, m, 10);
        ex++;
    }
    CCD_ASSERT(mpz_cmp(m, top) < 0);
    mpz_clear(top);
    *e = ex;
}

char *ccd_decimal_format(int negative, const mpz_t m, long e, int digits)
{
    char *ds = mpz_get_str(NULL, 10, m);
    if (!ds)
        return NULL;
    size_t len = strlen(ds) + 32;
    char *out = malloc(len);
    if (out) {
        if (digits > 1)
            snprintf(out, len, "%s%c.%se%c%02ld", negative ? "-" : "", ds[0], ds + 1,
                     e < 0 ? '-' : '+', e < 0 ? -e : e);
        else
            snprintf(out, len, "%s%ce%c%02ld", negative ? "-" : "", ds[0], e < 0 ? '-' : '+',
                     e < 0 ? -e : e);
    }
    void (*freefunc)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefunc);
    freefunc(ds, strlen(ds) + 1);
    return out;
}

char *ccd_decimal_string(const mpq_t x, int digits, int root)
{
    if (mpq_sgn(x) == 0) {
        size_t len = (size_t)digits + 8;
        char *out = malloc(len);
        if (!out)
            return NULL;
        if (digits > 1) {
            memcpy(out, "0.", 2);
            memset(out + 2, '0', (size_t)digits - 1);
            strcpy(out + 1 + digits, "e+00");
        } else {
            strcpy(out, "0e+00");
        }
        return out;
    }
    mpz_t m;
    mpz_init(m);
    long e;
    ccd_decimal_round(m, &e, x, digits, root);
    char *out = ccd_decimal_format(!root && mpq_sgn(x) < 0, m, e, digits);
    mpz_clear(m);
    return out;
}
