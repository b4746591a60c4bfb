/* SPDX-License-Identifier: MIT */
#include <config.h>

#include "core/json_out.h"

#include <math.h>
#include <stdlib.h>

void ccd_json_write_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(out, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(out, "\\u%04x", ch);
        else
            fputc(ch, out);
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
