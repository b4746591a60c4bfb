/* SPDX-License-Identifier: MIT */
/*
 * The exact convex hull that every convex polyhedron of the contact routine of
 * Cheng Yi & Drumwright goes through (boxes, spheres, bodies read from files).
 * Every orientation is decided exactly (ccd_polyh_orient), so coplanar
 * triangles are merged into one polygonal face and points that are not corners
 * of the hull are dropped without a tolerance.
 */
#include <config.h>

#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/polyhedra.h"
#include "contact/polyhedra/polyhedron_internal.h"
#include "core/assert.h"

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

/* The hull is incremental with conflict lists: every point not yet inserted
 * waits in the list of one triangle it sees (lies strictly outside of), and a
 * point that sees none is inside or on the hull and is dropped.  Inserting
 * point q (in a fixed pseudo-random order: hull_triangles) deletes the
 * triangles q sees, found by a walk over
 * neighbours from the one whose list holds q: they form a disc (the faces of
 * a convex polytope seen from a point outside, lit by its light), whose
 * boundary, the horizon, is one cycle; a fan of new triangles joins q to it.
 * The points of the deleted triangles move to the first new triangle they see.
 * No point that is outside the new hull is lost by testing the new triangles
 * only: a segment from such a point to the interior of the deleted triangle it
 * saw enters the new hull through a new triangle, generically in its interior,
 * where the point lies strictly outside its plane.  Every orientation is exact
 * (ccd_polyh_orient), so the argument holds for degenerate input too, and the
 * cost is that of the walks and moves: O(n log n) expected for points in random
 * order, against the O(n²) of testing every triangle for every point.
 *
 * Triangles are only appended (dead ones stay until the end), so indices are
 * stable; nb[j] is the triangle across the directed edge v[j] → v[j+1], whose
 * own edge runs the other way. */

typedef struct tri {
    size_t v[3];
    size_t nb[3];
    size_t outside; /* first point (index into use) of its conflict list, or SIZE_MAX */
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
    l->t[l->n++] = (tri){{a, b, c}, {SIZE_MAX, SIZE_MAX, SIZE_MAX}, SIZE_MAX, 1};
    return 0;
}

static int tri_sees(const tri *t, const double (*p)[3], const double *q)
{
    return ccd_polyh_orient(p[t->v[0]], p[t->v[1]], p[t->v[2]], q) > 0;
}

static int size_cmp(const void *x, const void *y)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    return (a > b) - (a < b);
}

/* Work arrays of one hull: per point (index into use) the next in its conflict
 * list and the triangle that holds it; per triangle two visit stamps; per input
 * point the new triangle whose horizon edge starts there. */
typedef struct hull_work {
    size_t *next, *holder;     /* m each */
    size_t *seen, *lit, stamp; /* per triangle, grown with the list */
    size_t *fan_from;          /* np */
    size_t *visible, nvisible, vcap;
    size_t tcap;
} hull_work;

static int grow(size_t **a, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    size_t *x = realloc(*a, c * sizeof *x);
    if (!x)
        return -1;
    *a = x, *cap = c;
    return 0;
}

static int work_fit(hull_work *w, size_t triangles)
{
    if (triangles <= w->tcap)
        return 0;
    size_t c = w->tcap;
    if (grow(&w->seen, &c, triangles))
        return -1;
    size_t *lit = realloc(w->lit, c * sizeof *lit);
    if (!lit)
        return -1;
    w->lit = lit;
    for (size_t i = w->tcap; i < c; i++)
        w->seen[i] = w->lit[i] = 0;
    w->tcap = c;
    return 0;
}

/* Puts point q (index into use) in the list of the first of the triangles
 * first..end-1 it sees; returns whether one did. */
static int hull_assign(tri_list *l, hull_work *w, const double (*p)[3], const size_t *use,
                       size_t q, size_t first, size_t end)
{
    for (size_t f = first; f < end; f++)
        if (tri_sees(&l->t[f], p, p[use[q]])) {
            w->next[q] = l->t[f].outside;
            l->t[f].outside = q;
            w->holder[q] = f;
            return 1;
        }
    w->holder[q] = SIZE_MAX;
    return 0;
}

