/* SPDX-License-Identifier: MIT */
/*
 * Exact closest points in rational arithmetic.  The region tests follow Ericson,
 * "Real-Time Collision Detection" (2005), 5.1.5 (point–triangle) and 5.1.9
 * (segment–segment); with mpq every comparison is exact, so the branch taken is
 * always the right one.  Degenerate cases follow the canonical rules of distance.h.
 */
#include <config.h>

#include "exact/distance.h"
#include "core/assert.h"

static void vec_init(mpq_t v[3])
{
    for (int k = 0; k < 3; k++)
        mpq_init(v[k]);
}
static void vec_clear(mpq_t v[3])
{
    for (int k = 0; k < 3; k++)
        mpq_clear(v[k]);
}
static void vec_sub(mpq_t out[3], mpq_t a[3], mpq_t b[3])
{
    for (int k = 0; k < 3; k++)
        mpq_sub(out[k], a[k], b[k]);
}
/* out = a + s b (out may alias a, not b) */
static void vec_add_scaled(mpq_t out[3], mpq_t a[3], const mpq_t s, mpq_t b[3], mpq_t tmp)
{
    for (int k = 0; k < 3; k++) {
        mpq_mul(tmp, s, b[k]);
        mpq_add(out[k], a[k], tmp);
    }
}
static void vec_dot(mpq_t out, mpq_t a[3], mpq_t b[3], mpq_t tmp)
{
    mpq_mul(out, a[0], b[0]);
    mpq_mul(tmp, a[1], b[1]);
    mpq_add(out, out, tmp);
    mpq_mul(tmp, a[2], b[2]);
    mpq_add(out, out, tmp);
}
static void dist2_of(mpq_t out, mpq_t a[3], mpq_t b[3])
{
    mpq_t d[3], tmp;
    vec_init(d);
    mpq_init(tmp);
    vec_sub(d, a, b);
    vec_dot(out, d, d, tmp);
    mpq_clear(tmp);
    vec_clear(d);
}
/* x = clamp(x, 0, 1) */
static void clamp01(mpq_t x)
{
    if (mpq_sgn(x) < 0)
        mpq_set_ui(x, 0, 1);
    else if (mpq_cmp_ui(x, 1, 1) > 0)
        mpq_set_ui(x, 1, 1);
}

void ccd_exact_segment_segment(mpq_t dist2, mpq_t ca[3], mpq_t cb[3], mpq_t st[2],
                               mpq_t p0[3], mpq_t p1[3], mpq_t q0[3], mpq_t q1[3])
{
    mpq_t d1[3], d2[3], r[3], a, b, c, e, f, denom, tmp, lo, hi;
    vec_init(d1), vec_init(d2), vec_init(r);
    mpq_inits(a, b, c, e, f, denom, tmp, lo, hi, NULL);
    mpq_ptr s = st[0], t = st[1];

    vec_sub(d1, p1, p0);
    vec_sub(d2, q1, q0);
    vec_sub(r, p0, q0);
    vec_dot(a, d1, d1, tmp); /* |d1|² */
    vec_dot(e, d2, d2, tmp); /* |d2|² */
    vec_dot(b, d1, d2, tmp);
    vec_dot(c, d1, r, tmp);
    vec_dot(f, d2, r, tmp);
    /* f(s,t) = |r + s d1 - t d2|² = a s² - 2 b s t + e t² + 2 c s - 2 f t + |r|² */

    if (mpq_sgn(a) == 0 && mpq_sgn(e) == 0) { /* both segments are points */
        mpq_set_ui(s, 0, 1);
        mpq_set_ui(t, 0, 1);
    } else if (mpq_sgn(a) == 0) { /* segment a is a point: s = 0, project p0 on b */
        mpq_set_ui(s, 0, 1);
        mpq_div(t, f, e);
        clamp01(t);
    } else if (mpq_sgn(e) == 0) { /* segment b is a point: t = 0, project q0 on a */
        mpq_set_ui(t, 0, 1);
        mpq_div(s, c, a);
        mpq_neg(s, s);
        clamp01(s);
    } else {
        mpq_mul(denom, a, e);
        mpq_mul(tmp, b, b);
        mpq_sub(denom, denom, tmp); /* |d1 × d2|² ≥ 0 */
        CCD_ASSERT(mpq_sgn(denom) >= 0);
        if (mpq_sgn(denom) != 0) {
            /* not parallel: strictly convex, unique minimiser (Ericson 5.1.9) */
            mpq_mul(s, b, f);
            mpq_mul(tmp, c, e);
            mpq_sub(s, s, tmp);
            mpq_div(s, s, denom);
            clamp01(s);
            mpq_mul(t, b, s);
            mpq_add(t, t, f);
            mpq_div(t, t, e);
            if (mpq_sgn(t) < 0) {
                mpq_set_ui(t, 0, 1);
                mpq_div(s, c, a);
                mpq_neg(s, s);
                clamp01(s);
            } else if (mpq_cmp_ui(t, 1, 1) > 0) {
                mpq_set_ui(t, 1, 1);
                mpq_sub(s, b, c);
                mpq_div(s, s, a);
                clamp01(s);
            }
        } else {
            /* parallel: q0 and q1 project on line a at s = -c/a and (b - c)/a; the
             * minimisers with the smallest s start where the two projections overlap */
            mpq_div(lo, c, a);
            mpq_neg(lo, lo);
            mpq_sub(hi, b, c);
            mpq_div(hi, hi, a);
            if (mpq_cmp(lo, hi) > 0)
                mpq_swap(lo, hi);
            if (mpq_sgn(hi) < 0) /* b lies before p0 */
                mpq_set_ui(s, 0, 1);
            else if (mpq_cmp_ui(lo, 1, 1) > 0) /* b lies after p1 */
                mpq_set_ui(s, 1, 1);
            else if (mpq_sgn(lo) > 0) /* overlap starts inside a */
                mpq_set(s, lo);
            else
                mpq_set_ui(s, 0, 1);
            mpq_mul(t, b, s); /* t = projection of a(s) on b */
            mpq_add(t, t, f);
            mpq_div(t, t, e);
            clamp01(t);
        }
    }
    vec_add_scaled(ca, p0, s, d1, tmp);
    vec_add_scaled(cb, q0, t, d2, tmp);
    dist2_of(dist2, ca, cb);

    mpq_clears(a, b, c, e, f, denom, tmp, lo, hi, NULL);
    vec_clear(d1), vec_clear(d2), vec_clear(r);
}

