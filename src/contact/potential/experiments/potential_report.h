/* SPDX-License-Identifier: MIT */
/*
 * The experiments of `ccdbench contact potential` (Ye, Wu, Komura and Pan,
 * "Efficient Differentiable Contact Model with Long-Range Influence") as report
 * tables for the writers of `ccdbench run`.
 *
 * check (potential_check.c): one row per accuracy check: check, measured,
 *   bound, pass (1/0).
 * bench (potential_bench.c): value + pose gradient + pose Hessian through the
 *   hierarchy and by brute force for growing meshes, one thread each, in CPU
 *   seconds of that thread:
 *   triangles (both meshes), bsh_seconds (fastest of repeated runs),
 *   brute_seconds, ratio (brute / bsh), exact_pairs and centred_pairs (the
 *   hierarchy's), bsh_value and brute_value (P_BSH ≤ P: not equal for finite ε,
 *   see `check` for the limit ε → ∞); and the log–log slopes of both times.
 * The table functions return 0, or -1 when out of memory; free with
 * ccd_report_table_free.
 */
#ifndef CCD_CONTACT_POTENTIAL_REPORT_H
#define CCD_CONTACT_POTENTIAL_REPORT_H
#include <stddef.h>

#include "ccdbench/potential.h"
#include "report/report.h"

/* *failed: the number of checks over their bound. */
int ccd_potential_check_table(ccd_report_table *t, size_t *failed, int precise);

typedef enum ccd_potential_scene {
    /* two 1 × 1 × 0.5 gridded slabs, one resting on the other at gap
     * CCD_POTENTIAL_BENCH_GAP: the near field grows with the mesh, as in the
     * paper's O(T) analysis (parallel grids at distance → 0) */
    CCD_POTENTIAL_SCENE_BOXES,
    /* two UV spheres of radius 0.5 at gap 0.1, turned */
    CCD_POTENTIAL_SCENE_SPHERES
} ccd_potential_scene;

#define CCD_POTENTIAL_BENCH_GAP 1e-3
enum { CCD_POTENTIAL_BENCH_MAX_ROWS = 5 };

const char *ccd_potential_scene_name(ccd_potential_scene scene);

typedef struct ccd_potential_bench_row {
    size_t triangles;
    double bsh_seconds, brute_seconds;
    unsigned long long exact_pairs, centred_pairs;
    double bsh_value, brute_value;
    ccd_potential_status status;
} ccd_potential_bench_row;

typedef struct ccd_potential_bench {
    ccd_potential_scene scene;
    double eps;
    size_t rows;
    ccd_potential_bench_row row[CCD_POTENTIAL_BENCH_MAX_ROWS];
    double slope_bsh, slope_brute; /* least squares of log time on log triangles */
} ccd_potential_bench;

/* Every size up to max_triangles (both meshes together); 0, or -1 when out of
 * memory. */
int ccd_potential_bench_run(ccd_potential_bench *b, ccd_potential_scene scene,
                            size_t max_triangles, double eps);
int ccd_potential_bench_table(ccd_report_table *t, const ccd_potential_bench *b, int precise);
/* DIR/potential-scaling.{dat,gp} and, when gnuplot is not NULL, .svg and .png:
 * time against triangles, log–log, both methods. */
ccd_status ccd_potential_bench_figure(ccd_error *err, const ccd_potential_bench *b, const char *dir,
                                      const char *gnuplot);
#endif
