/* SPDX-License-Identifier: MIT */
/*
 * Dual sensitivity of the minimum-scaling program (Le Cleac'h et al., eq. 6):
 * ∂α* / ∂θ = λᵀ ∂g/∂θ at the solution, for the centre, the orientation and every
 * size parameter of both shapes.  With g = G(p, α, ε) − h, ∂g/∂θ is ∂G/∂θ·(p, α,
 * ε) − ∂h/∂θ, written out below per parameter from the rows of
 * scaling_shapes.c.  Turning a shape by exp(ω̂) about its centre replaces p by
 * x + exp(−ω̂)(p − x) in its rows (its free ε may turn with it or not: the change
 * is first-order zero by stationarity in ε), so ∂g/∂ω_k = −G_p (e_k × (p − x)).
 */
#include <config.h>

#include "contact/scaling/scaling_cone.h"

#include <math.h>
#include <string.h>

static void shape_gradient(ccd_scaling_gradient *out, const ccd_shape *s, const double *z,
                           const double p[3], double alpha)
{
    memset(out, 0, sizeof *out);
    ccd_cone_rows c;
    ccd_cone_rows_make(&c, s);
    double d[3] = {p[0] - s->position[0], p[1] - s->position[1], p[2] - s->position[2]};
    for (int k = 0; k < 3; k++) {
        double e[3] = {0, 0, 0}, t[3];
        e[k] = 1;
        t[0] = e[1] * d[2] - e[2] * d[1]; /* e_k × (p − x) */
        t[1] = e[2] * d[0] - e[0] * d[2];
        t[2] = e[0] * d[1] - e[1] * d[0];
        for (size_t i = 0; i < c.rows; i++) {
            out->position[k] -= z[i] * c.G[i][k];
            out->rotation[k] -= z[i] * (c.G[i][0] * t[0] + c.G[i][1] * t[1] + c.G[i][2] * t[2]);
        }
    }
    double q[3]; /* body coordinates of p − x */
    ccd_shape_to_body(q, s, d);
    switch (s->kind) {
    case CCD_SHAPE_PADDED_POLYTOPE:
        out->radius = -alpha * z[s->faces]; /* the cone's head row αR */
        /* fall through */
    case CCD_SHAPE_POLYTOPE:
        for (size_t i = 0; i < s->faces; i++)
            out->offsets[i] = -alpha * z[i]; /* rows a·(p − x) − b α */
        break;
    case CCD_SHAPE_BOX:
        for (int k = 0; k < 3; k++)
            out->half_extents[k] = -alpha * (z[2 * k] + z[2 * k + 1]);
        break;
    case CCD_SHAPE_SPHERE:
        out->radius = -alpha * z[0];
        break;
    case CCD_SHAPE_ELLIPSOID:
        /* g_{1+k} = q_k / a_k */
        for (int k = 0; k < 3; k++)
            out->half_extents[k] = -z[1 + k] * q[k] / (s->half_extents[k] * s->half_extents[k]);
        break;
    case CCD_SHAPE_CAPSULE:
    case CCD_SHAPE_CYLINDER:
        /* rows ±(…) − αL/2, then the cone with head αR */
        out->length = -alpha / 2 * (z[0] + z[1]);
        out->radius = -alpha * z[2];
        break;
    case CCD_SHAPE_CONE: {
        /* base q_x − αH/4; head −tan ν (q_x + 3αH/4) */
        double t = tan(s->half_angle);
        out->height = -alpha / 4 * z[0] - alpha * 3 * t / 4 * z[1];
        out->half_angle = -z[1] * (1 + t * t) * (q[0] + 3 * alpha * s->height / 4);
        break;
    }
    default:
        break;
    }
}

void ccd_scaling_gradient_of(ccd_scaling_gradient out[2], const ccd_scaling_result *r,
                             const ccd_shape *a, const ccd_shape *b)
{
    shape_gradient(&out[0], a, r->lambda, r->p, r->alpha);
    shape_gradient(&out[1], b, r->lambda + r->rows[0], r->p, r->alpha);
}
