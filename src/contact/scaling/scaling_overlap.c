/* SPDX-License-Identifier: MIT */
/* An overlap test independent of the minimum-scaling program (scaling_overlap.h). */
#include <config.h>

#include "contact/scaling/scaling_overlap.h"

#include <math.h>
#include <string.h>

#include <ccd/ccd.h>

#include "ccdbench/polyhedra.h"
#include "contact/scaling/scaling_cone.h"

static int is_polytope(ccd_shape_kind k)
{
    return k == CCD_SHAPE_POLYTOPE || k == CCD_SHAPE_BOX;
}

ccd_overlap_test ccd_scaling_overlap_test(const ccd_shape *a, const ccd_shape *b)
{
    if (a->kind == CCD_SHAPE_HALFSPACE || b->kind == CCD_SHAPE_HALFSPACE)
        return CCD_OVERLAP_NONE;
    return is_polytope(a->kind) && is_polytope(b->kind) ? CCD_OVERLAP_SAT : CCD_OVERLAP_GJK;
}

/* The body-frame vertices of a box or polytope; returns their count. */
static size_t vertices(double (*out)[3], const ccd_shape *s)
{
    if (s->kind != CCD_SHAPE_BOX)
        return ccd_polytope_vertices(out, NULL, s);
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            out[i][k] = (i >> k & 1) ? s->half_extents[k] : -s->half_extents[k];
    return 8;
}

/* The support point of the centred shape in body direction b. */
static void support_body(double out[3], const ccd_shape *s, const double b[3])
{
    double norm = sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);
    double across = hypot(b[1], b[2]);
    double sx = b[0] < 0 ? -1 : 1;
    memset(out, 0, 3 * sizeof *out);
    switch (s->kind) {
    case CCD_SHAPE_POLYTOPE:
    case CCD_SHAPE_PADDED_POLYTOPE: {
        double v[CCD_POLYTOPE_MAX_VERTICES][3], best = -INFINITY;
        size_t n = ccd_polytope_vertices(v, NULL, s);
        for (size_t i = 0; i < n; i++) {
            double d = v[i][0] * b[0] + v[i][1] * b[1] + v[i][2] * b[2];
            if (d > best)
                best = d, memcpy(out, v[i], sizeof v[i]);
        }
        if (s->kind == CCD_SHAPE_PADDED_POLYTOPE && norm > 0)
            for (int k = 0; k < 3; k++)
                out[k] += s->radius * b[k] / norm;
        break;
    }
    case CCD_SHAPE_BOX:
        for (int k = 0; k < 3; k++)
            out[k] = b[k] < 0 ? -s->half_extents[k] : s->half_extents[k];
        break;
    case CCD_SHAPE_SPHERE:
        for (int k = 0; k < 3 && norm > 0; k++)
            out[k] = s->radius * b[k] / norm;
        break;
    case CCD_SHAPE_ELLIPSOID: { /* E² b / ‖E b‖ */
        double eb = 0;
        for (int k = 0; k < 3; k++)
            eb = hypot(eb, s->half_extents[k] * b[k]);
        for (int k = 0; k < 3 && eb > 0; k++)
            out[k] = s->half_extents[k] * s->half_extents[k] * b[k] / eb;
        break;
    }
    case CCD_SHAPE_CAPSULE:
        for (int k = 0; k < 3 && norm > 0; k++)
            out[k] = s->radius * b[k] / norm;
        out[0] += sx * s->length / 2;
        break;
    case CCD_SHAPE_CYLINDER:
        out[0] = sx * s->length / 2;
        if (across > 0)
            out[1] = s->radius * b[1] / across, out[2] = s->radius * b[2] / across;
        break;
    case CCD_SHAPE_CONE: { /* the apex, or the point of the base rim */
        double r = s->height * tan(s->half_angle);
        double rim[3] = {s->height / 4, across > 0 ? r * b[1] / across : 0,
                         across > 0 ? r * b[2] / across : 0};
        double apex_d = -0.75 * s->height * b[0];
        double rim_d = rim[0] * b[0] + rim[1] * b[1] + rim[2] * b[2];
        if (rim_d >= apex_d)
            memcpy(out, rim, sizeof rim);
        else
            out[0] = -0.75 * s->height;
        break;
    }
    default:
        break;
    }
}

void ccd_shape_support_point(double out[3], const ccd_shape *s, const double d[3])
{
    double b[3], q[3];
    ccd_shape_to_body(b, s, d);
    support_body(q, s, b);
    for (int i = 0; i < 3; i++)
        out[i] = s->position[i] + s->rotation[i][0] * q[0] + s->rotation[i][1] * q[1] +
                 s->rotation[i][2] * q[2];
}

static void gjk_support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *vec)
{
    double d[3] = {dir->v[0], dir->v[1], dir->v[2]}, p[3];
    ccd_shape_support_point(p, obj, d);
    ccdVec3Set(vec, p[0], p[1], p[2]);
}

static int sat_overlap(const ccd_shape *a, const ccd_shape *b)
{
    const ccd_shape *s[2] = {a, b};
    ccd_polyhedron p[2];
    ccd_pose pose[2];
    ccd_error err;
    int made = 0, result = -1;
    for (; made < 2; made++) {
        double v[CCD_POLYTOPE_MAX_VERTICES][3];
        size_t n = vertices(v, s[made]);
        if (ccd_polyhedron_hull(&p[made], &err, (const double(*)[3])v, n) != CCD_OK)
            break;
        memcpy(pose[made].rot, s[made]->rotation, sizeof pose[made].rot);
        memcpy(pose[made].pos, s[made]->position, sizeof pose[made].pos);
    }
    ccd_polyhedra_result r;
    if (made == 2 && ccd_polyhedra_contact(&r, &err, &p[0], &pose[0], &p[1], &pose[1], NULL) ==
                         CCD_OK)
        result = r.intersecting;
    for (int i = 0; i < made; i++)
        ccd_polyhedron_free(&p[i]);
    return result;
}

int ccd_scaling_overlap(const ccd_shape *a, const ccd_shape *b)
{
    switch (ccd_scaling_overlap_test(a, b)) {
    case CCD_OVERLAP_SAT:
        return sat_overlap(a, b);
    case CCD_OVERLAP_GJK: {
        ccd_t ccd;
        CCD_INIT(&ccd);
        ccd.support1 = gjk_support;
        ccd.support2 = gjk_support;
        ccd.max_iterations = 1000;
        return ccdGJKIntersect(a, b, &ccd) ? 1 : 0;
    }
    default:
        return -1;
    }
}
