/* SPDX-License-Identifier: MIT */
/* Contact, rigid crossing and scatter configurations; see gen_builders.h. */
#include <config.h>

#include "gen/gen_builders.h"

#include <math.h>

int ccd_gen_pick(ccd_gen_rng *rng, int n)
{
    return (int)ccd_gen_uniform(rng, 0, n - 1);
}

void ccd_gen_time(mpq_t t, ccd_gen_rng *rng, long lo_num, long hi_num, unsigned bits)
{
    int64_t n = ccd_gen_uniform(rng, lo_num, hi_num);
    mpq_set_si(t, (long)n, 1);
    mpq_div_2exp(t, t, bits);
}

void ccd_gen_scatter(ccd_exact_coords *c, ccd_gen_rng *rng)
{
    for (int row = 0; row < CCD_QUERY_ROWS; row++)
        for (int k = 0; k < 3; k++)
            ccd_gen_uniform_q(c->q[row][k], rng, -1, 1, 8);
}

/* The meeting point and the primitives at the contact time.
 * VF: x[0] the vertex position, x[1..3] the face.  EE: x[0..1] edge a, x[2..3] edge b.
 * outside ≥ 0 pushes the meeting point off the feature (see ccd_gen_crossing). */
static void meeting_configuration(ccd_gen_vec x[4], ccd_gen_rng *rng, ccd_kind kind,
                                  ccd_gen_feature where, const mpq_t outside)
{
    mpq_t s, sigma;
    mpq_inits(s, sigma, NULL);
    ccd_gen_vec d, e;
    ccd_gen_vecs_init(2, &d, &e);
    int out = mpq_sgn(outside) != 0;
    if (kind == CCD_VF) {
        for (int i = 1; i <= 3; i++)
            ccd_gen_vec_random(&x[i], rng, -1, 1, 6);
        if (where == CCD_GEN_INTERIOR && !out) {
            /* barycentric (1 - u - w, u, w), u, w ∈ [1/8, 3/8] */
            mpq_set_si(s, (long)ccd_gen_uniform(rng, 4, 12), 32);
            mpq_canonicalize(s);
            mpq_set_si(sigma, (long)ccd_gen_uniform(rng, 4, 12), 32);
            mpq_canonicalize(sigma);
            ccd_gen_vec_sub(&d, &x[2], &x[1]);
            ccd_gen_vec_sub(&e, &x[3], &x[1]);
            ccd_gen_vec_addmul(&x[0], &x[1], s, &d);
            ccd_gen_vec_addmul(&x[0], &x[0], sigma, &e);
        } else if (where != CCD_GEN_CORNER) {
            /* on edge (f_i, f_j) at parameter s; outside: beyond it, away from f_k */
            int i = 1 + ccd_gen_pick(rng, 3), j = 1 + i % 3, k = 1 + j % 3;
            mpq_set_si(s, (long)ccd_gen_uniform(rng, 4, 28), 32);
            mpq_canonicalize(s);
            ccd_gen_vec_sub(&d, &x[j], &x[i]);
            ccd_gen_vec_addmul(&x[0], &x[i], s, &d);
            ccd_gen_vec_sub(&e, &x[0], &x[k]);
            ccd_gen_vec_addmul(&x[0], &x[0], outside, &e);
        } else {
            /* corner f_i; outside: barycentric (1 + 2δ, -δ, -δ) */
            int i = 1 + ccd_gen_pick(rng, 3), j = 1 + i % 3, k = 1 + j % 3;
            ccd_gen_vec_sub(&d, &x[i], &x[j]);
            ccd_gen_vec_sub(&e, &x[i], &x[k]);
            ccd_gen_vec_add(&d, &d, &e);
            ccd_gen_vec_addmul(&x[0], &x[i], outside, &d);
        }
    } else {
        ccd_gen_vec_random(&x[0], rng, -1, 1, 6);
        ccd_gen_vec_random(&x[1], rng, -1, 1, 6);
        /* parameter s on a and sigma on b of the meeting point */
        if (where == CCD_GEN_INTERIOR && !out) {
            mpq_set_si(s, (long)ccd_gen_uniform(rng, 4, 28), 32);
            mpq_set_si(sigma, (long)ccd_gen_uniform(rng, 4, 28), 32);
        } else if (where != CCD_GEN_CORNER) {
            mpq_set_si(s, ccd_gen_pick(rng, 2), 1);
            mpq_set_si(sigma, (long)ccd_gen_uniform(rng, 4, 28), 32);
        } else {
            mpq_set_si(s, ccd_gen_pick(rng, 2), 1);
            mpq_set_si(sigma, ccd_gen_pick(rng, 2), 1);
        }
        mpq_canonicalize(s);
        mpq_canonicalize(sigma);
        if (out) { /* s ∈ {0, 1} here: move it beyond the endpoint */
            if (mpq_sgn(s) == 0)
                mpq_sub(s, s, outside);
            else
                mpq_add(s, s, outside);
            if (where == CCD_GEN_CORNER) {
                if (mpq_sgn(sigma) == 0)
                    mpq_sub(sigma, sigma, outside);
                else
                    mpq_add(sigma, sigma, outside);
            }
        }
        ccd_gen_vec pa;
        ccd_gen_vec_init(&pa);
        ccd_gen_vec_sub(&d, &x[1], &x[0]);
        ccd_gen_vec_addmul(&pa, &x[0], s, &d);
        /* b = pa + (τ - sigma)·db, τ ∈ [0, 1] */
        ccd_gen_vec_random(&e, rng, -1, 1, 6);
        mpq_neg(sigma, sigma);
        ccd_gen_vec_addmul(&x[2], &pa, sigma, &e);
        ccd_gen_vec_add(&x[3], &x[2], &e);
        ccd_gen_vec_clear(&pa);
    }
    ccd_gen_vecs_clear(2, &d, &e);
    mpq_clears(s, sigma, NULL);
}

