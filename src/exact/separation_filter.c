/* SPDX-License-Identifier: MIT */
/*
 * Separating-axis filter of the minimum-separation truth (separation_filter.h).
 *
 * Contact within d at time t ⇔ 0 ∈ K(t) ⊕ B_d, with K(t) the convex hull of the
 * difference points V_m(t): VF p - v_i (a triangle), EE ea_i - eb_j (a
 * parallelogram), and B_d the ball of radius d in the norm (L∞: the cube).  Each
 * V_m(t) is linear in t.  For a fixed axis w, min_m w·V_m(t) is concave in t, so
 * on a piece [t0, t1]
 *     min over m and t ∈ {t0, t1} of w·V_m(t) > d ‖w‖_*       (‖·‖_* the dual norm:
 * ‖w‖₁ for L∞, ‖w‖₂ for L2) proves that K(t) and B_d are disjoint for every t of the
 * piece (and likewise max < -d ‖w‖_*).  Any w is sound; the candidates (computed at
 * the piece's midpoint) are the facet normals of K ⊕ cube — the polygon normal,
 * the coordinate axes, the polygon edges × the axes — which make the test exact
 * for L∞ on small pieces, and for L2 the directions to the vertices and the
 * perpendiculars from the origin to the edge lines (the closest-point directions).
 *
 * Error bound.  Let B = max |coordinate| (doubles; a rational input's double is its
 * nearest, within u B, u = 2^-53), and require 2^-200 ≤ B ≤ 2^200, t0, t1 dyadic with
 * ≤ 24 bits (exact doubles).  V computed as fl(V0 + fl(t fl(V1 - V0))) from
 * V0 = fl(x0 - y0), V1 = fl(x1 - y1) is within 26 u B of the exact V(t) per component
 * (input rounding 6 u B, the four operations ≤ 20 u B), and |V| ≤ 7 B; a dot product
 * fl(w·V) then errs from w·V_exact by ≤ (3.01 · 7 + 32) u B ‖w‖₁ < 2^6 u B ‖w‖₁
 * = 2^-47 B ‖w‖₁.  The test uses the margin E = 2^-44 B ‖w‖₁ (computed), 8 times
 * that, and d_up ‖w‖_* (1 + 2^-40) for the radius, whose computed norm and product
 * err by ≤ 5 u relatively.  Axes with ‖w‖₁ < 2^-600 are skipped so that underflow
 * (absolute errors ≤ 2^-1074 per operation) stays far below E; overflow gives inf or
 * NaN, for which the strict comparisons fail (no claim: every projection must pass
 * its strict comparison, a NaN one included).
 *
 * Speed: any axis that separates is as good as another, so the one that worked on
 * the previous piece is tried first, the candidates are built one at a time, and
 * an axis is dropped at the first projection on the wrong side; the decisions and
 * hence the cleared prefix are those of testing every axis in full.
 */
#include <config.h>

#include "exact/separation_filter.h"

#include <math.h>

enum { MAX_POINTS = 4, PIECE_BUDGET = 600 };

typedef struct filter_query {
    double v0[MAX_POINTS][3], v1[MAX_POINTS][3]; /* V_m at t = 0 and t = 1 */
    double dv[MAX_POINTS][3];                    /* fl(v1 - v0) */
    int n;                                       /* 3 (VF) or 4 (EE), in cyclic order */
    double bound;                                /* B */
    double d_up;
    int norm;
} filter_query;

static void at_time(double out[MAX_POINTS][3], const filter_query *f, double t)
{
    for (int m = 0; m < f->n; m++)
        for (int k = 0; k < 3; k++)
            out[m][k] = f->v0[m][k] + t * f->dv[m][k];
}

static void cross(double r[3], const double a[3], const double b[3])
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}

static double dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* The polygon's edges at the midpoint, for the candidate axes. */
typedef struct polygon_edges {
    double e[MAX_POINTS][3], last[3];
} polygon_edges;

static void edges_at(polygon_edges *g, const filter_query *f, double mid[MAX_POINTS][3])
{
    for (int m = 0; m < f->n; m++)
        for (int k = 0; k < 3; k++)
            g->e[m][k] = mid[(m + 1) % f->n][k] - mid[m][k];
    for (int k = 0; k < 3; k++)
        g->last[k] = mid[f->n - 1][k] - mid[0][k];
}

/* Candidate axis number idx (0 ≤ idx < 4 + 5 n) from the polygon at the midpoint;
 * 0 when that candidate does not exist.  Numbering: the polygon normal, the three
 * coordinate axes, then per edge m: edge × each coordinate axis, the direction to
 * vertex m, the perpendicular from the origin to the edge's line. */
static int candidate_axis(double w[3], int idx, const polygon_edges *g,
                          double mid[MAX_POINTS][3])
{
    if (idx == 0) {
        cross(w, g->e[0], g->last); /* polygon normal */
        return 1;
    }
    if (idx < 4) {
        w[0] = w[1] = w[2] = 0;
        w[idx - 1] = 1;
        return 1;
    }
    static const unsigned char edge_of[5 * MAX_POINTS] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1,
                                                          2, 2, 2, 2, 2, 3, 3, 3, 3, 3};
    static const unsigned char kind_of[5 * MAX_POINTS] = {0, 1, 2, 3, 4, 0, 1, 2, 3, 4,
                                                          0, 1, 2, 3, 4, 0, 1, 2, 3, 4};
    int m = edge_of[idx - 4], c = kind_of[idx - 4];
    if (c < 3) { /* edge × axis c */
        double axis[3] = {0, 0, 0};
        axis[c] = 1;
        cross(w, g->e[m], axis);
        return 1;
    }
    if (c == 3) { /* direction to the vertex */
        for (int k = 0; k < 3; k++)
            w[k] = mid[m][k];
        return 1;
    }
    /* perpendicular from the origin to the edge line: V - (V·e / e·e) e */
    double ee = dot(g->e[m], g->e[m]);
    if (!(ee > 0))
        return 0;
    double s = dot(mid[m], g->e[m]) / ee;
    for (int k = 0; k < 3; k++)
        w[k] = mid[m][k] - s * g->e[m][k];
    return 1;
}

