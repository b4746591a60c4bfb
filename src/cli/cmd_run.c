/* SPDX-License-Identifier: MIT */
/* `ccdbench run`: evaluate methods on a dataset and print the result table. */
#include <config.h>

#include "core/assert.h"
#include "bench/cost_cache.h"
#include "bench/mpi_job.h"
#include "bench/preset.h"
#include "methods/method_variant.h"
#include "bench/result_file.h"
#include "bench/run_series.h"
#include "bench/schedule_replay.h"
#include "bench/runner.h"
#include "bench/sweep.h"
#include "bench/truth_file_reader.h"
#include "cli/cli.h"
#include "bench/truth_file_writer.h"
#include "query/dataset_size.h"
#include "core/atomic_file.h"
#include "methods/builtin.h"
#include "report/paper.h"
#include "report/report.h"
#include "report/report_summary.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "Usage: ccdbench run [OPTION]... [DATA]...\n"
    "Run CCD methods on the queries under DATA (files or directories; default: the\n"
    "shipped datasets, scored against their shipped exact truth) and print one row\n"
    "per set, family, kind and method.\n"
    "\n"
    "  --methods LIST     comma-separated method names, or 'all'; default: all but\n"
    "                     msrf (minimum separation only) unless --ms D and but the\n"
    "                     slow irf, uirf and additive-ccd (minutes where the others\n"
    "                     take seconds) and tight-inclusion-scalar, whatever DATA\n"
    "                     M@NAME is method M in a configuration of its own, set by\n"
    "                     --param M@NAME.K=V (e.g. tight-inclusion,\n"
    "                     tight-inclusion@published with\n"
    "                     --param tight-inclusion@published.start=search)\n"
    "  --plugin FILE.so   also load the methods of a plugin (repeatable)\n"
    "  --threads N        threads (default: all cores; one a core: bound to them,\n"
    "                     OMP_PROC_BIND=false: not)\n"
    "  --format F         text (default), markdown, csv, json or latex\n"
    "  --detail           text, markdown, latex: the per-family table (set, family,\n"
    "                     kind, method; max µs, queries/s, max-checks hits, toi > exact,\n"
    "                     zero toi, toi gaps) instead of the summary (per method, then\n"
    "                     per set and kind: queries, positives, FP, FN, mean/median/p99\n"
    "                     µs, speed against the reference method); csv and json always\n"
    "                     give the per-family table\n"
    "  --reference M      the method the speed column compares with: mean time of M /\n"
    "                     mean time of the method (default tight-inclusion when it\n"
    "                     runs, else the first conservative method; the note under\n"
    "                     the table names it); M must be one of the methods run\n"
    "  --output FILE      write the table to FILE (atomically) instead of stdout\n"
    "  --truth T          labels (default: the files' labels, exact oracle when a file\n"
    "                     has none) or exact (always the oracle; adds toi columns)\n"
    "  --truth-dir DIR    the exact truth from truth files (`ccdbench truth --output\n"
    "                     DIR` for the same DATA, --ms and --norm); adds toi columns.\n"
    "                     Without DATA, --truth-dir and --truth, the shipped truth\n"
    "                     (ground_truth/, for --ms 0, 1e-2 or 1e-8) is used\n"
    "  --param M.K=V      set option K of method M (repeatable), e.g.\n"
    "                     tight-inclusion.delta=1e-3; `ccdbench methods --details`\n"
    "                     lists them.  --delta, --max-checks, --filter and --eta are\n"
    "                     shorthands: they set that option of every method that\n"
    "                     declares it (--param wins)\n"
    "  --delta X          option delta: tolerance of the inclusion methods (1e-6)\n"
    "  --max-checks N     option max_checks: maximum checks m_I (default 1000000;\n"
    "                     negative: no limit)\n"
    "  --ms D             minimum separation d >= 0 (default 0; truth becomes exact\n"
    "                     and reads D exactly: 1e-8 is 10^-8, 1/3 works; methods get\n"
    "                     the nearest double)\n"
    "  --norm N           distance of --ms for the truth: inf (L-infinity, default) or 2\n"
    "  --t-max T          search [0, T], 0 < T <= 1 (default 1)\n"
    "  --no-zero-toi      refine until toi > 0 when a contact is found at t = 0\n"
    "  --filter F         option filter of Tight Inclusion: linear (default), paper\n"
    "                     or clamped\n"
    "  --eta X            option eta of fprf: distance that counts as contact (default 0)\n"
    "  --json FILE        also write a result file (format ccdbench-result, version 1)\n"
    "                     for `ccdbench report`, `gate` and `merge`\n"
    "  --per-query        put every query's outcome in the result file too\n"
    "  --costs FILE       the expected cost of every query: a result file of this data\n"
    "                     written with --per-query; the slowest queries start first\n"
    "                     (answers unchanged; docs/performance.md#threads).  Without\n"
    "                     it, the costs of the last run of the same data and options\n"
    "                     are used, kept in $CCDBENCH_CACHE_DIR (default\n"
    "                     ~/.cache/ccdbench; off: none); --costs none ignores them\n"
    "  --checkpoint DIR   with --json: resumable; each file's statistics (over every\n"
    "                     sweep value) are written to DIR as the file is done, and\n"
    "                     a run restarted with the same arguments reads them back\n"
    "                     instead of running those files again (a file cut off\n"
    "                     half-way is run again whole); the result file is that of\n"
    "                     an uninterrupted run, with the original timings.  Other\n"
    "                     arguments: DIR is refused\n"
    "  --shard I/N        run only shard I of N (0 <= I < N): query i of file f (files\n"
    "                     sorted by path, from 0) is in shard (f + i) mod N; merge the\n"
    "                     shards' result files with `ccdbench merge`\n"
    "  --sweep P=SPEC     run once per value of P (delta, max-checks or ms); SPEC is\n"
    "                     LO:HI:N (N log-spaced values, inclusive; N = 1 only when\n"
    "                     LO = HI) or a comma list;\n"
    "                     prints mean/min/max time, FP, FN, early stops, tolerance\n"
    "  --max-digits N     refuse integers of more than N digits in the query files\n"
    "                     (default 1000; an exact double needs at most 324)\n"
    "  --preset NAME      the methods, settings, minimum separations and scoring of\n"
    "                     a paper's table, printed in its shape: paper-table1\n"
    "                     (Table 1 of Wang et al. 2021: nine methods, d = 0),\n"
    "                     paper-table2 (its Table 2: MSRF and Tight Inclusion at\n"
    "                     d = 1e-2, 1e-8, 1e-16, 1e-30, 1e-100), ms-sweep (its\n"
    "                     Figure 11: Tight Inclusion as published and as ccdbench's\n"
    "                     defaults at d = 0, 1e-8, 1e-6, 1e-4, 1e-3, 1e-2: mean/p99\n"
    "                     time, m_I hits, FP, FN against the truth at d); see\n"
    "                     docs/presets.md\n"
    "  --isolate          run plugin methods in child processes (the default): a\n"
    "                     crash, abort, exit or --query-timeout fails the method on\n"
    "                     that query only; --no-isolate runs them in this process\n"
    "  --query-timeout S  seconds an isolated method may take per query (default\n"
    "                     60; 0: no limit)\n"
    "  --fail-on-method-error  exit 1 when a method failed on some query (it\n"
    "                     cannot take it, crashed, or gave an invalid result); such\n"
    "                     queries are counted in a 'failed' column either way\n"
    "  --help             show this help\n"
    "\n"
    "Started by mpirun or srun (a build with MPI), the ranks share the queries by\n"
    "the rule of --shard, rank r taking shard r; rank 0 combines their results as\n"
    "`merge` does and alone prints the table and writes the files.\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure (or a method failure with\n"
    "--fail-on-method-error), 2 bad input or usage.\n";

