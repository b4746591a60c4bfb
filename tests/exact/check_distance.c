/* SPDX-License-Identifier: MIT */
/*
 * Exact distances (src/exact/distance.c) against an independent 256-bit MPFR
 * evaluation: the minimum over all candidate minimisers (interior stationary
 * point when it is feasible, and the clamped minimiser on every boundary piece),
 * plus hand-made degenerate cases with known canonical answers.
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdlib.h>

#include "exact/distance.h"

enum { PREC = 256 };

/* ------------------------------------------------------------------ random inputs */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}
static double rng_unit(uint64_t *s) /* [-1, 1) */
{
    return (double)(rng_next(s) >> 11) * 0x1p-52 - 1.0;
}
/* Mode 0: random doubles; mode 1: small integers (many exact degeneracies). */
static void random_point(mpq_t p[3], uint64_t *s, int mode)
{
    for (int k = 0; k < 3; k++) {
        if (mode == 0)
            mpq_set_d(p[k], rng_unit(s));
        else
            mpq_set_si(p[k], (long)(rng_next(s) % 5) - 2, 1);
    }
}

/* ------------------------------------------------------------------ MPFR reference */

typedef struct mvec { mpfr_t x[3]; } mvec;
static void mv_init(mvec *v)
{
    for (int k = 0; k < 3; k++)
        mpfr_init2(v->x[k], PREC);
}
static void mv_clear(mvec *v)
{
    for (int k = 0; k < 3; k++)
        mpfr_clear(v->x[k]);
}
static void mv_from_q(mvec *v, mpq_t p[3])
{
    for (int k = 0; k < 3; k++)
        mpfr_set_q(v->x[k], p[k], MPFR_RNDN);
}
static void mv_sub(mvec *o, const mvec *a, const mvec *b)
{
    for (int k = 0; k < 3; k++)
        mpfr_sub(o->x[k], a->x[k], b->x[k], MPFR_RNDN);
}
static void mv_dot(mpfr_t o, const mvec *a, const mvec *b)
{
    mpfr_t t;
    mpfr_init2(t, PREC);
    mpfr_mul(o, a->x[0], b->x[0], MPFR_RNDN);
    for (int k = 1; k < 3; k++) {
        mpfr_mul(t, a->x[k], b->x[k], MPFR_RNDN);
        mpfr_add(o, o, t, MPFR_RNDN);
    }
    mpfr_clear(t);
}
/* o = a + s d */
static void mv_point(mvec *o, const mvec *a, const mpfr_t s, const mvec *d)
{
    for (int k = 0; k < 3; k++)
        mpfr_fma(o->x[k], s, d->x[k], a->x[k], MPFR_RNDN);
}
static void mfr_clamp01(mpfr_t x)
{
    if (mpfr_sgn(x) < 0)
        mpfr_set_ui(x, 0, MPFR_RNDN);
    else if (mpfr_cmp_ui(x, 1) > 0)
        mpfr_set_ui(x, 1, MPFR_RNDN);
}
/* Parameter of the point of segment (o, o + d) nearest to x (0 when d = 0). */
static void mfr_project(mpfr_t s, const mvec *x, const mvec *o, const mvec *d)
{
    mvec r;
    mpfr_t dd;
    mv_init(&r);
    mpfr_init2(dd, PREC);
    mv_sub(&r, x, o);
    mv_dot(s, &r, d);
    mv_dot(dd, d, d);
    if (mpfr_zero_p(dd))
        mpfr_set_ui(s, 0, MPFR_RNDN);
    else
        mpfr_div(s, s, dd, MPFR_RNDN);
    mfr_clamp01(s);
    mpfr_clear(dd);
    mv_clear(&r);
}
static void mv_dist2(mpfr_t o, const mvec *a, const mvec *b)
{
    mvec d;
    mv_init(&d);
    mv_sub(&d, a, b);
    mv_dot(o, &d, &d);
    mv_clear(&d);
}

