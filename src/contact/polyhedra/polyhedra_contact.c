/* SPDX-License-Identifier: MIT */
/*
 * Contact data for two convex polyhedra, after Cheng Yi & Drumwright,
 * "Determining Contact Data for Time Stepping Rigid Body Simulations with Convex
 * Polyhedral Geometries":
 *   - separating-axis test over face normals and normalised edge × edge axes
 *     (Algorithms 1–2, with the errata: the cross products are normalised and the
 *     (near-)zero ones dropped; ties between minimal axes pointing different ways
 *     are detected instead of silently taking the last one);
 *   - disjoint: the closest points by exhaustive closest-feature search (vertex–
 *     face and edge–edge pairs cover every pair of closest features of two
 *     disjoint convex polyhedra), no iterative method;
 *   - intersecting: minus the minimum translational distance from the axis of
 *     least overlap, the plane through the midpoint of the deepest vertices,
 *     x·n̂ = ½ n̂·(p_A + p_B) (the paper's formula, not the reference code's
 *     ½ n̂·(p_A − p_B));
 *   - the manifold of §IV-E: on-plane vertices after moving each body by φ/2
 *     toward the other, Fix 1 (no on-plane vertex) and Fix 2 (empty
 *     intersection), sets reduced to point / segment / convex polygon in the
 *     plane and intersected; every vertex of the intersection is a contact point.
 */
#include <config.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "contact/polyhedra/polyhedra_internal.h"

void ccd_polyhedra_options_default(ccd_polyhedra_options *opt)
{
    opt->plane_tol = 1e-9;
    opt->kiss_tol = 1e-12;
    opt->tie_tol = 1e-12;
    opt->all_edge_pairs = 0;
}

const char *ccd_polyhedra_status_name(ccd_polyhedra_status s)
{
    switch (s) {
    case CCD_POLYH_CONTACT: return "contact";
    case CCD_POLYH_VERTEX_VERTEX: return "no contact: vertex-vertex (normal indeterminate)";
    case CCD_POLYH_VERTEX_EDGE: return "no contact: vertex-edge (normal indeterminate)";
    case CCD_POLYH_PARALLEL_EDGES: return "no contact: parallel edge-edge (normal indeterminate)";
    case CCD_POLYH_EQUAL_MINIMA: return "no contact: equal minimal axes pointing different ways";
    }
    return "?";
}

