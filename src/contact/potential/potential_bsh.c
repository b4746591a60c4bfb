/* SPDX-License-Identifier: MIT */
/*
 * The layered bounding-sphere hierarchy and the total potential of two posed rigid
 * meshes (Ye, Wu, Komura and Pan, "Efficient Differentiable Contact Model with
 * Long-Range Influence", Def. 5.3, Eqs. 3–9 and Algorithm 1).
 *
 * Every term is a function of a few world points of the two bodies (triangle
 * vertices, node centres); its point-space gradient and Hessian are mapped to the
 * 12 pose coordinates at once (add_points), so the blends of Eqs. 4 and 8 work on
 * 12-vectors and 12 × 12 matrices whatever the size of the node pair.
 */
#include <config.h>

#include "ccdbench/potential.h"
#include "contact/potential/potential_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t ccd_bsh_nodes(const ccd_bsh *h)
{
    return h->n;
}

void ccd_bsh_free(ccd_bsh *h)
{
    if (h) {
        free(h->node);
        free(h);
    }
}

typedef struct builder {
    ccd_bsh *h;
    uint32_t *tris, *stamp;
    double *centroid; /* per triangle */
    uint32_t next_stamp;
} builder;

/* Centre of tris[lo, hi): the mean of their distinct vertices. */
static void node_centre(double c[3], builder *b, size_t lo, size_t hi)
{
    const ccd_mesh *m = b->h->m;
    uint32_t s = ++b->next_stamp;
    double sum[3] = {0, 0, 0};
    size_t count = 0;
    for (size_t i = lo; i < hi; i++)
        for (int k = 0; k < 3; k++) {
            uint32_t v = m->triangles[3 * b->tris[i] + k];
            if (b->stamp[v] == s)
                continue;
            b->stamp[v] = s;
            for (int d = 0; d < 3; d++)
                sum[d] += m->vertices[3 * v + d];
            count++;
        }
    for (int d = 0; d < 3; d++)
        c[d] = sum[d] / (double)count;
}

static const double *sort_key_base;
static int sort_axis;
static int by_centroid(const void *x, const void *y)
{
    double a = sort_key_base[3 * *(const uint32_t *)x + sort_axis];
    double b = sort_key_base[3 * *(const uint32_t *)y + sort_axis];
    return (a > b) - (a < b);
}

/* Top-down: split tris[lo, hi) at the median centroid along the widest axis.
 * (Any binary tree will do: the properties need only the layered radii.) */
