/* SPDX-License-Identifier: MIT */
/* `ccdbench contact scaling`: minimum-scaling collision detection between convex
 * primitives (Le Cleac'h et al., "Single-Level Differentiable Contact
 * Simulation", 2023) — the accuracy table on random pairs, throughput, and one
 * pair. */
#include <config.h>

#include "cli/cli.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/scaling_bench.h"
#include "contact/scaling_check.h"
#include "contact/scaling_reference.h"
#include "contact/scaling_tables.h"
#include "report/paper.h"
#include "report/report.h"

static const char usage[] =
    "Usage: ccdbench contact scaling COMMAND [OPTION]...\n"
    "Minimum-scaling collision detection between convex primitives (Le Cleac'h\n"
    "et al., Single-Level Differentiable Contact Simulation): the smallest scale\n"
    "alpha of both shapes about their centres at which they touch, phi = alpha-1.\n"
    "\n"
    "Commands:\n"
    "  check             random pairs of every primitive combination against\n"
    "                    exact-LP, closed-form and MPFR gauge references, with\n"
    "                    the KKT, motion, swap and scaling properties, per\n"
    "                    relaxation rho; the sign of phi against SAT or GJK\n"
    "    --pairs N           random pairs per combination (default 1000)\n"
    "    --seed S            random seed (default 1)\n"
    "    --differences N     check every derivative of the first N pairs of each\n"
    "                        combination against MPFR central differences of\n"
    "                        the gauge (default 20; 0: none)\n"
    "  bench             solves per second per combination, on 1 thread and on\n"
    "                    all, without and with the implicit-function\n"
    "                    derivatives of (alpha, p) for every parameter (first\n"
    "                    --rho value; default 0)\n"
    "    --pairs N           random pairs per combination (default 1000)\n"
    "    --seed S            random seed (default 1)\n"
    "    --min-time S        repeat the pairs for at least S seconds (default 0.2)\n"
    "    --threads N         OpenMP threads of the parallel runs (default: all;\n"
    "                        1: no parallel runs)\n"
    "  pair A B          one pair, A and B shapes written KIND[,KEY=VALUE]...:\n"
    "                    KIND polytope, padded-polytope, box, sphere, ellipsoid,\n"
    "                    capsule, cylinder, cone or halfspace; KEY x=X:Y:Z\n"
    "                    (centre), rot=RX:RY:RZ (rotation vector), r= (radius),\n"
    "                    h=HX:HY:HZ (half-extents, semi-axes), len= (length),\n"
    "                    height=, angle= (cone half-angle, radians),\n"
    "                    face=NX:NY:NZ:B (polytope face, repeated), n=NX:NY:NZ\n"
    "                    (half-space normal); e.g. sphere,r=1 box,h=1:1:1,x=3:0:0\n"
    "\n"
    "Common options:\n"
    "  --rho LIST        relaxation levels s*lambda = rho (default 0,1e-6,1e-4,\n"
    "                    1e-2; 0: the exact program)\n"
    "  --format F        text (default), markdown, csv, json or latex\n"
    "  --help            show this help\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure or a solve that did not converge,\n"
    "2 bad input or usage (a shape without interior included).\n";

enum { OPT_PAIRS = 256, OPT_SEED, OPT_RHO, OPT_FORMAT, OPT_MIN_TIME, OPT_THREADS, OPT_DIFFERENCES };

/* Options common to both commands; returns -1 when c is not one of them, else 0
 * or the usage status. */
static int common_option(int c, double *rho, size_t *nrho, ccd_report_format *format)
{
    switch (c) {
    case OPT_RHO:
        return ccd_cli_parse_number_list(rho, nrho, CCD_SCALING_MAX_RHO, "contact scaling",
                                         "--rho", optarg, 1) ? CCD_EXIT_USAGE : 0;
    case OPT_FORMAT:
        return ccd_cli_parse_format(format, "contact scaling", optarg);
    default:
        return -1;
    }
}

