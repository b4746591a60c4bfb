/* SPDX-License-Identifier: MIT */
/*
 * Exact geometry for the query generator: rational 3-vectors, linear motions
 * written into the 8 rows of a query, and the transforms that move a
 * configuration without changing whether (or when) it collides.
 *
 * Rows of a query (ccdbench.h): slot k ∈ 0..3 is a point, row k its position at
 * t = 0 and row k + 4 at t = 1.  VF slots: vertex, f0, f1, f2; EE: a0, a1, b0, b1.
 */
#ifndef CCD_GEN_GEOMETRY_H
#define CCD_GEN_GEOMETRY_H
#include "ccdbench.h"
#include "gen/gen_random.h"

enum { GEN_V = 0, GEN_F0 = 1, GEN_F1 = 2, GEN_F2 = 3 };  /* vertex–face slots */
enum { GEN_A0 = 0, GEN_A1 = 1, GEN_B0 = 2, GEN_B1 = 3 }; /* edge–edge slots   */

typedef struct gen_vec {
    mpq_t c[3];
} gen_vec;

void gen_vec_init(gen_vec *v);
void gen_vec_clear(gen_vec *v);
/* Initialise / clear n vectors given as pointers. */
void gen_vecs_init(int n, ...);
void gen_vecs_clear(int n, ...);

/* v = (x, y, z) / den (den > 0). */
void gen_vec_set_si(gen_vec *v, long x, long y, long z, unsigned long den);
void gen_vec_set(gen_vec *r, const gen_vec *a);
void gen_vec_add(gen_vec *r, const gen_vec *a, const gen_vec *b);
void gen_vec_sub(gen_vec *r, const gen_vec *a, const gen_vec *b);
/* r = a + s b (r may alias a or b). */
void gen_vec_addmul(gen_vec *r, const gen_vec *a, const mpq_t s, const gen_vec *b);
/* r = a × b (r must not alias a or b). */
void gen_vec_cross(gen_vec *r, const gen_vec *a, const gen_vec *b);
/* Each coordinate uniform on the dyadic grid 2^-bits of [lo, hi]. */
void gen_vec_random(gen_vec *v, ccd_gen_rng *rng, long lo, long hi, unsigned bits);

/* Point `slot` moves linearly and is at `at` when t = tstar with velocity vel:
 * row slot = at - tstar·vel, row slot+4 = at + (1 - tstar)·vel. */
void gen_move(ccd_exact_coords *c, int slot, const gen_vec *at, const gen_vec *vel,
              const mpq_t tstar);
/* Point `slot` at p0 when t = 0 and p1 when t = 1. */
void gen_path(ccd_exact_coords *c, int slot, const gen_vec *p0, const gen_vec *p1);

/* out = n / 2^bits. */
void gen_dyadic(mpq_t out, long n, unsigned bits);
/* out = ±2^-e with e uniform in [emin, emax]. */
void gen_tiny_dyadic(mpq_t out, ccd_gen_rng *rng, int emin, int emax);
/* out = 10^-k. */
void gen_pow10_neg(mpq_t out, unsigned k);

/*
 * Transforms applied to all 8 rows.  Collision and the time of impact are
 * invariant under each of them, because they act on the positions at every t
 * alike (an invertible affine map of space, or a translation that grows linearly
 * with t, x(t) ↦ x(t) + t·w):
 *   gen_shear     a random invertible linear map (dyadic entries; distances change);
 *   gen_rotate    a random rotation with rational entries (quaternion
 *                 (a,b,c,d) ∈ ℤ⁴: R = M/(a²+b²+c²+d²), Euler–Rodrigues), so the
 *                 coordinates become non-dyadic; distances are kept;
 *   gen_place     a random signed permutation of the axes, a dyadic translation
 *                 and a common dyadic velocity; distances are kept.
 */
void gen_shear(ccd_exact_coords *c, ccd_gen_rng *rng);
void gen_rotate(ccd_exact_coords *c, ccd_gen_rng *rng);
void gen_place(ccd_exact_coords *c, ccd_gen_rng *rng);
/* x ↦ s·x + (tx, ty, tz) on every row. */
void gen_affine(ccd_exact_coords *c, mpq_srcptr s, mpq_srcptr tx, mpq_srcptr ty, mpq_srcptr tz);

#endif