enum {
    OPT_PARAM = 256, OPT_METHOD_PARAM, OPT_METHODS, OPT_PLUGIN, OPT_THREADS, OPT_FORMAT, OPT_OUTPUT, OPT_TRUTH,
    OPT_NO_ZERO_TOI, OPT_HELP,
    OPT_JSON, OPT_PER_QUERY, OPT_SHARD, OPT_SWEEP, OPT_PRESET, OPT_TRUTH_DIR,
    OPT_FAIL_ON_METHOD_ERROR, OPT_DETAIL, OPT_CHECKPOINT, OPT_ISOLATE, OPT_NO_ISOLATE, OPT_QUERY_TIMEOUT, OPT_MAX_DIGITS,
    OPT_VS, OPT_REFERENCE, OPT_COSTS
};

typedef struct run_options {
    const char *methods;
    char **plugins;
    size_t plugin_count;
    long threads;
    ccd_report_format format;
    const char *output;
    ccd_truth_policy truth;
    ccd_params params;
    ccd_cli_option_set options;          /* --param and the shorthand flags */
    const ccd_method_list *available;    /* every method, for --param names */
    const char *json;
    int per_query;
    const char *checkpoint; /* --checkpoint DIR */
    const char *costs;      /* --costs FILE, or "none" */
    char *settings;         /* the options that decide the work: the cost cache's key */
    size_t settings_size;
    unsigned shard_index, shard_count;
    ccd_sweep sweep; /* count 0: no sweep */
    const ccd_preset *preset; /* --preset, or NULL */
    char *preset_settings[32]; /* its option settings, copied for --param's parser */
    char preset_missing[256];  /* its columns whose method is not registered */
    int methods_given, format_given;
    const char *ms_text; /* --ms as given: the truth reads it exactly */
    int truth_given;     /* --truth given */
    const char *truth_dir; /* --truth-dir */
    char *truth_files;   /* the directory of the truth files used (malloc'd), or NULL */
    int shipped_truth;   /* truth_files is the shipped ground truth */
    int detail;          /* --detail: the per-family table instead of the summary */
    const char *reference; /* --reference: the speed column's method; NULL: the default */
    int skipped_slow;    /* the default methods left out some (ccd_method_list_opt_in) */
    char skipped_separation[256]; /* separation-only methods left out of a plain run */
    char work[256];      /* what runs, for the progress bar's estimate (describe_work) */
    ccd_atomic_file *out; /* --output, opened before any work; NULL: stdout */
    int fail_on_method_error; /* exit 1 when a method failed on some query */
    int isolate;              /* run plugin methods in child processes */
    double query_timeout;     /* seconds per query of an isolated method; 0: none */
    size_t max_digits;   /* --max-digits (0: the reader's default) */
    ccd_mpi_job *job;    /* the MPI job (a job of one outside mpirun/srun) */
    const ccd_cli_run_mode *mode; /* another command on run's options, or NULL: run */
    const char *vs;      /* the mode's --vs OTHER */
    char *mode_methods;  /* the mode's METHOD[,OTHER] (malloc'd) */
} run_options;

/* "I/N" with 0 <= I < N. */
static int parse_shard(run_options *o, const char *text)
{
    char *end;
    errno = 0;
    unsigned long i = strtoul(text, &end, 10);
    if (end == text || *end != '/' || text[0] == '-')
        return ccd_cli_usage_error("--shard: '%s' is not I/N", text);
    const char *n_text = end + 1;
    unsigned long n = strtoul(n_text, &end, 10);
    if (end == n_text || *end || n_text[0] == '-' || errno || n < 1 || n > 1000000 || i >= n)
        return ccd_cli_usage_error("--shard: '%s' is not I/N with 0 <= I < N <= 1000000", text);
    o->shard_index = (unsigned)i;
    o->shard_count = (unsigned)n;
    return -1;
}

/* The method a configuration "BASE@NAME" is of (methods/method_variant.h): a plugin's
 * configuration is isolated as the plugin's method is.  Any other method: itself. */
static const ccd_method *base_method(const ccd_method_list *available, const ccd_method *m)
{
    size_t length = ccd_method_variant_base_length(m->name);
    char base[256];
    if (!length || length >= sizeof base)
        return m;
    memcpy(base, m->name, length);
    base[length] = '\0';
    const ccd_method *found = ccd_method_list_find(available, base);
    return found ? found : m;
}

/* --preset: its settings replace the defaults; every setting of the run is the
 * paper's, so any other conflicts.  Returns -1 to go on, or the exit status. */
static int apply_preset(run_options *o)
{
    const ccd_preset *p = o->preset;
    ccd_params defaults;
    ccd_params_default(&defaults);
    if (o->sweep.count)
        return ccd_cli_usage_error("--preset %s: cannot be combined with --sweep", p->name);
    if (o->options.count || o->params.ms != 0 || o->params.t_max != 1 ||
        o->params.ms_norm != defaults.ms_norm || o->params.no_zero_toi)
        return ccd_cli_usage_error("--preset %s: fixes --delta, --max-checks, --eta, "
                                   "--filter, --param, --ms, --norm, --t-max and "
                                   "--no-zero-toi to the paper's settings", p->name);
    o->params = defaults;
    o->params.ms_norm = p->norm;
    if (p->sweep) {
        ccd_error err;
        ccd_status st = ccd_sweep_parse(&o->sweep, &err, p->sweep);
        CCD_ASSERT(st == CCD_OK); /* the table's own text (tests/bench/check_preset.c) */
        (void)st;
    }
    return -1;
}

/* The preset's option settings of the registered methods (a column whose method
 * is missing is left out with it).  Returns -1 to go on, or the exit status. */
static int add_preset_settings(run_options *o)
{
    size_t n = 0;
    for (const char *const *s = o->preset->settings; *s; s++) {
        char method[128];
        size_t len = strcspn(*s, ".");
        CCD_ASSERT(len < sizeof method);
        memcpy(method, *s, len);
        method[len] = '\0';
        if (!ccd_method_list_find(o->available, method))
            continue;
        CCD_ASSERT(n < sizeof o->preset_settings / sizeof o->preset_settings[0]);
        if (!(o->preset_settings[n] = strdup(*s)))
            return ccd_cli_out_of_memory();
        int status = ccd_cli_option_add_param(&o->options, o->preset_settings[n++]);
        if (status != 0)
            return status;
    }
    return -1;
}