static int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"pairs", required_argument, NULL, OPT_PAIRS},
        {"seed", required_argument, NULL, OPT_SEED},
        {"rho", required_argument, NULL, OPT_RHO},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"differences", required_argument, NULL, OPT_DIFFERENCES},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    ccd_scaling_check_options o;
    ccd_scaling_check_options_default(&o);
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        long v;
        int r;
        switch (c) {
        case 'h':
            fputs(usage, stdout);
            return CCD_EXIT_OK;
        case OPT_PAIRS:
            if (ccd_cli_parse_long(&v, "--pairs", optarg))
                return CCD_EXIT_USAGE;
            if (v < 1 || v > 100000000)
                return ccd_cli_usage_error("contact scaling check: --pairs must be in 1 … 10^8");
            o.pairs = (size_t)v;
            break;
        case OPT_SEED:
            if (ccd_cli_parse_long(&v, "--seed", optarg))
                return CCD_EXIT_USAGE;
            if (v < 0)
                return ccd_cli_usage_error("contact scaling check: --seed must be ≥ 0");
            o.seed = (uint64_t)v;
            break;
        case OPT_DIFFERENCES:
            if (ccd_cli_parse_long(&v, "--differences", optarg))
                return CCD_EXIT_USAGE;
            if (v < 0 || v > 100000000)
                return ccd_cli_usage_error("contact scaling check: --differences must be in "
                                           "0 … 10^8");
            o.differences = (size_t)v;
            break;
        default:
            r = common_option(c, o.rho, &o.nrho, &format);
            if (r < 0)
                return ccd_cli_bad_option("contact scaling check", argv, optopt);
            if (r)
                return r;
        }
    }
    if (optind < argc)
        return ccd_cli_usage_error("contact scaling check: unexpected argument '%s'",
                                   argv[optind]);
    ccd_scaling_check chk;
    ccd_error err;
    if (ccd_scaling_check_run(&chk, &err, &o) != CCD_OK)
        return ccd_cli_fail(&err);
    size_t failed = 0;
    for (size_t i = 0; i < chk.nrows; i++)
        failed += chk.rows[i].failed;
    ccd_report_table t;
    int built = ccd_scaling_check_table(&t, &chk, ccd_cli_precise(format));
    double seconds = chk.seconds;
    ccd_scaling_check_free(&chk);
    if (built != 0)
        return ccd_cli_out_of_memory();
    if (ccd_cli_readable(format)) {
        printf("contact scaling check (Le Cleac'h et al.): %zu random pairs per combination, "
               "seed %llu, %.1f s\n", o.pairs, (unsigned long long)o.seed, seconds);
        if (format == CCD_FORMAT_MARKDOWN)
            putchar('\n');
    }
    int status = ccd_cli_print_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    if (ccd_cli_readable(format))
        printf("%s"
               "alpha: |a - a*| / max(a*, 1e-3); phi: |phi - phi*|; p, n: Euclidean error\n"
               "where the reference gives them uniquely; at rho > 0 the errors are the\n"
               "relaxation's bias against the exact program.  Properties: final residual,\n"
               "the norm of n1 + n2, a common rigid motion, swapped bodies, and both\n"
               "shapes grown by 2 (rho = 0).  FD: every derivative (dual sensitivity,\n"
               "implicit-function d alpha and dp) against MPFR central differences of\n"
               "the gauge, max |error| / max |reference| over the parameters (rho = 0).\n"
               "overlap: the sign of phi (|phi| > 1e-6, rho = 0) against SAT or GJK.\n",
               format == CCD_FORMAT_MARKDOWN ? "\n" : "");
    if (failed) {
        fprintf(stderr, "ccdbench: contact scaling check: %zu solve(s) did not converge\n",
                failed);
        return CCD_EXIT_FAILURE;
    }
    return CCD_EXIT_OK;
}

