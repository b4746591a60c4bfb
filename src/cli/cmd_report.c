/* SPDX-License-Identifier: MIT */
/* `ccdbench report FILE...`: the paper's tables and figures from result files. */
#include <config.h>

#include "bench/result_file.h"
#include "cli/cli.h"
#include "core/atomic_file.h"
#include "report/report_html.h"
#include "report/report_summary.h"
#include "report/report_set.h"

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
    "  --format F        text (default), markdown, csv, json, latex or html for\n"
    "                    stdout: one document (json: an object holding every table;\n"
    "                    csv: one table, so --table is needed when there are several;\n"
    "                    html: one self-contained page with the run summary, every\n"
    "                    table (sortable), the figures as inline SVG and the runs'\n"
    "                    parameters, machine and date, see docs/html-report.md)\n"
    "  --output FILE     write the document to FILE (atomically) instead of stdout\n"
    "  --table NAME      print only that table: table1, table1-families, table2,\n"
    "                    table2-families, stats (stats-N for the N-th of several\n"
    "                    files, in path order), sweep-P (sweep-P-N likewise)\n"
    "  --output-dir DIR  write every table in every format and the figures into DIR\n"
    "                    instead of printing\n"
    "  --by-family       Table 1 and 2 per family as well as per dataset\n"
    "  --figure-method M the method of Figures 8, 9, 11 (default tight-inclusion);\n"
    "                    a sweep without it has no such figure\n"
    "  --reference M     html: the method the summary's speed column compares with,\n"
    "                    mean time of M / mean time of the method (default\n"
    "                    tight-inclusion when it ran, else the first conservative\n"
    "                    method; the note under the table names it)\n"
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

enum { OPT_FORMAT = 256, OPT_TABLE, OPT_OUTPUT, OPT_OUTPUT_DIR, OPT_BY_FAMILY, OPT_FIGURE_METHOD, OPT_GNUPLOT,
       OPT_NO_RENDER, OPT_REFERENCE, OPT_HELP };

typedef struct report_options {
    ccd_report_format format;
    const char *dir, *gnuplot, *figure_method, *table, *output;
    const char *reference; /* --reference: the summary's speed method (html) */
    int by_family, render, html; /* html: --format html (the format of `report` only) */
} report_options;

static int parse(report_options *o, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, OPT_FORMAT},
        {"table", required_argument, NULL, OPT_TABLE},
        {"output", required_argument, NULL, OPT_OUTPUT},
        {"output-dir", required_argument, NULL, OPT_OUTPUT_DIR},
        {"by-family", no_argument, NULL, OPT_BY_FAMILY},
        {"figure-method", required_argument, NULL, OPT_FIGURE_METHOD},
        {"gnuplot", required_argument, NULL, OPT_GNUPLOT},
        {"no-render", no_argument, NULL, OPT_NO_RENDER},
        {"reference", required_argument, NULL, OPT_REFERENCE},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0},
    };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_FORMAT:
            o->html = strcmp(optarg, "html") == 0;
            if (!o->html && ccd_report_format_parse(&o->format, optarg) != 0)
                return ccd_cli_usage_error(
                    "--format: '%s' is not text, markdown, csv, json, latex or html", optarg);
            break;
        case OPT_TABLE: o->table = optarg; break;
        case OPT_OUTPUT: o->output = optarg; break;
        case OPT_OUTPUT_DIR:
            if (!optarg[0])
                return ccd_cli_usage_error("--output-dir: an empty directory name");
            o->dir = optarg;
            break;
        case OPT_BY_FAMILY: o->by_family = 1; break;
        case OPT_FIGURE_METHOD: o->figure_method = optarg; break;
        case OPT_GNUPLOT: o->gnuplot = optarg; break;
        case OPT_NO_RENDER: o->render = 0; break;
        case OPT_REFERENCE: o->reference = optarg; break;
        case OPT_HELP: fputs(usage, stdout); return CCD_EXIT_OK;
        default: return ccd_cli_bad_option("report", argv, optopt);
        }
    }
    if (optind >= argc)
        return ccd_cli_usage_error("report: expected one or more result files (see --help)");
    if (o->table && o->dir)
        return ccd_cli_usage_error("report: --table prints one table; --output-dir writes them all");
    if (o->output && o->dir)
        return ccd_cli_usage_error("report: --output writes one document; --output-dir writes "
                                   "every table in every format");
    if (o->reference && !o->html)
        return ccd_cli_usage_error("report: --reference sets the speed column of the HTML "
                                   "report's summary: only with --format html");
    if (o->html && (o->table || o->dir))
        return ccd_cli_usage_error("report: --format html is one page with every table and "
                                   "figure: not with %s", o->table ? "--table" : "--output-dir");
    return -1;
}

/* "table1, stats, …" of the set into buf. */
static const char *table_names(char *buf, size_t size, const ccd_report_set *s)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < s->count && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", s->tables[i].name);
    return buf;
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
    if (asprintf(&probe, "%s/table1.%s", dir, ccd_report_format_extension(CCD_FORMAT_TEXT)) < 0)
        return ccd_cli_out_of_memory();
    ccd_status st = ccd_atomic_file_check(&err, probe);
    free(probe);
    return st == CCD_OK ? CCD_EXIT_OK : ccd_cli_fail(&err);
}