/* Keep candidate (pa, pb) if it is closer than the best so far. */
typedef struct best_pair {
    mpfr_t d2;
    mvec pa, pb;
    int have;
} best_pair;
static void best_init(best_pair *b)
{
    mpfr_init2(b->d2, PREC);
    mv_init(&b->pa), mv_init(&b->pb);
    b->have = 0;
}
static void best_clear(best_pair *b)
{
    mpfr_clear(b->d2);
    mv_clear(&b->pa), mv_clear(&b->pb);
}
static void best_offer(best_pair *b, const mvec *pa, const mvec *pb)
{
    mpfr_t d2;
    mpfr_init2(d2, PREC);
    mv_dist2(d2, pa, pb);
    if (!b->have || mpfr_less_p(d2, b->d2)) {
        b->have = 1;
        mpfr_set(b->d2, d2, MPFR_RNDN);
        for (int k = 0; k < 3; k++) {
            mpfr_set(b->pa.x[k], pa->x[k], MPFR_RNDN);
            mpfr_set(b->pb.x[k], pb->x[k], MPFR_RNDN);
        }
    }
    mpfr_clear(d2);
}

/* Minimum over: interior stationary point of the 2×2 normal equations (if
 * feasible) and the clamped 1-D minimisers on the four sides s∈{0,1}, t∈{0,1}. */
static void ref_segment_segment(best_pair *best, const mvec *p0, const mvec *p1,
                                const mvec *q0, const mvec *q1)
{
    mvec d1, d2, r, ca, cb;
    mpfr_t a, b, c, e, f, det, s, t, tmp;
    mv_init(&d1), mv_init(&d2), mv_init(&r), mv_init(&ca), mv_init(&cb);
    mpfr_inits2(PREC, a, b, c, e, f, det, s, t, tmp, (mpfr_ptr)0);
    mv_sub(&d1, p1, p0);
    mv_sub(&d2, q1, q0);
    mv_sub(&r, q0, p0);
    mv_dot(a, &d1, &d1);
    mv_dot(b, &d1, &d2);
    mv_dot(e, &d2, &d2);
    mv_dot(c, &d1, &r);
    mv_dot(f, &d2, &r);
    /* grad = 0:  a s - b t = c,  b s - e t = f  (r = q0 - p0) */
    mpfr_mul(det, b, b, MPFR_RNDN);
    mpfr_fms(det, a, e, det, MPFR_RNDN); /* a e - b² */
    if (!mpfr_zero_p(det)) {
        /* s = (c e - b f) / (a e - b²), t = (b c - a f) / (a e - b²) (Cramer) */
        mpfr_mul(tmp, b, f, MPFR_RNDN);
        mpfr_fms(s, c, e, tmp, MPFR_RNDN);
        mpfr_div(s, s, det, MPFR_RNDN);
        mpfr_mul(tmp, a, f, MPFR_RNDN);
        mpfr_fms(t, b, c, tmp, MPFR_RNDN);
        mpfr_div(t, t, det, MPFR_RNDN);
        if (mpfr_sgn(s) >= 0 && mpfr_cmp_ui(s, 1) <= 0 && mpfr_sgn(t) >= 0 &&
            mpfr_cmp_ui(t, 1) <= 0) {
            mv_point(&ca, p0, s, &d1);
            mv_point(&cb, q0, t, &d2);
            best_offer(best, &ca, &cb);
        }
    }
    const mvec *ends_a[2] = {p0, p1}, *ends_b[2] = {q0, q1};
    for (int i = 0; i < 2; i++) {
        /* side s = i: the endpoint of a against segment b */
        mfr_project(t, ends_a[i], q0, &d2);
        mv_point(&cb, q0, t, &d2);
        best_offer(best, ends_a[i], &cb);
        /* side t = i */
        mfr_project(s, ends_b[i], p0, &d1);
        mv_point(&ca, p0, s, &d1);
        best_offer(best, &ca, ends_b[i]);
    }
    mpfr_clears(a, b, c, e, f, det, s, t, tmp, (mpfr_ptr)0);
    mv_clear(&d1), mv_clear(&d2), mv_clear(&r), mv_clear(&ca), mv_clear(&cb);
}

