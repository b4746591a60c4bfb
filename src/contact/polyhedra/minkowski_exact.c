/* SPDX-License-Identifier: MIT */
/* The exact Minkowski-difference reference (see minkowski_exact.h). */
#include <config.h>

#include "contact/polyhedra/minkowski_exact.h"
#include "core/error.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

/* The differences a_i − b_j as integers over one common power-of-two
 * denominator L (every double is a dyadic rational, so L exists and nothing is
 * rounded), plus their nearest doubles for the filter.  Point n is the origin. */
typedef struct points {
    size_t n;
    mpz_t *x; /* 3 (n + 1) integers: the coordinates times L */
    double *d; /* 3 (n + 1) doubles: the true coordinates, relative error < 2^-52 */
    mpz_t scale; /* L */
    int filter;  /* 0: a coordinate is subnormal, so the relative bound fails: no filter */
} points;

static void points_free(points *p)
{
    if (p->x) {
        for (size_t i = 0; i < 3 * (p->n + 1); i++)
            mpz_clear(p->x[i]);
        free(p->x);
    }
    free(p->d);
    mpz_clear(p->scale);
}

static int finite_body(const ccd_posed_vertices *b)
{
    for (int r = 0; r < 3; r++) {
        if (!isfinite(b->pos[r]))
            return 0;
        for (int c = 0; c < 3; c++)
            if (!isfinite(b->rot[r][c]))
                return 0;
    }
    for (size_t i = 0; i < b->n; i++)
        for (int k = 0; k < 3; k++)
            if (!isfinite(b->v[i][k]))
                return 0;
    return 1;
}

/* w[3 i + k] = (rot · v_i + pos)_k, exactly. */
static mpq_t *world_exact(const ccd_posed_vertices *b)
{
    mpq_t *w = malloc(3 * b->n * sizeof *w);
    if (!w)
        return NULL;
    mpq_t t;
    mpq_init(t);
    for (size_t i = 0; i < b->n; i++)
        for (int k = 0; k < 3; k++) {
            mpq_init(w[3 * i + k]);
            mpq_set_d(w[3 * i + k], b->pos[k]);
            for (int j = 0; j < 3; j++) {
                mpq_set_d(t, b->rot[k][j]);
                mpq_t v;
                mpq_init(v);
                mpq_set_d(v, b->v[i][j]);
                mpq_mul(t, t, v);
                mpq_clear(v);
                mpq_add(w[3 * i + k], w[3 * i + k], t);
            }
        }
    mpq_clear(t);
    return w;
}

static void world_free(mpq_t *w, size_t n)
{
    if (!w)
        return;
    for (size_t i = 0; i < 3 * n; i++)
        mpq_clear(w[i]);
    free(w);
}

/* 0, or -1 when out of memory. */
static int points_make(points *p, const ccd_posed_vertices *a, const ccd_posed_vertices *b)
{
    memset(p, 0, sizeof *p);
    mpz_init(p->scale);
    mpq_t *wa = world_exact(a), *wb = world_exact(b);
    size_t n = a->n * b->n;
    mpq_t *q = malloc(3 * n * sizeof *q);
    p->x = malloc(3 * (n + 1) * sizeof *p->x);
    p->d = malloc(3 * (n + 1) * sizeof *p->d);
    if (!wa || !wb || !q || !p->x || !p->d) {
        world_free(wa, a->n);
        world_free(wb, b->n);
        free(q);
        free(p->x);
        p->x = NULL;
        return -1;
    }
    p->n = n;
    p->filter = 1;
    mpz_set_ui(p->scale, 1);
    for (size_t i = 0; i < a->n; i++)
        for (size_t j = 0; j < b->n; j++)
            for (int k = 0; k < 3; k++) {
                mpq_ptr r = q[3 * (i * b->n + j) + k];
                mpq_init(r);
                mpq_sub(r, wa[3 * i + k], wb[3 * j + k]);
                /* denominators are powers of two: the largest is a multiple of all */
                if (mpz_cmp(mpq_denref(r), p->scale) > 0)
                    mpz_set(p->scale, mpq_denref(r));
            }
    for (size_t i = 0; i < 3 * n; i++) {
        mpz_init(p->x[i]);
        mpz_divexact(p->x[i], p->scale, mpq_denref(q[i]));
        mpz_mul(p->x[i], p->x[i], mpq_numref(q[i]));
        p->d[i] = mpq_get_d(q[i]); /* truncated: relative error < 2^-52 */
        if (p->d[i] != 0 && fabs(p->d[i]) < DBL_MIN)
            p->filter = 0;
        mpq_clear(q[i]);
    }
    for (int k = 0; k < 3; k++) {
        mpz_init(p->x[3 * n + k]);
        p->d[3 * n + k] = 0;
    }
    free(q);
    world_free(wa, a->n);
    world_free(wb, b->n);
    return 0;
}

