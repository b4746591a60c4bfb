/* SPDX-License-Identifier: MIT */
/* Triangle meshes (<ccdbench/mesh.h>): freeing one, and the built-in ones, a
 * box with gridded faces and a UV sphere. */
#include <config.h>

#include "ccdbench/mesh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void ccd_mesh_free(ccd_mesh *m)
{
    free(m->vertices);
    free(m->triangles);
    memset(m, 0, sizeof *m);
}

static ccd_status mesh_alloc(ccd_mesh *m, ccd_error *err, size_t nv, size_t nt)
{
    memset(m, 0, sizeof *m);
    m->vertices = malloc((nv ? nv : 1) * 3 * sizeof *m->vertices);
    m->triangles = malloc((nt ? nt : 1) * 3 * sizeof *m->triangles);
    if (!m->vertices || !m->triangles) {
        ccd_mesh_free(m);
        return ccd_error_set(err, CCD_ERR_INTERNAL, "mesh", 0, 0, "out of memory");
    }
    m->nvertices = nv;
    m->ntriangles = nt;
    return CCD_OK;
}

ccd_status ccd_mesh_box(ccd_mesh *m, ccd_error *err, const double half[3], unsigned n)
{
    if (n < 1 || n > CCD_MESH_BOX_GRID_MAX)
        return ccd_error_set(err, CCD_ERR_INPUT, "box", 0, 0, "grid %u is not in 1..%d", n,
                             CCD_MESH_BOX_GRID_MAX);
    size_t per = (size_t)(n + 1) * (n + 1);
    ccd_status st = mesh_alloc(m, err, 6 * per, 12 * (size_t)n * n);
    if (st != CCD_OK)
        return st;
    /* Face f: axis f/2, side ±; (u, v) span the other two axes, ordered so that
     * the triangles face outwards.  Corner vertices are repeated per face, which
     * the potential does not mind (it never needs a closed surface). */
    size_t v = 0, t = 0;
    for (int f = 0; f < 6; f++) {
        int axis = f / 2, sgn = f % 2 ? -1 : 1;
        int ua = (axis + 1) % 3, va = (axis + 2) % 3;
        size_t base = v;
        for (unsigned i = 0; i <= n; i++)
            for (unsigned j = 0; j <= n; j++) {
                double *x = m->vertices + 3 * v++;
                x[axis] = sgn * half[axis];
                x[ua] = half[ua] * (2.0 * i / n - 1);
                x[va] = half[va] * (2.0 * j / n - 1);
            }
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = 0; j < n; j++) {
                uint32_t q00 = (uint32_t)(base + i * (n + 1) + j), q10 = q00 + n + 1;
                uint32_t quad[2][3] = {{q00, q10, q10 + 1}, {q00, q10 + 1, q00 + 1}};
                for (int k = 0; k < 2; k++) {
                    uint32_t *tri = m->triangles + 3 * t++;
                    tri[0] = quad[k][0];
                    tri[1] = sgn > 0 ? quad[k][1] : quad[k][2];
                    tri[2] = sgn > 0 ? quad[k][2] : quad[k][1];
                }
            }
    }
    return CCD_OK;
}

ccd_status ccd_mesh_sphere(ccd_mesh *m, ccd_error *err, double radius, unsigned segments)
{
    unsigned rings = segments / 2;
    if (segments < 3 || rings < 2 || segments > CCD_MESH_SPHERE_SEGMENTS_MAX)
        return ccd_error_set(err, CCD_ERR_INPUT, "sphere", 0, 0, "%u segments is not in 4..%d",
                             segments, CCD_MESH_SPHERE_SEGMENTS_MAX);
    if (!(radius > 0) || !isfinite(radius))
        return ccd_error_set(err, CCD_ERR_INPUT, "sphere", 0, 0, "radius %g is not > 0", radius);
    size_t nv = 2 + (size_t)(rings - 1) * segments;
    ccd_status st = mesh_alloc(m, err, nv, 2 * (size_t)segments * (rings - 1));
    if (st != CCD_OK)
        return st;
    const double pi = acos(-1.0);
    double *x = m->vertices;
    x[0] = 0, x[1] = 0, x[2] = radius;     /* north pole: vertex 0 */
    x[3] = 0, x[4] = 0, x[5] = -radius;    /* south pole: vertex 1 */
    for (unsigned r = 1; r < rings; r++)
        for (unsigned s = 0; s < segments; s++) {
            double th = pi * r / rings, ph = 2 * pi * s / segments;
            double *y = x + 3 * (2 + (size_t)(r - 1) * segments + s);
            y[0] = radius * sin(th) * cos(ph);
            y[1] = radius * sin(th) * sin(ph);
            y[2] = radius * cos(th);
        }
#define RV(r, s) ((uint32_t)(2 + (size_t)((r) - 1) * segments + (s) % segments))
    size_t t = 0;
    uint32_t *tr = m->triangles;
    for (unsigned s = 0; s < segments; s++) {
        uint32_t *a = tr + 3 * t++, *b = tr + 3 * t++;
        a[0] = 0, a[1] = RV(1, s), a[2] = RV(1, s + 1);
        b[0] = 1, b[1] = RV(rings - 1, s + 1), b[2] = RV(rings - 1, s);
        for (unsigned r = 1; r + 1 < rings; r++) {
            uint32_t *c = tr + 3 * t++, *d = tr + 3 * t++;
            c[0] = RV(r, s), c[1] = RV(r + 1, s), c[2] = RV(r + 1, s + 1);
            d[0] = RV(r, s), d[1] = RV(r + 1, s + 1), d[2] = RV(r, s + 1);
        }
    }
#undef RV
    return CCD_OK;
}
