/* SPDX-License-Identifier: MIT */
/*
 * Degenerate families: `coplanar` (the coplanarity polynomial vanishes
 * identically), `parallel` (parallel and collinear edges; a vertex moving along
 * an edge's line or parallel to the face), `point` (point–point coincidence) and
 * `zero-area` (collinear faces, coincident face vertices, zero-length edges).
 * Misses are built so that they cannot touch (the argument is in each comment);
 * hits touch at a known time t*.  All are then sheared and placed (collision is
 * invariant under both, gen_geometry.h).
 */
#include <config.h>

#include "gen/gen_family.h"

#include <math.h>

static int vec_is_zero(const ccd_gen_vec *v)
{
    return mpq_sgn(v->c[0]) == 0 && mpq_sgn(v->c[1]) == 0 && mpq_sgn(v->c[2]) == 0;
}

/* v ← v·2^-e with max|v_i| ≤ 1 (the scale chosen in floating point, exactly applied). */
static void normalise(ccd_gen_vec *v)
{
    double m = 0;
    for (int k = 0; k < 3; k++)
        m = fmax(m, fabs(mpq_get_d(v->c[k])));
    int e = 0;
    if (m > 0)
        frexp(m, &e);
    for (int k = 0; k < 3; k++)
        if (e > 0)
            mpq_div_2exp(v->c[k], v->c[k], (mp_bitcnt_t)e);
        else
            mpq_mul_2exp(v->c[k], v->c[k], (mp_bitcnt_t)-e);
}

/*
 * A point meeting a segment s0 s1 (possibly of length 0) at t = t*, or missing it.
 * The segment translates with velocity w; the point is at
 *   p(t*) = s0 + mu (s1 - s0) + eps·u   and moves with w + d,
 * where u ⊥ e = s1 - s0 and d ⊥ u, d ⊥ e.  Relative to the segment the point is
 * at s0 + mu e + eps u + τ d (τ = t - t*), whose component orthogonal to e is
 * eps u + τ d with |eps u + τ d|² = eps²|u|² + τ²|d|² > 0 when eps > 0: a miss.
 */
static void point_meets_segment(ccd_gen_vec *p, ccd_gen_vec *pvel, ccd_gen_vec *s0, ccd_gen_vec *s1,
                                ccd_gen_vec *svel, ccd_gen_rng *rng, const mpq_t mu,
                                const mpq_t eps)
{
    ccd_gen_vec e, u, r;
    ccd_gen_vecs_init(3, &e, &u, &r);
    ccd_gen_vec_sub(&e, s1, s0);
    do {
        ccd_gen_vec_random(&r, rng, -1, 1, 4);
        if (vec_is_zero(&e))
            ccd_gen_vec_set(&u, &r);
        else
            ccd_gen_vec_cross(&u, &e, &r);
    } while (vec_is_zero(&u));
    normalise(&u);
    do {
        ccd_gen_vec_random(&r, rng, -1, 1, 4);
        ccd_gen_vec_cross(pvel, &u, vec_is_zero(&e) ? &r : &e);
    } while (vec_is_zero(pvel));
    normalise(pvel);
    ccd_gen_vec_random(svel, rng, -1, 1, 6);
    ccd_gen_vec_add(pvel, pvel, svel);
    ccd_gen_vec_addmul(p, s0, mu, &e);
    ccd_gen_vec_addmul(p, p, eps, &u);
    ccd_gen_vecs_clear(3, &e, &u, &r);
}

/* ----------------------------------------------------------------- coplanar */

