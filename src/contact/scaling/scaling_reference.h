/* SPDX-License-Identifier: MIT */
/*
 * Independent references for the minimum-scaling program (scaling.h), not using
 * the interior-point method:
 * - pairs of polytopes, boxes and half-spaces: the linear program itself, solved
 *   exactly in rationals (exact_simplex.h) through its dual, over the very
 *   doubles the solver is given (the world-frame rows), so α* is exact;
 * - axis-aligned boxes: α* = max_k |Δ_k| / (h₁ₖ + h₂ₖ), exact;
 * - spheres: α* = ‖Δ‖/(R₁ + R₂), p* = (R₂x₁ + R₁x₂)/(R₁ + R₂), n = Δ/‖Δ‖;
 * - any other primitive against a half-space aᵀ(y − x_h) ≤ 0:
 *   α* = max(0, aᵀ(x − x_h) / h_S(−a)), h_S the support function, and for
 *   spheres and ellipsoids p* = x + α*∇h_S(−a) (the unique support point);
 * the last two in 256-bit MPFR (relative error below 2⁻²⁵⁰, far under what is
 * checked);
 * - other pairs of smooth primitives (box, sphere, ellipsoid, capsule, cylinder,
 *   cone): the gauge of the Minkowski difference maximised in MPFR
 *   (scaling_gauge.h), where its maximiser is unique and off every kink.
 * Other pairs have no reference here.
 */
#ifndef CCD_CONTACT_SCALING_REFERENCE_H
#define CCD_CONTACT_SCALING_REFERENCE_H
#include <mpfr.h>

#include "ccdbench/scaling.h"

typedef enum ccd_scaling_ref_kind {
    CCD_SCALING_REF_NONE,
    CCD_SCALING_REF_EXACT_LP,
    CCD_SCALING_REF_CLOSED_FORM,
    CCD_SCALING_REF_GAUGE, /* the MPFR gauge maximisation of scaling_gauge.h */
} ccd_scaling_ref_kind;

typedef struct ccd_scaling_ref {
    ccd_scaling_ref_kind kind;
    mpfr_t alpha;          /* α* (256 bits; exact rational rounded for the LP) */
    int has_p, has_normal; /* p* or n unique and known */
    double p[3], normal[3];
    /* ∂α* / ∂x of both centres where n is known: from the exact duals of the LP,
     * −Δ/(‖Δ‖(R₁ + R₂)) for spheres, ±a / h_S(−a) against a half-space */
    double dalpha_dx[2][3];
} ccd_scaling_ref;

void ccd_scaling_ref_init(ccd_scaling_ref *r);
void ccd_scaling_ref_clear(ccd_scaling_ref *r);

/* The reference of the pair (valid shapes); r->kind NONE when there is none. */
void ccd_scaling_reference(ccd_scaling_ref *r, const ccd_shape *a, const ccd_shape *b);

/* The relative error |α − α*| / α*, evaluated in MPFR, where α* ≥
 * CCD_SCALING_REL_ALPHA_MIN; NaN below it.  Near α* = 0 (a centre inside a half-space
 * or near the other's) the solver's answer is accurate in absolute terms, not
 * relative ones: those pairs have their error in the φ columns of the check,
 * |φ − φ*| = |α − α*| (ccd_scaling_ref_alpha_abs_error), and none in its α columns,
 * so that each column is one kind of error. */
#define CCD_SCALING_REL_ALPHA_MIN 1e-3
double ccd_scaling_ref_alpha_error(const ccd_scaling_ref *r, double alpha);
/* |α − α*| in MPFR, rounded up: the absolute error alone (the pair table). */
double ccd_scaling_ref_alpha_abs_error(const ccd_scaling_ref *r, double alpha);

/* The name of a reference kind: "none", "exact LP", "closed form", "gauge". */
const char *ccd_scaling_ref_name(ccd_scaling_ref_kind kind);
#endif