/* Whether option c of run applies to another command on run's options (a mode):
 * what chooses the methods, their settings and the truth, not what shapes run's
 * table and files. */
static int mode_takes(int c)
{
    switch (c) {
    case OPT_PARAM: case OPT_METHOD_PARAM: case OPT_PLUGIN: case OPT_THREADS:
    case OPT_TRUTH: case OPT_TRUTH_DIR: case OPT_NO_ZERO_TOI: case OPT_ISOLATE:
    case OPT_NO_ISOLATE: case OPT_QUERY_TIMEOUT: case OPT_MAX_DIGITS: case OPT_VS:
    case OPT_FORMAT:
        return 1;
    default:
        return 0;
    }
}

/* A mode's operands: METHOD [DATA]... (--vs OTHER: both).  The methods are
 * o->methods (malloc'd into o->mode_methods); optind moves to DATA. */
static int mode_operands(run_options *o, int argc, char **argv)
{
    const char *command = o->mode->name;
    if (optind >= argc)
        return ccd_cli_usage_error("%s: expected METHOD [DATA]... (see ccdbench %s --help)",
                                   command, command);
    const char *method = argv[optind++];
    const char *names[2] = {method, o->vs};
    for (int k = 0; k < 2; k++)
        if (names[k] && (!*names[k] || strchr(names[k], ',')))
            return ccd_cli_usage_error("%s: '%s' is not one method name", command, names[k]);
    if (o->vs && strcmp(o->vs, method) == 0)
        return ccd_cli_usage_error("%s: --vs %s: the method compared with itself", command,
                                   method);
    size_t size = strlen(method) + (o->vs ? strlen(o->vs) + 1 : 0) + 1;
    if (!(o->mode_methods = malloc(size)))
        return ccd_cli_out_of_memory();
    snprintf(o->mode_methods, size, "%s%s%s", method, o->vs ? "," : "", o->vs ? o->vs : "");
    o->methods = o->mode_methods;
    o->methods_given = 1;
    return -1;
}

/* Whether option c decides what the run computes (not where its results go,
 * nor on how many threads): part of the cost cache's key. */
static int decides_work(int c)
{
    switch (c) {
    case OPT_THREADS: case OPT_FORMAT: case OPT_OUTPUT: case OPT_JSON: case OPT_PER_QUERY:
    case OPT_CHECKPOINT: case OPT_COSTS: case OPT_DETAIL: case OPT_REFERENCE:
    case OPT_FAIL_ON_METHOD_ERROR: case OPT_HELP:
        return 0;
    default: return 1;
    }
}