/* Sign of det[p_j − p_i, p_k − p_i, p_l − p_i] (positive: p_l lies on the side of
 * the triangle (i, j, k) its right-handed normal points to). */
static int orient(const points *p, size_t i, size_t j, size_t k, size_t l)
{
    const double *a = p->d + 3 * i, *b = p->d + 3 * j, *c = p->d + 3 * k, *e = p->d + 3 * l;
    double u[3], v[3], w[3], mu[3], mv[3], mw[3];
    for (int r = 0; r < 3; r++) {
        u[r] = b[r] - a[r];
        v[r] = c[r] - a[r];
        w[r] = e[r] - a[r];
        mu[r] = fabs(b[r]) + fabs(a[r]);
        mv[r] = fabs(c[r]) + fabs(a[r]);
        mw[r] = fabs(e[r]) + fabs(a[r]);
    }
    double det = u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) +
                 u[2] * (v[0] * w[1] - v[1] * w[0]);
    double perm = mu[0] * (mv[1] * mw[2] + mv[2] * mw[1]) + mu[1] * (mv[0] * mw[2] + mv[2] * mw[0]) +
                  mu[2] * (mv[0] * mw[1] + mv[1] * mw[0]);
    /* Each input has relative error < 2^-52 (it is the truncated exact value),
     * each difference adds one rounding, the products and sums at most five:
     * the computed det is within about 14 · 2^-53 · perm of the exact one; 2^-47
     * leaves a margin of four.  Outside [1e-250, 1e250] underflow or overflow
     * could void the bound: the integers decide. */
    if (p->filter && perm > 1e-250 && perm < 1e250) {
        double bound = 0x1p-47 * perm;
        if (det > bound)
            return 1;
        if (det < -bound)
            return -1;
    }
    mpz_t t[10];
    for (int r = 0; r < 10; r++)
        mpz_init(t[r]);
    const mpz_t *A = p->x + 3 * i, *B = p->x + 3 * j, *C = p->x + 3 * k, *E = p->x + 3 * l;
    for (int r = 0; r < 3; r++) {
        mpz_sub(t[r], B[r], A[r]);
        mpz_sub(t[3 + r], C[r], A[r]);
        mpz_sub(t[6 + r], E[r], A[r]);
    }
    /* t9 = u · (v × w) */
    mpz_mul(t[9], t[4], t[8]);
    mpz_submul(t[9], t[5], t[7]);
    mpz_mul(t[9], t[9], t[0]);
    mpz_t s;
    mpz_init(s);
    mpz_mul(s, t[3], t[8]);
    mpz_submul(s, t[5], t[6]);
    mpz_submul(t[9], t[1], s);
    mpz_mul(s, t[3], t[7]);
    mpz_submul(s, t[4], t[6]);
    mpz_addmul(t[9], t[2], s);
    int sign = mpz_sgn(t[9]);
    mpz_clear(s);
    for (int r = 0; r < 10; r++)
        mpz_clear(t[r]);
    return sign;
}

/* n = (p_j − p_i) × (p_k − p_i), exactly. */
static void normal_exact(mpz_t n[3], const points *p, size_t i, size_t j, size_t k)
{
    mpz_t u[3], v[3];
    for (int r = 0; r < 3; r++) {
        mpz_init(u[r]);
        mpz_init(v[r]);
        mpz_sub(u[r], p->x[3 * j + r], p->x[3 * i + r]);
        mpz_sub(v[r], p->x[3 * k + r], p->x[3 * i + r]);
    }
    for (int r = 0; r < 3; r++) {
        int s = (r + 1) % 3, t = (r + 2) % 3;
        mpz_mul(n[r], u[s], v[t]);
        mpz_submul(n[r], u[t], v[s]);
    }
    for (int r = 0; r < 3; r++) {
        mpz_clear(u[r]);
        mpz_clear(v[r]);
    }
}

