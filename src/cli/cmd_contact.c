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

#include "contact/witness/experiments/accuracy.h"
#include "contact/witness/experiments/contact_tables.h"
#include "contact/witness/pipeline.h"
#include "contact/witness/experiments/pipeline_figure.h"
#include "contact/witness/experiments/rotating_edge.h"
#include "contact/witness/experiments/scenes.h"
#include "contact/witness/experiments/throughput.h"
#include "core/make_dirs.h"
#include "report/paper.h"
#include "report/report.h"

static const char usage[] =
    "Usage: ccdbench contact COMMAND [OPTION]... [DATA]...\n"
    "Differentiable contact routines of Beker et al. (smoothed witness points).\n"
    "\n"
    "Commands:\n"
    "  check [DATA]...   accuracy of the hard and smoothed E-E / V-F witness\n"
    "                    routines on every query configuration, against exact\n"
    "                    rational closest points, and of their derivatives against\n"
    "                    256-bit MPFR central differences\n"
    "    --at 0|1|toi        configuration time: t0, t1, or the exact time of\n"
    "                        impact rounded down (colliding queries; default 0)\n"
    "    --smoothing LIST    smoothing levels (default 1e-1,1e-2,1e-3,1e-4)\n"
    "    --deriv-every N     check derivatives on every N-th query (default 10;\n"
    "                        0: never)\n"
    "    --max-digits N      longest integer accepted in DATA (default 1000)\n"
    "  rotating-edge     slope of the witness point at the parallel configuration\n"
    "                    versus the regularisation weight λ (Beker et al., Fig. 3)\n"
    "    --eps E             smoothing of clip/argmin/comparison (default 0.1)\n"
    "    --weights LIST      λ values (default 0,1e-4,1e-3,1e-2,1e-1,1; 0: hard)\n"
    "    --steps N           angles in [0, π] (default 20000)\n"
    "  bench             witness-point time per batch versus a primal-dual interior\n"
    "                    point, mean ± std over trials (Beker et al., Figs. 6/10)\n"
    "    --max-batch N       largest batch, a power of 10 (default 100000)\n"
    "    --trials N          timed trials per measurement (default 100)\n"
    "    --min-time S        a trial repeats its batch for at least S seconds\n"
    "                        (default 0: one batch per trial)\n"
    "    --threads N         OpenMP threads of the parallel runs (default: all;\n"
    "                        1: no parallel runs)\n"
    "  pipeline          the mesh-to-mesh contact set of Sec. IV-A on a worked\n"
    "                    example, with its Jacobian w.r.t. both poses (dual numbers)\n"
    "                    checked against 256-bit MPFR central differences\n"
    "    --scene S           box-on-box (default; Fig. 5) or sphere-on-plane\n"
    "    --size X            half-size of the bottom box, or sphere radius (0.5)\n"
    "    --vertex-k N        vertices kept per body by soft top-K (default 4)\n"
    "    --edge-k N          edges kept per body (default 4; 2 N² E-E contacts)\n"
    "    --tau-topk T        SoftSort temperature, length units (default 1e-4)\n"
    "    --figure DIR        draw it to DIR/contact-pipeline-SCENE.{dat,gp,svg,png}\n"
    "    --gnuplot PROG      the gnuplot to render with (default gnuplot)\n"
    "    --no-render         write the .dat and .gp files but do not run gnuplot\n"
    "  polyhedra ...     convex polyhedra (Cheng Yi & Drumwright): contact data of a\n"
    "                    pair, Table I against an exact reference, throughput; see\n"
    "                    `ccdbench contact polyhedra --help`\n"
    "  potential eval|check|bench  the long-range potential of Ye et al.: one\n"
    "                    pair of meshes, the accuracy checks, throughput; see\n"
    "                    `ccdbench contact potential --help`\n"
    "  scaling COMMAND   minimum-scaling collision detection between convex\n"
    "                    primitives (Le Cleac'h et al.); see `contact scaling --help`\n"
    "\n"
    "Common options:\n"
    "  --format F        text (default), markdown, csv, json or latex: the table\n"
    "                    writers of `ccdbench run`; text and markdown add notes\n"
    "                    around the table, the other formats are the table alone\n"
    "                    (one row object per row in JSON, empty statistics null)\n"
    "  --help            show this help\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input or usage.\n";

