/* SPDX-License-Identifier: MIT */
/* `ccdbench contact polyhedra`: Table I of Cheng Yi & Drumwright against an
 * exact Minkowski-difference reference, and the throughput of the methods. */
#include <config.h>

#include "cli/cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/polyhedra/experiments/polyhedra_methods.h"
#include "contact/polyhedra/experiments/polyhedra_tables.h"
#include "report/paper.h"
#include "report/report.h"

static const char usage[] =
    "Usage: ccdbench contact polyhedra COMMAND [OPTION]...\n"
    "Contact data of convex polyhedra (Cheng Yi & Drumwright, \"Determining Contact\n"
    "Data for Time Stepping Rigid Body Simulations with Convex Polyhedral\n"
    "Geometries\"): each method against an exact reference.\n"
    "\n"
    "Commands:\n"
    "  pair A B [OPTION]...  contact data of one pair by separating axes: signed\n"
    "                    distance, normal, plane, manifold (see `pair --help`)\n"
    "  check             Table I: error in signed distance against the exact\n"
    "                    Minkowski-difference reference (GMP), two 2x2x2 boxes;\n"
    "                    Penetrating_BB (translation in [-1,1]^3) and Apart_BB\n"
    "                    ([2.5,10]^3), random unit-quaternion rotations\n"
    "    --poses N           poses per range (default 10000)\n"
    "    --seed S            generator seed (default 1)\n"
    "    --threads N         OpenMP threads (default: all; same table for any N)\n"
    "  bench             contact queries per second: box-box, sphere(98)-box,\n"
    "                    sphere(182)-sphere(182), and the ratio to libccd GJK+EPA\n"
    "    --pairs N           at least N timed queries per row (default 1000)\n"
    "    --min-time S        and at least S seconds: fast methods repeat (0.25)\n"
    "    --threads LIST      thread counts (default 1,2)\n"
    "    --seed S            generator seed of the poses (default 1)\n"
    "\n"
    "Methods: libccd GJK+EPA (ccdGJKPenetration), libccd MPR (ccdMPRPenetration),\n"
    "SAT (ours: ccd_polyhedra_contact, the separating-axis routine of the paper).\n"
    "\n"
    "Common options:\n"
    "  --format F        text (default), markdown, csv, json or latex\n"
    "  --help            show this help\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input or usage.\n";

enum { OPT_POSES = 256, OPT_SEED, OPT_THREADS, OPT_PAIRS, OPT_MIN_TIME };

static const ccd_pm_method *methods(size_t *n)
{
    *n = ccd_poly_method_count;
    return ccd_poly_methods;
}

static int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"poses", required_argument, NULL, OPT_POSES},
        {"seed", required_argument, NULL, OPT_SEED},
        {"threads", required_argument, NULL, OPT_THREADS},
        CCD_CLI_COMMON_OPTIONS,
    };
    ccd_poly_check_options opt;
    ccd_poly_check_options_default(&opt);
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c, r;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_POSES:
            if (ccd_cli_parse_count(&opt.poses, "contact polyhedra check", "--poses", optarg, 1, 100000000L))
                return CCD_EXIT_USAGE;
            break;
        case OPT_SEED:
            if (ccd_cli_parse_seed(&opt.seed, "contact polyhedra check", optarg))
                return CCD_EXIT_USAGE;
            break;
        case OPT_THREADS: {
            long v;
            if (ccd_cli_parse_threads(&v, optarg))
                return CCD_EXIT_USAGE;
            opt.threads = (int)v;
            break;
        }
        default:
            r = ccd_cli_common_option(&format, c, "contact polyhedra check", usage, argv);
            if (r != CCD_CLI_NEXT_OPTION)
                return r;
        }
    }
    if (ccd_cli_no_operands("contact polyhedra check", argc, argv))
        return CCD_EXIT_USAGE;
    size_t nm;
    const ccd_pm_method *m = methods(&nm);
    ccd_error err;
    ccd_poly_check chk;
    if (ccd_poly_check_run(&chk, &err, &opt, m, nm) != CCD_OK)
        return ccd_cli_fail(&err);
    ccd_report_table t;
    if (ccd_poly_check_table(&t, &chk, ccd_cli_precise(format)) != 0) {
        ccd_poly_check_free(&chk);
        return ccd_cli_out_of_memory();
    }
    ccd_cli_note(format, 1,
         "Table I (Cheng Yi & Drumwright): |phi - phi_exact| over %zu poses per range,\n"
         "seed %llu; phi_exact from the exact Minkowski difference (GMP), rounded\n"
         "correctly; values: poses on which the method returned phi",
         opt.poses, (unsigned long long)opt.seed);
    int status = ccd_cli_print_table(format, &t);
    if (status == CCD_EXIT_OK)
        ccd_cli_note(format, 0,
             "exact reference: Penetrating_BB %zu inside, %zu kissing, %zu apart; Apart_BB %zu\n"
             "inside, %zu kissing, %zu apart; %.1f s on %d threads.\n"
             "Published for reference (the paper's Table I, 100 poses, not measured here):\n"
             "  GJK+EPA (libccd)  min 2.693e-6  max 0.608937     mean 0.0518467  std 0.1311\n"
             "  SAT (Moby)        min 0         max 2.66454e-15  mean 3.353e-16  std 4.413e-16",
             chk.ref_inside[0], chk.ref_touching[0], chk.ref_apart[0], chk.ref_inside[1],
             chk.ref_touching[1], chk.ref_apart[1], chk.ref_seconds, chk.omp_threads);
    ccd_poly_check_free(&chk);
    return status;
}

