/* SPDX-License-Identifier: MIT */
/* ccd_polyhedra_contact as a measured method of `ccdbench contact polyhedra`. */
#ifndef CCD_CONTACT_POLYHEDRA_SAT_METHOD_H
#define CCD_CONTACT_POLYHEDRA_SAT_METHOD_H
#include "contact/polyhedra/polyhedra_method.h"

/* ccd_pm_fn; a->body and b->body must be set (CCD_PM_FAILED otherwise). */
ccd_pm_status ccd_polyhedra_sat_method(double *phi, double normal[3], const void *ctx,
                                       const ccd_posed_vertices *a, const ccd_posed_vertices *b);
#endif
