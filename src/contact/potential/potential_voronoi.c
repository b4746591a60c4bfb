/* SPDX-License-Identifier: MIT */
/* The Voronoi example of the long-range potential (see potential_voronoi.h). */
#include <config.h>

#include "contact/potential/potential_voronoi.h"

#include <math.h>
#include <string.h>

ccd_potential_status ccd_voronoi_sample_at(ccd_voronoi_sample *out, double x)
{
    double a[9], b[9] = {1, 0, 0, 2, 0, 0, 2, 0, 0}, g[18], H[324];
    for (int k = 0; k < 3; k++)
        a[3 * k] = x, a[3 * k + 1] = 1, a[3 * k + 2] = 0;
    memset(out, 0, sizeof *out);
    out->x = x;
    ccd_potential_status st = ccd_potential_triangles(&out->P[0], g, H, NULL, a, b);
    /* moving the point by x moves its three vertices: sum their x entries */
    for (int k = 0; k < 3; k++) {
        out->P[1] += g[3 * k];
        for (int l = 0; l < 3; l++)
            out->P[2] += H[18 * (3 * k) + 3 * l];
    }
    /* distance to the segment: to an end outside [1, 2], to the line inside */
    double e = x < 1 ? x - 1 : x > 2 ? x - 2 : 0, q = sqrt(e * e + 1);
    out->d[0] = q;
    out->d[1] = e / q;
    out->d[2] = x > 1 && x < 2 ? 0 : 1 / (q * q * q); /* at 1 and 2: the outer limit */
    return st;
}

void ccd_voronoi_jumps(double jump[2], double x0, double s)
{
    ccd_voronoi_sample lo, hi, mid;
    ccd_voronoi_sample_at(&lo, x0 - s);
    ccd_voronoi_sample_at(&hi, x0 + s);
    ccd_voronoi_sample_at(&mid, x0);
    jump[0] = fabs(hi.P[2] - lo.P[2]) / fabs(mid.P[2]);
    jump[1] = fabs(hi.d[2] - lo.d[2]);
}
