/* SPDX-License-Identifier: MIT */
/*
 * Convex polyhedra for the contact routine of Cheng Yi & Drumwright: poses, the
 * exact convex hull that every constructor goes through, boxes and tessellated
 * spheres.  The hull decides every orientation exactly (a floating-point filter
 * with Shewchuk's error bound, GMP rationals when the filter cannot decide), so
 * coplanar triangles are merged into one polygonal face and points that are not
 * corners of the hull are dropped without a tolerance.
 */
#include <float.h>
#include <gmp.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/polyhedra.h"
#include "contact/polyhedra/polyhedron_internal.h"

/* ---------------------------------------------------------------- predicates */

/* Sign of (b − a) × (c − a) · (d − a) from the exact rationals of the doubles. */
static int orient_exact(const double *a, const double *b, const double *c, const double *d)
{
    mpq_t u[3], v[3], w[3], t, s, r;
    for (int i = 0; i < 3; i++)
        mpq_inits(u[i], v[i], w[i], NULL);
    mpq_inits(t, s, r, NULL);
    for (int i = 0; i < 3; i++) {
        mpq_set_d(t, a[i]);
        mpq_set_d(u[i], b[i]), mpq_sub(u[i], u[i], t);
        mpq_set_d(v[i], c[i]), mpq_sub(v[i], v[i], t);
        mpq_set_d(w[i], d[i]), mpq_sub(w[i], w[i], t);
    }
    mpq_set_ui(r, 0, 1);
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpq_mul(t, u[j], v[k]);
        mpq_mul(s, u[k], v[j]);
        mpq_sub(t, t, s);
        mpq_mul(t, t, w[i]);
        mpq_add(r, r, t);
    }
    int sign = mpq_sgn(r);
    for (int i = 0; i < 3; i++)
        mpq_clears(u[i], v[i], w[i], NULL);
    mpq_clears(t, s, r, NULL);
    return sign;
}

int ccd_polyh_orient(const double *a, const double *b, const double *c, const double *d)
{
    double u[3], v[3], w[3];
    for (int i = 0; i < 3; i++)
        u[i] = b[i] - a[i], v[i] = c[i] - a[i], w[i] = d[i] - a[i];
    double det = 0, perm = 0;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        det += (u[j] * v[k] - u[k] * v[j]) * w[i];
        perm += (fabs(u[j] * v[k]) + fabs(u[k] * v[j])) * fabs(w[i]);
    }
    /* the differences themselves are rounded: the filter is Shewchuk's orient3d
     * bound widened by the three extra subtractions (a generous 16 ε). */
    double bound = 16 * DBL_EPSILON * perm;
    if (det > bound)
        return 1;
    if (det < -bound)
        return -1;
    return orient_exact(a, b, c, d);
}

/* Whether a, b, c are collinear (exactly). */
static int collinear(const double *a, const double *b, const double *c)
{
    /* collinear iff orient is 0 against each of four non-coplanar probes */
    static const double probe[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    double e[4][3];
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 3; i++)
            e[k][i] = a[i] + probe[k][i] * (1 + fabs(a[i]) + fabs(b[i]) + fabs(c[i]));
    for (int k = 1; k < 4; k++)
        if (ccd_polyh_orient(a, b, c, e[k]) != 0)
            return 0;
    return 1;
}

/* ---------------------------------------------------------------- hull */

typedef struct tri {
    size_t v[3];
    int alive;
} tri;

typedef struct tri_list {
    tri *t;
    size_t n, cap;
} tri_list;

static int tri_push(tri_list *l, size_t a, size_t b, size_t c)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        tri *t = realloc(l->t, cap * sizeof *t);
        if (!t)
            return -1;
        l->t = t, l->cap = cap;
    }
    l->t[l->n++] = (tri){{a, b, c}, 1};
    return 0;
}

/* Incremental hull of the points listed in use[0..m-1]: triangles oriented
 * counter-clockwise from outside.  Returns 0, -1 out of memory, 1 degenerate. */
