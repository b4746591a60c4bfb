/* SPDX-License-Identifier: MIT */
/*
 * Configurations shared by several families: a generic contact at a chosen time,
 * a rigid crossing whose only candidate contact time is known, and random scatter.
 * Positions are exact dyadic rationals on small grids (|coordinate| ≤ 6 before
 * the family's transforms).
 */
#ifndef CCD_GEN_BUILDERS_H
#define CCD_GEN_BUILDERS_H
#include "gen/gen_geometry.h"

/* Where the primitives meet: VF inside the face, on an edge of it, at a corner;
 * EE inside both edges, an endpoint of one inside the other, endpoint on endpoint. */
typedef enum ccd_gen_feature {
    CCD_GEN_INTERIOR = 0,
    CCD_GEN_EDGE = 1,
    CCD_GEN_CORNER = 2
} ccd_gen_feature;

/* Random primitives that touch at t = tstar at a point of the given feature;
 * every point has its own random velocity (so the coplanarity cubic is generic
 * and may have other roots in [0, 1]). */
void ccd_gen_contact(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, const mpq_t tstar,
                     ccd_gen_feature where);

/*
 * Rigid crossing: all points translate with one common random velocity, and the
 * vertex (VF) or edge b (EE) moves in addition along the normal n of the face
 * (VF) or the common normal m = (a1 - a0) × (b1 - b0) of the edges (EE).  The
 * relative motion is then a translation along that normal, so the primitives
 * are coplanar (their lines meet) at t = tstar only, and there the meeting point
 * is the point of `where`, pushed outside the closed primitive by `outside` ≥ 0
 * (0: on it).  So it collides iff outside == 0 and tstar ∈ [0, 1].
 */
void ccd_gen_crossing(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, const mpq_t tstar,
                      ccd_gen_feature where, const mpq_t outside);

/* Every row uniform in [-1, 1]³ (grid 2^-8): mostly separated, sometimes hitting. */
void ccd_gen_scatter(ccd_exact_coords *c, ccd_gen_rng *rng);

/* A random time in [lo, hi] on the grid 2^-bits. */
void ccd_gen_time(mpq_t t, ccd_gen_rng *rng, long lo_num, long hi_num, unsigned bits);

/* Uniform pick among n alternatives. */
int ccd_gen_pick(ccd_gen_rng *rng, int n);

#endif
