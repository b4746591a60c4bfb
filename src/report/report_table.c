/* SPDX-License-Identifier: MIT */
/* The rows and columns of the result table, formatted once for every writer. */
#include <config.h>

#include "report/paper.h"
#include "report/report.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { BASE_COLUMNS = 14, TOI_COLUMNS = 3 };

static const char *const headers[BASE_COLUMNS + TOI_COLUMNS] = {
    "set", "family", "kind", "method", "queries", "positives", "fp", "fn",
    "mean_us", "median_us", "p99_us", "max_us", "queries_per_s", "max_checks_hits",
    "toi_violations", "toi_gap_mean", "toi_gap_max",
};
static const char *const titles[BASE_COLUMNS + TOI_COLUMNS] = {
    "set", "family", "kind", "method", "queries", "positives", "FP", "FN",
    "mean µs", "median µs", "p99 µs", "max µs", "queries/s", "max-checks hits",
    "toi > exact", "mean toi gap", "max toi gap",
};
static const unsigned char numeric[BASE_COLUMNS + TOI_COLUMNS] = {
    0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

char *ccd_report_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0)
        s = NULL;
    va_end(ap);
    return s;
}

static char *number(double x, int precise, const char *human)
{
    return precise ? ccd_report_printf("%.9g", x) : ccd_report_printf(human, x);
}

static int fill_row(char **cell, const ccd_run_group *g, const ccd_method *m,
                    const ccd_method_stats *st, int precise, int toi)
{
    cell[0] = strdup(g->set);
    cell[1] = strdup(g->family);
    cell[2] = strdup(g->kind == CCD_VF ? "VF" : "EE");
    cell[3] = strdup(m->name);
    cell[4] = ccd_report_printf("%llu", (unsigned long long)st->queries);
    cell[5] = ccd_report_printf("%llu", (unsigned long long)st->positives);
    cell[6] = ccd_report_printf("%llu", (unsigned long long)st->false_positives);
    cell[7] = ccd_report_printf("%llu", (unsigned long long)st->false_negatives);
    cell[8] = number(ccd_method_stats_mean_us(st), precise, "%.3f");
    cell[9] = number(ccd_method_stats_quantile_us(st, 0.5), precise, "%.3f");
    cell[10] = number(ccd_method_stats_quantile_us(st, 0.99), precise, "%.3f");
    cell[11] = number(ccd_method_stats_max_us(st), precise, "%.3f");
    cell[12] = number(ccd_method_stats_throughput(st), precise, "%.0f");
    cell[13] = ccd_report_printf("%llu", (unsigned long long)st->hit_max_checks);
    size_t n = BASE_COLUMNS;
    if (toi) {
        cell[14] = ccd_report_printf("%llu", (unsigned long long)st->toi_violations);
        cell[15] = number(ccd_method_stats_toi_gap_mean(st), precise, "%.3g");
        cell[16] = number(st->toi_gap_max, precise, "%.3g");
        n += TOI_COLUMNS;
    }
    for (size_t i = 0; i < n; i++)
        if (!cell[i])
            return -1;
    return 0;
}

int ccd_report_table_make(ccd_report_table *t, const ccd_run_stats *s, int precise)
{
    memset(t, 0, sizeof *t);
    t->columns = BASE_COLUMNS + (s->toi_compared ? TOI_COLUMNS : 0);
    t->header = headers;
    t->title = titles;
    t->numeric = numeric;
    t->rows = s->group_count * s->method_count;
    t->cells = calloc(t->rows * t->columns + 1, sizeof *t->cells);
    if (!t->cells)
        return -1;
    size_t row = 0;
    for (size_t g = 0; g < s->group_count; g++)
        for (size_t m = 0; m < s->method_count; m++, row++)
            if (fill_row(t->cells + row * t->columns, &s->groups[g], s->methods[m],
                         &s->groups[g].methods[m], precise, s->toi_compared) != 0) {
                ccd_report_table_free(t);
                return -1;
            }
    return 0;
}

void ccd_report_table_free(ccd_report_table *t)
{
    if (t->cells)
        for (size_t i = 0; i < t->rows * t->columns; i++)
            free(t->cells[i]);
    free(t->cells);
    memset(t, 0, sizeof *t);
}

int ccd_report_format_parse(ccd_report_format *out, const char *name)
{
    static const char *const names[] = {"text", "markdown", "csv", "json", "latex"};
    for (int i = 0; i < 5; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = (ccd_report_format)i;
            return 0;
        }
    return -1;
}

int ccd_report_write(FILE *out, const ccd_run_stats *s, ccd_report_format format)
{
    ccd_report_table t;
    int precise = format == CCD_FORMAT_CSV || format == CCD_FORMAT_JSON;
    if (ccd_report_table_make(&t, s, precise) != 0)
        return -1;
    int r;
    switch (format) {
    case CCD_FORMAT_MARKDOWN: r = ccd_report_write_markdown(out, &t); break;
    case CCD_FORMAT_CSV: r = ccd_report_write_csv(out, &t); break;
    case CCD_FORMAT_JSON: r = ccd_report_write_json(out, &t, s); break;
    case CCD_FORMAT_LATEX: r = ccd_report_write_latex(out, &t); break;
    default: r = ccd_report_write_text(out, &t); break;
    }
    ccd_report_table_free(&t);
    return r;
}
