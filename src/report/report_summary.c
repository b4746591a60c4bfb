/* SPDX-License-Identifier: MIT */
/* The summary of a run (see report_summary.h). */
#include <config.h>

#include "report/report_summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/result_file.h"
#include "core/assert.h"
#include "report/paper.h"

/* The index of the method called name in s, or s->method_count. */
static size_t find_method(const ccd_run_stats *s, const char *name)
{
    size_t m = 0;
    while (m < s->method_count && strcmp(s->methods[m]->name, name) != 0)
        m++;
    return m;
}

int ccd_report_summary_reference(size_t *ref, const char **why, const ccd_run_stats *s,
                                 const char *name)
{
    *why = NULL;
    if (name) {
        size_t m = find_method(s, name);
        if (m == s->method_count)
            return -1;
        *ref = m;
        return 0;
    }
    if ((*ref = find_method(s, CCD_REPORT_REFERENCE)) < s->method_count)
        return 0;
    *why = CCD_REPORT_REFERENCE " did not run: the first conservative method";
    for (size_t m = 0; m < s->method_count; m++) /* not the exact oracle: a CCD method */
        if ((s->methods[m]->caps & CCD_CAP_CONSERVATIVE) && !(s->methods[m]->caps & CCD_CAP_EXACT)) {
            *ref = m;
            return 0;
        }
    for (size_t m = 0; m < s->method_count; m++)
        if (s->methods[m]->caps & CCD_CAP_CONSERVATIVE) {
            *ref = m;
            return 0;
        }
    *why = CCD_REPORT_REFERENCE " did not run and no method is conservative: the first method";
    *ref = 0;
    return 0;
}

char *ccd_report_summary_speed_note(const ccd_run_stats *s, size_t ref, const char *why)
{
    CCD_ASSERT(ref < s->method_count);
    const char *name = s->methods[ref]->name;
    return why ? ccd_report_printf("speed: mean time of %s / mean time of the method (2.00×: "
                                   "twice as fast).\nThe reference, %s: %s", name, name, why)
               : ccd_report_printf("speed: mean time of %s / mean time of the method (2.00×: "
                                   "twice as fast)", name);
}

/* Method m over the groups g with keep(g) (all when set is NULL), summed. */
static void sum_groups(ccd_method_stats *sum, const ccd_run_stats *s, size_t m, const char *set,
                       int kind)
{
    ccd_method_detail detail;
    ccd_method_stats_init(sum);
    ccd_method_detail_init(&detail);
    for (size_t g = 0; g < s->group_count; g++) {
        const ccd_run_group *grp = &s->groups[g];
        if (set && (strcmp(grp->set, set) != 0 || (int)grp->kind != kind))
            continue;
        ccd_result_stats_add(sum, &detail, &grp->methods[m], &grp->details[m]);
    }
}

static char *count(uint64_t n)
{
    return ccd_report_printf("%llu", (unsigned long long)n);
}

static char *micro(double us)
{
    return isnan(us) ? strdup("–") : ccd_report_printf(us < 100 ? "%.2f" : "%.1f", us);
}

/* A speed ratio with two or three significant digits and no exponent. */
static char *speed(double r)
{
    const char *fmt = r >= 100 ? "%.0f×" : r >= 10 ? "%.1f×" : r >= 0.1 ? "%.2f×" : "%.2g×";
    return ccd_report_printf(fmt, r);
}

/* FP as a share of the answered queries, in %, two decimals. */
static char *fp_rate(uint64_t fp, uint64_t queries)
{
    return queries ? ccd_report_printf("%.2f", 100.0 * (double)fp / (double)queries)
                   : strdup("–");
}

enum { METHOD_COLUMNS = 11, FAILED_COLUMN = 6 };
static const char *const method_headers[METHOD_COLUMNS] = {
    "method", "queries", "positives", "fp", "fp_percent", "fn", "failed", "mean_us", "median_us",
    "p99_us", "speed"};
static const char *const method_titles[METHOD_COLUMNS] = {
    "method", "queries", "positives", "FP", "FP %", "FN", "failed", "mean µs", "median µs",
    "p99 µs", "speed"};
static const unsigned char method_numeric[METHOD_COLUMNS] = {
    CCD_CELL_TEXT, CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER,
    CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER,
    CCD_CELL_TEXT};