static double dot(const double *a, const double *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
static void cross(double *r, const double *a, const double *b)
{
    double t[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                   a[0] * b[1] - a[1] * b[0]};
    memcpy(r, t, sizeof t);
}
static void sub(double *r, const double *a, const double *b)
{
    for (int i = 0; i < 3; i++)
        r[i] = a[i] - b[i];
}

static void transform(double *r, const ccd_pose *T, const double *x)
{
    for (int i = 0; i < 3; i++)
        r[i] = T->rot[i][0] * x[0] + T->rot[i][1] * x[1] + T->rot[i][2] * x[2] + T->pos[i];
}
static void rotate(double *r, const ccd_pose *T, const double *x)
{
    for (int i = 0; i < 3; i++)
        r[i] = T->rot[i][0] * x[0] + T->rot[i][1] * x[1] + T->rot[i][2] * x[2];
}

int ccd_polyh_world(ccd_polyh_world_body *w, const ccd_polyhedron *p, const ccd_pose *T)
{
    w->p = p;
    w->v = malloc(p->vertex_count * sizeof *w->v);
    w->n = malloc(p->face_count * sizeof *w->n);
    w->e = malloc(p->edge_count * sizeof *w->e);
    if (!w->v || !w->n || !w->e)
        return ccd_polyh_world_free(w), -1;
    for (size_t i = 0; i < p->vertex_count; i++)
        transform(w->v[i], T, p->vertex[i]);
    for (size_t f = 0; f < p->face_count; f++)
        rotate(w->n[f], T, p->face_normal[f]);
    for (size_t e = 0; e < p->edge_count; e++)
        sub(w->e[e], w->v[p->edge[e][1]], w->v[p->edge[e][0]]);
    return 0;
}

void ccd_polyh_world_free(ccd_polyh_world_body *w)
{
    free(w->v), free(w->n), free(w->e);
    w->v = NULL, w->n = NULL, w->e = NULL;
}

/* PROJECT of Algorithm 1: strict comparisons, the first extreme vertex wins. */
static void project(const ccd_polyh_world_body *w, const double *u, double *mn, double *mx,
                    size_t *imn, size_t *imx)
{
    *mn = INFINITY, *mx = -INFINITY;
    for (size_t i = 0; i < w->p->vertex_count; i++) {
        double y = dot(w->v[i], u);
        if (y < *mn)
            *mn = y, *imn = i;
        if (y > *mx)
            *mx = y, *imx = i;
    }
}

/* Whether edges ea of A and eb of B span a face of A ⊖ B: their arcs on the
 * Gauss map (between the normals of their two faces; B's negated) cross.  Only
 * those pairs give facet normals of A ⊖ B, so only they can be the axis of least
 * overlap or a separating axis that no face normal already is.  The test is
 * slack by 1e-12: keeping an extra axis costs time, never accuracy (any axis's
 * overlap bounds the minimum from above), and a pair dropped only at rounding
 * level is one whose axis lies within rounding of a face normal tested anyway. */
static int minkowski_face(const ccd_polyh_world_body *A, size_t ea, const ccd_polyh_world_body *B,
                          size_t eb)
{
    const double *a = A->n[A->p->edge_face[ea][0]], *b = A->n[A->p->edge_face[ea][1]];
    double c[3], d[3], bxa[3], dxc[3];
    for (int i = 0; i < 3; i++)
        c[i] = -B->n[B->p->edge_face[eb][0]][i], d[i] = -B->n[B->p->edge_face[eb][1]][i];
    cross(bxa, b, a);
    cross(dxc, d, c);
    double cba = dot(c, bxa), dba = dot(d, bxa), adc = dot(a, dxc), bdc = dot(b, dxc);
    const double slack = 1e-12;
    return cba * dba <= slack && adc * bdc <= slack && cba * bdc >= -slack;
}

typedef struct candidate {
    double overlap, n[3];
} candidate;

/* FIND-MTLD (Algorithm 2).  Returns 0 separated, 1 intersecting (fills the
 * minimal axis), 2 intersecting with tied minimal axes pointing different ways,
 * -1 out of memory. */
static int find_mtld(ccd_polyh_sat *s, const ccd_polyh_world_body *A, const ccd_polyh_world_body *B,
                     double tie, int prune)
{
    size_t fa = A->p->face_count, fb = B->p->face_count;
    size_t total = fa + fb + A->p->edge_count * B->p->edge_count;
    candidate *c = NULL;
    size_t nc = 0, cap = 0;
    double best = INFINITY;
    for (size_t k = 0; k < total; k++) {
        double u[3];
        ccd_polyh_feature f = {0};
        if (k < fa) {
            memcpy(u, A->n[k], sizeof u);
            f.kind = CCD_POLYH_FEAT_FACE_A, f.a = k;
        } else if (k < fa + fb) {
            memcpy(u, B->n[k - fa], sizeof u);
            f.kind = CCD_POLYH_FEAT_FACE_B, f.b = k - fa;
        } else {
            size_t ia = (k - fa - fb) / B->p->edge_count, ib = (k - fa - fb) % B->p->edge_count;
            if (prune && !minkowski_face(A, ia, B, ib))
                continue;
            cross(u, A->e[ia], B->e[ib]);
            double len = sqrt(dot(u, u));
            /* drop (near-)parallel pairs: a noisy axis from them is a valid but
             * useless test, and the exact axis is already among the face normals */
            if (!(len > 1e-12 * sqrt(dot(A->e[ia], A->e[ia]) * dot(B->e[ib], B->e[ib]))))
                continue;
            for (int i = 0; i < 3; i++)
                u[i] /= len;
            f.kind = CCD_POLYH_FEAT_EDGE_EDGE, f.a = ia, f.b = ib;
        }
        double minA, maxA, minB, maxB;
        size_t iminA = 0, imaxA = 0, iminB = 0, imaxB = 0;
        project(A, u, &minA, &maxA, &iminA, &imaxA);
        project(B, u, &minB, &maxB, &iminB, &imaxB);
        double o1 = maxA - minB, o2 = maxB - minA;
        if (o1 < 0 || o2 < 0) {
            free(c);
            s->separating_axis = f;
            return 0;
        }
        double o = fmin(o1, o2);
        if (o > best + tie)
            continue;
        /* both directions of one axis within the tie: the normal's sign is open */
        for (int side = 0; side < 2; side++) {
            double ov = side ? o2 : o1;
            if (ov > o + tie)
                continue;
            if (nc == cap) {
                cap = cap ? 2 * cap : 16;
                candidate *t = realloc(c, cap * sizeof *t);
                if (!t)
                    return free(c), -1;
                c = t;
            }
            c[nc].overlap = ov;
            for (int i = 0; i < 3; i++)
                c[nc].n[i] = side ? u[i] : -u[i];
            nc++;
        }
        if (o > best)
            continue; /* a near tie: kept as a candidate, not taken */
        best = o;
        f.sign = o1 < o2 ? -1 : 1;
        s->feature = f;
        if (o1 < o2) {
            for (int i = 0; i < 3; i++)
                s->normal[i] = -u[i];
            s->deep_a = imaxA, s->deep_b = iminB;
        } else {
            memcpy(s->normal, u, sizeof u);
            s->deep_a = iminA, s->deep_b = imaxB;
        }
        /* prune the candidates that the new minimum left behind */
        size_t keep = 0;
        for (size_t i = 0; i < nc; i++)
            if (c[i].overlap <= best + tie)
                c[keep++] = c[i];
        nc = keep;
    }
    s->overlap = best;
    int tied = 0;
    for (size_t i = 0; i < nc; i++)
        if (c[i].overlap <= best + tie && dot(c[i].n, s->normal) < 1 - 1e-9)
            tied = 1;
    free(c);
    return tied ? 2 : 1;
}

/* Closest points of segments p0 + s d1 and q0 + t d2, s, t ∈ [0, 1]. */
static double segment_segment(double *pa, double *pb, double *sa, double *tb, const double *p0,
                              const double *d1, const double *q0, const double *d2)
{
    double r[3];
    sub(r, p0, q0);
    double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r), c = dot(d1, r), b = dot(d1, d2);
    double denom = a * e - b * b, s = 0, t;
    if (denom > 1e-14 * a * e)
        s = fmin(1, fmax(0, (b * f - c * e) / denom));
    t = (b * s + f) / e;
    if (t < 0)
        t = 0, s = fmin(1, fmax(0, -c / a));
    else if (t > 1)
        t = 1, s = fmin(1, fmax(0, (b - c) / a));
    for (int i = 0; i < 3; i++)
        pa[i] = p0[i] + s * d1[i], pb[i] = q0[i] + t * d2[i];
    *sa = s, *tb = t;
    double d[3];
    sub(d, pa, pb);
    return sqrt(dot(d, d));
}

