/* SPDX-License-Identifier: MIT */
/*
 * Family `multi-root`: the coplanarity polynomial f(t) has two or three roots in
 * [0, 1], placed at chosen dyadic times; whether the primitives touch at each
 * root is steered through the positions at the roots.
 *
 * VF, quadratic: f0 = 0, f1(t) = (1, 0, z1(t)), f2 = (0, 1, 0), v(t) = (vx(t), y0, vz(t)).
 *   n = (f1 - f0) × (f2 - f0) = (-z1, 0, 1), so f = v·n = vz - vx·z1.  With
 *   z1 = γ(t - ρ), vx = α + βt we solve vz = λ + μt for f = c(t - r1)(t - r2),
 *   c = -γβ.  The face projects onto the unit right triangle of the xy plane
 *   with the same barycentric coordinates, so at a root the vertex touches the
 *   face iff vx ≥ 0 and vx + y0 ≤ 1 (y0 ∈ [1/8, 1/4]).  Patterns: both roots
 *   inside, first outside and second inside, both outside, or both roots outside
 *   [0, 1].
 * VF, cubic: f2(t) = (x2(t), 1, 0) and vy(t) linear too: n = (-z1, z1·x2, 1),
 *   f = vz - vx·z1 + vy·z1·x2 has degree 3; β is solved to match the t² term
 *   and vz the t¹, t⁰ terms of c(t - r1)(t - r2)(t - r3), three roots in (0, 1).
 *   Whether the vertex is inside the face at the roots is left to chance.
 * EE: a = (0,0,0)–(1,0,0); b = (X, y0, z0)–(X, 1, z1) with y0(t) = -(p + qt) < 0.
 *   Line b crosses y = 0 at z = (z0 - z1·y0)/(1 - y0), so the lines meet iff
 *   g = z0 + z1·(p + qt) = 0; with z1 = γ(t - ρ) we solve z0 for
 *   g = c(t - r1)(t - r2), c = γq.  The meeting point is (X, 0, 0), on a iff
 *   X ∈ [0, 1]; X(t) = α + βt follows the same patterns as vx.
 */
#include <config.h>

#include "gen/gen_family.h"

typedef struct poly3 {
    mpq_t c[4]; /* c[i] t^i */
} poly3;

static void poly_init(poly3 *p)
{
    for (int i = 0; i < 4; i++)
        mpq_init(p->c[i]);
}

static void poly_clear(poly3 *p)
{
    for (int i = 0; i < 4; i++)
        mpq_clear(p->c[i]);
}

static void poly_linear(poly3 *p, const mpq_t c0, const mpq_t c1)
{
    mpq_set(p->c[0], c0);
    mpq_set(p->c[1], c1);
    mpq_set_ui(p->c[2], 0, 1);
    mpq_set_ui(p->c[3], 0, 1);
}

/* r = a·b (degrees add up to at most 3; r must not alias a or b) */
static void poly_mul(poly3 *r, const poly3 *a, const poly3 *b)
{
    mpq_t t;
    mpq_init(t);
    for (int k = 0; k < 4; k++)
        mpq_set_ui(r->c[k], 0, 1);
    for (int i = 0; i < 4; i++)
        for (int j = 0; i + j < 4; j++) {
            mpq_mul(t, a->c[i], b->c[j]);
            mpq_add(r->c[i + j], r->c[i + j], t);
        }
    mpq_clear(t);
}

/* p = c·Π(t - r_i), n ≤ 3 roots */
static void poly_from_roots(poly3 *p, const mpq_t c, const mpq_t *roots, int n)
{
    poly3 f, g;
    poly_init(&f);
    poly_init(&g);
    mpq_t one, neg;
    mpq_inits(one, neg, NULL);
    mpq_set_ui(one, 1, 1);
    for (int k = 0; k < 4; k++)
        mpq_set_ui(p->c[k], 0, 1);
    mpq_set(p->c[0], c);
    for (int i = 0; i < n; i++) {
        mpq_neg(neg, roots[i]);
        poly_linear(&f, neg, one);
        poly_mul(&g, p, &f);
        for (int k = 0; k < 4; k++)
            mpq_set(p->c[k], g.c[k]);
    }
    mpq_clears(one, neg, NULL);
    poly_clear(&f);
    poly_clear(&g);
}

static long random_sign(ccd_gen_rng *rng)
{
    return ccd_gen_pick(rng, 2) ? 1 : -1;
}

