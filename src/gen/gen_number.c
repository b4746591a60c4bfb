/* SPDX-License-Identifier: MIT */
/* Exact rationals from decimal or fraction text (for --scale and --translate). */
#include <config.h>

#include "gen/gen.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Digits of text into z (appending); returns the number of digits read. */
static size_t read_digits(mpz_t z, const char **text)
{
    size_t n = 0;
    for (const char *p = *text; isdigit((unsigned char)*p); p++, n++) {
        mpz_mul_ui(z, z, 10);
        mpz_add_ui(z, z, (unsigned long)(*p - '0'));
    }
    *text += n;
    return n;
}

int ccd_gen_parse_rational(mpq_t out, const char *text)
{
    const char *p = text;
    int negative = 0;
    if (*p == '+' || *p == '-')
        negative = *p++ == '-';
    mpz_t num, den;
    mpz_inits(num, den, NULL);
    int ok = 0;
    size_t whole = read_digits(num, &p);
    if (*p == '/') { /* n/d */
        p++;
        if (whole > 0 && read_digits(den, &p) > 0 && *p == '\0' && mpz_sgn(den) != 0)
            ok = 1;
    } else {
        long scale = 0; /* value = num · 10^scale */
        size_t frac = 0;
        if (*p == '.') {
            p++;
            frac = read_digits(num, &p);
            scale = -(long)frac;
        }
        if (whole + frac > 0) {
            ok = 1;
            if (*p == 'e' || *p == 'E') {
                p++;
                int eneg = 0;
                if (*p == '+' || *p == '-')
                    eneg = *p++ == '-';
                long e = 0;
                size_t digits = 0;
                while (isdigit((unsigned char)*p) && e <= 100000) {
                    e = e * 10 + (*p++ - '0');
                    digits++;
                }
                if (digits == 0 || e > 400)
                    ok = 0;
                scale += eneg ? -e : e;
            }
            if (*p != '\0' || scale > 800 || scale < -800 || whole + frac > 800)
                ok = 0;
        }
        if (ok) {
            mpz_set_ui(den, 1);
            if (scale > 0) {
                mpz_t power;
                mpz_init(power);
                mpz_ui_pow_ui(power, 10, (unsigned long)scale);
                mpz_mul(num, num, power);
                mpz_clear(power);
            } else if (scale < 0) {
                mpz_ui_pow_ui(den, 10, (unsigned long)-scale);
            }
        }
    }
    if (ok) {
        if (negative)
            mpz_neg(num, num);
        mpq_set_num(out, num);
        mpq_set_den(out, den);
        mpq_canonicalize(out);
    }
    mpz_clears(num, den, NULL);
    return ok ? 0 : -1;
}