static void dot3(mpz_t out, const mpz_t *a, const mpz_t *b)
{
    mpz_mul(out, a[0], b[0]);
    mpz_addmul(out, a[1], b[1]);
    mpz_addmul(out, a[2], b[2]);
}

static int same_point(const points *p, size_t i, size_t j)
{
    for (int r = 0; r < 3; r++)
        if (mpz_cmp(p->x[3 * i + r], p->x[3 * j + r]) != 0)
            return 0;
    return 1;
}

static int collinear(const points *p, size_t i, size_t j, size_t k)
{
    mpz_t n[3];
    for (int r = 0; r < 3; r++)
        mpz_init(n[r]);
    normal_exact(n, p, i, j, k);
    int zero = !mpz_sgn(n[0]) && !mpz_sgn(n[1]) && !mpz_sgn(n[2]);
    for (int r = 0; r < 3; r++)
        mpz_clear(n[r]);
    return zero;
}

/* ------------------------------------------------------------------ the hull */

typedef struct hull {
    size_t (*f)[3]; /* triangles, outward by the right-hand rule */
    unsigned char *alive;
    int *o; /* scratch: orientation of the current point per face */
    size_t count, cap;
} hull;

static void hull_free(hull *h)
{
    free(h->f);
    free(h->alive);
    free(h->o);
}

static int hull_add(hull *h, size_t a, size_t b, size_t c)
{
    if (h->count == h->cap) {
        size_t cap = h->cap ? 2 * h->cap : 64;
        size_t(*f)[3] = realloc(h->f, cap * sizeof *f);
        if (!f)
            return -1;
        h->f = f;
        unsigned char *al = realloc(h->alive, cap);
        if (!al)
            return -1;
        h->alive = al;
        int *o = realloc(h->o, cap * sizeof *o);
        if (!o)
            return -1;
        h->o = o;
        h->cap = cap;
    }
    h->f[h->count][0] = a;
    h->f[h->count][1] = b;
    h->f[h->count][2] = c;
    h->alive[h->count] = 1;
    h->count++;
    return 0;
}

typedef struct edge {
    size_t u, v;
} edge;

static int edge_cmp(const void *x, const void *y)
{
    const edge *a = x, *b = y;
    if (a->u != b->u)
        return a->u < b->u ? -1 : 1;
    return a->v < b->v ? -1 : a->v > b->v;
}

/* Closed, consistently oriented, Euler characteristic 2, and every point on the
 * inner side of (or on) every facet: then it is the boundary of the hull. */
static int hull_verify(const hull *h, const points *p, size_t *vertices, size_t *facets)
{
    size_t nf = 0;
    for (size_t f = 0; f < h->count; f++)
        nf += h->alive[f];
    edge *e = malloc(3 * nf * sizeof *e + 1);
    unsigned char *used = calloc(p->n + 1, 1);
    if (!e || !used) {
        free(e);
        free(used);
        return -1;
    }
    size_t ne = 0;
    for (size_t f = 0; f < h->count; f++)
        if (h->alive[f])
            for (int r = 0; r < 3; r++) {
                e[ne].u = h->f[f][r];
                e[ne].v = h->f[f][(r + 1) % 3];
                used[e[ne].u] = 1;
                ne++;
            }
    qsort(e, ne, sizeof *e, edge_cmp);
    int ok = 1;
    for (size_t i = 0; i < ne && ok; i++) {
        if (i + 1 < ne && !edge_cmp(&e[i], &e[i + 1]))
            ok = 0; /* a directed edge twice */
        edge r = {e[i].v, e[i].u};
        if (!bsearch(&r, e, ne, sizeof *e, edge_cmp))
            ok = 0; /* an edge without its twin */
    }
    size_t nv = 0;
    for (size_t i = 0; i < p->n; i++)
        nv += used[i];
    if (ok && nv + nf != ne / 2 + 2)
        ok = 0;
    for (size_t f = 0; f < h->count && ok; f++)
        if (h->alive[f])
            for (size_t i = 0; i < p->n && ok; i++)
                if (orient(p, h->f[f][0], h->f[f][1], h->f[f][2], i) > 0)
                    ok = 0;
    free(e);
    free(used);
    *vertices = nv;
    *facets = nf;
    return ok ? 0 : -2;
}

