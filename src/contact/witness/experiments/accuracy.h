/* SPDX-License-Identifier: MIT */
/*
 * `ccdbench contact check`: accuracy of the witness routines on every query
 * configuration of a dataset, against exact rational references.
 *
 * For each query, the configuration at t (0, 1, or the exact time of impact
 * rounded down to a double) is rounded to doubles — the routines' input — and
 * the exact closest pair of *that* double configuration is the reference, so the
 * figures measure the routines, not the input rounding.  Per routine (hard, and
 * each smoothing level s via ccd_smoothing_level(s, L)), with L the longest edge
 * of the configuration:
 *   dist    | |pa - pb| - d* | / L
 *   witness max(|pa - pa*|, |pb - pb*|) / L, only where the closest pair is
 *           unique and well conditioned: not for edges with sin∠(ea, eb) <
 *           CCD_CONTACT_MIN_SIN (parallel, nearly parallel or zero-length edges,
 *           whose pair moves by ~ε/sin∠ under an input perturbation ε)
 *   angle   angle in degrees between pa - pb and pa* - pb*, where
 *           d* > CCD_CONTACT_MIN_SEPARATION · L (the minimal separation vector is
 *           unique even when the pair is not, but its direction is ill-conditioned
 *           as d* → 0); 180 when the routine returns d = 0 there
 *   deriv   max |J - J_ref| / max |J_ref| over the witness-point Jacobian (6×12
 *           E-E, 3×12 V-F), J_ref by 256-bit MPFR central differences; smooth
 *           routines only, on every deriv_every-th query (by index in its file).
 */
#ifndef CCD_CONTACT_ACCURACY_H
#define CCD_CONTACT_ACCURACY_H
#include <stdint.h>

#include "ccdbench.h"
#include "contact/common/sample_stats.h"

#define CCD_CONTACT_MIN_SIN 1e-6
#define CCD_CONTACT_MIN_SEPARATION 1e-6

enum {
    CCD_CONTACT_AT_TOI = 2,    /* options.at: the exact time of impact (colliding queries) */
    CCD_CONTACT_MAX_LEVELS = 8 /* smoothing levels besides the hard routine              */
};

typedef struct ccd_contact_check_options {
    int at;                                /* 0, 1 or CCD_CONTACT_AT_TOI */
    double levels[CCD_CONTACT_MAX_LEVELS]; /* smoothing levels > 0       */
    size_t nlevels;
    long deriv_every; /* ≤ 0: no derivative checks */
    unsigned deriv_prec;
} ccd_contact_check_options;

/* 1e-1, 1e-2, 1e-3, 1e-4; at 0; derivatives on every 10th query at 256 bits. */
void ccd_contact_check_options_default(ccd_contact_check_options *o);

typedef struct ccd_contact_check_row {
    double level; /* 0: the hard routine */
    ccd_sample dist, witness, angle, deriv;
} ccd_contact_check_row;

typedef struct ccd_contact_check {
    ccd_contact_check_options options;
    ccd_contact_check_row rows[2][1 + CCD_CONTACT_MAX_LEVELS]; /* [kind][routine] */
    uint64_t queries[2];   /* configurations evaluated, per kind                   */
    uint64_t skipped[2];   /* --at toi: queries that do not collide                 */
    uint64_t nonunique[2]; /* pair not unique or ill-conditioned (no witness error)  */
    uint64_t touching[2];  /* d* ≤ CCD_CONTACT_MIN_SEPARATION·L (no angle error)    */
    double seconds;
} ccd_contact_check;

ccd_status ccd_contact_check_run(ccd_contact_check *out, ccd_error *err, const ccd_dataset *ds,
                                 const ccd_contact_check_options *opt);
void ccd_contact_check_free(ccd_contact_check *c);
#endif
