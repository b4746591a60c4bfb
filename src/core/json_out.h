/* SPDX-License-Identifier: MIT */
/*
 * The one JSON emitter: string literals and numbers for every JSON the program
 * writes (result files, report tables, contact tables, `show --format json`).
 * The documents around them are written by their modules; parsing is
 * bench/json_doc.h.
 */
#ifndef CCD_CORE_JSON_OUT_H
#define CCD_CORE_JSON_OUT_H
#include <stdio.h>

/* A JSON string literal: '"' and '\' escaped, control characters as \u00XX,
 * everything else (UTF-8 included) verbatim. */
void ccd_json_write_string(FILE *out, const char *s);
/* A double that reads back to the same value (%.17g), or null when not finite
 * (JSON has no inf or nan). */
void ccd_json_write_double(FILE *out, double x);
/* Whether a number already formatted as text (a table cell) is, whole, a finite
 * decimal number: not empty, "inf", "nan" or "-".  The CSV writer leaves the
 * other cells of a numeric column empty, as this writer makes them null. */
int ccd_json_number_text_is_finite(const char *text);
/* A number already formatted as text (a table cell): written verbatim when the
 * whole text is a finite number, else null (empty, "inf", "nan", "-"). */
void ccd_json_write_number_text(FILE *out, const char *text);

#endif
