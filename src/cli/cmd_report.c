/* SPDX-License-Identifier: MIT */
/* `ccdbench report FILE...`: the paper's tables and figures from result files. */
#include <config.h>

#include "bench/result_file.h"
#include "cli/cli.h"
#include "core/atomic_file.h"
#include "report/figures.h"
#include "report/paper.h"
#include "report/result_union.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage[] =
    "Usage: ccdbench report [OPTION]... RESULT.json...\n"
    "Turn result files (ccdbench run --json) into the tables and figures of\n"
    "Wang et al. 2021 (the CCD benchmark paper):\n"
    "  Table 1   per dataset (handcrafted/simulation x VF/EE): t (mean µs), FP, FN\n"
    "            per method\n"
    "  Table 2   the same per minimum separation d (from a run --sweep ms=...)\n"
    "  stats     per set, family, kind and method: median/p99/max time, max-checks\n"
    "            hits, toi conservativeness violations, mean/max gap to the exact toi\n"
    "  sweep-P   per swept value: mean/min/max time, FP, FN, early stops, tolerance\n"
    "  figures   fig1 (time/FP/FN per method), fig7-METHOD (time histograms of\n"
    "            positive and negative queries), fig8 and fig15 (from a delta sweep),\n"
    "            fig9 (from a max-checks sweep), fig11 (from an ms sweep): NAME.dat +\n"
    "            NAME.gp + NAME.svg + NAME.png, drawn with gnuplot\n"
    "\n"
    "  --format F        text (default), markdown, csv, json or latex for stdout\n"
    "  --output-dir DIR  write every table in every format and the figures into DIR\n"
    "                    instead of printing\n"
    "  --by-family       Table 1 and 2 per family as well as per dataset\n"
    "  --figure-method M the method of Figures 8, 9, 11 (default tight-inclusion)\n"
    "  --gnuplot PROG    the gnuplot to render with (default gnuplot)\n"
    "  --no-render       write the .dat and .gp files but do not run gnuplot\n"
    "  --help            show this help\n"
    "\n"
    "Several files make one set of tables, taken in the order of their paths. A\n"
    "shard (merge the shards first), files with rows of the same set, family, kind\n"
    "and method, and dataset rows that would compare different queries are refused.\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure (gnuplot failing), 2 bad input or usage\n"
    "(a malformed result file: path:line:column: what is wrong; files that cannot\n"
    "share the tables: path: why).\n";

enum { OPT_FORMAT = 256, OPT_OUTPUT_DIR, OPT_BY_FAMILY, OPT_FIGURE_METHOD, OPT_GNUPLOT,
       OPT_NO_RENDER, OPT_HELP };

typedef struct report_options {
    ccd_report_format format;
    const char *dir, *gnuplot, *figure_method;
    int by_family, render;
} report_options;

/* One named table. */
typedef struct named_table {
    char *name;  /* file stem: table1, table2, stats, sweep-delta, ... */
    char *title; /* heading */
    ccd_report_table table;
    int paper;   /* allocated by paper.h (ccd_paper_table_free) */
} named_table;

static const char *const extensions[] = {"txt", "md", "csv", "json", "tex"};