/* Roots and the line α + βt (vx for VF, X for EE) of a quadratic pattern:
 * 0: both roots inside (position in [0, 5/8]), 1: the first outside, the
 * second inside (the line crosses 0 between them), 2: both outside (position
 * ≤ -1/8), 3: roots outside [0, 1] at inside positions. */
static void quadratic_pattern(mpq_t roots[2], mpq_t alpha, mpq_t beta, ccd_gen_rng *rng,
                              int pattern)
{
    long r1 = (long)ccd_gen_uniform(rng, 2, 22), r2 = (long)ccd_gen_uniform(rng, r1 + 6, 30);
    if (pattern == 3) {
        r1 = -(long)ccd_gen_uniform(rng, 1, 32);
        r2 = (long)ccd_gen_uniform(rng, 33, 64);
    }
    ccd_gen_dyadic(roots[0], r1, 5);
    ccd_gen_dyadic(roots[1], r2, 5);
    if (pattern == 1) { /* α + βt = β(t - r0), r0 = (r1 + r2)/2, β ∈ [1/4, 1/2] */
        ccd_gen_dyadic(beta, (long)ccd_gen_uniform(rng, 8, 16), 5);
        ccd_gen_dyadic(alpha, -(r1 + r2), 6);
        mpq_mul(alpha, alpha, beta);
    } else {
        ccd_gen_dyadic(beta, random_sign(rng) * (long)ccd_gen_uniform(rng, 1, 8), 5);
        if (pattern == 2)
            ccd_gen_dyadic(alpha, -(long)ccd_gen_uniform(rng, 12, 16), 5);
        else
            ccd_gen_dyadic(alpha, (long)ccd_gen_uniform(rng, 8, 12), 5);
    }
}

static void multi_root_vf_quadratic(ccd_exact_coords *c, ccd_gen_rng *rng, int pattern)
{
    mpq_t roots[2], alpha, beta, gamma, rho, lead, y0;
    mpq_inits(roots[0], roots[1], alpha, beta, gamma, rho, lead, y0, NULL);
    quadratic_pattern(roots, alpha, beta, rng, pattern);
    ccd_gen_dyadic(gamma, random_sign(rng) * (long)ccd_gen_uniform(rng, 8, 32), 4);
    ccd_gen_dyadic(rho, (long)ccd_gen_uniform(rng, 0, 32), 5);
    ccd_gen_dyadic(y0, (long)ccd_gen_uniform(rng, 4, 8), 5);
    poly3 z1, vx, prod, target;
    poly_init(&z1);
    poly_init(&vx);
    poly_init(&prod);
    poly_init(&target);
    mpq_mul(lead, gamma, rho);
    mpq_neg(lead, lead);
    poly_linear(&z1, lead, gamma); /* z1 = γ(t - ρ) */
    poly_linear(&vx, alpha, beta);
    poly_mul(&prod, &vx, &z1);
    mpq_mul(lead, gamma, beta);
    mpq_neg(lead, lead); /* c = -γβ */
    poly_from_roots(&target, lead, roots, 2);
    /* vz = target + vx·z1 (its t² terms cancel) */
    ccd_gen_vec p0, p1;
    ccd_gen_vecs_init(2, &p0, &p1);
    ccd_gen_vec_set_si(&p0, 0, 0, 0, 1);
    ccd_gen_path(c, CCD_GEN_F0, &p0, &p0);
    ccd_gen_vec_set_si(&p0, 0, 1, 0, 1);
    ccd_gen_path(c, CCD_GEN_F2, &p0, &p0);
    ccd_gen_vec_set_si(&p0, 1, 0, 0, 1);
    ccd_gen_vec_set_si(&p1, 1, 0, 0, 1);
    mpq_set(p0.c[2], z1.c[0]);
    mpq_add(p1.c[2], z1.c[0], z1.c[1]);
    ccd_gen_path(c, CCD_GEN_F1, &p0, &p1);
    mpq_set(p0.c[0], vx.c[0]);
    mpq_add(p1.c[0], vx.c[0], vx.c[1]);
    mpq_set(p0.c[1], y0);
    mpq_set(p1.c[1], y0);
    mpq_add(p0.c[2], target.c[0], prod.c[0]);
    mpq_add(p1.c[2], target.c[1], prod.c[1]);
    mpq_add(p1.c[2], p1.c[2], p0.c[2]);
    ccd_gen_path(c, CCD_GEN_V, &p0, &p1);
    ccd_gen_vecs_clear(2, &p0, &p1);
    poly_clear(&z1);
    poly_clear(&vx);
    poly_clear(&prod);
    poly_clear(&target);
    mpq_clears(roots[0], roots[1], alpha, beta, gamma, rho, lead, y0, NULL);
}