/* 1 when axis w proves no contact on the piece (see the error bound above): every
 * projection w·V_m(t0), w·V_m(t1) is > reach, or every one is < -reach.  A NaN
 * (only after an overflow) satisfies neither, so it never proves anything. */
static int axis_separates(const filter_query *f, const double w[3], double a[MAX_POINTS][3],
                          double b[MAX_POINTS][3])
{
    double n1 = fabs(w[0]) + fabs(w[1]) + fabs(w[2]);
    if (!(n1 >= 0x1p-600))
        return 0;
    double dual = f->norm == 0 ? n1 : sqrt(dot(w, w));
    double reach = f->d_up * dual * (1 + 0x1p-40) + 0x1p-44 * f->bound * n1;
    double x = dot(w, a[0]);
    if (x > reach) { /* all above? */
        for (int m = 0; m < f->n; m++)
            if (!(dot(w, a[m]) > reach) || !(dot(w, b[m]) > reach))
                return 0;
        return 1;
    }
    if (x < -reach) { /* all below? */
        for (int m = 0; m < f->n; m++)
            if (!(dot(w, a[m]) < -reach) || !(dot(w, b[m]) < -reach))
                return 0;
        return 1;
    }
    return 0;
}

/* 1 when some candidate axis proves no contact on [t0, t1].  Any axis that works
 * is as good as another: the one that worked last (*hint) is tried first. */
static int piece_clear(const filter_query *f, double t0, double t1, int *hint)
{
    double a[MAX_POINTS][3], b[MAX_POINTS][3], mid[MAX_POINTS][3], w[3];
    at_time(a, f, t0);
    at_time(b, f, t1);
    at_time(mid, f, 0.5 * (t0 + t1));
    polygon_edges g;
    edges_at(&g, f, mid);
    int naxes = 4 + 5 * f->n;
    for (int t = -1; t < naxes; t++) {
        int idx = t < 0 ? *hint : t;
        if (t >= 0 && idx == *hint)
            continue;
        if (candidate_axis(w, idx, &g, mid) && axis_separates(f, w, a, b)) {
            *hint = idx;
            return 1;
        }
    }
    return 0;
}

static int load(filter_query *f, const ccd_query *q, double d_up, int norm)
{
    const double(*v)[3] = q->v;
    double b = 0;
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int k = 0; k < 3; k++)
            b = fmax(b, fabs(v[i][k]));
    if (!(b >= 0x1p-200 && b <= 0x1p200))
        return 0;
    f->bound = b;
    f->d_up = d_up;
    f->norm = norm;
    /* rows 0..3 at t = 0, 4..7 at t = 1 */
    static const int vf[3][2] = {{0, 1}, {0, 2}, {0, 3}};
    static const int ee[4][2] = {{0, 2}, {1, 2}, {1, 3}, {0, 3}}; /* cyclic */
    f->n = q->kind == CCD_VF ? 3 : 4;
    for (int m = 0; m < f->n; m++) {
        int i = q->kind == CCD_VF ? vf[m][0] : ee[m][0];
        int j = q->kind == CCD_VF ? vf[m][1] : ee[m][1];
        for (int k = 0; k < 3; k++) {
            f->v0[m][k] = v[i][k] - v[j][k];
            f->v1[m][k] = v[i + 4][k] - v[j + 4][k];
            f->dv[m][k] = f->v1[m][k] - f->v0[m][k];
        }
    }
    return 1;
}

uint32_t ccd_separation_filter_clear_prefix(const ccd_query *q, double d_up, int norm,
                                            uint32_t end)
{
    filter_query f;
    if (!(d_up >= 0) || !load(&f, q, d_up, norm))
        return 0;
    const int depth = CCD_SEPARATION_FILTER_DEPTH;
    /* depth-first, left piece first: when a piece is taken, everything before it
     * is clear */
    struct piece {
        int level;
        uint32_t index;
    } stack[2 * CCD_SEPARATION_FILTER_DEPTH + 2];
    int top = 0, budget = PIECE_BUDGET, hint = 0;
    uint32_t clear = 0;
    stack[top++] = (struct piece){0, 0};
    while (top > 0) {
        struct piece p = stack[--top];
        uint32_t start = p.index << (depth - p.level);
        if (start >= end)
            continue;
        double scale = ldexp(1.0, -p.level);
        if (piece_clear(&f, p.index * scale, (p.index + 1) * scale, &hint)) {
            clear = (p.index + 1) << (depth - p.level);
            continue;
        }
        if (p.level == depth || --budget <= 0)
            return start;
        stack[top++] = (struct piece){p.level + 1, 2 * p.index + 1};
        stack[top++] = (struct piece){p.level + 1, 2 * p.index};
    }
    return clear < end ? clear : end;
}
