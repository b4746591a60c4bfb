/* SPDX-License-Identifier: MIT */
/* `ccdbench contact potential`: the long-range contact potential of Ye, Wu,
 * Komura and Pan, "Efficient Differentiable Contact Model with Long-Range
 * Influence" — one evaluation between two meshes, its accuracy checks, and its
 * cost, hierarchy against brute force. */
#include <config.h>

#include "cli/cli.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/potential.h"
#include "contact/potential/experiments/potential_report.h"
#include "core/atomic_file.h"
#include "report/report.h"

static const char usage[] =
    "Usage: ccdbench contact potential eval|check|bench [OPTION]...\n"
    "The long-range contact potential of Ye, Wu, Komura and Pan, \"Efficient\n"
    "Differentiable Contact Model with Long-Range Influence\".\n"
    "\n"
    "  eval A B          the potential between meshes A and B through the\n"
    "                    bounding-sphere hierarchy: value, gradient and (with\n"
    "                    --hessian) Hessian with respect to the two poses\n"
    "                    (dt_A, dw_A, dt_B, dw_B: a world translation and a\n"
    "                    rotation vector applied after the pose's rotation)\n"
    "    A, B              box:HX,HY,HZ[,N] (half extents, N x N grid per face,\n"
    "                      N <= 128), sphere:R[,SEGMENTS] (UV sphere, 4 to 512\n"
    "                      segments, default 16), or an OBJ, OFF or PLY file\n"
    "    --pose-a W,X,Y,Z,PX,PY,PZ  pose of A: quaternion (normalised) and position\n"
    "    --pose-b W,X,Y,Z,PX,PY,PZ  pose of B (both default 1,0,0,0,0,0,0)\n"
    "    --eps E             hierarchy parameter eps > 0 (default 0.5)\n"
    "    --mu M              contact stiffness: every number is of mu P (default 1)\n"
    "    --hessian           also the 12 x 12 Hessian\n"
    "    --brute             also the brute-force sum over every triangle pair\n"
    "                        (at most 4,194,304 pairs)\n"
    "  check             the accuracy checks: closed form, bounds, derivatives of\n"
    "                    the exact term, the centred form, a blended pair and a\n"
    "                    hierarchy total against 256-bit MPFR central differences,\n"
    "                    force balance, decay, Lemma A.3, continuity across the\n"
    "                    switches, the Voronoi example, and the hierarchy against\n"
    "                    brute force (exit 1 if one fails)\n"
    "  bench             value, pose gradient and pose Hessian through the\n"
    "                    hierarchy (fastest of repeated runs) and by brute force, one\n"
    "                    thread each, from about 600 to 6200 triangles, and the\n"
    "                    log-log slopes of both times\n"
    "    --scene S           boxes (default: two slabs, one resting on the other at\n"
    "                        gap 1e-3) or spheres (radius 0.5 at gap 0.1)\n"
    "    --max-triangles N   largest size measured (default 6200)\n"
    "    --eps E             hierarchy parameter eps > 0 (default 0.5)\n"
    "    --figure DIR        draw time against triangles, log-log, to\n"
    "                        DIR/potential-scaling.{dat,gp,svg,png}\n"
    "    --gnuplot PROG      the gnuplot to render with (default gnuplot)\n"
    "    --no-render         write the .dat and .gp files but do not run gnuplot\n"
    "  --format F        text (default), markdown, csv, json or latex\n"
    "  --help            show this help\n";

enum {
    OPT_FORMAT = 256,
    OPT_MAX_TRIANGLES,
    OPT_EPS,
    OPT_SCENE,
    OPT_FIGURE,
    OPT_GNUPLOT,
    OPT_NO_RENDER,
    OPT_POSE_A,
    OPT_POSE_B,
    OPT_MU,
    OPT_HESSIAN,
    OPT_BRUTE,
};

typedef enum { SUB_EVAL, SUB_CHECK, SUB_BENCH } subcommand;

typedef struct options {
    subcommand sub;
    ccd_report_format format;
    long max_triangles;
    double eps, mu;
    ccd_potential_scene scene;
    const char *figure_dir, *gnuplot;
    ccd_pose pose[2];
    int hessian, brute;
} options;

static const char *const sub_names[3] = {"contact potential eval", "contact potential check",
                                         "contact potential bench"};

/* An option that belongs to other subcommands than o->sub: a usage error. */
static int only_for(const options *o, unsigned mask, const char *option)
{
    if (mask & (1u << o->sub))
        return 0;
    return ccd_cli_usage_error("%s: %s is an option of %s", sub_names[o->sub], option,
                               mask == 1u << SUB_EVAL    ? "eval"
                               : mask == 1u << SUB_BENCH ? "bench"
                                                         : "eval and bench");
}

