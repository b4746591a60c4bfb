/* SPDX-License-Identifier: MIT */
#include <config.h>

#include "core/json_out.h"

#include <math.h>
#include <stdlib.h>

/* The length of the well-formed UTF-8 sequence at s (RFC 3629: no overlong
 * form, no surrogate, at most U+10FFFF), 0 when there is none. */
static size_t utf8_length(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (s[0] >= 0xC2 && s[0] <= 0xDF)
        n = 2;
    else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
        n = 3;
        if (s[0] == 0xE0)
            lo = 0xA0; /* overlong below */
        if (s[0] == 0xED)
            hi = 0x9F; /* surrogates above */
    } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
        n = 4;
        if (s[0] == 0xF0)
            lo = 0x90;
        if (s[0] == 0xF4)
            hi = 0x8F; /* beyond U+10FFFF above */
    } else {
        return 0;
    }
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return n;
}

void ccd_json_write_string(FILE *out, const char *s)
{
    fputc('"', out);
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        const size_t n = utf8_length(p);
        if (n == 0) { /* not UTF-8 (a file name in Latin-1): the byte as that code point */
            fprintf(out, "\\u%04x", *p++);
        } else if (*p == '"' || *p == '\\') {
            fprintf(out, "\\%c", *p++);
        } else if (*p < 0x20) {
            fprintf(out, "\\u%04x", *p++);
        } else {
            fwrite(p, 1, n, out);
            p += n;
        }
    }
    fputc('"', out);
}

void ccd_json_write_double(FILE *out, double x)
{
    if (isfinite(x))
        fprintf(out, "%.17g", x);
    else
        fputs("null", out);
}

int ccd_json_number_text_is_finite(const char *text)
{
    char *end;
    const double x = strtod(text, &end);
    /* strtod also reads hex and "infinity"; a table cell is decimal, and only
     * a cell it reads whole is a number */
    return end != text && *end == '\0' && isfinite(x);
}

void ccd_json_write_number_text(FILE *out, const char *text)
{
    fputs(ccd_json_number_text_is_finite(text) ? text : "null", out);
}