/* Whether the projection of x on face f of body w lies inside the face. */
static int inside_face(const ccd_polyh_world_body *w, size_t f, const double *x)
{
    const ccd_polyhedron *p = w->p;
    for (size_t k = p->face_start[f]; k < p->face_start[f + 1]; k++) {
        size_t k1 = k + 1 < p->face_start[f + 1] ? k + 1 : p->face_start[f];
        double e[3], r[3], c[3];
        sub(e, w->v[p->face_vertex[k1]], w->v[p->face_vertex[k]]);
        sub(r, x, w->v[p->face_vertex[k]]);
        cross(c, e, r);
        if (dot(c, w->n[f]) < 0)
            return 0;
    }
    return 1;
}

/* Exhaustive closest features of two disjoint bodies. */
static double closest_features(ccd_polyh_sat *s, const ccd_polyh_world_body *A,
                               const ccd_polyh_world_body *B)
{
    double best = INFINITY;
    for (int side = 0; side < 2; side++) {
        const ccd_polyh_world_body *V = side ? B : A, *F = side ? A : B;
        for (size_t f = 0; f < F->p->face_count; f++) {
            const double *x0 = F->v[F->p->face_vertex[F->p->face_start[f]]];
            for (size_t i = 0; i < V->p->vertex_count; i++) {
                double r[3];
                sub(r, V->v[i], x0);
                double h = dot(r, F->n[f]);
                if (!(h >= 0 && h < best))
                    continue;
                double proj[3];
                for (int k = 0; k < 3; k++)
                    proj[k] = V->v[i][k] - h * F->n[f][k];
                if (!inside_face(F, f, proj))
                    continue;
                best = h;
                memcpy(s->closest[side], V->v[i], sizeof proj);
                memcpy(s->closest[1 - side], proj, sizeof proj);
                s->feature.kind = side ? CCD_POLYH_FEAT_FACE_A : CCD_POLYH_FEAT_FACE_B;
                s->feature.a = side ? f : i;
                s->feature.b = side ? i : f;
            }
        }
    }
    for (size_t ea = 0; ea < A->p->edge_count; ea++)
        for (size_t eb = 0; eb < B->p->edge_count; eb++) {
            double pa[3], pb[3], sa, tb;
            double d = segment_segment(pa, pb, &sa, &tb, A->v[A->p->edge[ea][0]], A->e[ea],
                                       B->v[B->p->edge[eb][0]], B->e[eb]);
            if (!(d < best))
                continue;
            best = d;
            memcpy(s->closest[0], pa, sizeof pa);
            memcpy(s->closest[1], pb, sizeof pb);
            s->feature.kind = CCD_POLYH_FEAT_EDGE_EDGE, s->feature.a = ea, s->feature.b = eb;
            s->feature.sa = sa, s->feature.tb = tb;
        }
    return best;
}