/* "--threads 1,2": thread counts in [1, 4096]. */
static int parse_thread_list(ccd_poly_bench_options *o, const char *text)
{
    o->nthreads = 0;
    const char *p = text;
    while (*p) {
        char *end;
        errno = 0;
        long v = strtol(p, &end, 10);
        if (end == p || errno || v < 1 || v > 4096 || (*end && *end != ','))
            return ccd_cli_usage_error("contact polyhedra bench: --threads: bad list '%s' "
                                       "(thread counts in [1, 4096], comma-separated)", text);
        if (o->nthreads == CCD_POLY_MAX_THREAD_COUNTS)
            return ccd_cli_usage_error("contact polyhedra bench: --threads: at most %d values",
                                       CCD_POLY_MAX_THREAD_COUNTS);
        o->threads[o->nthreads++] = (int)v;
        p = *end ? end + 1 : end;
    }
    if (o->nthreads == 0)
        return ccd_cli_usage_error("contact polyhedra bench: --threads: empty list");
    return 0;
}

static int cmd_bench(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"pairs", required_argument, NULL, OPT_PAIRS},
        {"min-time", required_argument, NULL, OPT_MIN_TIME},
        {"seed", required_argument, NULL, OPT_SEED},
        {"threads", required_argument, NULL, OPT_THREADS},
        CCD_CLI_COMMON_OPTIONS,
    };
    ccd_poly_bench_options opt;
    ccd_poly_bench_options_default(&opt);
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c, r;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_PAIRS:
            if (ccd_cli_parse_count(&opt.pairs, "contact polyhedra bench", "--pairs", optarg, 1, 100000000L))
                return CCD_EXIT_USAGE;
            break;
        case OPT_MIN_TIME:
            if (ccd_cli_parse_double(&opt.min_seconds, "--min-time", optarg))
                return CCD_EXIT_USAGE;
            if (!(opt.min_seconds >= 0 && opt.min_seconds <= 3600))
                return ccd_cli_usage_error("contact polyhedra bench: --min-time must be in [0, 3600]");
            break;
        case OPT_SEED:
            if (ccd_cli_parse_seed(&opt.seed, "contact polyhedra bench", optarg))
                return CCD_EXIT_USAGE;
            break;
        case OPT_THREADS:
            if (parse_thread_list(&opt, optarg))
                return CCD_EXIT_USAGE;
            break;
        default:
            r = ccd_cli_common_option(&format, c, "contact polyhedra bench", usage, argv);
            if (r != CCD_CLI_NEXT_OPTION)
                return r;
        }
    }
    if (ccd_cli_no_operands("contact polyhedra bench", argc, argv))
        return CCD_EXIT_USAGE;
    size_t nm;
    const ccd_pm_method *m = methods(&nm);
    ccd_error err;
    ccd_poly_bench b;
    if (ccd_poly_bench_run(&b, &err, &opt, m, nm) != CCD_OK)
        return ccd_cli_fail(&err);
    ccd_report_table t;
    int built = ccd_poly_bench_table(&t, &b, ccd_cli_precise(format));
    ccd_poly_bench_free(&b);
    if (built != 0)
        return ccd_cli_out_of_memory();
    ccd_cli_note(format, 1,
         "contact queries per second: wall time of %zu queries, after one untimed\n"
         "pass over a pool of %d interpenetrating poses; vs first: rate over that of\n"
         "%s on the same scene and threads; spheres: UV spheres with the\n"
         "paper's vertex counts",
         opt.pairs, CCD_POLY_POOL, m[0].name);
    return ccd_cli_print_table(format, &t);
}

int ccd_cmd_contact_polyhedra(int argc, char **argv)
{
    static const ccd_cli_subcommand subs[] = {
        {"pair", ccd_cmd_contact_polyhedra_pair},
        {"check", cmd_check},
        {"bench", cmd_bench},
    };
    return ccd_cli_dispatch(argc, argv, "contact polyhedra", usage, subs,
                            sizeof subs / sizeof *subs);
}
