/* SPDX-License-Identifier: MIT */
/* `ccdbench contact`: the differentiable contact routines of Beker et al. — accuracy
 * against exact references, the rotating-edge experiment, and throughput. */
#include <config.h>

#include "cli/cli.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/accuracy.h"
#include "contact/contact_tables.h"
#include "contact/rotating_edge.h"
#include "contact/throughput.h"
#include "report/paper.h"
#include "report/report.h"

static const char usage[] =
    "Usage: ccdbench contact COMMAND [OPTION]... [DATA]...\n"
    "Differentiable contact routines of Beker et al. (smoothed witness points).\n"
    "\n"
    "Commands:\n"
    "  check [DATA]...   accuracy of the hard and smoothed E-E / V-F witness routines on\n"
    "                    every query configuration, against exact rational closest points\n"
    "                    (src/exact/distance.c), and of their derivatives against 256-bit\n"
    "                    MPFR central differences\n"
    "      --at 0|1|toi        configuration time: t0, t1, or the exact time of impact\n"
    "                          rounded down (colliding queries only; default 0)\n"
    "      --smoothing LIST    comma-separated smoothing levels (default 1e-1,1e-2,1e-3,1e-4)\n"
    "      --deriv-every N     check derivatives on every N-th query (default 10; 0: never)\n"
    "  rotating-edge     slope of the witness point at the parallel configuration versus\n"
    "                    the regularisation weight λ (Beker et al., Fig. 3)\n"
    "      --eps E             smoothing of clip/argmin/comparison (default 0.1)\n"
    "      --weights LIST      λ values (default 0,1e-4,1e-3,1e-2,1e-1,1; 0 is run hard)\n"
    "      --steps N           angles in [0, π] (default 20000)\n"
    "  bench             witness-point throughput versus a primal-dual interior point\n"
    "      --max-batch N       largest batch, a power of 10 (default 100000; e.g. 1e7)\n"
    "      --min-time S        repeat each batch for at least S seconds (default 0.05)\n"
    "      --threads N         OpenMP threads of the parallel runs (default: all; 1: no\n"
    "                          parallel runs)\n"
    "\n"
    "Common options:\n"
    "  --format F        text (default), markdown, csv, json or latex: the table writers\n"
    "                    of `ccdbench run`; text and markdown add notes around the table,\n"
    "                    the other formats are the table alone (one row object per row\n"
    "                    in JSON, empty statistics as null)\n"
    "  --help            show this help\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input or usage.\n";

enum { OPT_AT = 256, OPT_SMOOTHING, OPT_DERIV_EVERY, OPT_FORMAT, OPT_EPS, OPT_WEIGHTS, OPT_STEPS,
       OPT_MAX_BATCH, OPT_MIN_TIME, OPT_THREADS };

/* Comma-separated positive (or, with allow_zero, non-negative) numbers. */
static int parse_list(double *out, size_t *n, size_t max, const char *option, const char *text,
                      int allow_zero)
{
    *n = 0;
    const char *p = text;
    while (*p) {
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (end == p || errno || !isfinite(v) || v < 0 || (v == 0 && !allow_zero) ||
            (*end && *end != ','))
            return ccd_cli_usage_error("contact: %s: bad number list '%s'", option, text);
        if (*n == max)
            return ccd_cli_usage_error("contact: %s: at most %zu values", option, max);
        out[(*n)++] = v;
        p = *end ? end + 1 : end;
    }
    if (*n == 0)
        return ccd_cli_usage_error("contact: %s: empty list", option);
    return 0;
}

static int out_of_memory(void)
{
    fputs("ccdbench: contact: out of memory\n", stderr);
    return CCD_EXIT_FAILURE;
}

static int parse_format(ccd_report_format *out, const char *command, const char *name)
{
    if (ccd_report_format_parse(out, name) != 0)
        return ccd_cli_usage_error("contact %s: --format: '%s' is not text, markdown, csv, json "
                                   "or latex", command, name);
    return 0;
}

