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
#include "methods/root_parity_domain.h"

#include <math.h>
#include <stdint.h>

enum { CROSS_NO = 0, CROSS_YES = 1, CROSS_DEGENERATE = 2, CROSS_ORIGIN = 3 };

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

static ccd_status rp_run(ccd_result *r, const ccd_query *q, const ccd_params *p, void *scratch)
{
    (void)scratch;
    const int *rows = ccd_rp_rows[q->kind];
    int nfaces;
    const ccd_rp_face *faces = ccd_rp_faces(&nfaces, q->kind);
    vec3 corner[2][2][2];
    for (int t = 0; t < 2; t++) {
        vec3 A = row_difference(q, rows[0], rows[1], t, p->t_max);
        vec3 B = row_difference(q, rows[2], rows[3], t, p->t_max);
        vec3 C = row_difference(q, rows[4], rows[5], t, p->t_max);
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
    for (int attempt = 0; attempt < CCD_RP_MAX_DIRECTIONS && !decided; attempt++) {
        long dl[3];
        ccd_rp_direction(dl, attempt);
        vec3 d = {{(double)dl[0], (double)dl[1], (double)dl[2]}};
        int parity = 0, generic = 1;
        for (int fi = 0; fi < nfaces && generic && !decided; fi++) {
            const int(*pair)[3] = plan[fi] == PLAN_PAIR_B ? ccd_rp_pair_b : ccd_rp_pair_a;
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
    ccd_rp_answer(r, collides, checks);
    return CCD_OK;
}

const ccd_method ccd_method_root_parity = {
    .name = "root-parity",
    .summary = "root parity (Brochu et al. 2012) with floating-point predicates",
    .caps = 0,
    .vertex_face = rp_run,
    .edge_edge = rp_run,
};
