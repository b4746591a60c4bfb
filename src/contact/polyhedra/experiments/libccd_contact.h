/* SPDX-License-Identifier: MIT */
/*
 * libccd (Debian libccd-dev) as the comparator of the convex-polyhedra
 * experiments, as in Cheng Yi & Drumwright, "Determining Contact Data for Time
 * Stepping Rigid Body Simulations with Convex Polyhedral Geometries", Table I.
 *
 * Each body is given to libccd as a support function over its posed vertices.
 * libccd reports the penetration of body B into body A: translating B by
 * depth · dir separates them, so φ = −depth and n̂ (from B toward A) = −dir.
 * libccd 2.1 has no distance query: for bodies it finds apart, these methods
 * return CCD_PM_DISJOINT (no φ).
 *
 * Settings: libccd's defaults (CCD_INIT: EPA and MPR tolerance 1e-4), with the
 * iteration cap lowered from "unlimited" to CCD_LIBCCD_MAX_ITERATIONS so that a
 * query always ends (hitting it is not reported by libccd).
 */
#ifndef CCD_CONTACT_LIBCCD_CONTACT_H
#define CCD_CONTACT_LIBCCD_CONTACT_H
#include "contact/polyhedra/polyhedra_method.h"

enum { CCD_LIBCCD_MAX_ITERATIONS = 1000 };

/* ccdGJKPenetration: GJK for the gate, EPA for depth and direction. */
ccd_pm_status ccd_libccd_gjk_epa(double *phi, double normal[3], const void *ctx,
                                 const ccd_posed_vertices *a, const ccd_posed_vertices *b);
/* ccdMPRPenetration: Minkowski portal refinement. */
ccd_pm_status ccd_libccd_mpr(double *phi, double normal[3], const void *ctx,
                             const ccd_posed_vertices *a, const ccd_posed_vertices *b);
#endif