static int hull_triangles(tri_list *out, const double (*p)[3], const size_t *use, size_t m)
{
    if (m < 4)
        return 1;
    size_t i0 = use[0], i1 = SIZE_MAX, i2 = SIZE_MAX, i3 = SIZE_MAX;
    size_t k = 1;
    for (; k < m && i1 == SIZE_MAX; k++)
        if (memcmp(p[use[k]], p[i0], sizeof p[i0]) != 0)
            i1 = use[k];
    for (; k < m && i2 == SIZE_MAX; k++)
        if (!collinear(p[i0], p[i1], p[use[k]]))
            i2 = use[k];
    for (; k < m && i3 == SIZE_MAX; k++)
        if (ccd_polyh_orient(p[i0], p[i1], p[i2], p[use[k]]) != 0)
            i3 = use[k];
    if (i3 == SIZE_MAX)
        return 1;
    if (ccd_polyh_orient(p[i0], p[i1], p[i2], p[i3]) > 0) {
        size_t t = i1;
        i1 = i2, i2 = t;
    }
    /* now i3 is below (i0, i1, i2) seen from outside: inward is negative */
    tri_list l = {0};
    if (tri_push(&l, i0, i1, i2) || tri_push(&l, i0, i3, i1) || tri_push(&l, i1, i3, i2) ||
        tri_push(&l, i2, i3, i0))
        return free(l.t), -1;
    size_t *edge = NULL, ecap = 0;
    for (size_t q = 0; q < m; q++) {
        size_t pi = use[q];
        if (pi == i0 || pi == i1 || pi == i2 || pi == i3)
            continue;
        size_t ne = 0;
        for (size_t f = 0; f < l.n; f++) {
            tri *t = &l.t[f];
            if (!t->alive || ccd_polyh_orient(p[t->v[0]], p[t->v[1]], p[t->v[2]], p[pi]) <= 0)
                continue;
            t->alive = 2; /* visible */
            if (ecap < ne + 3) {
                ecap = ecap ? 2 * ecap : 96;
                size_t *e = realloc(edge, ecap * 2 * sizeof *e);
                if (!e)
                    return free(edge), free(l.t), -1;
                edge = e;
            }
            for (int j = 0; j < 3; j++)
                edge[2 * ne] = t->v[j], edge[2 * ne + 1] = t->v[(j + 1) % 3], ne++;
        }
        if (ne == 0)
            continue; /* inside or on the hull */
        for (size_t f = 0; f < l.n; f++)
            if (l.t[f].alive == 2)
                l.t[f].alive = 0;
        for (size_t e = 0; e < ne; e++) {
            int twin = 0;
            for (size_t g = 0; g < ne && !twin; g++)
                twin = edge[2 * g] == edge[2 * e + 1] && edge[2 * g + 1] == edge[2 * e];
            if (!twin && tri_push(&l, edge[2 * e], edge[2 * e + 1], pi))
                return free(edge), free(l.t), -1;
        }
    }
    free(edge);
    /* compact */
    size_t n = 0;
    for (size_t f = 0; f < l.n; f++)
        if (l.t[f].alive)
            l.t[n++] = l.t[f];
    l.n = n;
    *out = l;
    return 0;
}

