/* SPDX-License-Identifier: MIT */
/*
 * Triangle meshes: the OBJ, OFF and PLY readers (bad input: CCD_ERR_INPUT and
 * "path:line:column: what"), a box with gridded faces, a UV sphere, and a mesh
 * named as on the command line.  Read by the long-range potential
 * (<ccdbench/potential.h>) and by the scenes of simulation steps
 * (<ccdbench/scene.h>).
 */
#ifndef CCDBENCH_MESH_H
#define CCDBENCH_MESH_H
#include <stddef.h>
#include <stdint.h>

#include "ccdbench.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ccd_mesh {
    size_t nvertices, ntriangles;
    double *vertices;    /* 3 per vertex */
    uint32_t *triangles; /* 3 vertex indices per triangle */
} ccd_mesh;

/* A Wavefront OBJ (v and f lines), OFF or PLY file, told apart by its contents
 * (PLY: the first line is "ply").  PLY: format ascii, binary_little_endian or
 * binary_big_endian 1.0; x, y, z of element vertex (any scalar type) and the list
 * vertex_indices (or vertex_index) of element face; other elements and
 * properties are skipped.  Polygons are fanned into triangles.  Bad input:
 * CCD_ERR_INPUT and "path:line:column: what"; errors in binary PLY data read
 * "path: what (element N)", e.g. "path: end of file (face 12)". */
CCD_API ccd_status ccd_mesh_read(ccd_mesh *m, ccd_error *err, const char *path);
/* The largest built-in meshes: 196,608 triangles for a box (grid 128), 261,120
 * for a sphere (512 segments).  The long-range potential's cost grows with the
 * triangles that come close: two 128-grid boxes 1e-3 apart take 11 s for the
 * value and gradient, 18.7 s with the Hessian, 57 MB.  The grid of 4096 once
 * accepted asked for 201 M triangles per box; box:1,1,1,800 ran past 100 s. */
enum { CCD_MESH_BOX_GRID_MAX = 128, CCD_MESH_SPHERE_SEGMENTS_MAX = 512 };

/* Box [-h, h] with every face an n × n grid (12 n² triangles), 1 ≤ n ≤
 * CCD_MESH_BOX_GRID_MAX. */
CCD_API ccd_status ccd_mesh_box(ccd_mesh *m, ccd_error *err, const double half[3], unsigned n);
/* Sphere of the given radius, `segments` (4 ≤ segments ≤
 * CCD_MESH_SPHERE_SEGMENTS_MAX) around and segments/2 rings from pole to pole:
 * 2 segments (rings − 1) triangles. */
CCD_API ccd_status ccd_mesh_sphere(ccd_mesh *m, ccd_error *err, double radius,
                                   unsigned segments);
/* A mesh named as on the command line: "box:HX,HY,HZ[,N]" (ccd_mesh_box, grid N
 * default 1), "sphere:R[,SEGMENTS]" (ccd_mesh_sphere, default 16 segments) or a
 * file (ccd_mesh_read). */
CCD_API ccd_status ccd_mesh_from_spec(ccd_mesh *m, ccd_error *err, const char *spec);
CCD_API void ccd_mesh_free(ccd_mesh *m);

#ifdef __cplusplus
}
#endif
#endif
