/* SPDX-License-Identifier: MIT */
/*
 * An independent exact check for the tests of the exact CCD oracle: does the
 * query touch at one given time τ?  τ is a rational, or an algebraic number given
 * by a polynomial and an isolating interval.  It shares no code with the case
 * machinery of src/exact: positions are polynomials in t with mpq coefficients,
 * contact is decided by orientation predicates (coplanarity, 2D orientations in
 * a projection, point-on-segment), and a sign at an algebraic τ is found by
 * gcd over Q (zero test) and rational interval evaluation (non-zero signs).
 */
#ifndef CCD_TEST_EXACT_STATIC_ORACLE_H
#define CCD_TEST_EXACT_STATIC_ORACLE_H
#include <gmp.h>
#include <stdlib.h>

#include "ccdbench.h"

enum { SO_MAXDEG = 40 };

typedef struct so_poly {
    int deg; /* -1: zero */
    mpq_t c[SO_MAXDEG + 1];
} so_poly;

static inline void so_init(so_poly *p)
{
    p->deg = -1;
    for (int i = 0; i <= SO_MAXDEG; i++)
        mpq_init(p->c[i]);
}

static inline void so_clear(so_poly *p)
{
    for (int i = 0; i <= SO_MAXDEG; i++)
        mpq_clear(p->c[i]);
}

static inline void so_trim(so_poly *p)
{
    while (p->deg >= 0 && mpq_sgn(p->c[p->deg]) == 0)
        p->deg--;
}

static inline void so_copy(so_poly *r, const so_poly *a)
{
    for (int i = 0; i <= a->deg; i++)
        mpq_set(r->c[i], a->c[i]);
    r->deg = a->deg;
}

static inline void so_addsub(so_poly *r, const so_poly *a, const so_poly *b, int sub)
{
    int n = a->deg > b->deg ? a->deg : b->deg;
    mpq_t x;
    mpq_init(x);
    for (int i = 0; i <= n; i++) {
        mpq_set_ui(x, 0, 1);
        if (i <= a->deg)
            mpq_set(x, a->c[i]);
        if (i <= b->deg) {
            if (sub)
                mpq_sub(x, x, b->c[i]);
            else
                mpq_add(x, x, b->c[i]);
        }
        mpq_set(r->c[i], x);
    }
    r->deg = n;
    so_trim(r);
    mpq_clear(x);
}

static inline void so_mul(so_poly *r, const so_poly *a, const so_poly *b)
{
    so_poly t;
    so_init(&t);
    mpq_t x;
    mpq_init(x);
    if (a->deg >= 0 && b->deg >= 0) {
        t.deg = a->deg + b->deg;
        for (int i = 0; i <= t.deg; i++)
            mpq_set_ui(t.c[i], 0, 1);
        for (int i = 0; i <= a->deg; i++)
            for (int j = 0; j <= b->deg; j++) {
                mpq_mul(x, a->c[i], b->c[j]);
                mpq_add(t.c[i + j], t.c[i + j], x);
            }
        so_trim(&t);
    }
    so_copy(r, &t);
    mpq_clear(x);
    so_clear(&t);
}

static inline void so_eval(mpq_t v, const so_poly *p, const mpq_t x)
{
    mpq_set_ui(v, 0, 1);
    for (int i = p->deg; i >= 0; i--) {
        mpq_mul(v, v, x);
        mpq_add(v, v, p->c[i]);
    }
}

/* r = a mod b over Q (b non-zero). */
static inline void so_rem(so_poly *r, const so_poly *a, const so_poly *b)
{
    so_poly t;
    so_init(&t);
    so_copy(&t, a);
    mpq_t q, x;
    mpq_inits(q, x, NULL);
    while (t.deg >= b->deg && t.deg >= 0) {
        mpq_div(q, t.c[t.deg], b->c[b->deg]);
        int d = t.deg - b->deg;
        for (int j = 0; j <= b->deg; j++) {
            mpq_mul(x, q, b->c[j]);
            mpq_sub(t.c[j + d], t.c[j + d], x);
        }
        mpq_set_ui(t.c[t.deg], 0, 1);
        so_trim(&t);
    }
    so_copy(r, &t);
    mpq_clears(q, x, NULL);
    so_clear(&t);
}

