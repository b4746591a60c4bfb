/* SPDX-License-Identifier: MIT */
/* The result table as aligned plain text (numbers right-aligned). */
#include <config.h>

#include "report/report.h"

#include <stdlib.h>
#include <string.h>

/* Columns on a terminal: UTF-8 continuation bytes take none. */
static size_t display_width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

static void pad(FILE *out, size_t n)
{
    while (n--)
        fputc(' ', out);
}

static void cell(FILE *out, const char *s, size_t width, int right, int last)
{
    size_t w = display_width(s);
    if (right)
        pad(out, width - w);
    fputs(s, out);
    if (!right && !last)
        pad(out, width - w);
    fputs(last ? "\n" : "  ", out);
}

int ccd_report_write_text(FILE *out, const ccd_report_table *t)
{
    size_t *width = calloc(t->columns, sizeof *width);
    if (!width)
        return -1;
    for (size_t c = 0; c < t->columns; c++) {
        width[c] = display_width(t->title[c]);
        for (size_t r = 0; r < t->rows; r++) {
            size_t w = display_width(ccd_report_cell(t, r, c));
            width[c] = w > width[c] ? w : width[c];
        }
    }
    for (size_t c = 0; c < t->columns; c++)
        cell(out, t->title[c], width[c], t->numeric[c], c + 1 == t->columns);
    for (size_t r = 0; r < t->rows; r++)
        for (size_t c = 0; c < t->columns; c++)
            cell(out, ccd_report_cell(t, r, c), width[c], t->numeric[c], c + 1 == t->columns);
    free(width);
    return 0;
}