static int32_t build(builder *b, size_t lo, size_t hi)
{
    int32_t id = (int32_t)b->h->n++;
    bsh_node *nd = &b->h->node[id];
    node_centre(nd->c, b, lo, hi);
    const ccd_mesh *m = b->h->m;
    if (hi - lo == 1) {
        nd->child[0] = nd->child[1] = -1;
        nd->tri = b->tris[lo];
        nd->R = 0;
        for (int k = 0; k < 3; k++) {
            const double *x = m->vertices + 3 * m->triangles[3 * nd->tri + k];
            double d2 = 0;
            for (int d = 0; d < 3; d++)
                d2 += (x[d] - nd->c[d]) * (x[d] - nd->c[d]);
            nd->R = fmax(nd->R, sqrt(d2));
        }
        return id;
    }
    double lo_c[3] = {INFINITY, INFINITY, INFINITY}, hi_c[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (size_t i = lo; i < hi; i++)
        for (int d = 0; d < 3; d++) {
            lo_c[d] = fmin(lo_c[d], b->centroid[3 * b->tris[i] + d]);
            hi_c[d] = fmax(hi_c[d], b->centroid[3 * b->tris[i] + d]);
        }
    sort_axis = 0;
    for (int d = 1; d < 3; d++)
        if (hi_c[d] - lo_c[d] > hi_c[sort_axis] - lo_c[sort_axis])
            sort_axis = d;
    sort_key_base = b->centroid;
    qsort(b->tris + lo, hi - lo, sizeof *b->tris, by_centroid);
    size_t mid = lo + (hi - lo) / 2;
    int32_t l = build(b, lo, mid), r = build(b, mid, hi);
    nd = &b->h->node[id]; /* (the array does not move, but keep it obvious) */
    nd->child[0] = l, nd->child[1] = r;
    nd->R = 0;
    for (int k = 0; k < 2; k++) {
        const bsh_node *ch = &b->h->node[nd->child[k]];
        double d2 = 0;
        for (int d = 0; d < 3; d++)
            d2 += (ch->c[d] - nd->c[d]) * (ch->c[d] - nd->c[d]);
        nd->R = fmax(nd->R, sqrt(d2) + ch->R); /* encloses the children's spheres */
    }
    return id;
}

ccd_status ccd_bsh_build(ccd_bsh **out, ccd_error *err, const ccd_mesh *m)
{
    if (m->ntriangles == 0)
        return ccd_error_set(err, CCD_ERR_INPUT, "mesh", 0, 0, "no triangle");
    /* the range of the potential's arithmetic (CCD_POSE_MAX_POSITION: up to fourth
     * powers of lengths); a box of half extent 1e300 gave P = NaN */
    for (size_t i = 0; i < 3 * m->nvertices; i++)
        if (!(fabs(m->vertices[i]) <= CCD_POSE_MAX_POSITION))
            return ccd_error_set(err, CCD_ERR_INPUT, "mesh", 0, 0,
                                 "vertex %zu has a coordinate %g beyond %g in magnitude (the "
                                 "range of the potential's arithmetic)",
                                 i / 3 + 1, m->vertices[i], CCD_POSE_MAX_POSITION);
    builder b = {0};
    b.h = calloc(1, sizeof *b.h);
    if (b.h)
        b.h->node = malloc((2 * m->ntriangles - 1) * sizeof *b.h->node);
    b.tris = malloc(m->ntriangles * sizeof *b.tris);
    b.stamp = calloc(m->nvertices, sizeof *b.stamp);
    b.centroid = malloc(3 * m->ntriangles * sizeof *b.centroid);
    if (!b.h || !b.h->node || !b.tris || !b.stamp || !b.centroid) {
        ccd_bsh_free(b.h);
        free(b.tris), free(b.stamp), free(b.centroid);
        return ccd_error_set(err, CCD_ERR_INTERNAL, "mesh", 0, 0, "out of memory");
    }
    b.h->m = m;
    for (size_t t = 0; t < m->ntriangles; t++) {
        b.tris[t] = (uint32_t)t;
        for (int d = 0; d < 3; d++) {
            double s = 0;
            for (int k = 0; k < 3; k++)
                s += m->vertices[3 * m->triangles[3 * t + k] + d];
            b.centroid[3 * t + d] = s / 3;
        }
    }
    build(&b, 0, m->ntriangles);
    free(b.tris), free(b.stamp), free(b.centroid);
    *out = b.h;
    return CCD_OK;
}

/* ------------------------------------------------------------------ terms */

typedef struct term {
    double value, g[12], H[144];
} term;

typedef struct evaluation {
    const ccd_pose *pose[2];
    int want_h;
    double eps;
    const ccd_bsh *h[2];
    ccd_potential_total *out;
} evaluation;

/* Adds to t the pose derivatives of a function of n world points x_k = y_k + t_body
 * with point gradient G (3n) and point Hessian Hx (3n × 3n, or NULL). */
static void add_points(term *t, int n, const int *body, double (*y)[3], const double *G,
                       const double *Hx)
{
    for (int k = 0; k < n; k++) {
        double *g = t->g + 6 * body[k];
        const double *Gk = G + 3 * k, *yk = y[k];
        for (int c = 0; c < 3; c++)
            g[c] += Gk[c];
        g[3] += yk[1] * Gk[2] - yk[2] * Gk[1]; /* y × G */
        g[4] += yk[2] * Gk[0] - yk[0] * Gk[2];
        g[5] += yk[0] * Gk[1] - yk[1] * Gk[0];
    }
    if (!Hx)
        return;
    /* J: 3n × 12, rows of x_k: [I, −[y]×] in the body's block. */
    double J[18][12];
    memset(J, 0, sizeof J);
    for (int k = 0; k < n; k++) {
        double *r0 = J[3 * k] + 6 * body[k], *r1 = J[3 * k + 1] + 6 * body[k],
               *r2 = J[3 * k + 2] + 6 * body[k];
        const double *yk = y[k];
        r0[0] = 1, r0[4] = yk[2], r0[5] = -yk[1];
        r1[1] = 1, r1[3] = -yk[2], r1[5] = yk[0];
        r2[2] = 1, r2[3] = yk[1], r2[4] = -yk[0];
    }
    int m = 3 * n;
    double HJ[18][12];
    for (int i = 0; i < m; i++)
        for (int j = 0; j < 12; j++) {
            double s = 0;
            for (int l = 0; l < m; l++)
                s += Hx[i * m + l] * J[l][j];
            HJ[i][j] = s;
        }
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 12; j++) {
            double s = 0;
            for (int l = 0; l < m; l++)
                s += J[l][i] * HJ[l][j];
            t->H[12 * i + j] += s;
        }
    /* second order of exp([δω]×) y: ½(e_a y_bᵀ + …) − δ_ab y, contracted with G */
    for (int k = 0; k < n; k++) {
        const double *Gk = G + 3 * k, *yk = y[k];
        double gy = Gk[0] * yk[0] + Gk[1] * yk[1] + Gk[2] * yk[2];
        double *H = t->H + (6 * body[k] + 3) * 12 + 6 * body[k] + 3;
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                H[12 * a + b] += 0.5 * (Gk[b] * yk[a] + Gk[a] * yk[b]) - (a == b ? gy : 0);
    }
}

