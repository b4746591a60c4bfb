/* SPDX-License-Identifier: MIT */
/* Two frames of one mesh as a scene (ccdbench/scene.h): both files through the
 * mesh reader of the contact module (ccd_mesh_read: PLY, OBJ, OFF), the same
 * connectivity checked, and the edges derived from the faces.  frame1 is read
 * keeping where its vertex count and faces are (contact/mesh_source.h), so a
 * difference is named at its line: "frame1:line:column: what" (binary PLY has
 * no lines for its faces: "frame1: what"). */
#include <config.h>

#include "ccdbench/mesh.h"
#include "ccdbench/scene.h"
#include "mesh/mesh_source.h"
#include "core/error.h"
#include "scene/scene_edges.h"

#include <stdlib.h>
#include <string.h>

void ccd_scene_free(ccd_scene *s)
{
    free(s->x0);
    free(s->x1);
    free(s->edges);
    free(s->faces);
    memset(s, 0, sizeof *s);
}

/* frame1 against frame0: the same vertex count and the same faces, in order;
 * a difference at its place in frame1 (src). */
static ccd_status same_connectivity(ccd_error *err, const ccd_mesh *m0, const ccd_mesh *m1,
                                    const ccd_mesh_source *src, const char *frame0,
                                    const char *frame1)
{
    if (m1->nvertices != m0->nvertices)
        return ccd_error_set(err, CCD_ERR_INPUT, frame1, src->count_line,
                             src->count_line ? src->count_column : 0,
                             "%zu vertices, but %s has %zu (two frames of one mesh needed)",
                             m1->nvertices, frame0, m0->nvertices);
    size_t n = m0->ntriangles < m1->ntriangles ? m0->ntriangles : m1->ntriangles;
    for (size_t t = 0; t < n; t++) {
        const uint32_t *a = m0->triangles + 3 * t, *b = m1->triangles + 3 * t;
        size_t line = src->triangle_line[t];
        if (a[0] != b[0] || a[1] != b[1] || a[2] != b[2])
            return ccd_error_set(err, CCD_ERR_INPUT, frame1, line, line ? 1 : 0,
                                 "triangle %zu is (%u, %u, %u), but in %s (%u, %u, %u)"
                                 " (two frames of one mesh needed)",
                                 t, b[0], b[1], b[2], frame0, a[0], a[1], a[2]);
    }
    if (m1->ntriangles != m0->ntriangles) {
        /* at the first triangle frame0 does not have, or after frame1's last */
        size_t line = m1->ntriangles > n ? src->triangle_line[n]
                                         : src->triangle_line[m1->ntriangles - 1];
        return ccd_error_set(err, CCD_ERR_INPUT, frame1, line, line ? 1 : 0,
                             "%zu triangles, but %s has %zu (two frames of one mesh needed)",
                             m1->ntriangles, frame0, m0->ntriangles);
    }
    return CCD_OK;
}

ccd_status ccd_scene_read(ccd_scene *s, ccd_error *err, const char *frame0, const char *frame1)
{
    memset(s, 0, sizeof *s);
    ccd_mesh m0, m1;
    ccd_status st = ccd_mesh_read(&m0, err, frame0);
    if (st != CCD_OK)
        return st;
    ccd_mesh_source src;
    st = ccd_mesh_read_source(&m1, &src, err, frame1);
    if (st != CCD_OK) {
        ccd_mesh_free(&m0);
        return st;
    }
    st = same_connectivity(err, &m0, &m1, &src, frame0, frame1);
    ccd_mesh_source_free(&src);
    if (st == CCD_OK) {
        s->vertex_count = m0.nvertices;
        s->face_count = m0.ntriangles;
        s->x0 = m0.vertices;
        s->x1 = m1.vertices;
        s->faces = m0.triangles;
        m0.vertices = m1.vertices = NULL;
        m0.triangles = NULL;
        st = ccd_scene_edges(&s->edges, &s->edge_count, err, s->faces, s->face_count);
    }
    ccd_mesh_free(&m0);
    ccd_mesh_free(&m1);
    if (st != CCD_OK)
        ccd_scene_free(s);
    return st;
}
