/* SPDX-License-Identifier: MIT */
/* The tables and figures of a set of result files (see report_set.h). */
#include <config.h>

#include "report/report_set.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/assert.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/json_out.h"
#include "bench/preset.h"

static const char *const extensions[] = {"txt", "md", "csv", "json", "tex"};

const char *ccd_report_format_extension(ccd_report_format format)
{
    return extensions[format];
}

/* Names the table at s->tables[s->count] and counts it; -1 when out of memory. */
static int name_table(ccd_report_set *s, const char *name, const char *title, int paper)
{
    ccd_named_table *t = &s->tables[s->count];
    t->name = strdup(name);
    t->title = strdup(title);
    t->paper = paper;
    if (!t->name || !t->title) {
        free(t->name);
        free(t->title);
        if (paper)
            ccd_paper_table_free(&t->table);
        else
            ccd_report_table_free(&t->table);
        return -1;
    }
    s->count++;
    return 0;
}

/* The preset (bench/preset.h) every file of a table was run with, or NULL: the
 * files without a sweep (Table 1, ms_sweep 0) or those sweeping ms (Table 2). */
static const ccd_preset *common_preset(const ccd_report_set *s, int ms_sweep)
{
    const char *name = NULL;
    for (size_t d = 0; d < s->doc_count; d++) {
        const ccd_result_header *h = &s->docs[d].header;
        if (ms_sweep ? !h->sweep || strcmp(h->sweep, "ms") != 0 : h->sweep != NULL)
            continue;
        if (!h->preset || (name && strcmp(h->preset, name) != 0))
            return NULL;
        name = h->preset;
    }
    return name ? ccd_preset_find(name) : NULL;
}

/* Columns of a union of the files' runs: one per method, headed by the paper's
 * label when the files are a preset's. */
static size_t union_columns(ccd_paper_column *cols, const ccd_report_set *s,
                            const ccd_result_union *u, double value)
{
    const ccd_preset *p = common_preset(s, !isnan(value));
    for (size_t m = 0; m < u->stats.method_count; m++) {
        const char *name = u->stats.methods[m]->name;
        cols[m] = (ccd_paper_column){name, &u->stats, m, value,
                                     p ? ccd_preset_label(p, name) : NULL};
    }
    return u->stats.method_count;
}

void ccd_report_set_free(ccd_report_set *s)
{
    for (size_t i = 0; s->tables && i < s->count; i++) {
        if (s->tables[i].paper)
            ccd_paper_table_free(&s->tables[i].table);
        else
            ccd_report_table_free(&s->tables[i].table);
        free(s->tables[i].name);
        free(s->tables[i].title);
    }
    free(s->tables);
    free(s->columns);
    for (size_t u = 0; u < s->union_count; u++)
        ccd_result_union_free(&s->unions[u]);
    free(s->unions);
    memset(s, 0, sizeof *s);
}

/* Table 1 (and per family): the runs without a sweep, side by side. */
static ccd_status table1(ccd_report_set *s, ccd_error *err, int by_family, int precise)
{
    if (ccd_result_union_build(&s->unions[s->union_count], err, s->docs, s->doc_count, NULL,
                               NAN) != CCD_OK)
        return err->status;
    s->table1_columns = union_columns(s->columns, s, &s->unions[s->union_count++], NAN);
    for (int fam = 0; s->table1_columns && fam <= by_family; fam++)
        if (ccd_paper_table(&s->tables[s->count].table, s->columns, s->table1_columns, NULL, fam,
                            precise) != 0 ||
            name_table(s, fam ? "table1-families" : "table1",
                       fam ? "Table 1 per family: mean time t (µs), false positives, false "
                             "negatives"
                           : "Table 1: mean time t (µs), false positives (FP), false negatives "
                             "(FN)",
                       1) != 0)
            return ccd_error_oom(err, "report");
    return CCD_OK;
}

