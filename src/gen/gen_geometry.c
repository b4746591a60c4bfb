/* SPDX-License-Identifier: MIT */
/* Exact rational vectors, motions and collision-preserving transforms; see gen_geometry.h. */
#include <config.h>

#include "gen/gen_geometry.h"

#include <stdarg.h>

void ccd_gen_vec_init(ccd_gen_vec *v)
{
    for (int k = 0; k < 3; k++)
        mpq_init(v->c[k]);
}

void ccd_gen_vec_clear(ccd_gen_vec *v)
{
    for (int k = 0; k < 3; k++)
        mpq_clear(v->c[k]);
}

void ccd_gen_vecs_init(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        ccd_gen_vec_init(va_arg(ap, ccd_gen_vec *));
    va_end(ap);
}

void ccd_gen_vecs_clear(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        ccd_gen_vec_clear(va_arg(ap, ccd_gen_vec *));
    va_end(ap);
}

void ccd_gen_vec_set_si(ccd_gen_vec *v, long x, long y, long z, unsigned long den)
{
    mpq_set_si(v->c[0], x, den);
    mpq_set_si(v->c[1], y, den);
    mpq_set_si(v->c[2], z, den);
    for (int k = 0; k < 3; k++)
        mpq_canonicalize(v->c[k]);
}

void ccd_gen_vec_set(ccd_gen_vec *r, const ccd_gen_vec *a)
{
    for (int k = 0; k < 3; k++)
        mpq_set(r->c[k], a->c[k]);
}

void ccd_gen_vec_add(ccd_gen_vec *r, const ccd_gen_vec *a, const ccd_gen_vec *b)
{
    for (int k = 0; k < 3; k++)
        mpq_add(r->c[k], a->c[k], b->c[k]);
}

void ccd_gen_vec_sub(ccd_gen_vec *r, const ccd_gen_vec *a, const ccd_gen_vec *b)
{
    for (int k = 0; k < 3; k++)
        mpq_sub(r->c[k], a->c[k], b->c[k]);
}

void ccd_gen_vec_addmul(ccd_gen_vec *r, const ccd_gen_vec *a, const mpq_t s, const ccd_gen_vec *b)
{
    mpq_t t;
    mpq_init(t);
    for (int k = 0; k < 3; k++) {
        mpq_mul(t, s, b->c[k]);
        mpq_add(r->c[k], a->c[k], t);
    }
    mpq_clear(t);
}

void ccd_gen_vec_cross(ccd_gen_vec *r, const ccd_gen_vec *a, const ccd_gen_vec *b)
{
    mpq_t t;
    mpq_init(t);
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        mpq_mul(r->c[k], a->c[i], b->c[j]);
        mpq_mul(t, a->c[j], b->c[i]);
        mpq_sub(r->c[k], r->c[k], t);
    }
    mpq_clear(t);
}

void ccd_gen_vec_random(ccd_gen_vec *v, ccd_gen_rng *rng, long lo, long hi, unsigned bits)
{
    for (int k = 0; k < 3; k++)
        ccd_gen_uniform_q(v->c[k], rng, lo, hi, bits);
}

void ccd_gen_move(ccd_exact_coords *c, int slot, const ccd_gen_vec *at, const ccd_gen_vec *vel,
                  const mpq_t tstar)
{
    mpq_t t;
    mpq_init(t);
    for (int k = 0; k < 3; k++) {
        mpq_mul(t, tstar, vel->c[k]);
        mpq_sub(c->q[slot][k], at->c[k], t);
        mpq_add(c->q[slot + 4][k], c->q[slot][k], vel->c[k]);
    }
    mpq_clear(t);
}

void ccd_gen_path(ccd_exact_coords *c, int slot, const ccd_gen_vec *p0, const ccd_gen_vec *p1)
{
    for (int k = 0; k < 3; k++) {
        mpq_set(c->q[slot][k], p0->c[k]);
        mpq_set(c->q[slot + 4][k], p1->c[k]);
    }
}

void ccd_gen_dyadic(mpq_t out, long n, unsigned bits)
{
    mpq_set_si(out, n, 1);
    mpq_div_2exp(out, out, bits);
}

void ccd_gen_tiny_dyadic(mpq_t out, ccd_gen_rng *rng, int emin, int emax)
{
    int e = (int)ccd_gen_uniform(rng, emin, emax);
    mpq_set_ui(out, 1, 1);
    mpq_div_2exp(out, out, (mp_bitcnt_t)e);
}

void ccd_gen_pow10_neg(mpq_t out, unsigned k)
{
    mpz_set_ui(mpq_numref(out), 1);
    mpz_ui_pow_ui(mpq_denref(out), 10, k);
}