/* Beneath-beyond with exact predicates.  A point is added when it is strictly
 * outside some facet; every facet it sees or lies on the plane of is removed (so
 * a point coplanar with a facet never makes a degenerate triangle: it cannot lie
 * on the line of a horizon edge, since it is strictly below the facet beyond
 * that edge).  Returns 0, 1 when all points are coplanar, -1 out of memory. */
static int hull_build(hull *h, const points *p)
{
    memset(h, 0, sizeof *h);
    size_t n = p->n, t[4] = {0, 0, 0, 0};
    size_t i = 1;
    while (i < n && same_point(p, 0, i))
        i++;
    if (i == n)
        return 1;
    t[1] = i;
    while (i < n && collinear(p, t[0], t[1], i))
        i++;
    if (i == n)
        return 1;
    t[2] = i;
    while (i < n && orient(p, t[0], t[1], t[2], i) == 0)
        i++;
    if (i == n)
        return 1;
    t[3] = i;
    for (int m = 0; m < 4; m++) {
        size_t f[3], k = 0;
        for (int r = 0; r < 4; r++)
            if (r != m)
                f[k++] = t[r];
        if (orient(p, f[0], f[1], f[2], t[m]) > 0) {
            size_t s = f[1];
            f[1] = f[2];
            f[2] = s;
        }
        if (hull_add(h, f[0], f[1], f[2]))
            return -1;
    }
    edge *e = NULL;
    size_t ecap = 0;
    for (size_t q = 0; q < n; q++) {
        if (q == t[0] || q == t[1] || q == t[2] || q == t[3])
            continue;
        int outside = 0;
        for (size_t f = 0; f < h->count; f++)
            if (h->alive[f]) {
                h->o[f] = orient(p, h->f[f][0], h->f[f][1], h->f[f][2], q);
                outside |= h->o[f] > 0;
            }
        if (!outside)
            continue;
        size_t ne = 0, old = h->count;
        for (size_t f = 0; f < old; f++)
            if (h->alive[f] && h->o[f] >= 0) {
                if (ne + 3 > ecap) {
                    ecap = ecap ? 2 * ecap : 64;
                    edge *g = realloc(e, ecap * sizeof *g);
                    if (!g) {
                        free(e);
                        return -1;
                    }
                    e = g;
                }
                for (int r = 0; r < 3; r++) {
                    e[ne].u = h->f[f][r];
                    e[ne].v = h->f[f][(r + 1) % 3];
                    ne++;
                }
                h->alive[f] = 0;
            }
        qsort(e, ne, sizeof *e, edge_cmp);
        for (size_t k = 0; k < ne; k++) {
            edge r = {e[k].v, e[k].u};
            if (!bsearch(&r, e, ne, sizeof *e, edge_cmp) && hull_add(h, e[k].u, e[k].v, q)) {
                free(e);
                return -1;
            }
        }
    }
    free(e);
    return 0;
}

/* ------------------------------------------------------------------ rounding */