/* Zero-area triangle: the closest point on the edges f0f1, f0f2, f1f2 (first wins). */
static void point_degenerate_triangle(mpq_t dist2, mpq_t closest[3], mpq_t uv[2], mpq_t p[3],
                                      mpq_t a[3], mpq_t b[3], mpq_t c[3])
{
    mpq_t d, cp[3], cq[3], st[2], one;
    mpq_init(d), mpq_init(one), vec_init(cp), vec_init(cq);
    mpq_init(st[0]), mpq_init(st[1]);
    mpq_set_ui(one, 1, 1);
    mpq_t *edges[3][2] = {{a, b}, {a, c}, {b, c}};
    for (int i = 0; i < 3; i++) {
        /* segment (p, p) against the edge: s = 0, t = the edge parameter */
        ccd_exact_segment_segment(d, cp, cq, st, p, p, edges[i][0], edges[i][1]);
        if (i == 0 || mpq_cmp(d, dist2) < 0) {
            mpq_set(dist2, d);
            for (int k = 0; k < 3; k++)
                mpq_set(closest[k], cq[k]);
            if (i == 0) {
                mpq_set(uv[0], st[1]);
                mpq_set_ui(uv[1], 0, 1);
            } else if (i == 1) {
                mpq_set_ui(uv[0], 0, 1);
                mpq_set(uv[1], st[1]);
            } else {
                mpq_sub(uv[0], one, st[1]);
                mpq_set(uv[1], st[1]);
            }
        }
    }
    mpq_clear(st[0]), mpq_clear(st[1]);
    mpq_clear(d), mpq_clear(one), vec_clear(cp), vec_clear(cq);
}

