/* SPDX-License-Identifier: MIT */
/*
 * RP — root parity of Brochu, Edwards and Bridson 2012 [3] with floating-point
 * predicates, as benchmarked in Wang et al. 2021 §4.2.
 *
 * The same construction as root_parity_rational.c (read its comment first): the
 * parity of the crossings of a ray from the origin with F(∂Ω), each bilinear patch
 * replaced by the pair of its tetrahedron's faces that does not enclose the
 * origin (chosen by the sign of φ D² = det(r,f,g) det(e,r,g) - D det(e,f,r)).
 * Here every corner, determinant and sign is a plain double computation, and the
 * degenerate cases are treated as in the original algorithm only: a flat patch
 * (D = 0) is always replaced by pair A, even when the origin lies in its plane
 * (coplanar motion: a contact inside such a patch is missed), a zero φ inside
 * the tetrahedron or a zero-distance triangle hit
 * counts as a root on the boundary, and a ray through an edge (a determinant
 * that rounds to exactly 0) is replaced by another direction.  Rounding can flip
 * any sign, so the method has both false positives and false negatives, besides
 * parity's blindness to pairs of roots.  Not conservative.
 */
#include <config.h>

#include "methods/builtin.h"

#include <math.h>
#include <stdint.h>

enum { CROSS_NO = 0, CROSS_YES = 1, CROSS_DEGENERATE = 2, CROSS_ORIGIN = 3 };
enum { MAX_DIRECTIONS = 64 };

typedef struct vec3 {
    double x[3];
} vec3;

static vec3 sub(vec3 a, vec3 b)
{
    return (vec3){{a.x[0] - b.x[0], a.x[1] - b.x[1], a.x[2] - b.x[2]}};
}

static vec3 add(vec3 a, vec3 b)
{
    return (vec3){{a.x[0] + b.x[0], a.x[1] + b.x[1], a.x[2] + b.x[2]}};
}

static vec3 cross(vec3 a, vec3 b)
{
    return (vec3){{a.x[1] * b.x[2] - a.x[2] * b.x[1], a.x[2] * b.x[0] - a.x[0] * b.x[2],
                   a.x[0] * b.x[1] - a.x[1] * b.x[0]}};
}

static double dot(vec3 a, vec3 b)
{
    return a.x[0] * b.x[0] + a.x[1] * b.x[1] + a.x[2] * b.x[2];
}

static double det(vec3 a, vec3 b, vec3 c)
{
    return dot(a, cross(b, c));
}

static int sgn(double x)
{
    return (x > 0) - (x < 0);
}

enum plan_kind { PLAN_ORIGIN_ON_PATCH, PLAN_PAIR_A, PLAN_PAIR_B };

static enum plan_kind plan_patch(const vec3 x[4])
{
    vec3 e = sub(x[1], x[0]), f = sub(x[2], x[0]);
    vec3 g = add(sub(sub(x[3], x[1]), x[2]), x[0]);
    vec3 r = {{-x[0].x[0], -x[0].x[1], -x[0].x[2]}};
    double D = det(e, f, g);
    int sD = sgn(D);
    if (sD == 0)
        return PLAN_PAIR_A;
    double A = det(r, f, g), B = det(e, r, g), C = det(e, f, r);
    int inside = sD * sgn(C) >= 0 && sD * sgn(A - C) >= 0 && sD * sgn(B - C) >= 0 &&
                 sD * sgn(D - A - B + C) >= 0;
    if (!inside)
        return PLAN_PAIR_A;
    int phi = sgn(A * B - D * C);
    return phi == 0 ? PLAN_ORIGIN_ON_PATCH : phi < 0 ? PLAN_PAIR_B : PLAN_PAIR_A;
}

static int ray_crosses_triangle(vec3 a, vec3 b, vec3 c, vec3 d)
{
    vec3 n = cross(sub(b, a), sub(c, a));
    if (n.x[0] == 0 && n.x[1] == 0 && n.x[2] == 0)
        return CROSS_NO; /* no area (e.g. the collapsed half of a VF prism's cap) */
    double plane = dot(n, a), dir = dot(n, d);
    int s_plane = sgn(plane), s_dir = sgn(dir);
    if (s_dir == 0)
        return s_plane != 0 ? CROSS_NO : CROSS_DEGENERATE;
    if (s_plane != s_dir && s_plane != 0)
        return CROSS_NO;
    double s[3] = {det(a, b, d), det(b, c, d), det(c, a, d)};
    int zero = 0;
    for (int i = 0; i < 3; i++) {
        if (sgn(s[i]) == -s_dir)
            return CROSS_NO;
        zero |= s[i] == 0;
    }
    if (zero)
        return CROSS_DEGENERATE;
    return s_plane == 0 ? CROSS_ORIGIN : CROSS_YES;
}

