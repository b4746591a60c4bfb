/* SPDX-License-Identifier: MIT */
/* The paper-shaped tables (paper.h). */
#include <config.h>

#include "report/paper.h"

#include "bench/preset.h"
#include "core/assert.h"
#include "bench/result_records.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void ccd_paper_aggregate(ccd_method_stats *s, ccd_method_detail *d, const ccd_run_stats *stats,
                         size_t method, const char *set_label, const char *family, int kind)
{
    ccd_method_stats_init(s);
    ccd_method_detail_init(d);
    for (size_t g = 0; g < stats->group_count; g++) {
        const ccd_run_group *grp = &stats->groups[g];
        if ((int)grp->kind != kind || strcmp(ccd_result_set_label(grp->set), set_label) != 0 ||
            (family && strcmp(grp->family, family) != 0))
            continue;
        ccd_result_stats_add(s, d, &grp->methods[method], &grp->details[method]);
    }
}

/* A dataset block: (set label, family or NULL, kind). */
typedef struct block {
    const char *set, *family;
    int kind;
} block;

/* The family of a group that makes its own block: every family (by_family 1), the
 * scenes of the simulation set (by_family 2: n-body-simulation, cloth-funnel, ...), or
 * none (0). */
static const char *block_family(const ccd_run_group *g, int by_family)
{
    if (by_family == 2)
        return strcmp(ccd_result_set_label(g->set), "simulation") == 0 ? g->family : NULL;
    return by_family ? g->family : NULL;
}

/* Distinct blocks in order: sets in order of appearance, VF before EE. */
static size_t collect_blocks(block **out, const ccd_paper_column *cols, size_t ncols,
                             int by_family)
{
    size_t cap = 8, n = 0;
    block *b = malloc(cap * sizeof *b);
    /* Sets (and families) in order of first appearance over all columns. */
    for (size_t c = 0; b && c < ncols; c++) {
        const ccd_run_stats *s = cols[c].stats;
        for (size_t g = 0; s && g < s->group_count; g++) {
            const char *set = ccd_result_set_label(s->groups[g].set);
            const char *family = block_family(&s->groups[g], by_family);
            for (int kind = 0; kind < 2; kind++) {
                int seen = 0;
                for (size_t i = 0; i < n && !seen; i++)
                    seen = strcmp(b[i].set, set) == 0 && b[i].kind == kind &&
                           (!family || (b[i].family && strcmp(b[i].family, family) == 0));
                int present = 0;
                for (size_t h = 0; h < s->group_count && !present; h++)
                    present = (int)s->groups[h].kind == kind &&
                              strcmp(ccd_result_set_label(s->groups[h].set), set) == 0 &&
                              (!family || strcmp(s->groups[h].family, family) == 0);
                if (seen || !present)
                    continue;
                if (n == cap) {
                    block *bigger = realloc(b, (cap *= 2) * sizeof *b);
                    if (!bigger) {
                        free(b);
                        return (size_t)-1;
                    }
                    b = bigger;
                }
                b[n++] = (block){set, family, kind};
            }
        }
    }
    *out = b;
    return b ? n : (size_t)-1;
}

/* Distinct method names (and their headings) and sweep values, in order of
 * first appearance. */
static size_t distinct_methods(const char **names, const char **labels,
                               const ccd_paper_column *cols, size_t ncols)
{
    size_t n = 0;
    for (size_t c = 0; c < ncols; c++) {
        size_t i = 0;
        while (i < n && strcmp(names[i], cols[c].method) != 0)
            i++;
        if (i == n) {
            labels[n] = cols[c].label ? cols[c].label : cols[c].method;
            names[n++] = cols[c].method;
        }
    }
    return n;
}

/* The column of method at sweep value v, or NULL. */
static const ccd_paper_column *column_of(const ccd_paper_column *cols, size_t ncols,
                                         const char *method, double v)
{
    for (size_t c = 0; c < ncols; c++)
        if (strcmp(cols[c].method, method) == 0 &&
            (cols[c].sweep_value == v || (isnan(v) && isnan(cols[c].sweep_value))))
            return &cols[c];
    return NULL;
}

/* Cell k (0: mean µs, 1: FP, 2: FN) of col on block b: "-" when no query of b
 * ran, "n/a" when the method is not available (malloc'd; NULL when out of memory). */
static char *cell_of(const ccd_paper_column *col, const block *b, int k, int precise);