/* "--name=value\n" (or "--name\n") added to o->settings: 0, or -1 when out of memory. */
static int note_setting(run_options *o, const char *name, const char *value)
{
    char *line = ccd_report_printf("--%s%s%s\n", name, value ? "=" : "", value ? value : "");
    const size_t n = line ? strlen(line) : 0;
    char *grown = line ? realloc(o->settings, o->settings_size + n + 1) : NULL;
    if (grown) {
        memcpy(grown + o->settings_size, line, n + 1);
        o->settings = grown;
        o->settings_size += n;
    }
    free(line);
    return grown ? 0 : -1;
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
        {"truth-dir", required_argument, NULL, OPT_TRUTH_DIR},
        {"delta", required_argument, NULL, OPT_PARAM},
        {"max-checks", required_argument, NULL, OPT_PARAM},
        {"ms", required_argument, NULL, OPT_PARAM},
        {"t-max", required_argument, NULL, OPT_PARAM},
        {"no-zero-toi", no_argument, NULL, OPT_NO_ZERO_TOI},
        {"filter", required_argument, NULL, OPT_PARAM},
        {"eta", required_argument, NULL, OPT_PARAM},
        {"norm", required_argument, NULL, OPT_PARAM},
        {"param", required_argument, NULL, OPT_METHOD_PARAM},
        {"reference", required_argument, NULL, OPT_REFERENCE},
        {"help", no_argument, NULL, OPT_HELP},
        {"json", required_argument, NULL, OPT_JSON},
        {"per-query", no_argument, NULL, OPT_PER_QUERY},
        {"checkpoint", required_argument, NULL, OPT_CHECKPOINT},
        {"costs", required_argument, NULL, OPT_COSTS},
        {"detail", no_argument, NULL, OPT_DETAIL},
        {"shard", required_argument, NULL, OPT_SHARD},
        {"sweep", required_argument, NULL, OPT_SWEEP},
        {"preset", required_argument, NULL, OPT_PRESET},
        {"fail-on-method-error", no_argument, NULL, OPT_FAIL_ON_METHOD_ERROR},
        {"isolate", no_argument, NULL, OPT_ISOLATE},
        {"no-isolate", no_argument, NULL, OPT_NO_ISOLATE},
        {"query-timeout", required_argument, NULL, OPT_QUERY_TIMEOUT},
        {"max-digits", required_argument, NULL, OPT_MAX_DIGITS},
        {"vs", required_argument, NULL, OPT_VS},
        {NULL, 0, NULL, 0},
    };
    const char *command = o->mode ? o->mode->name : "run";
    int c, status;
    opterr = 0;
    int index = -1;
    while ((c = getopt_long(argc, argv, "", longopts, &index)) != -1) {
        switch (c) {
        case OPT_PARAM: /* a method parameter: validated by name (cli_params.c) */
            if ((status = ccd_cli_parse_param(&o->params, &o->options, longopts[index].name,
                                              optarg)) != 0)
                return status;
            if (strcmp(longopts[index].name, "ms") == 0)
                o->ms_text = optarg;
            break;
        case OPT_METHODS: o->methods = optarg, o->methods_given = 1; break;
        case OPT_PLUGIN: o->plugins[o->plugin_count++] = optarg; break;
        case OPT_THREADS:
            if ((status = ccd_cli_parse_threads(&o->threads, optarg)) != 0)
                return status;
            break;
        case OPT_FORMAT:
            if (o->mode && (ccd_report_format_parse(&o->format, optarg) != 0 ||
                            (o->format != CCD_FORMAT_TEXT && o->format != CCD_FORMAT_CSV &&
                             o->format != CCD_FORMAT_JSON)))
                return ccd_cli_usage_error("%s: --format: '%s' is not text, csv or json",
                                           command, optarg);
            if (ccd_report_format_parse(&o->format, optarg) != 0)
                return ccd_cli_usage_error(
                    "--format: '%s' is not text, markdown, csv, json or latex", optarg);
            o->format_given = 1;
            break;
        case OPT_OUTPUT: o->output = optarg; break;
        case OPT_TRUTH:
            if (strcmp(optarg, "labels") == 0)
                o->truth = CCD_TRUTH_POLICY_LABELS;
            else if (strcmp(optarg, "exact") == 0)
                o->truth = CCD_TRUTH_POLICY_EXACT;
            else
                return ccd_cli_usage_error("--truth: '%s' is not labels or exact", optarg);
            o->truth_given = 1;
            break;
        case OPT_TRUTH_DIR: o->truth_dir = optarg; break;
        case OPT_METHOD_PARAM:
            if ((status = ccd_cli_option_add_param(&o->options, optarg)) != 0)
                return status;
            break;
        case OPT_NO_ZERO_TOI: o->params.no_zero_toi = 1; break;
        case OPT_HELP: fputs(o->mode ? o->mode->usage : usage, stdout); return CCD_EXIT_OK;
        case OPT_JSON: o->json = optarg; break;
        case OPT_PER_QUERY: o->per_query = 1; break;
        case OPT_CHECKPOINT:
            if (!optarg[0])
                return ccd_cli_usage_error("--checkpoint: an empty directory name");
            o->checkpoint = optarg;
            break;
        case OPT_DETAIL: o->detail = 1; break;
        case OPT_COSTS: o->costs = optarg; break;
        case OPT_REFERENCE: o->reference = optarg; break;
        case OPT_FAIL_ON_METHOD_ERROR: o->fail_on_method_error = 1; break;
        case OPT_ISOLATE: o->isolate = 1; break;
        case OPT_NO_ISOLATE: o->isolate = 0; break;
        case OPT_QUERY_TIMEOUT:
            if (ccd_cli_parse_double(&o->query_timeout, "--query-timeout", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (!(o->query_timeout >= 0) || o->query_timeout > 1e6)
                return ccd_cli_usage_error("--query-timeout: '%s' is not 0 <= S <= 1000000",
                                           optarg);
            break;
        case OPT_MAX_DIGITS:
            if ((status = ccd_cli_parse_max_digits(&o->max_digits, optarg)) != 0)
                return status;
            break;
        case OPT_SHARD: {
            int st = parse_shard(o, optarg);
            if (st >= 0)
                return st;
            break;
        }
        case OPT_SWEEP: {
            ccd_error err;
            ccd_sweep_free(&o->sweep);
            if (ccd_sweep_parse(&o->sweep, &err, optarg) != CCD_OK)
                return ccd_cli_fail(&err);
            break;
        }
        case OPT_PRESET:
            if (!(o->preset = ccd_preset_find(optarg))) {
                char names[256];
                ccd_preset_names(names, sizeof names);
                return ccd_cli_usage_error("--preset: no preset '%s' (known: %s)", optarg,
                                           names);
            }
            break;
        case OPT_VS:
            if (!o->mode) /* run's getopt would not know it */
                return ccd_cli_usage_error("run: option '--vs' is unknown, ambiguous or lacks "
                                           "its value (see ccdbench run --help)");
            o->vs = optarg;
            break;
        default: return ccd_cli_bad_option(command, argv, optopt);
        }
        if (o->mode && !mode_takes(c))
            return ccd_cli_usage_error("%s: --%s does not apply (see ccdbench %s --help)",
                                       command, longopts[index].name, command);
        if (decides_work(c) && note_setting(o, longopts[index].name, optarg) != 0)
            return ccd_cli_out_of_memory();
    }
    if (o->mode)
        return mode_operands(o, argc, argv);
    if (o->per_query && !o->json)
        return ccd_cli_usage_error("--per-query: needs --json FILE");
    if (o->checkpoint && !o->json)
        return ccd_cli_usage_error("--checkpoint: needs --json FILE");
    if (o->preset)
        return apply_preset(o);
    return -1;
}

/* The table's stream: the --output file (opened before the run), or stdout. */
static FILE *table_stream(const run_options *o)
{
    return o->out ? o->out->stream : stdout;
}

/* --output written (or dropped, when status says the run failed): the exit status. */
static int finish_output(const run_options *o, int status)
{
    ccd_error err;
    if (!o->out || !o->out->stream)
        return status;
    if (status != CCD_EXIT_OK) {
        ccd_atomic_file_abort(o->out);
        return status;
    }
    return ccd_atomic_file_commit(o->out, &err) == CCD_OK ? CCD_EXIT_OK : ccd_cli_fail(&err);
}

/* Queries of the run (each method answered or failed on every one). */
static uint64_t run_queries(const ccd_run_stats *stats)
{
    uint64_t queries = 0;
    for (size_t g = 0; g < stats->group_count && stats->method_count; g++)
        queries += stats->groups[g].methods[0].queries + stats->groups[g].methods[0].failed;
    return queries;
}

/* Say on stderr which methods failed on queries (count, first reason); returns
 * whether any did.  what: "" or " (delta = 1e-06)" for a run of a sweep. */
static int report_method_failures(const ccd_run_stats *stats, const char *what)
{
    int any = 0;
    for (size_t m = 0; m < stats->method_count; m++) {
        const ccd_first_failure *first;
        uint64_t failed = ccd_run_stats_failed(stats, m, &first);
        if (failed == 0)
            continue;
        any = 1;
        fprintf(stderr, "ccdbench: %s failed on %llu of %llu queries%s, not counted; first: %s\n",
                stats->methods[m]->name, (unsigned long long)failed,
                (unsigned long long)run_queries(stats), what, first ? first->reason : "?");
    }
    return any;
}

/* The summary (report_summary.h): per method, then per set and kind, each
 * under a heading in text and Markdown.  -1 when out of memory. */
static int write_summary(FILE *out, const ccd_run_stats *stats, ccd_report_format format,
                         const char *reference)
{
    size_t ref = 0;
    const char *why = NULL;
    /* --reference is one of the methods run: checked before the run */
    int found = stats->method_count ? ccd_report_summary_reference(&ref, &why, stats, reference)
                                    : 0;
    CCD_ASSERT(found == 0);
    (void)found;
    ccd_report_table t;
    for (int block = 0; block < 2; block++) {
        if (block ? ccd_report_summary_sets(&t, stats) : ccd_report_summary_methods(&t, stats, ref))
            return -1;
        const char *heading = block ? "Per set and kind" : "Per method, all queries";
        if (block)
            fputc('\n', out);
        if (format == CCD_FORMAT_MARKDOWN)
            fprintf(out, "### %s\n\n", heading);
        else if (format == CCD_FORMAT_TEXT)
            fprintf(out, "%s\n\n", heading);
        int r = ccd_report_write_table(out, &t, format);
        ccd_report_table_free(&t);
        if (r != 0)
            return -1;
    }
    char *speed = stats->method_count ? ccd_report_summary_speed_note(stats, ref, why)
                                      : strdup("speed: no method");
    if (!speed)
        return -1;
    if (format != CCD_FORMAT_LATEX)
        fprintf(out, "\nFP, FN: false positives and negatives against the truth (FP %%: of the "
                     "queries).\nµs: time per query, one core.\n%s.\n--detail: per family, with max µs, queries/s, "
                     "max-checks hits and, against exact\ntruth, toi > exact, zero toi and "
                     "the toi gaps.\n", speed);
    else
        fprintf(out, "%% %s.\n", speed);
    free(speed);
    return 0;
}

static int write_report(const ccd_run_stats *stats, const run_options *o)
{
    FILE *out = table_stream(o);
    int summary = !o->detail && (o->format == CCD_FORMAT_TEXT ||
                                 o->format == CCD_FORMAT_MARKDOWN ||
                                 o->format == CCD_FORMAT_LATEX);
    if ((summary ? write_summary(out, stats, o->format, o->reference)
                 : ccd_report_write(out, stats, o->format)) != 0)
        return finish_output(o, ccd_cli_out_of_memory());
    if (o->format == CCD_FORMAT_TEXT) { /* the closing lines belong to the table */
        if (!summary && stats->toi_compared)
            fprintf(out, "\ntoi > exact: reported toi after the exact one (a conservative "
                         "method must have 0);\nzero toi: a collision reported at toi 0 where "
                         "the exact truth has none or a later\ntoi (a simulator that takes it "
                         "does not advance);\nmean / max toi gap: reported minus exact toi "
                         "where both collide; queries/s: per\ncore; max-checks hits: searches "
                         "stopped by the check budget m_I\n");
        uint64_t queries = run_queries(stats);
        fprintf(out, "\n%llu queries; truth from labels for %llu, exact for %llu; wall time "
                "%.3f s\n", (unsigned long long)queries,
                (unsigned long long)(queries - stats->exact_truth),
                (unsigned long long)stats->exact_truth, stats->wall_seconds);
        if (o->truth_files)
            fprintf(out, "exact truth from %s truth files %s\n",
                    o->shipped_truth ? "the shipped" : "the", o->truth_files);
        else if (stats->exact_truth)
            fprintf(out, "exact truth from the exact oracle\n");
        if (o->skipped_slow)
            ccd_cli_print_opt_in_note(out);
        if (*o->skipped_separation)
            fprintf(out, "%s not run: minimum separation only (--ms D runs it; so does "
                         "--methods)\n", o->skipped_separation);
    }
    return finish_output(o, CCD_EXIT_OK);
}

/* Where labels were to be the truth, say which sets had queries without one. */
static void note_unlabelled(const ccd_run_stats *stats, const run_options *o)
{
    if (o->truth == CCD_TRUTH_POLICY_LABELS && !o->truth_files)
        ccd_cli_note_unlabelled_run(stats);
}

/* The progress bar of each pass of a series over the data. */
static void bar_update(void *ctx, const ccd_dataset_file *at, uint64_t done, uint64_t total)
{
    ccd_cli_progress_dataset(ctx, at, done, total);
}

static void bar_begin(void *ctx, size_t pass, size_t passes)
{
    ccd_cli_progress_run(ctx, pass, passes);
}

/* What a run does, for the estimate over its progress bar: "8 methods (exact,
 * tight-inclusion, fprf, …) on 3636 queries in 38 files" ("about N queries" where
 * they were not all counted; a shard's share of them). */
static void describe_work(char *out, size_t size, const ccd_method_list *methods,
                          const ccd_dataset *ds, const run_options *o)
{
    enum { NAMED = 3 };
    size_t used = 0;
    int n = snprintf(out, size, "%zu method%s (", methods->count, methods->count == 1 ? "" : "s");
    used = n > 0 ? (size_t)n : 0;
    for (size_t i = 0; i < methods->count && i < NAMED && used < size; i++) {
        n = snprintf(out + used, size - used, "%s%s", i ? ", " : "", methods->items[i]->name);
        used += n > 0 ? (size_t)n : 0;
    }
    if (used < size && methods->count > NAMED) {
        n = snprintf(out + used, size - used, " +%zu", methods->count - NAMED);
        used += n > 0 ? (size_t)n : 0;
    }
    ccd_dataset_size sz;
    ccd_dataset_size_of(&sz, ds, 0, 0, (uint64_t)256 << 20);
    const int exact = sz.exact && o->shard_count <= 1;
    const uint64_t queries = o->shard_count > 1 ? sz.queries / o->shard_count : sz.queries;
    if (used < size)
        snprintf(out + used, size - used, ") on %s%llu queries in %zu file%s",
                 exact ? "" : "about ", (unsigned long long)queries, ds->count,
                 ds->count == 1 ? "" : "s");
}

static void bar_end(void *ctx, size_t pass)
{
    (void)pass;
    ccd_cli_progress_finish(ctx);
}

/* Print a table to --output or stdout. */
static int print_table(const ccd_report_table *t, const run_options *o, const char *note)
{
    FILE *out = table_stream(o);
    ccd_report_write_table(out, t, o->format);
    if (note && o->format == CCD_FORMAT_TEXT)
        fprintf(out, "\n%s\n", note);
    return finish_output(o, CCD_EXIT_OK);
}

/* *out = the option values of run r: --param and the shorthands, and a swept
 * delta or max-checks acting as its shorthand flag for that run. */
static int resolve_run_options(ccd_option_value ***out, const run_options *o,
                               const ccd_run_config *cfg, size_t r)
{
    ccd_cli_option_set settings = o->options;
    char swept[64];
    if (o->sweep.count && strcmp(o->sweep.param, "delta") == 0) {
        snprintf(swept, sizeof swept, "%.17g", o->sweep.values[r]);
        if (ccd_cli_option_add(&settings, NULL, "delta", swept, "--sweep") != 0)
            return CCD_EXIT_USAGE;
    } else if (o->sweep.count && strcmp(o->sweep.param, "max-checks") == 0) {
        snprintf(swept, sizeof swept, "%ld", (long)o->sweep.values[r]);
        if (ccd_cli_option_add(&settings, NULL, "max_checks", swept, "--sweep") != 0)
            return CCD_EXIT_USAGE;
    }
    return ccd_cli_options_resolve(out, &settings, o->available, cfg->methods, cfg->method_count);
}

/* The lines of a checkpoint's key that the run series does not know: what else
 * the numbers depend on (malloc'd; NULL when out of memory). */
static char *checkpoint_extra(const run_options *o, const ccd_run_config *cfg)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return NULL;
    fprintf(out, "ms exactly: %s\n", o->ms_text ? o->ms_text : "0");
    fprintf(out, "truth files: %s\n", o->truth_files ? o->truth_files : "none");
    fprintf(out, "preset: %s\n", o->preset ? o->preset->name : "none");
    fputs("plugins:", out);
    for (size_t i = 0; i < o->plugin_count; i++)
        fprintf(out, " %s", o->plugins[i]);
    fputs("\nisolated methods:", out);
    for (size_t m = 0; m < cfg->method_count; m++)
        if (cfg->isolate && cfg->isolate[m])
            fprintf(out, " %s", cfg->methods[m]->name);
    fprintf(out, "\nquery timeout: %.17g\n", o->query_timeout);
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* --sweep / --preset / --json / --shard: one run per sweep value, a result file,
 * and the sweep table or the paper table. */
static int run_extended(const run_options *o, ccd_run_config *cfg, const ccd_dataset *ds,
                        char *const *data, size_t data_count)
{
    ccd_error err;
    size_t nruns = o->sweep.count ? o->sweep.count : 1;
    ccd_result_run *runs = calloc(nruns, sizeof *runs);
    int status = CCD_EXIT_OK;
    if (!runs)
        return ccd_cli_out_of_memory();
    /* The option values of every run, resolved (and checked) before any work. */
    ccd_option_value ***run_values = calloc(nruns, sizeof *run_values);
    if (!run_values) {
        free(runs);
        return ccd_cli_out_of_memory();
    }
    for (size_t r = 0; r < nruns; r++)
        if ((status = resolve_run_options(&run_values[r], o, cfg, r)) != 0) {
            for (size_t k = 0; k <= r; k++)
                ccd_cli_options_free(run_values[k], cfg->method_count);
            free(run_values);
            free(runs);
            return status;
        }
    /* A swept option some selected method does not declare: its rows do not
     * change with the value; say so once per method (after the result file is
     * known to be writable: an error comes alone). */
    ccd_error probe_err;
    if (o->sweep.count && strcmp(o->sweep.param, "ms") != 0 &&
        (!o->json || ccd_atomic_file_check(&probe_err, o->json) == CCD_OK)) {
        const char *key = strcmp(o->sweep.param, "delta") == 0 ? "delta" : "max_checks";
        for (size_t m = 0; m < cfg->method_count; m++)
            if (ccd_option_find(cfg->methods[m], key) < 0)
                fprintf(stderr,
                        "ccdbench: --sweep %s: %s has no option %s (see ccdbench methods "
                        "--details): its runs do not depend on the value\n",
                        o->sweep.param, cfg->methods[m]->name, key);
    }
    char *extra = NULL;
    if (o->checkpoint && !(extra = checkpoint_extra(o, cfg))) {
        for (size_t r = 0; r < nruns; r++)
            ccd_cli_options_free(run_values[r], cfg->method_count);
        free(run_values);
        free(runs);
        return ccd_cli_out_of_memory();
    }
    size_t resumed = 0;
    /* In an MPI job each rank runs its shard into memory, and rank 0 combines. */
    int in_job = o->job->size > 1;
    char *part = NULL;
    size_t part_length = 0;
    ccd_cli_progress bar;
    ccd_cli_progress_init(&bar, "run");
    bar.what = o->work;
    cfg->progress = bar_update;
    cfg->ctx = &bar;
    ccd_run_series series = {
        .count = nruns,
        .sweep_param = o->sweep.count ? o->sweep.param : NULL,
        .sweep_values = o->sweep.values,
        .options = run_values,
        .result_path = in_job ? NULL : o->json,
        .preset = o->preset ? o->preset->name : NULL,
        .per_query = o->per_query,
        .part = in_job ? &part : NULL,
        .part_length = in_job ? &part_length : NULL,
        .data = data,
        .data_count = data_count,
        .checkpoint_dir = o->checkpoint,
        .checkpoint_extra = extra,
        .resumed = &resumed,
        .pass_begin = bar_begin,
        .pass_end = bar_end,
        .ctx = &bar,
    };
    ccd_status st = CCD_OK;
    if (in_job && o->job->rank == 0 && o->json) /* rank 0 writes it: fail before any work */
        st = ccd_atomic_file_check(&err, o->json);
    if (st == CCD_OK)
        st = ccd_run_series_execute(runs, &err, ds, cfg, &series);
    free(extra);
    if (resumed)
        fprintf(stderr, "ccdbench: --checkpoint %s: %zu of %zu files read back, not run again\n",
                o->checkpoint, resumed, ds->count);
    int said = -1; /* the job's exit status, when said already */
    if (in_job) {
        said = ccd_mpi_job_agree(o->job, st == CCD_OK ? CCD_EXIT_OK : ccd_cli_fail(&err));
        for (size_t i = 0; i < nruns; i++) { /* each rank's part; rank 0 gets the sums */
            ccd_run_stats_free(&runs[i].stats);
            memset(&runs[i].stats, 0, sizeof runs[i].stats);
        }
        if (said == CCD_EXIT_OK) {
            series.result_path = o->json;
            st = ccd_run_series_reduce(runs, &err, ds, cfg, &series, o->job, part,
                                       part_length);
            if (st != CCD_OK)
                said = ccd_cli_fail(&err);
            else if (o->job->rank == 0)
                said = -1; /* rank 0 goes on to the table */
        }
        free(part);
    }
    if (said >= 0) {
        status = said;
        st = CCD_ERR_INTERNAL; /* said: nothing more to print */
    } else if (st != CCD_OK) {
        status = ccd_cli_fail(&err);
    } else {
        note_unlabelled(&runs[0].stats, o);
        ccd_report_table t;
        int made;
        char note[1024];
        uint64_t queries = run_queries(&runs[0].stats);
        int precise = o->format == CCD_FORMAT_CSV || o->format == CCD_FORMAT_JSON;
        int used = snprintf(note, sizeof note, "%llu queries per run%s%s",
                            (unsigned long long)queries, o->json ? "; result file " : "",
                            o->json ? o->json : "");
        if (o->preset) {
            /* the closing lines: how the paper's figures were made, and what is missing */
            used += snprintf(note + used, sizeof note - (size_t)used, "\n%.*s",
                             (int)strlen(o->preset->scoring_note) - 1, o->preset->scoring_note);
            if (*o->preset_missing && !o->methods_given)
                snprintf(note + used, sizeof note - (size_t)used,
                         "\n%s: not available in this build (n/a)", o->preset_missing);
            made = ccd_paper_preset_table(&t, o->preset, runs, nruns, !o->methods_given,
                                          precise);
        } else if (o->sweep.count) {
            made = ccd_paper_sweep_table(&t, runs, nruns, o->sweep.param, precise);
        } else {
            made = 1; /* the usual table */
        }
        if (made < 0)
            status = ccd_cli_out_of_memory();
        else if (made == 0)
            status = print_table(&t, o, note), ccd_paper_table_free(&t);
        else
            status = write_report(&runs[0].stats, o);
    }
    int failures = 0;
    for (size_t i = 0; st == CCD_OK && i < nruns; i++) {
        char what[64] = "";
        if (o->sweep.count)
            snprintf(what, sizeof what, " (%s = %g)", o->sweep.param, runs[i].sweep_value);
        failures |= report_method_failures(&runs[i].stats, what);
    }
    if (failures && o->fail_on_method_error && status == CCD_EXIT_OK)
        status = CCD_EXIT_FAILURE;
    /* Every run's stats: calloc'd, and a failed or never started run leaves them
     * empty, so freeing them all is right however far the loop got. */
    for (size_t i = 0; i < nruns; i++)
        ccd_run_stats_free(&runs[i].stats);
    for (size_t r = 0; r < nruns; r++)
        ccd_cli_options_free(run_values[r], cfg->method_count);
    free(run_values);
    free(runs);
    return status;
}

/* The truth files of the run: --truth-dir, or without DATA (and without --truth,
 * --truth-dir and a sweep of ms) the shipped ground truth when there is one for
 * --ms and --norm.  Returns -1 to go on (o->truth_files set when there are files,
 * and then table loaded), or the exit status. */
static int load_truth_files(ccd_truth_file_set *table, run_options *o, const ccd_dataset *ds,
                            char *const *data, int data_count, mpq_srcptr ms)
{
    int sweep_ms = o->sweep.count && strcmp(o->sweep.param, "ms") == 0;
    if (o->truth_dir) {
        if (sweep_ms)
            return ccd_cli_usage_error("--truth-dir: its files hold one --ms; not with --sweep ms");
        if (!(o->truth_files = strdup(o->truth_dir)))
            return ccd_cli_out_of_memory();
    } else if (data_count == 0 && !o->truth_given && !sweep_ms) {
        o->truth_files = ccd_cli_shipped_truth(ms, o->params.ms_norm);
        o->shipped_truth = o->truth_files != NULL;
    }
    if (!o->truth_files)
        return -1;
    char *root = NULL;
    char *const *roots = data;
    if (data_count == 0) {
        if (!(root = ccd_cli_default_dataset()))
            return ccd_cli_out_of_memory();
        roots = &root;
        data_count = 1;
    }
    ccd_error err;
    int status = -1;
    if (ccd_truth_file_set_load_dir(table, &err, o->truth_files, ds, roots, data_count, ms,
                                    o->params.ms_norm) != CCD_OK)
        status = ccd_cli_fail(&err);
    free(root);
    if (status >= 0) {
        free(o->truth_files);
        o->truth_files = NULL;
    }
    return status;
}

static int run_main(int argc, char **argv, ccd_mpi_job *job, const ccd_cli_run_mode *mode);

int ccd_cmd_run(int argc, char **argv)
{
    return ccd_cli_run_mode_main(argc, argv, NULL);
}

int ccd_cli_run_mode_main(int argc, char **argv, const ccd_cli_run_mode *mode)
{
    ccd_error err;
    ccd_mpi_job job;
    int status = ccd_mpi_job_start(&job, &err) == CCD_OK ? run_main(argc, argv, &job, mode)
                                                          : ccd_cli_fail(&err);
    return ccd_mpi_job_end(&job, status);
}

/* An MPI job of several ranks: each is the shard of its rank. */
static int join_job(run_options *o)
{
    if (o->job->size <= 1)
        return -1;
    if (o->shard_count > 1)
        return ccd_cli_usage_error("--shard: not in an MPI job of %d ranks, whose ranks are "
                                   "the shards (run the job with -n %u instead)",
                                   o->job->size, o->shard_count);
    if (o->checkpoint)
        return ccd_cli_usage_error("--checkpoint: not in an MPI job of %d ranks (see "
                                   "docs/mpi.md)", o->job->size);
    o->shard_index = (unsigned)o->job->rank;
    o->shard_count = (unsigned)o->job->size;
    return -1;
}

static int run_main(int argc, char **argv, ccd_mpi_job *job, const ccd_cli_run_mode *mode)
{
    run_options o = {.methods = "all", .format = CCD_FORMAT_TEXT, .truth = CCD_TRUTH_POLICY_LABELS,
                     .isolate = 1, .query_timeout = 60, .job = job, .mode = mode};
    ccd_params_default(&o.params);
    o.plugins = calloc((size_t)argc + 1, sizeof *o.plugins);
    if (!o.plugins)
        return ccd_cli_out_of_memory();
    int status = parse_options(&o, argc, argv);
    if (status < 0 && mode && job->size > 1)
        status = ccd_cli_usage_error("%s: not in an MPI job (it runs in one process)",
                                     mode->name);
    if (status < 0)
        status = join_job(&o);
    if (status >= 0) {
        ccd_sweep_free(&o.sweep);
        free(o.plugins);
        free(o.settings);
        free(o.mode_methods);
        return status;
    }

    ccd_error err;
    ccd_atomic_file out_file = {0};
    if (o.output && job->rank == 0) { /* before any work: a path that cannot be written fails now */
        if (ccd_atomic_file_open(&out_file, &err, o.output) != CCD_OK) {
            ccd_sweep_free(&o.sweep);
            free(o.plugins);
            free(o.settings);
            free(o.mode_methods);
            return ccd_cli_fail(&err);
        }
        o.out = &out_file;
    }
    ccd_cli_methods available;
    ccd_method_variants variants = {0}; /* "BASE@CONFIG" methods of --methods or a preset */
    ccd_option_value **method_options = NULL;
    ccd_method_list chosen = {0};
    ccd_dataset ds = {0};
    int have_methods = 0, have_dataset = 0, have_truth_table = 0;
    /* the heavy queries expected (--costs FILE, or the cost cache) and measured */
    ccd_expected_costs expected = {0}, measured = {0};
    char *cache_key = NULL; /* the cost cache's, or NULL: none */
    ccd_truth_file_set truth_table = {0};
    const char **limits = NULL; /* the documented ranges of the chosen methods */
    unsigned char *isolate = NULL; /* per chosen method: run in child processes */
    double *method_ms = NULL; /* per chosen method: its own d (a preset's), NAN: the run's */
    /* --ms exactly (swept values of ms are doubles: the truth uses them as they are) */
    mpq_t ms_exact;
    int have_ms_exact = o.ms_text && !(o.sweep.count && strcmp(o.sweep.param, "ms") == 0);
    if (have_ms_exact) {
        /* parse_options accepted this very text with the same parser, so it
         * parses again; the exact value is kept for the truth. */
        int bad = ccd_cli_parse_ms(ms_exact, o.ms_text);
        CCD_ASSERT(bad == 0);
        (void)bad;
    }
    if (ccd_cli_methods_load(&available, &err, o.plugins, o.plugin_count) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    have_methods = 1;
    char *defaults = NULL;
    o.available = &available.available;
    if (o.preset && !o.methods_given) {
        defaults = ccd_preset_method_list(o.preset, o.available->items, o.available->count,
                                          o.preset_missing, sizeof o.preset_missing);
        if (!defaults) {
            status = ccd_cli_out_of_memory();
            goto done;
        }
        o.methods = defaults;
    } else if (!o.methods_given) {
        int sweep_ms = o.sweep.count && strcmp(o.sweep.param, "ms") == 0;
        defaults = ccd_cli_default_methods(&o.skipped_slow, o.skipped_separation,
                                           sizeof o.skipped_separation, &available.available,
                                           o.params.ms == 0 && !sweep_ms);
        if (!defaults) {
            status = ccd_cli_out_of_memory();
            goto done;
        }
        o.methods = defaults;
    }
    ccd_status picked = ccd_method_variants_add(&variants, &err, &available.available, o.methods);
    if (picked != CCD_OK) {
        free(defaults);
        status = ccd_cli_fail(&err);
        goto done;
    }
    picked = ccd_method_list_select(&chosen, &err, &available.available, o.methods);
    free(defaults);
    if (picked != CCD_OK) {
        const char *what = strstr(err.message, ": "); /* drop "--methods" */
        status = ccd_cli_usage_error("%s: %s", mode ? mode->name : "--methods",
                                     what ? what + 2 : err.message);
        goto done;
    }
    if (o.reference) { /* one of the methods run: checked before any work */
        size_t m = 0;
        while (m < chosen.count && strcmp(chosen.items[m]->name, o.reference) != 0)
            m++;
        if (m == chosen.count) {
            status = ccd_cli_usage_error("--reference: '%s' is not one of the methods run",
                                         o.reference);
            goto done;
        }
    }
    if (ccd_cli_discover(&ds, &err, argv + optind, argc - optind) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    have_dataset = 1;
    ds.max_digits = o.max_digits;
    if (ds.count == 0) {
        status = ccd_cli_usage_error("%s: no query files found under the data given",
                                     mode ? mode->name : "run");
        goto done;
    }
    if (!(limits = calloc(chosen.count + 1, sizeof *limits))) {
        status = ccd_cli_out_of_memory();
        goto done;
    }
    if (!(isolate = calloc(chosen.count + 1, 1)) ||
        !(method_ms = calloc(chosen.count + 1, sizeof *method_ms))) {
        status = ccd_cli_out_of_memory();
        goto done;
    }
    for (size_t m = 0; m < chosen.count; m++) {
        limits[m] = ccd_builtin_limit(chosen.items[m]);
        isolate[m] = o.isolate && ccd_cli_method_from_plugin(&available,
                                                             base_method(o.available,
                                                                         chosen.items[m]));
        const char *own = o.preset ? ccd_preset_column_ms(o.preset, chosen.items[m]->name)
                                   : NULL;
        method_ms[m] = own ? strtod(own, NULL) : NAN;
    }
    if ((status = load_truth_files(&truth_table, &o, &ds, argv + optind, argc - optind,
                                   have_ms_exact ? ms_exact : NULL)) >= 0)
        goto done;
    status = CCD_EXIT_OK;
    have_truth_table = o.truth_files != NULL;
    if (o.preset && (status = add_preset_settings(&o)) >= 0)
        goto done;
    status = CCD_EXIT_OK;
    /* Names, types and ranges of the option settings, checked before any work. */
    if ((status = ccd_cli_options_resolve(&method_options, &o.options, o.available, chosen.items,
                                          chosen.count)) != 0)
        goto done;
    if (o.costs && strcmp(o.costs, "none") != 0) {
        ccd_schedule_work work;
        if (ccd_schedule_costs_of(&work, &err, o.costs, &ds) != CCD_OK) {
            status = ccd_cli_fail(&err);
            goto done;
        }
        const int oom = ccd_expected_costs_of(&expected, work.cost_ns, work.count) != 0;
        ccd_schedule_work_free(&work);
        if (oom) {
            status = ccd_cli_out_of_memory();
            goto done;
        }
    } else if (!o.costs && job->size == 1) { /* an MPI rank's pass is its share */
        char *settings = ccd_report_printf("%s\n%s", mode ? mode->name : "run",
                                           o.settings ? o.settings : "");
        cache_key = settings ? ccd_cost_cache_key(&ds, settings) : NULL;
        free(settings);
        if (cache_key)
            ccd_cost_cache_load(&expected, cache_key);
    }
    /* counted only where a progress bar may show it (the files are read twice) */
    if (isatty(STDERR_FILENO))
        describe_work(o.work, sizeof o.work, &chosen, &ds, &o);

    if (o.json || o.sweep.count || o.preset || o.shard_count > 1) {
        ccd_run_config cfg = {
            .methods = chosen.items,
            .method_count = chosen.count,
            .params = o.params,
            .ms_exact = have_ms_exact ? ms_exact : NULL,
            .method_ms = method_ms,
            .plain_truth = o.preset && o.preset->plain_truth,
            .truth = o.truth,
            .truth_files = have_truth_table ? &truth_table : NULL,
            .method_limits = limits,
            .isolate = isolate,
            .query_timeout = o.query_timeout,
            .threads = (int)o.threads,
            .shard_index = o.shard_index,
            .shard_count = o.shard_count,
            .expected = expected.count ? &expected : NULL,
            .measured = cache_key ? &measured : NULL,
        };
        status = run_extended(&o, &cfg, &ds, argv + optind, (size_t)(argc - optind));
        goto done;
    }
    ccd_cli_progress bar;
    ccd_cli_progress_init(&bar, mode ? mode->name : "run");
    bar.what = o.work;
    ccd_run_config cfg = {
        .methods = chosen.items,
        .method_count = chosen.count,
        .params = o.params,
        .method_options = (const ccd_option_value *const *)method_options,
        .ms_exact = have_ms_exact ? ms_exact : NULL,
        .truth = o.truth,
        .truth_files = have_truth_table ? &truth_table : NULL,
        .method_limits = limits,
        .isolate = isolate,
        .query_timeout = o.query_timeout,
        .threads = (int)o.threads,
        .expected = expected.count ? &expected : NULL,
        .measured = cache_key ? &measured : NULL,
        .progress = ccd_cli_progress_dataset,
        .ctx = &bar,
    };
    if (mode) {
        status = mode->run(mode->ctx, &ds, &cfg, o.format, &bar);
        goto done;
    }
    ccd_run_stats stats;
    ccd_status st = ccd_run(&stats, &err, &ds, &cfg);
    ccd_cli_progress_finish(&bar);
    if (st != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    note_unlabelled(&stats, &o);
    status = write_report(&stats, &o);
    if (report_method_failures(&stats, "") && o.fail_on_method_error && status == CCD_EXIT_OK)
        status = CCD_EXIT_FAILURE;
    ccd_run_stats_free(&stats);
done:
    ccd_atomic_file_abort(&out_file); /* a no-op once the table is written */
    if (cache_key && measured.complete) /* the pass went to its end */
        ccd_cost_cache_store(cache_key, &measured);
    free(cache_key);
    ccd_expected_costs_free(&expected);
    ccd_expected_costs_free(&measured);
    free(o.settings);
    ccd_cli_options_free(method_options, chosen.count);
    free(limits);
    free(isolate);
    free(method_ms);
    for (size_t i = 0; i < sizeof o.preset_settings / sizeof o.preset_settings[0]; i++)
        free(o.preset_settings[i]);
    if (have_truth_table)
        ccd_truth_file_set_free(&truth_table);
    free(o.truth_files);
    if (have_ms_exact)
        mpq_clear(ms_exact);
    if (have_dataset)
        ccd_dataset_free(&ds);
    ccd_method_list_free(&chosen);
    if (have_methods)
        ccd_cli_methods_free(&available);
    ccd_method_variants_free(&variants);
    ccd_sweep_free(&o.sweep);
    free(o.plugins);
    free(o.mode_methods);
    return status;
}