static void ref_point_triangle(best_pair *best, const mvec *p, const mvec *a, const mvec *b,
                               const mvec *c)
{
    mvec ab, ac, ap, x, y;
    mpfr_t g11, g12, g22, r1, r2, det, u, v, tmp;
    mv_init(&ab), mv_init(&ac), mv_init(&ap), mv_init(&x), mv_init(&y);
    mpfr_inits2(PREC, g11, g12, g22, r1, r2, det, u, v, tmp, (mpfr_ptr)0);
    mv_sub(&ab, b, a);
    mv_sub(&ac, c, a);
    mv_sub(&ap, p, a);
    mv_dot(g11, &ab, &ab);
    mv_dot(g12, &ab, &ac);
    mv_dot(g22, &ac, &ac);
    mv_dot(r1, &ab, &ap);
    mv_dot(r2, &ac, &ap);
    mpfr_mul(det, g12, g12, MPFR_RNDN);
    mpfr_fms(det, g11, g22, det, MPFR_RNDN);
    if (!mpfr_zero_p(det)) { /* plane projection from the Gram system */
        mpfr_mul(tmp, g12, r2, MPFR_RNDN);
        mpfr_fms(u, g22, r1, tmp, MPFR_RNDN);
        mpfr_div(u, u, det, MPFR_RNDN);
        mpfr_mul(tmp, g12, r1, MPFR_RNDN);
        mpfr_fms(v, g11, r2, tmp, MPFR_RNDN);
        mpfr_div(v, v, det, MPFR_RNDN);
        mpfr_add(tmp, u, v, MPFR_RNDN);
        if (mpfr_sgn(u) >= 0 && mpfr_sgn(v) >= 0 && mpfr_cmp_ui(tmp, 1) <= 0) {
            mv_point(&x, a, u, &ab);
            mv_point(&y, &x, v, &ac);
            best_offer(best, p, &y);
        }
    }
    const mvec *corners[3] = {a, b, c};
    for (int i = 0; i < 3; i++) {
        const mvec *o = corners[i], *e = corners[(i + 1) % 3];
        mvec d;
        mv_init(&d);
        mv_sub(&d, e, o);
        mfr_project(u, p, o, &d);
        mv_point(&x, o, u, &d);
        best_offer(best, p, &x);
        mv_clear(&d);
    }
    mpfr_clears(g11, g12, g22, r1, r2, det, u, v, tmp, (mpfr_ptr)0);
    mv_clear(&ab), mv_clear(&ac), mv_clear(&ap), mv_clear(&x), mv_clear(&y);
}

/* sign of |x| - 2^e2 */
static int cmpabs_pow2(const mpfr_t x, long e2)
{
    mpfr_t b;
    mpfr_init2(b, 64);
    mpfr_set_ui_2exp(b, 1, e2, MPFR_RNDN);
    int c = mpfr_cmpabs(x, b);
    mpfr_clear(b);
    return c;
}

/* |x - exact| ≤ 2^-200 (inputs are O(1)) */
static int close_q(const mpfr_t x, const mpq_t exact)
{
    mpfr_t e;
    mpfr_init2(e, PREC);
    mpfr_set_q(e, exact, MPFR_RNDN);
    mpfr_sub(e, e, x, MPFR_RNDN);
    int ok = cmpabs_pow2(e, -200) <= 0;
    mpfr_clear(e);
    return ok;
}
static void qv_init(mpq_t v[3])
{
    for (int k = 0; k < 3; k++)
        mpq_init(v[k]);
}
static void qv_clear(mpq_t v[3])
{
    for (int k = 0; k < 3; k++)
        mpq_clear(v[k]);
}
static int point_close(const mvec *x, mpq_t p[3])
{
    for (int k = 0; k < 3; k++)
        if (!close_q(x->x[k], p[k]))
            return 0;
    return 1;
}
/* |d1 × d2|² == 0 exactly */
static int parallel_q(mpq_t p0[3], mpq_t p1[3], mpq_t q0[3], mpq_t q1[3])
{
    mpq_t d1[3], d2[3], x, y;
    qv_init(d1), qv_init(d2);
    mpq_inits(x, y, NULL);
    int par = 1;
    for (int k = 0; k < 3; k++) {
        mpq_sub(d1[k], p1[k], p0[k]);
        mpq_sub(d2[k], q1[k], q0[k]);
    }
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        mpq_mul(x, d1[i], d2[j]);
        mpq_mul(y, d1[j], d2[i]);
        if (!mpq_equal(x, y))
            par = 0;
    }
    mpq_clears(x, y, NULL);
    qv_clear(d1), qv_clear(d2);
    return par;
}