static size_t find(size_t *parent, size_t x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

/* For triangle f, the neighbour across its directed edge (a, b), by search. */
static size_t neighbour(const tri_list *l, size_t a, size_t b)
{
    for (size_t g = 0; g < l->n; g++)
        for (int j = 0; j < 3; j++)
            if (l->t[g].v[j] == b && l->t[g].v[(j + 1) % 3] == a)
                return g;
    return SIZE_MAX;
}

/* Merges coplanar neighbours into faces, labels each triangle with its face. */
static size_t merge_faces(size_t *face_of, const tri_list *l, const double (*p)[3])
{
    size_t *parent = face_of;
    for (size_t f = 0; f < l->n; f++)
        parent[f] = f;
    for (size_t f = 0; f < l->n; f++)
        for (int j = 0; j < 3; j++) {
            size_t g = neighbour(l, l->t[f].v[j], l->t[f].v[(j + 1) % 3]);
            if (g == SIZE_MAX || g < f)
                continue;
            const size_t *t = l->t[f].v;
            size_t far = l->t[g].v[0] + l->t[g].v[1] + l->t[g].v[2] - t[j] - t[(j + 1) % 3];
            if (ccd_polyh_orient(p[t[0]], p[t[1]], p[t[2]], p[far]) == 0)
                parent[find(parent, f)] = find(parent, g);
        }
    size_t faces = 0;
    size_t *label = malloc(l->n * sizeof *label);
    if (!label)
        return SIZE_MAX;
    for (size_t f = 0; f < l->n; f++)
        label[f] = SIZE_MAX;
    for (size_t f = 0; f < l->n; f++) {
        size_t r = find(parent, f);
        if (label[r] == SIZE_MAX)
            label[r] = faces++;
    }
    for (size_t f = 0; f < l->n; f++)
        label[f] = label[find(parent, f)];
    memcpy(face_of, label, l->n * sizeof *label);
    free(label);
    return faces;
}

void ccd_polyhedron_free(ccd_polyhedron *p)
{
    free(p->vertex), free(p->face_normal), free(p->face_start), free(p->face_vertex);
    free(p->edge), free(p->edge_face);
    memset(p, 0, sizeof *p);
}

/* Builds the polyhedron from merged triangles: face cycles, normals, edges. */
static int assemble(ccd_polyhedron *out, const tri_list *l, const size_t *face_of, size_t faces,
                    const double (*p)[3], size_t np)
{
    ccd_polyhedron P = {0};
    size_t *map = malloc(np * sizeof *map);
    /* boundary directed edges of each face: a triangle edge whose twin lies in
     * another face; each face's boundary is one cycle (faces are convex). */
    size_t *be = malloc(3 * l->n * 3 * sizeof *be); /* (face, a, b) */
    if (!map || !be)
        return free(map), free(be), -1;
    size_t nb = 0;
    for (size_t i = 0; i < np; i++)
        map[i] = SIZE_MAX;
    for (size_t f = 0; f < l->n; f++)
        for (int j = 0; j < 3; j++) {
            size_t a = l->t[f].v[j], b = l->t[f].v[(j + 1) % 3];
            size_t g = neighbour(l, a, b);
            if (g != SIZE_MAX && face_of[g] == face_of[f])
                continue;
            be[3 * nb] = face_of[f], be[3 * nb + 1] = a, be[3 * nb + 2] = b, nb++;
            if (map[a] == SIZE_MAX)
                map[a] = P.vertex_count++;
        }
    P.face_count = faces;
    P.edge_count = nb / 2;
    P.vertex = malloc(P.vertex_count * sizeof *P.vertex);
    P.face_normal = malloc(faces * sizeof *P.face_normal);
    P.face_start = malloc((faces + 1) * sizeof *P.face_start);
    P.face_vertex = malloc(nb * sizeof *P.face_vertex);
    P.edge = malloc(P.edge_count * sizeof *P.edge);
    P.edge_face = malloc(P.edge_count * sizeof *P.edge_face);
    if (!P.vertex || !P.face_normal || !P.face_start || !P.face_vertex || !P.edge ||
        !P.edge_face) {
        free(map), free(be), ccd_polyhedron_free(&P);
        return -1;
    }
    for (size_t i = 0; i < np; i++)
        if (map[i] != SIZE_MAX)
            memcpy(P.vertex[map[i]], p[i], sizeof p[i]);
    size_t fill = 0;
    for (size_t f = 0; f < faces; f++) {
        P.face_start[f] = fill;
        size_t first = SIZE_MAX;
        for (size_t e = 0; e < nb && first == SIZE_MAX; e++)
            if (be[3 * e] == f)
                first = e;
        size_t start = be[3 * first + 1], cur = be[3 * first + 2];
        P.face_vertex[fill++] = map[start];
        while (cur != start) {
            P.face_vertex[fill++] = map[cur];
            size_t next = SIZE_MAX;
            for (size_t e = 0; e < nb && next == SIZE_MAX; e++)
                if (be[3 * e] == f && be[3 * e + 1] == cur)
                    next = be[3 * e + 2];
            cur = next;
        }
        /* Newell's normal of the polygon */
        double nrm[3] = {0, 0, 0};
        for (size_t k = P.face_start[f]; k < fill; k++) {
            const double *u = P.vertex[P.face_vertex[k]];
            const double *v = P.vertex[P.face_vertex[k + 1 < fill ? k + 1 : P.face_start[f]]];
            nrm[0] += (u[1] - v[1]) * (u[2] + v[2]);
            nrm[1] += (u[2] - v[2]) * (u[0] + v[0]);
            nrm[2] += (u[0] - v[0]) * (u[1] + v[1]);
        }
        double len = sqrt(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]);
        for (int i = 0; i < 3; i++)
            P.face_normal[f][i] = nrm[i] / len;
    }
    P.face_start[faces] = fill;
    /* undirected edges: each boundary edge (a, b) with a < b meets its twin */
    size_t ne = 0;
    for (size_t e = 0; e < nb; e++) {
        size_t a = be[3 * e + 1], b = be[3 * e + 2];
        if (a > b)
            continue;
        size_t twin = 0;
        for (size_t g = 0; g < nb; g++)
            if (be[3 * g + 1] == b && be[3 * g + 2] == a)
                twin = g;
        P.edge[ne][0] = map[a], P.edge[ne][1] = map[b];
        P.edge_face[ne][0] = be[3 * e], P.edge_face[ne][1] = be[3 * twin];
        ne++;
    }
    P.radius = 0;
    for (size_t i = 0; i < P.vertex_count; i++)
        P.radius = fmax(P.radius, sqrt(P.vertex[i][0] * P.vertex[i][0] +
                                       P.vertex[i][1] * P.vertex[i][1] +
                                       P.vertex[i][2] * P.vertex[i][2]));
    free(map), free(be);
    *out = P;
    return 0;
}

