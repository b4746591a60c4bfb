/* SPDX-License-Identifier: MIT */
/*
 * Euclidean distances between the two primitives of a query, in plain doubles
 * (rounded: neither a bound nor exact; src/exact/distance.h has the exact ones).
 * Shared by FPRF and additive CCD (MSRF has its own: msrf_distance.h).
 */
#ifndef CCD_METHODS_PRIMITIVE_DISTANCE_H
#define CCD_METHODS_PRIMITIVE_DISTANCE_H

/* Distance from point p to the closed triangle (a, b, c); degenerate triangles
 * (collinear or coincident corners) fall back to the distance to their edges. */
double ccd_point_triangle_distance(const double p[3], const double a[3], const double b[3],
                                   const double c[3]);

/* Distance between the closed segments [p0, p1] and [q0, q1] (any may be a point). */
double ccd_segment_segment_distance(const double p0[3], const double p1[3], const double q0[3],
                                    const double q1[3]);

#endif