/* Correct in the normal range of doubles (a subnormal result may be rounded twice). */
double ccd_sqrt_ratio_rounded(const mpz_t num, const mpz_t den)
{
    if (mpz_sgn(num) == 0)
        return 0.0;
    /* s = floor(sqrt(num/den) · 2^k) with at least 60 bits; then 2s + (inexact)
     * carries a sticky bit, so rounding it to 53 bits rounds the exact root. */
    long e = (long)mpz_sizeinbase(num, 2) - (long)mpz_sizeinbase(den, 2) - 1; /* num/den ≥ 2^e */
    long half = e >= 0 ? e / 2 : -((-e + 1) / 2);
    long k = 62 - half;
    mpz_t nn, dd, q, r, s, r2;
    mpz_inits(nn, dd, q, r, s, r2, NULL);
    mpz_set(nn, num);
    mpz_set(dd, den);
    if (k >= 0)
        mpz_mul_2exp(nn, nn, (mp_bitcnt_t)(2 * k));
    else
        mpz_mul_2exp(dd, dd, (mp_bitcnt_t)(-2 * k));
    mpz_tdiv_qr(q, r, nn, dd);
    mpz_sqrtrem(s, r2, q);
    int inexact = mpz_sgn(r) != 0 || mpz_sgn(r2) != 0;
    mpz_mul_2exp(s, s, 1);
    if (inexact)
        mpz_add_ui(s, s, 1);
    mpfr_t x;
    mpfr_init2(x, 53);
    mpfr_set_z(x, s, MPFR_RNDN);
    mpfr_mul_2si(x, x, -(k + 1), MPFR_RNDN);
    double out = mpfr_get_d(x, MPFR_RNDN);
    mpfr_clear(x);
    mpz_clears(nn, dd, q, r, s, r2, NULL);
    return out;
}

/* out = v / |v| per component, each correctly rounded. */
static void unit_rounded(double out[3], const mpz_t v[3], int negate)
{
    mpz_t len2, c2;
    mpz_inits(len2, c2, NULL);
    dot3(len2, v, v);
    for (int r = 0; r < 3; r++) {
        mpz_mul(c2, v[r], v[r]);
        double x = ccd_sqrt_ratio_rounded(c2, len2);
        int s = mpz_sgn(v[r]) * (negate ? -1 : 1);
        out[r] = s < 0 ? -x : x;
    }
    mpz_clears(len2, c2, NULL);
}

/* ------------------------------------------------------------------ distances */

/* The point of triangle (a, b, c) nearest the origin, as X / D (integers, D > 0;
 * Ericson's region test, exactly).  The triangle is not degenerate. */
static void closest_on_triangle(mpz_t X[3], mpz_t D, const mpz_t *a, const mpz_t *b,
                                const mpz_t *c)
{
    mpz_t ab[3], ac[3], bc[3], d[7], va, vb, vc, t, e1, e2;
    for (int r = 0; r < 3; r++) {
        mpz_inits(ab[r], ac[r], bc[r], NULL);
        mpz_sub(ab[r], b[r], a[r]);
        mpz_sub(ac[r], c[r], a[r]);
        mpz_sub(bc[r], c[r], b[r]);
    }
    for (int r = 0; r < 7; r++)
        mpz_init(d[r]);
    mpz_inits(va, vb, vc, t, e1, e2, NULL);
    /* d1 = ab·(−a), d2 = ac·(−a), d3 = ab·(−b), d4 = ac·(−b), d5 = ab·(−c), d6 = ac·(−c) */
    dot3(d[1], ab, a);
    mpz_neg(d[1], d[1]);
    dot3(d[2], ac, a);
    mpz_neg(d[2], d[2]);
    dot3(d[3], ab, b);
    mpz_neg(d[3], d[3]);
    dot3(d[4], ac, b);
    mpz_neg(d[4], d[4]);
    dot3(d[5], ab, c);
    mpz_neg(d[5], d[5]);
    dot3(d[6], ac, c);
    mpz_neg(d[6], d[6]);
    mpz_mul(vc, d[1], d[4]);
    mpz_submul(vc, d[3], d[2]);
    mpz_mul(vb, d[5], d[2]);
    mpz_submul(vb, d[1], d[6]);
    mpz_mul(va, d[3], d[6]);
    mpz_submul(va, d[5], d[4]);
    mpz_sub(e1, d[4], d[3]);
    mpz_sub(e2, d[5], d[6]);
    if (mpz_sgn(d[1]) <= 0 && mpz_sgn(d[2]) <= 0) { /* vertex a */
        mpz_set_ui(D, 1);
        for (int r = 0; r < 3; r++)
            mpz_set(X[r], a[r]);
    } else if (mpz_sgn(d[3]) >= 0 && mpz_cmp(d[4], d[3]) <= 0) { /* vertex b */
        mpz_set_ui(D, 1);
        for (int r = 0; r < 3; r++)
            mpz_set(X[r], b[r]);
    } else if (mpz_sgn(vc) <= 0 && mpz_sgn(d[1]) >= 0 && mpz_sgn(d[3]) <= 0) { /* edge ab */
        mpz_sub(D, d[1], d[3]);
        for (int r = 0; r < 3; r++) {
            mpz_mul(X[r], a[r], D);
            mpz_addmul(X[r], ab[r], d[1]);
        }
    } else if (mpz_sgn(d[6]) >= 0 && mpz_cmp(d[5], d[6]) <= 0) { /* vertex c */
        mpz_set_ui(D, 1);
        for (int r = 0; r < 3; r++)
            mpz_set(X[r], c[r]);
    } else if (mpz_sgn(vb) <= 0 && mpz_sgn(d[2]) >= 0 && mpz_sgn(d[6]) <= 0) { /* edge ac */
        mpz_sub(D, d[2], d[6]);
        for (int r = 0; r < 3; r++) {
            mpz_mul(X[r], a[r], D);
            mpz_addmul(X[r], ac[r], d[2]);
        }
    } else if (mpz_sgn(va) <= 0 && mpz_sgn(e1) >= 0 && mpz_sgn(e2) >= 0) { /* edge bc */
        mpz_add(D, e1, e2);
        for (int r = 0; r < 3; r++) {
            mpz_mul(X[r], b[r], D);
            mpz_addmul(X[r], bc[r], e1);
        }
    } else { /* interior */
        mpz_add(D, va, vb);
        mpz_add(D, D, vc);
        for (int r = 0; r < 3; r++) {
            mpz_mul(X[r], a[r], D);
            mpz_addmul(X[r], ab[r], vb);
            mpz_addmul(X[r], ac[r], vc);
        }
    }
    for (int r = 0; r < 3; r++)
        mpz_clears(ab[r], ac[r], bc[r], NULL);
    for (int r = 0; r < 7; r++)
        mpz_clear(d[r]);
    mpz_clears(va, vb, vc, t, e1, e2, NULL);
}

