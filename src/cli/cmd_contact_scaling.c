/* SPDX-License-Identifier: MIT */
/* `ccdbench contact scaling`: minimum-scaling collision detection between convex
 * primitives (Le Cleac'h et al., "Single-Level Differentiable Contact
 * Simulation", 2023) — the accuracy table on random pairs, throughput, and one
 * pair. */
#include <config.h>

#include "cli/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/scaling/experiments/scaling_bench.h"
#include "contact/scaling/experiments/scaling_check.h"
#include "contact/scaling/scaling_reference.h"
#include "ccdbench/scaling.h"
#include "contact/scaling/experiments/scaling_tables.h"
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
    "  pair A B          one pair (see `contact scaling pair --help`), A and B\n"
    "                    shapes written KIND[,KEY=VALUE]...:\n"
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

static const char pair_usage[] =
    "Usage: ccdbench contact scaling pair A B [OPTION]...\n"
    "Minimum scaling of one pair of convex primitives (Le Cleac'h et al.): per\n"
    "relaxation rho, the scale alpha at which A and B scaled about their centres\n"
    "touch, phi = alpha-1, the contact point p, the normal n of A at p, the\n"
    "solver's iterations and residual, and the error |alpha - alpha*| against the\n"
    "reference (exact LP, closed form or MPFR gauge) where there is one.\n"
    "\n"
    "A, B: KIND[,KEY=VALUE]...: KIND polytope, padded-polytope, box, sphere,\n"
    "ellipsoid, capsule, cylinder, cone or halfspace; KEY x=X:Y:Z (centre),\n"
    "rot=RX:RY:RZ (rotation vector), r= (radius), h=HX:HY:HZ (half-extents,\n"
    "semi-axes), len= (length), height=, angle= (cone half-angle, radians),\n"
    "face=NX:NY:NZ:B (polytope face, repeated), n=NX:NY:NZ (half-space normal);\n"
    "e.g. sphere,r=1 box,h=1:1:1,x=3:0:0\n"
    "\n"
    "Options:\n"
    "  --rho LIST        relaxation levels s*lambda = rho (default 0,1e-6,1e-4,\n"
    "                    1e-2; 0: the exact program)\n"
    "  --format F        text (default), markdown, csv, json or latex\n"
    "  --help            show this help\n"
    "\n"
    "Status: ok, normal-undefined (concentric shapes: they touch at their common\n"
    "centre, where no normal exists), or why the solve failed.\n"
    "Exit status: 0 ok, 1 internal failure or a solve that did not converge,\n"
    "2 bad input or usage (a shape without interior included).\n";

enum { OPT_PAIRS = 256, OPT_SEED, OPT_RHO, OPT_MIN_TIME, OPT_THREADS, OPT_DIFFERENCES };

/* --rho LIST of every command. */
static int parse_rho(double *rho, size_t *nrho)
{
    return ccd_cli_parse_number_list(rho, nrho, CCD_SCALING_MAX_RHO, "contact scaling", "--rho",
                                     optarg, 1) ? CCD_EXIT_USAGE : 0;
}

/* The exit status after a table: 1, said on stderr, when solves failed to converge. */
static int not_converged(const char *command, size_t failed)
{
    if (!failed)
        return CCD_EXIT_OK;
    fprintf(stderr, "ccdbench: %s: %zu solve(s) did not converge\n", command, failed);
    return CCD_EXIT_FAILURE;
}

static int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"pairs", required_argument, NULL, OPT_PAIRS},
        {"seed", required_argument, NULL, OPT_SEED},
        {"rho", required_argument, NULL, OPT_RHO},
        {"differences", required_argument, NULL, OPT_DIFFERENCES},
        CCD_CLI_COMMON_OPTIONS,
    };
    ccd_scaling_check_options o;
    ccd_scaling_check_options_default(&o);
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        int r;
        switch (c) {
        case OPT_PAIRS:
            if (ccd_cli_parse_count(&o.pairs, "contact scaling check", "--pairs", optarg, 1, 100000000))
                return CCD_EXIT_USAGE;
            break;
        case OPT_SEED:
            if (ccd_cli_parse_seed(&o.seed, "contact scaling check", optarg))
                return CCD_EXIT_USAGE;
            break;
        case OPT_DIFFERENCES:
            if (ccd_cli_parse_count(&o.differences, "contact scaling check", "--differences",
                                    optarg, 0, 100000000))
                return CCD_EXIT_USAGE;
            break;
        case OPT_RHO:
            if (parse_rho(o.rho, &o.nrho))
                return CCD_EXIT_USAGE;
            break;
        default:
            r = ccd_cli_common_option(&format, c, "contact scaling", usage, argv);
            if (r != CCD_CLI_NEXT_OPTION)
                return r;
        }
    }
    if (ccd_cli_no_operands("contact scaling check", argc, argv))
        return CCD_EXIT_USAGE;
    ccd_scaling_check chk;
    ccd_error err;
    if (ccd_scaling_check_run(&chk, &err, &o) != CCD_OK)
        return ccd_cli_fail(&err);
    size_t failed = chk.failed;
    ccd_report_table t;
    int built = ccd_scaling_check_table(&t, &chk, ccd_cli_precise(format));
    double seconds = chk.seconds;
    ccd_scaling_check_free(&chk);
    if (built != 0)
        return ccd_cli_out_of_memory();
    ccd_cli_note(format, 1,
                 "contact scaling check (Le Cleac'h et al.): %zu random pairs per combination, "
                 "seed %llu, %.1f s", o.pairs, (unsigned long long)o.seed, seconds);
    int status = ccd_cli_print_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    ccd_cli_note(format, 0,
                 "alpha: |a - a*| / a*, relative, over the pairs with a* >= 1e-3 (alpha n);\n"
                 "phi: |phi - phi*| = |a - a*|, absolute, over every pair with a reference;\n"
                 "p, n: Euclidean error\n"
                 "where the reference gives them uniquely; at rho > 0 the errors are the\n"
                 "relaxation's bias against the exact program.  Properties: final residual,\n"
                 "the norm of n1 + n2, a common rigid motion, swapped bodies, and both\n"
                 "shapes grown by 2 (rho = 0).  FD: every derivative (dual sensitivity,\n"
                 "implicit-function d alpha and dp) against MPFR central differences of\n"
                 "the gauge, max |error| / max |reference| over the parameters (rho = 0).\n"
                 "overlap: the sign of phi (|phi| > 1e-6, rho = 0) against SAT or GJK.");
    return not_converged("contact scaling check", failed);
}