static size_t distinct_values(double *values, const ccd_paper_column *cols, size_t ncols)
{
    size_t n = 0;
    for (size_t c = 0; c < ncols; c++) {
        double v = cols[c].sweep_value;
        size_t i = 0;
        while (i < n && !(values[i] == v || (isnan(values[i]) && isnan(v))))
            i++;
        if (i == n)
            values[n++] = v;
    }
    return n;
}

static int alloc_shape(ccd_report_table *t, size_t columns, size_t rows)
{
    memset(t, 0, sizeof *t);
    t->columns = columns;
    t->rows = rows;
    char **header = calloc(columns + 1, sizeof *header);
    char **title = calloc(columns + 1, sizeof *title);
    unsigned char *numeric = calloc(columns + 1, 1);
    t->cells = calloc(rows * columns + 1, sizeof *t->cells);
    t->header = (const char *const *)header;
    t->title = (const char *const *)title;
    t->numeric = numeric;
    return header && title && numeric && t->cells ? 0 : -1;
}

static int set_column(ccd_report_table *t, size_t c, const char *header, const char *title,
                      int numeric)
{
    char **h = (char **)t->header, **ti = (char **)t->title;
    h[c] = strdup(header);
    ti[c] = strdup(title);
    ((unsigned char *)t->numeric)[c] = (unsigned char)numeric;
    return h[c] && ti[c] ? 0 : -1;
}

void ccd_paper_table_free(ccd_report_table *t)
{
    char **h = (char **)t->header, **ti = (char **)t->title;
    for (size_t c = 0; c < t->columns; c++) {
        if (h)
            free(h[c]);
        if (ti)
            free(ti[c]);
    }
    free(h);
    free(ti);
    free((unsigned char *)t->numeric);
    t->header = t->title = NULL;
    t->numeric = NULL;
    ccd_report_table_free(t);
}

static char *block_name(const block *b, const ccd_run_stats *s)
{
    uint64_t queries = 0; /* not methods[0]'s: it may have no rows here (several files) */
    for (size_t g = 0; g < s->group_count; g++)
        if ((int)s->groups[g].kind == b->kind &&
            strcmp(ccd_result_set_label(s->groups[g].set), b->set) == 0 &&
            (!b->family || strcmp(s->groups[g].family, b->family) == 0))
            queries += ccd_result_group_size(&s->groups[g], s->method_count);
    return ccd_report_printf("%s%s%s %s (%llu)", b->set, b->family ? " " : "", b->family ? b->family : "",
                  b->kind == CCD_VF ? "VF" : "EE", (unsigned long long)queries);
}

/* The grid both tables lay out: dataset blocks × sweep values down, methods across. */
typedef struct paper_grid {
    block *blocks;
    size_t nblocks;
    const char **methods, **labels; /* distinct method names and their headings */
    size_t nmethods;
    double *values; /* distinct sweep values (NaN: no sweep) */
    size_t nvalues;
} paper_grid;

static void grid_free(paper_grid *g)
{
    free(g->blocks);
    free(g->methods);
    free(g->labels);
    free(g->values);
}

static int grid_init(paper_grid *g, const ccd_paper_column *cols, size_t ncols, int by_family)
{
    memset(g, 0, sizeof *g);
    g->methods = calloc(ncols + 1, sizeof *g->methods);
    g->labels = calloc(ncols + 1, sizeof *g->labels);
    g->values = calloc(ncols + 1, sizeof *g->values);
    g->nblocks = collect_blocks(&g->blocks, cols, ncols, by_family);
    if (!g->methods || !g->labels || !g->values || g->nblocks == (size_t)-1) {
        if (g->nblocks == (size_t)-1)
            g->blocks = NULL;
        grid_free(g);
        return -1;
    }
    g->nmethods = distinct_methods(g->methods, g->labels, cols, ncols);
    g->nvalues = distinct_values(g->values, cols, ncols);
    return 0;
}

/* A cell function: part k of col on block b (cell_of, ms_cell_of). */
typedef char *paper_cell_fn(const ccd_paper_column *col, const block *b, int k, int precise);

/* The cells of one grid row: for each method m and part k in [k0, k0 + nk),
 * cell[first + m·nk + (k − k0)] = part(col, block, k); cell[0] the block's name.
 * Returns whether every cell was allocated. */