/* Links the triangles first..end-1 to one another through their shared edges by
 * search (the four of the first tetrahedron). */
static void link_by_search(tri_list *l, size_t first, size_t end)
{
    for (size_t f = first; f < end; f++)
        for (int j = 0; j < 3; j++)
            for (size_t g = first; g < end; g++)
                for (int k = 0; k < 3; k++)
                    if (l->t[g].v[k] == l->t[f].v[(j + 1) % 3] &&
                        l->t[g].v[(k + 1) % 3] == l->t[f].v[j])
                        l->t[f].nb[j] = g;
}

/* Inserts point q, which triangle f sees: deletes the lit triangles, fans q
 * to the horizon, moves the points of the deleted triangles. */
static int hull_insert(tri_list *l, hull_work *w, const double (*p)[3], const size_t *use,
                       size_t q, size_t f)
{
    const size_t apex = use[q];
    /* the lit triangles, by a walk from f */
    w->stamp++;
    w->nvisible = 0;
    if (grow(&w->visible, &w->vcap, 1))
        return -1;
    w->visible[w->nvisible++] = f;
    w->seen[f] = w->lit[f] = w->stamp;
    for (size_t i = 0; i < w->nvisible; i++) {
        const tri *t = &l->t[w->visible[i]];
        for (int j = 0; j < 3; j++) {
            size_t g = t->nb[j];
            CCD_ASSERT(g != SIZE_MAX && l->t[g].alive);
            if (w->seen[g] == w->stamp)
                continue;
            w->seen[g] = w->stamp;
            if (tri_sees(&l->t[g], p, p[apex])) {
                w->lit[g] = w->stamp;
                if (grow(&w->visible, &w->vcap, w->nvisible + 1))
                    return -1;
                w->visible[w->nvisible++] = g;
            }
        }
    }
    /* in index order: the new triangles, hence the faces, come in an order
     * that depends on the points alone, not on the path of the walk */
    qsort(w->visible, w->nvisible, sizeof *w->visible, size_cmp);
    /* the fan: one new triangle per horizon edge (a, b), across it the kept
     * neighbour, which now points back at the new triangle */
    const size_t first = l->n;
    for (size_t i = 0; i < w->nvisible; i++)
        for (int j = 0; j < 3; j++) {
            size_t d = w->visible[i], g = l->t[d].nb[j];
            if (w->lit[g] == w->stamp)
                continue;
            size_t a = l->t[d].v[j], b = l->t[d].v[(j + 1) % 3];
            if (tri_push(l, a, b, apex))
                return -1;
            size_t nt = l->n - 1;
            l->t[nt].nb[0] = g;
            for (int k = 0; k < 3; k++)
                if (l->t[g].nb[k] == d)
                    l->t[g].nb[k] = nt;
            CCD_ASSERT(w->fan_from[a] == SIZE_MAX); /* the horizon is one cycle */
            w->fan_from[a] = nt;
        }
    if (work_fit(w, l->n))
        return -1;
    /* the fan's own edges: (a, b, q) meets (b, c, q) along b → q */
    for (size_t nt = first; nt < l->n; nt++) {
        size_t b = l->t[nt].v[1], next = w->fan_from[b];
        CCD_ASSERT(next != SIZE_MAX);
        l->t[nt].nb[1] = next;
        l->t[next].nb[2] = nt;
    }
    for (size_t nt = first; nt < l->n; nt++)
        w->fan_from[l->t[nt].v[0]] = SIZE_MAX;
    /* the deleted triangles' points go to the new triangles they see */
    for (size_t i = 0; i < w->nvisible; i++) {
        tri *d = &l->t[w->visible[i]];
        d->alive = 0;
        size_t r = d->outside;
        d->outside = SIZE_MAX;
        while (r != SIZE_MAX) {
            size_t after = w->next[r];
            if (r != q)
                hull_assign(l, w, p, use, r, first, l->n);
            r = after;
        }
    }
    w->holder[q] = SIZE_MAX;
    return 0;
}

