/* SPDX-License-Identifier: MIT */
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
#ifndef CCD_CONTACT_SIGNED_DISTANCE_H
#define CCD_CONTACT_SIGNED_DISTANCE_H
#include <stddef.h>

#include "ccdbench.h"
#include "contact/contact.h"
#include "contact/sdf.h"

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
void ccd_contact_params_default(ccd_contact_params *p);

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
ccd_status ccd_contact_edge_edge(ccd_ee_contact *out, ccd_error *err, const ccd_contact_body *b1,
                                 const ccd_contact_body *b2, const ccd_contact_params *p);
/* The vertices of b against the SDF of the other body: out[i] for vertex i. */
void ccd_contact_vertex_sdf(ccd_vs_contact *out, const ccd_contact_body *b, const ccd_sdf *opposing,
                            const ccd_contact_params *p);
#endif
