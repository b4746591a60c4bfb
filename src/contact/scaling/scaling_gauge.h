/* SPDX-License-Identifier: MIT */
/*
 * An independent reference for the minimum-scaling program of scaling.h, for
 * pairs of smooth primitives that have no closed form: the gauge of the
 * Minkowski difference, maximised in 256-bit MPFR without the interior-point
 * method.
 *
 * Both shapes scaled by α about their centres x_a, x_b touch when
 * Δ = x_b − x_a ∈ α (K_a − K_b), K the shape relative to its centre, so α* is the
 * gauge of Δ with respect to K_a + (−K_b):
 *
 *     α* = max over d ≠ 0 of f(d) = dᵀΔ / H(d),     H(d) = h_a(d) + h_b(−d),
 *
 * h the support functions.  f is homogeneous of degree 0 and, where dᵀΔ > 0,
 * its superlevel sets {d : dᵀΔ − c H(d) ≥ 0} are convex (H is convex), so a
 * local maximum is the global one: were f(d') > c = f(d*), the concave function
 * dᵀΔ − c H(d) would be 0 at d*, positive at d', hence positive on the open
 * segment between them, at points as close to d* as we like.
 *
 * The search: the best of a Fibonacci sphere of directions (double), then
 * Newton's method on the tangent plane in MPFR (the gradient ∇f = (Δ H −
 * (dᵀΔ) ∇H) / H² analytic, with ∇h the support point; its 2 × 2 Jacobian by
 * central differences of the gradient).  The result is accepted only where both
 * support functions are differentiable at d* (no kink within 2⁻¹⁰⁰ of it) and
 * the tangent Hessian is negative definite: there the maximiser is unique,
 * n = d* / ‖d*‖ is the normal, p* = x_a + α* ∇h_a(d*) the unique touching point,
 * and ∂α* / ∂x_b = d* / H(d*) = −∂α* / ∂x_a by the envelope theorem.  Where d* sits
 * on a kink (face or edge contact of a box, the rim of a cylinder or cone, the
 * end of a capsule's segment) no reference is given.
 *
 * Kinds: every primitive but the half-space.  A (padded) polytope's support
 * function is the largest vᵀd over its vertices (plus r‖d‖): smooth where one
 * vertex is the largest, so vertex contacts get a reference and face or edge
 * contacts do not (polytope pairs have the exact LP of scaling_reference.h).
 */
#ifndef CCD_CONTACT_SCALING_GAUGE_H
#define CCD_CONTACT_SCALING_GAUGE_H
#include <mpfr.h>

#include "ccdbench/scaling.h"

/* Whether the gauge reference handles this kind. */
int ccd_scaling_gauge_supports(ccd_shape_kind kind);

typedef struct ccd_scaling_gauge {
    mpfr_t alpha;           /* α* (256 bits; see the accuracy bound in scaling_gauge.c) */
    double normal[3];       /* d* / ‖d*‖, from a towards b */
    double p[3];            /* p* */
    double dalpha_dx[2][3]; /* ∂α* / ∂x_a, ∂α* / ∂x_b */
} ccd_scaling_gauge;

void ccd_scaling_gauge_init(ccd_scaling_gauge *g);
void ccd_scaling_gauge_clear(ccd_scaling_gauge *g);

/* 1 with g filled when the pair has a gauge reference (both kinds supported,
 * α* > 0, d* unique and off every kink), else 0. */
int ccd_scaling_gauge_solve(ccd_scaling_gauge *g, const ccd_shape *a, const ccd_shape *b);

/* Central differences in MPFR of the gauge reference: for every parameter θ of
 * both shapes (ccd_shape_param_name order), ∂α* / ∂θ and ∂p* / ∂θ.  1 when the pair
 * and all its perturbed neighbours have a gauge reference, else 0. */
typedef struct ccd_scaling_gauge_derivatives {
    size_t params[2];
    double dalpha[2][CCD_SCALING_MAX_PARAMS];
    double dp[2][CCD_SCALING_MAX_PARAMS][3];
} ccd_scaling_gauge_derivatives;

int ccd_scaling_gauge_differences(ccd_scaling_gauge_derivatives *out, const ccd_shape *a,
                                  const ccd_shape *b);
#endif
