/* SPDX-License-Identifier: MIT */
/*
 * The Voronoi example of Ye, Wu, Komura and Pan, "Efficient Differentiable
 * Contact Model with Long-Range Influence" (appendix A.4), in 3-D: the point
 * (x, 1, 0) (a triangle with three coincident vertices) against the segment
 * (1, 0, 0)–(2, 0, 0) (a triangle with two), for x ∈ [0, 3].  The point–segment
 * distance d(x) that a locally supported, IPC-style barrier is built on changes
 * Voronoi region at x = 1 and x = 2, where d″ jumps from 1 to 0; the long-range
 * potential P(x) has a continuous second derivative there.
 */
#ifndef CCD_CONTACT_POTENTIAL_VORONOI_H
#define CCD_CONTACT_POTENTIAL_VORONOI_H
#include "ccdbench/potential.h"

typedef struct ccd_voronoi_sample {
    double x;
    double P[3]; /* P, dP/dx, d²P/dx² (envelope theorem and implicit functions) */
    double d[3]; /* the point–segment distance and its first two x-derivatives */
} ccd_voronoi_sample;

ccd_potential_status ccd_voronoi_sample_at(ccd_voronoi_sample *out, double x);

/* The jumps of the second derivatives across x0 (a region boundary, 1 or 2):
 * jump[0] = |P″(x0 + s) − P″(x0 − s)| / |P″(x0)|, jump[1] = |d″(x0 + s) − d″(x0 − s)|. */
void ccd_voronoi_jumps(double jump[2], double x0, double s);
#endif