void ccd_gen_family_coplanar(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index)
{
    int hit = ccd_gen_aims_to_hit(index), variant = (int)(index / 2 % 2);
    ccd_gen_frame f;
    ccd_gen_frame_init(&f, rng);
    ccd_gen_vec at, vel, p;
    ccd_gen_vecs_init(3, &at, &vel, &p);
    mpq_t t, delta;
    mpq_inits(t, delta, NULL);
    ccd_gen_time(t, rng, 4, 28, 5);
    ccd_gen_tiny_dyadic(delta, rng, 2, 30);
    /* Everything stays in the plane z = 0, so the coplanarity polynomial is 0. */
    int moving = kind == CCD_VF ? CCD_GEN_V : CCD_GEN_B0;
    int first = kind == CCD_VF ? CCD_GEN_F0 : CCD_GEN_A0, n = kind == CCD_VF ? 3 : 2;
    /* The face (edge a): at rest, or (hit, variant 0) each point with its own
     * in-plane velocity and at the frame's position at t*. */
    for (int i = 0; i < n; i++) {
        ccd_gen_frame_point(&p, &f, i);
        ccd_gen_vec_set_si(&vel, 0, 0, 0, 1);
        if (hit && variant == 0) {
            ccd_gen_dyadic(vel.c[0], (long)ccd_gen_uniform(rng, -16, 16), 6);
            ccd_gen_dyadic(vel.c[1], (long)ccd_gen_uniform(rng, -16, 16), 6);
        }
        ccd_gen_move(c, first + i, &p, &vel, t);
    }
    ccd_gen_vec_set_si(&at, 0, 0, 0, 1);
    ccd_gen_vec_set_si(&vel, 0, 0, 0, 1);
    ccd_gen_dyadic(at.c[0], (long)ccd_gen_uniform(rng, -8, 8), 6);
    ccd_gen_dyadic(vel.c[0], (long)ccd_gen_uniform(rng, -64, 64), 6);
    if (hit && variant == 0) {
        /* at t* the vertex (endpoint b0) is inside the face (on edge a), coming
         * from y < 0 */
        if (kind == CCD_VF)
            ccd_gen_dyadic(at.c[1], (long)ccd_gen_uniform(rng, 1, 8), 6);
        ccd_gen_dyadic(vel.c[1], (long)ccd_gen_uniform(rng, 16, 64), 6);
    } else if (hit) {
        /* sliding along the line of edge f0f1 (edge a), across its point (x, 0) at t* */
    } else if (variant == 0) {
        /* sliding parallel to edge f0f1 (edge a) at y = -delta: distance ≥ delta */
        mpq_neg(at.c[1], delta);
    } else {
        /* approaching edge f0f1 (edge a) from y < 0, still at y = -delta at t = 1 */
        ccd_gen_dyadic(vel.c[1], (long)ccd_gen_uniform(rng, 16, 64), 6);
        mpq_neg(at.c[1], delta);
        mpq_set_ui(t, 1, 1);
    }
    ccd_gen_move(c, moving, &at, &vel, t);
    if (kind == CCD_EE) {
        /* b1 = b0 + (dx, dy) with dy < 0 (b lies in y ≤ b0's y: the misses above
         * keep y ≤ -delta) */
        ccd_gen_vec_set_si(&p, (long)ccd_gen_uniform(rng, -32, 32),
                           -(long)ccd_gen_uniform(rng, 16, 64), 0, 64);
        ccd_gen_vec_add(&at, &at, &p);
        if (hit && variant == 0) /* b1 with its own in-plane velocity */
            ccd_gen_dyadic(vel.c[0], (long)ccd_gen_uniform(rng, -64, 64), 6);
        ccd_gen_move(c, CCD_GEN_B1, &at, &vel, t);
    }
    ccd_gen_shear(c, rng);
    ccd_gen_place(c, rng);
    mpq_clears(t, delta, NULL);
    ccd_gen_vecs_clear(3, &at, &vel, &p);
    ccd_gen_frame_clear(&f);
}

/* ----------------------------------------------------------------- parallel */