/* Tracks the smallest of rationals num/den (den > 0) and the facet attaining it. */
typedef struct minimum {
    mpz_t num, den, l, r;
    int set;
} minimum;

static void minimum_init(minimum *m)
{
    mpz_inits(m->num, m->den, m->l, m->r, NULL);
    m->set = 0;
}

static void minimum_clear(minimum *m)
{
    mpz_clears(m->num, m->den, m->l, m->r, NULL);
}

/* -1: num/den is a new minimum (taken); 0: ties the minimum; 1: larger. */
static int minimum_offer(minimum *m, const mpz_t num, const mpz_t den)
{
    if (m->set) {
        mpz_mul(m->l, num, m->den);
        mpz_mul(m->r, m->num, den);
        int c = mpz_cmp(m->l, m->r);
        if (c >= 0)
            return c > 0;
    }
    mpz_set(m->num, num);
    mpz_set(m->den, den);
    m->set = 1;
    return -1;
}

/* u and v (non-zero) point the same way. */
static int same_direction(const mpz_t u[3], const mpz_t v[3])
{
    mpz_t t;
    mpz_init(t);
    int same = 1;
    for (int r = 0; r < 3 && same; r++) {
        int s = (r + 1) % 3, q = (r + 2) % 3;
        mpz_mul(t, u[s], v[q]);
        mpz_submul(t, u[q], v[s]);
        same = mpz_sgn(t) == 0;
    }
    if (same) {
        dot3(t, u, v);
        same = mpz_sgn(t) > 0;
    }
    mpz_clear(t);
    return same;
}

/* out cleared, and the vertices of A − B into p after checking a and b; on failure
 * p holds nothing to free. */
static ccd_status prepare(points *p, ccd_minkowski_result *out, ccd_error *err,
                          const ccd_posed_vertices *a, const ccd_posed_vertices *b)
{
    memset(out, 0, sizeof *out);
    if (a->n == 0 || b->n == 0)
        return ccd_error_set(err, CCD_ERR_INPUT, "minkowski", 0, 0, "a body has no vertex");
    if (!finite_body(a) || !finite_body(b))
        return ccd_error_set(err, CCD_ERR_INPUT, "minkowski", 0, 0,
                             "a vertex or pose coordinate is not finite");
    if (points_make(p, a, b) != 0) {
        points_free(p);
        return ccd_error_oom(err, "minkowski");
    }
    return CCD_OK;
}

