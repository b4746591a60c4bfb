/* SPDX-License-Identifier: MIT */
/*
 * ccdbench/contact.h — the contact API of libccdbench: the differentiable
 * witness points, SDF primitives and signed distances of Beker et al. 2025,
 * "Smoothly Differentiable and Efficiently Vectorizable Contact Manifold
 * Generation", for a program that computes contacts itself.  The experiments
 * that measure these routines (`ccdbench contact ...`) are not part of the API.
 *
 * Witness inputs: x[4][3] in query row order (E-E: ea0, ea1, eb0, eb1; V-F: v,
 * f0, f1, f2), the same as one time slice of a ccd_query.  Jacobians are
 * row-major with column j = 3*row + axis.
 *
 * Sign convention of everything derived from a witness pair (pa, pb): the
 * separation vector is pa - pb (from the face / edge b towards the vertex /
 * edge a), the unsigned normal is (pa - pb)/|pa - pb|.
 */
#ifndef CCDBENCH_CONTACT_H
#define CCDBENCH_CONTACT_H

#include <stddef.h>

#include "ccdbench.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ witness points */

/* Smoothing of the witness routines (supplement code: wp_E_E_bqp, V_T_proj_s).
 * All zero: the hard routine (hard clip, hard argmin, hard comparisons, no
 * regularisation), which returns the exact closest points up to rounding. */
typedef struct ccd_smoothing {
    double w_reg;    /* λ of R = λ[(α1-½)² + (α2-½)²], length² units (E-E only)         */
    double eps_clip; /* soft clip of the 1-D minimisers, parameter units                  */
    double eps_min;  /* soft argmin over the candidate costs: E-E costs are ½|Δ|² (length²),
                        V-F costs are distances (length)                                   */
    double eps_comp; /* soft "inside the box/triangle" comparison, parameter units        */
} ccd_smoothing;

/* The supplement code's defaults: λ = 0.01, every eps = 0.1 (for unit-size geometry). */
CCD_API void ccd_smoothing_default(ccd_smoothing *sm);
/* All zero: the hard routine. */
CCD_API void ccd_smoothing_hard(ccd_smoothing *sm);
/* One smoothing level s for geometry of size L (scale-invariant use):
 * eps_clip = eps_comp = s, λ = s L²/10 (E-E), eps_min = s L² (E-E) or s L (V-F).
 * With s = 0.1 and L = 1 this is ccd_smoothing_default. */
CCD_API void ccd_smoothing_level(ccd_smoothing *sm, ccd_kind kind, double s, double length);

typedef struct ccd_ee_witness {
    double pa[3], pb[3]; /* witness points: pa = ea0 + α1 (ea1 - ea0), pb = eb0 + α2 (eb1 - eb0) */
    double alpha[2];     /* α* (may leave [0,1] slightly when smoothed: α^u is not clipped)  */
    double colliding;    /* γ_con ≈ ⟦unconstrained minimiser inside the box⟧ ∈ [0,1]        */
} ccd_ee_witness;

typedef struct ccd_vf_witness {
    double pf[3];  /* (smoothed) projection of the vertex on the face                       */
    double inside; /* γ ≈ ⟦projection on the plane lies inside the triangle⟧ ∈ [0,1]        */
} ccd_vf_witness;

/* Jacobians: d output / d x, x = the 12 input coordinates. */
typedef struct ccd_ee_jacobian {
    double pa[3][12], pb[3][12], alpha[2][12], colliding[12];
} ccd_ee_jacobian;
typedef struct ccd_vf_jacobian {
    double pf[3][12], inside[12];
} ccd_vf_jacobian;

/* Degenerate inputs never produce NaN for finite inputs when λ > 0; with λ = 0:
 *   parallel edges: colliding = 0 and α is the best side minimiser (a valid closest pair);
 *   zero-length edge: any parameter is optimal; the side minimisers along it are
 *     taken at 0 and the witness point is the edge's single point;
 *   zero-area triangle: inside = 0, pf = the edge projection (a valid closest point);
 *   intersecting edges / vertex on the face: distance 0, derivatives finite (d|x| = 0 at 0). */
CCD_API void ccd_ee_witness_eval(ccd_ee_witness *out, const double x[4][3],
                                 const ccd_smoothing *sm);
CCD_API void ccd_vf_witness_eval(ccd_vf_witness *out, const double x[4][3],
                                 const ccd_smoothing *sm);

/* The same values plus their exact derivatives (forward-mode dual numbers). */
CCD_API void ccd_ee_witness_jacobian(ccd_ee_witness *out, ccd_ee_jacobian *jac,
                                     const double x[4][3], const ccd_smoothing *sm);
CCD_API void ccd_vf_witness_jacobian(ccd_vf_witness *out, ccd_vf_jacobian *jac,
                                     const double x[4][3], const ccd_smoothing *sm);