/* ------------------------------------------------------------------ 2-D sets */

typedef struct set2 {
    size_t n; /* 1 point, 2 segment, ≥ 3 convex polygon (counter-clockwise) */
    double (*x)[2];
} set2;

static double cross2(const double *o, const double *a, const double *b)
{
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

static int cmp2(const void *a, const void *b)
{
    const double *p = a, *q = b;
    return p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : p[1] < q[1] ? -1 : p[1] > q[1];
}

/* Reduces n points in place to a point, a segment or a convex polygon: points
 * closer than tol merge, a polygon thinner than tol is a segment (collinear
 * sets are treated as segments, as the paper prescribes). */
static int reduce(set2 *s, double tol)
{
    double (*x)[2] = s->x;
    size_t n = s->n;
    qsort(x, n, sizeof *x, cmp2);
    /* farthest pair from the first point, then from that one: a diameter-ish segment */
    size_t i0 = 0, i1 = 0;
    double dmax = -1;
    for (size_t i = 0; i < n; i++) {
        double d = hypot(x[i][0] - x[0][0], x[i][1] - x[0][1]);
        if (d > dmax)
            dmax = d, i1 = i;
    }
    dmax = -1;
    for (size_t i = 0; i < n; i++) {
        double d = hypot(x[i][0] - x[i1][0], x[i][1] - x[i1][1]);
        if (d > dmax)
            dmax = d, i0 = i;
    }
    if (dmax <= tol) {
        s->n = 1;
        return 0;
    }
    double thick = 0;
    for (size_t i = 0; i < n; i++)
        thick = fmax(thick, fabs(cross2(x[i0], x[i1], x[i])) / dmax);
    if (thick <= tol) {
        double a[2] = {x[i0][0], x[i0][1]}, b[2] = {x[i1][0], x[i1][1]};
        memcpy(x[0], a, sizeof a), memcpy(x[1], b, sizeof b);
        s->n = 2;
        return 0;
    }
    /* Andrew's monotone chain; interior-collinear points within tol drop out */
    double (*h)[2] = malloc(2 * n * sizeof *h);
    size_t k = 0;
    if (!h)
        return -1;
    for (size_t i = 0; i < n; i++) {
        while (k >= 2 && cross2(h[k - 2], h[k - 1], x[i]) <= tol * dmax)
            k--;
        memcpy(h[k++], x[i], sizeof h[0]);
    }
    for (size_t i = n - 1, t = k + 1; i-- > 0;) {
        while (k >= t && cross2(h[k - 2], h[k - 1], x[i]) <= tol * dmax)
            k--;
        memcpy(h[k++], x[i], sizeof h[0]);
    }
    k--;
    memcpy(x, h, k * sizeof *h);
    free(h);
    s->n = k;
    return 0;
}

/* Clips the convex polygon or segment `in` by the half-plane left of a→b (with
 * slack tol); out must hold in->n + 1 points. */
static size_t clip(double (*out)[2], const double (*in)[2], size_t n, int closed, const double *a,
                   const double *b, double tol)
{
    double len = hypot(b[0] - a[0], b[1] - a[1]);
    size_t m = 0, edges = closed ? n : n - 1;
    /* a polygon clipped by a half-plane gains at most one vertex */
    if (n == 1) {
        if (cross2(a, b, in[0]) >= -tol * len)
            memcpy(out[m++], in[0], sizeof out[0]);
        return m;
    }
    if (!closed) { /* a segment: keep the inside part */
        double sp = cross2(a, b, in[0]) / len, sq = cross2(a, b, in[1]) / len;
        if (sp < -tol && sq < -tol)
            return 0;
        for (int e = 0; e < 2; e++) {
            double se = e ? sq : sp, so = e ? sp : sq;
            const double *p = in[e], *q = in[1 - e];
            if (se >= -tol) {
                memcpy(out[m++], p, sizeof out[0]);
            } else { /* p outside, q inside: cut at the line */
                double t = se / (se - so);
                out[m][0] = p[0] + t * (q[0] - p[0]), out[m][1] = p[1] + t * (q[1] - p[1]);
                m++;
            }
        }
        return m;
    }
    (void)edges;
    for (size_t i = 0; i < n; i++) { /* Sutherland–Hodgman, one edge */
        const double *p = in[i], *q = in[(i + 1) % n];
        double sp = cross2(a, b, p) / len, sq = cross2(a, b, q) / len;
        if (sp >= -tol)
            memcpy(out[m++], p, sizeof out[0]);
        if ((sp < -tol && sq > tol) || (sp > tol && sq < -tol)) {
            double t = sp / (sp - sq);
            out[m][0] = p[0] + t * (q[0] - p[0]), out[m][1] = p[1] + t * (q[1] - p[1]);
            m++;
        }
    }
    return m;
}

/* Intersection of two reduced sets into r (≤ a.n + b.n + 2 points); tol in length.
 * SIZE_MAX when out of memory. */
static size_t intersect(double (*r)[2], const set2 *a, const set2 *b, double tol)
{
    const set2 *big = a->n >= b->n ? a : b, *small = a->n >= b->n ? b : a;
    size_t cap = a->n + b->n + 2;
    double (*buf)[2] = malloc(2 * cap * sizeof *buf);
    if (!buf)
        return SIZE_MAX;
    double (*cur)[2] = buf, (*nxt)[2] = buf + cap;
    size_t n = small->n;
    memcpy(cur, small->x, n * sizeof *cur);
    if (big->n >= 3) {
        int closed = n >= 3;
        for (size_t i = 0; i < big->n && n > 0; i++) {
            n = clip(nxt, (const double (*)[2])cur, n, closed, big->x[i],
                     big->x[(i + 1) % big->n], tol);
            double (*t)[2] = cur;
            cur = nxt, nxt = t;
        }
    } else if (big->n == 2 && small->n == 2) {
        const double *p = big->x[0], *q = big->x[1], *u = small->x[0], *v = small->x[1];
        double d1[2] = {q[0] - p[0], q[1] - p[1]}, d2[2] = {v[0] - u[0], v[1] - u[1]};
        double l1 = hypot(d1[0], d1[1]), l2 = hypot(d2[0], d2[1]);
        double den = d1[0] * d2[1] - d1[1] * d2[0];
        n = 0;
        if (fabs(den) <= 1e-9 * l1 * l2) {
            /* parallel: the overlap of collinear segments */
            if (fabs(cross2(p, q, u)) / l1 <= tol) {
                double t0 = ((u[0] - p[0]) * d1[0] + (u[1] - p[1]) * d1[1]) / (l1 * l1);
                double t1 = ((v[0] - p[0]) * d1[0] + (v[1] - p[1]) * d1[1]) / (l1 * l1);
                double lo = fmax(0, fmin(t0, t1)), hi = fmin(1, fmax(t0, t1));
                if (hi >= lo - tol / l1) {
                    cur[n][0] = p[0] + lo * d1[0], cur[n][1] = p[1] + lo * d1[1], n++;
                    if ((hi - lo) * l1 > tol)
                        cur[n][0] = p[0] + hi * d1[0], cur[n][1] = p[1] + hi * d1[1], n++;
                }
            }
        } else {
            double w[2] = {u[0] - p[0], u[1] - p[1]};
            double s = (w[0] * d2[1] - w[1] * d2[0]) / den, t = (w[0] * d1[1] - w[1] * d1[0]) / den;
            if (s >= -tol / l1 && s <= 1 + tol / l1 && t >= -tol / l2 && t <= 1 + tol / l2)
                cur[0][0] = p[0] + s * d1[0], cur[0][1] = p[1] + s * d1[1], n = 1;
        }
    } else { /* a point against a point or a segment */
        const double *x = small->x[0];
        double d;
        if (big->n == 1)
            d = hypot(x[0] - big->x[0][0], x[1] - big->x[0][1]);
        else
            d = fabs(cross2(big->x[0], big->x[1], x)) /
                hypot(big->x[1][0] - big->x[0][0], big->x[1][1] - big->x[0][1]);
        n = d <= tol ? 1 : 0;
    }
    /* drop coincident neighbours produced by clipping through vertices */
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        int dup = 0;
        for (size_t j = 0; j < m && !dup; j++)
            dup = hypot(cur[i][0] - r[j][0], cur[i][1] - r[j][1]) <= tol;
        if (!dup)
            memcpy(r[m++], cur[i], sizeof r[0]);
    }
    free(buf);
    return m;
}

