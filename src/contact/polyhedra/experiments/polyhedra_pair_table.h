/* SPDX-License-Identifier: MIT */
/* `ccdbench contact polyhedra pair` as report tables: the contact data of one
 * pair of convex polyhedra, and its pose Jacobian beside the MPFR reference. */
#ifndef CCD_CONTACT_POLYHEDRA_PAIR_TABLE_H
#define CCD_CONTACT_POLYHEDRA_PAIR_TABLE_H
#include "ccdbench/polyhedra.h"
#include "report/report.h"

/* A body named on the command line: box:HX,HY,HZ, sphere:N[,R], or an OFF/OBJ
 * file.  CCD_ERR_INPUT with a message for a bad name or file. */
ccd_status ccd_polyhedra_from_spec(ccd_polyhedron *p, ccd_error *err, const char *spec);

/* One row per manifold point (one row with point 0 and no coordinates when
 * there is none): status, intersecting, φ, n̂, plane offset, point, x, y, z. */
int ccd_polyhedra_pair_table(ccd_report_table *t, const ccd_polyhedra_result *r, int precise);

/* Rows φ, n_x, n_y, n_z; columns status, ∂/∂(ω_A, v_A, ω_B, v_B) by dual
 * numbers and the largest difference from 256-bit MPFR central differences.
 * Where the derivative does not exist (ccd_polyh_jac_undefined), status
 * "no-derivative", NaN numbers and *why the reason; else status "ok", *why NULL. */
ccd_status ccd_polyhedra_jacobian_table(ccd_report_table *t, const char **why, ccd_error *err,
                                        const ccd_polyhedron *a, const ccd_pose *pose_a,
                                        const ccd_polyhedron *b, const ccd_pose *pose_b,
                                        int precise);
#endif
