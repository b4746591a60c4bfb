/* SPDX-License-Identifier: MIT */
/*
 * `ccdbench contact polyhedra check`: Table I of Cheng Yi & Drumwright,
 * "Determining Contact Data for Time Stepping Rigid Body Simulations with Convex
 * Polyhedral Geometries", regenerated: the error in signed distance of each
 * method against the exact Minkowski-difference reference (minkowski_exact.h)
 * on two 2×2×2 boxes.  Box A stays at the origin unrotated; box B gets a
 * translation with components uniform in [−1, 1] ("Penetrating_BB") or in
 * [2.5, 10] ("Apart_BB") and a rotation from a quaternion whose components are
 * uniform in [−1, 1], normalised — the paper's unit test, with many more poses.
 *
 * The poses are drawn from one seeded generator before any work is shared
 * out, each pose writes its own slot, and the statistics are summed in pose
 * order: the table is the same for any thread count.
 */
#ifndef CCD_CONTACT_POLYHEDRA_CHECK_H
#define CCD_CONTACT_POLYHEDRA_CHECK_H
#include <stddef.h>
#include <stdint.h>

#include "ccdbench.h"
#include "contact/polyhedra/polyhedra_method.h"

enum { CCD_POLY_RANGES = 2 };
extern const char *const ccd_poly_range_names[CCD_POLY_RANGES]; /* Penetrating_BB, Apart_BB */

typedef struct ccd_poly_check_options {
    size_t poses;   /* per range (default 10000) */
    uint64_t seed;  /* default 1                 */
    int threads;    /* OpenMP threads (0: the default) */
} ccd_poly_check_options;
void ccd_poly_check_options_default(ccd_poly_check_options *o);

/* One method on one range.  values: poses on which it returned φ; the error
 * statistics |φ − φ_exact| are over those (NaN when there are none; std is the
 * sample standard deviation, 0 for one value).  disjoint: it found the bodies
 * apart without a distance; no_contact / failed: its other answers.  gate_wrong:
 * it called the pair intersecting (a value ≤ 0) or apart (CCD_PM_DISJOINT or a
 * value > 0) against the exact sign (a kissing pair is right either way).
 * normal_max_deg: largest angle between its n̂ and the exact one (poses with a
 * unique exact normal). */
typedef struct ccd_poly_check_row {
    int range;
    const char *method;
    size_t poses, values, disjoint, no_contact, failed, gate_wrong;
    double min, max, mean, std, normal_max_deg;
} ccd_poly_check_row;

typedef struct ccd_poly_check {
    ccd_poly_check_row *rows; /* range-major, then method */
    size_t count;
    /* the exact reference per range: poses inside, kissing, apart; with a non-unique normal */
    size_t ref_inside[CCD_POLY_RANGES], ref_touching[CCD_POLY_RANGES],
        ref_apart[CCD_POLY_RANGES], ref_nonunique[CCD_POLY_RANGES];
    double ref_seconds; /* wall time of the exact reference */
    int omp_threads;
} ccd_poly_check;

/* The 8 vertices of the box [−h, h]³. */
void ccd_poly_box(double v[8][3], double h);
/* A body-B pose of the paper's unit test for the range (0 penetrating, 1 apart). */
void ccd_poly_random_pose(ccd_posed_vertices *b, int range, uint64_t *rng);
/* Uniform double in [0, 1) from a splitmix64 stream. */
double ccd_poly_uniform(uint64_t *rng);

ccd_status ccd_poly_check_run(ccd_poly_check *out, ccd_error *err, const ccd_poly_check_options *o,
                              const ccd_pm_method *methods, size_t nmethods);
void ccd_poly_check_free(ccd_poly_check *c);
#endif