ccd_status ccd_minkowski_signed_distance(ccd_minkowski_result *out, ccd_error *err,
                                         const ccd_posed_vertices *a,
                                         const ccd_posed_vertices *b)
{
    points p;
    if (prepare(&p, out, err, a, b) != CCD_OK)
        return err->status;
    hull h;
    int built = hull_build(&h, &p);
    ccd_status st = CCD_OK;
    if (built == 1)
        st = ccd_error_set(err, CCD_ERR_INPUT, "minkowski", 0, 0,
                           "the Minkowski difference is flat (a body without volume)");
    else if (built != 0)
        st = ccd_error_set(err, CCD_ERR_INTERNAL, "minkowski", 0, 0, "out of memory");
    else {
        int v = hull_verify(&h, &p, &out->hull_vertices, &out->hull_facets);
        if (v == -1)
            st = ccd_error_set(err, CCD_ERR_INTERNAL, "minkowski", 0, 0, "out of memory");
        else if (v != 0)
            st = ccd_error_set(err, CCD_ERR_INTERNAL, "minkowski", 0, 0,
                               "the hull of the Minkowski difference failed its verification");
    }
    if (st != CCD_OK) {
        hull_free(&h);
        points_free(&p);
        return st;
    }
    int any_out = 0, any_on = 0;
    for (size_t f = 0; f < h.count; f++)
        if (h.alive[f]) {
            h.o[f] = orient(&p, h.f[f][0], h.f[f][1], h.f[f][2], p.n);
            any_out |= h.o[f] > 0;
            any_on |= h.o[f] == 0;
        }
    mpz_t n[3], best[3], c, num, den, L2;
    for (int r = 0; r < 3; r++)
        mpz_inits(n[r], best[r], NULL);
    mpz_inits(c, num, den, L2, NULL);
    mpz_mul(L2, p.scale, p.scale);
    minimum m;
    minimum_init(&m);
    out->normal_unique = 1;
    if (any_out) {
        /* the nearest point lies on a facet the origin is strictly outside of */
        out->inside = -1;
        mpz_t X[3], D;
        for (int r = 0; r < 3; r++)
            mpz_init(X[r]);
        mpz_init(D);
        for (size_t f = 0; f < h.count; f++)
            if (h.alive[f] && h.o[f] > 0) {
                closest_on_triangle(X, D, p.x + 3 * h.f[f][0], p.x + 3 * h.f[f][1],
                                    p.x + 3 * h.f[f][2]);
                dot3(num, X, X);
                mpz_mul(den, D, D);
                if (minimum_offer(&m, num, den) < 0)
                    for (int r = 0; r < 3; r++)
                        mpz_set(best[r], X[r]);
            }
        mpz_mul(den, m.den, L2);
        out->phi = ccd_sqrt_ratio_rounded(m.num, den);
        unit_rounded(out->normal, best, 0);
        for (int r = 0; r < 3; r++)
            mpz_clear(X[r]);
        mpz_clear(D);
    } else if (any_on) {
        out->inside = 0;
        out->phi = 0.0;
        int first = 1;
        for (size_t f = 0; f < h.count; f++)
            if (h.alive[f] && h.o[f] == 0) {
                normal_exact(n, &p, h.f[f][0], h.f[f][1], h.f[f][2]);
                if (first) {
                    for (int r = 0; r < 3; r++)
                        mpz_set(best[r], n[r]);
                    first = 0;
                } else if (!same_direction(n, best))
                    out->normal_unique = 0;
            }
        unit_rounded(out->normal, best, 1);
    } else {
        out->inside = 1;
        for (size_t f = 0; f < h.count; f++)
            if (h.alive[f]) {
                normal_exact(n, &p, h.f[f][0], h.f[f][1], h.f[f][2]);
                dot3(c, n, p.x + 3 * h.f[f][0]); /* > 0: the origin is strictly inside */
                mpz_mul(num, c, c);
                dot3(den, n, n);
                int o = minimum_offer(&m, num, den);
                if (o < 0) {
                    for (int r = 0; r < 3; r++)
                        mpz_set(best[r], n[r]);
                    out->normal_unique = 1;
                } else if (o == 0 && !same_direction(n, best))
                    out->normal_unique = 0;
            }
        mpz_mul(den, m.den, L2);
        out->phi = -ccd_sqrt_ratio_rounded(m.num, den);
        unit_rounded(out->normal, best, 1);
    }
    minimum_clear(&m);
    for (int r = 0; r < 3; r++)
        mpz_clears(n[r], best[r], NULL);
    mpz_clears(c, num, den, L2, NULL);
    hull_free(&h);
    points_free(&p);
    return CCD_OK;
}