void ccd_gen_contact(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, const mpq_t tstar,
                     ccd_gen_feature where)
{
    ccd_gen_vec x[4], vel;
    for (int i = 0; i < 4; i++)
        ccd_gen_vec_init(&x[i]);
    ccd_gen_vec_init(&vel);
    mpq_t zero;
    mpq_init(zero);
    meeting_configuration(x, rng, kind, where, zero);
    for (int i = 0; i < 4; i++) {
        ccd_gen_vec_random(&vel, rng, -1, 1, 6);
        ccd_gen_move(c, i, &x[i], &vel, tstar);
    }
    mpq_clear(zero);
    for (int i = 0; i < 4; i++)
        ccd_gen_vec_clear(&x[i]);
    ccd_gen_vec_clear(&vel);
}

/* s = ±2^-e with 2^-e·max|n_i| ≤ 1: a step along n of length ≲ 1.  (Only the
 * scale is chosen in floating point; the step itself is exact.) */
static void unit_step(mpq_t s, const ccd_gen_vec *n, ccd_gen_rng *rng)
{
    double m = 0;
    for (int k = 0; k < 3; k++)
        m = fmax(m, fabs(mpq_get_d(n->c[k])));
    int e = 0;
    if (m > 0)
        frexp(m, &e); /* m < 2^e */
    mpq_set_si(s, ccd_gen_pick(rng, 2) ? 1 : -1, 1);
    if (e > 0)
        mpq_div_2exp(s, s, (mp_bitcnt_t)e);
    else
        mpq_mul_2exp(s, s, (mp_bitcnt_t)-e);
}

void ccd_gen_crossing(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, const mpq_t tstar,
                      ccd_gen_feature where, const mpq_t outside)
{
    ccd_gen_vec x[4], w, n, d, e;
    for (int i = 0; i < 4; i++)
        ccd_gen_vec_init(&x[i]);
    ccd_gen_vecs_init(4, &w, &n, &d, &e);
    mpq_t step;
    mpq_init(step);
    meeting_configuration(x, rng, kind, where, outside);
    ccd_gen_vec_random(&w, rng, -1, 1, 6);
    /* the moving primitive: the vertex (slot 0) or edge b (slots 2, 3) */
    if (kind == CCD_VF) {
        ccd_gen_vec_sub(&d, &x[2], &x[1]);
        ccd_gen_vec_sub(&e, &x[3], &x[1]);
    } else {
        ccd_gen_vec_sub(&d, &x[1], &x[0]);
        ccd_gen_vec_sub(&e, &x[3], &x[2]);
    }
    ccd_gen_vec_cross(&n, &d, &e);
    unit_step(step, &n, rng);
    ccd_gen_vec_addmul(&n, &w, step, &n); /* velocity of the moving primitive */
    for (int i = 0; i < 4; i++) {
        int moving = kind == CCD_VF ? i == CCD_GEN_V : i >= CCD_GEN_B0;
        ccd_gen_move(c, i, &x[i], moving ? &n : &w, tstar);
    }
    mpq_clear(step);
    for (int i = 0; i < 4; i++)
        ccd_gen_vec_clear(&x[i]);
    ccd_gen_vecs_clear(4, &w, &n, &d, &e);
}
