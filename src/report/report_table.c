/* SPDX-License-Identifier: MIT */
/* The rows and columns of the result table, formatted once for every writer. */
#include <config.h>

#include "report/paper.h"
#include "report/report.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { BASE_COLUMNS = 14, TOI_COLUMNS = 4, FAILURE_COLUMNS = 2, ALL_COLUMNS = 20 };

/* The base columns, the toi columns (when toi is compared), then the failure
 * columns (when a method failed on some query). */
static const char *const headers[ALL_COLUMNS] = {
    "set", "family", "kind", "method", "queries", "positives", "fp", "fn",
    "mean_us", "median_us", "p99_us", "max_us", "queries_per_s", "max_checks_hits",
    "toi_violations", "zero_toi", "toi_gap_mean", "toi_gap_max",
    "failed", "first_failure",
};
static const char *const titles[ALL_COLUMNS] = {
    "set", "family", "kind", "method", "queries", "positives", "FP", "FN",
    "mean µs", "median µs", "p99 µs", "max µs", "queries/s", "max-checks hits",
    "toi > exact", "zero toi", "mean toi gap", "max toi gap",
    "failed", "first failure",
};
static const unsigned char numeric[ALL_COLUMNS] = {
    CCD_CELL_TEXT, CCD_CELL_TEXT, CCD_CELL_TEXT, CCD_CELL_TEXT,
    CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER,
    CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER,
    CCD_CELL_NUMBER, CCD_CELL_NUMBER,
    CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER,
    CCD_CELL_NUMBER, CCD_CELL_NOTE,
};

/* The columns a table of s has, in the order of `headers` (index list). */
static size_t column_list(size_t *cols, const ccd_run_stats *s)
{
    size_t n = 0;
    for (size_t c = 0; c < BASE_COLUMNS; c++)
        cols[n++] = c;
    if (s->toi_compared)
        for (size_t c = 0; c < TOI_COLUMNS; c++)
            cols[n++] = BASE_COLUMNS + c;
    int failures = 0;
    for (size_t m = 0; m < s->method_count; m++)
        failures |= ccd_run_stats_failed(s, m, NULL) > 0;
    if (failures)
        for (size_t c = 0; c < FAILURE_COLUMNS; c++)
            cols[n++] = BASE_COLUMNS + TOI_COLUMNS + c;
    return n;
}

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

int ccd_report_table_init(ccd_report_table *t, size_t columns, size_t rows,
                          const char *const *header, const char *const *title,
                          const unsigned char *numeric_columns)
{
    memset(t, 0, sizeof *t);
    t->columns = columns;
    t->header = header;
    t->title = title;
    t->numeric = numeric_columns;
    t->cells = calloc(rows * columns + 1, sizeof *t->cells);
    if (!t->cells)
        return -1;
    t->rows = rows; /* ccd_report_table_free frees rows × columns cells */
    return 0;
}

int ccd_report_table_complete(ccd_report_table *t)
{
    for (size_t i = 0; i < t->rows * t->columns; i++)
        if (!t->cells[i]) {
            ccd_report_table_free(t);
            return -1;
        }
    return 0;
}

static char *number(double x, int precise, const char *human)
{
    return precise ? ccd_report_printf("%.9g", x) : ccd_report_printf(human, x);
}

static char *cell_of(size_t column, const ccd_run_group *g, size_t m, const ccd_method *method,
                     int precise)
{
    const ccd_method_stats *st = &g->methods[m];
    const ccd_first_failure *f = g->failures ? &g->failures[m] : NULL;
    switch (column) {
    case 0: return strdup(g->set);
    case 1: return strdup(g->family);
    case 2: return strdup(g->kind == CCD_VF ? "VF" : "EE");
    case 3: return strdup(method->name);
    case 4: return ccd_report_printf("%llu", (unsigned long long)st->queries);
    case 5: return ccd_report_printf("%llu", (unsigned long long)st->positives);
    case 6: return ccd_report_printf("%llu", (unsigned long long)st->false_positives);
    case 7: return ccd_report_printf("%llu", (unsigned long long)st->false_negatives);
    case 8: return number(ccd_method_stats_mean_us(st), precise, "%.3f");
    case 9: return number(ccd_method_stats_quantile_us(st, 0.5), precise, "%.3f");
    case 10: return number(ccd_method_stats_quantile_us(st, 0.99), precise, "%.3f");
    case 11: return number(ccd_method_stats_max_us(st), precise, "%.3f");
    case 12: return number(ccd_method_stats_throughput(st), precise, "%.0f");
    case 13: return ccd_report_printf("%llu", (unsigned long long)st->hit_max_checks);
    case 14: return ccd_report_printf("%llu", (unsigned long long)st->toi_violations);
    case 15: return ccd_report_printf("%llu", (unsigned long long)st->zero_toi);
    case 16: return number(ccd_method_stats_toi_gap_mean(st), precise, "%.3g");
    case 17: return number(st->toi_gap_max, precise, "%.3g");
    case 18: return ccd_report_printf("%llu", (unsigned long long)st->failed);
    default: return strdup(f && f->reason ? f->reason : "");
    }
}

int ccd_report_table_make(ccd_report_table *t, const ccd_run_stats *s, int precise)
{
    memset(t, 0, sizeof *t);
    size_t cols[ALL_COLUMNS];
    t->columns = column_list(cols, s);
    /* Header, title and kind of the columns present, in their order. */
    t->own_header = calloc(t->columns, sizeof *t->own_header);
    t->own_title = calloc(t->columns, sizeof *t->own_title);
    t->own_numeric = calloc(t->columns, 1);
    t->rows = s->group_count * s->method_count;
    t->cells = calloc(t->rows * t->columns + 1, sizeof *t->cells);
    if (!t->own_header || !t->own_title || !t->own_numeric || !t->cells) {
        ccd_report_table_free(t);
        return -1;
    }
    for (size_t c = 0; c < t->columns; c++) {
        t->own_header[c] = headers[cols[c]];
        t->own_title[c] = titles[cols[c]];
        t->own_numeric[c] = numeric[cols[c]];
    }
    t->header = t->own_header;
    t->title = t->own_title;
    t->numeric = t->own_numeric;
    size_t row = 0;
    for (size_t g = 0; g < s->group_count; g++)
        for (size_t m = 0; m < s->method_count; m++, row++)
            for (size_t c = 0; c < t->columns; c++)
                if (!(t->cells[row * t->columns + c] =
                          cell_of(cols[c], &s->groups[g], m, s->methods[m], precise))) {
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
    free(t->own_header);
    free(t->own_title);
    free(t->own_numeric);
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