static void multi_root_vf_cubic(ccd_exact_coords *c, ccd_gen_rng *rng)
{
    mpq_t roots[3], a, b, lead;
    mpq_inits(roots[0], roots[1], roots[2], a, b, lead, NULL);
    long r1 = (long)ccd_gen_uniform(rng, 2, 14), r2 = (long)ccd_gen_uniform(rng, r1 + 4, 22),
         r3 = (long)ccd_gen_uniform(rng, r2 + 4, 30);
    ccd_gen_dyadic(roots[0], r1, 5);
    ccd_gen_dyadic(roots[1], r2, 5);
    ccd_gen_dyadic(roots[2], r3, 5);
    poly3 z1, x2, vy, vx, prod, tmp, target;
    poly3 *all[] = {&z1, &x2, &vy, &vx, &prod, &tmp, &target};
    for (int i = 0; i < 7; i++)
        poly_init(all[i]);
    /* z1 = γ(t - ρ), x2 = ξ0 + ξ1 t, vy = η0 + η1 t, vx = α + βt (β solved below) */
    ccd_gen_dyadic(b, random_sign(rng) * (long)ccd_gen_uniform(rng, 8, 32), 4);
    ccd_gen_dyadic(a, (long)ccd_gen_uniform(rng, 0, 32), 5);
    mpq_mul(a, a, b);
    mpq_neg(a, a);
    poly_linear(&z1, a, b);
    ccd_gen_dyadic(a, (long)ccd_gen_uniform(rng, -8, 8), 5);
    ccd_gen_dyadic(b, random_sign(rng) * (long)ccd_gen_uniform(rng, 4, 8), 5);
    poly_linear(&x2, a, b);
    ccd_gen_dyadic(a, (long)ccd_gen_uniform(rng, 4, 8), 5);
    ccd_gen_dyadic(b, random_sign(rng) * (long)ccd_gen_uniform(rng, 4, 8), 5);
    poly_linear(&vy, a, b);
    /* h = vy·z1·x2 - vx·z1; its cubic coefficient c = η1·γ·ξ1 fixes the target */
    poly_mul(&tmp, &vy, &x2);
    poly_mul(&prod, &tmp, &z1); /* vy·x2·z1 */
    mpq_set(lead, prod.c[3]);
    poly_from_roots(&target, lead, roots, 3);
    /* f = vz - vx·z1 + prod must equal target; vz is linear and vx·z1 =
     * (α + βt)(z1_0 + z1_1 t) has t² coefficient β·z1_1, so
     * β = (prod_2 - target_2) / z1_1 (the t³ terms agree by the choice of c). */
    ccd_gen_dyadic(a, (long)ccd_gen_uniform(rng, 0, 16), 5);
    mpq_sub(b, prod.c[2], target.c[2]);
    mpq_div(b, b, z1.c[1]);
    poly_linear(&vx, a, b);
    poly_mul(&tmp, &vx, &z1);
    /* vz = target - (prod - vx·z1) on t⁰, t¹ */
    ccd_gen_vec p0, p1;
    ccd_gen_vecs_init(2, &p0, &p1);
    ccd_gen_vec_set_si(&p0, 0, 0, 0, 1);
    ccd_gen_path(c, CCD_GEN_F0, &p0, &p0);
    ccd_gen_vec_set_si(&p0, 1, 0, 0, 1);
    ccd_gen_vec_set_si(&p1, 1, 0, 0, 1);
    mpq_set(p0.c[2], z1.c[0]);
    mpq_add(p1.c[2], z1.c[0], z1.c[1]);
    ccd_gen_path(c, CCD_GEN_F1, &p0, &p1);
    ccd_gen_vec_set_si(&p0, 0, 1, 0, 1);
    ccd_gen_vec_set_si(&p1, 0, 1, 0, 1);
    mpq_set(p0.c[0], x2.c[0]);
    mpq_add(p1.c[0], x2.c[0], x2.c[1]);
    ccd_gen_path(c, CCD_GEN_F2, &p0, &p1);
    for (int k = 0; k < 2; k++) { /* k = 0: t = 0, k = 1: the t¹ coefficient */
        mpq_sub(lead, target.c[k], prod.c[k]);
        mpq_add(lead, lead, tmp.c[k]);
        mpq_set(k ? p1.c[2] : p0.c[2], lead);
    }
    mpq_add(p1.c[2], p1.c[2], p0.c[2]);
    mpq_set(p0.c[0], vx.c[0]);
    mpq_add(p1.c[0], vx.c[0], vx.c[1]);
    mpq_set(p0.c[1], vy.c[0]);
    mpq_add(p1.c[1], vy.c[0], vy.c[1]);
    ccd_gen_path(c, CCD_GEN_V, &p0, &p1);
    ccd_gen_vecs_clear(2, &p0, &p1);
    for (int i = 0; i < 7; i++)
        poly_clear(all[i]);
    mpq_clears(roots[0], roots[1], roots[2], a, b, lead, NULL);
}

