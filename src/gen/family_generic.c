/* SPDX-License-Identifier: MIT */
/*
 * Families built from the shared configurations of gen_builders.c:
 *   random         generic contacts at a random time (hits) and random scatter;
 *   endpoint-time  contact exactly at t = 0 or t = 1, and just outside the step;
 *   rational       non-dyadic rationals: crossings at times such as 1/3 with
 *                  offsets 3^-j or 10^-j, and rotated coplanar configurations;
 *   scaled         the other families' configurations at magnitudes 10^-6..10^6.
 */
#include <config.h>

#include "gen/gen_family.h"

static ccd_gen_feature random_feature(ccd_gen_rng *rng)
{
    /* interior contacts half of the time, edges and corners a quarter each */
    int r = ccd_gen_pick(rng, 4);
    return r < 2 ? CCD_GEN_INTERIOR : r == 2 ? CCD_GEN_EDGE : CCD_GEN_CORNER;
}

void ccd_gen_family_random(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index)
{
    if (ccd_gen_aims_to_hit(index)) {
        mpq_t t;
        mpq_init(t);
        ccd_gen_time(t, rng, 0, 32, 5);
        ccd_gen_contact(c, rng, kind, t, random_feature(rng));
        mpq_clear(t);
    } else {
        ccd_gen_scatter(c, rng);
    }
}

void ccd_gen_family_endpoint_time(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind,
                                  uint64_t index)
{
    /* t* = 0 or 1 (hits), -ε or 1 + ε (misses: the rigid crossing meets only at t*) */
    int at_end = (int)(index / 2 % 2);
    int generic = index / 4 % 2 && ccd_gen_aims_to_hit(index);
    mpq_t t, zero;
    mpq_inits(t, zero, NULL);
    if (!ccd_gen_aims_to_hit(index))
        ccd_gen_tiny_dyadic(t, rng, 4, 30);
    if (at_end) { /* t = 1 + ε (zero is reset before its use as the offset) */
        mpq_set_ui(zero, 1, 1);
        mpq_add(t, t, zero);
        mpq_set_ui(zero, 0, 1);
    } else {
        mpq_neg(t, t);
    }
    ccd_gen_feature where = random_feature(rng);
    if (generic)
        ccd_gen_contact(c, rng, kind, t, where);
    else
        ccd_gen_crossing(c, rng, kind, t, where, zero);
    ccd_gen_shear(c, rng);
    ccd_gen_place(c, rng);
    mpq_clears(t, zero, NULL);
}

void ccd_gen_family_rational(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index)
{
    if (index / 2 % 2 == 0) {
        /* rigid crossing at t* = n/d, d ∈ {3, 5, 7, 9, 10}; misses pushed out by 3^-j or 10^-j */
        static const long dens[] = {3, 5, 7, 9, 10};
        long d = dens[ccd_gen_pick(rng, 5)];
        mpq_t t, outside;
        mpq_inits(t, outside, NULL);
        mpq_set_si(t, (long)ccd_gen_uniform(rng, 1, d - 1), (unsigned long)d);
        mpq_canonicalize(t);
        if (!ccd_gen_aims_to_hit(index)) {
            unsigned j = (unsigned)ccd_gen_uniform(rng, 1, 8);
            mpz_set_ui(mpq_numref(outside), 1);
            mpz_ui_pow_ui(mpq_denref(outside), ccd_gen_pick(rng, 2) ? 3 : 10, j);
        }
        ccd_gen_crossing(c, rng, kind, t, random_feature(rng), outside);
        mpq_clears(t, outside, NULL);
    } else {
        /* a coplanar configuration (index/4 picks its variant) */
        ccd_gen_family_coplanar(c, rng, kind, index / 4 * 2 + index % 2);
    }
    ccd_gen_rotate(c, rng);
    ccd_gen_place(c, rng);
}

void ccd_gen_family_scaled(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index)
{
    static const ccd_gen_build_fn bases[] = {ccd_gen_family_random,  ccd_gen_family_near_miss,
                                             ccd_gen_family_tangent, ccd_gen_family_coplanar,
                                             ccd_gen_family_point,   ccd_gen_family_endpoint_time};
    enum { NBASES = sizeof bases / sizeof bases[0] };
    /* the base keeps the parity (aim) of index; its own variants advance slowly */
    bases[index / 2 % NBASES](c, rng, kind, index / (2 * NBASES) * 2 + index % 2);
    /* x ↦ 10^e·x/16 + 10^e2·(n_x, n_y, n_z), e ∈ [-6, 5], e2 ∈ [e, 5], n ∈ [-9, 9]³
     * (or no translation): |x/16| ≤ 1 so every coordinate stays within 10^6. */
    int e = (int)ccd_gen_uniform(rng, -6, 5);
    int e2 = (int)ccd_gen_uniform(rng, e, 5);
    int translate = ccd_gen_pick(rng, 3) != 0;
    mpq_t s, t[3], p;
    mpq_inits(s, t[0], t[1], t[2], p, NULL);
    mpz_ui_pow_ui(mpq_numref(p), 10, (unsigned long)(e < 0 ? -e : e));
    mpq_set_z(s, mpq_numref(p));
    if (e < 0)
        mpq_inv(s, s);
    mpq_div_2exp(s, s, 4);
    mpz_ui_pow_ui(mpq_numref(p), 10, (unsigned long)(e2 < 0 ? -e2 : e2));
    mpz_set_ui(mpq_denref(p), 1);
    if (e2 < 0)
        mpq_inv(p, p);
    for (int k = 0; k < 3; k++) {
        mpq_set_si(t[k], translate ? (long)ccd_gen_uniform(rng, -9, 9) : 0, 1);
        mpq_mul(t[k], t[k], p);
    }
    ccd_gen_affine(c, s, t[0], t[1], t[2]);
    mpq_clears(s, t[0], t[1], t[2], p, NULL);
}