enum { OPT_AT = 256, OPT_SMOOTHING, OPT_DERIV_EVERY, OPT_EPS, OPT_WEIGHTS, OPT_STEPS,
       OPT_MAX_BATCH, OPT_MIN_TIME, OPT_THREADS, OPT_TRIALS, OPT_SCENE, OPT_SIZE,
       OPT_VERTEX_K, OPT_EDGE_K, OPT_TAU_TOPK, OPT_FIGURE, OPT_GNUPLOT, OPT_NO_RENDER,
       OPT_MAX_DIGITS };

static int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"at", required_argument, NULL, OPT_AT},
        {"smoothing", required_argument, NULL, OPT_SMOOTHING},
        {"deriv-every", required_argument, NULL, OPT_DERIV_EVERY},
        {"max-digits", required_argument, NULL, OPT_MAX_DIGITS},
        CCD_CLI_COMMON_OPTIONS,
    };
    ccd_contact_check_options opt;
    ccd_contact_check_options_default(&opt);
    ccd_report_format format = CCD_FORMAT_TEXT;
    size_t max_digits = 0;
    int c, r;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_MAX_DIGITS:
            if (ccd_cli_parse_max_digits(&max_digits, optarg) != 0)
                return CCD_EXIT_USAGE;
            break;
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
            if (ccd_cli_parse_number_list(opt.levels, &opt.nlevels, CCD_CONTACT_MAX_LEVELS, "contact", "--smoothing", optarg, 0))
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
        default:
            r = ccd_cli_common_option(&format, c, "contact check", usage, argv);
            if (r != CCD_CLI_NEXT_OPTION)
                return r;
        }
    }
    ccd_error err;
    ccd_dataset ds;
    if (ccd_cli_discover(&ds, &err, argv + optind, argc - optind) != CCD_OK)
        return ccd_cli_fail(&err);
    ds.max_digits = max_digits;
    ccd_contact_check res;
    ccd_status st = ccd_contact_check_run(&res, &err, &ds, &opt);
    ccd_dataset_free(&ds);
    if (st != CCD_OK) {
        ccd_contact_check_free(&res);
        return ccd_cli_fail(&err);
    }
    ccd_report_table t;
    int built = ccd_contact_check_table(&t, &res, ccd_cli_precise(format));
    ccd_contact_check_free(&res);
    if (built != 0)
        return ccd_cli_out_of_memory();
    const char *at = opt.at == CCD_CONTACT_AT_TOI ? "the time of impact (rounded down)"
                     : opt.at ? "t = 1" : "t = 0";
    char deriv_every[64] = "not checked (--deriv-every 0)";
    if (opt.deriv_every > 0)
        snprintf(deriv_every, sizeof deriv_every, "on every %ld-th query", opt.deriv_every);
    ccd_cli_note(format, 1,
         "contact check at %s: errors relative to the longest edge L, against the exact closest\n"
         "pair of the configuration rounded to doubles; angle in degrees between pa - pb and\n"
         "the exact separation; deriv: max |J - J_ref| / max |J_ref|, J_ref by %u-bit MPFR\n"
         "central differences, smoothed routines only, %s",
         at, opt.deriv_prec, deriv_every);
    int status = ccd_cli_print_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    ccd_cli_note(format, 0,
         "touching: d* <= %g L (no angle); non-unique: edges with sin(angle) < %g (no witness\n"
         "error); dist is over all configs%s; seconds: wall time of the whole check",
         CCD_CONTACT_MIN_SEPARATION, CCD_CONTACT_MIN_SIN,
         opt.at == CCD_CONTACT_AT_TOI ? "; skipped: queries that do not collide" : "");
    return CCD_EXIT_OK; /* main reports a failed write to stdout */
}

