/* SPDX-License-Identifier: MIT */
/* The result table as a GitHub-flavoured Markdown table. */
#include <config.h>

#include "report/report.h"

/* Cells are names and numbers; a '|' would end the cell, so escape it. */
static void cell(FILE *out, const char *s)
{
    fputs("| ", out);
    for (; *s; s++) {
        if (*s == '|')
            fputc('\\', out);
        fputc(*s, out);
    }
    fputc(' ', out);
}

int ccd_report_write_markdown(FILE *out, const ccd_report_table *t)
{
    for (size_t c = 0; c < t->columns; c++)
        cell(out, t->title[c]);
    fputs("|\n", out);
    for (size_t c = 0; c < t->columns; c++)
        fputs(t->numeric[c] == CCD_CELL_NUMBER ? "|---:" : "|---", out);
    fputs("|\n", out);
    for (size_t r = 0; r < t->rows; r++) {
        for (size_t c = 0; c < t->columns; c++)
            cell(out, ccd_report_cell(t, r, c));
        fputs("|\n", out);
    }
    return 0;
}