/* Table 2 (and per family): every value of the ms sweeps, in order of appearance. */
static ccd_status table2(ccd_report_set *s, ccd_error *err, int by_family, int precise)
{
    ccd_paper_column *cols = s->columns + s->table1_columns;
    size_t ncols = 0;
    for (size_t d = 0; d < s->doc_count; d++) {
        const ccd_result_doc *doc = &s->docs[d];
        if (!doc->header.sweep || strcmp(doc->header.sweep, "ms") != 0)
            continue;
        for (size_t r = 0; r < doc->run_count; r++) {
            double value = doc->runs[r].sweep_value;
            int seen = 0;
            for (size_t c = 0; c < ncols && !seen; c++)
                seen = cols[c].sweep_value == value;
            if (seen)
                continue;
            if (ccd_result_union_build(&s->unions[s->union_count], err, s->docs, s->doc_count,
                                       "ms", value) != CCD_OK)
                return err->status;
            ncols += union_columns(cols + ncols, s, &s->unions[s->union_count++], value);
        }
    }
    const ccd_preset *p = common_preset(s, 1);
    char title[256];
    snprintf(title, sizeof title, "Table 2: minimum separation d: mean time t (µs), FP, FN%s",
             p && p->plain_truth ? " against the d = 0 truth (as the paper counted them)"
                                 : "");
    if (p && p->shape == CCD_PRESET_SHAPE_MS_SWEEP) {
        if (ncols && (ccd_paper_ms_sweep_table(&s->tables[s->count].table, cols, ncols,
                                               precise) != 0 ||
                      name_table(s, "ms-sweep",
                                 "Minimum-separation sweep: mean and p99 time (µs), queries "
                                 "stopped at m_I, FP and FN against the truth at d",
                                 1) != 0))
            return ccd_error_oom(err, "report");
        return CCD_OK;
    }
    for (int fam = 0; ncols && fam <= by_family; fam++)
        if (ccd_paper_table2(&s->tables[s->count].table, cols, ncols, fam, precise) != 0 ||
            name_table(s, fam ? "table2-families" : "table2", title, 1) != 0)
            return ccd_error_oom(err, "report");
    return CCD_OK;
}

/* Beyond the paper: the full statistics of every file without a sweep, and one
 * table per sweep file. */
static ccd_status stats_and_sweeps(ccd_report_set *s, ccd_error *err, int precise)
{
    size_t ndocs = s->doc_count;
    for (size_t d = 0; d < ndocs; d++) {
        const ccd_result_doc *doc = &s->docs[d];
        char name[64], title[512];
        if (!doc->header.sweep) {
            snprintf(name, sizeof name, ndocs > 1 ? "stats-%zu" : "stats", d + 1);
            snprintf(title, sizeof title, "Statistics beyond the paper (%s): median/p99/max "
                     "time, max-checks hits, toi violations and gaps", doc->path);
            if (ccd_report_table_make(&s->tables[s->count].table, &doc->runs[0].stats,
                                      precise) != 0 ||
                name_table(s, name, title, 0) != 0)
                return ccd_error_oom(err, "report");
        }
    }
    for (size_t d = 0; d < ndocs; d++) {
        const char *sweep = s->docs[d].header.sweep;
        if (!sweep)
            continue;
        char name[64], title[512];
        snprintf(name, sizeof name, "sweep-%s", sweep);
        for (size_t e = 0; e < d; e++)
            if (s->docs[e].header.sweep && strcmp(s->docs[e].header.sweep, sweep) == 0)
                snprintf(name, sizeof name, "sweep-%s-%zu", sweep, d + 1);
        snprintf(title, sizeof title, "Sweep over %s (%s): mean/min/max time (µs), FP, FN, "
                 "early termination, tolerance reached", sweep, s->docs[d].path);
        if (ccd_paper_sweep_table(&s->tables[s->count].table, s->docs[d].runs,
                                  s->docs[d].run_count, sweep, precise) != 0 ||
            name_table(s, name, title, 1) != 0)
            return ccd_error_oom(err, "report");
    }
    return CCD_OK;
}

