/* SPDX-License-Identifier: MIT */
/* Internals shared by the convex-polyhedron files (polyhedron.c: the predicate;
 * polyhedron_hull.c, polyhedron_shapes.c, polyhedron_io.c: the constructors;
 * polyhedra_contact.c). */
#ifndef CCD_CONTACT_POLYHEDRON_INTERNAL_H
#define CCD_CONTACT_POLYHEDRON_INTERNAL_H
#include "ccdbench/polyhedra.h"

/* Exact sign of (b − a) × (c − a) · (d − a). */
int ccd_polyh_orient(const double *a, const double *b, const double *c, const double *d);
/* ccd_polyhedron_hull with `path` naming the input in error messages. */
ccd_status ccd_polyh_hull_path(ccd_polyhedron *out, ccd_error *err, const double (*pts)[3],
                              size_t n, const char *path);
#endif