static int cmd_bench(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"pairs", required_argument, NULL, OPT_PAIRS},
        {"seed", required_argument, NULL, OPT_SEED},
        {"rho", required_argument, NULL, OPT_RHO},
        {"min-time", required_argument, NULL, OPT_MIN_TIME},
        {"threads", required_argument, NULL, OPT_THREADS},
        CCD_CLI_COMMON_OPTIONS,
    };
    ccd_scaling_bench_options o;
    ccd_scaling_bench_options_default(&o);
    double rho[CCD_SCALING_MAX_RHO] = {0};
    size_t nrho = 1;
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        int r;
        switch (c) {
        case OPT_PAIRS:
            if (ccd_cli_parse_count(&o.pairs, "contact scaling bench", "--pairs", optarg, 1, 100000000))
                return CCD_EXIT_USAGE;
            break;
        case OPT_SEED:
            if (ccd_cli_parse_seed(&o.seed, "contact scaling bench", optarg))
                return CCD_EXIT_USAGE;
            break;
        case OPT_MIN_TIME:
            if (ccd_cli_parse_double(&o.min_time, "--min-time", optarg))
                return CCD_EXIT_USAGE;
            if (!(o.min_time >= 0 && o.min_time <= 3600))
                return ccd_cli_usage_error("contact scaling bench: --min-time must be in [0, 3600]");
            break;
        case OPT_THREADS: {
            size_t v;
            if (ccd_cli_parse_count(&v, "contact scaling bench", "--threads", optarg, 1, 4096))
                return CCD_EXIT_USAGE;
            o.threads = (int)v;
            break;
        }
        case OPT_RHO:
            if (parse_rho(rho, &nrho))
                return CCD_EXIT_USAGE;
            break;
        default:
            r = ccd_cli_common_option(&format, c, "contact scaling", usage, argv);
            if (r != CCD_CLI_NEXT_OPTION)
                return r;
        }
    }
    if (ccd_cli_no_operands("contact scaling bench", argc, argv))
        return CCD_EXIT_USAGE;
    o.rho = rho[0];
    ccd_scaling_bench b;
    ccd_error err;
    if (ccd_scaling_bench_run(&b, &err, &o) != CCD_OK)
        return ccd_cli_fail(&err);
    size_t failed = b.failed;
    ccd_report_table t;
    int built = ccd_scaling_bench_table(&t, &b, ccd_cli_precise(format));
    int threads = b.omp_threads;
    ccd_scaling_bench_free(&b);
    if (built != 0)
        return ccd_cli_out_of_memory();
    ccd_cli_note(format, 1,
                 "contact scaling bench (Le Cleac'h et al.): %zu random pairs per combination, "
                 "seed %llu, rho %g, threads 1 and %d, at least %g s per measurement",
                 o.pairs, (unsigned long long)o.seed, o.rho, threads, o.min_time);
    int status = ccd_cli_print_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    return not_converged("contact scaling bench", failed);
}

static int cmd_pair(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"rho", required_argument, NULL, OPT_RHO},
        {"differences", required_argument, NULL, OPT_DIFFERENCES},
        CCD_CLI_COMMON_OPTIONS,
    };
    ccd_scaling_check_options o;
    ccd_scaling_check_options_default(&o);
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == OPT_RHO) {
            int r = parse_rho(o.rho, &o.nrho);
            if (r != 0)
                return r;
            continue;
        }
        int r = ccd_cli_common_option(&format, c, "contact scaling", pair_usage, argv);
        if (r != CCD_CLI_NEXT_OPTION)
            return r; /* after --help: exit 0 without running */
    }
    if (argc - optind != 2)
        return ccd_cli_usage_error("contact scaling pair: expected two shapes, got %d",
                                   argc - optind);
    ccd_shape a, b;
    ccd_error err;
    if (ccd_shape_parse(&a, &err, "ccdbench: contact scaling pair: A", argv[optind]) != CCD_OK ||
        ccd_shape_parse(&b, &err, "ccdbench: contact scaling pair: B", argv[optind + 1]) != CCD_OK)
        return ccd_cli_fail(&err);
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
    ccd_cli_note(format, 1, "contact scaling pair (Le Cleac'h et al.): A = %s, B = %s",
                 argv[optind], argv[optind + 1]);
    int status = ccd_cli_print_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    ccd_cli_note(format, 0, "n: outward normal of A at p, from A towards B (from A's duals)");
    return not_converged("contact scaling pair", failed);
}

int ccd_cmd_contact_scaling(int argc, char **argv)
{
    static const ccd_cli_subcommand subs[] = {
        {"check", cmd_check},
        {"pair", cmd_pair},
        {"bench", cmd_bench},
    };
    return ccd_cli_dispatch(argc, argv, "contact scaling", usage, subs,
                            sizeof subs / sizeof *subs);
}
