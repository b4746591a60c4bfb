/* SPDX-License-Identifier: MIT */
/*
 * PLY triangle meshes for ccd_mesh_read (ccdbench/mesh.h): the ascii,
 * binary_little_endian and binary_big_endian formats 1.0.  The x, y, z
 * properties of the `vertex` element (any scalar type) and the list property
 * vertex_indices (or vertex_index) of the `face` element are read; polygons are
 * fanned into triangles; every other element and property is skipped.
 *
 * Errors: "path:line:column: what" in the header and in ascii data; in binary
 * data "path: what (element N)", e.g. "path: end of file (face 12)".
 */
#ifndef CCD_MESH_MESH_PLY_H
#define CCD_MESH_MESH_PLY_H
#include <stdio.h>

#include "ccdbench/mesh.h"
#include "mesh/mesh_source.h"

/* 1 when f starts with the PLY magic line "ply"; f is rewound either way. */
int ccd_mesh_is_ply(FILE *f);
/* Reads the PLY file f (from its start; not closed) into *m; src (or NULL):
 * where its triangles and vertex count are (mesh/mesh_source.h).  points: as
 * ccd_mesh_read_points (src not NULL): where each vertex is, too, and no face
 * element needed. */
ccd_status ccd_mesh_read_ply(ccd_mesh *m, ccd_mesh_source *src, ccd_error *err, const char *path,
                             FILE *f, int points);
#endif