ccd_status ccd_report_set_build(ccd_report_set *out, ccd_error *err, const ccd_result_doc *docs,
                                size_t ndocs, int by_family, int precise)
{
    memset(out, 0, sizeof *out);
    out->docs = docs;
    out->doc_count = ndocs;
    size_t total_methods = 0, total_runs = 0;
    for (size_t d = 0; d < ndocs; d++) {
        total_methods += docs[d].run_count * docs[d].header.method_count;
        total_runs += docs[d].run_count;
    }
    /* at most: Tables 1 and 2 with their per-family forms, one table per file */
    out->tables = calloc(2 * ndocs + 8, sizeof *out->tables);
    out->columns = calloc(total_methods + 1, sizeof *out->columns);
    out->unions = calloc(total_runs + 2, sizeof *out->unions);
    ccd_status st = out->tables && out->columns && out->unions ? CCD_OK
                                                               : ccd_error_oom(err, "report");
    if (st == CCD_OK)
        st = table1(out, err, by_family, precise);
    if (st == CCD_OK)
        st = table2(out, err, by_family, precise);
    if (st == CCD_OK)
        st = stats_and_sweeps(out, err, precise);
    CCD_ASSERT(st != CCD_OK || out->count <= 2 * ndocs + 8);
    if (st != CCD_OK)
        ccd_report_set_free(out);
    return st;
}

long ccd_report_set_find(const ccd_report_set *s, const char *name)
{
    for (size_t i = 0; i < s->count; i++)
        if (strcmp(s->tables[i].name, name) == 0)
            return (long)i;
    return -1;
}

/* JSON: one document, {"tool", "version", "tables": [{"name", "title", "table"}]}. */
static void print_json(FILE *out, const ccd_report_set *s, long only)
{
    fputs("{\"tool\": \"ccdbench\", \"version\": ", out);
    ccd_json_write_string(out, PACKAGE_VERSION);
    fputs(", \"tables\": [", out);
    int first = 1;
    for (size_t i = 0; i < s->count; i++) {
        if (only >= 0 && (size_t)only != i)
            continue;
        const ccd_named_table *t = &s->tables[i];
        fputs(first ? "\n{\"name\": " : ",\n{\"name\": ", out);
        first = 0;
        ccd_json_write_string(out, t->name);
        fputs(", \"title\": ", out);
        ccd_json_write_string(out, t->title);
        fputs(", \"table\": ", out);
        ccd_report_write_table(out, &t->table, CCD_FORMAT_JSON);
        fputc('}', out);
    }
    fputs("]}\n", out);
}

void ccd_report_set_print(FILE *out, const ccd_report_set *s, ccd_report_format format, long only)
{
    CCD_ASSERT(only < (long)s->count);
    if (format == CCD_FORMAT_JSON) {
        print_json(out, s, only);
        return;
    }
    CCD_ASSERT(format != CCD_FORMAT_CSV || only >= 0 || s->count <= 1);
    int first = 1;
    for (size_t i = 0; i < s->count; i++) {
        if (only >= 0 && (size_t)only != i)
            continue;
        const ccd_named_table *t = &s->tables[i];
        if (!first)
            fputc('\n', out);
        first = 0;
        if (format == CCD_FORMAT_TEXT) {
            ccd_report_write_wrapped(out, t->title);
            fputc('\n', out);
        }
        else if (format == CCD_FORMAT_MARKDOWN)
            fprintf(out, "### %s\n\n", t->title);
        else if (format == CCD_FORMAT_LATEX)
            fprintf(out, "%% %s\n", t->title);
        ccd_report_write_table(out, &t->table, format);
    }
}