static inline void so_gcd(so_poly *g, const so_poly *a, const so_poly *b)
{
    so_poly u, v, r;
    so_init(&u);
    so_init(&v);
    so_init(&r);
    so_copy(&u, a);
    so_copy(&v, b);
    while (v.deg >= 0) {
        so_rem(&r, &u, &v);
        so_copy(&u, &v);
        so_copy(&v, &r);
    }
    so_copy(g, &u);
    so_clear(&u);
    so_clear(&v);
    so_clear(&r);
}

/* A time τ: exact rational, or the only root of p in (lo, hi), p(lo) p(hi) < 0. */
typedef struct so_time {
    int exact;
    mpq_t value, lo, hi;
    so_poly p;
} so_time;

static inline void so_time_init(so_time *t)
{
    t->exact = 1;
    mpq_inits(t->value, t->lo, t->hi, NULL);
    so_init(&t->p);
}

static inline void so_time_clear(so_time *t)
{
    mpq_clears(t->value, t->lo, t->hi, NULL);
    so_clear(&t->p);
}

static inline int so_sign_at_q(const so_poly *p, const mpq_t x)
{
    mpq_t v;
    mpq_init(v);
    so_eval(v, p, x);
    int s = mpq_sgn(v);
    mpq_clear(v);
    return s;
}

/* Enclosure [vlo, vhi] of p over [lo, hi] with 0 ≤ lo (monomials are monotone there). */
static inline void so_enclose(mpq_t vlo, mpq_t vhi, const so_poly *p, const mpq_t lo, const mpq_t hi)
{
    mpq_t plo, phi, a, b;
    mpq_inits(plo, phi, a, b, NULL);
    mpq_set_ui(plo, 1, 1);
    mpq_set_ui(phi, 1, 1);
    mpq_set_ui(vlo, 0, 1);
    mpq_set_ui(vhi, 0, 1);
    for (int i = 0; i <= p->deg; i++) {
        mpq_mul(a, p->c[i], plo);
        mpq_mul(b, p->c[i], phi);
        if (mpq_cmp(a, b) <= 0) {
            mpq_add(vlo, vlo, a);
            mpq_add(vhi, vhi, b);
        } else {
            mpq_add(vlo, vlo, b);
            mpq_add(vhi, vhi, a);
        }
        mpq_mul(plo, plo, lo);
        mpq_mul(phi, phi, hi);
    }
    mpq_clears(plo, phi, a, b, NULL);
}

/* Exact sign of e(τ).  Refines τ's interval. */
static inline int so_sign(const so_poly *e, so_time *t)
{
    if (e->deg < 0)
        return 0;
    if (t->exact)
        return so_sign_at_q(e, t->value);
    /* zero test: τ is a root of e iff it is a root of g = gcd(e, p); g divides the
     * square-free p, whose only root in (lo, hi) is τ, so g changes sign there iff
     * g(τ) = 0 */
    so_poly g;
    so_init(&g);
    so_gcd(&g, e, &t->p);
    int zero = g.deg >= 1 && so_sign_at_q(&g, t->lo) != so_sign_at_q(&g, t->hi);
    so_clear(&g);
    if (zero)
        return 0;
    mpq_t vlo, vhi, mid;
    mpq_inits(vlo, vhi, mid, NULL);
    int s;
    for (;;) {
        if (t->exact) {
            s = so_sign_at_q(e, t->value);
            break;
        }
        so_enclose(vlo, vhi, e, t->lo, t->hi);
        if (mpq_sgn(vlo) > 0 || mpq_sgn(vhi) < 0) {
            s = mpq_sgn(vlo) > 0 ? 1 : -1;
            break;
        }
        mpq_add(mid, t->lo, t->hi);
        mpq_div_2exp(mid, mid, 1);
        int sm = so_sign_at_q(&t->p, mid);
        if (sm == 0) {
            t->exact = 1;
            mpq_set(t->value, mid);
        } else if (sm == so_sign_at_q(&t->p, t->lo)) {
            mpq_set(t->lo, mid);
        } else {
            mpq_set(t->hi, mid);
        }
    }
    mpq_clears(vlo, vhi, mid, NULL);
    return s;
}

