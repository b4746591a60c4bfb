/* SPDX-License-Identifier: MIT */
/* What ccdbench.h declares about a query beyond its struct: a coordinate as an
 * exact rational, and a method run on it by its kind (vertex-face or edge-edge). */
#include <config.h>

#include "ccdbench.h"

void ccd_query_coord_mpq(mpq_t out, const ccd_query *q, int row, int axis)
{
    if (q->exact)
        mpq_set(out, q->exact->q[row][axis]);
    else
        mpq_set_d(out, q->v[row][axis]); /* exact: the double is the input */
}

ccd_status ccd_method_run(ccd_result *r, const ccd_method *m, const ccd_query *q,
                          const ccd_params *p, void *scratch)
{
    return q->kind == CCD_VF ? m->vertex_face(r, q, p, scratch) : m->edge_edge(r, q, p, scratch);
}
