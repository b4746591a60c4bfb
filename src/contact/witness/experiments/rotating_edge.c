/* SPDX-License-Identifier: MIT */
/* Beker et al.'s rotating-edge experiment (see rotating_edge.h). */
#include <config.h>

#include <math.h>

#include "contact/witness/experiments/rotating_edge.h"

void ccd_rotating_edge_config(double x[4][3], double dx[12], double theta)
{
    double s = sin(theta), c = cos(theta);
    const double rows[4][3] = {{-s, -c, 0}, {s, c, 0}, {-1, -1.2, 0}, {1, -1.2, 0}};
    const double drows[4][3] = {{-c, s, 0}, {c, -s, 0}, {0, 0, 0}, {0, 0, 0}};
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            x[i][k] = rows[i][k];
            dx[3 * i + k] = drows[i][k];
        }
}

/* pa(θ) and |d pa/dθ| = |J_pa · dx/dθ| */
static double slope_at(double pa[3], double theta, const ccd_smoothing *sm)
{
    double x[4][3], dx[12], out[CCD_EE_OUTPUTS], jac[CCD_EE_OUTPUTS][12], d[3] = {0, 0, 0};
    ccd_rotating_edge_config(x, dx, theta);
    ccd_witness_flat(out, jac, CCD_EE, x, sm);
    for (int k = 0; k < 3; k++) {
        pa[k] = out[k];
        for (int j = 0; j < 12; j++)
            d[k] += jac[k][j] * dx[j];
    }
    return hypot(hypot(d[0], d[1]), d[2]);
}

static double dist3(const double a[3], const double b[3])
{
    return hypot(hypot(a[0] - b[0], a[1] - b[1]), a[2] - b[2]);
}

void ccd_rotating_edge_run(ccd_rotating_edge_row *row, double eps, double w_reg, size_t steps,
                           double delta)
{
    ccd_smoothing sm = {.w_reg = w_reg, .eps_clip = eps, .eps_min = eps, .eps_comp = eps};
    double pa[3], pp[3], pm[3];
    row->w_reg = w_reg;
    row->eps = eps;
    row->steps = steps;
    row->delta = delta;
    row->slope_at_par = slope_at(pa, M_PI / 2, &sm);
    row->slope_max = 0;
    row->theta_max = 0;
    row->fd_error = 0;
    const double h = 1e-6;
    for (size_t i = 0; i <= steps; i++) {
        double theta = M_PI * (double)i / (double)steps;
        double sl = slope_at(pa, theta, &sm);
        if (sl > row->slope_max)
            row->slope_max = sl, row->theta_max = theta;
        /* central difference of pa(θ) as a check of the dual-number slope */
        slope_at(pp, theta + h, &sm);
        slope_at(pm, theta - h, &sm);
        double fd = dist3(pp, pm) / (2 * h);
        row->fd_error = fmax(row->fd_error, fabs(fd - sl));
    }
    if (row->slope_max > 0)
        row->fd_error /= row->slope_max;
    slope_at(pp, M_PI / 2 + delta, &sm);
    slope_at(pm, M_PI / 2 - delta, &sm);
    row->jump = dist3(pp, pm);
}
