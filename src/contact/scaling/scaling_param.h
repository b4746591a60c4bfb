/* SPDX-License-Identifier: MIT */
/* The parameters of a shape and the derivative of its conic rows with respect to
 * each (see scaling_param.c for the order). */
#ifndef CCD_CONTACT_SCALING_PARAM_H
#define CCD_CONTACT_SCALING_PARAM_H
#include <stddef.h>

#include "contact/scaling/scaling_cone.h"

size_t ccd_shape_param_count(const ccd_shape *s);
/* "x", "y", "z", "rot_x", "rot_y", "rot_z", then "radius", "length", "height",
 * "half_angle", "size_x"…, "offset" as the kind has them. */
const char *ccd_shape_param_name(const ccd_shape *s, size_t i);
/* The stored number of parameter i, or NULL for the orientation. */
double *ccd_shape_param(ccd_shape *s, size_t i);
/* ∂G/∂θᵢ (c->rows × CCD_CONE_COLS) and ∂h/∂θᵢ of the rows c of s. */
void ccd_shape_param_rows(double dG[][CCD_CONE_COLS], double *dh, const ccd_shape *s,
                          const ccd_cone_rows *c, size_t i);
#endif