static int cmd_bench(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"pairs", required_argument, NULL, OPT_PAIRS},
        {"seed", required_argument, NULL, OPT_SEED},
        {"rho", required_argument, NULL, OPT_RHO},
        {"min-time", required_argument, NULL, OPT_MIN_TIME},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    ccd_scaling_bench_options o;
    ccd_scaling_bench_options_default(&o);
    double rho[CCD_SCALING_MAX_RHO] = {0};
    size_t nrho = 1;
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        long v;
        int r;
        switch (c) {
        case 'h':
            fputs(usage, stdout);
            return CCD_EXIT_OK;
        case OPT_PAIRS:
            if (ccd_cli_parse_long(&v, "--pairs", optarg))
                return CCD_EXIT_USAGE;
            if (v < 1 || v > 100000000)
                return ccd_cli_usage_error("contact scaling bench: --pairs must be in 1 … 10^8");
            o.pairs = (size_t)v;
            break;
        case OPT_SEED:
            if (ccd_cli_parse_long(&v, "--seed", optarg))
                return CCD_EXIT_USAGE;
            if (v < 0)
                return ccd_cli_usage_error("contact scaling bench: --seed must be ≥ 0");
            o.seed = (uint64_t)v;
            break;
        case OPT_MIN_TIME:
            if (ccd_cli_parse_double(&o.min_time, "--min-time", optarg))
                return CCD_EXIT_USAGE;
            if (!(o.min_time >= 0 && o.min_time <= 3600))
                return ccd_cli_usage_error("contact scaling bench: --min-time must be in [0, 3600]");
            break;
        case OPT_THREADS:
            if (ccd_cli_parse_long(&v, "--threads", optarg))
                return CCD_EXIT_USAGE;
            if (v < 1 || v > 4096)
                return ccd_cli_usage_error("contact scaling bench: --threads must be in [1, 4096]");
            o.threads = (int)v;
            break;
        default:
            r = common_option(c, rho, &nrho, &format);
            if (r < 0)
                return ccd_cli_bad_option("contact scaling bench", argv, optopt);
            if (r)
                return r;
        }
    }
    if (optind < argc)
        return ccd_cli_usage_error("contact scaling bench: unexpected argument '%s'",
                                   argv[optind]);
    o.rho = rho[0];
    ccd_scaling_bench b;
    ccd_error err;
    if (ccd_scaling_bench_run(&b, &err, &o) != CCD_OK)
        return ccd_cli_fail(&err);
    size_t failed = 0;
    for (size_t i = 0; i < b.nrows; i++)
        failed += b.rows[i].failed;
    ccd_report_table t;
    int built = ccd_scaling_bench_table(&t, &b, ccd_cli_precise(format));
    int threads = b.omp_threads;
    ccd_scaling_bench_free(&b);
    if (built != 0)
        return ccd_cli_out_of_memory();
    if (ccd_cli_readable(format)) {
        printf("contact scaling bench (Le Cleac'h et al.): %zu random pairs per combination, "
               "seed %llu, rho %g, threads 1 and %d, at least %g s per measurement\n",
               o.pairs, (unsigned long long)o.seed, o.rho, threads, o.min_time);
        if (format == CCD_FORMAT_MARKDOWN)
            putchar('\n');
    }
    int status = ccd_cli_print_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    if (failed) {
        fprintf(stderr, "ccdbench: contact scaling bench: %zu solve(s) did not converge\n",
                failed);
        return CCD_EXIT_FAILURE;
    }
    return CCD_EXIT_OK;
}

/* "a:b:c" into n numbers; 0 on success. */
static int parse_vec(double *out, int n, const char *text)
{
    const char *p = text;
    for (int i = 0; i < n; i++) {
        char *end;
        errno = 0;
        out[i] = strtod(p, &end);
        if (end == p || errno || !isfinite(out[i]))
            return -1;
        if (i + 1 < n ? *end != ':' : *end != '\0')
            return -1;
        p = end + 1;
    }
    return 0;
}

static void rotation_from_vector(double R[3][3], const double w[3])
{
    double th = sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
    double k[3] = {0, 0, 0};
    if (th > 0)
        for (int i = 0; i < 3; i++)
            k[i] = w[i] / th;
    double c = cos(th), s = sin(th), v = 1 - c;
    double M[3][3] = {
        {c + k[0] * k[0] * v, k[0] * k[1] * v - k[2] * s, k[0] * k[2] * v + k[1] * s},
        {k[1] * k[0] * v + k[2] * s, c + k[1] * k[1] * v, k[1] * k[2] * v - k[0] * s},
        {k[2] * k[0] * v - k[1] * s, k[2] * k[1] * v + k[0] * s, c + k[2] * k[2] * v},
    };
    memcpy(R, M, sizeof M);
}

