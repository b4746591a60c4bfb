/* SPDX-License-Identifier: MIT */
/* `ccdbench gate`: a pass/fail check of one method for CI (exit 0 pass, 1 fail). */
#include <config.h>

#include "bench/gate.h"
#include "bench/result_file.h"
#include "bench/runner.h"
#include "cli/cli.h"
#include "core/atomic_file.h"
#include "methods/builtin.h"
#include "report/paper.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench gate --method M [OPTION]... [DATA]...\n"
    "Run method M on DATA (default: the shipped dataset) and pass or fail it: one line\n"
    "on stdout says why, the exit status says whether.\n"
    "\n"
    "  --method M          the method to check (required)\n"
    "  --plugin FILE.so   load methods from a plugin (repeatable)\n"
    "  --max-fn N         most false negatives allowed (default 0)\n"
    "  --max-fp N|P%|none most false positives allowed, as a count or a percentage\n"
    "                     of the queries (default: an FP rate at most 2 times the\n"
    "                     highest of tight-inclusion's and bsc's, run once on the\n"
    "                     same data; none: no limit)\n"
    "  --baseline FILE    a result file (this gate's --json, or ccdbench run --json)\n"
    "                     that has M, and the reference method to time it against\n"
    "  --max-slowdown R   fail when M is more than R times slower than in the\n"
    "                     baseline, relative to the reference, in CPU time (what\n"
    "                     other processes take of the core does not count), noise\n"
    "                     allowed for\n"
    "  --reference R      the method M's time is divided by, both measured in the\n"
    "                     same runs, so that a slower or busier machine does not\n"
    "                     look like a slower method (default exact; none: compare\n"
    "                     absolute times)\n"
    "  --repeat K         run K times and take each method's fastest mean CPU\n"
    "                     time; its gap to the second fastest is the noise allowed\n"
    "                     for (default 5 with --baseline or --json, else 1)\n"
    "  --junit FILE       also write the checks as JUnit XML\n"
    "  --json FILE        also write a result file of each method's fastest run\n"
    "                     (a future baseline)\n"
    "  --threads N        OpenMP threads (default: all cores)\n"
    "  --delta X, --max-checks N, --eta X   method option shorthands (as for run)\n"
    "  --param M.K=V      set option K of method M (as for run)\n"
    "  --max-digits N     longest integer accepted in DATA (default 1000, as for run)\n"
    "  --help             show this help\n"
    "\n"
    "A method that fails on a query (cannot take it, crashes, gives an invalid\n"
    "result) fails the gate.\n"
    "\n"
    "Exit status: 0 pass, 1 fail (or internal failure), 2 bad input or usage.\n";

enum {
    OPT_PARAM = 256, OPT_METHOD_PARAM, OPT_METHOD, OPT_PLUGIN, OPT_MAX_FN, OPT_MAX_FP, OPT_BASELINE, OPT_MAX_SLOWDOWN,
    OPT_JUNIT, OPT_JSON, OPT_THREADS, OPT_HELP, OPT_MAX_DIGITS, OPT_REFERENCE, OPT_REPEAT
};

typedef struct gate_options {
    const char *method, *baseline, *junit, *json;
    const char *reference; /* NULL: none */
    long repeat;           /* 0: the default */
    char **plugins;
    size_t plugin_count;
    long max_fn, threads;
    double max_fp;     /* NAN: the FP bound's (gate.h), or none with fp_unlimited */
    int max_fp_percent;
    int fp_unlimited;  /* --max-fp none */
    double max_slowdown; /* NAN: no limit */
    ccd_params params;
    ccd_cli_option_set options; /* --param and the shorthand flags */
    size_t max_digits; /* --max-digits (0: the reader's default) */
} gate_options;