/* Positions of the 4 points of a query as linear polynomials in t. */
typedef struct so_query {
    so_poly x[4][3];
    ccd_kind kind;
} so_query;

static inline void so_query_init(so_query *s, const ccd_query *q)
{
    mpq_t x0, x1;
    mpq_inits(x0, x1, NULL);
    s->kind = q->kind;
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            so_init(&s->x[i][k]);
            ccd_query_coord_mpq(x0, q, i, k);
            ccd_query_coord_mpq(x1, q, i + 4, k);
            mpq_set(s->x[i][k].c[0], x0);
            mpq_sub(s->x[i][k].c[1], x1, x0);
            s->x[i][k].deg = 1;
            so_trim(&s->x[i][k]);
        }
    mpq_clears(x0, x1, NULL);
}

static inline void so_query_clear(so_query *s)
{
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            so_clear(&s->x[i][k]);
}

static inline void so_vsub(so_poly r[3], so_poly a[3], so_poly b[3])
{
    for (int k = 0; k < 3; k++)
        so_addsub(&r[k], &a[k], &b[k], 1);
}

static inline void so_vinit(so_poly r[3])
{
    for (int k = 0; k < 3; k++)
        so_init(&r[k]);
}

static inline void so_vclear(so_poly r[3])
{
    for (int k = 0; k < 3; k++)
        so_clear(&r[k]);
}

static inline void so_cross(so_poly r[3], so_poly a[3], so_poly b[3])
{
    so_poly t;
    so_init(&t);
    so_poly out[3];
    so_vinit(out);
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        so_mul(&out[k], &a[i], &b[j]);
        so_mul(&t, &a[j], &b[i]);
        so_addsub(&out[k], &out[k], &t, 1);
    }
    for (int k = 0; k < 3; k++)
        so_copy(&r[k], &out[k]);
    so_vclear(out);
    so_clear(&t);
}

static inline void so_dot(so_poly *r, so_poly a[3], so_poly b[3])
{
    so_poly t;
    so_init(&t);
    so_mul(r, &a[0], &b[0]);
    for (int k = 1; k < 3; k++) {
        so_mul(&t, &a[k], &b[k]);
        so_addsub(r, r, &t, 0);
    }
    so_clear(&t);
}

/* 2D orientation of (a, b, c) in the plane of axes (i, j). */
static inline void so_orient2d(so_poly *r, so_poly a[3], so_poly b[3], so_poly c[3], int i, int j)
{
    so_poly u, v, w;
    so_init(&u);
    so_init(&v);
    so_init(&w);
    so_addsub(&u, &b[i], &a[i], 1);
    so_addsub(&v, &c[j], &a[j], 1);
    so_mul(r, &u, &v);
    so_addsub(&u, &b[j], &a[j], 1);
    so_addsub(&v, &c[i], &a[i], 1);
    so_mul(&w, &u, &v);
    so_addsub(r, r, &w, 1);
    so_clear(&u);
    so_clear(&v);
    so_clear(&w);
}

static inline int so_vec_zero(so_poly v[3], so_time *t)
{
    return so_sign(&v[0], t) == 0 && so_sign(&v[1], t) == 0 && so_sign(&v[2], t) == 0;
}

/* Is point p on segment [a, b] at τ? */
static inline int so_point_on_segment(so_poly p[3], so_poly a[3], so_poly b[3], so_time *t)
{
    so_poly ab[3], ap[3], bp[3], cr[3], d;
    so_vinit(ab);
    so_vinit(ap);
    so_vinit(bp);
    so_vinit(cr);
    so_init(&d);
    so_vsub(ab, b, a);
    so_vsub(ap, p, a);
    so_vsub(bp, p, b);
    int on;
    if (so_vec_zero(ab, t)) {
        on = so_vec_zero(ap, t); /* a degenerate segment: a point */
    } else {
        so_cross(cr, ab, ap);
        on = so_vec_zero(cr, t);
        if (on) {
            so_dot(&d, ap, ab); /* (p - a)·(b - a) ≥ 0 */
            on = so_sign(&d, t) >= 0;
        }
        if (on) {
            so_dot(&d, bp, ab); /* (p - b)·(b - a) ≤ 0 */
            on = so_sign(&d, t) <= 0;
        }
    }
    so_vclear(ab);
    so_vclear(ap);
    so_vclear(bp);
    so_vclear(cr);
    so_clear(&d);
    return on;
}