/* --format html: the figures drawn (or why not, on stderr) and the page on out. */
static int write_html(FILE *out, const ccd_report_set *set, const report_options *o)
{
    ccd_html_figures figs;
    ccd_error err;
    if (ccd_html_figures_draw(&figs, &err, set, o->figure_method, o->render ? o->gnuplot : NULL,
                              stderr) != CCD_OK)
        return ccd_cli_fail(&err);
    if (figs.skipped)
        fprintf(stderr, "report: %s: the HTML report has the tables only\n", figs.skipped);
    int r = ccd_report_write_html(out, set, &figs, o->reference);
    ccd_html_figures_free(&figs);
    return r == 0 ? CCD_EXIT_OK : ccd_cli_out_of_memory();
}

int ccd_cmd_report(int argc, char **argv)
{
    report_options o = {.format = CCD_FORMAT_TEXT, .gnuplot = "gnuplot",
                        .figure_method = "tight-inclusion", .render = 1};
    int status = parse(&o, argc, argv);
    if (status >= 0)
        return status;
    size_t ndocs = (size_t)(argc - optind), loaded = 0;
    ccd_result_doc *docs = calloc(ndocs, sizeof *docs);
    ccd_report_set set = {0};
    ccd_atomic_file out_file = {0}; /* --output, opened before any work */
    FILE *out = stdout;
    ccd_error err;
    char names[512];
    status = CCD_EXIT_OK;
    if (!docs)
        return ccd_cli_out_of_memory();
    /* In the order of the paths: nothing printed depends on the order given. */
    qsort(argv + optind, ndocs, sizeof *argv, compare_paths);
    int made_dir = 0; /* --dir created here: removed again when the report fails */
    if (o.dir && (status = prepare_dir(&made_dir, o.dir)) != CCD_EXIT_OK)
        goto done;
    if (o.output) {
        if (ccd_atomic_file_open(&out_file, &err, o.output) != CCD_OK) {
            status = ccd_cli_fail(&err);
            goto done;
        }
        out = out_file.stream;
    }
    for (; loaded < ndocs; loaded++)
        if (ccd_result_read(&docs[loaded], &err, argv[optind + (int)loaded]) != CCD_OK) {
            status = ccd_cli_fail(&err);
            goto done;
        }
    /* files: the tables as printed (result files keep full precision); stdout:
     * full precision for csv and json */
    int precise = !o.dir && !o.html && (o.format == CCD_FORMAT_CSV || o.format == CCD_FORMAT_JSON);
    if (ccd_result_union_check(&err, docs, ndocs) != CCD_OK ||
        ccd_report_set_build(&set, &err, docs, ndocs, o.by_family, precise) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    if (o.html && o.reference && set.table1_columns) {
        size_t ref;
        const char *why;
        if (ccd_report_summary_reference(&ref, &why, set.columns[0].stats, o.reference) != 0) {
            status = ccd_cli_usage_error("--reference: '%s' is not one of the methods of "
                                         "these files", o.reference);
            goto done;
        }
    }
    if (o.html) {
        status = write_html(out, &set, &o);
        goto done;
    }
    if (!o.dir) {
        long only = o.table ? ccd_report_set_find(&set, o.table) : -1;
        if (o.table && only < 0) {
            status = ccd_cli_usage_error("report: --table: no table '%s' in these files (%s)",
                                         o.table, table_names(names, sizeof names, &set));
            goto done;
        }
        if (o.format == CCD_FORMAT_CSV && only < 0 && set.count > 1) {
            status = ccd_cli_usage_error("report: csv holds one table: choose it with --table "
                                         "NAME (%s)", table_names(names, sizeof names, &set));
            goto done;
        }
        ccd_report_set_print(out, &set, o.format, set.count == 1 ? 0 : only);
        goto done;
    }
    ccd_figures fig = {.dir = o.dir, .gnuplot = o.render ? o.gnuplot : NULL, .notes = stderr};
    if (ccd_report_set_write(&err, &set, o.dir) != CCD_OK ||
        ccd_report_set_figures(&fig, &err, &set, o.figure_method) != CCD_OK)
        status = ccd_cli_fail(&err);
    else
        printf("%zu table%s and %zu figure%s in %s\n", set.count, set.count == 1 ? "" : "s",
               fig.written, fig.written == 1 ? "" : "s", o.dir);
done:
    if (out_file.stream && status == CCD_EXIT_OK)
        status = ccd_atomic_file_commit(&out_file, &err) == CCD_OK ? CCD_EXIT_OK
                                                                   : ccd_cli_fail(&err);
    else
        ccd_atomic_file_abort(&out_file);
    ccd_report_set_free(&set);
    for (size_t d = 0; d < loaded; d++)
        ccd_result_doc_free(&docs[d]);
    free(docs);
    if (made_dir && status != CCD_EXIT_OK)
        rmdir(o.dir); /* only when still empty */
    return status;
}
