/* SPDX-License-Identifier: MIT */
/* SDF primitives in double precision: the API of sdf.h over the formulas of
 * sdf_generic.h, which the contact pipeline shares with dual numbers and MPFR. */
#include <config.h>

#include <math.h>
#include <string.h>

#include "contact/common/scalar_double.h"
#include "contact/witness/witness_generic.h"
#include "contact/witness/sdf_generic.h"

void ccd_sdf_pose_identity(ccd_sdf *s)
{
    memset(s->rot, 0, sizeof s->rot);
    s->rot[0][0] = s->rot[1][1] = s->rot[2][2] = 1;
    memset(s->trans, 0, sizeof s->trans);
}

double ccd_superquadric_f(const ccd_sdf *s, const double local[3])
{
    v3 l = {{local[0], local[1], local[2]}};
    double dlogf[3];
    int lf_inf;
    double lf = gsdf_sq_log_f(NULL, dlogf, &lf_inf, s, l);
    return lf_inf ? 0.0 : exp(lf);
}

double ccd_sdf_eval(double grad[3], const ccd_sdf *s, const double x[3])
{
    v3 xx = {{x[0], x[1], x[2]}}, g, n;
    double v = gsdf_eval(NULL, &g, &n, s, xx, 0.0);
    if (grad)
        memcpy(grad, g.c, sizeof g.c);
    return v;
}

void ccd_sdf_normal(double n[3], const ccd_sdf *s, const double x[3], double tau_n)
{
    v3 xx = {{x[0], x[1], x[2]}}, g, nn;
    gsdf_eval(NULL, &g, &nn, s, xx, tau_n);
    memcpy(n, nn.c, sizeof nn.c);
}

double ccd_sdf_sphere_trace(double out[3], const ccd_sdf *s, const double x[3], int steps)
{
    double y[3] = {x[0], x[1], x[2]}, g[3];
    double phi = ccd_sdf_eval(g, s, y);
    for (int it = 0; it < steps; it++) {
        double gg = sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
        if (!(gg > 0))
            break;
        for (int k = 0; k < 3; k++)
            y[k] -= phi * g[k] / gg;
        phi = ccd_sdf_eval(g, s, y);
    }
    memcpy(out, y, sizeof y);
    return fabs(phi);
}
