/* SPDX-License-Identifier: MIT */
/*
 * The rotating-edge experiment of Beker et al. (Fig. 3; digest §10): edge b lies
 * along x at y = -1.2 (x ∈ [-1, 1], z = 0); edge a = [-u, u], u = (sin θ, cos θ, 0),
 * rotates about z through the origin for θ ∈ [0, π] and is parallel to b at
 * θ = π/2, where the exact witness point on a jumps by the full edge length 2.
 * For each regularisation weight λ, the slope |d pa/dθ| of the smoothed witness
 * point (exact derivative, by dual numbers) at θ = π/2 and its maximum over θ,
 * and the jump |pa(π/2 + δ) - pa(π/2 - δ)|.
 */
#ifndef CCD_CONTACT_ROTATING_EDGE_H
#define CCD_CONTACT_ROTATING_EDGE_H
#include <stddef.h>

#include "contact/witness/contact.h"

typedef struct ccd_rotating_edge_row {
    double w_reg;        /* λ (0 with eps = 0: the hard routine)              */
    double eps;          /* eps_clip = eps_min = eps_comp                      */
    size_t steps;        /* the θ grid has steps + 1 angles                    */
    double delta;        /* the jump is over θ = π/2 ± delta                   */
    double slope_at_par; /* |d pa/dθ| at θ = π/2                               */
    double slope_max;    /* max over the θ grid                                */
    double theta_max;    /* where the maximum is                               */
    double jump;         /* |pa(π/2 + δ) - pa(π/2 - δ)|                        */
    double fd_error;     /* max |analytic - central difference| / max slope    */
} ccd_rotating_edge_row;

/* Edge a's endpoints at θ, and d/dθ of the 12 coordinates. */
void ccd_rotating_edge_config(double x[4][3], double dx[12], double theta);
/* One row: smoothing eps (eps_clip = eps_min = eps_comp; 0: hard) and weight λ,
 * on `steps` + 1 equally spaced angles, jump over ±delta. */
void ccd_rotating_edge_run(ccd_rotating_edge_row *row, double eps, double w_reg, size_t steps,
                           double delta);
#endif
