/* SPDX-License-Identifier: MIT */
/*
 * Minimum-scaling collision detection between convex primitives, after
 * Le Cleac'h, Schwager, Manchester, Sindhwani, Florence and Singh, "Single-Level
 * Differentiable Contact Simulation" (2023), which poses it as the convex
 * program of Tracy, Howell and Manchester's DCOL:
 *
 *     minimise α over (p, α, ε₁, ε₂)  s.t.  g₁(p, α, ε₁) ≤ 0,  g₂(p, α, ε₂) ≤ 0,  α ≥ 0,
 *
 * the smallest uniform scaling α* of both shapes about their centres at which
 * they touch.  φ = α* − 1 is the pseudo signed distance (< 0 overlapping, 0
 * touching, > 0 separated); p* is one common point of the two scaled shapes.
 *
 * Every primitive is written as linear rows over a product of cones (the
 * non-negative orthant and second-order cones, ‖u₁..‖ ≤ u₀), which is the form
 * the paper's squared constraints describe, so one primal-dual interior-point
 * method solves every pair.  Shapes are given in their body frame; a point q of
 * the body frame is p = R q + x in the world.  The axis of capsules, cylinders
 * and cones is the body x axis.
 */
#ifndef CCDBENCH_SCALING_H
#define CCDBENCH_SCALING_H
#include <stddef.h>

#include "ccdbench.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most faces of a (padded) polytope. */
#define CCD_SHAPE_MAX_FACES 16
/* The largest |number| of a shape (position, sizes, face offsets): the solver's
 * arithmetic squares lengths and forms products of up to four of them, which stay
 * finite below 1e75 (1e75^4 = 1e300).  Beyond it ccd_shape_check says
 * CCD_SCALING_BAD_SHAPE (a box 1e308 long was solved to "normal undefined" with
 * no alpha, its reference 1.5). */
#define CCD_SHAPE_MAX_SCALE 1e75
/* Most constraint rows of one solve: two padded polytopes and α ≥ 0. */
#define CCD_SCALING_MAX_ROWS (2 * (CCD_SHAPE_MAX_FACES + 4) + 1)

typedef enum ccd_shape_kind {
    CCD_SHAPE_POLYTOPE,        /* {q : A q ≤ b}, b > 0 (faces, normals, offsets) */
    CCD_SHAPE_PADDED_POLYTOPE, /* polytope ⊕ ball of radius `radius` */
    CCD_SHAPE_BOX,             /* |q_k| ≤ half_extents[k] */
    CCD_SHAPE_SPHERE,          /* ‖q‖ ≤ radius */
    CCD_SHAPE_ELLIPSOID,       /* Σ (q_k / half_extents[k])² ≤ 1 */
    CCD_SHAPE_CAPSULE,         /* points within radius of the segment |q_x| ≤ length/2 */
    CCD_SHAPE_CYLINDER,        /* ‖(q_y, q_z)‖ ≤ radius, |q_x| ≤ length/2 */
    CCD_SHAPE_CONE,            /* apex at q_x = −3h/4, base disk of radius h tan ν at q_x = h/4
                                * (x is the centroid; height, half_angle) */
    CCD_SHAPE_HALFSPACE,       /* normals[0] · q ≤ 0, never scaled */
    CCD_SHAPE_KINDS
} ccd_shape_kind;

typedef struct ccd_shape {
    ccd_shape_kind kind;
    double position[3];    /* x: the centre the shape is scaled about (a point of the plane
                            * for a half-space) */
    double rotation[3][3]; /* R: body to world, row-major; a rotation */
    double radius;
    double half_extents[3];
    double length;
    double height, half_angle;
    size_t faces;
    double normals[CCD_SHAPE_MAX_FACES][3]; /* body frame */
    double offsets[CCD_SHAPE_MAX_FACES];
} ccd_shape;

typedef enum ccd_scaling_status {
    CCD_SCALING_OK = 0,
    /* A shape has no interior (zero radius, flat polygon, segment, b ≤ 0, …):
     * Slater's condition fails and α* with its duals is not well defined. */
    CCD_SCALING_NO_INTERIOR,
    /* Not a shape: unknown kind, non-finite number, too many faces, or a pair
     * of half-spaces (neither scaled). */
    CCD_SCALING_BAD_SHAPE,
    /* The interior-point method stopped without meeting its tolerances. */
    CCD_SCALING_NOT_CONVERGED,
    /* The KKT Jacobian is singular at the solution, so the implicit-function
     * derivatives do not exist: face-to-face contact at ρ = 0 (a continuum of
     * p*), or α* = 0.  A ρ > 0 smooths it. */
    CCD_SCALING_SINGULAR,
} ccd_scaling_status;

typedef struct ccd_scaling_result {
    double alpha;     /* α* */
    double phi;       /* α* − 1 */
    double p[3];      /* p*, world frame */
    /* n = normalise(∇_p g₁ᵀ λ₁): the outward normal of shape 1 at p*, from shape 1
     * towards shape 2; normal2 likewise from λ₂ (= −normal at convergence).  Zero
     * when the duals give no direction (α* = 0 with coincident centres). */
    double normal[3], normal2[3];
    /* λ over the conic rows: rows[0] of shape 1, rows[1] of shape 2, then α ≥ 0. */
    double lambda[CCD_SCALING_MAX_ROWS];
    size_t rows[2];
    /* Dual sensitivity ∂α* / ∂x_a, ∂α* / ∂x_b = λᵀ ∂g/∂x (every g depends on p − x, so
     * ∂g/∂x = −∇_p g): −∇_p g₁ᵀλ₁ and −∇_p g₂ᵀλ₂.  The normal is −dalpha_dx[0]
     * normalised; at convergence dalpha_dx[1] = −dalpha_dx[0].  The derivative of
     * α* where α* is differentiable, at ρ = 0; at ρ > 0 the same formula is the
     * derivative of the barrier problem's value, not of the relaxed α. */
    double dalpha_dx[2][3];
    int iterations;
    double residual;  /* max of the stationarity, feasibility and s∘λ − ρ residuals */
} ccd_scaling_result;

