/* SPDX-License-Identifier: MIT */
/* The one JSON emitter (json_out.h): string literals that stay UTF-8 JSON
 * whatever the bytes (core/utf8.h), and numbers that read back to themselves. */
#include <config.h>

#include "core/json_out.h"

#include <math.h>
#include <stdlib.h>

#include "core/utf8.h"

void ccd_json_write_string(FILE *out, const char *s)
{
    fputc('"', out);
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        const size_t n = ccd_utf8_length(p);
        if (n == 0) /* a byte that is not UTF-8: as a lone low surrogate */
            fprintf(out, "\\u%04x", 0xDC00u + *p++);
        else if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p++);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p++);
        else
            fwrite(p, 1, n, out), p += n;
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
