/* SPDX-License-Identifier: MIT */
/*
 * Families `near-miss` and `tangent`: hand-made configurations around the
 * reference face/edge of ccd_gen_frame (gen_family.h), whose distances are known.
 *
 * near-miss: the minimum distance over the step is exactly h = 10^-k (k = 1..12)
 * for the misses; the hits are the same motions with the offset on the other side.
 * Only distance-preserving transforms (ccd_gen_place) follow, so the distance stays h.
 * tangent: contact at exactly one instant without crossing (a double root of the
 * coplanarity polynomial, or a trajectory that grazes an edge, a corner or an
 * endpoint); the misses are the same motions shifted by a tiny dyadic ε = 2^-m.
 */
#include <config.h>

#include "gen/gen_family.h"

void ccd_gen_frame_init(ccd_gen_frame *f, ccd_gen_rng *rng)
{
    mpq_inits(f->a, f->b, f->cx, f->e, NULL);
    mpq_set_si(f->a, (long)ccd_gen_uniform(rng, -64, -32), 64);
    mpq_canonicalize(f->a);
    mpq_set_si(f->b, (long)ccd_gen_uniform(rng, 32, 64), 64);
    mpq_canonicalize(f->b);
    mpq_set_si(f->cx, (long)ccd_gen_uniform(rng, -16, 16), 64);
    mpq_canonicalize(f->cx);
    mpq_set_si(f->e, (long)ccd_gen_uniform(rng, 32, 64), 64);
    mpq_canonicalize(f->e);
}

void ccd_gen_frame_clear(ccd_gen_frame *f)
{
    mpq_clears(f->a, f->b, f->cx, f->e, NULL);
}

void ccd_gen_frame_point(ccd_gen_vec *out, const ccd_gen_frame *f, int which)
{
    for (int k = 0; k < 3; k++)
        mpq_set_ui(out->c[k], 0, 1);
    if (which == 0) {
        mpq_set(out->c[0], f->a);
    } else if (which == 1) {
        mpq_set(out->c[0], f->b);
    } else {
        mpq_set(out->c[0], f->cx);
        mpq_set(out->c[1], f->e);
    }
}

/* The frame's face (VF) or edge a (EE), at rest. */
static void place_frame(ccd_exact_coords *c, const ccd_gen_frame *f, ccd_kind kind)
{
    ccd_gen_vec p;
    ccd_gen_vec_init(&p);
    int first = kind == CCD_VF ? CCD_GEN_F0 : CCD_GEN_A0, n = kind == CCD_VF ? 3 : 2;
    for (int i = 0; i < n; i++) {
        ccd_gen_frame_point(&p, f, i);
        ccd_gen_path(c, first + i, &p, &p);
    }
    ccd_gen_vec_clear(&p);
}