static int cmd_rotating_edge(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"eps", required_argument, NULL, OPT_EPS},
        {"weights", required_argument, NULL, OPT_WEIGHTS},
        {"steps", required_argument, NULL, OPT_STEPS},
        CCD_CLI_COMMON_OPTIONS,
    };
    enum { MAX_WEIGHTS = 16 };
    double eps = 0.1, weights[MAX_WEIGHTS] = {0, 1e-4, 1e-3, 1e-2, 1e-1, 1};
    size_t nweights = 6;
    long steps = 20000;
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c, r;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_EPS:
            if (ccd_cli_parse_double(&eps, "--eps", optarg))
                return CCD_EXIT_USAGE;
            if (!(eps >= 0))
                return ccd_cli_usage_error("contact rotating-edge: --eps must be ≥ 0");
            break;
        case OPT_WEIGHTS:
            if (ccd_cli_parse_number_list(weights, &nweights, MAX_WEIGHTS, "contact", "--weights", optarg, 1))
                return CCD_EXIT_USAGE;
            break;
        case OPT_STEPS:
            if (ccd_cli_parse_long(&steps, "--steps", optarg))
                return CCD_EXIT_USAGE;
            if (steps < 2 || steps % 2)
                return ccd_cli_usage_error("contact rotating-edge: --steps must be even and ≥ 2 "
                                           "(so that θ = π/2 is on the grid)");
            break;
        default:
            r = ccd_cli_common_option(&format, c, "contact rotating-edge", usage, argv);
            if (r != CCD_CLI_NEXT_OPTION)
                return r;
        }
    }
    if (ccd_cli_no_operands("contact rotating-edge", argc, argv))
        return CCD_EXIT_USAGE;
    const double delta = 1e-6;
    ccd_rotating_edge_row rows[MAX_WEIGHTS];
    for (size_t i = 0; i < nweights; i++)
        ccd_rotating_edge_run(&rows[i], weights[i] == 0 ? 0.0 : eps, weights[i], (size_t)steps,
                              delta);
    ccd_report_table t;
    if (ccd_rotating_edge_table(&t, rows, nweights, ccd_cli_precise(format)) != 0)
        return ccd_cli_out_of_memory();
    ccd_cli_note(format, 1,
         "rotating edge (Beker et al., Fig. 3): edge a = [-u, u], u = (sin θ, cos θ, 0); edge b =\n"
         "x in [-1, 1] at y = -1.2; parallel at θ = π/2.  slope: |d pa/dθ| by dual numbers, at\n"
         "π/2 and its maximum over %ld + 1 angles in [0, π]; jump: |pa(π/2 + δ) - pa(π/2 - δ)|;\n"
         "FD rel. error: max |slope - central difference| / max slope; λ = 0 is run hard (eps 0)",
         steps);
    int hard = 0;
    for (size_t i = 0; i < nweights; i++)
        hard |= weights[i] == 0;
    int status = ccd_cli_print_table(format, &t);
    if (status == CCD_EXIT_OK && hard)
        ccd_cli_note(format, 0,
             "FD rel. error of the hard row (about 1e6): the hard witness point jumps by 2 at\n"
             "θ = π/2, and the central difference there (step h = 1e-6) straddles the jump:\n"
             "2 / 2h = 1e6 against a slope of 1.  It measures the discontinuity that the\n"
             "smoothing removes, not an error of the derivative.");
    return status; /* main reports a failed write to stdout */
}

