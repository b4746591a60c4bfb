/* SPDX-License-Identifier: MIT */
/* The query of a candidate pair (ccdbench/scene.h): the rows of the benchmark's
 * CSV, VF v, f0, f1, f2 and EE ea0, ea1, eb0, eb1, at t = 0 then t = 1.  The
 * coordinates are the frames' doubles, so the query is exact input. */
#include <config.h>

#include "ccdbench/scene.h"
#include "core/assert.h"

#include <string.h>

void ccd_scene_query(ccd_query *q, const ccd_scene *s, ccd_kind kind, ccd_scene_pair pair)
{
    uint32_t v[4];
    if (kind == CCD_VF) {
        CCD_ASSERT(pair.a < s->vertex_count && pair.b < s->face_count);
        v[0] = pair.a;
        memcpy(v + 1, s->faces + 3 * (size_t)pair.b, 3 * sizeof *v);
    } else {
        CCD_ASSERT(pair.a < s->edge_count && pair.b < s->edge_count);
        memcpy(v, s->edges + 2 * (size_t)pair.a, 2 * sizeof *v);
        memcpy(v + 2, s->edges + 2 * (size_t)pair.b, 2 * sizeof *v);
    }
    memset(q, 0, sizeof *q);
    for (int r = 0; r < 4; r++)
        for (int k = 0; k < 3; k++) {
            q->v[r][k] = s->x0[3 * (size_t)v[r] + k];
            q->v[4 + r][k] = s->x1[3 * (size_t)v[r] + k];
        }
    q->kind = kind;
    q->inexact = 0;
    q->exact = NULL;
}
