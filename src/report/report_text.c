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

/* The last column printed in the grid (note columns are left out of it). */
static size_t last_grid_column(const ccd_report_table *t)
{
    size_t last = 0;
    for (size_t c = 0; c < t->columns; c++)
        if (t->numeric[c] != CCD_CELL_NOTE)
            last = c;
    return last;
}

/* Note cells as lines under the grid: "row: title: note", the row named by its
 * text cells (set, family, kind, method). */
static void notes(FILE *out, const ccd_report_table *t)
{
    int first = 1;
    for (size_t c = 0; c < t->columns; c++) {
        if (t->numeric[c] != CCD_CELL_NOTE)
            continue;
        for (size_t r = 0; r < t->rows; r++) {
            const char *note = ccd_report_cell(t, r, c);
            if (!*note)
                continue;
            fputs(first ? "\n" : "", out);
            first = 0;
            for (size_t k = 0, named = 0; k < t->columns; k++)
                if (t->numeric[k] == CCD_CELL_TEXT)
                    fprintf(out, "%s%s", named++ ? " " : "", ccd_report_cell(t, r, k));
            fprintf(out, ": %s: %s\n", t->title[c], note);
        }
    }
}

int ccd_report_write_text(FILE *out, const ccd_report_table *t)
{
    size_t *width = calloc(t->columns + 1, sizeof *width);
    if (!width)
        return -1;
    for (size_t c = 0; c < t->columns; c++) {
        width[c] = display_width(t->title[c]);
        for (size_t r = 0; r < t->rows; r++) {
            size_t w = display_width(ccd_report_cell(t, r, c));
            width[c] = w > width[c] ? w : width[c];
        }
    }
    size_t last = last_grid_column(t);
    for (size_t c = 0; c <= last; c++)
        if (t->numeric[c] != CCD_CELL_NOTE)
            cell(out, t->title[c], width[c], t->numeric[c] == CCD_CELL_NUMBER, c == last);
    for (size_t r = 0; r < t->rows; r++)
        for (size_t c = 0; c <= last; c++)
            if (t->numeric[c] != CCD_CELL_NOTE)
                cell(out, ccd_report_cell(t, r, c), width[c], t->numeric[c] == CCD_CELL_NUMBER,
                     c == last);
    notes(out, t);
    free(width);
    return 0;
}