/* Notes for readers: text and Markdown only (a paragraph of its own in Markdown). */
static void note(ccd_report_format format, int before_table, const char *fmt, ...)
{
    if (format != CCD_FORMAT_TEXT && format != CCD_FORMAT_MARKDOWN)
        return;
    if (!before_table && format == CCD_FORMAT_MARKDOWN)
        putchar('\n');
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    if (before_table && format == CCD_FORMAT_MARKDOWN)
        putchar('\n');
}

/* CSV and JSON get numbers at full precision, the formats for readers rounded ones. */
static int precise_format(ccd_report_format format)
{
    return format == CCD_FORMAT_CSV || format == CCD_FORMAT_JSON;
}

/* Writes t on stdout and frees it; returns the exit status. */
static int write_table(ccd_report_format format, ccd_report_table *t)
{
    int r = ccd_report_write_table(stdout, t, format);
    ccd_report_table_free(t);
    return r == 0 ? CCD_EXIT_OK : out_of_memory();
}

static int finish_output(void)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return CCD_EXIT_OK;
    fputs("ccdbench: contact: write error on standard output\n", stderr);
    return CCD_EXIT_FAILURE;
}

static int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"at", required_argument, NULL, OPT_AT},
        {"smoothing", required_argument, NULL, OPT_SMOOTHING},
        {"deriv-every", required_argument, NULL, OPT_DERIV_EVERY},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    ccd_contact_check_options opt;
    ccd_contact_check_options_default(&opt);
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            fputs(usage, stdout);
            return CCD_EXIT_OK;
        case OPT_AT:
            if (!strcmp(optarg, "0"))
                opt.at = 0;
            else if (!strcmp(optarg, "1"))
                opt.at = 1;
            else if (!strcmp(optarg, "toi"))
                opt.at = CCD_CONTACT_AT_TOI;
            else
                return ccd_cli_usage_error("contact check: --at: expected 0, 1 or toi, got '%s'",
                                           optarg);
            break;
        case OPT_SMOOTHING:
            if (parse_list(opt.levels, &opt.nlevels, CCD_CONTACT_MAX_LEVELS, "--smoothing",
                           optarg, 0))
                return CCD_EXIT_USAGE;
            break;
        case OPT_DERIV_EVERY: {
            long v;
            if (ccd_cli_parse_long(&v, "--deriv-every", optarg))
                return CCD_EXIT_USAGE;
            if (v < 0)
                return ccd_cli_usage_error("contact check: --deriv-every must be ≥ 0");
            opt.deriv_every = v;
            break;
        }
        case OPT_FORMAT:
            if (parse_format(&format, "check", optarg))
                return CCD_EXIT_USAGE;
            break;
        default:
            return ccd_cli_bad_option("contact check", argv, optopt);
        }
    }
    ccd_error err;
    ccd_dataset ds;
    if (ccd_cli_discover(&ds, &err, argv + optind, argc - optind) != CCD_OK)
        return ccd_cli_fail(&err);
    ccd_contact_check res;
    ccd_status st = ccd_contact_check_run(&res, &err, &ds, &opt);
    ccd_dataset_free(&ds);
    if (st != CCD_OK) {
        ccd_contact_check_free(&res);
        return ccd_cli_fail(&err);
    }
    ccd_report_table t;
    int built = ccd_contact_check_table(&t, &res, precise_format(format));
    ccd_contact_check_free(&res);
    if (built != 0)
        return out_of_memory();
    const char *at = opt.at == CCD_CONTACT_AT_TOI ? "the time of impact (rounded down)"
                     : opt.at ? "t = 1" : "t = 0";
    char deriv_every[64] = "not checked (--deriv-every 0)";
    if (opt.deriv_every > 0)
        snprintf(deriv_every, sizeof deriv_every, "on every %ld-th query", opt.deriv_every);
    note(format, 1,
         "contact check at %s: errors relative to the longest edge L, against the exact closest\n"
         "pair of the configuration rounded to doubles; angle in degrees between pa - pb and\n"
         "the exact separation; deriv: max |J - J_ref| / max |J_ref|, J_ref by %u-bit MPFR\n"
         "central differences, smoothed routines only, %s",
         at, opt.deriv_prec, deriv_every);
    int status = write_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    note(format, 0,
         "touching: d* <= %g L (no angle); non-unique: edges with sin(angle) < %g (no witness\n"
         "error); dist is over all configs%s; seconds: wall time of the whole check",
         CCD_CONTACT_MIN_SEPARATION, CCD_CONTACT_MIN_SIN,
         opt.at == CCD_CONTACT_AT_TOI ? "; skipped: queries that do not collide" : "");
    return finish_output();
}

