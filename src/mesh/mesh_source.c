/* SPDX-License-Identifier: MIT */
/* Where a mesh file wrote each triangle (mesh_source.h). */
#include <config.h>

#include "mesh/mesh_source.h"
#include "core/grow.h"

#include <stdlib.h>
#include <string.h>

void ccd_mesh_source_free(ccd_mesh_source *src)
{
    free(src->triangle_line);
    memset(src, 0, sizeof *src);
}

int ccd_mesh_source_push(ccd_mesh_source *src, size_t index, size_t line)
{
    size_t *grown = ccd_grow(src->triangle_line, &src->cap, index, sizeof *grown, 256);
    if (!grown)
        return -1;
    src->triangle_line = grown;
    grown[index] = line;
    return 0;
}