/* ------------------------------------------------------------ SDF primitives */

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
 *                 B_i = exp(-|x - p_i|²/(2σ²)) (the paper leaves B open);
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
CCD_API void ccd_sdf_pose_identity(ccd_sdf *s);
/* φ(x); grad (may be NULL) receives ∇φ(x) (world frame). */
CCD_API double ccd_sdf_eval(double grad[3], const ccd_sdf *s, const double x[3]);
/* The normal of the primitive at x (see above), n = g/√(tau_n + |g|²). */
CCD_API void ccd_sdf_normal(double n[3], const ccd_sdf *s, const double x[3], double tau_n);
/*
 * Sphere tracing onto the zero level set (supplement II-C): `steps` iterations of
 * x ← x - φ(x) ∇φ(x)/|∇φ(x)|, a fixed, unrolled count (1 suffices for a metric
 * SDF near its surface).  Returns |φ| at the result.  A zero gradient stops it.
 */
CCD_API double ccd_sdf_sphere_trace(double out[3], const ccd_sdf *s, const double x[3],
                                    int steps);

/* ------------------------------------------------------------ signed distances */

/*
 * Signed distances, normals and activity indicators (Beker et al., Sec. IV-C and
 * IV-D3, eqs. 11–16) for two bodies, each a mesh (vertices, edges) plus an SDF.
 *
 * Sign convention (consistent for both witness points; the paper's eq. 11 taken
 * literally gives d2 < 0 for a separated pair):
 *   d > 0 when separated, d < 0 when penetrating;
 *   n_1 (at p1, on body 1) points out of body 2, n_2 (at p2) out of body 1:
 *   n̄ = (p1 - p2)/√(|p1 - p2|² + ε),  γ1 = softsign(∇φ2(p2)·n̄),
 *   γ2 = softsign(∇φ1(p1)·(-n̄)),  d_b = γ_b |p1 - p2|,  n_1 = γ1 n̄,  n_2 = -γ2 n̄.
 * Indicators, all in [0, 1]:
 *   colliding  γ_con of the E-E witness QP
 *   pen_1 = σ(-φ2(p1)/τ), pen_2 = σ(-φ1(p2)/τ)                        (eq. 12)
 *   nn_1[k][l] = softmin_l(D[k][:]), nn_2[k][l] = softmin_k(D[:][l])   (eqs. 13–14)
 *   clash = σ(-∇φ1(p1)·∇φ2(p2)/τ)                                      (eq. 15)
 *   act_b = colliding · pen_b · nn_b · clash [· σ(-φ1(p1)/τ) σ(-φ2(p2)/τ)] (eq. 16
 *           and the supplement's safeguard, optional)
 * Vertex–SDF contacts: d = φ_opp(v), n = normal of the opposing SDF at v,
 * activity σ(-φ_opp(v)/τ) (the paper gives none; our analogue of eq. 12).
 */
typedef struct ccd_contact_body {
    const double (*vertex)[3];
    size_t vertex_count;
    const unsigned (*edge)[2]; /* indices into vertex */
    size_t edge_count;
    const ccd_sdf *sdf;
} ccd_contact_body;

typedef struct ccd_contact_params {
    ccd_smoothing witness; /* E-E witness QP smoothing                           */
    double tau_sign;       /* soft sign of the distance sign                      */
    double tau_pen;        /* penetration and safeguard indicators (length units) */
    double tau_nn;         /* nearest-neighbour soft argmin (length units)        */
    double tau_clash;      /* clash indicator                                     */
    double eps_normal;     /* ε of n̄ (length² units)                              */
    double tau_normal;     /* τ of the SDF normals                                */
    int safeguard;         /* multiply by the inside indicators of the supplement */
} ccd_contact_params;

/* Witness defaults of the supplement code; 0.01 for every τ, ε = 1e-12, safeguard on. */
CCD_API void ccd_contact_params_default(ccd_contact_params *p);

typedef struct ccd_ee_contact {
    double p1[3], p2[3];   /* witness points on the edge of body 1 and of body 2 */
    double dbar, nbar[3];  /* unsigned distance and normal (from p2 to p1)       */
    double d1, d2;         /* signed distances at p1 and p2                      */
    double n1[3], n2[3];   /* signed normals                                     */
    double colliding, pen1, pen2, nn1, nn2, clash, act1, act2;
} ccd_ee_contact;

typedef struct ccd_vs_contact {
    double p[3], d, n[3], act;
} ccd_vs_contact;

/* All |E1|×|E2| ordered edge pairs, row-major out[k * |E2| + l]. */
CCD_API ccd_status ccd_contact_edge_edge(ccd_ee_contact *out, ccd_error *err,
                                         const ccd_contact_body *b1, const ccd_contact_body *b2,
                                         const ccd_contact_params *p);
/* The vertices of b against the SDF of the other body: out[i] for vertex i. */
CCD_API void ccd_contact_vertex_sdf(ccd_vs_contact *out, const ccd_contact_body *b,
                                    const ccd_sdf *opposing, const ccd_contact_params *p);

#ifdef __cplusplus
}
#endif

#endif