START_TEST(test_segment_segment_random)
{
    uint64_t seed = 0x9e3779b97f4a7c15ULL;
    mpq_t p[4][3], ca[3], cb[3], st[2], d2;
    for (int i = 0; i < 4; i++)
        qv_init(p[i]);
    qv_init(ca), qv_init(cb);
    mpq_inits(st[0], st[1], d2, NULL);
    long parallel_seen = 0;
    for (int n = 0; n < 4000; n++) {
        int mode = n % 2;
        for (int i = 0; i < 4; i++)
            random_point(p[i], &seed, mode);
        ccd_exact_segment_segment(d2, ca, cb, st, p[0], p[1], p[2], p[3]);
        mvec m[4];
        for (int i = 0; i < 4; i++)
            mv_init(&m[i]), mv_from_q(&m[i], p[i]);
        best_pair best;
        best_init(&best);
        ref_segment_segment(&best, &m[0], &m[1], &m[2], &m[3]);
        ck_assert_msg(close_q(best.d2, d2), "pair %d: distance differs from the MPFR reference", n);
        /* the reported points are consistent with the parameters and lie on the segments */
        ck_assert(mpq_sgn(st[0]) >= 0 && mpq_cmp_ui(st[0], 1, 1) <= 0);
        ck_assert(mpq_sgn(st[1]) >= 0 && mpq_cmp_ui(st[1], 1, 1) <= 0);
        if (parallel_q(p[0], p[1], p[2], p[3]))
            parallel_seen++;
        else
            ck_assert_msg(point_close(&best.pa, ca) && point_close(&best.pb, cb),
                          "pair %d: closest points differ from the MPFR reference", n);
        best_clear(&best);
        for (int i = 0; i < 4; i++)
            mv_clear(&m[i]);
    }
    ck_assert_msg(parallel_seen > 0, "the integer mode should produce parallel pairs");
    for (int i = 0; i < 4; i++)
        qv_clear(p[i]);
    qv_clear(ca), qv_clear(cb);
    mpq_clears(st[0], st[1], d2, NULL);
}
END_TEST

START_TEST(test_point_triangle_random)
{
    uint64_t seed = 0x1234567887654321ULL;
    mpq_t p[4][3], cl[3], uv[2], d2, x;
    for (int i = 0; i < 4; i++)
        qv_init(p[i]);
    qv_init(cl);
    mpq_inits(uv[0], uv[1], d2, x, NULL);
    for (int n = 0; n < 4000; n++) {
        int mode = n % 2;
        for (int i = 0; i < 4; i++)
            random_point(p[i], &seed, mode);
        ccd_exact_point_triangle(d2, cl, uv, p[0], p[1], p[2], p[3]);
        mvec m[4];
        for (int i = 0; i < 4; i++)
            mv_init(&m[i]), mv_from_q(&m[i], p[i]);
        best_pair best;
        best_init(&best);
        ref_point_triangle(&best, &m[0], &m[1], &m[2], &m[3]);
        ck_assert_msg(close_q(best.d2, d2), "triple %d: distance differs from the MPFR reference", n);
        /* the closest point of a convex set is unique */
        ck_assert_msg(point_close(&best.pb, cl), "triple %d: closest point differs", n);
        /* barycentrics are feasible and reproduce the point */
        mpq_add(x, uv[0], uv[1]);
        ck_assert(mpq_sgn(uv[0]) >= 0 && mpq_sgn(uv[1]) >= 0 && mpq_cmp_ui(x, 1, 1) <= 0);
        for (int k = 0; k < 3; k++) {
            mpq_t y, z;
            mpq_inits(y, z, NULL);
            mpq_sub(y, p[2][k], p[1][k]);
            mpq_mul(y, y, uv[0]);
            mpq_sub(z, p[3][k], p[1][k]);
            mpq_mul(z, z, uv[1]);
            mpq_add(y, y, z);
            mpq_add(y, y, p[1][k]);
            ck_assert(mpq_equal(y, cl[k]));
            mpq_clears(y, z, NULL);
        }
        best_clear(&best);
        for (int i = 0; i < 4; i++)
            mv_clear(&m[i]);
    }
    for (int i = 0; i < 4; i++)
        qv_clear(p[i]);
    qv_clear(cl);
    mpq_clears(uv[0], uv[1], d2, x, NULL);
}
END_TEST

/* ------------------------------------------------------------------ degenerate cases */

static void set_pt(mpq_t p[3], long x, long y, long z, unsigned long den)
{
    mpq_set_si(p[0], x, den), mpq_canonicalize(p[0]);
    mpq_set_si(p[1], y, den), mpq_canonicalize(p[1]);
    mpq_set_si(p[2], z, den), mpq_canonicalize(p[2]);
}
static int q_is(const mpq_t q, long num, unsigned long den)
{
    mpq_t r;
    mpq_init(r);
    mpq_set_si(r, num, den);
    mpq_canonicalize(r);
    int eq = mpq_equal(q, r);
    mpq_clear(r);
    return eq;
}