static int grid_row(char **cell, const paper_grid *g, const ccd_paper_column *cols, size_t ncols,
                    size_t b, size_t v, size_t first, paper_cell_fn *part, int k0, int nk,
                    int precise)
{
    const ccd_run_stats *any = NULL;
    for (size_t m = 0; m < g->nmethods; m++) {
        const ccd_paper_column *col = column_of(cols, ncols, g->methods[m], g->values[v]);
        if (col && !any)
            any = col->stats;
        for (int k = 0; k < nk; k++)
            cell[first + m * (size_t)nk + (size_t)k] =
                col ? part(col, &g->blocks[b], k0 + k, precise) : strdup("-");
    }
    cell[0] = any ? block_name(&g->blocks[b], any) : strdup("-");
    int ok = cell[0] != NULL;
    for (size_t c = first; c < first + g->nmethods * (size_t)nk; c++)
        ok = ok && cell[c];
    return ok;
}

int ccd_paper_table(ccd_report_table *t, const ccd_paper_column *cols, size_t ncols,
                    const char *sweep_name, int by_family, int precise)
{
    paper_grid g;
    memset(t, 0, sizeof *t);
    if (grid_init(&g, cols, ncols, by_family) != 0)
        return -1;
    size_t lead = sweep_name ? 3 : 2;
    int ok = alloc_shape(t, lead + g.nmethods, g.nblocks * g.nvalues * 3) == 0;
    ok = ok && set_column(t, 0, "dataset", "dataset", 0) == 0;
    if (sweep_name)
        ok = ok && set_column(t, 1, sweep_name, sweep_name, 1) == 0;
    ok = ok && set_column(t, lead - 1, "row", "", 0) == 0;
    for (size_t m = 0; ok && m < g.nmethods; m++)
        ok = set_column(t, lead + m, g.labels[m], g.labels[m], 1) == 0;
    static const char *const row_names[3] = {"t", "FP", "FN"};
    size_t row = 0;
    for (size_t b = 0; ok && b < g.nblocks; b++)
        for (size_t v = 0; ok && v < g.nvalues; v++)
            for (int k = 0; ok && k < 3; k++, row++) {
                char **cell = t->cells + row * t->columns;
                ok = grid_row(cell, &g, cols, ncols, b, v, lead, cell_of, k, 1, precise);
                if (sweep_name)
                    ok = (cell[1] = ccd_report_printf("%g", g.values[v])) && ok;
                ok = (cell[lead - 1] = strdup(row_names[k])) && ok;
            }
    if (!ok)
        ccd_paper_table_free(t);
    grid_free(&g);
    return ok ? 0 : -1;
}

static char *cell_of(const ccd_paper_column *col, const block *b, int k, int precise)
{
    if (!col->stats)
        return strdup("n/a");
    ccd_method_stats s;
    ccd_method_detail d;
    ccd_paper_aggregate(&s, &d, col->stats, col->index, b->set, b->family, b->kind);
    if (s.queries == 0)
        return strdup("-");
    if (k == 0)
        return ccd_report_printf(precise ? "%.9g" : "%.2f", ccd_method_stats_mean_us(&s));
    return ccd_report_printf("%llu", (unsigned long long)(k == 1 ? s.false_positives
                                                                 : s.false_negatives));
}

int ccd_paper_table2(ccd_report_table *t, const ccd_paper_column *cols, size_t ncols,
                     int by_family, int precise)
{
    paper_grid g;
    memset(t, 0, sizeof *t);
    if (grid_init(&g, cols, ncols, by_family) != 0)
        return -1;
    int ok = alloc_shape(t, 2 + 3 * g.nmethods, g.nblocks * g.nvalues) == 0;
    ok = ok && set_column(t, 0, "dataset", "dataset", 0) == 0 &&
         set_column(t, 1, "d", "d", 1) == 0;
    static const char *const parts[3] = {"t", "FP", "FN"};
    for (size_t m = 0; ok && m < g.nmethods; m++)
        for (int k = 0; ok && k < 3; k++) {
            char *heading = ccd_report_printf("%s %s", g.labels[m], parts[k]);
            ok = heading && set_column(t, 2 + 3 * m + (size_t)k, heading, heading, 1) == 0;
            free(heading);
        }
    size_t row = 0;
    for (size_t b = 0; ok && b < g.nblocks; b++)
        for (size_t v = 0; ok && v < g.nvalues; v++, row++) {
            char **cell = t->cells + row * t->columns;
            ok = grid_row(cell, &g, cols, ncols, b, v, 2, cell_of, 0, 3, precise);
            ok = (cell[1] = ccd_report_printf("%g", g.values[v])) && ok;
        }
    if (!ok)
        ccd_paper_table_free(t);
    grid_free(&g);
    return ok ? 0 : -1;
}

