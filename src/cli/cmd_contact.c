/* SPDX-License-Identifier: MIT */
/* `ccdbench contact`: the differentiable contact routines of seed 000 — accuracy
 * against exact references, the rotating-edge experiment, and throughput. */
#include <config.h>

#include "cli/cli.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/accuracy.h"
#include "contact/rotating_edge.h"
#include "contact/throughput.h"

static const char usage[] =
    "Usage: ccdbench contact COMMAND [OPTION]... [DATA]...\n"
    "Differentiable contact routines of seed 000 (smoothed witness points).\n"
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
    "                    the regularisation weight λ (seed 000, Fig. 3)\n"
    "      --eps E             smoothing of clip/argmin/comparison (default 0.1)\n"
    "      --weights LIST      λ values (default 0,1e-4,1e-3,1e-2,1e-1,1; 0 is run hard)\n"
    "      --steps N           angles in [0, π] (default 20000)\n"
    "  bench             witness-point throughput versus a primal-dual interior point\n"
    "      --max-batch N       largest batch, a power of 10 (default 100000; e.g. 1e7)\n"
    "      --min-time S        repeat each batch for at least S seconds (default 0.05)\n"
    "      --threads N         OpenMP threads of the parallel runs (default: all)\n"
    "\n"
    "Common options:\n"
    "  --format text|markdown|csv|json   output format (default text)\n"
    "  --help                            show this help\n"
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

static int valid_format(const char *f)
{
    return !strcmp(f, "text") || !strcmp(f, "markdown") || !strcmp(f, "csv") || !strcmp(f, "json");
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
    const char *format = "text";
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
            format = optarg;
            break;
        default:
            return ccd_cli_bad_option("contact check", argv, optopt);
        }
    }
    if (!valid_format(format))
        return ccd_cli_usage_error("contact check: --format: unknown format '%s'", format);
    ccd_error err;
    ccd_dataset ds;
    if (ccd_cli_discover(&ds, &err, argv + optind, argc - optind) != CCD_OK)
        return ccd_cli_fail(&err);
    ccd_contact_check res;
    ccd_status st = ccd_contact_check_run(&res, &err, &ds, &opt);
    if (st == CCD_OK)
        st = ccd_contact_check_write(stdout, &err, &res, format);
    ccd_contact_check_free(&res);
    ccd_dataset_free(&ds);
    return st == CCD_OK ? CCD_EXIT_OK : ccd_cli_fail(&err);
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
    double eps = 0.1, weights[16] = {0, 1e-4, 1e-3, 1e-2, 1e-1, 1};
    size_t nweights = 6;
    long steps = 20000;
    const char *format = "text";
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
            if (parse_list(weights, &nweights, 16, "--weights", optarg, 1))
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
            format = optarg;
            break;
        default:
            return ccd_cli_bad_option("contact rotating-edge", argv, optopt);
        }
    }
    if (!valid_format(format))
        return ccd_cli_usage_error("contact rotating-edge: --format: unknown format '%s'", format);
    if (optind < argc)
        return ccd_cli_usage_error("contact rotating-edge: unexpected argument '%s'", argv[optind]);
    const double delta = 1e-6;
    int text = !strcmp(format, "text"), md = !strcmp(format, "markdown");
    int csv = !strcmp(format, "csv"), json = !strcmp(format, "json");
    if (text)
        printf("rotating edge (seed 000 Fig. 3): edge a = [-u, u], u = (sin θ, cos θ, 0); edge b "
               "= x ∈ [-1, 1] at y = -1.2; parallel at θ = π/2\n"
               "eps = %g (λ = 0: hard routine, eps = 0); %ld angles; jump over θ = π/2 ± %g\n"
               "%-8s %14s %14s %10s %12s %12s\n",
               eps, steps, delta, "lambda", "|dpa/dθ|(π/2)", "max|dpa/dθ|", "at θ", "jump",
               "fd.rel.err");
    if (md)
        printf("| λ | slope at π/2 | max slope | at θ | jump | FD rel. error |\n"
               "|---|---|---|---|---|---|\n");
    if (csv)
        printf("eps,lambda,slope_at_parallel,slope_max,theta_at_max,jump,fd_rel_error\n");
    if (json)
        printf("{\"eps\": %g, \"steps\": %ld, \"delta\": %g, \"rows\": [", eps, steps, delta);
    for (size_t i = 0; i < nweights; i++) {
        ccd_rotating_edge_row row;
        ccd_rotating_edge_run(&row, weights[i] == 0 ? 0.0 : eps, weights[i], (size_t)steps, delta);
        if (text)
            printf("%-8g %14.4g %14.4g %10.6f %12.4g %12.2e\n", row.w_reg, row.slope_at_par,
                   row.slope_max, row.theta_max, row.jump, row.fd_error);
        if (md)
            printf("| %g | %.4g | %.4g | %.6f | %.4g | %.2e |\n", row.w_reg, row.slope_at_par,
                   row.slope_max, row.theta_max, row.jump, row.fd_error);
        if (csv)
            printf("%g,%g,%.6e,%.6e,%.9f,%.6e,%.3e\n", weights[i] == 0 ? 0.0 : eps, row.w_reg,
                   row.slope_at_par, row.slope_max, row.theta_max, row.jump, row.fd_error);
        if (json)
            printf("%s\n  {\"lambda\": %g, \"hard\": %s, \"slope_at_parallel\": %.6e, "
                   "\"slope_max\": %.6e, \"theta_at_max\": %.9f, \"jump\": %.6e, "
                   "\"fd_rel_error\": %.3e}",
                   i ? "," : "", row.w_reg, weights[i] == 0 ? "true" : "false", row.slope_at_par,
                   row.slope_max, row.theta_max, row.jump, row.fd_error);
    }
    if (json)
        printf("\n]}\n");
    return ferror(stdout) ? CCD_EXIT_FAILURE : CCD_EXIT_OK;
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
    const char *format = "text";
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
            format = optarg;
            break;
        default:
            return ccd_cli_bad_option("contact bench", argv, optopt);
        }
    }
    if (!valid_format(format))
        return ccd_cli_usage_error("contact bench: --format: unknown format '%s'", format);
    if (optind < argc)
        return ccd_cli_usage_error("contact bench: unexpected argument '%s'", argv[optind]);
    ccd_error err;
    ccd_throughput t;
    ccd_status st = ccd_throughput_run(&t, &err, &opt);
    if (st == CCD_OK)
        st = ccd_throughput_write(stdout, &err, &t, format);
    ccd_throughput_free(&t);
    return st == CCD_OK ? CCD_EXIT_OK : ccd_cli_fail(&err);
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