void ccd_exact_point_triangle(mpq_t dist2, mpq_t closest[3], mpq_t uv[2], mpq_t p[3],
                              mpq_t a[3], mpq_t b[3], mpq_t c[3])
{
    mpq_t ab[3], ac[3], ap[3], bp[3], cp[3], n[3];
    mpq_t d1, d2, d3, d4, d5, d6, va, vb, vc, x, y, tmp;
    vec_init(ab), vec_init(ac), vec_init(ap), vec_init(bp), vec_init(cp), vec_init(n);
    mpq_inits(d1, d2, d3, d4, d5, d6, va, vb, vc, x, y, tmp, NULL);
    mpq_ptr u = uv[0], v = uv[1];

    vec_sub(ab, b, a);
    vec_sub(ac, c, a);
    /* n = ab × ac: the triangle has zero area iff n = 0 */
    int degenerate = 1;
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        mpq_mul(n[k], ab[i], ac[j]);
        mpq_mul(tmp, ab[j], ac[i]);
        mpq_sub(n[k], n[k], tmp);
        if (mpq_sgn(n[k]) != 0)
            degenerate = 0;
    }
    if (degenerate) {
        point_degenerate_triangle(dist2, closest, uv, p, a, b, c);
        goto done;
    }
    vec_sub(ap, p, a);
    vec_sub(bp, p, b);
    vec_sub(cp, p, c);
    vec_dot(d1, ab, ap, tmp);
    vec_dot(d2, ac, ap, tmp);
    vec_dot(d3, ab, bp, tmp);
    vec_dot(d4, ac, bp, tmp);
    vec_dot(d5, ab, cp, tmp);
    vec_dot(d6, ac, cp, tmp);
    /* vc, vb, va: |ab × ac|² times the barycentric weights of c, b, a */
    mpq_mul(vc, d1, d4), mpq_mul(tmp, d3, d2), mpq_sub(vc, vc, tmp);
    mpq_mul(vb, d5, d2), mpq_mul(tmp, d1, d6), mpq_sub(vb, vb, tmp);
    mpq_mul(va, d3, d6), mpq_mul(tmp, d5, d4), mpq_sub(va, va, tmp);
    mpq_sub(x, d4, d3); /* (c - b)·(p - b) */
    mpq_sub(y, d5, d6); /* (b - c)·(p - c) */

    if (mpq_sgn(d1) <= 0 && mpq_sgn(d2) <= 0) { /* vertex region a (Ericson's order of tests) */
        mpq_set_ui(u, 0, 1), mpq_set_ui(v, 0, 1);
    } else if (mpq_sgn(d3) >= 0 && mpq_cmp(d4, d3) <= 0) { /* vertex region b */
        mpq_set_ui(u, 1, 1), mpq_set_ui(v, 0, 1);
    } else if (mpq_sgn(vc) <= 0 && mpq_sgn(d1) >= 0 && mpq_sgn(d3) <= 0) { /* edge ab */
        mpq_sub(tmp, d1, d3); /* |ab|² > 0 */
        CCD_ASSERT(mpq_sgn(tmp) > 0);
        mpq_div(u, d1, tmp);
        mpq_set_ui(v, 0, 1);
    } else if (mpq_sgn(d6) >= 0 && mpq_cmp(d5, d6) <= 0) { /* vertex region c */
        mpq_set_ui(u, 0, 1), mpq_set_ui(v, 1, 1);
    } else if (mpq_sgn(vb) <= 0 && mpq_sgn(d2) >= 0 && mpq_sgn(d6) <= 0) { /* edge ac */
        mpq_sub(tmp, d2, d6); /* |ac|² > 0 */
        CCD_ASSERT(mpq_sgn(tmp) > 0);
        mpq_set_ui(u, 0, 1);
        mpq_div(v, d2, tmp);
    } else if (mpq_sgn(va) <= 0 && mpq_sgn(x) >= 0 && mpq_sgn(y) >= 0) { /* edge bc */
        mpq_add(tmp, x, y); /* |bc|² > 0 */
        CCD_ASSERT(mpq_sgn(tmp) > 0);
        mpq_div(v, x, tmp);
        mpq_set_ui(u, 1, 1);
        mpq_sub(u, u, v);
    } else { /* face region */
        mpq_add(tmp, va, vb);
        mpq_add(tmp, tmp, vc); /* |ab × ac|² > 0 */
        CCD_ASSERT(mpq_sgn(tmp) > 0);
        mpq_div(u, vb, tmp);
        mpq_div(v, vc, tmp);
    }
    for (int k = 0; k < 3; k++) {
        mpq_mul(closest[k], u, ab[k]);
        mpq_add(closest[k], closest[k], a[k]);
        mpq_mul(tmp, v, ac[k]);
        mpq_add(closest[k], closest[k], tmp);
    }
    dist2_of(dist2, p, closest);
done:
    mpq_clears(d1, d2, d3, d4, d5, d6, va, vb, vc, x, y, tmp, NULL);
    vec_clear(ab), vec_clear(ac), vec_clear(ap), vec_clear(bp), vec_clear(cp), vec_clear(n);
}

void ccd_exact_query_points(mpq_t pts[4][3], const ccd_query *q, const mpq_t t)
{
    mpq_t x1;
    mpq_init(x1);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            ccd_query_coord_mpq(pts[i][k], q, i, k);
            ccd_query_coord_mpq(x1, q, i + 4, k);
            mpq_sub(x1, x1, pts[i][k]);
            mpq_mul(x1, x1, t);
            mpq_add(pts[i][k], pts[i][k], x1);
        }
    mpq_clear(x1);
}

ccd_status ccd_exact_distance(mpq_t dist2, mpq_t pa[3], mpq_t pb[3], mpq_t s[2],
                              const ccd_query *q, const mpq_t t)
{
    if (q->kind != CCD_VF && q->kind != CCD_EE)
        return CCD_ERR_INPUT;
    mpq_t pts[4][3];
    for (int i = 0; i < 4; i++)
        vec_init(pts[i]);
    ccd_exact_query_points(pts, q, t);
    if (q->kind == CCD_VF) {
        for (int k = 0; k < 3; k++)
            mpq_set(pa[k], pts[0][k]);
        ccd_exact_point_triangle(dist2, pb, s, pts[0], pts[1], pts[2], pts[3]);
    } else {
        ccd_exact_segment_segment(dist2, pa, pb, s, pts[0], pts[1], pts[2], pts[3]);
    }
    for (int i = 0; i < 4; i++)
        vec_clear(pts[i]);
    return CCD_OK;
}