/* World offset (from the body's origin) of a body-frame point. */
static void offset(double y[3], const ccd_pose *p, const double X[3])
{
    for (int i = 0; i < 3; i++)
        y[i] = p->rot[i][0] * X[0] + p->rot[i][1] * X[1] + p->rot[i][2] * X[2];
}

/* A function f(r) of the distance between the world points yA + tA and yB + tB,
 * given f, f', f'' (f may be the centred potential or the blend weight). */
static void radial_term(term *t, const evaluation *e, double yA[3], double yB[3],
                        const double f[3])
{
    memset(t, 0, sizeof *t);
    double dv[3], r2 = 0;
    for (int c = 0; c < 3; c++) {
        dv[c] = yA[c] + e->pose[0]->pos[c] - yB[c] - e->pose[1]->pos[c];
        r2 += dv[c] * dv[c];
    }
    double r = sqrt(r2), u[3] = {dv[0] / r, dv[1] / r, dv[2] / r};
    double G[6], Hx[36];
    for (int c = 0; c < 3; c++)
        G[c] = f[1] * u[c], G[3 + c] = -f[1] * u[c];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double M = f[2] * u[i] * u[j] + f[1] / r * ((i == j) - u[i] * u[j]);
            Hx[6 * i + j] = M, Hx[6 * (i + 3) + j + 3] = M;
            Hx[6 * i + j + 3] = -M, Hx[6 * (i + 3) + j] = -M;
        }
    double y[2][3];
    memcpy(y[0], yA, sizeof y[0]);
    memcpy(y[1], yB, sizeof y[1]);
    static const int body[2] = {0, 1};
    t->value = f[0];
    add_points(t, 2, body, y, G, e->want_h ? Hx : NULL);
}

/* The exact term of triangle ta of A and tb of B. */
static void exact_term(term *t, evaluation *e, uint32_t ta, uint32_t tb)
{
    memset(t, 0, sizeof *t);
    const ccd_mesh *m[2] = {e->h[0]->m, e->h[1]->m};
    uint32_t tri[2] = {ta, tb};
    double y[6][3], w[2][9];
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 3; k++) {
            double *yk = y[3 * s + k];
            offset(yk, e->pose[s], m[s]->vertices + 3 * m[s]->triangles[3 * tri[s] + k]);
            for (int c = 0; c < 3; c++)
                w[s][3 * k + c] = yk[c] + e->pose[s]->pos[c];
        }
    double G[18], Hx[324];
    ccd_potential_status st =
        ccd_potential_triangles(&t->value, G, e->want_h ? Hx : NULL, NULL, w[0], w[1]);
    e->out->exact_pairs++;
    if (st == CCD_POTENTIAL_CONTACT)
        return;
    if (st == CCD_POTENTIAL_NOT_CONVERGED)
        e->out->not_converged++;
    static const int body[6] = {0, 0, 0, 1, 1, 1};
    add_points(t, 6, body, y, G, e->want_h ? Hx : NULL);
}

