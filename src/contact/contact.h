/* SPDX-License-Identifier: MIT */
/*
 * Differentiable witness points of Beker et al.: edge–edge (E-E) and
 * vertex–face (V-F), smooth and hard, with derivatives with respect to the 12
 * input coordinates, and their 256-bit MPFR reference evaluation.
 *
 * Inputs: x[4][3] in query row order (E-E: ea0, ea1, eb0, eb1; V-F: v, f0, f1, f2),
 * the same as one time slice of a ccd_query.  Jacobians are row-major with
 * column j = 3*row + axis.
 *
 * Sign convention of everything derived from a witness pair (pa, pb): the
 * separation vector is pa - pb (from the face / edge b towards the vertex /
 * edge a), the unsigned normal is (pa - pb)/|pa - pb|.
 */
#ifndef CCD_CONTACT_CONTACT_H
#define CCD_CONTACT_CONTACT_H
#include "ccdbench.h"

enum {
    CCD_EE_OUTPUTS = 9, /* pa[3], pb[3], alpha[2], colliding */
    CCD_VF_OUTPUTS = 4  /* pf[3], inside */
};

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
void ccd_smoothing_default(ccd_smoothing *sm);
/* All zero: the hard routine. */
void ccd_smoothing_hard(ccd_smoothing *sm);
/* One smoothing level s for geometry of size L (scale-invariant use):
 * eps_clip = eps_comp = s, λ = s L²/10 (E-E), eps_min = s L² (E-E) or s L (V-F).
 * With s = 0.1 and L = 1 this is ccd_smoothing_default. */
void ccd_smoothing_level(ccd_smoothing *sm, ccd_kind kind, double s, double length);

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
void ccd_ee_witness_eval(ccd_ee_witness *out, const double x[4][3], const ccd_smoothing *sm);
void ccd_vf_witness_eval(ccd_vf_witness *out, const double x[4][3], const ccd_smoothing *sm);

/* The same values plus their exact derivatives (forward-mode dual numbers). */
void ccd_ee_witness_jacobian(ccd_ee_witness *out, ccd_ee_jacobian *jac, const double x[4][3],
                             const ccd_smoothing *sm);
void ccd_vf_witness_jacobian(ccd_vf_witness *out, ccd_vf_jacobian *jac, const double x[4][3],
                             const ccd_smoothing *sm);

/* Flat views: out[CCD_*_OUTPUTS], jac[CCD_*_OUTPUTS][12] (rows in the struct order). */
void ccd_witness_flat(double *out, double (*jac)[12], ccd_kind kind, const double x[4][3],
                      const ccd_smoothing *sm);

/*
 * Reference values and derivatives at `prec` bits (MPFR, round to nearest): the
 * same formula evaluated in high precision, and its Jacobian by central
 * differences with step h = 2^-(prec/3) · max(1, max|x|), whose truncation and
 * rounding errors are both below 2^-(2 prec/3 - 8) relative (for inputs away from
 * the switching points of the hard guards).  out / jac may be NULL.
 */
typedef struct ccd_witness_reference ccd_witness_reference;
ccd_witness_reference *ccd_witness_reference_new(unsigned prec);
void ccd_witness_reference_free(ccd_witness_reference *ref);
void ccd_witness_reference_eval(ccd_witness_reference *ref, double *out, double (*jac)[12],
                                ccd_kind kind, const double x[4][3], const ccd_smoothing *sm);

#endif
