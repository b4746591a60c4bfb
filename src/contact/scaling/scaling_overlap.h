/* SPDX-License-Identifier: MIT */
/*
 * Whether two primitives of scaling.h overlap as given (α = 1), by a test that
 * shares nothing with the minimum-scaling program, to cross-check the sign of
 * φ = α* − 1:
 * - two polytopes or boxes: the separating-axis routine of polyhedra.h (Cheng Yi
 *   and Drumwright) on their vertices, which it hulls exactly;
 * - any other pair without a half-space: libccd's GJK on the shapes' support
 *   points (written here per kind, in double).
 */
#ifndef CCD_CONTACT_SCALING_OVERLAP_H
#define CCD_CONTACT_SCALING_OVERLAP_H
#include "ccdbench/scaling.h"

typedef enum ccd_overlap_test {
    CCD_OVERLAP_NONE, /* no test for this pair (a half-space) */
    CCD_OVERLAP_SAT,
    CCD_OVERLAP_GJK,
} ccd_overlap_test;

/* The test that applies to the pair. */
ccd_overlap_test ccd_scaling_overlap_test(const ccd_shape *a, const ccd_shape *b);

/* 1 overlapping, 0 separated, -1 no test (or out of memory). */
int ccd_scaling_overlap(const ccd_shape *a, const ccd_shape *b);

/* The support point of the (unscaled) shape in world direction d: a point of s
 * maximising dᵀp (not for half-spaces). */
void ccd_shape_support_point(double out[3], const ccd_shape *s, const double d[3]);
#endif