ccd_status ccd_minkowski_signed_distance_brute(ccd_minkowski_result *out, ccd_error *err,
                                               const ccd_posed_vertices *a,
                                               const ccd_posed_vertices *b)
{
    points p;
    if (prepare(&p, out, err, a, b) != CCD_OK)
        return err->status;
    mpz_t n[3], c, num, den, X[3], D;
    for (int r = 0; r < 3; r++)
        mpz_inits(n[r], X[r], NULL);
    mpz_inits(c, num, den, D, NULL);
    minimum in, outm;
    minimum_init(&in);
    minimum_init(&outm);
    int any_out = 0, any_on = 0, any_facet = 0;
    for (size_t i = 0; i < p.n; i++)
        for (size_t j = i + 1; j < p.n; j++)
            for (size_t k = j + 1; k < p.n; k++) {
                if (collinear(&p, i, j, k))
                    continue;
                int pos = 0, neg = 0;
                for (size_t q = 0; q < p.n && !(pos && neg); q++) {
                    int s = orient(&p, i, j, k, q);
                    pos |= s > 0;
                    neg |= s < 0;
                }
                if (pos && neg)
                    continue; /* not a supporting plane */
                any_facet = 1;
                size_t jj = j, kk = k;
                if (pos) { /* make the normal outward */
                    jj = k;
                    kk = j;
                }
                int o = orient(&p, i, jj, kk, p.n);
                normal_exact(n, &p, i, jj, kk);
                if (o > 0) {
                    any_out = 1;
                    closest_on_triangle(X, D, p.x + 3 * i, p.x + 3 * jj, p.x + 3 * kk);
                    dot3(num, X, X);
                    mpz_mul(den, D, D);
                    minimum_offer(&outm, num, den);
                } else {
                    any_on |= o == 0;
                    dot3(c, n, p.x + 3 * i);
                    mpz_mul(num, c, c);
                    dot3(den, n, n);
                    minimum_offer(&in, num, den);
                }
            }
    ccd_status st = CCD_OK;
    if (!any_facet)
        st = ccd_error_set(err, CCD_ERR_INPUT, "minkowski", 0, 0,
                           "the Minkowski difference is flat (a body without volume)");
    else if (any_out) {
        out->inside = -1;
        mpz_mul(den, p.scale, p.scale);
        mpz_mul(den, den, outm.den);
        out->phi = ccd_sqrt_ratio_rounded(outm.num, den);
    } else if (any_on) {
        out->inside = 0;
        out->phi = 0.0;
    } else {
        out->inside = 1;
        mpz_mul(den, p.scale, p.scale);
        mpz_mul(den, den, in.den);
        out->phi = -ccd_sqrt_ratio_rounded(in.num, den);
    }
    minimum_clear(&in);
    minimum_clear(&outm);
    for (int r = 0; r < 3; r++)
        mpz_clears(n[r], X[r], NULL);
    mpz_clears(c, num, den, D, NULL);
    points_free(&p);
    return st;
}

void ccd_quaternion_rotation(double rot[3][3], const double q[4])
{
    double s = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    double w = q[0] / s, x = q[1] / s, y = q[2] / s, z = q[3] / s;
    rot[0][0] = 1 - 2 * (y * y + z * z);
    rot[0][1] = 2 * (x * y - w * z);
    rot[0][2] = 2 * (x * z + w * y);
    rot[1][0] = 2 * (x * y + w * z);
    rot[1][1] = 1 - 2 * (x * x + z * z);
    rot[1][2] = 2 * (y * z - w * x);
    rot[2][0] = 2 * (x * z - w * y);
    rot[2][1] = 2 * (y * z + w * x);
    rot[2][2] = 1 - 2 * (x * x + y * y);
}
