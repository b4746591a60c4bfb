/* SPDX-License-Identifier: MIT */
/*
 * The derivative of a shape's conic rows (scaling_cone.h) with respect to each of
 * its parameters: ∂G/∂θ and ∂h/∂θ, so that ∂g/∂θ = ∂G/∂θ·v − ∂h/∂θ.  Parameters,
 * in order: the centre (3), the orientation (3: the shape turned by exp(ω̂) about
 * its centre, which replaces p by x + exp(−ω̂)(p − x) in the rows, so
 * ∂G_p/∂ω_k = −G_p ê_k and ∂h/∂ω_k = −G_p ê_k x), then the sizes of the kind.
 */
#include <config.h>

#include "contact/scaling/scaling_param.h"

#include <math.h>
#include <string.h>

size_t ccd_shape_param_count(const ccd_shape *s)
{
    switch (s->kind) {
    case CCD_SHAPE_POLYTOPE:
        return 6 + s->faces;
    case CCD_SHAPE_PADDED_POLYTOPE:
        return 7 + s->faces;
    case CCD_SHAPE_BOX:
    case CCD_SHAPE_ELLIPSOID:
        return 9;
    case CCD_SHAPE_SPHERE:
        return 7;
    case CCD_SHAPE_CAPSULE:
    case CCD_SHAPE_CYLINDER:
    case CCD_SHAPE_CONE:
        return 8;
    default:
        return 6;
    }
}

const char *ccd_shape_param_name(const ccd_shape *s, size_t i)
{
    static const char *const pose[6] = {"x", "y", "z", "rot_x", "rot_y", "rot_z"};
    static const char *const axes[3] = {"size_x", "size_y", "size_z"};
    if (i < 6)
        return pose[i];
    i -= 6;
    switch (s->kind) {
    case CCD_SHAPE_PADDED_POLYTOPE:
        if (i == 0)
            return "radius";
        i--;
        /* fall through */
    case CCD_SHAPE_POLYTOPE:
        return "offset";
    case CCD_SHAPE_BOX:
    case CCD_SHAPE_ELLIPSOID:
        return axes[i];
    case CCD_SHAPE_SPHERE:
        return "radius";
    case CCD_SHAPE_CAPSULE:
    case CCD_SHAPE_CYLINDER:
        return i ? "length" : "radius";
    case CCD_SHAPE_CONE:
        return i ? "half_angle" : "height";
    default:
        return "?";
    }
}

double *ccd_shape_param(ccd_shape *s, size_t i)
{
    if (i < 3)
        return &s->position[i];
    if (i < 6)
        return NULL; /* the orientation is not a stored number */
    i -= 6;
    switch (s->kind) {
    case CCD_SHAPE_PADDED_POLYTOPE:
        if (i == 0)
            return &s->radius;
        i--;
        /* fall through */
    case CCD_SHAPE_POLYTOPE:
        return &s->offsets[i];
    case CCD_SHAPE_BOX:
    case CCD_SHAPE_ELLIPSOID:
        return &s->half_extents[i];
    case CCD_SHAPE_SPHERE:
        return &s->radius;
    case CCD_SHAPE_CAPSULE:
    case CCD_SHAPE_CYLINDER:
        return i ? &s->length : &s->radius;
    case CCD_SHAPE_CONE:
        return i ? &s->half_angle : &s->height;
    default:
        return NULL;
    }
}

void ccd_shape_param_rows(double dG[][CCD_CONE_COLS], double *dh, const ccd_shape *s,
                          const ccd_cone_rows *c, size_t i)
{
    memset(dG, 0, c->rows * sizeof *dG);
    memset(dh, 0, c->rows * sizeof *dh);
    if (i < 3) { /* h = G_p x */
        for (size_t r = 0; r < c->rows; r++)
            dh[r] = c->G[r][i];
        return;
    }
    if (i < 6) { /* −G_p ê_k, with ê_k y = e_k × y */
        int k = (int)i - 3, k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        for (size_t r = 0; r < c->rows; r++) {
            /* (G_p ê_k)[:, j]: ê_k has +1 at (k2, k1) and −1 at (k1, k2) */
            dG[r][k1] = -c->G[r][k2];
            dG[r][k2] = c->G[r][k1];
            dh[r] = dG[r][0] * s->position[0] + dG[r][1] * s->position[1] +
                    dG[r][2] * s->position[2];
        }
        return;
    }
    i -= 6;
    switch (s->kind) {
    case CCD_SHAPE_PADDED_POLYTOPE:
        if (i == 0) {
            dG[s->faces][3] = -1; /* the cone's head αR */
            return;
        }
        i--;
        /* fall through */
    case CCD_SHAPE_POLYTOPE:
        dG[i][3] = -1; /* a·(p − x) − bα */
        return;
    case CCD_SHAPE_BOX:
        dG[2 * i][3] = dG[2 * i + 1][3] = -1;
        return;
    case CCD_SHAPE_ELLIPSOID: {
        /* row 1 + i: (1/a_i) axis_i·(x − p) */
        double w = -1 / (s->half_extents[i] * s->half_extents[i]);
        for (int j = 0; j < 3; j++)
            dG[1 + i][j] = w * s->rotation[j][i];
        dh[1 + i] = w * (s->rotation[0][i] * s->position[0] + s->rotation[1][i] * s->position[1] +
                         s->rotation[2][i] * s->position[2]);
        return;
    }
    case CCD_SHAPE_SPHERE:
        dG[0][3] = -1;
        return;
    case CCD_SHAPE_CAPSULE:
    case CCD_SHAPE_CYLINDER:
        if (i == 0)
            dG[2][3] = -1;
        else
            dG[0][3] = dG[1][3] = -0.5;
        return;
    case CCD_SHAPE_CONE: {
        double t = tan(s->half_angle);
        if (i == 0) {
            dG[0][3] = -0.25;
            dG[1][3] = -0.75 * t;
        } else { /* row 1 scales with tan ν: d/dν = (1 + t²)/t × row 1 */
            double k = (1 + t * t) / t;
            for (int j = 0; j < 4; j++)
                dG[1][j] = k * c->G[1][j];
            dh[1] = k * c->h[1];
        }
        return;
    }
    default:
        return;
    }
}
