/* SPDX-License-Identifier: MIT */
/* The cost of the long-range potential, hierarchy against brute force, for
 * growing meshes (see potential_report.h). */
#include <config.h>

#include "contact/potential/experiments/potential_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/potential.h"
#include "core/clock.h"
#include "core/error.h"
#include "report/figures.h"

/* Grid sizes: boxes have 12 n² triangles each, spheres 2 s (s/2 − 1); both
 * ranges span the paper's 512 → 6208 triangles (both meshes together). */
static const unsigned box_grid[CCD_POTENTIAL_BENCH_MAX_ROWS] = {5, 7, 9, 12, 16};
static const unsigned sphere_segments[CCD_POTENTIAL_BENCH_MAX_ROWS] = {18, 26, 34, 46, 56};

static size_t scene_triangles(ccd_potential_scene scene, int i)
{
    if (scene == CCD_POTENTIAL_SCENE_BOXES)
        return 2 * 12 * (size_t)box_grid[i] * box_grid[i];
    return 2 * 2 * (size_t)sphere_segments[i] * (sphere_segments[i] / 2 - 1);
}

const char *ccd_potential_scene_name(ccd_potential_scene scene)
{
    return scene == CCD_POTENTIAL_SCENE_BOXES ? "boxes" : "spheres";
}

/* The two meshes of row i and A's pose (B sits at the origin). */
static int scene_meshes(ccd_mesh m[2], ccd_pose *pa, ccd_potential_scene scene, int i)
{
    ccd_error err;
    double v[6] = {0, 0, 0, 0, 0, 0};
    if (scene == CCD_POTENTIAL_SCENE_BOXES) {
        /* a 1 × 1 × 0.5 slab resting on another at gap 1e-3, shifted off the grid */
        const double half[3] = {0.5, 0.5, 0.25};
        for (int k = 0; k < 2; k++)
            if (ccd_mesh_box(&m[k], &err, half, box_grid[i]) != CCD_OK)
                return -1;
        v[0] = 0.013, v[1] = 0.007, v[2] = 0.5 + CCD_POTENTIAL_BENCH_GAP, v[5] = 0.01;
    } else {
        for (int k = 0; k < 2; k++)
            if (ccd_mesh_sphere(&m[k], &err, 0.5, sphere_segments[i]) != CCD_OK)
                return -1;
        v[0] = 1 + 0.1, v[3] = 0.3, v[4] = 0.2, v[5] = 0.1;
    }
    ccd_pose_from_vector(pa, v);
    return 0;
}

/* Least-squares slope of log y against log x. */
static double loglog_slope(const double *x, const double *y, size_t n)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t i = 0; i < n; i++) {
        double lx = log(x[i]), ly = log(y[i]);
        sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly;
    }
    double den = n * sxx - sx * sx;
    return n >= 2 && den > 0 ? (n * sxy - sx * sy) / den : NAN;
}

int ccd_potential_bench_run(ccd_potential_bench *b, ccd_potential_scene scene,
                            size_t max_triangles, double eps)
{
    memset(b, 0, sizeof *b);
    b->scene = scene;
    b->eps = eps;
    double tri[CCD_POTENTIAL_BENCH_MAX_ROWS], tb[CCD_POTENTIAL_BENCH_MAX_ROWS],
        tf[CCD_POTENTIAL_BENCH_MAX_ROWS];
    for (int i = 0; i < CCD_POTENTIAL_BENCH_MAX_ROWS; i++) {
        if (scene_triangles(scene, i) > max_triangles)
            break;
        ccd_mesh m[2] = {{0}};
        ccd_bsh *hs[2] = {NULL, NULL};
        ccd_pose pa, pb;
        ccd_error err;
        const double zero[6] = {0, 0, 0, 0, 0, 0};
        ccd_pose_from_vector(&pb, zero);
        int ok = scene_meshes(m, &pa, scene, i) == 0;
        for (int k = 0; k < 2 && ok; k++)
            ok = ccd_bsh_build(&hs[k], &err, &m[k]) == CCD_OK;
        ccd_potential_total bsh, brute;
        if (ok) {
            /* CPU time of this thread (a loaded machine makes it wait, not
             * work more).  The hierarchy: at least 5 runs and 0.5 s, the fastest
             * of them; brute force: one run (seconds to minutes). */
            unsigned runs = 0;
            double start = ccd_clock_thread_seconds(), fastest = INFINITY, t1;
            do {
                double t0 = ccd_clock_thread_seconds();
                ccd_potential_bsh(&bsh, hs[0], &pa, hs[1], &pb, eps, 1);
                t1 = ccd_clock_thread_seconds();
                fastest = fmin(fastest, t1 - t0);
                runs++;
            } while (runs < 5 || t1 - start < 0.5);
            ccd_potential_brute(&brute, &m[0], &pa, &m[1], &pb, 1);
            double t2 = ccd_clock_thread_seconds();
            ccd_potential_bench_row *r = &b->row[b->rows];
            r->triangles = m[0].ntriangles + m[1].ntriangles;
            r->bsh_seconds = fastest;
            r->brute_seconds = t2 - t1; /* (t1: after the last hierarchy run) */
            r->exact_pairs = bsh.exact_pairs;
            r->centred_pairs = bsh.centred_pairs;
            r->bsh_value = bsh.value;
            r->brute_value = brute.value;
            r->status = bsh.status != CCD_POTENTIAL_OK ? bsh.status : brute.status;
            tri[b->rows] = (double)r->triangles;
            tb[b->rows] = r->bsh_seconds;
            tf[b->rows] = r->brute_seconds;
            b->rows++;
        }
        for (int k = 0; k < 2; k++)
            ccd_bsh_free(hs[k]), ccd_mesh_free(&m[k]);
        if (!ok)
            return -1;
    }
    b->slope_bsh = loglog_slope(tri, tb, b->rows);
    b->slope_brute = loglog_slope(tri, tf, b->rows);
    return 0;
}

