/* SPDX-License-Identifier: MIT */
/* Where a mesh file wrote what ccd_mesh_read gives, for messages about the
 * mesh after it is read (scene frames that differ): the line of each
 * triangle's face (0 in binary PLY, which has no lines; a polygon's triangles
 * share its line), and the line and column of the vertex count (OFF: the
 * counts line; PLY: "element vertex N", in binary PLY too; OBJ: the last "v"
 * line, column 1). */
#ifndef CCD_MESH_MESH_SOURCE_H
#define CCD_MESH_MESH_SOURCE_H
#include "ccdbench/mesh.h"

typedef struct ccd_mesh_source {
    size_t *triangle_line; /* one per triangle */
    size_t cap;
    size_t count_line;
    unsigned long count_column;
} ccd_mesh_source;

/* ccd_mesh_read, and *src filled (free with ccd_mesh_source_free). */
ccd_status ccd_mesh_read_source(ccd_mesh *m, ccd_mesh_source *src, ccd_error *err,
                                const char *path);
void ccd_mesh_source_free(ccd_mesh_source *src);
/* Triangle `index` comes from line `line`: -1 when out of memory. */
int ccd_mesh_source_push(ccd_mesh_source *src, size_t index, size_t line);
#endif