static void add_term(term *t, const term *x)
{
    t->value += x->value;
    for (int i = 0; i < 12; i++)
        t->g[i] += x->g[i];
    for (int i = 0; i < 144; i++)
        t->H[i] += x->H[i];
}

/* The distance of the world centres of I (of A) and J (of B); their offsets
 * from the bodies' origins in yI, yJ. */
static double centre_distance(double yI[3], double yJ[3], const evaluation *e, const bsh_node *I,
                              const bsh_node *J)
{
    double r2 = 0;
    offset(yI, e->pose[0], I->c);
    offset(yJ, e->pose[1], J->c);
    for (int c = 0; c < 3; c++) {
        double d = yI[c] + e->pose[0]->pos[c] - yJ[c] - e->pose[1]->pos[c];
        r2 += d * d;
    }
    return sqrt(r2);
}

/* Algorithm 1: the term of node i of A and node j of B. */
static void process_pair(term *out, evaluation *e, int32_t i, int32_t j)
{
    const bsh_node *I = &e->h[0]->node[i], *J = &e->h[1]->node[j];
    double yI[3], yJ[3], r = centre_distance(yI, yJ, e, I, J), d1, d2;
    ccd_bsh_switch(&d1, &d2, I, J, e->eps);
    double fc[3];
    if (r >= d2) { /* far: the closed form alone */
        ccd_potential_centred(fc, r);
        radial_term(out, e, yI, yJ, fc);
        e->out->centred_pairs++;
        return;
    }
    /* near: P_d1, the exact term of two leaves or the sum over the child pairs */
    memset(out, 0, sizeof *out);
    if (I->child[0] < 0 && J->child[0] < 0) {
        exact_term(out, e, I->tri, J->tri);
    } else {
        int32_t ci[2], cj[2];
        int ni = ccd_bsh_children(ci, e->h[0], i), nj = ccd_bsh_children(cj, e->h[1], j);
        term child; /* 1.2 kB a level; the depth is about 2 log2(triangles) */
        for (int a = 0; a < ni; a++)
            for (int b = 0; b < nj; b++) {
                process_pair(&child, e, ci[a], cj[b]);
                add_term(out, &child);
            }
    }
    double phi[3];
    ccd_potential_smoothstep(phi, (r - d1) / (d2 - d1));
    if (phi[0] == 0 && phi[1] == 0 && phi[2] == 0)
        return; /* at or inside d1 (and exactly P_d1 at the switch's foot) */
    /* blend (Eq. 4): (1 − φ) P1 + φ P2, φ = Φ((r − d1)/(d2 − d1)) */
    term pc, ph;
    ccd_potential_centred(fc, r);
    radial_term(&pc, e, yI, yJ, fc);
    e->out->centred_pairs++;
    double delta = d2 - d1, fphi[3] = {phi[0], phi[1] / delta, phi[2] / (delta * delta)};
    radial_term(&ph, e, yI, yJ, fphi);
    double w = phi[0], dP = pc.value - out->value, dg[12];
    for (int k = 0; k < 12; k++)
        dg[k] = pc.g[k] - out->g[k];
    if (e->want_h)
        for (int a = 0; a < 12; a++)
            for (int b = 0; b < 12; b++)
                out->H[12 * a + b] = (1 - w) * out->H[12 * a + b] + w * pc.H[12 * a + b] +
                                     ph.g[a] * dg[b] + dg[a] * ph.g[b] + dP * ph.H[12 * a + b];
    for (int k = 0; k < 12; k++)
        out->g[k] = (1 - w) * out->g[k] + w * pc.g[k] + dP * ph.g[k];
    out->value = (1 - w) * out->value + w * pc.value;
}

