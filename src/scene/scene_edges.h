/* SPDX-License-Identifier: MIT */
/* The edges of a triangle mesh, numbered as the Scalable-CCD pipeline numbers
 * them (ccdbench/scene.h): unique (lo, hi) with lo < hi, ordered by hi, then lo. */
#ifndef CCD_SCENE_SCENE_EDGES_H
#define CCD_SCENE_SCENE_EDGES_H
#include "ccdbench.h"

/* *edges: 2 * *count indices (malloc'd). */
ccd_status ccd_scene_edges(uint32_t **edges, size_t *count, ccd_error *err,
                           const uint32_t *faces, size_t face_count);
#endif