static int cmd_bench(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"max-batch", required_argument, NULL, OPT_MAX_BATCH},
        {"min-time", required_argument, NULL, OPT_MIN_TIME},
        {"trials", required_argument, NULL, OPT_TRIALS},
        {"threads", required_argument, NULL, OPT_THREADS},
        CCD_CLI_COMMON_OPTIONS,
    };
    ccd_throughput_options opt;
    ccd_throughput_options_default(&opt);
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c, r;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
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
        case OPT_TRIALS:
            if (ccd_cli_parse_count(&opt.trials, "contact bench", "--trials", optarg, 1, 1000000))
                return CCD_EXIT_USAGE;
            break;
        case OPT_THREADS: {
            size_t v;
            if (ccd_cli_parse_count(&v, "contact bench", "--threads", optarg, 1, 4096))
                return CCD_EXIT_USAGE;
            opt.threads = (int)v;
            break;
        }
        default:
            r = ccd_cli_common_option(&format, c, "contact bench", usage, argv);
            if (r != CCD_CLI_NEXT_OPTION)
                return r;
        }
    }
    if (ccd_cli_no_operands("contact bench", argc, argv))
        return CCD_EXIT_USAGE;
    ccd_error err;
    ccd_throughput tp;
    if (ccd_throughput_run(&tp, &err, &opt) != CCD_OK)
        return ccd_cli_fail(&err);
    ccd_report_table t;
    int built = ccd_throughput_table(&t, &tp, ccd_cli_precise(format));
    int omp_threads = tp.omp_threads;
    double tolerance = tp.ip_tolerance;
    size_t sampled[2] = {tp.ip_sampled[0], tp.ip_sampled[1]};
    size_t failed[2] = {tp.ip_not_converged[0], tp.ip_not_converged[1]};
    ccd_throughput_free(&tp);
    if (built != 0)
        return ccd_cli_out_of_memory();
    char threads[64] = "1 (no parallel runs)";
    if (omp_threads > 1)
        snprintf(threads, sizeof threads, "1, and all %d OpenMP threads", omp_threads);
    ccd_cli_note(format, 1,
         "witness-point time per batch (Beker et al., Figs. 6/10): mean ± std over %zu\n"
         "trials, pairs drawn uniformly in the unit cube; threads: %s;\n"
         "vs ip: pairs/s over those of the interior point at the same kind, threads\n"
         "and batch",
         opt.trials, threads);
    int status = ccd_cli_print_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    ccd_cli_note(format, 0,
         "ip: primal-dual interior point, complementarity tolerance %g; its iterations per pair\n"
         "(mean and max where it converged) and \"ip vs hard\" (max witness-point difference\n"
         "to ours-ns, λ = 0) on up to 10^4 pairs of each kind; not converged within %d\n"
         "iterations (best iterate returned): VF %zu of %zu, EE %zu of %zu",
         tolerance, CCD_THROUGHPUT_IP_MAX_ITER, failed[CCD_VF], sampled[CCD_VF], failed[CCD_EE],
         sampled[CCD_EE]);
    return CCD_EXIT_OK; /* main reports a failed write to stdout */
}