static vec3 direction(int attempt)
{
    uint64_t x = 0x9E3779B97F4A7C15ull * (uint64_t)(attempt + 1) + 0x632BE59BD9B4E019ull;
    vec3 d;
    for (int c = 0; c < 3; c++) {
        x ^= x >> 30;
        x *= 0xBF58476D1CE4E5B9ull;
        x ^= x >> 27;
        x *= 0x94D049BB133111EBull;
        x ^= x >> 31;
        d.x[c] = (double)((long)(x % 2097153u) - 1048576);
    }
    return d;
}

static const int PAIR_A[2][3] = {{0, 1, 3}, {0, 3, 2}};
static const int PAIR_B[2][3] = {{0, 1, 2}, {1, 3, 2}};

typedef struct face {
    int c[4][3];
} face;

static const face VF_FACES[5] = {
    {{{0, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 0, 1}}}, {{{1, 0, 0}, {1, 1, 0}, {1, 0, 1}, {1, 0, 1}}},
    {{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}}}, {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}},
    {{{0, 1, 0}, {1, 1, 0}, {0, 0, 1}, {1, 0, 1}}},
};

static const face EE_FACES[6] = {
    {{{0, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 1}}}, {{{1, 0, 0}, {1, 1, 0}, {1, 0, 1}, {1, 1, 1}}},
    {{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}}}, {{{0, 1, 0}, {1, 1, 0}, {0, 1, 1}, {1, 1, 1}}},
    {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}}, {{{0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}}},
};

static vec3 row_difference(const ccd_query *q, int to, int from, int t, double t_max)
{
    vec3 d;
    for (int k = 0; k < 3; k++) {
        double x0 = q->v[to][k] - q->v[from][k];
        double x1 = q->v[to + 4][k] - q->v[from + 4][k];
        d.x[k] = t == 0 ? x0 : x0 + t_max * (x1 - x0);
    }
    return d;
}

static ccd_status rp_run(ccd_result *r, const ccd_query *q, double t_max, int a_to, int a_from,
                         int b_to, int b_from, int c_to, int c_from)
{
    int vf = q->kind == CCD_VF;
    const face *faces = vf ? VF_FACES : EE_FACES;
    int nfaces = vf ? 5 : 6;
    vec3 corner[2][2][2];
    for (int t = 0; t < 2; t++) {
        vec3 A = row_difference(q, a_to, a_from, t, t_max);
        vec3 B = row_difference(q, b_to, b_from, t, t_max);
        vec3 C = row_difference(q, c_to, c_from, t, t_max);
        corner[t][0][0] = A;
        corner[t][1][0] = add(A, B);
        corner[t][0][1] = add(A, C);
        corner[t][1][1] = add(add(A, B), C);
    }
    vec3 x[6][4];
    enum plan_kind plan[6];
    int collides = 0, decided = 0;
    long checks = 0;
    for (int fi = 0; fi < nfaces && !decided; fi++) {
        for (int j = 0; j < 4; j++) {
            const int *c = faces[fi].c[j];
            x[fi][j] = corner[c[0]][c[1]][c[2]];
        }
        plan[fi] = plan_patch(x[fi]);
        if (plan[fi] == PLAN_ORIGIN_ON_PATCH)
            collides = decided = 1;
    }
    for (int attempt = 0; attempt < MAX_DIRECTIONS && !decided; attempt++) {
        vec3 d = direction(attempt);
        int parity = 0, generic = 1;
        for (int fi = 0; fi < nfaces && generic && !decided; fi++) {
            const int(*pair)[3] = plan[fi] == PLAN_PAIR_B ? PAIR_B : PAIR_A;
            for (int tri = 0; tri < 2 && generic; tri++) {
                checks++;
                int cr = ray_crosses_triangle(x[fi][pair[tri][0]], x[fi][pair[tri][1]],
                                              x[fi][pair[tri][2]], d);
                if (cr == CROSS_DEGENERATE)
                    generic = 0;
                else if (cr == CROSS_ORIGIN)
                    collides = decided = 1;
                else
                    parity ^= cr;
            }
        }
        if (generic && !decided) {
            collides = parity;
            decided = 1;
        }
    }
    if (!decided)
        collides = 1;
    r->collides = collides;
    r->toi = r->toi_upper = collides ? 0.0 : INFINITY; /* parity gives no time */
    r->tolerance = 0;
    r->checks = checks;
    r->hit_max_checks = 0;
    return CCD_OK;
}

static ccd_status rp_vertex_face(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                 void *scratch)
{
    (void)scratch;
    return rp_run(r, q, p->t_max, 0, 1, 1, 2, 1, 3); /* A = p - v1, B = v1 - v2, C = v1 - v3 */
}

static ccd_status rp_edge_edge(ccd_result *r, const ccd_query *q, const ccd_params *p,
                               void *scratch)
{
    (void)scratch;
    return rp_run(r, q, p->t_max, 0, 2, 1, 0, 2, 3); /* A = p1 - p3, B = p2 - p1, C = p3 - p4 */
}

const ccd_method ccd_method_root_parity = {
    .name = "root-parity",
    .summary = "root parity (Brochu et al. 2012) with floating-point predicates",
    .caps = 0,
    .vertex_face = rp_vertex_face,
    .edge_edge = rp_edge_edge,
};
