/* SPDX-License-Identifier: MIT */
/* libFuzzer target of the mesh readers (src/mesh: OBJ, OFF and PLY, ascii and
 * binary; what `contact potential` and `scene` read).
 *
 * Input: the bytes of a mesh file, named .obj (the format is told by the
 * contents: OFF and PLY files are still read as such).  A refused input fails
 * with CCD_ERR_INPUT and one "path:line:column: what" or "path: what" message;
 * a read one has a triangle at least, every vertex index below the vertex count,
 * every coordinate finite, and the line each triangle was read from, within the
 * file's lines (0 in binary PLY).  Never a crash, a leak, an out-of-bounds
 * access or an allocation past libFuzzer's limit. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/mesh.h"
#include "fuzz_check.h"
#include "mesh/mesh_source.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const char *path = ccd_fuzz_write_file(data, size, ".obj");
    size_t lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    ccd_mesh m;
    ccd_mesh_source src;
    ccd_error err;
    ccd_status st = ccd_mesh_read_source(&m, &src, &err, path);
    if (st != CCD_OK) {
        if (st != CCD_ERR_INPUT)
            abort();
        ccd_fuzz_check_message(&err, &path, 1);
        return 0;
    }
    if (m.ntriangles == 0 || m.nvertices == 0)
        abort();
    for (size_t i = 0; i < 3 * m.nvertices; i++)
        if (!isfinite(m.vertices[i]))
            abort();
    for (size_t t = 0; t < m.ntriangles; t++) {
        for (int k = 0; k < 3; k++)
            if (m.triangles[3 * t + k] >= m.nvertices)
                abort();
        if (src.triangle_line[t] > lines)
            abort();
    }
    if (src.count_line > lines)
        abort();
    ccd_mesh_source_free(&src);
    ccd_mesh_free(&m);
    return 0;
}