/* Fix 2: the midpoint of the closest points of two disjoint 2-D sets. */
static void closest_midpoint(double *r, const set2 *a, const set2 *b)
{
    double best = INFINITY;
    for (int side = 0; side < 2; side++) {
        const set2 *P = side ? b : a, *Q = side ? a : b;
        for (size_t i = 0; i < P->n; i++) {
            size_t edges = Q->n == 1 ? 1 : Q->n == 2 ? 1 : Q->n;
            for (size_t j = 0; j < edges; j++) {
                const double *u = Q->x[j], *v = Q->x[(j + 1) % Q->n], *x = P->x[i];
                double d[2] = {v[0] - u[0], v[1] - u[1]}, ll = d[0] * d[0] + d[1] * d[1];
                double t = ll > 0 ? ((x[0] - u[0]) * d[0] + (x[1] - u[1]) * d[1]) / ll : 0;
                t = fmin(1, fmax(0, t));
                double c[2] = {u[0] + t * d[0], u[1] + t * d[1]};
                double dist = hypot(x[0] - c[0], x[1] - c[1]);
                if (dist < best)
                    best = dist, r[0] = 0.5 * (x[0] + c[0]), r[1] = 0.5 * (x[1] + c[1]);
            }
        }
    }
}

/* On-plane vertices of a body, as 2-D points in the plane basis (e1, e2).
 * sign = +1 for A (heights h = n·v − φ/2 − d ≥ 0), −1 for B. */
