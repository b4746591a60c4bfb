/* SPDX-License-Identifier: MIT */
/*
 * Exact squared distances and closest points between the two primitives of a
 * query (point–triangle for VF, segment–segment for EE), in rational arithmetic
 * (GMP mpq): no rounding anywhere, so the results are the true values.
 *
 * Canonical closest pair (the closest *points* are unique except for parallel
 * segments; the *parameters* are not unique for degenerate primitives):
 *   segment–segment: among all minimising parameter pairs (s, t) ∈ [0,1]², the
 *     lexicographically smallest one (smallest s, then smallest t).  So a
 *     zero-length segment gets parameter 0, and overlapping parallel segments get
 *     the first point of segment a that lies over segment b.
 *   point–triangle: the closest point is always unique.  For a triangle of
 *     non-zero area its barycentric parameters (u, v) are unique.  For a
 *     zero-area triangle the closest point is searched on the edges f0f1, f0f2,
 *     f1f2 in that order; the first edge reaching the minimum wins, with the
 *     segment rule above, and (u, v) describes that point on that edge.
 */
#ifndef CCD_EXACT_DISTANCE_H
#define CCD_EXACT_DISTANCE_H
#include "ccdbench.h"

/*
 * Segment–segment: closest points ca = p0 + s (p1 - p0) and cb = q0 + t (q1 - q0),
 * st = {s, t}, dist2 = |ca - cb|².  All outputs must be initialised.
 */
void ccd_exact_segment_segment(mpq_t dist2, mpq_t ca[3], mpq_t cb[3], mpq_t st[2],
                               mpq_t p0[3], mpq_t p1[3], mpq_t q0[3], mpq_t q1[3]);

/*
 * Point–triangle: closest point c = a + uv[0] (b - a) + uv[1] (c - a) of triangle
 * (a, b, c) to p, dist2 = |p - c|².  All outputs must be initialised.
 */
void ccd_exact_point_triangle(mpq_t dist2, mpq_t closest[3], mpq_t uv[2], mpq_t p[3],
                              mpq_t a[3], mpq_t b[3], mpq_t c[3]);

/*
 * Positions of the 4 points of query q at time t: x(t) = x0 + t (x1 - x0)
 * (rows 0..3 at t0, rows 4..7 at t1).  pts must be initialised.
 */
void ccd_exact_query_points(mpq_t pts[4][3], const ccd_query *q, const mpq_t t);

/*
 * Squared distance between the two primitives of query q at time t, with the
 * canonical closest pair:
 *   VF: pa = the vertex, pb = the closest point of the face,
 *       s = barycentric (u, v) of pb: pb = f0 + u (f1 - f0) + v (f2 - f0).
 *   EE: pa on edge a, pb on edge b, s = (s_a, s_b): pa = ea0 + s_a (ea1 - ea0),
 *       pb = eb0 + s_b (eb1 - eb0).
 * Outputs must be initialised.  Returns CCD_ERR_INPUT for an unknown query kind.
 */
ccd_status ccd_exact_distance(mpq_t dist2, mpq_t pa[3], mpq_t pb[3], mpq_t s[2],
                              const ccd_query *q, const mpq_t t);

#endif