void ccd_gen_family_near_miss(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index)
{
    int hit = ccd_gen_aims_to_hit(index);
    unsigned k = 1 + (unsigned)(index / 2 % 12);
    int variant = (int)(index / 24 % 2);
    ccd_gen_frame f;
    ccd_gen_frame_init(&f, rng);
    ccd_gen_vec at, vel, at2;
    ccd_gen_vecs_init(3, &at, &vel, &at2);
    mpq_t h, t, half;
    mpq_inits(h, t, half, NULL);
    ccd_gen_pow10_neg(h, k);
    mpq_set_ui(half, 1, 2);
    place_frame(c, &f, kind);
    if (kind == CCD_VF && variant == 0) {
        /* The vertex crosses the plane z = 0 perpendicularly at (x, ∓h, 0): the
         * face lies in y ≥ 0, so the miss (y = -h) keeps distance ≥ h, reached
         * at the crossing, where the nearest point (x, 0, 0) is on edge f0f1. */
        ccd_gen_dyadic(at.c[0], (long)ccd_gen_uniform(rng, -8, 8), 6);
        mpq_set(at.c[1], h);
        if (!hit)
            mpq_neg(at.c[1], at.c[1]);
        mpq_set_ui(at.c[2], 0, 1);
        ccd_gen_vec_set_si(
            &vel, 0, 0, (ccd_gen_pick(rng, 2) ? 1 : -1) * (long)ccd_gen_uniform(rng, 32, 64), 64);
        ccd_gen_time(t, rng, 4, 28, 5);
        ccd_gen_move(c, CCD_GEN_V, &at, &vel, t);
    } else if (kind == CCD_VF) {
        /* The vertex slides at height h over the face, above (xm, ym) ∈ the face
         * at t = 1/2 (miss at distance exactly h); the hit descends from h to -h
         * through that point. */
        ccd_gen_dyadic(at.c[0], (long)ccd_gen_uniform(rng, -8, 8), 6);
        ccd_gen_dyadic(at.c[1], (long)ccd_gen_uniform(rng, 2, 8), 6);
        ccd_gen_vec_random(&vel, rng, -1, 1, 6);
        mpq_set_ui(vel.c[2], 0, 1);
        if (hit) {
            mpq_set_ui(at.c[2], 0, 1);
            mpq_mul_2exp(vel.c[2], h, 1);
            mpq_neg(vel.c[2], vel.c[2]);
        } else {
            mpq_set(at.c[2], h);
        }
        ccd_gen_move(c, CCD_GEN_V, &at, &vel, half);
    } else if (variant == 0) {
        /* Edge b crosses over edge a (on the x axis) in the plane z = h, meeting
         * the line y = 0 at x ∈ [-3/8, 3/8] ⊂ a at t = 1/2 (miss at distance h);
         * the hit descends from z = h to -h. */
        long c0 = (long)ccd_gen_uniform(rng, 32, 64), c1 = (long)ccd_gen_uniform(rng, 32, 64);
        ccd_gen_dyadic(at.c[0], (long)ccd_gen_uniform(rng, -8, 8), 6);
        ccd_gen_dyadic(at.c[1], -c0, 6);
        ccd_gen_dyadic(at2.c[1], c1, 6);
        ccd_gen_dyadic(at2.c[0], (long)ccd_gen_uniform(rng, -16, 16), 6);
        mpq_add(at2.c[0], at2.c[0], at.c[0]);
        ccd_gen_vec_set_si(&vel, (long)ccd_gen_uniform(rng, -32, 32), 0, 0, 64);
        if (hit) {
            mpq_set_ui(at.c[2], 0, 1);
            mpq_mul_2exp(vel.c[2], h, 1);
            mpq_neg(vel.c[2], vel.c[2]);
        } else {
            mpq_set(at.c[2], h);
        }
        mpq_set(at2.c[2], at.c[2]);
        ccd_gen_move(c, CCD_GEN_B0, &at, &vel, half);
        ccd_gen_move(c, CCD_GEN_B1, &at2, &vel, half);
    } else {
        /* Edge b, perpendicular to a in the plane x = b ± h, crosses z = 0: the miss
         * (x = b + h) passes its endpoint a1 = (b, 0, 0) at distance exactly h. */
        long c0 = (long)ccd_gen_uniform(rng, 32, 64), c1 = (long)ccd_gen_uniform(rng, 32, 64);
        if (hit)
            mpq_sub(at.c[0], f.b, h);
        else
            mpq_add(at.c[0], f.b, h);
        mpq_set(at2.c[0], at.c[0]);
        ccd_gen_dyadic(at.c[1], -c0, 6);
        ccd_gen_dyadic(at2.c[1], c1, 6);
        mpq_set_ui(at.c[2], 0, 1);
        mpq_set_ui(at2.c[2], 0, 1);
        ccd_gen_vec_set_si(
            &vel, 0, 0, (ccd_gen_pick(rng, 2) ? 1 : -1) * (long)ccd_gen_uniform(rng, 32, 64), 64);
        ccd_gen_time(t, rng, 4, 28, 5);
        ccd_gen_move(c, CCD_GEN_B0, &at, &vel, t);
        ccd_gen_move(c, CCD_GEN_B1, &at2, &vel, t);
    }
    ccd_gen_place(c, rng);
    mpq_clears(h, t, half, NULL);
    ccd_gen_vecs_clear(3, &at, &vel, &at2);
    ccd_gen_frame_clear(&f);
}