static int on_plane(set2 *s, int *fix1, const ccd_polyh_world_body *w, const double *n, double off,
                    int sign, const double *e1, const double *e2, double tol)
{
    size_t nv = w->p->vertex_count;
    s->x = malloc(nv * sizeof *s->x);
    if (!s->x)
        return -1;
    double lowest = INFINITY;
    for (size_t i = 0; i < nv; i++)
        lowest = fmin(lowest, sign * (dot(n, w->v[i]) - off));
    if (lowest > tol) { /* Fix 1: take the tolerance from the nearest vertex */
        *fix1 = 1;
        tol = lowest + tol;
    }
    s->n = 0;
    for (size_t i = 0; i < nv; i++)
        if (sign * (dot(n, w->v[i]) - off) <= tol) {
            s->x[s->n][0] = dot(e1, w->v[i]), s->x[s->n][1] = dot(e2, w->v[i]);
            s->n++;
        }
    return 0;
}

/* Kissing bodies: which features touch.  A vertex touches the other body when
 * it lies within tol of it; it lies on as many of the other's faces as are
 * within tol.  Returns the indeterminate status, or CCD_POLYH_CONTACT when the
 * normal is unique (vertex–face, edge–face, face–face, crossing edges). */
static ccd_polyhedra_status kissing_features(const ccd_polyh_world_body *A,
                                             const ccd_polyh_world_body *B, double tol)
{
    size_t touching = 0, on_edge = 0, shared = 0, single = 0;
    double first[3] = {0, 0, 0}, far = 0, dir[3] = {0, 0, 0}, thick = 0;
    for (int side = 0; side < 2; side++) {
        const ccd_polyh_world_body *V = side ? B : A, *F = side ? A : B;
        for (size_t i = 0; i < V->p->vertex_count; i++) {
            double hmax = -INFINITY;
            size_t on = 0;
            for (size_t f = 0; f < F->p->face_count; f++) {
                double r[3];
                sub(r, V->v[i], F->v[F->p->face_vertex[F->p->face_start[f]]]);
                double h = dot(r, F->n[f]);
                hmax = fmax(hmax, h);
                on += h >= -tol;
            }
            if (hmax > tol)
                continue;
            /* the extent of the touching set: a point, a segment or more */
            if (touching++ == 0)
                memcpy(first, V->v[i], sizeof first);
            double r[3];
            sub(r, V->v[i], first);
            double len = sqrt(dot(r, r));
            if (far == 0 && len > tol) {
                far = len;
                for (int k = 0; k < 3; k++)
                    dir[k] = r[k] / len;
            } else if (far > 0) {
                double c[3];
                cross(c, r, dir);
                thick = fmax(thick, sqrt(dot(c, c)));
            }
            on_edge += on >= 2;
            shared += on >= 3;
            single += on == 1;
        }
    }
    if (touching == 0 || thick > tol)
        return CCD_POLYH_CONTACT; /* crossing edges, or a polygon */
    if (far == 0) /* one point */
        return shared ? CCD_POLYH_VERTEX_VERTEX : on_edge ? CCD_POLYH_VERTEX_EDGE : CCD_POLYH_CONTACT;
    /* a segment: along a face of the other body (edge–face) or along an edge */
    return single ? CCD_POLYH_CONTACT : CCD_POLYH_PARALLEL_EDGES;
}