ccd_potential_status ccd_bsh_node_pair(double terms[3], double *r, double *d1, const ccd_bsh *a,
                                       const ccd_pose *pose_a, int32_t i, const ccd_bsh *b,
                                       const ccd_pose *pose_b, int32_t j, double eps)
{
    ccd_potential_total count;
    memset(&count, 0, sizeof count);
    evaluation e = {.pose = {pose_a, pose_b}, .want_h = 0, .eps = eps, .h = {a, b},
                    .out = &count};
    const bsh_node *I = &a->node[i], *J = &b->node[j];
    double yI[3], yJ[3], fc[3], d2;
    *r = centre_distance(yI, yJ, &e, I, J);
    ccd_bsh_switch(d1, &d2, I, J, eps);
    ccd_potential_centred(fc, *r);
    terms[0] = fc[0];
    term t;
    process_pair(&t, &e, i, j);
    terms[1] = t.value;
    if (I->child[0] < 0 && J->child[0] < 0) {
        exact_term(&t, &e, I->tri, J->tri);
        terms[2] = t.value;
    } else {
        int32_t ci[2], cj[2];
        int ni = ccd_bsh_children(ci, a, i), nj = ccd_bsh_children(cj, b, j);
        terms[2] = 0;
        for (int x = 0; x < ni; x++)
            for (int y = 0; y < nj; y++) {
                process_pair(&t, &e, ci[x], cj[y]);
                terms[2] += t.value;
            }
    }
    if (isinf(terms[1]) || isinf(terms[2]))
        return CCD_POTENTIAL_CONTACT;
    return count.not_converged ? CCD_POTENTIAL_NOT_CONVERGED : CCD_POTENTIAL_OK;
}

static ccd_potential_status finish(ccd_potential_total *out, const term *t, int want_h)
{
    out->value = t->value;
    memcpy(out->grad, t->g, sizeof out->grad);
    if (want_h)
        memcpy(out->hess, t->H, sizeof out->hess);
    else
        memset(out->hess, 0, sizeof out->hess);
    if (isinf(t->value)) { /* no derivative: zeros, never partial sums */
        out->value = INFINITY;
        memset(out->grad, 0, sizeof out->grad);
        memset(out->hess, 0, sizeof out->hess);
        out->status = CCD_POTENTIAL_CONTACT;
    } else {
        out->status = out->not_converged ? CCD_POTENTIAL_NOT_CONVERGED : CCD_POTENTIAL_OK;
    }
    return out->status;
}

ccd_potential_status ccd_potential_bsh(ccd_potential_total *out, const ccd_bsh *a,
                                       const ccd_pose *pose_a, const ccd_bsh *b,
                                       const ccd_pose *pose_b, double eps, int want_hessian)
{
    memset(out, 0, sizeof *out);
    evaluation e = {.pose = {pose_a, pose_b}, .want_h = want_hessian, .eps = eps,
                    .h = {a, b}, .out = out};
    term t;
    process_pair(&t, &e, 0, 0);
    return finish(out, &t, want_hessian);
}

ccd_potential_status ccd_potential_brute(ccd_potential_total *out, const ccd_mesh *a,
                                         const ccd_pose *pose_a, const ccd_mesh *b,
                                         const ccd_pose *pose_b, int want_hessian)
{
    memset(out, 0, sizeof *out);
    ccd_bsh ha = {.m = a}, hb = {.m = b};
    evaluation e = {.pose = {pose_a, pose_b}, .want_h = want_hessian, .h = {&ha, &hb},
                    .out = out};
    term sum = {0}, one;
    for (uint32_t i = 0; i < a->ntriangles; i++)
        for (uint32_t j = 0; j < b->ntriangles; j++) {
            exact_term(&one, &e, i, j);
            add_term(&sum, &one);
        }
    return finish(out, &sum, want_hessian);
}