/* Do the query's primitives touch at τ?  VF: point x[0] and triangle x[1..3];
 * EE: segments x[0]x[1] and x[2]x[3]. */
static inline int so_contact_at(so_query *s, so_time *t)
{
    so_poly(*x)[3] = s->x;
    so_poly e1[3], e2[3], e3[3], n[3], o, o1, o2;
    so_vinit(e1);
    so_vinit(e2);
    so_vinit(e3);
    so_vinit(n);
    so_init(&o);
    so_init(&o1);
    so_init(&o2);
    int hit = 0;
    if (s->kind == CCD_VF) {
        so_poly *p = x[0], *a = x[1], *b = x[2], *c = x[3];
        so_vsub(e1, b, a);
        so_vsub(e2, c, a);
        so_vsub(e3, p, a);
        so_cross(n, e1, e2);
        so_dot(&o, n, e3);
        if (so_sign(&o, t) != 0)
            goto done;
        int axis = -1, sn = 0;
        for (int k = 0; k < 3 && axis < 0; k++)
            if ((sn = so_sign(&n[k], t)) != 0)
                axis = k;
        if (axis < 0) { /* degenerate triangle: the union of its three sides */
            hit = so_point_on_segment(p, a, b, t) || so_point_on_segment(p, b, c, t) ||
                  so_point_on_segment(p, c, a, t);
            goto done;
        }
        /* project along the axis where the normal is non-zero; the triangle's
         * orientation there is sn; p is inside iff no edge sees it on the other side */
        int i = (axis + 1) % 3, j = (axis + 2) % 3;
        hit = 1;
        so_poly *tri[4] = {a, b, c, a};
        for (int e = 0; e < 3 && hit; e++) {
            so_orient2d(&o, tri[e], tri[e + 1], p, i, j);
            hit = so_sign(&o, t) * sn >= 0;
        }
    } else {
        so_poly *p = x[0], *q = x[1], *r = x[2], *w = x[3];
        so_vsub(e1, q, p);
        so_vsub(e2, w, r);
        so_vsub(e3, r, p);
        so_cross(n, e1, e2);
        so_dot(&o, n, e3);
        if (so_sign(&o, t) != 0)
            goto done;
        int axis = -1;
        for (int k = 0; k < 3 && axis < 0; k++)
            if (so_sign(&n[k], t) != 0)
                axis = k;
        if (axis < 0) { /* parallel or degenerate: some end point lies on the other */
            hit = so_point_on_segment(p, r, w, t) || so_point_on_segment(q, r, w, t) ||
                  so_point_on_segment(r, p, q, t) || so_point_on_segment(w, p, q, t);
            goto done;
        }
        int i = (axis + 1) % 3, j = (axis + 2) % 3;
        so_orient2d(&o1, p, q, r, i, j);
        so_orient2d(&o2, p, q, w, i, j);
        int s1 = so_sign(&o1, t), s2 = so_sign(&o2, t);
        so_orient2d(&o1, r, w, p, i, j);
        so_orient2d(&o2, r, w, q, i, j);
        int s3 = so_sign(&o1, t), s4 = so_sign(&o2, t);
        hit = s1 * s2 <= 0 && s3 * s4 <= 0;
    }
done:
    so_vclear(e1);
    so_vclear(e2);
    so_vclear(e3);
    so_vclear(n);
    so_clear(&o);
    so_clear(&o1);
    so_clear(&o2);
    return hit;
}

/* Contact at the rational time x? */
static inline int so_contact_at_q(const ccd_query *q, const mpq_t x)
{
    so_query s;
    so_query_init(&s, q);
    so_time t;
    so_time_init(&t);
    mpq_set(t.value, x);
    int hit = so_contact_at(&s, &t);
    so_time_clear(&t);
    so_query_clear(&s);
    return hit;
}

#endif