/* Cell k of the minimum-separation sweep (0: mean µs, 1: p99 µs, 2: queries stopped
 * at m_I, 3: FP, 4: FN) of col on block b, as cell_of. */
static char *ms_cell_of(const ccd_paper_column *col, const block *b, int k, int precise)
{
    if (!col->stats)
        return strdup("n/a");
    ccd_method_stats s;
    ccd_method_detail d;
    ccd_paper_aggregate(&s, &d, col->stats, col->index, b->set, b->family, b->kind);
    if (s.queries == 0)
        return strdup("-");
    const char *num = precise ? "%.9g" : "%.2f";
    switch (k) {
    case 0: return ccd_report_printf(num, ccd_method_stats_mean_us(&s));
    case 1: return ccd_report_printf(num, ccd_method_stats_quantile_us(&s, 0.99));
    case 2: return ccd_report_printf("%llu", (unsigned long long)s.hit_max_checks);
    case 3: return ccd_report_printf("%llu", (unsigned long long)s.false_positives);
    default: return ccd_report_printf("%llu", (unsigned long long)s.false_negatives);
    }
}

enum { MS_PARTS = 5 };

int ccd_paper_ms_sweep_table(ccd_report_table *t, const ccd_paper_column *cols, size_t ncols,
                             int precise)
{
    paper_grid g;
    memset(t, 0, sizeof *t);
    if (grid_init(&g, cols, ncols, 2) != 0)
        return -1;
    int ok = alloc_shape(t, 2 + MS_PARTS * g.nmethods, g.nblocks * g.nvalues) == 0;
    ok = ok && set_column(t, 0, "dataset", "dataset", 0) == 0 &&
         set_column(t, 1, "d", "d", 1) == 0;
    static const char *const headers[MS_PARTS] = {"mean_us", "p99_us", "mi_hits", "fp", "fn"};
    static const char *const titles[MS_PARTS] = {"mean µs", "p99 µs", "m_I hits", "FP", "FN"};
    for (size_t m = 0; ok && m < g.nmethods; m++)
        for (int k = 0; ok && k < MS_PARTS; k++) {
            char *header = ccd_report_printf("%s %s", g.labels[m], headers[k]);
            char *title = ccd_report_printf("%s %s", g.labels[m], titles[k]);
            ok = header && title &&
                 set_column(t, 2 + MS_PARTS * m + (size_t)k, header, title, 1) == 0;
            free(header);
            free(title);
        }
    size_t row = 0;
    for (size_t b = 0; ok && b < g.nblocks; b++)
        for (size_t v = 0; ok && v < g.nvalues; v++, row++) {
            char **cell = t->cells + row * t->columns;
            ok = grid_row(cell, &g, cols, ncols, b, v, 2, ms_cell_of, 0, MS_PARTS, precise);
            ok = (cell[1] = ccd_report_printf("%g", g.values[v])) && ok;
        }
    if (!ok)
        ccd_paper_table_free(t);
    grid_free(&g);
    return ok ? 0 : -1;
}

/* The index of the method called name in stats, or -1. */
static long method_index(const ccd_run_stats *stats, const char *name)
{
    for (size_t m = 0; m < stats->method_count; m++)
        if (strcmp(stats->methods[m]->name, name) == 0)
            return (long)m;
    return -1;
}

int ccd_paper_preset_table(ccd_report_table *t, const ccd_preset *p, const ccd_result_run *runs,
                           size_t n, int all_columns, int precise)
{
    size_t cap = 0;
    for (size_t r = 0; r < n; r++)
        cap += p->column_count + runs[r].stats.method_count;
    ccd_paper_column *cols = calloc(cap + 1, sizeof *cols);
    size_t ncols = 0;
    memset(t, 0, sizeof *t);
    if (!cols)
        return -1;
    for (size_t r = 0; r < n; r++) {
        const ccd_run_stats *s = &runs[r].stats;
        double value = p->sweep ? runs[r].sweep_value : NAN;
        for (size_t c = 0; c < p->column_count; c++) {
            long m = method_index(s, p->columns[c].method);
            if (m >= 0 || all_columns)
                cols[ncols++] = (ccd_paper_column){p->columns[c].method, m >= 0 ? s : NULL,
                                                   m >= 0 ? (size_t)m : 0, value,
                                                   p->columns[c].label};
        }
        for (size_t m = 0; m < s->method_count; m++) /* a --methods addition, e.g. a plugin's */
            if (!ccd_preset_label(p, s->methods[m]->name))
                cols[ncols++] = (ccd_paper_column){s->methods[m]->name, s, m, value, NULL};
    }
    CCD_ASSERT(ncols <= cap);
    int rc = p->shape == CCD_PRESET_SHAPE_MS_SWEEP ? ccd_paper_ms_sweep_table(t, cols, ncols, precise)
             : p->shape == CCD_PRESET_SHAPE_TABLE2 ? ccd_paper_table2(t, cols, ncols, 0, precise)
                                                   : ccd_paper_table(t, cols, ncols, NULL, 0, precise);
    free(cols);
    return rc;
}

