/* SPDX-License-Identifier: MIT */
/*
 * Squared Euclidean distances of MSRF's acceptance test, by the closest-point
 * constructions of Ericson 2005, Real-Time Collision Detection, §5.1.5 (point–
 * triangle, by Voronoi regions) and §5.1.9 (segment–segment, with its 1e-8
 * threshold on squared lengths for degenerate segments), in the arithmetic order of
 * those constructions: MSRF accepts a root by comparing this value with h^2 + h/10,
 * so the rounding of the distance is part of its answer.  FPRF's distances
 * (primitive_distance.c) are a different construction and are not interchangeable here.
 */
#ifndef CCD_METHODS_MSRF_DISTANCE_H
#define CCD_METHODS_MSRF_DISTANCE_H

/* |p - closest point of triangle (a, b, c)|^2. */
double ccd_msrf_point_triangle_distance2(const double p[3], const double a[3], const double b[3],
                                         const double c[3]);

/* |closest points of segments [p1, q1] and [p2, q2]|^2. */
double ccd_msrf_segment_segment_distance2(const double p1[3], const double q1[3],
                                          const double p2[3], const double q2[3]);

#endif