void ccd_gen_family_parallel(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index)
{
    int hit = ccd_gen_aims_to_hit(index), variant = (int)(index / 2 % 2);
    ccd_gen_frame f;
    ccd_gen_frame_init(&f, rng);
    ccd_gen_vec at, vel, p;
    ccd_gen_vecs_init(3, &at, &vel, &p);
    mpq_t t, eps, speed;
    mpq_inits(t, eps, speed, NULL);
    ccd_gen_time(t, rng, 4, 28, 5);
    ccd_gen_tiny_dyadic(eps, rng, 4, 40);
    ccd_gen_dyadic(speed, (long)ccd_gen_uniform(rng, 16, 64), 6);
    int first = kind == CCD_VF ? CCD_GEN_F0 : CCD_GEN_A0, n = kind == CCD_VF ? 3 : 2;
    for (int i = 0; i < n; i++) {
        ccd_gen_frame_point(&p, &f, i);
        ccd_gen_path(c, first + i, &p, &p);
    }
    ccd_gen_vec_set_si(&at, 0, 0, 0, 1);
    ccd_gen_vec_set_si(&vel, 0, 0, 0, 1);
    if (variant == 1 || kind == CCD_VF) {
        if (kind == CCD_VF && variant == 1) {
            /* Parallel to the face: along x at height z = 0 (hit: in the plane, at
             * y ∈ [1/32, 1/8], entering the face) or z = eps (miss: distance eps,
             * the coplanarity polynomial is a non-zero constant). */
            mpq_sub(vel.c[0], vel.c[0], speed);
            ccd_gen_dyadic(at.c[0], (long)ccd_gen_uniform(rng, -8, 8), 6);
            ccd_gen_dyadic(at.c[1], (long)ccd_gen_uniform(rng, 2, 8), 6);
            if (!hit)
                mpq_set(at.c[2], eps);
        } else {
            /* Collinear with edge f0f1 (edge a): moving along the x axis towards
             * f1 = (b, 0, 0) from x > b; the hit reaches it at t*, the miss is
             * still at b + eps at t = 1. */
            mpq_neg(vel.c[0], speed);
            if (hit) {
                mpq_set(at.c[0], f.b);
            } else {
                mpq_add(at.c[0], f.b, eps);
                mpq_set_ui(t, 1, 1);
            }
        }
        ccd_gen_move(c, kind == CCD_VF ? CCD_GEN_V : CCD_GEN_B0, &at, &vel, t);
        if (kind == CCD_EE) { /* b1 further along the axis: b is collinear with a */
            ccd_gen_dyadic(p.c[0], (long)ccd_gen_uniform(rng, 16, 64), 6);
            mpq_add(at.c[0], at.c[0], p.c[0]);
            ccd_gen_move(c, CCD_GEN_B1, &at, &vel, t);
        }
    } else {
        /* EE, parallel: b = (x0, Y, Z)–(x0 + L, Y, Z) with (Y, Z)(t) = (Y*, Z*) + τ(vy, vz).
         * Hit: (Y*, Z*) = 0 with x-overlap, so b lies on a's line at t*.  Miss:
         * (Y*, Z*) = eps·(-vz, vy) (the path of (Y, Z) avoids the origin), or
         * (Y*, Z*) = 0 with b beyond a's end (x0 = b + eps). */
        ccd_gen_dyadic(vel.c[1], (long)ccd_gen_uniform(rng, 16, 64), 6);
        ccd_gen_dyadic(vel.c[2], (long)ccd_gen_uniform(rng, -64, 64), 6);
        ccd_gen_dyadic(at.c[0], (long)ccd_gen_uniform(rng, -32, 0), 6);
        if (!hit) {
            if (ccd_gen_pick(rng, 2)) {
                mpq_mul(at.c[1], eps, vel.c[2]);
                mpq_neg(at.c[1], at.c[1]);
                mpq_mul(at.c[2], eps, vel.c[1]);
            } else {
                mpq_add(at.c[0], f.b, eps);
            }
        }
        ccd_gen_move(c, CCD_GEN_B0, &at, &vel, t);
        ccd_gen_dyadic(p.c[0], (long)ccd_gen_uniform(rng, 16, 64), 6);
        mpq_add(at.c[0], at.c[0], p.c[0]);
        ccd_gen_move(c, CCD_GEN_B1, &at, &vel, t);
    }
    ccd_gen_shear(c, rng);
    ccd_gen_place(c, rng);
    mpq_clears(t, eps, speed, NULL);
    ccd_gen_vecs_clear(3, &at, &vel, &p);
    ccd_gen_frame_clear(&f);
}

/* ----------------------------------------------------------------- point */

void ccd_gen_family_point(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index)
{
    int hit = ccd_gen_aims_to_hit(index), variant = (int)(index / 2 % 2);
    mpq_t t, eps, zero;
    mpq_inits(t, eps, zero, NULL);
    ccd_gen_time(t, rng, 4, 28, 5);
    if (!hit)
        ccd_gen_tiny_dyadic(eps, rng, 4, 40);
    if (variant == 0) {
        /* a vertex meets a corner of the face / an endpoint meets an endpoint */
        ccd_gen_crossing(c, rng, kind, t, CCD_GEN_CORNER, eps);
    } else {
        /* every primitive collapsed to a point: the face's three vertices
         * coincide, or both edges have length 0 */
        ccd_gen_vec p, pvel, s, svel;
        ccd_gen_vecs_init(4, &p, &pvel, &s, &svel);
        ccd_gen_vec_random(&s, rng, -1, 1, 6);
        point_meets_segment(&p, &pvel, &s, &s, &svel, rng, zero, eps);
        if (kind == CCD_VF) {
            ccd_gen_move(c, CCD_GEN_V, &p, &pvel, t);
            for (int i = CCD_GEN_F0; i <= CCD_GEN_F2; i++)
                ccd_gen_move(c, i, &s, &svel, t);
        } else {
            ccd_gen_move(c, CCD_GEN_A0, &s, &svel, t);
            ccd_gen_move(c, CCD_GEN_A1, &s, &svel, t);
            ccd_gen_move(c, CCD_GEN_B0, &p, &pvel, t);
            ccd_gen_move(c, CCD_GEN_B1, &p, &pvel, t);
        }
        ccd_gen_vecs_clear(4, &p, &pvel, &s, &svel);
    }
    ccd_gen_shear(c, rng);
    ccd_gen_place(c, rng);
    mpq_clears(t, eps, zero, NULL);
}

