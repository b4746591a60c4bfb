/* SPDX-License-Identifier: MIT */
/* A mesh named on a command line: built in or from a file (see potential.h). */
#include <config.h>

#include "ccdbench/mesh.h"

#include <math.h>
#include <string.h>

#include "core/number_list.h"

ccd_status ccd_mesh_from_spec(ccd_mesh *m, ccd_error *err, const char *spec)
{
    double x[4];
    if (!strncmp(spec, "box:", 4)) {
        int k = ccd_number_list_parse(x, 4, 1, spec + 4);
        if (k < 3 || !(x[0] > 0 && x[1] > 0 && x[2] > 0) ||
            (k == 4 && (x[3] != floor(x[3]) || x[3] < 1 || x[3] > CCD_MESH_BOX_GRID_MAX)))
            return ccd_error_set(err, CCD_ERR_INPUT, spec, 0, 0,
                                 "expected box:HX,HY,HZ[,N] (half extents > 0, grid N in "
                                 "1..128)");
        return ccd_mesh_box(m, err, x, k == 4 ? (unsigned)x[3] : 1);
    }
    if (!strncmp(spec, "sphere:", 7)) {
        int k = ccd_number_list_parse(x, 2, 1, spec + 7);
        if (k < 1 || !(x[0] > 0) ||
            (k == 2 && (x[1] != floor(x[1]) || x[1] < 4 || x[1] > CCD_MESH_SPHERE_SEGMENTS_MAX)))
            return ccd_error_set(err, CCD_ERR_INPUT, spec, 0, 0,
                                 "expected sphere:R[,SEGMENTS] (radius > 0, segments in "
                                 "4..512)");
        return ccd_mesh_sphere(m, err, x[0], k == 2 ? (unsigned)x[1] : 16);
    }
    return ccd_mesh_read(m, err, spec);
}
