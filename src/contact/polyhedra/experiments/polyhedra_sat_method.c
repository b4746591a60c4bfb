/* SPDX-License-Identifier: MIT */
/* The separating-axis routine of Cheng Yi & Drumwright (ccd_polyhedra_contact,
 * polyhedra_contact.c) behind the measuring interface of polyhedra_method.h, so
 * that Table I and the throughput table put it beside libccd.  It needs each
 * body's faces and edges: the harness builds them once (ccd_posed_vertices.body). */
#include <config.h>

#include "contact/polyhedra/experiments/polyhedra_sat_method.h"

#include <string.h>

#include "polyhedra.h"

ccd_pm_status ccd_polyhedra_sat_method(double *phi, double normal[3], const void *ctx,
                                       const ccd_posed_vertices *a, const ccd_posed_vertices *b)
{
    (void)ctx;
    if (!a->body || !b->body)
        return CCD_PM_FAILED; /* the harness gave no topology: nothing to run on */
    ccd_pose pa, pb;
    memcpy(pa.rot, a->rot, sizeof pa.rot);
    memcpy(pa.pos, a->pos, sizeof pa.pos);
    memcpy(pb.rot, b->rot, sizeof pb.rot);
    memcpy(pb.pos, b->pos, sizeof pb.pos);
    ccd_polyhedra_result r;
    ccd_error err;
    if (ccd_polyhedra_contact(&r, &err, a->body, &pa, b->body, &pb, NULL) != CCD_OK)
        return CCD_PM_FAILED;
    if (r.status != CCD_POLYH_CONTACT)
        return CCD_PM_NO_CONTACT; /* indeterminate normal: the paper's "no contact" */
    *phi = r.phi;
    memcpy(normal, r.normal, 3 * sizeof *normal);
    return CCD_PM_OK;
}