/* One hull pass over use[0..m-1]: 0 done, -1 memory, 1 degenerate, 2 when some
 * points were hull points but not corners (they are removed from use and *m). */
static int hull_pass(ccd_polyhedron *out, const double (*p)[3], size_t *use, size_t *m)
{
    tri_list l = {0};
    int rc = hull_triangles(&l, p, use, *m);
    if (rc)
        return rc;
    size_t *face_of = malloc(l.n * sizeof *face_of);
    if (!face_of)
        return free(l.t), -1;
    size_t faces = merge_faces(face_of, &l, p);
    if (faces == SIZE_MAX)
        return free(face_of), free(l.t), -1;
    /* a corner of the hull lies on at least three faces */
    size_t kept = 0;
    for (size_t q = 0; q < *m; q++) {
        size_t seen[3], ns = 0, on = 0;
        for (size_t f = 0; f < l.n && ns < 3; f++)
            for (int j = 0; j < 3; j++)
                if (l.t[f].v[j] == use[q]) {
                    on = 1;
                    int dup = 0;
                    for (size_t s = 0; s < ns; s++)
                        dup |= seen[s] == face_of[f];
                    if (!dup)
                        seen[ns++] = face_of[f];
                }
        if (!on || ns >= 3)
            use[kept++] = use[q];
    }
    if (kept < *m) {
        *m = kept;
        free(face_of), free(l.t);
        return 2;
    }
    size_t np = 0;
    for (size_t q = 0; q < *m; q++)
        np = use[q] + 1 > np ? use[q] + 1 : np;
    rc = assemble(out, &l, face_of, faces, p, np);
    free(face_of), free(l.t);
    return rc;
}