static ccd_status write_table_file(ccd_error *err, const char *dir, const named_table *t,
                                   ccd_report_format format)
{
    char *path = NULL;
    if (asprintf(&path, "%s/%s.%s", dir, t->name, extensions[format]) < 0)
        return ccd_error_set(err, CCD_ERR_INTERNAL, dir, 0, 0, "out of memory");
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

static void print_table(const named_table *t, ccd_report_format format, int first)
{
    if (!first)
        putchar('\n');
    if (format == CCD_FORMAT_TEXT)
        printf("%s\n\n", t->title);
    else if (format == CCD_FORMAT_MARKDOWN)
        printf("### %s\n\n", t->title);
    else if (format == CCD_FORMAT_LATEX)
        printf("%% %s\n", t->title);
    ccd_report_write_table(stdout, &t->table, format);
}

static int parse(report_options *o, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, OPT_FORMAT},
        {"output-dir", required_argument, NULL, OPT_OUTPUT_DIR},
        {"by-family", no_argument, NULL, OPT_BY_FAMILY},
        {"figure-method", required_argument, NULL, OPT_FIGURE_METHOD},
        {"gnuplot", required_argument, NULL, OPT_GNUPLOT},
        {"no-render", no_argument, NULL, OPT_NO_RENDER},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0},
    };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_FORMAT:
            if (ccd_report_format_parse(&o->format, optarg) != 0)
                return ccd_cli_usage_error(
                    "--format: '%s' is not text, markdown, csv, json or latex", optarg);
            break;
        case OPT_OUTPUT_DIR: o->dir = optarg; break;
        case OPT_BY_FAMILY: o->by_family = 1; break;
        case OPT_FIGURE_METHOD: o->figure_method = optarg; break;
        case OPT_GNUPLOT: o->gnuplot = optarg; break;
        case OPT_NO_RENDER: o->render = 0; break;
        case OPT_HELP: fputs(usage, stdout); return CCD_EXIT_OK;
        default: return ccd_cli_bad_option("report", argv, optopt);
        }
    }
    if (optind >= argc)
        return ccd_cli_usage_error("report: expected one or more result files (see --help)");
    return -1;
}

static int add_table(named_table *tables, size_t *n, const char *name, const char *title,
                     int paper)
{
    tables[*n].name = strdup(name);
    tables[*n].title = strdup(title);
    tables[*n].paper = paper;
    if (!tables[*n].name || !tables[*n].title) {
        free(tables[*n].name);
        free(tables[*n].title);
        return -1;
    }
    (*n)++;
    return 0;
}

/* Columns of the union of the files' runs with this sweep and value: one per method. */
static size_t union_columns(ccd_paper_column *cols, const ccd_result_union *u, double value)
{
    for (size_t m = 0; m < u->stats.method_count; m++)
        cols[m] = (ccd_paper_column){u->stats.methods[m]->name, &u->stats, m, value};
    return u->stats.method_count;
}

