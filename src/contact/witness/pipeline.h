/* SPDX-License-Identifier: MIT */
/*
 * The mesh-to-mesh contact pipeline of Beker et al., "Smoothly Differentiable and
 * Efficiently Vectorizable Contact Manifold Generation", Sec. IV-A, with its
 * Jacobian with respect to both poses.
 *
 * Two closed surfaces b = 0, 1, each a mesh (vertices, edges) and an SDF in its
 * own frame (ccd_contact_body), placed by T_b = exp(s_b), s_b = (ω_b, v_b) ∈ R⁶:
 * R_b = exp([ω_b]×) (Rodrigues), t_b = V(ω_b) v_b (the SE(3) exponential).
 *   1. score every vertex of b against the opposing SDF: σ_i = -φ_o(T_b v_i)
 *      (the depth of penetration), and every edge by the mean of its ends;
 *   2. pick the deepest K_v vertices and K_e edges with soft top-K (SoftSort,
 *      temperature tau_topk): the selected points are Γ-weighted averages;
 *   3. vertex–SDF contacts of the selected vertices: d = φ_o(p), n = the normal
 *      of the opposing SDF at p, activity σ(-d/τ_pen) (signed_distance.h);
 *   4. all K_e0 × K_e1 E-E witness pairs of the selected edges, with the signed
 *      distances, normals and activities of eqs. 11–16 (signed_distance.h).
 * The result is a contact set of fixed size ccd_pipeline_contact_count():
 *   [0, K_v0)            body-0 vertices against the SDF of body 1,
 *   [K_v0, K_v0 + K_v1)  body-1 vertices against the SDF of body 0,
 *   then for k < K_e0, l < K_e1: index 2(k K_e1 + l) (+ the above) the witness
 *   point on edge k of body 0 (p1, d1, n1, act1), and the next one the point on
 *   edge l of body 1 (p2, d2, n2, act2).
 * Each contact is (p[3], d, n[3], Γ); the Jacobian has one 8×12 block per
 * contact: d(p, d, n, Γ)/d(s_0, s_1), computed by forward-mode dual numbers
 * through every step (one generic routine, pipeline_generic.h, for double, dual
 * and MPFR), and checked against 256-bit MPFR central differences.
 */
#ifndef CCD_CONTACT_PIPELINE_H
#define CCD_CONTACT_PIPELINE_H
#include <stddef.h>

#include "ccdbench.h"
#include "contact/witness/signed_distance.h"

enum {
    CCD_CONTACT_VALUES = 8, /* p[3], d, n[3], activity */
    CCD_POSE_PARAMS = 12    /* s_0, s_1 */
};

typedef struct ccd_contact_point {
    double p[3], d, n[3], activity;
} ccd_contact_point;

typedef struct ccd_pipeline_params {
    ccd_contact_params contact; /* witness smoothing, indicator τ's, ε of n̄, normal τ */
    size_t vertex_k[2];         /* K_v per body, 1 ≤ K_v ≤ |V_b|                      */
    size_t edge_k[2];           /* K_e per body, 1 ≤ K_e ≤ |E_b|                      */
    double tau_topk;            /* SoftSort temperature (length units; 0: hard top-K)   */
} ccd_pipeline_params;

/* ccd_contact_params_default, K_v = K_e = 4 per body, tau_topk = 1e-4 (SoftSort mixes
 * the selected points in proportion to e^(-score gap/τ): τ must be below the gaps
 * between the depths it is to tell apart, or the top K average into one point). */
void ccd_pipeline_params_default(ccd_pipeline_params *p);

/* K_v0 + K_v1 + 2 K_e0 K_e1 (inline: every scalar instance of the pipeline sizes
 * its output with it, and pipeline.c calls the dual instance) */
static inline size_t ccd_pipeline_contact_count(const ccd_pipeline_params *p)
{
    return p->vertex_k[0] + p->vertex_k[1] + 2 * p->edge_k[0] * p->edge_k[1];
}

/* R = exp([ω]×), t = V(ω) v for s = (ω, v); accurate for small |ω| (series). */
void ccd_pose_exp(double rot[3][3], double trans[3], const double s[6]);

/*
 * The contact set of the two bodies at poses s[0], s[1], into out[count]; jac
 * (may be NULL) receives jac[c][value][param].  CCD_ERR_INPUT: a K out of range,
 * an edge referring to a missing vertex, or a body without SDF.
 */
ccd_status ccd_contact_pipeline(ccd_contact_point *out, double (*jac)[CCD_CONTACT_VALUES][12],
                                ccd_error *err, const ccd_contact_body body[2],
                                const double pose[2][6], const ccd_pipeline_params *p);

/*
 * The same at prec bits (MPFR, round to nearest), out (may be NULL) its values
 * and jac (may be NULL) the central differences with step
 * h = 2^-(prec/3) · max(1, |s_j|).
 */
ccd_status ccd_contact_pipeline_reference(ccd_contact_point *out,
                                          double (*jac)[CCD_CONTACT_VALUES][12], ccd_error *err,
                                          unsigned prec, const ccd_contact_body body[2],
                                          const double pose[2][6], const ccd_pipeline_params *p);
/*
 * The contacts into out[count] (count = ccd_pipeline_contact_count(p)) with their
 * Jacobian checked against the reference at prec bits: rel[c] = max |J − J_ref| /
 * max |J_ref| over the values and parameters of contact c (max |J − J_ref| where
 * J_ref = 0), jmax[c] = max |J_ref|, *worst the largest rel[c]
 * (pipeline_check.c).
 */
ccd_status ccd_contact_pipeline_check(ccd_contact_point *out, double *rel, double *jmax,
                                      double *worst, ccd_error *err, unsigned prec,
                                      const ccd_contact_body body[2], const double pose[2][6],
                                      const ccd_pipeline_params *p);
#endif