/* ----------------------------------------------------------------- zero-area */

void ccd_gen_family_zero_area(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index)
{
    int hit = ccd_gen_aims_to_hit(index);
    mpq_t t, eps, mu, lambda;
    mpq_inits(t, eps, mu, lambda, NULL);
    ccd_gen_time(t, rng, 4, 28, 5);
    if (!hit)
        ccd_gen_tiny_dyadic(eps, rng, 4, 40);
    ccd_gen_vec p, pvel, s0, s1, svel, d;
    ccd_gen_vecs_init(6, &p, &pvel, &s0, &s1, &svel, &d);
    ccd_gen_vec_random(&s0, rng, -1, 1, 6);
    ccd_gen_vec_random(&s1, rng, -1, 1, 6);
    if (kind == CCD_VF) {
        /* Variant 0: f2 between f0 and f1; 1: f2 = f1; 2: f2 beyond f1 (λ ∈ [5/4, 2])
         * and the vertex crosses the hull between f1 and f2.  The face is the
         * segment it spans, translating rigidly (it stays collinear). */
        int variant = (int)(index / 2 % 3);
        if (variant == 0)
            ccd_gen_dyadic(lambda, (long)ccd_gen_uniform(rng, 4, 28), 5);
        else if (variant == 1)
            mpq_set_ui(lambda, 1, 1);
        else
            ccd_gen_dyadic(lambda, (long)ccd_gen_uniform(rng, 40, 64), 5);
        if (variant == 2) { /* mu ∈ [1 + 1/32, λ - 1/32] */
            mpq_t hi;
            mpq_init(hi);
            mpq_mul_2exp(hi, lambda, 5);
            long top = (long)mpz_get_si(mpq_numref(hi)) / (long)mpz_get_si(mpq_denref(hi));
            ccd_gen_dyadic(mu, (long)ccd_gen_uniform(rng, 33, top - 1), 5);
            mpq_clear(hi);
        } else {
            ccd_gen_dyadic(mu, (long)ccd_gen_uniform(rng, 4, 28), 5);
        }
        point_meets_segment(&p, &pvel, &s0, &s1, &svel, rng, mu, eps);
        ccd_gen_vec_sub(&d, &s1, &s0);
        ccd_gen_vec_addmul(&d, &s0, lambda, &d); /* f2 = f0 + λ (f1 - f0) */
        ccd_gen_move(c, CCD_GEN_V, &p, &pvel, t);
        ccd_gen_move(c, CCD_GEN_F0, &s0, &svel, t);
        ccd_gen_move(c, CCD_GEN_F1, &s1, &svel, t);
        ccd_gen_move(c, CCD_GEN_F2, &d, &svel, t);
    } else {
        /* Zero-length edge a (variant 0) or b (variant 1) crossing the other edge. */
        int variant = (int)(index / 2 % 2);
        ccd_gen_dyadic(mu, (long)ccd_gen_uniform(rng, 4, 28), 5);
        point_meets_segment(&p, &pvel, &s0, &s1, &svel, rng, mu, eps);
        int point_slot = variant == 0 ? CCD_GEN_A0 : CCD_GEN_B0;
        int seg_slot = variant == 0 ? CCD_GEN_B0 : CCD_GEN_A0;
        ccd_gen_move(c, point_slot, &p, &pvel, t);
        ccd_gen_move(c, point_slot + 1, &p, &pvel, t);
        ccd_gen_move(c, seg_slot, &s0, &svel, t);
        ccd_gen_move(c, seg_slot + 1, &s1, &svel, t);
    }
    ccd_gen_shear(c, rng);
    ccd_gen_place(c, rng);
    ccd_gen_vecs_clear(6, &p, &pvel, &s0, &s1, &svel, &d);
    mpq_clears(t, eps, mu, lambda, NULL);
}
