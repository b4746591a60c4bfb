/* SPDX-License-Identifier: MIT */
/*
 * `ccdbench contact scaling check`: the minimum-scaling solver on random pairs of
 * every primitive combination (each primitive with each, and each against a
 * half-space), at ρ = 0 and at relaxed levels, against the references of
 * scaling_reference.h, with the properties that need no reference: KKT
 * residual, n₁ = −n₂, invariance under a common rigid motion, symmetry under
 * swapping the bodies, and α* / k when both shapes grow by k (ρ = 0 only: the
 * relaxed point does not scale); and, on the first pairs of each combination of
 * smooth primitives, every derivative against MPFR central differences.
 */
#ifndef CCD_CONTACT_SCALING_CHECK_H
#define CCD_CONTACT_SCALING_CHECK_H
#include <stddef.h>
#include <stdint.h>

#include "ccdbench/scaling.h"
#include "contact/common/sample_stats.h"
#include "contact/scaling/scaling_overlap.h"
#include "contact/scaling/scaling_reference.h"

#define CCD_SCALING_MAX_RHO 8

typedef struct ccd_scaling_check_options {
    size_t pairs;  /* random pairs per combination */
    uint64_t seed;
    double rho[CCD_SCALING_MAX_RHO];
    size_t nrho;
    /* pairs per combination (the first ones) whose derivatives are also checked
     * against MPFR central differences of the gauge reference (scaling_gauge.h) */
    size_t differences;
} ccd_scaling_check_options;

typedef struct ccd_scaling_check_row {
    ccd_shape_kind a, b;
    double rho;
    ccd_scaling_ref_kind reference;
    size_t pairs, failed, over_30; /* failed: not converged; over_30: ≥ 30 iterations */
    size_t singular;               /* KKT Jacobian singular: no implicit derivatives */
    /* against the reference: α relative, φ absolute, ‖p − p*‖, ‖n − n*‖, and the
     * dual sensitivity ∂α* / ∂x of both centres (max relative error) */
    ccd_sample alpha, phi, p, normal, dx;
    /* the implicit-function ∂α* / ∂x of both centres against the reference (ρ = 0) */
    ccd_sample ift;
    /* against MPFR central differences of the gauge, every parameter of both
     * shapes (ρ = 0, where the gauge's maximiser is unique): the dual sensitivity
     * ∂α* / ∂θ (ccd_scaling_gradient_of), the implicit-function ∂α* / ∂θ and
     * ∂p* / ∂θ, each as max |error| / max |reference| over the parameters */
    ccd_sample fd_dual, fd_ift, fd_dp;
    /* properties: final residual, ‖n₁ + n₂‖, common motion (α relative, and
     * ‖n' − Qn‖), swap (α relative and ‖n_ba + n_ab‖), scaling (α relative) */
    ccd_sample residual, n_sum, motion, swap, scale;
    ccd_sample iterations;
    /* the sign of φ (ρ = 0, |φ| > 1e-6) against an independent overlap test */
    ccd_overlap_test overlap;
    size_t overlap_compared, overlap_disagree;
} ccd_scaling_check_row;

typedef struct ccd_scaling_check {
    ccd_scaling_check_options options;
    size_t nrows;
    ccd_scaling_check_row *rows; /* combination-major, then ρ */
    size_t failed;               /* the rows' failed solves, summed */
    double seconds;
} ccd_scaling_check;

void ccd_scaling_check_options_default(ccd_scaling_check_options *o);
/* The combinations in table order: (a, b) kinds, halfspace last; returns their count. */
size_t ccd_scaling_combinations(ccd_shape_kind (*out)[2]);
/* Runs the check; CCD_ERR_INTERNAL (with err) when out of memory. */
ccd_status ccd_scaling_check_run(ccd_scaling_check *c, ccd_error *err,
                                 const ccd_scaling_check_options *o);
void ccd_scaling_check_free(ccd_scaling_check *c);

/* A random shape of the kind (valid, with interior), deterministic in *state. */
void ccd_scaling_random_shape(ccd_shape *s, ccd_shape_kind kind, uint64_t *state);
/* A random pair: b placed around a at a distance giving α* roughly in (0, 3]. */
void ccd_scaling_random_pair(ccd_shape *a, ccd_shape *b, ccd_shape_kind ka, ccd_shape_kind kb,
                             uint64_t *state);
#endif