static int parse(options *o, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, OPT_FORMAT},
        {"max-triangles", required_argument, NULL, OPT_MAX_TRIANGLES},
        {"eps", required_argument, NULL, OPT_EPS},
        {"scene", required_argument, NULL, OPT_SCENE},
        {"figure", required_argument, NULL, OPT_FIGURE},
        {"gnuplot", required_argument, NULL, OPT_GNUPLOT},
        {"no-render", no_argument, NULL, OPT_NO_RENDER},
        {"pose-a", required_argument, NULL, OPT_POSE_A},
        {"pose-b", required_argument, NULL, OPT_POSE_B},
        {"mu", required_argument, NULL, OPT_MU},
        {"hessian", no_argument, NULL, OPT_HESSIAN},
        {"brute", no_argument, NULL, OPT_BRUTE},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const unsigned EVAL = 1u << SUB_EVAL, BENCH = 1u << SUB_BENCH;
    const char *name = sub_names[o->sub];
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        int r = 0;
        switch (c) {
        case 'h':
            fputs(usage, stdout);
            return -1;
        case OPT_FORMAT:
            r = ccd_cli_parse_format(&o->format, "contact potential", optarg);
            break;
        case OPT_MAX_TRIANGLES:
            if (!(r = only_for(o, BENCH, "--max-triangles")) &&
                !(r = ccd_cli_parse_long(&o->max_triangles, "--max-triangles", optarg)) &&
                o->max_triangles < 1)
                r = ccd_cli_usage_error("%s: --max-triangles must be ≥ 1", name);
            break;
        case OPT_EPS:
            if (!(r = only_for(o, EVAL | BENCH, "--eps")) &&
                !(r = ccd_cli_parse_double(&o->eps, "--eps", optarg)) && !(o->eps > 0))
                r = ccd_cli_usage_error("%s: --eps must be > 0", name);
            break;
        case OPT_SCENE:
            if (!(r = only_for(o, BENCH, "--scene"))) {
                if (!strcmp(optarg, "boxes"))
                    o->scene = CCD_POTENTIAL_SCENE_BOXES;
                else if (!strcmp(optarg, "spheres"))
                    o->scene = CCD_POTENTIAL_SCENE_SPHERES;
                else
                    r = ccd_cli_usage_error("%s: --scene: '%s' is not boxes or spheres", name,
                                            optarg);
            }
            break;
        case OPT_FIGURE:
            if (!(r = only_for(o, BENCH, "--figure"))) {
                if (!optarg[0]) /* it wrote under the file-system root */
                    r = ccd_cli_usage_error("--figure: an empty directory name");
                o->figure_dir = optarg;
            }
            break;
        case OPT_GNUPLOT:
            if (!(r = only_for(o, BENCH, "--gnuplot")))
                o->gnuplot = optarg;
            break;
        case OPT_NO_RENDER:
            if (!(r = only_for(o, BENCH, "--no-render")))
                o->gnuplot = NULL;
            break;
        case OPT_POSE_A:
        case OPT_POSE_B:
            if (!(r = only_for(o, EVAL, c == OPT_POSE_A ? "--pose-a" : "--pose-b")))
                r = ccd_cli_parse_pose(&o->pose[c == OPT_POSE_B], name,
                                       c == OPT_POSE_A ? "--pose-a" : "--pose-b", optarg);
            break;
        case OPT_MU:
            if (!(r = only_for(o, EVAL, "--mu")) &&
                !(r = ccd_cli_parse_double(&o->mu, "--mu", optarg)) && !(o->mu > 0))
                r = ccd_cli_usage_error("%s: --mu must be > 0", name);
            break;
        case OPT_HESSIAN:
            if (!(r = only_for(o, EVAL, "--hessian")))
                o->hessian = 1;
            break;
        case OPT_BRUTE:
            if (!(r = only_for(o, EVAL, "--brute")))
                o->brute = 1;
            break;
        default:
            return ccd_cli_bad_option(name, argv, optopt);
        }
        /* the number parsers return -1 after their message; -1 from parse is help
         * (exit 0), so it is the usage status here (they exited 0 after the message) */
        if (r)
            return r < 0 ? CCD_EXIT_USAGE : r;
    }
    return 0;
}

/* ------------------------------------------------------------------ eval */

static const char *const coordinate[12] = {"dt_A.x", "dt_A.y", "dt_A.z", "dw_A.x",
                                           "dw_A.y", "dw_A.z", "dt_B.x", "dt_B.y",
                                           "dt_B.z", "dw_B.x", "dw_B.y", "dw_B.z"};