ccd_status ccd_polyh_hull_path(ccd_polyhedron *out, ccd_error *err, const double (*pts)[3],
                              size_t n, const char *path)
{
    memset(out, 0, sizeof *out);
    double radius = 0;
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) {
            if (!isfinite(pts[i][k]))
                return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                                     "point %zu has a coordinate that is not finite", i + 1);
            if (!(fabs(pts[i][k]) <= CCD_POLYH_MAX_SCALE))
                return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                                     "point %zu has a coordinate %g beyond %g in magnitude (the "
                                     "range of the contact's arithmetic)",
                                     i + 1, pts[i][k], CCD_POLYH_MAX_SCALE);
            radius = fmax(radius, fabs(pts[i][k]));
        }
    if (n > 0 && !(radius >= CCD_POLYH_MIN_SCALE))
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                             "the body is smaller than %g (its largest coordinate is %g; the "
                             "range of the contact's arithmetic)",
                             CCD_POLYH_MIN_SCALE, radius);
    if (n < 4)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                             "a polyhedron needs at least 4 points, got %zu", n);
    size_t *use = malloc(n * sizeof *use), m = n;
    if (!use)
        return ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
    for (size_t i = 0; i < n; i++)
        use[i] = i;
    int rc;
    while ((rc = hull_pass(out, pts, use, &m)) == 2)
        ;
    free(use);
    if (rc < 0)
        return ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
    if (rc > 0)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                             "degenerate polyhedron: the points are coplanar (no volume)");
    /* every edge at least the smallest scale: a box 1e-200 thick had edges whose cross
     * products' squares underflowed to 0, and a NaN normal came out */
    for (size_t e = 0; e < out->edge_count; e++) {
        const double *x = out->vertex[out->edge[e][0]], *y = out->vertex[out->edge[e][1]];
        const double len = fmax(fabs(x[0] - y[0]), fmax(fabs(x[1] - y[1]), fabs(x[2] - y[2])));
        if (!(len >= CCD_POLYH_MIN_SCALE)) {
            ccd_polyhedron_free(out);
            return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                                 "an edge is %g long, shorter than %g (the range of the "
                                 "contact's arithmetic)",
                                 len, CCD_POLYH_MIN_SCALE);
        }
    }
    return CCD_OK;
}

ccd_status ccd_polyhedron_hull(ccd_polyhedron *p, ccd_error *err, const double (*pts)[3],
                               size_t n)
{
    return ccd_polyh_hull_path(p, err, pts, n, "hull");
}

ccd_status ccd_polyhedron_box(ccd_polyhedron *p, ccd_error *err, const double half[3])
{
    for (int k = 0; k < 3; k++)
        if (!(half[k] > 0 && isfinite(half[k])))
            return ccd_error_set(err, CCD_ERR_INPUT, "box", 0, 0,
                                 "half extents must be positive and finite, got %g %g %g",
                                 half[0], half[1], half[2]);
    double v[8][3];
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            v[i][k] = (i >> k & 1) ? half[k] : -half[k];
    return ccd_polyh_hull_path(p, err, (const double (*)[3])v, 8, "box");
}

ccd_status ccd_polyhedron_sphere(ccd_polyhedron *p, ccd_error *err, size_t vertices,
                                 double radius)
{
    int rings, sectors;
    switch (vertices) {
    case 50: rings = 4, sectors = 12; break;
    case 98: rings = 8, sectors = 12; break;
    case 182: rings = 10, sectors = 18; break;
    default:
        return ccd_error_set(err, CCD_ERR_INPUT, "sphere", 0, 0,
                             "tessellated spheres have 50, 98 or 182 vertices, not %zu", vertices);
    }
    if (!(radius > 0 && isfinite(radius)))
        return ccd_error_set(err, CCD_ERR_INPUT, "sphere", 0, 0,
                             "radius must be positive and finite, got %g", radius);
    double v[182][3];
    size_t n = 0;
    v[n][0] = 0, v[n][1] = -radius, v[n][2] = 0, n++;
    v[n][0] = 0, v[n][1] = radius, v[n][2] = 0, n++;
    const double pi = 3.14159265358979323846;
    for (int r = 1; r <= rings; r++) {
        /* polar angle from the bottom pole; rings symmetric about the equator */
        double th = pi * r / (rings + 1);
        double y = -cos(th), s = sin(th);
        if (2 * r == rings + 1)
            y = 0;
        else if (2 * r > rings + 1)
            y = -v[2 + (size_t)(rings - r) * (size_t)sectors][1]; /* mirror exactly */
        for (int k = 0; k < sectors; k++) {
            double ph = 2 * pi * k / sectors;
            v[n][0] = radius * s * cos(ph);
            v[n][1] = radius * y;
            v[n][2] = radius * s * sin(ph);
            if (2 * r > rings + 1) {
                v[n][1] = -v[2 + (size_t)(rings - r) * (size_t)sectors + (size_t)k][1];
                v[n][0] = v[2 + (size_t)(rings - r) * (size_t)sectors + (size_t)k][0];
                v[n][2] = v[2 + (size_t)(rings - r) * (size_t)sectors + (size_t)k][2];
            }
            n++;
        }
    }
    return ccd_polyh_hull_path(p, err, (const double (*)[3])v, n, "sphere");
}
