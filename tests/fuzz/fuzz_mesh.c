/* SPDX-License-Identifier: MIT */
/* libFuzzer target of the mesh readers (src/mesh: OBJ, OFF and PLY, ascii and
 * binary; what `contact potential` and `scene` read).
 *
 * Input: the bytes of a mesh file, named .obj (the format is told by the
 * contents: OFF and PLY files are still read as such).  A refused input fails
 * with CCD_ERR_INPUT and one "path:line:column: what" or "path: what" message;
 * a read one has a triangle at least, every vertex index below the vertex count,
 * every coordinate finite, and the line each triangle was read from, within the
 * file's lines (0 in binary PLY).  Never a crash, a leak, an out-of-bounds
 * access or an allocation past libFuzzer's limit.
 *
 * The same bytes are read for their vertices (ccd_mesh_read_points, what the
 * convex-polyhedron reader calls): a file that ccd_mesh_read reads gives the
 * same vertices and triangles there, and every vertex's line is within the
 * file's lines (0 in binary PLY).  And they go to the convex-polyhedron reader
 * of `contact polyhedra` (its vertices through the exact hull; faces optional;
 * the format told by the contents).  A read body is a convex
 * polyhedron: V - E + F = 2, every face a cycle of at least three corners with a
 * finite unit normal, every edge between two different faces, and every corner
 * on or below the plane of every face, decided exactly (ccd_polyh_orient). */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/mesh.h"
#include "ccdbench/polyhedra.h"
#include "contact/polyhedra/polyhedron_internal.h"
#include "fuzz_check.h"
#include "mesh/mesh_source.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void check_polyhedron(const char *path)
{
    ccd_polyhedron p;
    ccd_error err;
    ccd_status st = ccd_polyhedron_read(&p, &err, path);
    if (st != CCD_OK) {
        if (st != CCD_ERR_INPUT)
            abort();
        ccd_fuzz_check_message(&err, &path, 1);
        return;
    }
    if (p.vertex_count < 4 || p.vertex_count + p.face_count != p.edge_count + 2)
        abort();
    for (size_t f = 0; f < p.face_count; f++) {
        const size_t *c = p.face_vertex + p.face_start[f];
        size_t n = p.face_start[f + 1] - p.face_start[f];
        const double *nf = p.face_normal[f];
        double len = nf[0] * nf[0] + nf[1] * nf[1] + nf[2] * nf[2];
        if (n < 3 || !(fabs(len - 1) < 1e-12))
            abort();
        for (size_t k = 0; k < n; k++)
            if (c[k] >= p.vertex_count)
                abort();
        /* the first three corners of a convex face are not collinear */
        for (size_t v = 0; v < p.vertex_count; v++)
            if (ccd_polyh_orient(p.vertex[c[0]], p.vertex[c[1]], p.vertex[c[2]], p.vertex[v]) > 0)
                abort();
    }
    for (size_t e = 0; e < p.edge_count; e++)
        if (p.edge[e][0] >= p.vertex_count || p.edge[e][1] >= p.vertex_count ||
            p.edge_face[e][0] >= p.face_count || p.edge_face[e][1] >= p.face_count ||
            p.edge_face[e][0] == p.edge_face[e][1])
            abort();
    ccd_polyhedron_free(&p);
}

/* ccd_mesh_read_points of path (a file of `lines` lines) into *m: 0, or -1 when
 * refused (then m is empty). */
static int check_points(ccd_mesh *m, const char *path, size_t lines)
{
    ccd_mesh_source src;
    ccd_error err;
    ccd_status st = ccd_mesh_read_points(m, &src, &err, path);
    if (st != CCD_OK) {
        if (st != CCD_ERR_INPUT)
            abort();
        ccd_fuzz_check_message(&err, &path, 1);
        memset(m, 0, sizeof *m);
        return -1;
    }
    if (m->nvertices > 0 && !src.vertex_line)
        abort();
    for (size_t i = 0; i < m->nvertices; i++)
        if (src.vertex_line[i] > lines || !isfinite(m->vertices[3 * i]) ||
            !isfinite(m->vertices[3 * i + 1]) || !isfinite(m->vertices[3 * i + 2]))
            abort();
    for (size_t t = 0; t < 3 * m->ntriangles; t++)
        if (m->triangles[t] >= m->nvertices)
            abort();
    ccd_mesh_source_free(&src);
    return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const char *path = ccd_fuzz_write_file(data, size, ".obj");
    size_t lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    ccd_mesh m;
    ccd_mesh_source src;
    ccd_error err;
    check_polyhedron(path);
    ccd_mesh points;
    int points_read = check_points(&points, path, lines);
    ccd_status st = ccd_mesh_read_source(&m, &src, &err, path);
    if (st != CCD_OK) {
        if (st != CCD_ERR_INPUT)
            abort();
        ccd_fuzz_check_message(&err, &path, 1);
        ccd_mesh_free(&points);
        return 0;
    }
    /* what the mesh reader reads, the vertex reader reads the same */
    if (points_read != 0 || points.nvertices != m.nvertices ||
        points.ntriangles != m.ntriangles ||
        memcmp(points.vertices, m.vertices, 3 * m.nvertices * sizeof *m.vertices) != 0 ||
        memcmp(points.triangles, m.triangles, 3 * m.ntriangles * sizeof *m.triangles) != 0)
        abort();
    ccd_mesh_free(&points);
    if (m.ntriangles == 0 || m.nvertices == 0)
        abort();
    for (size_t i = 0; i < 3 * m.nvertices; i++)
        if (!isfinite(m.vertices[i]))
            abort();
    for (size_t t = 0; t < m.ntriangles; t++) {
        for (int k = 0; k < 3; k++)
            if (m.triangles[3 * t + k] >= m.nvertices)
                abort();
        if (src.triangle_line[t] > lines)
            abort();
    }
    if (src.count_line > lines)
        abort();
    ccd_mesh_source_free(&src);
    ccd_mesh_free(&m);
    return 0;
}