/* KIND[,KEY=VALUE]... into s; 0, or a usage error (exit status) naming the shape. */
static int parse_shape(ccd_shape *s, const char *name, const char *text)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < 3; i++)
        s->rotation[i][i] = 1;
    char buf[4096];
    if (strlen(text) >= sizeof buf)
        return ccd_cli_usage_error("contact scaling pair: %s: too long", name);
    strcpy(buf, text);
    char *save = NULL, *tok = strtok_r(buf, ",", &save);
    int kind = -1;
    for (int k = 0; tok && k < CCD_SHAPE_KINDS; k++)
        if (!strcmp(tok, ccd_shape_kind_name((ccd_shape_kind)k)))
            kind = k;
    if (kind < 0)
        return ccd_cli_usage_error("contact scaling pair: %s: unknown shape '%s'", name,
                                   tok ? tok : "");
    s->kind = (ccd_shape_kind)kind;
    while ((tok = strtok_r(NULL, ",", &save))) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return ccd_cli_usage_error("contact scaling pair: %s: expected KEY=VALUE, got '%s'",
                                       name, tok);
        *eq = '\0';
        const char *key = tok, *val = eq + 1;
        int bad = 0;
        double w[4];
        if (!strcmp(key, "x"))
            bad = parse_vec(s->position, 3, val);
        else if (!strcmp(key, "rot")) {
            bad = parse_vec(w, 3, val);
            if (!bad)
                rotation_from_vector(s->rotation, w);
        } else if (!strcmp(key, "r"))
            bad = parse_vec(&s->radius, 1, val);
        else if (!strcmp(key, "h"))
            bad = parse_vec(s->half_extents, 3, val);
        else if (!strcmp(key, "len"))
            bad = parse_vec(&s->length, 1, val);
        else if (!strcmp(key, "height"))
            bad = parse_vec(&s->height, 1, val);
        else if (!strcmp(key, "angle"))
            bad = parse_vec(&s->half_angle, 1, val);
        else if (!strcmp(key, "n"))
            bad = parse_vec(s->normals[0], 3, val);
        else if (!strcmp(key, "face")) {
            if (s->faces == CCD_SHAPE_MAX_FACES)
                return ccd_cli_usage_error("contact scaling pair: %s: at most %d faces", name,
                                           CCD_SHAPE_MAX_FACES);
            bad = parse_vec(w, 4, val);
            if (!bad) {
                memcpy(s->normals[s->faces], w, 3 * sizeof *w);
                s->offsets[s->faces++] = w[3];
            }
        } else
            return ccd_cli_usage_error("contact scaling pair: %s: unknown key '%s'", name, key);
        if (bad)
            return ccd_cli_usage_error("contact scaling pair: %s: %s: bad value '%s'", name, key,
                                       val);
    }
    ccd_scaling_status st = ccd_shape_check(s);
    if (st != CCD_SCALING_OK)
        return ccd_cli_usage_error("contact scaling pair: %s: %s: %s", name, text,
                                   ccd_scaling_status_name(st));
    return 0;
}

static int cmd_pair(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"rho", required_argument, NULL, OPT_RHO},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"differences", required_argument, NULL, OPT_DIFFERENCES},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    ccd_scaling_check_options o;
    ccd_scaling_check_options_default(&o);
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == 'h') {
            fputs(usage, stdout);
            return CCD_EXIT_OK;
        }
        int r = common_option(c, o.rho, &o.nrho, &format);
        if (r < 0)
            return ccd_cli_bad_option("contact scaling pair", argv, optopt);
        if (r)
            return r;
    }
    if (argc - optind != 2)
        return ccd_cli_usage_error("contact scaling pair: expected two shapes, got %d",
                                   argc - optind);
    ccd_shape a, b;
    int r = parse_shape(&a, "A", argv[optind]);
    if (!r)
        r = parse_shape(&b, "B", argv[optind + 1]);
    if (r)
        return r;
    if (a.kind == CCD_SHAPE_HALFSPACE && b.kind == CCD_SHAPE_HALFSPACE)
        return ccd_cli_usage_error("contact scaling pair: two half-spaces (neither is scaled)");
    ccd_scaling_result res[CCD_SCALING_MAX_RHO];
    ccd_scaling_status st[CCD_SCALING_MAX_RHO];
    size_t failed = 0;
    for (size_t i = 0; i < o.nrho; i++) {
        st[i] = ccd_scaling_solve(&res[i], &a, &b, o.rho[i]);
        failed += st[i] != CCD_SCALING_OK;
    }
    ccd_scaling_ref ref;
    ccd_scaling_ref_init(&ref);
    ccd_scaling_reference(&ref, &a, &b);
    ccd_report_table t;
    int built = ccd_scaling_pair_table(&t, o.rho, o.nrho, st, res, &ref, ccd_cli_precise(format));
    ccd_scaling_ref_clear(&ref);
    if (built != 0)
        return ccd_cli_out_of_memory();
    if (ccd_cli_readable(format)) {
        printf("contact scaling pair (Le Cleac'h et al.): A = %s, B = %s\n", argv[optind],
               argv[optind + 1]);
        if (format == CCD_FORMAT_MARKDOWN)
            putchar('\n');
    }
    int status = ccd_cli_print_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    if (ccd_cli_readable(format))
        printf("%sn: outward normal of A at p, from A towards B (from A's duals)\n",
               format == CCD_FORMAT_MARKDOWN ? "\n" : "");
    if (failed) {
        fprintf(stderr, "ccdbench: contact scaling pair: %zu solve(s) did not converge\n",
                failed);
        return CCD_EXIT_FAILURE;
    }
    return CCD_EXIT_OK;
}

int ccd_cmd_contact_scaling(int argc, char **argv)
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
    if (!strcmp(sub, "pair"))
        return cmd_pair(argc - 1, argv + 1);
    if (!strcmp(sub, "bench"))
        return cmd_bench(argc - 1, argv + 1);
    return ccd_cli_usage_error("contact scaling: unknown command '%s' (check, pair, bench)",
                               sub);
}