typedef struct seg_case {
    long p[4][3];
    long d2_num;
    unsigned long d2_den;
    long s_num, t_num;
    unsigned long st_den;
} seg_case;

START_TEST(test_segment_segment_degenerate)
{
    static const seg_case cases[] = {
        /* parallel, overlapping: smallest s on the overlap */
        {{{0, 0, 0}, {2, 0, 0}, {1, 1, 0}, {3, 1, 0}}, 1, 1, 1, 0, 2},
        /* parallel, overlapping, b reversed */
        {{{0, 0, 0}, {2, 0, 0}, {3, 1, 0}, {1, 1, 0}}, 1, 1, 1, 2, 2},
        /* parallel, b covers a: s = 0 */
        {{{0, 0, 0}, {2, 0, 0}, {-1, 0, 2}, {3, 0, 2}}, 4, 1, 0, 1, 4},
        /* collinear, disjoint: p1 against q0 */
        {{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}}, 1, 1, 1, 0, 1},
        /* parallel, b before a */
        {{{0, 0, 0}, {1, 0, 0}, {-3, 1, 0}, {-2, 1, 0}}, 5, 1, 0, 1, 1},
        /* a has zero length */
        {{{0, 0, 0}, {0, 0, 0}, {-1, 1, 0}, {1, 1, 0}}, 1, 1, 0, 1, 2},
        /* b has zero length */
        {{{-1, 1, 0}, {1, 1, 0}, {0, 0, 0}, {0, 0, 0}}, 1, 1, 1, 0, 2},
        /* both zero length */
        {{{1, 2, 3}, {1, 2, 3}, {0, 0, 1}, {0, 0, 1}}, 9, 1, 0, 0, 1},
        /* intersecting (crossing) */
        {{{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}}, 0, 1, 1, 1, 2},
        /* skew, perpendicular, centred */
        {{{-1, 0, 0}, {1, 0, 0}, {0, -1, 3}, {0, 1, 3}}, 9, 1, 1, 1, 2},
        /* identical segments */
        {{{0, 0, 0}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}}, 0, 1, 0, 0, 1},
    };
    mpq_t p[4][3], ca[3], cb[3], st[2], d2;
    for (int i = 0; i < 4; i++)
        qv_init(p[i]);
    qv_init(ca), qv_init(cb);
    mpq_inits(st[0], st[1], d2, NULL);
    for (size_t n = 0; n < sizeof cases / sizeof cases[0]; n++) {
        const seg_case *c = &cases[n];
        for (int i = 0; i < 4; i++)
            set_pt(p[i], c->p[i][0], c->p[i][1], c->p[i][2], 1);
        ccd_exact_segment_segment(d2, ca, cb, st, p[0], p[1], p[2], p[3]);
        ck_assert_msg(q_is(d2, c->d2_num, c->d2_den), "case %zu: dist2 = %s", n,
                      mpq_get_str(NULL, 10, d2));
        ck_assert_msg(q_is(st[0], c->s_num, c->st_den) && q_is(st[1], c->t_num, c->st_den),
                      "case %zu: s,t = %s, %s", n, mpq_get_str(NULL, 10, st[0]),
                      mpq_get_str(NULL, 10, st[1]));
    }
    for (int i = 0; i < 4; i++)
        qv_clear(p[i]);
    qv_clear(ca), qv_clear(cb);
    mpq_clears(st[0], st[1], d2, NULL);
}
END_TEST