int ccd_report_summary_methods(ccd_report_table *t, const ccd_run_stats *s, size_t ref)
{
    CCD_ASSERT(s->method_count == 0 || ref < s->method_count);
    int failures = 0;
    for (size_t m = 0; m < s->method_count; m++)
        failures |= ccd_run_stats_failed(s, m, NULL) > 0;
    /* the failed column only when some method failed: the table owns its list */
    size_t columns = failures ? METHOD_COLUMNS : METHOD_COLUMNS - 1;
    if (ccd_report_table_init(t, columns, s->method_count, NULL, NULL, NULL) != 0)
        return -1;
    t->own_header = calloc(columns, sizeof *t->own_header);
    t->own_title = calloc(columns, sizeof *t->own_title);
    t->own_numeric = calloc(columns, 1);
    if (!t->own_header || !t->own_title || !t->own_numeric) {
        ccd_report_table_free(t);
        return -1;
    }
    for (size_t c = 0, n = 0; c < METHOD_COLUMNS; c++) {
        if (c == FAILED_COLUMN && !failures)
            continue;
        t->own_header[n] = method_headers[c];
        t->own_title[n] = method_titles[c];
        t->own_numeric[n] = method_numeric[c];
        n++;
    }
    t->header = t->own_header;
    t->title = t->own_title;
    t->numeric = t->own_numeric;
    ccd_method_stats ref_sum;
    if (s->method_count)
        sum_groups(&ref_sum, s, ref, NULL, 0);
    else
        ccd_method_stats_init(&ref_sum);
    double ref_mean = ccd_method_stats_mean_us(&ref_sum);
    char **cell = t->cells;
    for (size_t m = 0; m < s->method_count; m++) {
        ccd_method_stats sum;
        sum_groups(&sum, s, m, NULL, 0);
        double mean = ccd_method_stats_mean_us(&sum);
        *cell++ = strdup(s->methods[m]->name);
        *cell++ = count(sum.queries);
        *cell++ = count(sum.positives);
        *cell++ = count(sum.false_positives);
        *cell++ = fp_rate(sum.false_positives, sum.queries);
        *cell++ = count(sum.false_negatives);
        if (failures)
            *cell++ = count(sum.failed);
        *cell++ = micro(mean);
        *cell++ = micro(ccd_method_stats_quantile_us(&sum, 0.5));
        *cell++ = micro(ccd_method_stats_quantile_us(&sum, 0.99));
        *cell++ = mean > 0 && ref_mean > 0 ? speed(ref_mean / mean) : strdup("–");
    }
    CCD_ASSERT((size_t)(cell - t->cells) == t->rows * t->columns);
    return ccd_report_table_complete(t);
}

enum { SET_COLUMNS = 8 };
static const char *const set_headers[SET_COLUMNS] = {"set", "kind", "method", "queries",
                                                     "positives", "fp", "fn", "mean_us"};
static const char *const set_titles[SET_COLUMNS] = {"set", "kind", "method", "queries",
                                                    "positives", "FP", "FN", "mean µs"};
static const unsigned char set_numeric[SET_COLUMNS] = {
    CCD_CELL_TEXT, CCD_CELL_TEXT, CCD_CELL_TEXT, CCD_CELL_NUMBER,
    CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER, CCD_CELL_NUMBER};

int ccd_report_summary_sets(ccd_report_table *t, const ccd_run_stats *s)
{
    /* the (set, kind) pairs in order of first appearance */
    size_t *first = calloc(s->group_count + 1, sizeof *first), pairs = 0;
    if (!first)
        return -1;
    for (size_t g = 0; g < s->group_count; g++) {
        int seen = 0;
        for (size_t p = 0; p < pairs && !seen; p++)
            seen = strcmp(s->groups[first[p]].set, s->groups[g].set) == 0 &&
                   s->groups[first[p]].kind == s->groups[g].kind;
        if (!seen)
            first[pairs++] = g;
    }
    if (ccd_report_table_init(t, SET_COLUMNS, pairs * s->method_count, set_headers, set_titles,
                              set_numeric) != 0) {
        free(first);
        return -1;
    }
    char **cell = t->cells;
    for (size_t p = 0; p < pairs; p++) {
        const ccd_run_group *g = &s->groups[first[p]];
        for (size_t m = 0; m < s->method_count; m++) {
            ccd_method_stats sum;
            sum_groups(&sum, s, m, g->set, (int)g->kind);
            *cell++ = strdup(g->set);
            *cell++ = strdup(g->kind == CCD_VF ? "VF" : "EE");
            *cell++ = strdup(s->methods[m]->name);
            *cell++ = count(sum.queries);
            *cell++ = count(sum.positives);
            *cell++ = count(sum.false_positives);
            *cell++ = count(sum.false_negatives);
            *cell++ = micro(ccd_method_stats_mean_us(&sum));
        }
    }
    free(first);
    return ccd_report_table_complete(t);
}