/* One row per quantity: P (+∞ on contact: null in JSON), counts, gradient and
 * (optionally) Hessian entries (empty on contact), columns hierarchy and
 * (optionally) brute force, all scaled by mu. */
static int eval_table(ccd_report_table *t, const ccd_potential_total *r, size_t nr,
                      const options *o)
{
    static const char *const headers[3] = {"quantity", "hierarchy", "brute_force"};
    static const char *const titles[3] = {"quantity", "hierarchy", "brute force"};
    static const unsigned char numeric[3] = {0, 1, 1};
    size_t rows = 4 + 12 + (o->hessian ? 144 : 0), cols = 1 + nr;
    if (ccd_report_table_init(t, cols, rows, headers, titles, numeric) != 0)
        return -1;
    int precise = ccd_cli_precise(o->format);
    const char *num = precise ? "%.17g" : "%.10g";
    for (size_t i = 0; i < rows; i++) {
        char **c = t->cells + cols * i;
        for (size_t k = 0; k < nr; k++) {
            const ccd_potential_total *x = &r[k];
            char **v = &c[1 + k];
            int contact = x->status == CCD_POTENTIAL_CONTACT; /* no derivatives */
            if (i == 0)
                *v = ccd_report_printf(num, o->mu * x->value);
            else if (i == 1)
                *v = ccd_report_printf("%llu", x->exact_pairs);
            else if (i == 2)
                *v = ccd_report_printf("%llu", x->centred_pairs);
            else if (i == 3)
                *v = ccd_report_printf("%llu", x->not_converged);
            else if (contact)
                *v = strdup("");
            else if (i < 16)
                *v = ccd_report_printf(num, o->mu * x->grad[i - 4] + 0.0);
            else
                *v = ccd_report_printf(num, o->mu * x->hess[i - 16] + 0.0);
        }
        if (i == 0)
            c[0] = strdup("P");
        else if (i == 1)
            c[0] = strdup("exact pairs");
        else if (i == 2)
            c[0] = strdup("centred pairs");
        else if (i == 3)
            c[0] = strdup("not converged");
        else if (i < 16)
            c[0] = ccd_report_printf("dP/d(%s)", coordinate[i - 4]);
        else
            c[0] = ccd_report_printf("d2P/d(%s)d(%s)", coordinate[(i - 16) / 12],
                                     coordinate[(i - 16) % 12]);
    }
    return ccd_report_table_complete(t);
}

static int run_eval(const options *o, const char *spec_a, const char *spec_b)
{
    ccd_mesh m[2] = {{0}};
    ccd_bsh *h[2] = {NULL, NULL};
    ccd_error err;
    const char *spec[2] = {spec_a, spec_b};
    int status = CCD_EXIT_OK;
    for (int k = 0; k < 2 && status == CCD_EXIT_OK; k++)
        if (ccd_mesh_from_spec(&m[k], &err, spec[k]) != CCD_OK ||
            ccd_bsh_build(&h[k], &err, &m[k]) != CCD_OK) {
            /* a file's error is "path:line:column: what"; a built-in mesh's
             * names the command that read it */
            int file = strncmp(spec[k], "box:", 4) && strncmp(spec[k], "sphere:", 7);
            status = file ? ccd_cli_fail(&err) : ccd_cli_fail_in("contact potential eval", &err);
        }
    if (status == CCD_EXIT_OK && o->brute &&
        (double)m[0].ntriangles * (double)m[1].ntriangles > CCD_POTENTIAL_BRUTE_PAIRS_MAX)
        status = ccd_cli_usage_error("contact potential eval: --brute: %zu x %zu triangle pairs "
                                     "is more than %d (about 30 s); use smaller meshes",
                                     m[0].ntriangles, m[1].ntriangles,
                                     CCD_POTENTIAL_BRUTE_PAIRS_MAX);
    ccd_potential_total r[2];
    ccd_report_table t;
    if (status == CCD_EXIT_OK) {
        ccd_potential_bsh(&r[0], h[0], &o->pose[0], h[1], &o->pose[1], o->eps, o->hessian);
        if (o->brute)
            ccd_potential_brute(&r[1], &m[0], &o->pose[0], &m[1], &o->pose[1], o->hessian);
        if (eval_table(&t, r, o->brute ? 2 : 1, o) != 0)
            status = ccd_cli_out_of_memory();
    }
    size_t triangles[2] = {m[0].ntriangles, m[1].ntriangles};
    for (int k = 0; k < 2; k++)
        ccd_bsh_free(h[k]), ccd_mesh_free(&m[k]);
    if (status != CCD_EXIT_OK)
        return status;
    ccd_cli_note(o->format, 1,
                 "contact potential eval (Ye et al.): %zu + %zu triangles, eps %g, mu %g;\n"
                 "every number is of mu P; derivatives w.r.t. (dt, dw) of each pose",
                 triangles[0], triangles[1], o->eps, o->mu);
    status = ccd_cli_print_table(o->format, &t);
    if (status == CCD_EXIT_OK)
        ccd_cli_note(o->format, 0, "status: %s%s", ccd_potential_status_name(r[0].status),
                     r[0].status == CCD_POTENTIAL_CONTACT
                         ? " (the meshes touch or intersect: P is +infinity, no derivative)"
                     : r[0].status == CCD_POTENTIAL_NOT_CONVERGED
                         ? " (some exact pairs hit Newton's iteration cap)"
                         : "");
    return status;
}

