/* SPDX-License-Identifier: MIT */
/* The published box id pairs of the Scalable-CCD data, boxes/S{vf,ee}.json: a
 * JSON array of [id, id] arrays of non-negative integers (box ids as in
 * ccdbench/scene.h).  Errors are input errors "path:line:column: what". */
#ifndef CCD_SCENE_BOX_PAIRS_H
#define CCD_SCENE_BOX_PAIRS_H
#include "ccdbench.h"

#include <stddef.h>
#include <stdint.h>

/* *ids: 2 * *count ids (malloc'd; free it), in file order. */
ccd_status ccd_scene_box_pairs_read(uint64_t **ids, size_t *count, ccd_error *err,
                                    const char *path);

#endif