static int compare_paths(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* --dir before any work: created, and a file in it can be written.  Returns the
 * exit status; *made is set when the directory was created here. */
static int prepare_dir(int *made, const char *dir)
{
    ccd_error err;
    *made = mkdir(dir, 0777) == 0;
    if (!*made && errno != EEXIST) {
        ccd_error_set(&err, CCD_ERR_INPUT, dir, 0, 0, "cannot create: %s", strerror(errno));
        return ccd_cli_fail(&err);
    }
    char *probe = NULL;
    if (asprintf(&probe, "%s/%s.%s", dir, "table1", extensions[0]) < 0)
        return ccd_cli_out_of_memory();
    ccd_status st = ccd_atomic_file_check(&err, probe);
    free(probe);
    return st == CCD_OK ? CCD_EXIT_OK : ccd_cli_fail(&err);
}

int ccd_cmd_report(int argc, char **argv)
{
    report_options o = {.format = CCD_FORMAT_TEXT, .gnuplot = "gnuplot",
                        .figure_method = "tight-inclusion", .render = 1};
    int status = parse(&o, argc, argv);
    if (status >= 0)
        return status;
    size_t ndocs = (size_t)(argc - optind), loaded = 0, ntables = 0, total_methods = 0;
    size_t total_runs = 0, nunions = 0;
    ccd_result_doc *docs = calloc(ndocs, sizeof *docs);
    ccd_result_union *unions = NULL;
    named_table *tables = NULL;
    ccd_paper_column *cols = NULL;
    ccd_error err;
    status = CCD_EXIT_OK;
    if (!docs)
        return ccd_cli_out_of_memory();
    /* In the order of the paths: nothing printed depends on the order given. */
    qsort(argv + optind, ndocs, sizeof *argv, compare_paths);
    int made_dir = 0; /* --dir created here: removed again when the report fails */
    if (o.dir && (status = prepare_dir(&made_dir, o.dir)) != CCD_EXIT_OK)
        goto done;
    for (; loaded < ndocs; loaded++)
        if (ccd_result_read(&docs[loaded], &err, argv[optind + (int)loaded]) != CCD_OK) {
            status = ccd_cli_fail(&err);
            goto done;
        }
    if (ccd_result_union_check(&err, docs, ndocs) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    for (size_t d = 0; d < ndocs; d++) {
        total_methods += docs[d].run_count * docs[d].header.method_count;
        total_runs += docs[d].run_count;
    }
    tables = calloc(2 * ndocs + 8, sizeof *tables);
    cols = calloc(total_methods + 1, sizeof *cols);
    unions = calloc(total_runs + 2, sizeof *unions);
    if (!tables || !cols || !unions) {
        status = ccd_cli_out_of_memory();
        goto done;
    }
    int precise = o.format == CCD_FORMAT_CSV || o.format == CCD_FORMAT_JSON;
    if (o.dir)
        precise = 0; /* files: the tables as printed; result files keep full precision */

    /* Table 1: the runs without a sweep, side by side. */
    if (ccd_result_union_build(&unions[nunions], &err, docs, ndocs, NULL, NAN) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    size_t ncols1 = union_columns(cols, &unions[nunions++], NAN);
    if (ncols1) {
        for (int fam = 0; fam <= o.by_family; fam++) {
            named_table *t = &tables[ntables];
            if (ccd_paper_table(&t->table, cols, ncols1, NULL, fam, precise) != 0 ||
                add_table(tables, &ntables, fam ? "table1-families" : "table1",
                          fam ? "Table 1 per family: mean time t (µs), false positives, false negatives"
                              : "Table 1: mean time t (µs), false positives (FP), false negatives (FN)",
                          1) != 0) {
                status = ccd_cli_out_of_memory();
                goto done;
            }
        }
    }
    /* Table 2: every value of the ms sweeps, in order of appearance. */
    ccd_paper_column *cols2 = cols + ncols1;
    size_t ncols2 = 0;
    for (size_t d = 0; d < ndocs; d++) {
        if (!docs[d].header.sweep || strcmp(docs[d].header.sweep, "ms") != 0)
            continue;
        for (size_t r = 0; r < docs[d].run_count; r++) {
            double value = docs[d].runs[r].sweep_value;
            int seen = 0;
            for (size_t c = 0; c < ncols2 && !seen; c++)
                seen = cols2[c].sweep_value == value;
            if (seen)
                continue;
            if (ccd_result_union_build(&unions[nunions], &err, docs, ndocs, "ms", value) != CCD_OK) {
                status = ccd_cli_fail(&err);
                goto done;
            }
            ncols2 += union_columns(cols2 + ncols2, &unions[nunions++], value);
        }
    }
    if (ncols2) {
        for (int fam = 0; fam <= o.by_family; fam++) {
            named_table *t = &tables[ntables];
            if (ccd_paper_table(&t->table, cols2, ncols2, "d", fam, precise) != 0 ||
                add_table(tables, &ntables, fam ? "table2-families" : "table2",
                          "Table 2: minimum separation d: mean time t (µs), FP, FN", 1) != 0) {
                status = ccd_cli_out_of_memory();
                goto done;
            }
        }
    }
    /* Beyond the paper: the full statistics of every run without a sweep. */
    for (size_t d = 0; d < ndocs; d++) {
        if (docs[d].header.sweep)
            continue;
        named_table *t = &tables[ntables];
        char name[32], title[512];
        snprintf(name, sizeof name, ndocs > 1 ? "stats-%zu" : "stats", d + 1);
        snprintf(title, sizeof title, "Statistics beyond the paper (%s): median/p99/max time, "
                 "max-checks hits, toi violations and gaps", docs[d].path);
        if (ccd_report_table_make(&t->table, &docs[d].runs[0].stats, precise) != 0 ||
            add_table(tables, &ntables, name, title, 0) != 0) {
            status = ccd_cli_out_of_memory();
            goto done;
        }
    }
    /* Sweep tables */
    for (size_t d = 0; d < ndocs; d++) {
        const char *sweep = docs[d].header.sweep;
        if (!sweep)
            continue;
        named_table *t = &tables[ntables];
        char name[64], title[512];
        snprintf(name, sizeof name, "sweep-%s", sweep);
        for (size_t e = 0; e < d; e++)
            if (docs[e].header.sweep && strcmp(docs[e].header.sweep, sweep) == 0)
                snprintf(name, sizeof name, "sweep-%s-%zu", sweep, d + 1);
        snprintf(title, sizeof title, "Sweep over %s (%s): mean/min/max time (µs), FP, FN, "
                 "early termination, tolerance reached", sweep, docs[d].path);
        if (ccd_paper_sweep_table(&t->table, docs[d].runs, docs[d].run_count, sweep, precise) != 0 ||
            add_table(tables, &ntables, name, title, 1) != 0) {
            status = ccd_cli_out_of_memory();
            goto done;
        }
    }

    if (!o.dir) {
        for (size_t i = 0; i < ntables; i++)
            print_table(&tables[i], o.format, i == 0);
        status = CCD_EXIT_OK;
        goto done;
    }
    for (size_t i = 0; i < ntables; i++)
        for (int fmt = 0; fmt < 5; fmt++)
            if (write_table_file(&err, o.dir, &tables[i], (ccd_report_format)fmt) != CCD_OK) {
                status = ccd_cli_fail(&err);
                goto done;
            }
    ccd_figures fig = {.dir = o.dir, .gnuplot = o.render ? o.gnuplot : NULL};
    ccd_status st = CCD_OK;
    if (ncols1) {
        st = ccd_figure_overview(&fig, &err, cols, ncols1);
        if (st == CCD_OK)
            st = ccd_figure_histograms(&fig, &err, cols, ncols1);
    }
    /* Figure 8: the first delta sweep with the figure method; Figure 15: the
     * first delta sweep of several methods (Wang et al. 2021: Ours, UIRF and IRF). */
    int have_fig8 = 0, have_fig15 = 0;
    for (size_t d = 0; st == CCD_OK && d < ndocs; d++) {
        const char *sweep = docs[d].header.sweep;
        if (!sweep)
            continue;
        if (strcmp(sweep, "delta") == 0) {
            const ccd_result_header *h = &docs[d].header;
            int has_method = 0;
            for (size_t m = 0; m < h->method_count; m++)
                has_method |= strcmp(h->methods[m]->name, o.figure_method) == 0;
            if (has_method && !have_fig8) {
                st = ccd_figure_sweep_range(&fig, &err, "fig8", &docs[d], o.figure_method);
                have_fig8 = 1;
            }
            if (st == CCD_OK && h->method_count > 1 && !have_fig15) {
                st = ccd_figure_delta_methods(&fig, &err, &docs[d]);
                have_fig15 = 1;
            }
        } else if (strcmp(sweep, "max-checks") == 0) {
            st = ccd_figure_max_checks(&fig, &err, &docs[d], o.figure_method);
        } else if (strcmp(sweep, "ms") == 0) {
            st = ccd_figure_sweep_range(&fig, &err, "fig11", &docs[d], o.figure_method);
        }
    }
    if (st != CCD_OK)
        status = ccd_cli_fail(&err);
    else
        printf("%zu tables and %zu figures in %s\n", ntables, fig.written, o.dir);
done:
    for (size_t i = 0; tables && i < ntables; i++) {
        if (tables[i].paper)
            ccd_paper_table_free(&tables[i].table);
        else
            ccd_report_table_free(&tables[i].table);
        free(tables[i].name);
        free(tables[i].title);
    }
    free(tables);
    free(cols);
    for (size_t u = 0; u < nunions; u++)
        ccd_result_union_free(&unions[u]);
    free(unions);
    for (size_t d = 0; d < loaded; d++)
        ccd_result_doc_free(&docs[d]);
    free(docs);
    if (made_dir && status != CCD_EXIT_OK)
        rmdir(o.dir); /* only when still empty */
    return status;
}
