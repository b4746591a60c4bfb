/* SPDX-License-Identifier: MIT */
/* Edges from faces (scene_edges.h).  igl::edges, which the Scalable-CCD
 * pipeline calls, walks the column-major adjacency matrix and keeps the entries
 * with row < column: the edges sorted by their larger vertex, then the smaller.
 * Sorting the 3F sides by that key and dropping repeats gives the same list. */
#include <config.h>

#include "scene/scene_edges.h"

#include "core/error.h"

#include <stdlib.h>

static int by_hi_then_lo(const void *pa, const void *pb)
{
    uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
    return (a > b) - (a < b);
}

ccd_status ccd_scene_edges(uint32_t **edges, size_t *count, ccd_error *err,
                           const uint32_t *faces, size_t face_count)
{
    /* key = hi << 32 | lo sorts by hi, then lo */
    uint64_t *key = malloc((3 * face_count + 1) * sizeof *key);
    if (!key)
        return ccd_error_oom(err, "scene edges");
    size_t sides = 0;
    for (size_t f = 0; f < face_count; f++)
        for (int k = 0; k < 3; k++) {
            uint32_t i = faces[3 * f + k], j = faces[3 * f + (k + 1) % 3];
            uint32_t lo = i < j ? i : j, hi = i < j ? j : i;
            if (lo != hi) /* a degenerate triangle's side of one vertex is no edge */
                key[sides++] = (uint64_t)hi << 32 | lo;
        }
    qsort(key, sides, sizeof *key, by_hi_then_lo);
    size_t n = 0;
    for (size_t i = 0; i < sides; i++)
        if (n == 0 || key[i] != key[n - 1])
            key[n++] = key[i];
    uint32_t *e = malloc((2 * n + 1) * sizeof *e);
    if (!e) {
        free(key);
        return ccd_error_oom(err, "scene edges");
    }
    for (size_t i = 0; i < n; i++) {
        e[2 * i] = (uint32_t)(key[i] & 0xffffffffu);
        e[2 * i + 1] = (uint32_t)(key[i] >> 32);
    }
    free(key);
    *edges = e;
    *count = n;
    return CCD_OK;
}
