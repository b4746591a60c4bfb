/* SPDX-License-Identifier: MIT */
/* The result table as aligned plain text (numbers right-aligned). */
#include <config.h>

#include "report/report.h"

#include <stdint.h>
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

/* Row r's cells of columns [from, to) of the grid, after the key columns
 * [0, key); r = SIZE_MAX: the titles. */
static void grid_line(FILE *out, const ccd_report_table *t, const size_t *width, size_t r,
                      size_t key, size_t from, size_t to)
{
    size_t last = 0;
    for (size_t c = 0; c < to; c++)
        if ((c < key || c >= from) && t->numeric[c] != CCD_CELL_NOTE)
            last = c;
    for (size_t c = 0; c <= last; c++) {
        if ((c >= key && c < from) || t->numeric[c] == CCD_CELL_NOTE)
            continue;
        const char *s = r == SIZE_MAX ? t->title[c] : ccd_report_cell(t, r, c);
        cell(out, s, width[c], t->numeric[c] == CCD_CELL_NUMBER, c == last);
    }
}

/* The width of columns [from, to) of the grid, two spaces between columns. */
static size_t span(const ccd_report_table *t, const size_t *width, size_t from, size_t to)
{
    size_t w = 0, n = 0;
    for (size_t c = from; c < to; c++)
        if (t->numeric[c] != CCD_CELL_NOTE)
            w += width[c], n++;
    return w + (n ? 2 * (n - 1) : 0);
}

void ccd_report_write_wrapped(FILE *out, const char *text)
{
    size_t col = 0;
    for (const char *p = text; *p;) {
        if (*p == ' ' || *p == '\n') {
            if (*p == '\n')
                fputc('\n', out), col = 0;
            p++;
            continue;
        }
        size_t len = strcspn(p, " \n");
        char word[1024];
        size_t n = len < sizeof word - 1 ? len : sizeof word - 1;
        memcpy(word, p, n);
        word[n] = '\0';
        size_t w = display_width(word); /* a longer word is not cut: counted by its start */
        if (col > 0 && col + 1 + w > CCD_REPORT_TEXT_WIDTH)
            fputc('\n', out), col = 0;
        else if (col > 0)
            fputc(' ', out), col++;
        fwrite(p, 1, len, out);
        col += w;
        p += len;
    }
    fputc('\n', out);
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
    size_t end = last_grid_column(t) + 1;
    /* A grid wider than the page is split into panels of whole columns, each
     * led by the key columns that name the row (the leading text columns, else
     * the first column): nothing is cut, every number is shown once. */
    size_t key = 0;
    if (span(t, width, 0, end) > CCD_REPORT_TEXT_WIDTH) {
        while (key < end && t->numeric[key] == CCD_CELL_TEXT &&
               span(t, width, 0, key + 1) <= 2 * CCD_REPORT_TEXT_WIDTH / 3)
            key++;
        key = key ? key : 1;
    }
    size_t from = key;
    do {
        size_t to = from + 1;
        if (key)
            while (to < end && span(t, width, 0, key) + 2 + span(t, width, from, to + 1) <=
                                   CCD_REPORT_TEXT_WIDTH)
                to++;
        else
            to = end;
        if (from > key)
            fputc('\n', out);
        grid_line(out, t, width, SIZE_MAX, key, from, to);
        for (size_t r = 0; r < t->rows; r++)
            grid_line(out, t, width, r, key, from, to);
        from = to;
    } while (from < end);
    notes(out, t);
    free(width);
    return 0;
}
