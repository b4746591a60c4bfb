/* SPDX-License-Identifier: MIT */
/*
 * Baseline for the witness-point speed comparison (Beker et al., Fig. 6 "IP"): a
 * straightforward primal-dual interior-point method (Mehrotra predictor–corrector)
 * for the same small QPs the analytic routines solve,
 *     min ½ xᵀHx + fᵀx  subject to  Gx ≤ h,   x ∈ R², m ≤ 4 constraints,
 * with the 2×2 reduced KKT system solved in closed form.
 */
#ifndef CCD_CONTACT_QP_INTERIOR_POINT_H
#define CCD_CONTACT_QP_INTERIOR_POINT_H

enum { CCD_QP_MAX_CONSTRAINTS = 4 };

typedef struct ccd_qp2 {
    double H[2][2], f[2];
    double G[CCD_QP_MAX_CONSTRAINTS][2], h[CCD_QP_MAX_CONSTRAINTS];
    int m;
} ccd_qp2;

/* Iterates until the duality measure sᵀz/m < tol and the primal and dual
 * residuals are below max(tol, 1e-9)·(1 + max|f|, |h|), or max_iter; returns the
 * iterations used (max_iter + 1 if not converged or the Newton system broke
 * down, in which case x is the iterate with the smallest max(μ, residuals)). */
int ccd_qp2_interior_point(double x[2], const ccd_qp2 *qp, double tol, int max_iter);

/* The E-E box QP of eq. (10) with Tikhonov weight w_reg (variables α1, α2), and
 * the V-F projection QP (variables u, v with f0 + u(f1-f0) + v(f2-f0)). */
void ccd_qp2_edge_edge(ccd_qp2 *qp, const double x[4][3], double w_reg);
void ccd_qp2_vertex_face(ccd_qp2 *qp, const double x[4][3]);

/* Witness points (pa, pb) from a solution of either QP. */
void ccd_qp2_witness(double pa[3], double pb[3], int is_edge_edge, const double x[4][3],
                     const double sol[2]);
#endif
