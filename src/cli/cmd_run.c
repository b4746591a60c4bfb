/* SPDX-License-Identifier: MIT */
/* `ccdbench run`: evaluate methods on a dataset and print the result table. */
#include <config.h>

#include "bench/runner.h"
#include "cli/cli.h"
#include "report/atomic_file.h"
#include "report/report.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench run [OPTION]... [DATA]...\n"
    "Run CCD methods on the queries under DATA (files or directories; default: the\n"
    "shipped dataset) and print one row per set, family, kind and method.\n"
    "\n"
    "  --methods LIST     comma-separated method names, or 'all' (default)\n"
    "  --plugin FILE.so   also load the methods of a plugin (repeatable)\n"
    "  --threads N        OpenMP threads (default: all cores)\n"
    "  --format F         text (default), markdown, csv or json\n"
    "  --output FILE      write the table to FILE (atomically) instead of stdout\n"
    "  --truth T          labels (default: the files' labels, exact oracle when a file\n"
    "                     has none) or exact (always the oracle; adds toi columns)\n"
    "  --delta X          tolerance delta of the inclusion methods (default 1e-6)\n"
    "  --max-checks N     maximum checks m_I (default 1000000; negative: no limit)\n"
    "  --ms D             minimum separation d >= 0 (default 0; truth becomes exact)\n"
    "  --t-max T          search [0, T], 0 < T <= 1 (default 1)\n"
    "  --no-zero-toi      refine until toi > 0 when a contact is found at t = 0\n"
    "  --filter F         Tight Inclusion filter: linear (default), paper or clamped\n"
    "  --eta X            tolerance eta of the floating-point root finders (default 1e-6)\n"
    "  --help             show this help\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input or usage.\n";

enum {
    OPT_METHODS = 256, OPT_PLUGIN, OPT_THREADS, OPT_FORMAT, OPT_OUTPUT, OPT_TRUTH, OPT_DELTA,
    OPT_MAX_CHECKS, OPT_MS, OPT_T_MAX, OPT_NO_ZERO_TOI, OPT_FILTER, OPT_ETA, OPT_HELP
};

typedef struct run_options {
    const char *methods;
    char **plugins;
    size_t plugin_count;
    long threads;
    ccd_report_format format;
    const char *output;
    ccd_truth_mode truth;
    ccd_params params;
} run_options;

static int parse_filter(int *out, const char *name)
{
    static const char *const names[] = {"linear", "paper", "clamped"};
    static const int values[] = {CCD_FILTER_LINEAR, CCD_FILTER_PAPER, CCD_FILTER_CLAMPED};
    for (int i = 0; i < 3; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = values[i];
            return 0;
        }
    ccd_cli_usage_error("--filter: '%s' is not linear, paper or clamped", name);
    return -1;
}