static int cmd_rotating_edge(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"eps", required_argument, NULL, OPT_EPS},
        {"weights", required_argument, NULL, OPT_WEIGHTS},
        {"steps", required_argument, NULL, OPT_STEPS},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum { MAX_WEIGHTS = 16 };
    double eps = 0.1, weights[MAX_WEIGHTS] = {0, 1e-4, 1e-3, 1e-2, 1e-1, 1};
    size_t nweights = 6;
    long steps = 20000;
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            fputs(usage, stdout);
            return CCD_EXIT_OK;
        case OPT_EPS:
            if (ccd_cli_parse_double(&eps, "--eps", optarg))
                return CCD_EXIT_USAGE;
            if (!(eps >= 0))
                return ccd_cli_usage_error("contact rotating-edge: --eps must be ≥ 0");
            break;
        case OPT_WEIGHTS:
            if (parse_list(weights, &nweights, MAX_WEIGHTS, "--weights", optarg, 1))
                return CCD_EXIT_USAGE;
            break;
        case OPT_STEPS:
            if (ccd_cli_parse_long(&steps, "--steps", optarg))
                return CCD_EXIT_USAGE;
            if (steps < 2 || steps % 2)
                return ccd_cli_usage_error("contact rotating-edge: --steps must be even and ≥ 2 "
                                           "(so that θ = π/2 is on the grid)");
            break;
        case OPT_FORMAT:
            if (parse_format(&format, "rotating-edge", optarg))
                return CCD_EXIT_USAGE;
            break;
        default:
            return ccd_cli_bad_option("contact rotating-edge", argv, optopt);
        }
    }
    if (optind < argc)
        return ccd_cli_usage_error("contact rotating-edge: unexpected argument '%s'", argv[optind]);
    const double delta = 1e-6;
    ccd_rotating_edge_row rows[MAX_WEIGHTS];
    for (size_t i = 0; i < nweights; i++)
        ccd_rotating_edge_run(&rows[i], weights[i] == 0 ? 0.0 : eps, weights[i], (size_t)steps,
                              delta);
    ccd_report_table t;
    if (ccd_rotating_edge_table(&t, rows, nweights, precise_format(format)) != 0)
        return out_of_memory();
    note(format, 1,
         "rotating edge (Beker et al., Fig. 3): edge a = [-u, u], u = (sin θ, cos θ, 0); edge b =\n"
         "x in [-1, 1] at y = -1.2; parallel at θ = π/2.  slope: |d pa/dθ| by dual numbers, at\n"
         "π/2 and its maximum over %ld + 1 angles in [0, π]; jump: |pa(π/2 + δ) - pa(π/2 - δ)|;\n"
         "FD rel. error: max |slope - central difference| / max slope; λ = 0 is run hard (eps 0)",
         steps);
    int status = write_table(format, &t);
    return status != CCD_EXIT_OK ? status : finish_output();
}

