/* SPDX-License-Identifier: MIT */
/*
 * The long-range contact potential between rigid triangle meshes of Ye, Wu,
 * Komura and Pan, "Efficient Differentiable Contact Model with Long-Range
 * Influence": non-vanishing at every distance, C² wherever the meshes do not
 * touch, +∞ where they do.
 *
 *  - ccd_potential_triangles: the exact term of a triangle pair, the minimum over
 *    a separating plane p = (n, d) of the strictly convex
 *        L(p) = 12/(1 − ‖n‖) + Σ_k 1/(⟨a_k, n⟩ + d) + Σ_k 1/(−⟨b_k, n⟩ − d),
 *    with its gradient (envelope theorem) and Hessian (implicit functions).
 *  - ccd_potential_centred: 12 (1 + r^(-1/2))², the same program with every vertex
 *    of each side collapsed to its centre at distance r.
 *  - ccd_potential_smoothstep: Φ(u) = 6u⁵ − 15u⁴ + 10u³ clamped to [0, 1], the
 *    C² switch that blends the two.
 *  - ccd_bsh / ccd_potential_bsh: the layered bounding-sphere hierarchy of a mesh
 *    and the total potential of two posed meshes through it (exact pairs near,
 *    centred node pairs far, blended in between with ε > 0);
 *    ccd_potential_brute: the sum of the exact term over every triangle pair,
 *    its limit as ε → ∞.
 *
 * Derivatives of the mesh totals are with respect to the two poses: 12 numbers
 * (δt_A, δω_A, δt_B, δω_B), a world translation δt and a rotation exp([δω]×)
 * applied after the pose's own rotation, about the body's origin.  The Hessian
 * is the second derivative of that perturbation at 0, hence symmetric.
 */
#ifndef CCDBENCH_POTENTIAL_H
#define CCDBENCH_POTENTIAL_H
#include <stddef.h>
#include <stdint.h>

#include "ccdbench.h"
#include "mesh.h"
#include "pose.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ccd_potential_status {
    CCD_POTENTIAL_OK = 0,
    CCD_POTENTIAL_CONTACT = 1,       /* touching or intersecting: the value is +∞ */
    CCD_POTENTIAL_NOT_CONVERGED = 2  /* Newton hit its iteration cap (value kept) */
} ccd_potential_status;

/* "ok", "contact" or "not converged". */
CCD_API const char *ccd_potential_status_name(ccd_potential_status s);

/* Exact potential of the triangles a (3 vertices, xyz each: the side where
 * ⟨x, n⟩ + d > 0) and b.  value: P (> 12), or +∞ on contact.  grad (18: a's then
 * b's vertices), hess (18 × 18, row-major) and plane (n, d at the optimum) may be
 * NULL; on contact they are left untouched.  Vertices may coincide (a point or a
 * segment is a valid "triangle"). */
CCD_API ccd_potential_status ccd_potential_triangles(double *value, double *grad, double *hess,
                                                     double *plane, const double a[9],
                                                     const double b[9]);

/* out = {P_c, dP_c/dr, d²P_c/dr²} at centre distance r > 0. */
CCD_API void ccd_potential_centred(double out[3], double r);

/* out = {Φ, Φ', Φ''} at u (all three 0 below 0, Φ = 1 and the others 0 above 1). */
CCD_API void ccd_potential_smoothstep(double out[3], double u);

/* ------------------------------------------------------------------ hierarchy */

/* The layered bounding-sphere hierarchy of a mesh in its own frame: a binary tree
 * with one triangle per leaf; a node's centre is the mean of its distinct vertices
 * and its radius encloses its children's spheres (not only its geometry). */
typedef struct ccd_bsh ccd_bsh;

/* Keeps a pointer to m: m must outlive the hierarchy. */
CCD_API ccd_status ccd_bsh_build(ccd_bsh **out, ccd_error *err, const ccd_mesh *m);
CCD_API void ccd_bsh_free(ccd_bsh *h);
CCD_API size_t ccd_bsh_nodes(const ccd_bsh *h);

typedef struct ccd_potential_total {
    ccd_potential_status status;
    double value;      /* +∞ on contact */
    double grad[12];   /* w.r.t. (δt_A, δω_A, δt_B, δω_B); 0 on contact */
    double hess[144];  /* row-major; only when asked for; 0 on contact */
    unsigned long long exact_pairs;   /* triangle pairs solved exactly */
    unsigned long long centred_pairs; /* node pairs that used the closed form */
    unsigned long long not_converged; /* exact pairs that hit Newton's cap */
} ccd_potential_total;

/* The hierarchy's total (Algorithm 1 on the root pair), eps > 0. */
CCD_API ccd_potential_status ccd_potential_bsh(ccd_potential_total *out, const ccd_bsh *a,
                                               const ccd_pose *pose_a, const ccd_bsh *b,
                                               const ccd_pose *pose_b, double eps,
                                               int want_hessian);
/* The sum of the exact term over every pair of a triangle of a and one of b:
 * about 7.5 µs per pair, so the command line's --brute refuses more than
 * CCD_POTENTIAL_BRUTE_PAIRS_MAX pairs (about 30 s) before any work. */
enum { CCD_POTENTIAL_BRUTE_PAIRS_MAX = 1 << 22 };
CCD_API ccd_potential_status ccd_potential_brute(ccd_potential_total *out, const ccd_mesh *a,
                                                 const ccd_pose *pose_a, const ccd_mesh *b,
                                                 const ccd_pose *pose_b, int want_hessian);

#ifdef __cplusplus
}
#endif
#endif