/* Vertex-face tangent configurations; s = 0 (touch) or ε (miss). */
static void tangent_vf(ccd_exact_coords *c, ccd_gen_rng *rng, int variant, const mpq_t s,
                       const mpq_t tstar)
{
    ccd_gen_frame f;
    ccd_gen_frame_init(&f, rng);
    ccd_gen_vec at, vel, p;
    ccd_gen_vecs_init(3, &at, &vel, &p);
    if (variant == 0) {
        /* Double root: f0 = 0, f1 = (1,0,0) at rest, f2(t) = (0, 1, κτ), τ = t - t*,
         * v(t) = (vx, y* + τ, y*κτ - s).  With n = (f1-f0)×(f2-f0) = (0, -κτ, 1),
         * f(t) = v·n = -κτ² - s: it touches the face at t* at (vx, y*, 0),
         * strictly inside (vx, y* ∈ [1/8, 3/8]) and stays on one side; with
         * s = ε > 0, f < 0 throughout: never coplanar. */
        mpq_t kappa, ystar;
        mpq_inits(kappa, ystar, NULL);
        ccd_gen_dyadic(kappa, (long)ccd_gen_uniform(rng, 8, 32), 4);
        ccd_gen_dyadic(ystar, (long)ccd_gen_uniform(rng, 4, 12), 5);
        ccd_gen_vec_set_si(&p, 0, 0, 0, 1);
        ccd_gen_path(c, CCD_GEN_F0, &p, &p);
        ccd_gen_vec_set_si(&p, 1, 0, 0, 1);
        ccd_gen_path(c, CCD_GEN_F1, &p, &p);
        ccd_gen_vec_set_si(&at, 0, 1, 0, 1);
        ccd_gen_vec_set_si(&vel, 0, 0, 0, 1);
        mpq_set(vel.c[2], kappa);
        ccd_gen_move(c, CCD_GEN_F2, &at, &vel, tstar);
        ccd_gen_dyadic(at.c[0], (long)ccd_gen_uniform(rng, 4, 12), 5);
        mpq_set(at.c[1], ystar);
        mpq_neg(at.c[2], s);
        ccd_gen_vec_set_si(&vel, 0, 1, 0, 1);
        mpq_mul(vel.c[2], ystar, kappa);
        ccd_gen_move(c, CCD_GEN_V, &at, &vel, tstar);
        mpq_clears(kappa, ystar, NULL);
    } else {
        place_frame(c, &f, CCD_VF);
        ccd_gen_vec_set_si(&at, 0, 0, 0, 1);
        ccd_gen_vec_set_si(&vel, 0, 0, 0, 1);
        if (variant == 1) {
            /* The vertex crosses z = 0 perpendicularly through a boundary point:
             * (x, -s) beside edge f0f1, or (b + s, 0) beside corner f1 (the face
             * has y ≥ 0 and x ≤ b). */
            if (ccd_gen_pick(rng, 2)) {
                ccd_gen_dyadic(at.c[0], (long)ccd_gen_uniform(rng, -8, 8), 6);
                mpq_neg(at.c[1], s);
            } else {
                mpq_add(at.c[0], f.b, s);
            }
            ccd_gen_dyadic(vel.c[2],
                           (ccd_gen_pick(rng, 2) ? 1 : -1) * (long)ccd_gen_uniform(rng, 32, 64), 6);
        } else {
            /* In the face's plane, along the line x = b + s, which supports the
             * face at its corner f1 = (b, 0, 0) only. */
            mpq_add(at.c[0], f.b, s);
            ccd_gen_dyadic(vel.c[1],
                           (ccd_gen_pick(rng, 2) ? 1 : -1) * (long)ccd_gen_uniform(rng, 32, 64), 6);
        }
        ccd_gen_move(c, CCD_GEN_V, &at, &vel, tstar);
    }
    ccd_gen_vecs_clear(3, &at, &vel, &p);
    ccd_gen_frame_clear(&f);
}

