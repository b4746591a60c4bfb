/* SPDX-License-Identifier: MIT */
/*
 * SDF primitives of Beker et al. (Sec. IV-B): φ < 0 inside, outward gradient.
 *
 *   superquadric  φ(x) = |x| (1 - f(x̃)^(-ε1/2)), the radial distance of Liu et al.
 *                 (the paper's eq. 3 divides by |x|: erratum), with
 *                 f = ((x̃²)^(1/ε2) + (ỹ²)^(1/ε2))^(ε2/ε1) + (z̃²)^(1/ε1), x̃ = x/a …;
 *                 exact for a sphere (ε1 = ε2 = 1, a = b = c = r): |x| - r.
 *                 At x = 0 (undefined): -min(a, b, c).  f is evaluated in log space.
 *   polyhedron    φ = max_i n_iᵀ(x - p_i) (eq. 4; τ = 0) or its log-sum-exp (eq. 5);
 *                 the Euclidean distance inside and in face regions, an
 *                 underestimate near edges and corners; LSE ∈ [max, max + τ log N].
 *   point cloud   oriented points (p_i, n_i) (eq. 6):
 *                 φ = Σ B_i n_iᵀ(x - p_i) / Σ B_i with the Gaussian basis
 *                 B_i = exp(-|x - p_i|²/(2σ²)) (the paper leaves B open; see sdf_generic.h);
 *                 exact for coplanar points with one normal (any σ).
 *   union         -LSE_τ(-φ_1, …, -φ_n) ∈ [min - τ log n, min]
 *   subtraction   LSE_τ(φ₊, -φ₋) ∈ [max(φ₊, -φ₋), max + τ log 2]
 * Every primitive has a pose: local = Rᵀ(x - t).
 *
 * Normals (ccd_sdf_normal): g/√(τ_n + |g|²) with g = ∇f for a superquadric (the
 * paper's footnote 2: ∇φ of a superquadric is not monotone) and g = ∇φ for a
 * polyhedron or point cloud; for a union or subtraction, the children's normals weighted by the
 * same soft-max weights as the value (the paper does not say; our choice).
 */
#ifndef CCD_CONTACT_SDF_H
#define CCD_CONTACT_SDF_H
#include <stddef.h>

typedef enum ccd_sdf_type {
    CCD_SDF_SUPERQUADRIC,
    CCD_SDF_POLYHEDRON,
    CCD_SDF_POINT_CLOUD,
    CCD_SDF_UNION,
    CCD_SDF_SUBTRACTION
} ccd_sdf_type;

typedef struct ccd_sdf ccd_sdf;
struct ccd_sdf {
    ccd_sdf_type type;
    double rot[3][3], trans[3]; /* pose: world = rot · local + trans */
    union {
        struct {
            double a, b, c, e1, e2; /* axis lengths and shape exponents ε1, ε2 */
        } sq;
        struct {
            const double (*normal)[3]; /* unit outward normals (local frame) */
            const double (*point)[3];  /* a point on each plane              */
            size_t count;
            double tau; /* 0: exact max of planes */
        } cp;
        struct {
            const double (*point)[3];  /* surface samples p_i (local frame)       */
            const double (*normal)[3]; /* unit outward normals n_i (local frame)  */
            size_t count;              /* ≥ 1                                      */
            double sigma;              /* Gaussian width σ > 0 (≈ the point spacing) */
        } pc;
        struct {
            const ccd_sdf *const *child; /* union: all; subtraction: child[0] minus child[1] */
            size_t count;
            double tau;
        } comb;
    } u;
};

/* Identity pose. */
void ccd_sdf_pose_identity(ccd_sdf *s);
/* φ(x); grad (may be NULL) receives ∇φ(x) (world frame). */
double ccd_sdf_eval(double grad[3], const ccd_sdf *s, const double x[3]);
/* The normal of the primitive at x (see above), n = g/√(tau_n + |g|²). */
void ccd_sdf_normal(double n[3], const ccd_sdf *s, const double x[3], double tau_n);
/*
 * Sphere tracing onto the zero level set (supplement II-C): `steps` iterations of
 * x ← x - φ(x) ∇φ(x)/|∇φ(x)|, a fixed, unrolled count (1 suffices for a metric
 * SDF near its surface).  Returns |φ| at the result.  A zero gradient stops it.
 */
double ccd_sdf_sphere_trace(double out[3], const ccd_sdf *s, const double x[3], int steps);
/* The superquadric's inside–outside function f at a local point (f = 1 on the surface). */
double ccd_superquadric_f(const ccd_sdf *s, const double local[3]);
#endif