static const char *const bench_headers[8] = {"triangles", "bsh_seconds", "brute_seconds",
                                             "ratio", "exact_pairs", "centred_pairs",
                                             "bsh_value", "brute_value"};
static const char *const bench_titles[8] = {"triangles", "BSH s", "brute s", "brute/BSH",
                                            "exact pairs", "centred pairs", "P (BSH)",
                                            "P (brute)"};
static const unsigned char bench_numeric[8] = {1, 1, 1, 1, 1, 1, 1, 1};

int ccd_potential_bench_table(ccd_report_table *t, const ccd_potential_bench *b, int precise)
{
    if (ccd_report_table_init(t, 8, b->rows, bench_headers, bench_titles, bench_numeric) != 0)
        return -1;
    for (size_t i = 0; i < b->rows; i++) {
        const ccd_potential_bench_row *r = &b->row[i];
        char **c = t->cells + 8 * i;
        c[0] = ccd_report_printf("%zu", r->triangles);
        c[1] = ccd_report_printf(precise ? "%.17g" : "%.3g", r->bsh_seconds);
        c[2] = ccd_report_printf(precise ? "%.17g" : "%.3g", r->brute_seconds);
        c[3] = ccd_report_printf(precise ? "%.17g" : "%.1f", r->brute_seconds / r->bsh_seconds);
        c[4] = ccd_report_printf("%llu", r->exact_pairs);
        c[5] = ccd_report_printf("%llu", r->centred_pairs);
        c[6] = ccd_report_printf(precise ? "%.17g" : "%.6g", r->bsh_value);
        c[7] = ccd_report_printf(precise ? "%.17g" : "%.6g", r->brute_value);
    }
    return ccd_report_table_complete(t);
}

ccd_status ccd_potential_bench_figure(ccd_error *err, const ccd_potential_bench *b, const char *dir,
                                      const char *gnuplot)
{
    size_t cap = 512 + 96 * b->rows;
    char *data = malloc(cap);
    if (!data)
        return ccd_error_oom(err, dir);
    int len = snprintf(data, cap,
                       "# ccdbench contact potential bench: Ye et al., hierarchy vs brute force\n"
                       "# scene %s, eps %g; log-log slopes: hierarchy %.3f, brute force %.3f\n"
                       "# triangles bsh_seconds brute_seconds\n",
                       ccd_potential_scene_name(b->scene), b->eps, b->slope_bsh, b->slope_brute);
    for (size_t i = 0; i < b->rows && len > 0 && (size_t)len < cap; i++)
        len += snprintf(data + len, cap - (size_t)len, "%zu %.6g %.6g\n", b->row[i].triangles,
                        b->row[i].bsh_seconds, b->row[i].brute_seconds);
    char *body = ccd_report_printf(
        "set title 'Long-range potential (Ye et al.): value, gradient and Hessian of two %s'\n"
        "set logscale xy\nset format x '10^{%%L}'\nset format y '10^{%%L}'\n"
        "set xlabel 'triangles (both meshes)'\nset ylabel 'CPU time per evaluation, one thread (s)'\n"
        "set key top left\n"
        "plot 'potential-scaling.dat' using 1:3 with linespoints lw 2 pt 7 lc rgb '#D55E00' "
        "title 'brute force, slope %.2f', "
        "'' using 1:2 with linespoints lw 2 pt 5 lc rgb '#0072B2' "
        "title 'hierarchy (eps %g), slope %.2f'\n",
        ccd_potential_scene_name(b->scene), b->slope_brute, b->eps, b->slope_bsh);
    ccd_status st;
    if (!body || len < 0 || (size_t)len >= cap) {
        st = ccd_error_oom(err, dir);
    } else {
        ccd_figures f = {.dir = dir, .gnuplot = gnuplot};
        st = ccd_figure_custom(&f, err, "potential-scaling", data, body, 800, 520);
    }
    free(data);
    free(body);
    return st;
}
