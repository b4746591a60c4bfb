/* SPDX-License-Identifier: MIT */
/* The result table as JSON: run facts and an array of row objects. */
#include <config.h>

#include "report/report.h"

#include <math.h>
#include <stdlib.h>

static void string(FILE *out, const char *s)
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

/* JSON has no inf/nan: write null for them. */
static void number(FILE *out, const char *s)
{
    double x = strtod(s, NULL);
    fputs(isfinite(x) ? s : "null", out);
}

int ccd_report_write_json(FILE *out, const ccd_report_table *t, const ccd_run_stats *s)
{
    fprintf(out, "{\n  \"tool\": \"ccdbench\",\n  \"version\": ");
    string(out, PACKAGE_VERSION);
    fputs(",\n", out);
    if (s)
        fprintf(out, "  \"wall_seconds\": %.6f,\n  \"exact_truth_queries\": %llu,\n",
                s->wall_seconds, (unsigned long long)s->exact_truth);
    fprintf(out, "  \"rows\": [");
    for (size_t r = 0; r < t->rows; r++) {
        fputs(r ? ",\n    {" : "\n    {", out);
        for (size_t c = 0; c < t->columns; c++) {
            if (c)
                fputs(", ", out);
            string(out, t->header[c]);
            fputs(": ", out);
            if (t->numeric[c] == CCD_CELL_NUMBER)
                number(out, ccd_report_cell(t, r, c));
            else
                string(out, ccd_report_cell(t, r, c));
        }
        fputc('}', out);
    }
    fputs(t->rows ? "\n  ]\n}\n" : "]\n}\n", out);
    return 0;
}
