/* SPDX-License-Identifier: MIT */
/* A primitive of the minimum-scaling method written as text (scaling_shape_spec.c). */
#ifndef CCD_CONTACT_SCALING_SHAPE_SPEC_H
#define CCD_CONTACT_SCALING_SHAPE_SPEC_H
#include "ccdbench.h"
#include "ccdbench/scaling.h"

/*
 * KIND[,KEY=VALUE]... into s: KIND a ccd_shape_kind_name; KEY x=X:Y:Z (centre),
 * rot=RX:RY:RZ (rotation vector ω, R = exp([ω]×)), r= (radius), h=HX:HY:HZ
 * (half-extents, semi-axes), len=, height=, angle= (cone half-angle, radians),
 * face=NX:NY:NZ:B (a polytope face, repeated), n=NX:NY:NZ (half-space normal).
 * CCD_ERR_INPUT, "name: what", for an unknown kind or key, a bad value, or a shape
 * that ccd_shape_check refuses.
 */
ccd_status ccd_shape_parse(ccd_shape *s, ccd_error *err, const char *name, const char *text);

#endif
