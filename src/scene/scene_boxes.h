/* SPDX-License-Identifier: MIT */
/* Swept axis-aligned boxes of a scene's vertices, edges and faces over
 * t ∈ [0, 1], inflated by the minimum separation. */
#ifndef CCD_SCENE_SCENE_BOXES_H
#define CCD_SCENE_SCENE_BOXES_H
#include "ccdbench/scene.h"

typedef struct ccd_scene_box {
    double lo[3], hi[3];
} ccd_scene_box;

/* boxes[0, V): vertices; [V, V + E): edges; [V + E, V + E + F): faces (the
 * Scalable-CCD box ids).  boxes holds V + E + F entries. */
void ccd_scene_boxes(ccd_scene_box *boxes, const ccd_scene *s, double ms, int threads);
#endif