/* Returns -1 to go on, or the exit status. */
static int parse_options(run_options *o, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"methods", required_argument, NULL, OPT_METHODS},
        {"plugin", required_argument, NULL, OPT_PLUGIN},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"output", required_argument, NULL, OPT_OUTPUT},
        {"truth", required_argument, NULL, OPT_TRUTH},
        {"delta", required_argument, NULL, OPT_DELTA},
        {"max-checks", required_argument, NULL, OPT_MAX_CHECKS},
        {"ms", required_argument, NULL, OPT_MS},
        {"t-max", required_argument, NULL, OPT_T_MAX},
        {"no-zero-toi", no_argument, NULL, OPT_NO_ZERO_TOI},
        {"filter", required_argument, NULL, OPT_FILTER},
        {"eta", required_argument, NULL, OPT_ETA},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0},
    };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_METHODS: o->methods = optarg; break;
        case OPT_PLUGIN: o->plugins[o->plugin_count++] = optarg; break;
        case OPT_THREADS:
            if (ccd_cli_parse_long(&o->threads, "--threads", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (o->threads < 1 || o->threads > 4096)
                return ccd_cli_usage_error("--threads: %ld is not between 1 and 4096", o->threads);
            break;
        case OPT_FORMAT:
            if (ccd_report_format_parse(&o->format, optarg) != 0)
                return ccd_cli_usage_error("--format: '%s' is not text, markdown, csv or json",
                                           optarg);
            break;
        case OPT_OUTPUT: o->output = optarg; break;
        case OPT_TRUTH:
            if (strcmp(optarg, "labels") == 0)
                o->truth = CCD_TRUTH_LABELS;
            else if (strcmp(optarg, "exact") == 0)
                o->truth = CCD_TRUTH_EXACT;
            else
                return ccd_cli_usage_error("--truth: '%s' is not labels or exact", optarg);
            break;
        case OPT_DELTA:
            if (ccd_cli_parse_double(&o->params.delta, "--delta", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (!(o->params.delta > 0))
                return ccd_cli_usage_error("--delta: must be > 0");
            break;
        case OPT_MAX_CHECKS:
            if (ccd_cli_parse_long(&o->params.max_checks, "--max-checks", optarg) != 0)
                return CCD_EXIT_USAGE;
            break;
        case OPT_MS:
            if (ccd_cli_parse_double(&o->params.ms, "--ms", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (o->params.ms < 0)
                return ccd_cli_usage_error("--ms: must be >= 0");
            break;
        case OPT_T_MAX:
            if (ccd_cli_parse_double(&o->params.t_max, "--t-max", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (!(o->params.t_max > 0 && o->params.t_max <= 1))
                return ccd_cli_usage_error("--t-max: must be in (0, 1]");
            break;
        case OPT_NO_ZERO_TOI: o->params.no_zero_toi = 1; break;
        case OPT_FILTER:
            if (parse_filter(&o->params.ti_filter, optarg) != 0)
                return CCD_EXIT_USAGE;
            break;
        case OPT_ETA:
            if (ccd_cli_parse_double(&o->params.eta, "--eta", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (o->params.eta < 0)
                return ccd_cli_usage_error("--eta: must be >= 0");
            break;
        case OPT_HELP: fputs(usage, stdout); return CCD_EXIT_OK;
        default: return ccd_cli_bad_option("run", argv, optopt);
        }
    }
    return -1;
}

static int write_report(const ccd_run_stats *stats, const run_options *o)
{
    ccd_error err;
    if (!o->output) {
        if (ccd_report_write(stdout, stats, o->format) != 0)
            return ccd_cli_usage_error("out of memory");
        if (o->format == CCD_FORMAT_TEXT) {
            uint64_t queries = 0;
            for (size_t g = 0; g < stats->group_count && stats->method_count; g++)
                queries += stats->groups[g].methods[0].queries;
            printf("\n%llu queries; truth from labels for %llu, from the exact oracle for %llu; "
                   "wall time %.3f s\n", (unsigned long long)queries,
                   (unsigned long long)(queries - stats->exact_truth),
                   (unsigned long long)stats->exact_truth, stats->wall_seconds);
        }
        return fflush(stdout) == 0 ? CCD_EXIT_OK : CCD_EXIT_FAILURE;
    }
    ccd_atomic_file f;
    if (ccd_atomic_file_open(&f, &err, o->output) != CCD_OK)
        return ccd_cli_fail(&err);
    if (ccd_report_write(f.stream, stats, o->format) != 0) {
        ccd_atomic_file_abort(&f);
        return ccd_cli_usage_error("out of memory");
    }
    if (ccd_atomic_file_commit(&f, &err) != CCD_OK)
        return ccd_cli_fail(&err);
    return CCD_EXIT_OK;
}

int ccd_cmd_run(int argc, char **argv)
{
    run_options o = {.methods = "all", .format = CCD_FORMAT_TEXT, .truth = CCD_TRUTH_LABELS};
    ccd_params_default(&o.params);
    o.plugins = calloc((size_t)argc + 1, sizeof *o.plugins);
    if (!o.plugins)
        return ccd_cli_usage_error("out of memory");
    int status = parse_options(&o, argc, argv);
    if (status >= 0) {
        free(o.plugins);
        return status;
    }

    ccd_error err;
    ccd_cli_methods available;
    ccd_method_list chosen = {0};
    ccd_dataset ds = {0};
    int have_methods = 0, have_dataset = 0;
    if (ccd_cli_methods_load(&available, &err, o.plugins, o.plugin_count) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    have_methods = 1;
    if (ccd_method_list_select(&chosen, &err, &available.available, o.methods) != CCD_OK) {
        const char *what = strstr(err.message, ": "); /* drop "--methods:0:col" */
        status = ccd_cli_usage_error("--methods: %s", what ? what + 2 : err.message);
        goto done;
    }
    if (ccd_cli_discover(&ds, &err, argv + optind, argc - optind) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    have_dataset = 1;
    if (ds.count == 0) {
        status = ccd_cli_usage_error("run: no query files found under the data given");
        goto done;
    }

    ccd_cli_progress bar;
    ccd_cli_progress_init(&bar, "run");
    ccd_run_config cfg = {
        .methods = chosen.items,
        .method_count = chosen.count,
        .params = o.params,
        .truth = o.truth,
        .threads = (int)o.threads,
        .progress = ccd_cli_progress_update,
        .ctx = &bar,
    };
    ccd_run_stats stats;
    ccd_status st = ccd_run(&stats, &err, &ds, &cfg);
    ccd_cli_progress_finish(&bar);
    if (st != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    status = write_report(&stats, &o);
    ccd_run_stats_free(&stats);
done:
    if (have_dataset)
        ccd_dataset_free(&ds);
    ccd_method_list_free(&chosen);
    if (have_methods)
        ccd_cli_methods_free(&available);
    free(o.plugins);
    return status;
}