ccd_status ccd_polyh_contact_sat(ccd_polyhedra_result *r, ccd_polyh_sat *sat, ccd_error *err,
                                const ccd_polyhedron *a, const ccd_pose *pose_a,
                                const ccd_polyhedron *b, const ccd_pose *pose_b,
                                const ccd_polyhedra_options *opt)
{
    ccd_polyhedra_options def;
    if (!opt)
        ccd_polyhedra_options_default(&def), opt = &def;
    memset(r, 0, sizeof *r);
    memset(sat, 0, sizeof *sat);
    double L = fmax(a->radius + sqrt(dot(pose_a->pos, pose_a->pos)),
                    b->radius + sqrt(dot(pose_b->pos, pose_b->pos)));
    if (!(L <= CCD_POLYH_MAX_SCALE))
        return ccd_error_set(err, CCD_ERR_INPUT, "polyhedra", 0, 0,
                             "the pair's scale (radius + |position|) %g is beyond %g (the range "
                             "of the contact's arithmetic)",
                             L, CCD_POLYH_MAX_SCALE);
    ccd_polyh_world_body A = {0}, B = {0};
    if (ccd_polyh_world(&A, a, pose_a) || ccd_polyh_world(&B, b, pose_b)) {
        ccd_polyh_world_free(&A), ccd_polyh_world_free(&B);
        return ccd_error_set(err, CCD_ERR_INTERNAL, "polyhedra", 0, 0, "out of memory");
    }
    int rc = find_mtld(sat, &A, &B, opt->tie_tol * L, !opt->all_edge_pairs);
    ccd_status st = CCD_OK;
    if (rc < 0) {
        st = ccd_error_set(err, CCD_ERR_INTERNAL, "polyhedra", 0, 0, "out of memory");
        goto done;
    }
    double *n = r->normal;
    if (rc == 0) {
        r->intersecting = 0;
        r->phi = closest_features(sat, &A, &B);
        double d[3];
        sub(d, sat->closest[0], sat->closest[1]);
        for (int i = 0; i < 3; i++)
            n[i] = d[i] / r->phi;
        memcpy(r->closest, sat->closest, sizeof r->closest);
        sat->feature.sign = 1;
    } else {
        r->intersecting = 1;
        r->phi = -sat->overlap;
        memcpy(n, sat->normal, sizeof sat->normal);
        memcpy(r->closest[0], A.v[sat->deep_a], sizeof r->closest[0]);
        memcpy(r->closest[1], B.v[sat->deep_b], sizeof r->closest[1]);
    }
    r->plane_d = 0.5 * (dot(n, r->closest[0]) + dot(n, r->closest[1]));
    if (fabs(r->phi) <= opt->kiss_tol * L)
        r->status = kissing_features(&A, &B, opt->plane_tol * L);
    if (r->status == CCD_POLYH_CONTACT && rc == 2)
        r->status = CCD_POLYH_EQUAL_MINIMA;
    if (r->status != CCD_POLYH_CONTACT)
        goto done;
    /* the manifold */
    double e1[3], e2[3], t[3] = {1, 0, 0};
    if (fabs(n[0]) > 0.6)
        t[0] = 0, t[1] = 1;
    cross(e1, n, t);
    double l1 = sqrt(dot(e1, e1));
    for (int i = 0; i < 3; i++)
        e1[i] /= l1;
    cross(e2, n, e1);
    double tol = opt->plane_tol * L;
    set2 sa = {0}, sb = {0};
    int fix1 = 0;
    if (on_plane(&sa, &fix1, &A, n, r->plane_d + 0.5 * r->phi, 1, e1, e2, tol) ||
        on_plane(&sb, &fix1, &B, n, r->plane_d - 0.5 * r->phi, -1, e1, e2, tol)) {
        free(sa.x), free(sb.x);
        st = ccd_error_set(err, CCD_ERR_INTERNAL, "polyhedra", 0, 0, "out of memory");
        goto done;
    }
    r->fix_used = fix1;
    if (reduce(&sa, tol) || reduce(&sb, tol)) {
        free(sa.x), free(sb.x);
        st = ccd_error_set(err, CCD_ERR_INTERNAL, "polyhedra", 0, 0, "out of memory");
        goto done;
    }
    if (r->status == CCD_POLYH_CONTACT) {
        double (*pts)[2] = malloc((sa.n + sb.n + 2) * sizeof *pts);
        size_t m = pts ? intersect(pts, &sa, &sb, tol) : SIZE_MAX;
        if (m == SIZE_MAX) {
            free(pts);
            pts = NULL;
        } else if (m == 0) { /* Fix 2 */
            closest_midpoint(pts[0], &sa, &sb);
            m = 1;
            r->fix_used |= 2;
        }
        if (!pts || m > (size_t)CCD_POLYH_MAX_POINTS) {
            st = pts ? ccd_error_set(err, CCD_ERR_INTERNAL, "polyhedra", 0, 0,
                                     "the contact polygon has %zu vertices, more than %d", m,
                                     CCD_POLYH_MAX_POINTS)
                     : ccd_error_set(err, CCD_ERR_INTERNAL, "polyhedra", 0, 0, "out of memory");
            m = 0;
        }
        for (size_t k = 0; k < m; k++)
            for (int i = 0; i < 3; i++)
                r->point[k][i] = r->plane_d * n[i] + pts[k][0] * e1[i] + pts[k][1] * e2[i];
        r->point_count = m;
        free(pts);
    }
    free(sa.x), free(sb.x);
done:
    ccd_polyh_world_free(&A), ccd_polyh_world_free(&B);
    return st;
}

ccd_status ccd_polyhedra_contact(ccd_polyhedra_result *r, ccd_error *err, const ccd_polyhedron *a,
                                 const ccd_pose *pose_a, const ccd_polyhedron *b,
                                 const ccd_pose *pose_b, const ccd_polyhedra_options *opt)
{
    ccd_polyh_sat sat;
    return ccd_polyh_contact_sat(r, &sat, err, a, pose_a, b, pose_b, opt);
}