static int cmd_pipeline(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"scene", required_argument, NULL, OPT_SCENE},
        {"size", required_argument, NULL, OPT_SIZE},
        {"vertex-k", required_argument, NULL, OPT_VERTEX_K},
        {"edge-k", required_argument, NULL, OPT_EDGE_K},
        {"tau-topk", required_argument, NULL, OPT_TAU_TOPK},
        {"figure", required_argument, NULL, OPT_FIGURE},
        {"gnuplot", required_argument, NULL, OPT_GNUPLOT},
        {"no-render", no_argument, NULL, OPT_NO_RENDER},
        CCD_CLI_COMMON_OPTIONS,
    };
    ccd_contact_scene_kind kind = CCD_SCENE_BOX_ON_BOX;
    const char *figure_dir = NULL, *gnuplot = "gnuplot";
    double size = 0.5;
    size_t kv = 4, ke = 4;
    ccd_pipeline_params p;
    ccd_pipeline_params_default(&p);
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c, r;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_SCENE:
            if (ccd_contact_scene_parse(&kind, optarg) != 0)
                return ccd_cli_usage_error("contact pipeline: --scene: '%s' is not box-on-box or "
                                           "sphere-on-plane", optarg);
            break;
        case OPT_SIZE:
            if (ccd_cli_parse_double(&size, "--size", optarg))
                return CCD_EXIT_USAGE;
            if (!(size > 0 && size < 1e6))
                return ccd_cli_usage_error("contact pipeline: --size must be in (0, 1e6)");
            break;
        case OPT_VERTEX_K:
            if (ccd_cli_parse_count(&kv, "contact pipeline", "--vertex-k", optarg, 1, 1000))
                return CCD_EXIT_USAGE;
            break;
        case OPT_EDGE_K:
            if (ccd_cli_parse_count(&ke, "contact pipeline", "--edge-k", optarg, 1, 1000))
                return CCD_EXIT_USAGE;
            break;
        case OPT_TAU_TOPK:
            if (ccd_cli_parse_double(&p.tau_topk, "--tau-topk", optarg))
                return CCD_EXIT_USAGE;
            if (!(p.tau_topk >= 0))
                return ccd_cli_usage_error("contact pipeline: --tau-topk must be ≥ 0");
            break;
        case OPT_FIGURE:
            if (!optarg[0]) /* it wrote under the file-system root */
                return ccd_cli_usage_error("--figure: an empty directory name");
            figure_dir = optarg;
            break;
        case OPT_GNUPLOT:
            gnuplot = optarg;
            break;
        case OPT_NO_RENDER:
            gnuplot = NULL;
            break;
        default:
            r = ccd_cli_common_option(&format, c, "contact pipeline", usage, argv);
            if (r != CCD_CLI_NEXT_OPTION)
                return r;
        }
    }
    if (ccd_cli_no_operands("contact pipeline", argc, argv))
        return CCD_EXIT_USAGE;
    ccd_contact_scene sc;
    ccd_contact_scene_init(&sc, kind, size);
    ccd_contact_body body[2];
    ccd_contact_scene_bodies(body, &sc);
    p.vertex_k[0] = p.vertex_k[1] = kv;
    p.edge_k[0] = p.edge_k[1] = ke;
    for (int b = 0; b < 2; b++)
        if (kv > sc.vertex_count[b] || ke > sc.edge_count[b])
            return ccd_cli_usage_error("contact pipeline: %s: body %d has %zu vertices and %zu "
                                       "edges (--vertex-k %zu, --edge-k %zu)",
                                       ccd_contact_scene_name(kind), b, sc.vertex_count[b],
                                       sc.edge_count[b], kv, ke);
    size_t n = ccd_pipeline_contact_count(&p);
    ccd_contact_point *out = malloc(n * sizeof *out);
    double *rel = malloc(n * sizeof *rel), *jmax = malloc(n * sizeof *jmax);
    if (!out || !rel || !jmax) {
        free(out), free(rel), free(jmax);
        return ccd_cli_out_of_memory();
    }
    ccd_error err;
    const double (*pose)[6] = (const double (*)[6])sc.pose;
    double worst;
    /* the figure's directory first, as other outputs do, so a bad one fails early */
    ccd_status st = figure_dir ? ccd_make_dirs(&err, figure_dir) : CCD_OK;
    if (st == CCD_OK)
        st = ccd_contact_pipeline_check(out, rel, jmax, &worst, &err, 256, body, pose, &p);
    if (st == CCD_OK && figure_dir) {
        char name[64];
        snprintf(name, sizeof name, "contact-pipeline-%s", ccd_contact_scene_name(kind));
        st = ccd_pipeline_figure(&err, figure_dir, name, gnuplot, body, pose, &p, out);
    }
    ccd_report_table t;
    int built = st == CCD_OK ? ccd_pipeline_table(&t, &p, out, rel, jmax, ccd_cli_precise(format))
                             : 0;
    free(out), free(rel), free(jmax);
    if (st != CCD_OK)
        return ccd_cli_fail(&err);
    if (built != 0)
        return ccd_cli_out_of_memory();
    ccd_cli_note(format, 1,
         "contact pipeline (Beker et al., Sec. IV-A), scene %s, size %g: %zu contacts =\n"
         "%zu + %zu vertex-SDF + 2 x %zu x %zu edge-edge; soft top-K τ = %g;\n"
         "poses s = (ω, v), T = exp(s): s0 = (%g, %g, %g, %g, %g, %g),\n"
         "s1 = (%g, %g, %g, %g, %g, %g)",
         ccd_contact_scene_name(kind), size, n, kv, kv, ke, ke, p.tau_topk, sc.pose[0][0],
         sc.pose[0][1], sc.pose[0][2], sc.pose[0][3], sc.pose[0][4], sc.pose[0][5], sc.pose[1][0],
         sc.pose[1][1], sc.pose[1][2], sc.pose[1][3], sc.pose[1][4], sc.pose[1][5]);
    int status = ccd_cli_print_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    ccd_cli_note(format, 0,
         "d > 0 separated, < 0 penetrating; n points out of the other body; Γ: activity;\n"
         "J: d(p, d, n, Γ)/d(s0, s1) by dual numbers; J rel. err.: max |J - J_ref| / max |J_ref|\n"
         "per contact, J_ref by 256-bit MPFR central differences; max over all: %.2e",
         worst);
    return CCD_EXIT_OK; /* main reports a failed write to stdout */
}

int ccd_cmd_contact(int argc, char **argv)
{
    static const ccd_cli_subcommand subs[] = {
        {"check", cmd_check},
        {"rotating-edge", cmd_rotating_edge},
        {"bench", cmd_bench},
        {"pipeline", cmd_pipeline},
        {"polyhedra", ccd_cmd_contact_polyhedra},
        {"potential", ccd_cmd_contact_potential},
        {"scaling", ccd_cmd_contact_scaling},
    };
    return ccd_cli_dispatch(argc, argv, "contact", usage, subs, sizeof subs / sizeof *subs);
}
