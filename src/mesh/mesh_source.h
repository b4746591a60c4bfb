/* SPDX-License-Identifier: MIT */
/* Where a mesh file wrote what ccd_mesh_read gives, for messages about the
 * mesh after it is read (scene frames that differ, a polyhedron's vertex that is
 * not a corner of its hull): the line of each triangle's face (0 in binary PLY,
 * which has no lines; a polygon's triangles share its line), with
 * ccd_mesh_read_points the line of each vertex (OBJ: its "v" line; OFF: its
 * line; PLY: its record's line, 0 in binary PLY, whose messages name the record
 * instead, "(vertex N)"), and the line and column of the vertex count (OFF: the
 * counts line; PLY: "element vertex N", in binary PLY too; OBJ: the last "v"
 * line, column 1). */
#ifndef CCD_MESH_MESH_SOURCE_H
#define CCD_MESH_MESH_SOURCE_H
#include "ccdbench/mesh.h"

typedef struct ccd_mesh_source {
    size_t *triangle_line; /* one per triangle */
    size_t cap;
    size_t *vertex_line; /* one per vertex: ccd_mesh_read_points only, else NULL */
    size_t vertex_cap;
    size_t count_line;
    unsigned long count_column;
} ccd_mesh_source;

/* ccd_mesh_read, and *src filled (free with ccd_mesh_source_free). */
ccd_status ccd_mesh_read_source(ccd_mesh *m, ccd_mesh_source *src, ccd_error *err,
                                const char *path);
/* A mesh file read for its vertices, as the convex polyhedra of
 * contact/polyhedra are (their body is the hull of the vertices): as
 * ccd_mesh_read_source, with src->vertex_line kept too, and a file without faces
 * is read (m->ntriangles is then 0): OBJ without "f" lines, OFF with 0 faces, PLY
 * without a face element.  The faces a file has are read and checked as ever. */
ccd_status ccd_mesh_read_points(ccd_mesh *m, ccd_mesh_source *src, ccd_error *err,
                                const char *path);
void ccd_mesh_source_free(ccd_mesh_source *src);
/* Triangle `index` comes from line `line`: -1 when out of memory. */
int ccd_mesh_source_push(ccd_mesh_source *src, size_t index, size_t line);
/* Vertex `index` comes from line `line`: -1 when out of memory. */
int ccd_mesh_source_push_vertex(ccd_mesh_source *src, size_t index, size_t line);
#endif
