/* SPDX-License-Identifier: MIT */
/* A table as a LaTeX tabular (booktabs rules). */
#include <config.h>

#include "report/paper.h"

#include <string.h>

/* Escape LaTeX's special characters; µ becomes $\mu$. */
static void text(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (strncmp(s, "µ", strlen("µ")) == 0) {
            fputs("$\\mu$", out);
            s += strlen("µ") - 1;
        } else if (strchr("&%$#_{}", *s)) {
            fputc('\\', out);
            fputc(*s, out);
        } else if (*s == '~') {
            fputs("\\textasciitilde{}", out);
        } else if (*s == '^') {
            fputs("\\textasciicircum{}", out);
        } else if (*s == '\\') {
            fputs("\\textbackslash{}", out);
        } else {
            fputc(*s, out);
        }
    }
}

int ccd_report_write_latex(FILE *out, const ccd_report_table *t)
{
    fputs("\\begin{tabular}{", out);
    for (size_t c = 0; c < t->columns; c++)
        fputc(t->numeric[c] == CCD_CELL_NUMBER ? 'r' : 'l', out);
    fputs("}\n\\toprule\n", out);
    for (size_t c = 0; c < t->columns; c++) {
        text(out, t->title[c]);
        fputs(c + 1 == t->columns ? " \\\\\n\\midrule\n" : " & ", out);
    }
    for (size_t r = 0; r < t->rows; r++)
        for (size_t c = 0; c < t->columns; c++) {
            text(out, ccd_report_cell(t, r, c));
            fputs(c + 1 == t->columns ? " \\\\\n" : " & ", out);
        }
    fputs("\\bottomrule\n\\end{tabular}\n", out);
    return 0;
}

int ccd_report_write_table(FILE *out, const ccd_report_table *t, ccd_report_format format)
{
    switch (format) {
    case CCD_FORMAT_MARKDOWN: return ccd_report_write_markdown(out, t);
    case CCD_FORMAT_CSV: return ccd_report_write_csv(out, t);
    case CCD_FORMAT_JSON: return ccd_report_write_json(out, t, NULL);
    case CCD_FORMAT_LATEX: return ccd_report_write_latex(out, t);
    default: return ccd_report_write_text(out, t);
    }
}
