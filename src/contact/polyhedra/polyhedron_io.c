/* SPDX-License-Identifier: MIT */
/*
 * Reading a convex polyhedron from a mesh file: OBJ, OFF or PLY, told apart by
 * their contents and read by the mesh module (ccd_mesh_read_points,
 * mesh/mesh_source.h), which checks the file's faces, if it has any, for syntax
 * and index range.  Only the vertices make the body: its faces are rebuilt as
 * the exact convex hull.  A vertex that is not a corner of the hull means the
 * file does not describe a strictly convex body, and is refused at its own line
 * (in binary PLY, which has no lines, by its record: "(vertex N)"), rather than
 * silently replaced by its hull.
 */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "contact/polyhedra/polyhedron_internal.h"
#include "core/assert.h"
#include "mesh/mesh_source.h"

static int point_bytes_cmp(const void *x, const void *y)
{
    return memcmp(x, y, 3 * sizeof(double));
}

/* The first of the n points pts that is not a corner of p, n when every one is,
 * SIZE_MAX when out of memory.  The hull copies its corners from the points, so
 * a point is a corner when its bytes are a corner's (equal doubles, bit for
 * bit): looked up among the corners sorted by their bytes. */
static size_t first_non_corner(const ccd_polyhedron *p, const double (*pts)[3], size_t n)
{
    double (*corner)[3] = malloc((p->vertex_count ? p->vertex_count : 1) * sizeof *corner);
    if (!corner)
        return SIZE_MAX;
    memcpy(corner, p->vertex, p->vertex_count * sizeof *corner);
    qsort(corner, p->vertex_count, sizeof *corner, point_bytes_cmp);
    size_t i = 0;
    while (i < n && bsearch(pts[i], corner, p->vertex_count, sizeof *corner, point_bytes_cmp))
        i++;
    free(corner);
    return i;
}

/* Vertex i of the file at path is not a corner: refused at its line, or in
 * binary PLY (line 0) by its record, as the mesh reader names binary data. */
static ccd_status not_a_corner(ccd_error *err, const char *path, size_t line, size_t i)
{
    static const char why[] = "the polyhedron is not convex (or the vertex lies on a face or "
                              "an edge)";
    if (line == 0)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                             "a vertex is not a corner of the convex hull: %s (vertex %zu)", why,
                             i);
    return ccd_error_set(err, CCD_ERR_INPUT, path, line, 1,
                         "vertex %zu is not a corner of the convex hull: %s", i + 1, why);
}

ccd_status ccd_polyhedron_read(ccd_polyhedron *p, ccd_error *err, const char *path)
{
    memset(p, 0, sizeof *p);
    ccd_mesh m;
    ccd_mesh_source src;
    ccd_status st = ccd_mesh_read_points(&m, &src, err, path);
    if (st != CCD_OK)
        return st;
    const double (*pts)[3] = (const double (*)[3])m.vertices;
    st = ccd_polyh_hull_path(p, err, pts, m.nvertices, path);
    /* every distinct input vertex must be a corner of the hull */
    if (st == CCD_OK) {
        CCD_ASSERT(src.vertex_line != NULL); /* the hull had 4 points at least */
        size_t i = first_non_corner(p, pts, m.nvertices);
        if (i == SIZE_MAX)
            st = ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
        else if (i < m.nvertices)
            st = not_a_corner(err, path, src.vertex_line[i], i);
        if (st != CCD_OK)
            ccd_polyhedron_free(p);
    }
    ccd_mesh_source_free(&src);
    ccd_mesh_free(&m);
    return st;
}
