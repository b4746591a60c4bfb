/* SPDX-License-Identifier: MIT */
/*
 * The interface through which the convex-polyhedra experiments (Table I of
 * Cheng Yi & Drumwright, "Determining Contact Data for Time Stepping Rigid Body
 * Simulations with Convex Polyhedral Geometries", and the throughput table)
 * call a contact method: a function pointer and its context.
 *
 * A body is a body-frame vertex array and a pose, x_world = rot · x_body + pos.
 * The method returns the signed distance φ (> 0 apart, 0 kissing, < 0 the
 * negated minimum translational distance) and the unit normal n̂ from body B
 * toward body A, or says why it has none.  It is called from several OpenMP
 * threads at once with the same ctx, so it must treat ctx as read-only.
 */
#ifndef CCD_CONTACT_POLYHEDRA_METHOD_H
#define CCD_CONTACT_POLYHEDRA_METHOD_H
#include <stddef.h>

typedef struct ccd_posed_vertices {
    const double (*v)[3]; /* body-frame vertices; the body is their convex hull */
    size_t n;
    double rot[3][3];
    double pos[3];
    /* Optional: the same body as a ccd_polyhedron (faces and edges, built once by
     * the harness from v, never per query), for methods that need its topology;
     * NULL when the harness has none. */
    const struct ccd_polyhedron *body;
} ccd_posed_vertices;

typedef enum ccd_pm_status {
    CCD_PM_OK = 0,          /* phi and normal are set                                   */
    CCD_PM_DISJOINT = 1,    /* the method found the bodies apart but gives no distance  */
    CCD_PM_NO_CONTACT = 2,  /* no contact data, e.g. an indeterminate normal            */
    CCD_PM_FAILED = 3       /* the method failed (out of memory, no convergence, …)     */
} ccd_pm_status;

typedef ccd_pm_status (*ccd_pm_fn)(double *phi, double normal[3], const void *ctx,
                                   const ccd_posed_vertices *a, const ccd_posed_vertices *b);

typedef struct ccd_pm_method {
    const char *name;   /* row label, e.g. "libccd GJK+EPA" */
    ccd_pm_fn fn;
    const void *ctx;
} ccd_pm_method;
#endif