/* Edge-edge tangent configurations; s = 0 (touch) or ε (miss). */
static void tangent_ee(ccd_exact_coords *c, ccd_gen_rng *rng, int variant, const mpq_t s,
                       const mpq_t tstar)
{
    ccd_gen_frame f;
    ccd_gen_frame_init(&f, rng);
    ccd_gen_vec at, vel, at2, vel2;
    ccd_gen_vecs_init(4, &at, &vel, &at2, &vel2);
    place_frame(c, &f, CCD_EE);
    ccd_gen_vec_set_si(&at, 0, 0, 0, 1);
    ccd_gen_vec_set_si(&at2, 0, 0, 0, 1);
    ccd_gen_vec_set_si(&vel, 0, 0, 0, 1);
    if (variant == 0) {
        /* Double root: b0(t) = (x0, -1 + τ, -κτ - s), b1(t) = (x1, 1, κτ - s).
         * Line b meets the x axis iff z0·y1 - z1·y0 = 0 (where y = 0 on b), and
         * z0·y1 - z1·y0 = -κτ² - s(2 - τ): a double root at τ = 0 for s = 0,
         * negative on [0, 1] for s > 0.  At t* b crosses y = 0 at its midpoint
         * ((x0 + x1)/2, 0, 0), inside a. */
        mpq_t kappa;
        mpq_init(kappa);
        ccd_gen_dyadic(kappa, (long)ccd_gen_uniform(rng, 8, 32), 4);
        ccd_gen_dyadic(at.c[0], (long)ccd_gen_uniform(rng, -8, 8), 5);
        mpq_set_si(at.c[1], -1, 1);
        mpq_neg(at.c[2], s);
        mpq_set_si(vel.c[1], 1, 1);
        mpq_neg(vel.c[2], kappa);
        ccd_gen_dyadic(at2.c[0], (long)ccd_gen_uniform(rng, -8, 8), 5);
        mpq_set_si(at2.c[1], 1, 1);
        mpq_neg(at2.c[2], s);
        ccd_gen_vec_set_si(&vel2, 0, 0, 0, 1);
        mpq_set(vel2.c[2], kappa);
        mpq_clear(kappa);
    } else if (variant == 1) {
        /* Edge b crosses z = 0 perpendicularly: either through a's endpoint a1
         * (b in the plane x = b + s), or touching a's interior with its endpoint
         * b0 = (x, s, 0) (b lies in y ≥ s). */
        long c1 = (long)ccd_gen_uniform(rng, 32, 64);
        if (ccd_gen_pick(rng, 2)) {
            mpq_add(at.c[0], f.b, s);
            mpq_set(at2.c[0], at.c[0]);
            ccd_gen_dyadic(at.c[1], -(long)ccd_gen_uniform(rng, 32, 64), 6);
        } else {
            ccd_gen_dyadic(at.c[0], (long)ccd_gen_uniform(rng, -8, 8), 6);
            ccd_gen_dyadic(at2.c[0], (long)ccd_gen_uniform(rng, -16, 16), 6);
            mpq_add(at2.c[0], at2.c[0], at.c[0]);
            mpq_set(at.c[1], s);
        }
        ccd_gen_dyadic(at2.c[1], c1, 6);
        ccd_gen_dyadic(vel.c[2],
                       (ccd_gen_pick(rng, 2) ? 1 : -1) * (long)ccd_gen_uniform(rng, 32, 64), 6);
        ccd_gen_vec_set(&vel2, &vel);
    } else {
        /* In a's plane: b0 slides along the line x = b + s, and b lies in x ≥ b + s,
         * a in x ≤ b: they touch only when b0 passes a1 (s = 0). */
        mpq_add(at.c[0], f.b, s);
        ccd_gen_dyadic(at2.c[0], (long)ccd_gen_uniform(rng, 16, 64), 6);
        mpq_add(at2.c[0], at2.c[0], at.c[0]);
        ccd_gen_dyadic(at2.c[1], (long)ccd_gen_uniform(rng, -32, 32), 6);
        ccd_gen_dyadic(vel.c[1],
                       (ccd_gen_pick(rng, 2) ? 1 : -1) * (long)ccd_gen_uniform(rng, 32, 64), 6);
        ccd_gen_vec_set(&vel2, &vel);
    }
    ccd_gen_move(c, CCD_GEN_B0, &at, &vel, tstar);
    ccd_gen_move(c, CCD_GEN_B1, &at2, &vel2, tstar);
    ccd_gen_vecs_clear(4, &at, &vel, &at2, &vel2);
    ccd_gen_frame_clear(&f);
}

void ccd_gen_family_tangent(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index)
{
    int variant = (int)(index / 2 % 3);
    mpq_t s, tstar;
    mpq_inits(s, tstar, NULL);
    if (!ccd_gen_aims_to_hit(index))
        ccd_gen_tiny_dyadic(s, rng, 10, 40);
    ccd_gen_time(tstar, rng, 4, 28, 5);
    if (kind == CCD_VF)
        tangent_vf(c, rng, variant, s, tstar);
    else
        tangent_ee(c, rng, variant, s, tstar);
    ccd_gen_shear(c, rng);
    ccd_gen_place(c, rng);
    mpq_clears(s, tstar, NULL);
}
