/* SPDX-License-Identifier: MIT */
/*
 * A dense primal-dual interior-point method for small conic linear programs
 *
 *     minimise cᵀv  s.t.  G v + s = h,  s ∈ K,        K = K₁ × … × K_b,
 *
 * each block a non-negative row or a second-order cone.  Mehrotra's
 * predictor–corrector on the Nesterov–Todd scaled Newton system (reduced to the
 * normal equations GᵀW⁻²G, n ≤ 10 here), fraction-to-boundary 0.95, and a
 * relaxation target s∘z = ρe (e the identity of the cone product: 1 for a
 * row, (1, 0, …) for a cone); ρ = 0 solves the program itself.
 */
#ifndef CCD_CONTACT_SCALING_IPM_H
#define CCD_CONTACT_SCALING_IPM_H
#include <stddef.h>

#define CCD_IPM_MAX_VARS 10
#define CCD_IPM_MAX_ROWS 48
#define CCD_IPM_MAX_BLOCKS 40

typedef struct ccd_conic_lp {
    size_t n, m, blocks;
    size_t block_dim[CCD_IPM_MAX_BLOCKS];
    unsigned char block_soc[CCD_IPM_MAX_BLOCKS];
    double c[CCD_IPM_MAX_VARS];
    double G[CCD_IPM_MAX_ROWS][CCD_IPM_MAX_VARS];
    double h[CCD_IPM_MAX_ROWS];
} ccd_conic_lp;

typedef struct ccd_conic_solution {
    double v[CCD_IPM_MAX_VARS], s[CCD_IPM_MAX_ROWS], z[CCD_IPM_MAX_ROWS];
    int iterations;
    double residual; /* max(‖c + Gᵀz‖∞, ‖Gv + s − h‖∞, ‖s∘z − ρe‖∞), scaled as below */
} ccd_conic_solution;

/* Returns 0 when converged to tol (residuals relative to 1 + the data's size, gap
 * relative to max(|cᵀv|, 1e-3), s∘z − ρe relative to max(ρ, 1e-2)), or when the
 * best iterate meets 100 tol before rounding stops the progress; -1 otherwise.
 * out holds the best iterate. */
int ccd_conic_solve(ccd_conic_solution *out, const ccd_conic_lp *lp, double rho, double tol,
                    int max_iterations);
#endif