/* Solves the minimum-scaling program of a and b with the relaxation s∘λ = ρ
 * (ρ = 0: the exact answer; ρ > 0: the smoothed one on the central path).
 * out is filled only on CCD_SCALING_OK (iterations and residual always). */
CCD_API ccd_scaling_status ccd_scaling_solve(ccd_scaling_result *out, const ccd_shape *a,
                                             const ccd_shape *b, double rho);

/* The dual sensitivity of α* to every parameter of one shape: ∂α* / ∂θ = λᵀ ∂g/∂θ.
 * Parameters a kind does not have are 0. */
typedef struct ccd_scaling_gradient {
    double position[3];  /* ∂α* / ∂x */
    double rotation[3];  /* ∂α* / ∂ω: the shape turned by exp(ω̂) about its centre */
    double radius, length, height, half_angle;
    double half_extents[3]; /* box half-extents, ellipsoid semi-axes */
    double offsets[CCD_SHAPE_MAX_FACES]; /* polytope offsets b */
} ccd_scaling_gradient;

/* out[0] for a, out[1] for b, from a CCD_SCALING_OK result r of the pair (a, b)
 * (with the caveat on ρ > 0 of dalpha_dx). */
CCD_API void ccd_scaling_gradient_of(ccd_scaling_gradient out[2], const ccd_scaling_result *r,
                                     const ccd_shape *a, const ccd_shape *b);

/* Most parameters of one shape: centre (3), orientation (3), radius and offsets. */
#define CCD_SCALING_MAX_PARAMS (7 + CCD_SHAPE_MAX_FACES)

/* The parameters of s, in order: x, y, z (centre), rot_x, rot_y, rot_z (the
 * shape turned by exp(ω̂) about its centre), then by kind: polytope offsets
 * ("offset", one per face); padded polytope "radius" then offsets; box and
 * ellipsoid "size_x", "size_y", "size_z"; sphere "radius"; capsule and cylinder
 * "radius", "length"; cone "height", "half_angle". */
CCD_API size_t ccd_shape_param_count(const ccd_shape *s);
CCD_API const char *ccd_shape_param_name(const ccd_shape *s, size_t i);

/* ∂α* / ∂θ and ∂p* / ∂θ for every parameter θ of both shapes, by the implicit
 * function theorem on the KKT residual (c + Gᵀλ, G v + s − h, s∘λ − ρe) at the
 * same ρ: one LU factorisation of its Jacobian, one back-substitution per
 * parameter.  At ρ = 0 these are the derivatives of the exact solution where it
 * is differentiable (strict complementarity); at ρ > 0 those of the smoothed
 * one.  Solves the pair first (res receives the solution, as ccd_scaling_solve). */
typedef struct ccd_scaling_derivatives {
    size_t params[2]; /* ccd_shape_param_count of a and of b */
    double dalpha[2][CCD_SCALING_MAX_PARAMS];
    double dp[2][CCD_SCALING_MAX_PARAMS][3];
} ccd_scaling_derivatives;

CCD_API ccd_scaling_status ccd_scaling_derivatives_solve(ccd_scaling_derivatives *out,
                                                         ccd_scaling_result *res,
                                                         const ccd_shape *a, const ccd_shape *b,
                                                         double rho);

/* Support function h(d) = max over the unscaled shape (relative to its centre)
 * of dᵀ(p − x), d in the world frame; +inf for a half-space unless d is along
 * its normal. */
CCD_API double ccd_shape_support(const ccd_shape *s, const double d[3]);

/* A shape written as text, as `ccdbench contact scaling pair` takes it:
 * KIND[,KEY=VALUE]... with KIND a ccd_shape_kind_name; KEY x=X:Y:Z (centre),
 * rot=RX:RY:RZ (rotation vector ω, R = exp([ω]×)), r= (radius), h=HX:HY:HZ
 * (half-extents, semi-axes), len=, height=, angle= (cone half-angle, radians),
 * face=NX:NY:NZ:B (a polytope face, repeated), n=NX:NY:NZ (half-space normal);
 * e.g. "sphere,r=1" or "box,h=1:1:1,x=3:0:0".  CCD_ERR_INPUT, "name: what", for
 * an unknown kind or key, a bad value, or a shape that ccd_shape_check refuses. */
CCD_API ccd_status ccd_shape_parse(ccd_shape *s, ccd_error *err, const char *name,
                                   const char *text);

/* CCD_SCALING_OK when s is a valid shape with interior, otherwise why not. */
CCD_API ccd_scaling_status ccd_shape_check(const ccd_shape *s);
/* 1 when every number of s (position, sizes, face offsets) is at most
 * CCD_SHAPE_MAX_SCALE in magnitude; ccd_shape_check includes this test. */
CCD_API int ccd_shape_in_range(const ccd_shape *s);

/* Static name of a status, or of a kind ("polytope", "padded-polytope", "box",
 * "sphere", "ellipsoid", "capsule", "cylinder", "cone", "halfspace"). */
CCD_API const char *ccd_scaling_status_name(ccd_scaling_status st);
CCD_API const char *ccd_shape_kind_name(ccd_shape_kind kind);

#ifdef __cplusplus
}
#endif
#endif