/* Every row x ↦ m·x with m = num/den (num an integer 3×3 matrix, den > 0). */
static void linear_map(ccd_exact_coords *c, const long num[3][3], unsigned long den)
{
    mpq_t x[3], t, d;
    for (int k = 0; k < 3; k++)
        mpq_init(x[k]);
    mpq_init(t);
    mpq_init(d);
    mpq_set_ui(d, 1, den);
    for (int row = 0; row < CCD_QUERY_ROWS; row++) {
        for (int i = 0; i < 3; i++) {
            mpq_set_ui(x[i], 0, 1);
            for (int j = 0; j < 3; j++) {
                mpq_set_si(t, num[i][j], 1);
                mpq_mul(t, t, c->q[row][j]);
                mpq_add(x[i], x[i], t);
            }
            mpq_mul(x[i], x[i], d);
        }
        for (int i = 0; i < 3; i++)
            mpq_set(c->q[row][i], x[i]);
    }
    for (int k = 0; k < 3; k++)
        mpq_clear(x[k]);
    mpq_clear(t);
    mpq_clear(d);
}

void ccd_gen_shear(ccd_exact_coords *c, ccd_gen_rng *rng)
{
    /* m = (I + e)/… with e ∈ {-1,0,1}^(3×3) off the diagonal, halved: entries in
     * {-1/2, 0, 1/2} off the diagonal and 1 on it; redraw until det ≠ 0.  Row
     * sums of |m| are ≤ 2, so coordinates at most double. */
    long m[3][3];
    for (;;) {
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                m[i][j] = i == j ? 2 : (long)ccd_gen_uniform(rng, -1, 1);
        long det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                   m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                   m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        if (det != 0)
            break;
    }
    linear_map(c, m, 2);
}

void ccd_gen_rotate(ccd_exact_coords *c, ccd_gen_rng *rng)
{
    long a, b, cc, d, n;
    do {
        a = (long)ccd_gen_uniform(rng, -3, 3);
        b = (long)ccd_gen_uniform(rng, -3, 3);
        cc = (long)ccd_gen_uniform(rng, -3, 3);
        d = (long)ccd_gen_uniform(rng, -3, 3);
        n = a * a + b * b + cc * cc + d * d;
    } while (n == 0 || (n & (n - 1)) == 0); /* a power of two would keep coordinates dyadic */
    const long m[3][3] = {
        {a * a + b * b - cc * cc - d * d, 2 * (b * cc - a * d), 2 * (b * d + a * cc)},
        {2 * (b * cc + a * d), a * a - b * b + cc * cc - d * d, 2 * (cc * d - a * b)},
        {2 * (b * d - a * cc), 2 * (cc * d + a * b), a * a - b * b - cc * cc + d * d},
    };
    linear_map(c, m, (unsigned long)n);
}

void ccd_gen_place(ccd_exact_coords *c, ccd_gen_rng *rng)
{
    /* signed permutation (an isometry with entries 0, ±1) */
    int perm[3] = {0, 1, 2};
    for (int i = 2; i > 0; i--) {
        int j = (int)ccd_gen_uniform(rng, 0, i);
        int t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    long m[3][3] = {{0}};
    for (int i = 0; i < 3; i++)
        m[i][perm[i]] = ccd_gen_uniform(rng, 0, 1) ? 1 : -1;
    linear_map(c, m, 1);
    ccd_gen_vec shift, vel;
    ccd_gen_vecs_init(2, &shift, &vel);
    ccd_gen_vec_random(&shift, rng, -1, 1, 6);
    ccd_gen_vec_random(&vel, rng, -1, 1, 7);
    for (int k = 0; k < 3; k++)
        mpq_div_2exp(vel.c[k], vel.c[k], 1); /* velocity in [-1/2, 1/2] */
    for (int row = 0; row < CCD_QUERY_ROWS; row++)
        for (int k = 0; k < 3; k++) {
            mpq_add(c->q[row][k], c->q[row][k], shift.c[k]);
            if (row >= 4)
                mpq_add(c->q[row][k], c->q[row][k], vel.c[k]);
        }
    ccd_gen_vecs_clear(2, &shift, &vel);
}

void ccd_gen_affine(ccd_exact_coords *c, mpq_srcptr s, mpq_srcptr tx, mpq_srcptr ty, mpq_srcptr tz)
{
    mpq_srcptr t[3] = {tx, ty, tz};
    for (int row = 0; row < CCD_QUERY_ROWS; row++)
        for (int k = 0; k < 3; k++) {
            mpq_mul(c->q[row][k], c->q[row][k], s);
            mpq_add(c->q[row][k], c->q[row][k], t[k]);
        }
}