static void multi_root_ee(ccd_exact_coords *c, ccd_gen_rng *rng, int pattern)
{
    mpq_t roots[2], alpha, beta, gamma, p, q, lead;
    mpq_inits(roots[0], roots[1], alpha, beta, gamma, p, q, lead, NULL);
    quadratic_pattern(roots, alpha, beta, rng, pattern);
    ccd_gen_dyadic(gamma, random_sign(rng) * (long)ccd_gen_uniform(rng, 8, 32), 4);
    ccd_gen_dyadic(p, (long)ccd_gen_uniform(rng, 8, 16), 5);
    ccd_gen_dyadic(q, (long)ccd_gen_uniform(rng, 4, 8), 5);
    poly3 z1, w, prod, target;
    poly_init(&z1);
    poly_init(&w);
    poly_init(&prod);
    poly_init(&target);
    ccd_gen_dyadic(lead, (long)ccd_gen_uniform(rng, 0, 32), 5); /* ρ */
    mpq_mul(lead, lead, gamma);
    mpq_neg(lead, lead);
    poly_linear(&z1, lead, gamma);
    poly_linear(&w, p, q); /* -y0 */
    poly_mul(&prod, &z1, &w);
    mpq_mul(lead, gamma, q);
    poly_from_roots(&target, lead, roots, 2);
    ccd_gen_vec p0, p1;
    ccd_gen_vecs_init(2, &p0, &p1);
    ccd_gen_vec_set_si(&p0, 0, 0, 0, 1);
    ccd_gen_path(c, CCD_GEN_A0, &p0, &p0);
    ccd_gen_vec_set_si(&p0, 1, 0, 0, 1);
    ccd_gen_path(c, CCD_GEN_A1, &p0, &p0);
    /* b0 = (X, -(p + qt), z0), z0 = target - z1·(p + qt) on t⁰, t¹ */
    mpq_set(p0.c[0], alpha);
    mpq_add(p1.c[0], alpha, beta);
    mpq_neg(p0.c[1], p);
    mpq_add(p1.c[1], p, q);
    mpq_neg(p1.c[1], p1.c[1]);
    mpq_sub(p0.c[2], target.c[0], prod.c[0]);
    mpq_sub(p1.c[2], target.c[1], prod.c[1]);
    mpq_add(p1.c[2], p1.c[2], p0.c[2]);
    ccd_gen_path(c, CCD_GEN_B0, &p0, &p1);
    /* b1 = (X, 1, z1) */
    mpq_set_ui(p0.c[1], 1, 1);
    mpq_set_ui(p1.c[1], 1, 1);
    mpq_set(p0.c[2], z1.c[0]);
    mpq_add(p1.c[2], z1.c[0], z1.c[1]);
    ccd_gen_path(c, CCD_GEN_B1, &p0, &p1);
    ccd_gen_vecs_clear(2, &p0, &p1);
    poly_clear(&z1);
    poly_clear(&w);
    poly_clear(&prod);
    poly_clear(&target);
    mpq_clears(roots[0], roots[1], alpha, beta, gamma, p, q, lead, NULL);
}

void ccd_gen_family_multi_root(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index)
{
    /* Patterns 0, 1 aim at a hit, 2, 3 at a miss; VF uses the cubic every third pair. */
    int alternative = (int)(index / 2 % 2);
    int pattern = ccd_gen_aims_to_hit(index) ? alternative : 2 + alternative;
    if (kind == CCD_VF && index / 4 % 3 == 2)
        multi_root_vf_cubic(c, rng);
    else if (kind == CCD_VF)
        multi_root_vf_quadratic(c, rng, pattern);
    else
        multi_root_ee(c, rng, pattern);
    ccd_gen_shear(c, rng);
    ccd_gen_place(c, rng);
}