enum { SWEEP_COLUMNS = 12 };

int ccd_paper_sweep_table(ccd_report_table *t, const ccd_result_run *runs, size_t n,
                          const char *param, int precise)
{
    static const char *const headers[SWEEP_COLUMNS] = {
        "dataset", "value", "method", "queries", "mean_us", "min_us", "max_us", "fp", "fn",
        "early_termination_pct", "tolerance_mean", "tolerance_max"};
    static const char *const titles[SWEEP_COLUMNS] = {
        "dataset", "value", "method", "queries", "mean µs", "min µs", "max µs", "FP", "FN",
        "early stop %", "mean tolerance", "max tolerance"};
    static const unsigned char numeric[SWEEP_COLUMNS] = {0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    memset(t, 0, sizeof *t);
    if (n == 0)
        return -1;
    /* Datasets: set labels in order of appearance (VF and EE together). */
    const ccd_run_stats *s0 = &runs[0].stats;
    const char **sets = calloc(s0->group_count + 1, sizeof *sets);
    size_t nsets = 0;
    if (!sets)
        return -1;
    for (size_t g = 0; g < s0->group_count; g++) {
        const char *label = ccd_result_set_label(s0->groups[g].set);
        size_t i = 0;
        while (i < nsets && strcmp(sets[i], label) != 0)
            i++;
        if (i == nsets)
            sets[nsets++] = label;
    }
    if (alloc_shape(t, SWEEP_COLUMNS, nsets * n * s0->method_count) != 0) {
        free(sets);
        ccd_paper_table_free(t);
        return -1;
    }
    int ok = 1;
    for (size_t c = 0; c < SWEEP_COLUMNS && ok; c++)
        ok = set_column(t, c, headers[c], c == 1 ? param : titles[c], numeric[c]) == 0;
    size_t row = 0;
    for (size_t si = 0; ok && si < nsets; si++)
        for (size_t r = 0; ok && r < n; r++)
            for (size_t m = 0; ok && m < runs[r].stats.method_count; m++, row++) {
                ccd_method_stats s, part;
                ccd_method_detail d, part_detail;
                ccd_method_stats_init(&s);
                ccd_method_detail_init(&d);
                for (int kind = 0; kind < 2; kind++) {
                    ccd_paper_aggregate(&part, &part_detail, &runs[r].stats, m, sets[si], NULL,
                                        kind);
                    ccd_result_stats_add(&s, &d, &part, &part_detail);
                }
                char **cell = t->cells + row * t->columns;
                const char *num = precise ? "%.9g" : "%.3f";
                double q = s.queries ? (double)s.queries : 1;
                cell[0] = strdup(sets[si]);
                cell[1] = ccd_report_printf("%g", runs[r].sweep_value);
                cell[2] = strdup(runs[r].stats.methods[m]->name);
                cell[3] = ccd_report_printf("%llu", (unsigned long long)s.queries);
                cell[4] = ccd_report_printf(num, ccd_method_stats_mean_us(&s));
                cell[5] = ccd_report_printf(num, s.queries ? (double)d.time_min_ns / 1e3 : 0.0);
                cell[6] = ccd_report_printf(num, ccd_method_stats_max_us(&s));
                cell[7] = ccd_report_printf("%llu", (unsigned long long)s.false_positives);
                cell[8] = ccd_report_printf("%llu", (unsigned long long)s.false_negatives);
                cell[9] = ccd_report_printf(precise ? "%.9g" : "%.4f", 100.0 * (double)s.hit_max_checks / q);
                cell[10] = ccd_report_printf(precise ? "%.9g" : "%.3g",
                                  ccd_fixed_sum_value(&d.tolerance_sum) / q);
                cell[11] = ccd_report_printf(precise ? "%.9g" : "%.3g", d.tolerance_max);
                for (size_t c = 0; c < SWEEP_COLUMNS; c++)
                    ok = ok && cell[c];
            }
    free(sets);
    if (!ok) {
        ccd_paper_table_free(t);
        return -1;
    }
    return 0;
}
