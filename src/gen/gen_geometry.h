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

enum { CCD_GEN_V = 0, CCD_GEN_F0 = 1, CCD_GEN_F1 = 2, CCD_GEN_F2 = 3 };  /* vertex–face slots */
enum { CCD_GEN_A0 = 0, CCD_GEN_A1 = 1, CCD_GEN_B0 = 2, CCD_GEN_B1 = 3 }; /* edge–edge slots   */

typedef struct ccd_gen_vec {
    mpq_t c[3];
} ccd_gen_vec;

void ccd_gen_vec_init(ccd_gen_vec *v);
void ccd_gen_vec_clear(ccd_gen_vec *v);
/* Initialise / clear n vectors given as pointers. */
void ccd_gen_vecs_init(int n, ...);
void ccd_gen_vecs_clear(int n, ...);

/* v = (x, y, z) / den (den > 0). */
void ccd_gen_vec_set_si(ccd_gen_vec *v, long x, long y, long z, unsigned long den);
void ccd_gen_vec_set(ccd_gen_vec *r, const ccd_gen_vec *a);
void ccd_gen_vec_add(ccd_gen_vec *r, const ccd_gen_vec *a, const ccd_gen_vec *b);
void ccd_gen_vec_sub(ccd_gen_vec *r, const ccd_gen_vec *a, const ccd_gen_vec *b);
/* r = a + s b (r may alias a or b). */
void ccd_gen_vec_addmul(ccd_gen_vec *r, const ccd_gen_vec *a, const mpq_t s, const ccd_gen_vec *b);
/* r = a × b (r must not alias a or b). */
void ccd_gen_vec_cross(ccd_gen_vec *r, const ccd_gen_vec *a, const ccd_gen_vec *b);
/* Each coordinate uniform on the dyadic grid 2^-bits of [lo, hi]. */
void ccd_gen_vec_random(ccd_gen_vec *v, ccd_gen_rng *rng, long lo, long hi, unsigned bits);

/* Point `slot` moves linearly and is at `at` when t = tstar with velocity vel:
 * row slot = at - tstar·vel, row slot+4 = at + (1 - tstar)·vel. */
void ccd_gen_move(ccd_exact_coords *c, int slot, const ccd_gen_vec *at, const ccd_gen_vec *vel,
                  const mpq_t tstar);
/* Point `slot` at p0 when t = 0 and p1 when t = 1. */
void ccd_gen_path(ccd_exact_coords *c, int slot, const ccd_gen_vec *p0, const ccd_gen_vec *p1);

/* out = n / 2^bits. */
void ccd_gen_dyadic(mpq_t out, long n, unsigned bits);
/* out = ±2^-e with e uniform in [emin, emax]. */
void ccd_gen_tiny_dyadic(mpq_t out, ccd_gen_rng *rng, int emin, int emax);
/* out = 10^-k. */
void ccd_gen_pow10_neg(mpq_t out, unsigned k);

/*
 * Transforms applied to all 8 rows.  Collision and the time of impact are
 * invariant under each of them, because they act on the positions at every t
 * alike (an invertible affine map of space, or a translation that grows linearly
 * with t, x(t) ↦ x(t) + t·w):
 *   ccd_gen_shear     a random invertible linear map (dyadic entries; distances change);
 *   ccd_gen_rotate    a random rotation with rational entries (quaternion
 *                 (a,b,c,d) ∈ ℤ⁴: R = M/(a²+b²+c²+d²), Euler–Rodrigues), so the
 *                 coordinates become non-dyadic; distances are kept;
 *   ccd_gen_place     a random signed permutation of the axes, a dyadic translation
 *                 and a common dyadic velocity; distances are kept.
 */
void ccd_gen_shear(ccd_exact_coords *c, ccd_gen_rng *rng);
void ccd_gen_rotate(ccd_exact_coords *c, ccd_gen_rng *rng);
void ccd_gen_place(ccd_exact_coords *c, ccd_gen_rng *rng);
/* x ↦ s·x + (tx, ty, tz) on every row. */
void ccd_gen_affine(ccd_exact_coords *c, mpq_srcptr s, mpq_srcptr tx, mpq_srcptr ty, mpq_srcptr tz);

#endif