static ccd_status write_table_file(ccd_error *err, const char *dir, const ccd_named_table *t,
                                   ccd_report_format format)
{
    char *path = NULL;
    if (asprintf(&path, "%s/%s.%s", dir, t->name, extensions[format]) < 0)
        return ccd_error_oom(err, dir);
    ccd_atomic_file f;
    ccd_status st = ccd_atomic_file_open(&f, err, path);
    free(path);
    if (st != CCD_OK)
        return st;
    if (format == CCD_FORMAT_MARKDOWN)
        fprintf(f.stream, "### %s\n\n", t->title);
    ccd_report_write_table(f.stream, &t->table, format);
    return ccd_atomic_file_commit(&f, err);
}

ccd_status ccd_report_set_write(ccd_error *err, const ccd_report_set *s, const char *dir)
{
    for (size_t i = 0; i < s->count; i++)
        for (int fmt = 0; fmt < 5; fmt++)
            if (write_table_file(err, dir, &s->tables[i], (ccd_report_format)fmt) != CCD_OK)
                return err->status;
    return CCD_OK;
}

ccd_status ccd_report_set_figures(ccd_figures *fig, ccd_error *err, const ccd_report_set *s,
                                  const char *figure_method)
{
    ccd_status st = CCD_OK;
    if (s->table1_columns) {
        st = ccd_figure_overview(fig, err, s->columns, s->table1_columns);
        if (st == CCD_OK)
            st = ccd_figure_histograms(fig, err, s->columns, s->table1_columns);
    }
    /* Figure 8: the first delta sweep with the figure method; Figure 15: the first
     * delta sweep of several methods (Wang et al. 2021: Ours, UIRF and IRF). */
    int have_fig8 = 0, have_fig15 = 0;
    const ccd_result_doc *delta = NULL; /* the first delta sweep */
    for (size_t d = 0; st == CCD_OK && d < s->doc_count; d++) {
        const ccd_result_doc *doc = &s->docs[d];
        const char *sweep = doc->header.sweep;
        if (!sweep)
            continue;
        if (strcmp(sweep, "delta") == 0) {
            const ccd_result_header *h = &doc->header;
            delta = delta ? delta : doc;
            int has_method = 0;
            for (size_t m = 0; m < h->method_count; m++)
                has_method |= strcmp(h->methods[m]->name, figure_method) == 0;
            if (has_method && !have_fig8) {
                st = ccd_figure_sweep_range(fig, err, "fig8", doc, figure_method);
                have_fig8 = 1;
            }
            if (st == CCD_OK && h->method_count > 1 && !have_fig15) {
                st = ccd_figure_delta_methods(fig, err, doc);
                have_fig15 = 1;
            }
        } else if (strcmp(sweep, "max-checks") == 0) {
            st = ccd_figure_max_checks(fig, err, doc, figure_method);
        } else if (strcmp(sweep, "ms") == 0 && doc->header.method_count > 1) {
            /* one pair of curves per method, under the preset's labels */
            const ccd_preset *p = doc->header.preset ? ccd_preset_find(doc->header.preset) : NULL;
            const ccd_run_stats *s0 = &doc->runs[0].stats;
            const char **labels = calloc(s0->method_count + 1, sizeof *labels);
            if (!labels)
                return ccd_error_oom(err, "report");
            for (size_t m = 0; p && m < s0->method_count; m++)
                labels[m] = ccd_preset_label(p, s0->methods[m]->name);
            st = ccd_figure_ms_methods(fig, err, doc, labels);
            free(labels);
        } else if (strcmp(sweep, "ms") == 0) {
            st = ccd_figure_sweep_range(fig, err, "fig11", doc, figure_method);
        }
    }
    if (st == CCD_OK && delta && !have_fig8 && fig->notes) {
        fprintf(fig->notes, "report: fig8 left out: no delta sweep has method '%s' "
                "(--figure-method; the first has", figure_method);
        for (size_t m = 0; m < delta->header.method_count; m++)
            fprintf(fig->notes, "%s %s", m ? "," : "", delta->header.methods[m]->name);
        fputs(")\n", fig->notes);
    }
    return st;
}
