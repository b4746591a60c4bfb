/* SPDX-License-Identifier: MIT */
/* The result table as JSON: run facts and an array of row objects. */
#include <config.h>

#include "report/report.h"
#include "core/json_out.h"

int ccd_report_write_json(FILE *out, const ccd_report_table *t, const ccd_run_stats *s)
{
    fprintf(out, "{\n  \"tool\": \"ccdbench\",\n  \"version\": ");
    ccd_json_write_string(out, PACKAGE_VERSION);
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
            ccd_json_write_string(out, t->header[c]);
            fputs(": ", out);
            if (t->numeric[c] == CCD_CELL_NUMBER)
                ccd_json_write_number_text(out, ccd_report_cell(t, r, c));
            else
                ccd_json_write_string(out, ccd_report_cell(t, r, c));
        }
        fputc('}', out);
    }
    fputs(t->rows ? "\n  ]\n}\n" : "]\n}\n", out);
    return 0;
}
