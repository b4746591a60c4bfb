/* SPDX-License-Identifier: MIT */
/* The result table as CSV (RFC 4180): a header line of column names, then rows.
 * A cell of a numeric column that is not a finite number (nan, inf, "-") is
 * left empty, where the JSON writer puts null. */
#include <config.h>

#include "report/report.h"
#include "core/json_out.h"

#include <string.h>

void ccd_report_csv_field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void field(FILE *out, const char *s, int last)
{
    ccd_report_csv_field(out, s);
    fputc(last ? '\n' : ',', out);
}

int ccd_report_write_csv(FILE *out, const ccd_report_table *t)
{
    for (size_t c = 0; c < t->columns; c++)
        field(out, t->header[c], c + 1 == t->columns);
    for (size_t r = 0; r < t->rows; r++)
        for (size_t c = 0; c < t->columns; c++) {
            const char *cell = ccd_report_cell(t, r, c);
            if (t->numeric[c] == CCD_CELL_NUMBER && !ccd_json_number_text_is_finite(cell))
                cell = "";
            field(out, cell, c + 1 == t->columns);
        }
    return 0;
}
