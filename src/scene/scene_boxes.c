/* SPDX-License-Identifier: MIT */
/* Swept boxes (scene_boxes.h).
 *
 * Conservative in floating point: a vertex moves on the segment x0 → x1, which
 * lies in the box [min(x0, x1), max(x0, x1)] per axis, and min/max of doubles
 * are exact.  An edge or a face at time t is the convex hull of its vertices at
 * t, so it lies in the union (again min/max, exact) of its vertices' boxes.  The
 * inflation by d (the minimum separation, in every axis, which covers the L∞
 * and the Euclidean ball of radius d) is the only rounded step: lo − d and
 * hi + d are computed in round-to-nearest and then moved one ulp outwards with
 * nextafter, so the stored bound is never inside the exact one.  With d = 0
 * nothing is rounded. */
#include <config.h>

#include "scene/scene_boxes.h"

#include <math.h>
#include <omp.h>

static void vertex_box(ccd_scene_box *b, const ccd_scene *s, uint32_t v, double ms)
{
    for (int k = 0; k < 3; k++) {
        double a = s->x0[3 * v + k], c = s->x1[3 * v + k];
        double lo = a < c ? a : c, hi = a < c ? c : a;
        if (ms > 0) {
            lo = nextafter(lo - ms, -INFINITY);
            hi = nextafter(hi + ms, INFINITY);
        }
        b->lo[k] = lo;
        b->hi[k] = hi;
    }
}

/* b = the union of the vertex boxes of idx[0, n). */
static void union_box(ccd_scene_box *b, const ccd_scene_box *vertices, const uint32_t *idx, int n)
{
    *b = vertices[idx[0]];
    for (int i = 1; i < n; i++)
        for (int k = 0; k < 3; k++) {
            const ccd_scene_box *v = &vertices[idx[i]];
            b->lo[k] = v->lo[k] < b->lo[k] ? v->lo[k] : b->lo[k];
            b->hi[k] = v->hi[k] > b->hi[k] ? v->hi[k] : b->hi[k];
        }
}

void ccd_scene_boxes(ccd_scene_box *boxes, const ccd_scene *s, double ms, int threads)
{
    long nv = (long)s->vertex_count, ne = (long)s->edge_count, nf = (long)s->face_count;
    int n = threads > 0 ? threads : omp_get_max_threads();
#pragma omp parallel num_threads(n)
    {
#pragma omp for schedule(static)
        for (long v = 0; v < nv; v++)
            vertex_box(&boxes[v], s, (uint32_t)v, ms);
#pragma omp for schedule(static)
        for (long e = 0; e < ne; e++)
            union_box(&boxes[nv + e], boxes, s->edges + 2 * e, 2);
#pragma omp for schedule(static)
        for (long f = 0; f < nf; f++)
            union_box(&boxes[nv + ne + f], boxes, s->faces + 3 * f, 3);
    }
}
