/* SPDX-License-Identifier: MIT */
/* The listing of `ccdbench wrong` (wrong_listing.h). */
#include <config.h>

#include "report/wrong_listing.h"
#include "report/report.h"
#include "bench/wrong_answers.h"
#include "core/json_out.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

static const char *said(int collides)
{
    return collides ? "collides" : "no";
}

/* " (toi X)" when x is known, else nothing. */
static void text_toi(FILE *out, const char *what, double x)
{
    if (!isnan(x))
        fprintf(out, " (%s %.17g)", what, x);
}

static void text_line(FILE *out, const ccd_wrong_answer *a, const ccd_dataset *ds,
                      const char *const names[2], int other)
{
    fprintf(out, "%s:%lu: query %" PRIu64 ": %s says %s", ds->files[a->file].csv_path, a->line,
            a->query, names[0], said(a->says[0]));
    text_toi(out, "toi", a->toi[0]);
    if (other) {
        fprintf(out, ", %s says %s", names[1], said(a->says[1]));
        text_toi(out, "toi", a->toi[1]);
        fputc(';', out);
    } else {
        fputc(',', out);
    }
    fprintf(out, " truth %s", said(a->truth));
    text_toi(out, "exact toi", a->truth_toi);
    fputc('\n', out);
}

static void csv_number(FILE *out, double x)
{
    if (!isnan(x))
        fprintf(out, "%.17g", x);
}

static void csv_row(FILE *out, const ccd_wrong_answer *a, const ccd_dataset *ds,
                    const char *const names[2], int other)
{
    ccd_report_csv_field(out, ds->files[a->file].csv_path);
    fprintf(out, ",%lu,%" PRIu64 ",%s,", a->line, a->query, a->kind == CCD_VF ? "VF" : "EE");
    for (int m = 0; m <= other; m++) {
        ccd_report_csv_field(out, names[m]);
        fprintf(out, ",%d,", a->says[m]);
        csv_number(out, a->toi[m]);
        fputc(',', out);
    }
    fprintf(out, "%d,", a->truth);
    csv_number(out, a->truth_toi);
    if (!other)
        fprintf(out, ",%s", ccd_wrong_answer_kind(a));
    fputc('\n', out);
}

static void json_answer(FILE *out, const ccd_wrong_answer *a, const ccd_dataset *ds,
                        const char *const names[2], int other)
{
    fputs("{\"file\": ", out);
    ccd_json_write_string(out, ds->files[a->file].csv_path);
    fprintf(out, ", \"line\": %lu, \"query\": %" PRIu64 ", \"kind\": \"%s\"", a->line, a->query,
            a->kind == CCD_VF ? "VF" : "EE");
    if (!other)
        fprintf(out, ", \"wrong\": \"%s\"", ccd_wrong_answer_kind(a));
    fputs(", \"answers\": [", out);
    for (int m = 0; m <= other; m++) {
        fputs(m ? ", {\"method\": " : "{\"method\": ", out);
        ccd_json_write_string(out, names[m]);
        fprintf(out, ", \"collides\": %s, \"toi\": ", a->says[m] ? "true" : "false");
        ccd_json_write_double(out, a->toi[m]);
        fputc('}', out);
    }
    fprintf(out, "], \"truth\": {\"collides\": %s, \"exact_toi\": ", a->truth ? "true" : "false");
    ccd_json_write_double(out, a->truth_toi);
    fputs("}}", out);
}

void ccd_wrong_listing_write(FILE *out, const ccd_wrong_answers *w, const ccd_dataset *ds,
                             const char *const names[2], int other, ccd_report_format format)
{
    if (format == CCD_FORMAT_CSV) {
        fputs(other ? "file,line,query,kind,method,collides,toi,other,other_collides,"
                      "other_toi,truth,exact_toi\n"
                    : "file,line,query,kind,method,collides,toi,truth,exact_toi,wrong\n",
              out);
        for (size_t i = 0; i < w->count; i++)
            csv_row(out, &w->items[i], ds, names, other);
        return;
    }
    if (format == CCD_FORMAT_JSON) {
        fputs("{\"method\": ", out);
        ccd_json_write_string(out, names[0]);
        fputs(", \"other\": ", out);
        if (other)
            ccd_json_write_string(out, names[1]);
        else
            fputs("null", out);
        fprintf(out,
                ", \"queries\": %" PRIu64 ", \"exact_truth_queries\": %" PRIu64
                ", \"fn\": %zu, \"fp\": %zu, \"failed\": [%" PRIu64 ", %" PRIu64 "],\n"
                " \"answers\": [",
                w->queries, w->exact_truth, w->fn, w->fp, w->failed[0], w->failed[1]);
        for (size_t i = 0; i < w->count; i++) {
            fputs(i ? ",\n  " : "\n  ", out);
            json_answer(out, &w->items[i], ds, names, other);
        }
        fputs("]}\n", out);
        return;
    }
    for (size_t i = 0; i < w->count; i++)
        text_line(out, &w->items[i], ds, names, other);
}

void ccd_wrong_listing_summary(char *buf, size_t size, const ccd_wrong_answers *w,
                               const char *const names[2], int other)
{
    int n;
    if (other)
        n = snprintf(buf, size,
                     "%s and %s disagree on %zu of %" PRIu64 " queries: %s right on %zu, %s on "
                     "%zu",
                     names[0], names[1], w->count, w->queries, names[0], w->count - w->fn - w->fp,
                     names[1], w->fn + w->fp);
    else
        n = snprintf(buf, size,
                     "%s: %zu false negative%s, %zu false positive%s in %" PRIu64 " queries",
                     names[0], w->fn, w->fn == 1 ? "" : "s", w->fp, w->fp == 1 ? "" : "s",
                     w->queries);
    for (int m = 0; m <= other && n >= 0 && (size_t)n < size; m++)
        if (w->failed[m])
            n += snprintf(buf + n, size - (size_t)n,
                          "; %s failed on %" PRIu64 " (not listed)", names[m], w->failed[m]);
    if (n >= 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, " (truth: %" PRIu64 " labels, %" PRIu64 " exact)",
                 w->queries - w->exact_truth, w->exact_truth);
}