static void work_free(hull_work *w)
{
    free(w->next), free(w->holder), free(w->seen), free(w->lit), free(w->fan_from);
    free(w->visible);
}

/* Incremental hull of the points listed in use[0..m-1] (global indices below
 * np): triangles oriented counter-clockwise from outside, with their
 * neighbours.  Returns 0, -1 out of memory, 1 degenerate. */
static int hull_triangles(tri_list *out, const double (*p)[3], const size_t *use, size_t m,
                          size_t np)
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
    hull_work w = {0};
    w.next = malloc(m * sizeof *w.next);
    w.holder = malloc(m * sizeof *w.holder);
    w.fan_from = malloc(np * sizeof *w.fan_from);
    int rc = -1;
    if (!w.next || !w.holder || !w.fan_from || tri_push(&l, i0, i1, i2) ||
        tri_push(&l, i0, i3, i1) || tri_push(&l, i1, i3, i2) || tri_push(&l, i2, i3, i0) ||
        work_fit(&w, l.n))
        goto done;
    link_by_search(&l, 0, 4);
    for (size_t i = 0; i < np; i++)
        w.fan_from[i] = SIZE_MAX;
    for (size_t q = 0; q < m; q++) {
        size_t pi = use[q];
        if (pi == i0 || pi == i1 || pi == i2 || pi == i3)
            w.holder[q] = SIZE_MAX;
        else
            hull_assign(&l, &w, p, use, q, 0, 4);
    }
    /* insertion in a fixed pseudo-random order (a Fisher-Yates shuffle driven by
     * a 64-bit LCG; the same hull for the same input): the expected O(n log n)
     * holds for any input order, where points sorted along an axis made the
     * conflict lists move O(n) points per insertion (100,000 points sorted by z:
     * 84 s in input order) */
    size_t *order = malloc(m * sizeof *order);
    if (!order)
        goto done;
    uint64_t state = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < m; i++)
        order[i] = i;
    for (size_t i = m; i > 1; i--) {
        state = state * 6364136223846793005u + 1442695040888963407u;
        size_t j = (size_t)((state >> 33) % i), x = order[i - 1];
        order[i - 1] = order[j], order[j] = x;
    }
    for (size_t i = 0; i < m; i++) {
        size_t q = order[i];
        if (w.holder[q] != SIZE_MAX && hull_insert(&l, &w, p, use, q, w.holder[q]))
            return free(order), work_free(&w), free(l.t), -1;
    }
    free(order);
    /* compact, renumbering the neighbours */
    size_t *index = w.seen; /* reused: old triangle -> new */
    size_t n = 0;
    for (size_t f = 0; f < l.n; f++)
        index[f] = l.t[f].alive ? n++ : SIZE_MAX;
    n = 0;
    for (size_t f = 0; f < l.n; f++)
        if (l.t[f].alive) {
            tri t = l.t[f];
            for (int j = 0; j < 3; j++)
                t.nb[j] = index[t.nb[j]];
            l.t[n++] = t;
        }
    l.n = n;
    *out = l;
    l.t = NULL;
    rc = 0;
done:
    work_free(&w);
    free(l.t);
    return rc;
}