static int cmd_bench(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"max-batch", required_argument, NULL, OPT_MAX_BATCH},
        {"min-time", required_argument, NULL, OPT_MIN_TIME},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    ccd_throughput_options opt;
    ccd_throughput_options_default(&opt);
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            fputs(usage, stdout);
            return CCD_EXIT_OK;
        case OPT_MAX_BATCH: {
            double v;
            if (ccd_cli_parse_double(&v, "--max-batch", optarg))
                return CCD_EXIT_USAGE;
            double l = log10(v);
            if (!(v >= 1 && v <= 1e9) || fabs(l - round(l)) > 1e-9)
                return ccd_cli_usage_error("contact bench: --max-batch must be a power of 10 in "
                                           "[1, 1e9]");
            opt.max_batch = (size_t)llround(v);
            break;
        }
        case OPT_MIN_TIME:
            if (ccd_cli_parse_double(&opt.min_seconds, "--min-time", optarg))
                return CCD_EXIT_USAGE;
            if (!(opt.min_seconds >= 0))
                return ccd_cli_usage_error("contact bench: --min-time must be ≥ 0");
            break;
        case OPT_THREADS: {
            long v;
            if (ccd_cli_parse_long(&v, "--threads", optarg))
                return CCD_EXIT_USAGE;
            if (v < 1 || v > 4096)
                return ccd_cli_usage_error("contact bench: --threads must be in [1, 4096]");
            opt.threads = (int)v;
            break;
        }
        case OPT_FORMAT:
            if (parse_format(&format, "bench", optarg))
                return CCD_EXIT_USAGE;
            break;
        default:
            return ccd_cli_bad_option("contact bench", argv, optopt);
        }
    }
    if (optind < argc)
        return ccd_cli_usage_error("contact bench: unexpected argument '%s'", argv[optind]);
    ccd_error err;
    ccd_throughput tp;
    if (ccd_throughput_run(&tp, &err, &opt) != CCD_OK)
        return ccd_cli_fail(&err);
    ccd_report_table t;
    int built = ccd_throughput_table(&t, &tp, precise_format(format));
    int omp_threads = tp.omp_threads;
    double tolerance = tp.ip_tolerance;
    size_t sampled[2] = {tp.ip_sampled[0], tp.ip_sampled[1]};
    size_t failed[2] = {tp.ip_not_converged[0], tp.ip_not_converged[1]};
    ccd_throughput_free(&tp);
    if (built != 0)
        return out_of_memory();
    char threads[64] = "1 (no parallel runs)";
    if (omp_threads > 1)
        snprintf(threads, sizeof threads, "1, and all %d OpenMP threads", omp_threads);
    note(format, 1,
         "witness-point throughput (Beker et al., Fig. 6) on pairs drawn uniformly in the unit cube;\n"
         "threads: %s; vs ip: pairs/s over those of the interior point at the\n"
         "same kind, threads and batch",
         threads);
    int status = write_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    note(format, 0,
         "ip: primal-dual interior point, complementarity tolerance %g; its iterations per pair\n"
         "(mean and max where it converged) and \"ip vs hard\" (max witness-point difference\n"
         "to ours-ns, λ = 0) on up to 10^4 pairs of each kind; not converged within %d\n"
         "iterations (best iterate returned): VF %zu of %zu, EE %zu of %zu",
         tolerance, CCD_THROUGHPUT_IP_MAX_ITER, failed[CCD_VF], sampled[CCD_VF], failed[CCD_EE],
         sampled[CCD_EE]);
    return finish_output();
}

int ccd_cmd_contact(int argc, char **argv)
{
    if (argc < 2)
        return fputs(usage, stderr), CCD_EXIT_USAGE;
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h") || !strcmp(sub, "help")) {
        fputs(usage, stdout);
        return CCD_EXIT_OK;
    }
    opterr = 0;
    optind = 1;
    if (!strcmp(sub, "check"))
        return cmd_check(argc - 1, argv + 1);
    if (!strcmp(sub, "rotating-edge"))
        return cmd_rotating_edge(argc - 1, argv + 1);
    if (!strcmp(sub, "bench"))
        return cmd_bench(argc - 1, argv + 1);
    return ccd_cli_usage_error("contact: unknown command '%s' (check, rotating-edge, bench)", sub);
}
