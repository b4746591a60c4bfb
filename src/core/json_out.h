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
 * well-formed UTF-8 verbatim, and a byte that is not UTF-8 (a file name in
 * Latin-1) as the lone low surrogate \uDC80 to \uDCFF, as Python's
 * "surrogateescape" does: the document stays JSON, and bench/json_doc reads the
 * escape back as the byte, so a name survives a result file bit for bit. */
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