static size_t find(size_t *parent, size_t x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

/* Merges coplanar neighbours into faces, labels each triangle with its face. */
static size_t merge_faces(size_t *face_of, const tri_list *l, const double (*p)[3])
{
    size_t *parent = face_of;
    for (size_t f = 0; f < l->n; f++)
        parent[f] = f;
    for (size_t f = 0; f < l->n; f++)
        for (int j = 0; j < 3; j++) {
            size_t g = l->t[f].nb[j];
            if (g < f)
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

/* The unit outward normal of the face through corners a, b, c (counter-
 * clockwise from outside, not collinear: consecutive corners of a convex face):
 * (b − a) × (c − a) in exact rationals, scaled by its largest component, then
 * rounded and normalised.  In doubles the cross product (or Newell's sum) of a
 * face with a corner at 1e65 and the others at 1 cancels to 0, and the normal
 * came out NaN (found by the mesh fuzz target). */
static void face_normal(double n[3], const double *a, const double *b, const double *c)
{
    mpq_t u[3], v[3], w[3], t, big;
    for (int i = 0; i < 3; i++)
        mpq_inits(u[i], v[i], w[i], NULL);
    mpq_inits(t, big, NULL);
    for (int i = 0; i < 3; i++) {
        mpq_set_d(t, a[i]);
        mpq_set_d(u[i], b[i]), mpq_sub(u[i], u[i], t);
        mpq_set_d(v[i], c[i]), mpq_sub(v[i], v[i], t);
    }
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpq_mul(w[i], u[j], v[k]);
        mpq_mul(t, u[k], v[j]);
        mpq_sub(w[i], w[i], t);
        mpq_abs(t, w[i]);
        if (mpq_cmp(t, big) > 0)
            mpq_set(big, t);
    }
    CCD_ASSERT(mpq_sgn(big) > 0);
    double len = 0;
    for (int i = 0; i < 3; i++) {
        mpq_div(w[i], w[i], big);
        n[i] = mpq_get_d(w[i]); /* in [-1, 1], one of them ±1 */
        len += n[i] * n[i];
    }
    len = sqrt(len);
    for (int i = 0; i < 3; i++)
        n[i] /= len;
    for (int i = 0; i < 3; i++)
        mpq_clears(u[i], v[i], w[i], NULL);
    mpq_clears(t, big, NULL);
}

/* A boundary edge a → b of face `face`: a triangle edge whose neighbour lies in
 * another face, `other`. */
typedef struct face_edge {
    size_t face, a, b, other;
} face_edge;

static int face_edge_cmp(const void *x, const void *y)
{
    const face_edge *e = x, *f = y;
    if (e->face != f->face)
        return (e->face > f->face) - (e->face < f->face);
    return (e->a > f->a) - (e->a < f->a);
}

/* Builds the polyhedron from merged triangles: face cycles, normals, edges.
 * Vertices are numbered in the order the triangles first name them on a face
 * boundary; each face's cycle starts at its first boundary edge in triangle
 * order.  Each face's boundary is one cycle (faces are convex), so each of its
 * vertices starts exactly one of its boundary edges: the cycle is followed by
 * binary search in the edges sorted by (face, a). */
static int assemble(ccd_polyhedron *out, const tri_list *l, const size_t *face_of, size_t faces,
                    const double (*p)[3], size_t np)
{
    ccd_polyhedron P = {0};
    size_t *map = malloc(np * sizeof *map);
    face_edge *be = malloc(3 * l->n * sizeof *be), *sorted = malloc(3 * l->n * sizeof *sorted);
    size_t *first = malloc(faces * sizeof *first);
    if (!map || !be || !sorted || !first)
        return free(map), free(be), free(sorted), free(first), -1;
    size_t nb = 0;
    for (size_t i = 0; i < np; i++)
        map[i] = SIZE_MAX;
    for (size_t f = 0; f < faces; f++)
        first[f] = SIZE_MAX;
    for (size_t f = 0; f < l->n; f++)
        for (int j = 0; j < 3; j++) {
            size_t a = l->t[f].v[j], b = l->t[f].v[(j + 1) % 3], g = l->t[f].nb[j];
            if (face_of[g] == face_of[f])
                continue;
            if (first[face_of[f]] == SIZE_MAX)
                first[face_of[f]] = nb;
            be[nb++] = (face_edge){face_of[f], a, b, face_of[g]};
            if (map[a] == SIZE_MAX)
                map[a] = P.vertex_count++;
        }
    memcpy(sorted, be, nb * sizeof *be);
    qsort(sorted, nb, sizeof *sorted, face_edge_cmp);
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
        free(map), free(be), free(sorted), free(first), ccd_polyhedron_free(&P);
        return -1;
    }
    for (size_t i = 0; i < np; i++)
        if (map[i] != SIZE_MAX)
            memcpy(P.vertex[map[i]], p[i], sizeof p[i]);
    size_t fill = 0, lo = 0;
    for (size_t f = 0; f < faces; f++) {
        size_t hi = lo;
        while (hi < nb && sorted[hi].face == f)
            hi++;
        CCD_ASSERT(first[f] != SIZE_MAX && hi > lo);
        P.face_start[f] = fill;
        size_t start = be[first[f]].a, cur = be[first[f]].b;
        P.face_vertex[fill++] = map[start];
        while (cur != start) {
            CCD_ASSERT(fill - P.face_start[f] < hi - lo); /* one cycle */
            P.face_vertex[fill++] = map[cur];
            face_edge key = {f, cur, 0, 0};
            const face_edge *next =
                bsearch(&key, sorted + lo, hi - lo, sizeof *sorted, face_edge_cmp);
            CCD_ASSERT(next);
            cur = next->b;
        }
        lo = hi;
        const size_t *c = P.face_vertex + P.face_start[f];
        face_normal(P.face_normal[f], P.vertex[c[0]], P.vertex[c[1]], P.vertex[c[2]]);
    }
    P.face_start[faces] = fill;
    /* undirected edges: each boundary edge (a, b) with a < b, between its face and
     * the face of its twin (b, a) */
    size_t ne = 0;
    for (size_t e = 0; e < nb; e++) {
        if (be[e].a > be[e].b)
            continue;
        P.edge[ne][0] = map[be[e].a], P.edge[ne][1] = map[be[e].b];
        P.edge_face[ne][0] = be[e].face, P.edge_face[ne][1] = be[e].other;
        ne++;
    }
    CCD_ASSERT(ne == P.edge_count);
    P.radius = 0;
    for (size_t i = 0; i < P.vertex_count; i++)
        P.radius = fmax(P.radius, sqrt(P.vertex[i][0] * P.vertex[i][0] +
                                       P.vertex[i][1] * P.vertex[i][1] +
                                       P.vertex[i][2] * P.vertex[i][2]));
    free(map), free(be), free(sorted), free(first);
    *out = P;
    return 0;
}

/* One hull pass over use[0..m-1]: 0 done, -1 memory, 1 degenerate, 2 when some
 * points were hull points but not corners (they are removed from use and *m). */
static int hull_pass(ccd_polyhedron *out, const double (*p)[3], size_t *use, size_t *m)
{
    size_t np = 0;
    for (size_t q = 0; q < *m; q++)
        np = use[q] + 1 > np ? use[q] + 1 : np;
    tri_list l = {0};
    int rc = hull_triangles(&l, p, use, *m, np);
    if (rc)
        return rc;
    size_t *face_of = malloc(l.n * sizeof *face_of);
    /* per point, up to three distinct faces of the triangles that name it */
    size_t (*around)[3] = malloc(np * sizeof *around);
    unsigned char *count = calloc(np, 1);
    if (!face_of || !around || !count)
        return free(face_of), free(around), free(count), free(l.t), -1;
    size_t faces = merge_faces(face_of, &l, p);
    if (faces == SIZE_MAX)
        return free(face_of), free(around), free(count), free(l.t), -1;
    for (size_t f = 0; f < l.n; f++)
        for (int j = 0; j < 3; j++) {
            size_t v = l.t[f].v[j];
            int dup = 0;
            for (unsigned s = 0; s < count[v]; s++)
                dup |= around[v][s] == face_of[f];
            if (!dup && count[v] < 3)
                around[v][count[v]++] = face_of[f];
        }
    /* a corner of the hull lies on at least three faces */
    size_t kept = 0;
    for (size_t q = 0; q < *m; q++)
        if (count[use[q]] == 0 || count[use[q]] >= 3)
            use[kept++] = use[q];
    free(around), free(count);
    if (kept < *m) {
        *m = kept;
        free(face_of), free(l.t);
        return 2;
    }
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
