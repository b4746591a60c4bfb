/* SPDX-License-Identifier: MIT */
/*
 * `ccdbench contact polyhedra bench`: contact queries per second of each
 * polyhedra method on the three pairings of Cheng Yi & Drumwright's Table II —
 * two 2×2×2 boxes, a 98-vertex tessellated unit sphere resting on a box, two
 * 182-vertex tessellated unit spheres — all interpenetrating a little (so that
 * penetration-only methods answer too), on 1 and more OpenMP threads, with
 * each method's rate over that of the first method (libccd GJK+EPA) on the
 * same pairing and thread count.
 *
 * The tessellated spheres are UV spheres with the paper's vertex counts (98 =
 * 12 segments × 8 rings + 2 poles, 182 = 18 × 10 + 2), all vertices on the
 * unit sphere, poles on ±y.
 */
#ifndef CCD_CONTACT_POLYHEDRA_BENCH_H
#define CCD_CONTACT_POLYHEDRA_BENCH_H
#include <stddef.h>
#include <stdint.h>

#include "ccdbench.h"
#include "contact/polyhedra/polyhedra_method.h"

enum { CCD_POLY_SCENES = 3, CCD_POLY_MAX_THREAD_COUNTS = 8, CCD_POLY_POOL = 1000 };
extern const char *const ccd_poly_scene_names[CCD_POLY_SCENES]; /* box-box, sphere98-box, sphere182-sphere182 */

typedef struct ccd_poly_bench_options {
    size_t pairs;  /* at least this many timed queries per measurement (default 1000) */
    double min_seconds; /* ... and at least this long: a fast method's count grows
                           fourfold until it is (default 0.25; 0: exactly pairs) */
    int threads[CCD_POLY_MAX_THREAD_COUNTS];
    size_t nthreads; /* default: 1 and 2 */
    uint64_t seed;
} ccd_poly_bench_options;
void ccd_poly_bench_options_default(ccd_poly_bench_options *o);

typedef struct ccd_poly_bench_row {
    int scene;
    const char *method;
    int threads;
    size_t pairs, values; /* values: queries that returned φ */
    double seconds, pairs_per_second, ns_per_query;
    double ratio; /* pairs_per_second over the first method's at this scene and threads */
} ccd_poly_bench_row;

typedef struct ccd_poly_bench {
    ccd_poly_bench_row *rows; /* scene, threads, method */
    size_t count;
    size_t vertices[CCD_POLY_SCENES][2];
} ccd_poly_bench;

/* A pool of CCD_POLY_POOL poses per scene is drawn from the seed; every
 * measurement cycles through it after one untimed pass. */
ccd_status ccd_poly_bench_run(ccd_poly_bench *out, ccd_error *err, const ccd_poly_bench_options *o,
                              const ccd_pm_method *methods, size_t nmethods);
void ccd_poly_bench_free(ccd_poly_bench *b);
#endif