START_TEST(test_point_triangle_degenerate)
{
    mpq_t p[4][3], cl[3], uv[2], d2;
    for (int i = 0; i < 4; i++)
        qv_init(p[i]);
    qv_init(cl);
    mpq_inits(uv[0], uv[1], d2, NULL);

    /* collinear triangle: f0f1 reaches (1,0,0), f0f2 reaches (3/2,0,0) and wins */
    set_pt(p[0], 3, 2, 0, 2), set_pt(p[1], 0, 0, 0, 1), set_pt(p[2], 1, 0, 0, 1),
        set_pt(p[3], 2, 0, 0, 1);
    ccd_exact_point_triangle(d2, cl, uv, p[0], p[1], p[2], p[3]);
    ck_assert(q_is(d2, 1, 1));
    ck_assert(q_is(cl[0], 3, 2) && q_is(cl[1], 0, 1));
    ck_assert(q_is(uv[0], 0, 1) && q_is(uv[1], 3, 4));

    /* all three vertices equal */
    set_pt(p[0], 1, 1, 1, 1), set_pt(p[1], 0, 0, 0, 1), set_pt(p[2], 0, 0, 0, 1),
        set_pt(p[3], 0, 0, 0, 1);
    ccd_exact_point_triangle(d2, cl, uv, p[0], p[1], p[2], p[3]);
    ck_assert(q_is(d2, 3, 1) && q_is(uv[0], 0, 1) && q_is(uv[1], 0, 1));

    /* point in the face region, above the plane */
    set_pt(p[0], 1, 1, 4, 4), set_pt(p[1], 0, 0, 0, 1), set_pt(p[2], 1, 0, 0, 1),
        set_pt(p[3], 0, 1, 0, 1);
    ccd_exact_point_triangle(d2, cl, uv, p[0], p[1], p[2], p[3]);
    ck_assert(q_is(d2, 1, 1) && q_is(uv[0], 1, 4) && q_is(uv[1], 1, 4));

    /* point on the face: distance 0 */
    set_pt(p[0], 1, 1, 0, 4);
    ccd_exact_point_triangle(d2, cl, uv, p[0], p[1], p[2], p[3]);
    ck_assert(mpq_sgn(d2) == 0);

    /* edge region bc */
    set_pt(p[0], 2, 2, 0, 1);
    ccd_exact_point_triangle(d2, cl, uv, p[0], p[1], p[2], p[3]);
    ck_assert(q_is(d2, 9, 2) && q_is(uv[0], 1, 2) && q_is(uv[1], 1, 2));

    for (int i = 0; i < 4; i++)
        qv_clear(p[i]);
    qv_clear(cl);
    mpq_clears(uv[0], uv[1], d2, NULL);
}
END_TEST

/* ccd_exact_distance interpolates the query's rows at t and dispatches on kind. */
START_TEST(test_query_distance_at_time)
{
    ccd_query q = {0};
    /* EE: edge a moves from z = 0 to z = 3, edge b stays at z = 1, crossing */
    const double rows[8][3] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 1}, {0, 1, 1},
                               {-1, 0, 3}, {1, 0, 3}, {0, -1, 1}, {0, 1, 1}};
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            q.v[i][k] = rows[i][k];
    q.kind = CCD_EE;
    mpq_t pa[3], pb[3], s[2], d2, t;
    qv_init(pa), qv_init(pb);
    mpq_inits(s[0], s[1], d2, t, NULL);
    mpq_set_ui(t, 1, 6); /* z = 1/2 */
    ck_assert_int_eq(ccd_exact_distance(d2, pa, pb, s, &q, t), CCD_OK);
    ck_assert(q_is(d2, 1, 4));
    ck_assert(q_is(pa[2], 1, 2) && q_is(pb[2], 1, 1));
    mpq_set_ui(t, 1, 3); /* z = 1: touching */
    ck_assert_int_eq(ccd_exact_distance(d2, pa, pb, s, &q, t), CCD_OK);
    ck_assert(mpq_sgn(d2) == 0);

    /* VF: vertex falls from z = 2 to z = -2 onto the unit triangle */
    const double vf[8][3] = {{0.25, 0.25, 2}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                             {0.25, 0.25, -2}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            q.v[i][k] = vf[i][k];
    q.kind = CCD_VF;
    mpq_set_ui(t, 1, 4); /* z = 1 */
    ck_assert_int_eq(ccd_exact_distance(d2, pa, pb, s, &q, t), CCD_OK);
    ck_assert(q_is(d2, 1, 1) && q_is(s[0], 1, 4) && q_is(s[1], 1, 4));
    ck_assert(q_is(pa[2], 1, 1) && mpq_sgn(pb[2]) == 0);

    q.kind = (ccd_kind)7;
    ck_assert_int_eq(ccd_exact_distance(d2, pa, pb, s, &q, t), CCD_ERR_INPUT);
    qv_clear(pa), qv_clear(pb);
    mpq_clears(s[0], s[1], d2, t, NULL);
}
END_TEST

static Suite *distance_suite(void)
{
    Suite *s = suite_create("distance");
    TCase *tc = tcase_create("exact");
    tcase_add_test(tc, test_segment_segment_random);
    tcase_add_test(tc, test_point_triangle_random);
    tcase_add_test(tc, test_segment_segment_degenerate);
    tcase_add_test(tc, test_point_triangle_degenerate);
    tcase_add_test(tc, test_query_distance_at_time);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(distance_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
