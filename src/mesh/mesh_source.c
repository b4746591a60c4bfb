/* SPDX-License-Identifier: MIT */
/* Where a mesh file wrote each triangle and each vertex (mesh_source.h). */
#include <config.h>

#include "mesh/mesh_source.h"
#include "core/grow.h"

#include <stdlib.h>
#include <string.h>

void ccd_mesh_source_free(ccd_mesh_source *src)
{
    free(src->triangle_line);
    free(src->vertex_line);
    memset(src, 0, sizeof *src);
}

/* lines[index] = line, lines grown to hold it (*cap its room): -1 when out of
 * memory.  Items come in order, so index is at most one past the last. */
static int push_line(size_t **lines, size_t *cap, size_t index, size_t line)
{
    size_t *grown = ccd_grow(*lines, cap, index, sizeof *grown, 256);
    if (!grown)
        return -1;
    *lines = grown;
    grown[index] = line;
    return 0;
}

int ccd_mesh_source_push(ccd_mesh_source *src, size_t index, size_t line)
{
    return push_line(&src->triangle_line, &src->cap, index, line);
}

int ccd_mesh_source_push_vertex(ccd_mesh_source *src, size_t index, size_t line)
{
    return push_line(&src->vertex_line, &src->vertex_cap, index, line);
}