/* ------------------------------------------------------------------ check, bench */

static int run_bench(const options *o)
{
    ccd_potential_bench b;
    ccd_report_table t;
    if (o->figure_dir) { /* before minutes of work: the figure's files can be written */
        ccd_error err;
        char *probe = ccd_report_printf("%s/potential-scaling.dat", o->figure_dir);
        if (!probe)
            return ccd_cli_out_of_memory();
        ccd_status st = ccd_atomic_file_check(&err, probe);
        free(probe);
        if (st != CCD_OK)
            return ccd_cli_fail(&err);
    }
    if (ccd_potential_bench_run(&b, o->scene, (size_t)o->max_triangles, o->eps) != 0 ||
        ccd_potential_bench_table(&t, &b, ccd_cli_precise(o->format)) != 0)
        return ccd_cli_out_of_memory();
    if (o->figure_dir) {
        ccd_error err;
        if (ccd_potential_bench_figure(&err, &b, o->figure_dir, o->gnuplot) != CCD_OK) {
            ccd_report_table_free(&t);
            return ccd_cli_fail(&err);
        }
    }
    ccd_cli_note(o->format, 1,
                 "contact potential bench (Ye et al.): scene %s, eps %g; CPU seconds of one\n"
                 "thread for value + pose gradient + pose Hessian",
                 ccd_potential_scene_name(o->scene), o->eps);
    int status = ccd_cli_print_table(o->format, &t);
    if (status == CCD_EXIT_OK)
        ccd_cli_note(o->format, 0,
                     "log-log slope of time against triangles: hierarchy %.2f, brute force "
                     "%.2f\n(1: linear, 2: quadratic)",
                     b.slope_bsh, b.slope_brute);
    return status;
}

static int run_check(const options *o)
{
    ccd_report_table t;
    size_t failed = 0;
    if (ccd_potential_check_table(&t, &failed, ccd_cli_precise(o->format)) != 0)
        return ccd_cli_out_of_memory();
    ccd_cli_note(o->format, 1, "contact potential check (Ye et al.): pass = measured <= bound");
    int status = ccd_cli_print_table(o->format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    if (failed) {
        fprintf(stderr, "ccdbench: contact potential check: %zu check(s) over their bound\n",
                failed);
        return CCD_EXIT_FAILURE;
    }
    return CCD_EXIT_OK;
}

int ccd_cmd_contact_potential(int argc, char **argv)
{
    if (argc < 2)
        return fputs(usage, stderr), CCD_EXIT_USAGE;
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h")) {
        fputs(usage, stdout);
        return CCD_EXIT_OK;
    }
    options o = {.format = CCD_FORMAT_TEXT, .max_triangles = 6200, .eps = 0.5, .mu = 1,
                 .scene = CCD_POTENTIAL_SCENE_BOXES, .gnuplot = "gnuplot"};
    if (!strcmp(sub, "eval"))
        o.sub = SUB_EVAL;
    else if (!strcmp(sub, "check"))
        o.sub = SUB_CHECK;
    else if (!strcmp(sub, "bench"))
        o.sub = SUB_BENCH;
    else
        return ccd_cli_usage_error("contact potential: unknown command '%s' (eval, check, "
                                   "bench)", sub);
    ccd_pose_translation(&o.pose[0], NULL);
    ccd_pose_translation(&o.pose[1], NULL);
    int r = parse(&o, argc - 1, argv + 1);
    if (r)
        return r < 0 ? CCD_EXIT_OK : r;
    int rest = argc - 1 - optind;
    char **args = argv + 1 + optind;
    if (o.sub == SUB_EVAL) {
        if (rest != 2)
            return ccd_cli_usage_error("contact potential eval: expected two meshes A and B, "
                                       "got %d (see --help)", rest);
        return run_eval(&o, args[0], args[1]);
    }
    if (rest > 0)
        return ccd_cli_usage_error("%s: unexpected argument '%s'", sub_names[o.sub], args[0]);
    return o.sub == SUB_BENCH ? run_bench(&o) : run_check(&o);
}
