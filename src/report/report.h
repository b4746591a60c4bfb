/* SPDX-License-Identifier: MIT */
/*
 * The result table of `ccdbench run`: one row per (set, family, kind, method),
 * written as aligned text, Markdown, CSV or JSON.
 */
#ifndef CCD_REPORT_REPORT_H
#define CCD_REPORT_REPORT_H
#include <stdio.h>

#include "bench/runner.h"

typedef enum ccd_report_format {
    CCD_FORMAT_TEXT = 0,
    CCD_FORMAT_MARKDOWN,
    CCD_FORMAT_CSV,
    CCD_FORMAT_JSON,
    CCD_FORMAT_LATEX /* tables of `ccdbench report` only */
} ccd_report_format;

/* "text", "markdown", "csv", "json" (and "latex"); returns 0 on success, -1 for another name. */
int ccd_report_format_parse(ccd_report_format *out, const char *name);

/* What a column holds (ccd_report_table.numeric). */
enum {
    CCD_CELL_TEXT = 0,
    CCD_CELL_NUMBER = 1,
    CCD_CELL_NOTE = 2 /* a sentence, often empty: the text format puts it under the table */
};

/* The table as cells: machine formats (CSV, JSON) get full precision. */
typedef struct ccd_report_table {
    size_t columns, rows;
    const char *const *header;   /* column names, e.g. "median_us"        */
    const char *const *title;    /* human titles, e.g. "median µs"        */
    const unsigned char *numeric; /* CCD_CELL_* of each column            */
    char **cells;                /* rows × columns, row-major, malloc'd   */
    /* Storage behind header, title and numeric when the table made them (else NULL). */
    const char **own_header, **own_title;
    unsigned char *own_numeric;
} ccd_report_table;

int ccd_report_table_make(ccd_report_table *t, const ccd_run_stats *s, int precise);
/* A printf-formatted cell (malloc'd), or NULL when out of memory. */
char *ccd_report_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ccd_report_table_free(ccd_report_table *t);
/* A table of rows × columns cells, all NULL, with the given column names, titles
 * and numeric flags (static arrays, not copied): 0, or -1 when out of memory. */
int ccd_report_table_init(ccd_report_table *t, size_t columns, size_t rows,
                          const char *const *header, const char *const *title,
                          const unsigned char *numeric);
/* After filling the cells: 0 when every cell was allocated; otherwise frees the
 * table and returns -1 (a cell's allocation failed). */
int ccd_report_table_complete(ccd_report_table *t);
static inline const char *ccd_report_cell(const ccd_report_table *t, size_t row, size_t col)
{
    return t->cells[row * t->columns + col];
}

/* Write the report; returns 0, or -1 when out of memory (write errors are left
 * in ferror(out) for the caller). */
int ccd_report_write(FILE *out, const ccd_run_stats *s, ccd_report_format format);

/* Columns of a text page: a wider grid is split into panels (report_text.c). */
#define CCD_REPORT_TEXT_WIDTH 100
int ccd_report_write_text(FILE *out, const ccd_report_table *t);
/* text and a newline, words wrapped at CCD_REPORT_TEXT_WIDTH columns (UTF-8
 * aware; runs of spaces become one, newlines are kept). */
void ccd_report_write_wrapped(FILE *out, const char *text);
int ccd_report_write_markdown(FILE *out, const ccd_report_table *t);
int ccd_report_write_csv(FILE *out, const ccd_report_table *t);

/* One CSV field (RFC 4180): s as it is, or in double quotes with its quotes
 * doubled when it holds a comma, a quote or a line break. */
void ccd_report_csv_field(FILE *out, const char *s);
/* s: the run facts written before the rows, or NULL for none. */
int ccd_report_write_json(FILE *out, const ccd_report_table *t, const ccd_run_stats *s);

#endif
