/* SPDX-License-Identifier: MIT */
/* The minimum-scaling program as a conic LP, and its solve at a chosen tolerance. */
#ifndef CCD_CONTACT_SCALING_SOLVE_H
#define CCD_CONTACT_SCALING_SOLVE_H
#include "ccdbench/scaling.h"
#include "contact/scaling/scaling_cone.h"
#include "contact/scaling/scaling_ipm.h"

/* Iteration cap (the paper counts a solve under 30 iterations a success; the
 * exact ρ = 0 answer to 1e-12 may need a few more) and default tolerance. */
#define CCD_SCALING_MAX_ITERATIONS 60
#define CCD_SCALING_TOLERANCE 1e-12

/* Variables (p, α, ε₁, ε₂); rows: shape a's, shape b's, then −α ≤ 0. */
void ccd_scaling_program(ccd_conic_lp *lp, ccd_cone_rows c[2], const ccd_shape *a,
                         const ccd_shape *b);

/* ccd_scaling_solve_tol that also returns the program and its full solution. */
ccd_scaling_status ccd_scaling_solve_full(ccd_scaling_result *out, ccd_conic_solution *sol,
                                          ccd_conic_lp *lp, ccd_cone_rows c[2],
                                          const ccd_shape *a, const ccd_shape *b, double rho,
                                          double tol);
ccd_scaling_status ccd_scaling_solve_tol(ccd_scaling_result *out, const ccd_shape *a,
                                         const ccd_shape *b, double rho, double tol);
#endif