static int parse(gate_options *o, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"method", required_argument, NULL, OPT_METHOD},
        {"plugin", required_argument, NULL, OPT_PLUGIN},
        {"max-fn", required_argument, NULL, OPT_MAX_FN},
        {"max-fp", required_argument, NULL, OPT_MAX_FP},
        {"baseline", required_argument, NULL, OPT_BASELINE},
        {"max-slowdown", required_argument, NULL, OPT_MAX_SLOWDOWN},
        {"junit", required_argument, NULL, OPT_JUNIT},
        {"json", required_argument, NULL, OPT_JSON},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"delta", required_argument, NULL, OPT_PARAM},
        {"max-checks", required_argument, NULL, OPT_PARAM},
        {"eta", required_argument, NULL, OPT_PARAM},
        {"param", required_argument, NULL, OPT_METHOD_PARAM},
        {"max-digits", required_argument, NULL, OPT_MAX_DIGITS},
        {"reference", required_argument, NULL, OPT_REFERENCE},
        {"repeat", required_argument, NULL, OPT_REPEAT},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0},
    };
    int c, status;
    opterr = 0;
    int index = -1;
    while ((c = getopt_long(argc, argv, "", longopts, &index)) != -1) {
        switch (c) {
        case OPT_PARAM: /* a method parameter: validated by name (cli_params.c) */
            if ((status = ccd_cli_parse_param(&o->params, &o->options, longopts[index].name,
                                              optarg)) != 0)
                return status;
            break;
        case OPT_METHOD_PARAM:
            if ((status = ccd_cli_option_add_param(&o->options, optarg)) != 0)
                return status;
            break;
        case OPT_METHOD: o->method = optarg; break;
        case OPT_PLUGIN: o->plugins[o->plugin_count++] = optarg; break;
        case OPT_MAX_FN:
            if (ccd_cli_parse_long(&o->max_fn, "--max-fn", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (o->max_fn < 0)
                return ccd_cli_usage_error("--max-fn: must be >= 0");
            break;
        case OPT_MAX_FP: {
            o->fp_unlimited = strcmp(optarg, "none") == 0;
            if (o->fp_unlimited) {
                o->max_fp = NAN;
                break;
            }
            size_t n = strlen(optarg);
            char text[64];
            o->max_fp_percent = n > 0 && optarg[n - 1] == '%';
            snprintf(text, sizeof text, "%.*s", (int)(n - (size_t)o->max_fp_percent), optarg);
            if (ccd_cli_parse_double(&o->max_fp, "--max-fp", text) != 0)
                return CCD_EXIT_USAGE;
            if (!(o->max_fp >= 0))
                return ccd_cli_usage_error("--max-fp: must be >= 0");
            break;
        }
        case OPT_BASELINE: o->baseline = optarg; break;
        case OPT_MAX_SLOWDOWN:
            if (ccd_cli_parse_double(&o->max_slowdown, "--max-slowdown", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (!(o->max_slowdown > 0))
                return ccd_cli_usage_error("--max-slowdown: must be > 0");
            break;
        case OPT_JUNIT: o->junit = optarg; break;
        case OPT_JSON: o->json = optarg; break;
        case OPT_THREADS:
            if ((status = ccd_cli_parse_threads(&o->threads, optarg)) != 0)
                return status;
            break;
        case OPT_MAX_DIGITS:
            if ((status = ccd_cli_parse_max_digits(&o->max_digits, optarg)) != 0)
                return status;
            break;
        case OPT_REFERENCE:
            if (strchr(optarg, ','))
                return ccd_cli_usage_error("gate: --reference takes one method");
            o->reference = strcmp(optarg, "none") ? optarg : NULL;
            break;
        case OPT_REPEAT:
            if (ccd_cli_parse_long(&o->repeat, "--repeat", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (o->repeat < 1 || o->repeat > 1000)
                return ccd_cli_usage_error("--repeat: must be in 1..1000");
            break;
        case OPT_HELP: fputs(usage, stdout); return CCD_EXIT_OK;
        default: return ccd_cli_bad_option("gate", argv, optopt);
        }
    }
    if (!o->method)
        return ccd_cli_usage_error("gate: --method M is required");
    if (strchr(o->method, ','))
        return ccd_cli_usage_error("gate: --method takes one method");
    if (!isnan(o->max_slowdown) && !o->baseline)
        return ccd_cli_usage_error("gate: --max-slowdown needs --baseline FILE");
    if (o->reference && !strcmp(o->reference, o->method))
        o->reference = NULL; /* M against itself: absolute times */
    if (!o->repeat)
        o->repeat = o->baseline || o->json ? 5 : 1; /* a baseline's times as robust */
    return -1;
}

typedef struct gate_times_ctx {
    ccd_gate_times *times;
    const ccd_dataset *ds;
    int out_of_memory;
} gate_times_ctx;

/* The runner's on_query: each query's times, in query order. */
static void note_times(void *ctx, size_t run, const ccd_dataset_file *file, const ccd_query *q,
                       int label, const ccd_query_truth *truth, const ccd_query_outcome *outcomes)
{
    (void)run; /* ccd_run: one */
    (void)q;
    (void)label;
    (void)truth;
    gate_times_ctx *c = ctx;
    if (!c->out_of_memory &&
        ccd_gate_times_add(c->times, (size_t)(file - c->ds->files), outcomes) != 0)
        c->out_of_memory = 1;
}

int ccd_cmd_gate(int argc, char **argv)
{
    gate_options o = {.max_fp = NAN, .max_slowdown = NAN, .reference = "exact"};
    ccd_params_default(&o.params);
    o.plugins = calloc((size_t)argc + 1, sizeof *o.plugins);
    if (!o.plugins)
        return ccd_cli_out_of_memory();
    int status = parse(&o, argc, argv);
    if (status >= 0) {
        free(o.plugins);
        return status;
    }
    ccd_error err;
    ccd_cli_methods available;
    ccd_option_value **method_options = NULL;
    ccd_method_list chosen = {0};
    ccd_dataset ds = {0};
    int have_methods = 0, have_dataset = 0;
    ccd_gate_baseline baseline;
    ccd_gate_times times = {0};
    /* each run's heavy queries start first in the next (bench/work_queue.h) */
    ccd_expected_costs costs[2] = {{0}};
    ccd_atomic_file junit_file = {0}, json_file = {0};
    ccd_run_stats *runs = calloc((size_t)o.repeat, sizeof *runs);
    unsigned done_runs = 0;
    char *names = NULL;
    if (!runs) {
        status = ccd_cli_out_of_memory();
        goto done;
    }
    /* Both outputs before any work: a path that cannot be written fails now. */
    if ((o.junit && ccd_atomic_file_open(&junit_file, &err, o.junit) != CCD_OK) ||
        (o.json && ccd_atomic_file_open(&json_file, &err, o.json) != CCD_OK)) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    if (o.baseline && ccd_gate_baseline_read(&baseline, &err, o.baseline, o.method,
                                             o.reference) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    if (ccd_cli_methods_load(&available, &err, o.plugins, o.plugin_count) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    have_methods = 1;
    /* M first (the verdict is on method 0), then the reference */
    names = o.reference ? ccd_report_printf("%s,%s", o.method, o.reference) : strdup(o.method);
    if (!names) {
        status = ccd_cli_out_of_memory();
        goto done;
    }
    /* each name checked on its own, so that the message names its option and its
     * place in it (it said "--method or --reference: at character 6") */
    for (int which = 0; which < (o.reference ? 2 : 1); which++) {
        ccd_method_list one = {0};
        if (ccd_method_list_select(&one, &err, &available.available,
                                   which ? o.reference : o.method) != CCD_OK) {
            const char *what = strstr(err.message, ": ");
            status = ccd_cli_usage_error("%s: %s", which ? "--reference" : "--method",
                                         what ? what + 2 : err.message);
            goto done;
        }
        ccd_method_list_free(&one);
    }
    if (ccd_method_list_select(&chosen, &err, &available.available, names) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    if (ccd_cli_discover(&ds, &err, argv + optind, argc - optind) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    have_dataset = 1;
    ds.max_digits = o.max_digits;
    if (ds.count == 0) {
        status = ccd_cli_usage_error("gate: no query files found under the data given");
        goto done;
    }
    const char *limit[2];
    unsigned char isolate[2];
    for (size_t m = 0; m < chosen.count; m++) {
        limit[m] = ccd_builtin_limit(chosen.items[m]);
        /* A plugin method runs in child processes (as `run` does by default). */
        isolate[m] = (unsigned char)ccd_cli_method_from_plugin(&available, chosen.items[m]);
    }
    if ((status = ccd_cli_options_resolve(&method_options, &o.options, &available.available,
                                          chosen.items, chosen.count)) != 0)
        goto done;
    ccd_run_config cfg = {.methods = chosen.items, .method_count = chosen.count,
                          .params = o.params,
                          .method_options = (const ccd_option_value *const *)method_options,
                          .method_limits = limit, .isolate = isolate, .query_timeout = 60,
                          .threads = (int)o.threads};
    /* Every run's times of every query, for the fastest of each (gate_times.h). */
    ccd_gate_clock clock = o.baseline ? baseline.clock : CCD_GATE_CPU;
    ccd_gate_times_init(&times, chosen.count, clock == CCD_GATE_CPU);
    gate_times_ctx tctx = {.times = &times, .ds = &ds};
    cfg.on_query = note_times;
    cfg.ctx = &tctx;
    for (; done_runs < (unsigned)o.repeat; done_runs++) {
        ccd_gate_times_begin_run(&times);
        const ccd_expected_costs *before = &costs[(done_runs + 1) % 2];
        cfg.expected = before->count ? before : NULL;
        cfg.measured = &costs[done_runs % 2];
        if (ccd_run(&runs[done_runs], &err, &ds, &cfg) != CCD_OK) {
            status = ccd_cli_fail(&err);
            goto done;
        }
        if (tctx.out_of_memory) {
            status = ccd_cli_out_of_memory();
            done_runs++;
            goto done;
        }
    }
    cfg.expected = NULL, cfg.measured = NULL; /* of M's runs only */
    ccd_run_stats *stats = &runs[0]; /* the answers are the same in every run */
    ccd_cli_note_unlabelled_run(stats); /* the truth is the labels where there are any */
    ccd_gate_timing timing;
    ccd_gate_timing_of(&timing, &times, 0, chosen.count > 1 ? 1 : SIZE_MAX);
    /* Without --max-fp: the FP rate of the loosest conservative built-in (gate.h). */
    ccd_gate_fp_bound bound = {0};
    if (isnan(o.max_fp) && !o.fp_unlimited) {
        ccd_method_list bounds = {0};
        ccd_status st = ccd_method_list_select(&bounds, &err, &available.available,
                                               CCD_GATE_FP_BOUNDS);
        if (st == CCD_OK)
            st = ccd_gate_fp_bound_run(&bound, &err, &ds, &cfg, bounds.items, bounds.count);
        ccd_method_list_free(&bounds);
        if (st != CCD_OK) {
            status = ccd_cli_fail(&err);
            goto done;
        }
    }
    ccd_gate_limits limits = {.max_fn = o.max_fn, .max_fp = o.max_fp,
                              .max_fp_percent = o.max_fp_percent, .fp_bound = bound,
                              .max_slowdown = o.max_slowdown,
                              .baseline = o.baseline ? &baseline : NULL, .timing = &timing,
                              .reference = o.reference};
    ccd_gate_verdict verdict;
    ccd_gate_judge(&verdict, stats, &limits);
    if (o.baseline && o.reference && !verdict.relative)
        fprintf(stderr, "ccdbench: gate: warning: %s has no method '%s': the slowdown compares "
                "absolute times, which a slower or busier machine inflates (make the baseline "
                "with gate --json)\n", o.baseline, o.reference);
    if (o.baseline && clock == CCD_GATE_ELAPSED)
        fprintf(stderr, "ccdbench: gate: warning: %s has no CPU times (an older ccdbench wrote "
                "it): the slowdown compares elapsed times, which other processes inflate "
                "(remake it with gate --json)\n", o.baseline);
    if (o.baseline && baseline.queries != verdict.queries - verdict.failed)
        fprintf(stderr, "ccdbench: gate: warning: %s timed %s on %llu queries, this run on "
                "%llu: the data differ, and so may the times\n", o.baseline, o.method,
                (unsigned long long)baseline.queries,
                (unsigned long long)(verdict.queries - verdict.failed));
    ccd_gate_print(stdout, &verdict, o.method);
    status = verdict.failing ? CCD_EXIT_FAILURE : CCD_EXIT_OK;
    if (o.junit) {
        ccd_gate_write_junit(junit_file.stream, &verdict, o.method, stats->wall_seconds);
        if (ccd_atomic_file_commit(&junit_file, &err) != CCD_OK)
            status = ccd_cli_fail(&err);
    }
    if (o.json && status != CCD_EXIT_USAGE) {
        /* the CPU times of the queries' fastest runs, as the gate takes them */
        ccd_run_stats fastest = {0};
        ccd_result_header h = {0};
        if (ccd_gate_fastest(&fastest, &err, stats, &times, &ds) != CCD_OK ||
            ccd_result_header_init(&h, &err, argv + optind, (size_t)(argc - optind), &ds,
                                   cfg.methods, cfg.method_count, CCD_TRUTH_POLICY_LABELS, 0, 1,
                                   NULL) != CCD_OK) {
            status = ccd_cli_fail(&err);
        } else {
            ccd_result_writer w;
            ccd_result_write_header(&w, json_file.stream, &h, 0);
            ccd_result_write_run_begin(&w, NAN, &cfg.params, cfg.methods, cfg.method_options,
                                       cfg.method_count);
            ccd_result_write_run_end(&w, &fastest);
            ccd_result_write_finish(&w);
            if (ccd_atomic_file_commit(&json_file, &err) != CCD_OK)
                status = ccd_cli_fail(&err);
        }
        h.methods = NULL;
        ccd_result_header_free(&h);
        ccd_gate_fastest_free(&fastest);
    }
done:
    ccd_gate_times_free(&times);
    ccd_expected_costs_free(&costs[0]);
    ccd_expected_costs_free(&costs[1]);
    for (unsigned k = 0; k < done_runs; k++)
        ccd_run_stats_free(&runs[k]);
    free(runs);
    free(names);
    ccd_cli_options_free(method_options, chosen.count);
    ccd_atomic_file_abort(&junit_file); /* no-ops once written */
    ccd_atomic_file_abort(&json_file);
    if (have_dataset)
        ccd_dataset_free(&ds);
    ccd_method_list_free(&chosen);
    if (have_methods)
        ccd_cli_methods_free(&available);
    free(o.plugins);
    return status;
}
