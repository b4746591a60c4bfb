/* SPDX-License-Identifier: MIT */
/* The convex-polyhedra experiments as report tables (polyhedra_tables.h). */
#include <config.h>

#include "contact/polyhedra/experiments/polyhedra_tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static char *number(double x, int precise, const char *human)
{
    if (isnan(x))
        return strdup(precise ? "nan" : "–");
    return precise ? ccd_report_printf("%.17g", x) : ccd_report_printf(human, x);
}

static char *count(size_t n)
{
    return ccd_report_printf("%zu", n);
}

enum { CHECK_COLUMNS = 13 };
static const char *const check_headers[CHECK_COLUMNS] = {
    "range", "method", "poses", "values", "disjoint", "no_contact", "failed", "gate_wrong",
    "err_min", "err_max", "err_mean", "err_std", "normal_max_deg",
};
static const char *const check_titles[CHECK_COLUMNS] = {
    "range", "method", "poses", "values", "disjoint", "no contact", "failed", "gate wrong",
    "min", "max", "mean", "std", "n̂ max °",
};
static const unsigned char check_numeric[CHECK_COLUMNS] = {0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

int ccd_poly_check_table(ccd_report_table *t, const ccd_poly_check *c, int precise)
{
    if (ccd_report_table_init(t, CHECK_COLUMNS, c->count, check_headers, check_titles, check_numeric))
        return -1;
    char **cell = t->cells;
    for (size_t i = 0; i < c->count; i++) {
        const ccd_poly_check_row *r = &c->rows[i];
        *cell++ = strdup(ccd_poly_range_names[r->range]);
        *cell++ = strdup(r->method);
        *cell++ = count(r->poses);
        *cell++ = count(r->values);
        *cell++ = count(r->disjoint);
        *cell++ = count(r->no_contact);
        *cell++ = count(r->failed);
        *cell++ = count(r->gate_wrong);
        *cell++ = number(r->min, precise, "%.4g");
        *cell++ = number(r->max, precise, "%.4g");
        *cell++ = number(r->mean, precise, "%.4g");
        *cell++ = number(r->std, precise, "%.4g");
        *cell++ = number(r->normal_max_deg, precise, "%.3g");
    }
    return ccd_report_table_complete(t);
}

enum { BENCH_COLUMNS = 10 };
static const char *const bench_headers[BENCH_COLUMNS] = {
    "scene", "vertices", "method", "threads", "pairs", "values", "seconds",
    "pairs_per_second", "ns_per_query", "ratio",
};
static const char *const bench_titles[BENCH_COLUMNS] = {
    "scene", "vertices", "method", "threads", "pairs", "values", "seconds",
    "pairs/s", "ns/query", "vs first",
};
static const unsigned char bench_numeric[BENCH_COLUMNS] = {0, 0, 0, 1, 1, 1, 1, 1, 1, 1};

int ccd_poly_bench_table(ccd_report_table *t, const ccd_poly_bench *b, int precise)
{
    if (ccd_report_table_init(t, BENCH_COLUMNS, b->count, bench_headers, bench_titles, bench_numeric))
        return -1;
    char **cell = t->cells;
    for (size_t i = 0; i < b->count; i++) {
        const ccd_poly_bench_row *r = &b->rows[i];
        *cell++ = strdup(ccd_poly_scene_names[r->scene]);
        *cell++ = ccd_report_printf("%zux%zu", b->vertices[r->scene][0], b->vertices[r->scene][1]);
        *cell++ = strdup(r->method);
        *cell++ = ccd_report_printf("%d", r->threads);
        *cell++ = count(r->pairs);
        *cell++ = count(r->values);
        *cell++ = number(r->seconds, precise, "%.3f");
        *cell++ = number(r->pairs_per_second, precise, "%.4g");
        *cell++ = number(r->ns_per_query, precise, "%.4g");
        *cell++ = number(r->ratio, precise, "%.3f");
    }
    return ccd_report_table_complete(t);
}
