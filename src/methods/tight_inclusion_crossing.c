/* SPDX-License-Identifier: MIT */
/*
 * A crossing proven in a time interval: some t ∈ [t0, t1] and (u, v) of the domain
 * with F(t, u, v) = 0 exactly, for the time advance at d ≤ ε, where nothing can be
 * proven within d by evaluating F (tight_inclusion_stop.c needs |F̂| ≤ d − ε).
 *
 * Vertex–face (p against the triangle a, b, c; F = p − a − u(b − a) − v(c − a)):
 * with n = (b − a) × (c − a) and g = n · (p − a) (p's side of the triangle's plane,
 * a cubic in t), and σ_a = n · ((b − p) × (c − p)), σ_b = n · ((c − p) × (a − p)),
 * σ_c = n · ((a − p) × (b − p)) (quartics in t),
 *   g(t0) and g(t1) of opposite signs, and σ_a, σ_b, σ_c > 0 on all of [t0, t1]
 * prove a root: g vanishes at some t* ∈ (t0, t1) (intermediate values); n(t*) ≠ 0,
 * or the σ would vanish; so p(t*) lies in the plane, where σ_a + σ_b + σ_c = |n|²
 * and σ_x / |n|² are p's barycentric coordinates, all positive: p(t*) = a + u(b − a)
 * + v(c − a) with u = σ_b / |n|², v = σ_c / |n|² inside the triangle.
 *
 * Edge–edge (a + u(b − a) against c + v(d − c)): with e_a = b − a, e_b = d − c,
 * n = e_a × e_b, g = n · (c − a), μ_u = n · ((c − a) × e_b), μ_v = n · ((c − a) × e_a),
 *   g(t0) and g(t1) of opposite signs, and 0 < μ_u < |n|², 0 < μ_v < |n|² on all of
 * [t0, t1]
 * prove a root: at the t* where g = 0 the lines are coplanar and not parallel (|n|² >
 * 0), and c − a = u·e_a − v·e_b with u = μ_u / |n|², v = μ_v / |n|² (cross both sides
 * with e_b, then with e_a), both in (0, 1).
 *
 * A touch at an edge of the triangle, when the vertex and that edge stay in one
 * plane x_axis = const (cloth laid out on a grid: the vertex and the edge share a
 * coordinate, exactly, at t = 0 and t = 1, so at every t).  In that plane the
 * problem is two-dimensional: with e_k = x_k − p and e_l = x_l − p (the edge's ends)
 * in the other two axes i, j,
 *   D = e_k,i·e_l,j − e_k,j·e_l,i of opposite signs at t0 and t1, and
 *   E = e_k · e_l < 0 on all of [t0, t1]
 * prove a root: at the t* where D = 0, p is on the line through x_k and x_l (the
 * three points are collinear in the plane: the other two components of e_k × e_l
 * hold the shared axis's differences, exactly 0), and E < 0 puts it strictly between
 * them (and x_k ≠ x_l):
 * p(t*) = x_k + λ(x_l − x_k), λ ∈ (0, 1), a point of the triangle's closed domain.
 * The same for an end of one edge against the other edge (EE), each of the four.
 * (A contact the crossing test above cannot see: the vertex lands on the edge, both
 * barycentric coordinates but one stay positive, the third is 0 at t*.)
 *
 * Every quantity is an interval evaluated on the exact trajectory x0 + t·(x1 − x0)
 * of the query's coordinates, each widened by an ulp where the file's rational is not
 * a double (ccd_query.inexact); at t0 and t1 the time is a point, on [t0, t1] the
 * interval, so each bound holds for every t of it.  The arithmetic rounds to nearest
 * and widens every result by one ulp outward (interval_add_ulp and the others of
 * src/methods/interval.h: one ulp looser than its tightest rounding, without an fma
 * per product).
 * Coordinates above 2^100 in magnitude are not tried, so that nothing overflows
 * (the largest term is a sum of products of four differences, below 2^420) and no
 * bound is ever infinite or NaN.  A sign is claimed only when the interval excludes
 * 0: rounding can only make the proof fail.
 *
 * The advance (tight_inclusion_advance.c) asks once its slabs have cleared time to
 * within the filter's error of a crossing: with no contact before t0 (certified), a
 * crossing in [t0, t1] brackets the toi there, as a proven contact does at d > ε.
 */
#include <config.h>

#include "methods/interval.h"
#include "methods/tight_inclusion.h"

#include <math.h>

#define CROSSING_MAX_COORD 0x1p100

typedef ccd_interval ivec[3];

static void ivec_cross(ivec r, const ivec a, const ivec b)
{
    r[0] = interval_sub_ulp(interval_mul_ulp(a[1], b[2]), interval_mul_ulp(a[2], b[1]));
    r[1] = interval_sub_ulp(interval_mul_ulp(a[2], b[0]), interval_mul_ulp(a[0], b[2]));
    r[2] = interval_sub_ulp(interval_mul_ulp(a[0], b[1]), interval_mul_ulp(a[1], b[0]));
}

static ccd_interval ivec_dot(const ivec a, const ivec b)
{
    return interval_add_ulp(interval_add_ulp(interval_mul_ulp(a[0], b[0]), interval_mul_ulp(a[1], b[1])), interval_mul_ulp(a[2], b[2]));
}

/* Up to three vectors, each affine in t: e_k(t) = e_k(0) + t·(e_k(1) − e_k(0)), with
 * e_k = x_head − x_tail of two of the query's points. */
typedef struct moving {
    int count;
    ivec at0[3], slope[3];
} moving;

static ccd_interval input(const ccd_query *q, int row, int axis)
{
    return interval_input(q->v[row][axis], (int)(q->inexact >> (3 * row + axis) & 1u));
}

/* Whether every coordinate is within CROSSING_MAX_COORD (see above). */
static int coordinates_bounded(const ccd_query *q)
{
    for (int row = 0; row < CCD_QUERY_ROWS; ++row)
        for (int axis = 0; axis < 3; ++axis)
            if (!(fabs(q->v[row][axis]) <= CROSSING_MAX_COORD))
                return 0;
    return 1;
}

/* The vectors x_head − x_tail of pairs[0 .. count). */
static void moving_init(moving *m, const ccd_query *q, const int (*pairs)[2], int count)
{
    m->count = count;
    for (int k = 0; k < count; ++k)
        for (int axis = 0; axis < 3; ++axis) {
            const int head = pairs[k][0], tail = pairs[k][1];
            m->at0[k][axis] = interval_sub_ulp(input(q, head, axis), input(q, tail, axis));
            const ccd_interval at1 =
                interval_sub_ulp(input(q, 4 + head, axis), input(q, 4 + tail, axis));
            m->slope[k][axis] = interval_sub_ulp(at1, m->at0[k][axis]);
        }
}

static void moving_at(ivec e[3], const moving *m, ccd_interval t)
{
    for (int k = 0; k < m->count; ++k)
        for (int axis = 0; axis < 3; ++axis)
            e[k][axis] = interval_add_ulp(m->at0[k][axis], interval_mul_ulp(t, m->slope[k][axis]));
}

/* g up to its sign's convention, at the time t: VF det(a − p, b − p, c − p) (= −g:
 * a sign change all the same), EE n · (c − a). */
static ccd_interval side(const moving *m, double t)
{
    ivec e[3], n;
    moving_at(e, m, interval_point(t));
    ivec_cross(n, e[0], e[1]); /* VF: (a − p) × (b − p); EE: e_a × e_b */
    return ivec_dot(n, e[2]);
}

static int positive(ccd_interval a)
{
    return a.lo > 0.0;
}

/* The σ or μ conditions above, on every time of t. */
static int inside(const moving *m, ccd_kind kind, ccd_interval t)
{
    ivec e[3];
    moving_at(e, m, t);
    if (kind == CCD_VF) { /* e = a − p, b − p, c − p */
        ivec c[3], n;
        ivec_cross(c[0], e[1], e[2]);
        ivec_cross(c[1], e[2], e[0]);
        ivec_cross(c[2], e[0], e[1]);
        for (int axis = 0; axis < 3; ++axis) /* n = (b − a) × (c − a) */
            n[axis] = interval_add_ulp(interval_add_ulp(c[0][axis], c[1][axis]), c[2][axis]);
        return positive(ivec_dot(n, c[0])) && positive(ivec_dot(n, c[1])) &&
               positive(ivec_dot(n, c[2]));
    }
    ivec n, w; /* e = e_a, e_b, c − a */
    ivec_cross(n, e[0], e[1]);
    const ccd_interval nn = ivec_dot(n, n);
    ivec_cross(w, e[2], e[1]);
    const ccd_interval mu_u = ivec_dot(n, w);
    ivec_cross(w, e[2], e[0]);
    const ccd_interval mu_v = ivec_dot(n, w);
    return positive(mu_u) && positive(interval_sub_ulp(nn, mu_u)) && positive(mu_v) &&
           positive(interval_sub_ulp(nn, mu_v));
}

/* Does the point of row r share the coordinate axis with rows k and l, exactly, at
 * t = 0 and at t = 1 (doubles that are the file's rationals)? */
static int same_plane(const ccd_query *q, int r, int k, int l, int axis)
{
    for (int f = 0; f < 2; ++f) {
        const int rows[3] = {4 * f + r, 4 * f + k, 4 * f + l};
        for (int c = 0; c < 3; ++c)
            if (q->inexact >> (3 * rows[c] + axis) & 1u)
                return 0;
        if (!(q->v[rows[0]][axis] == q->v[rows[1]][axis] &&
              q->v[rows[0]][axis] == q->v[rows[2]][axis]))
            return 0;
    }
    return 1;
}

/* The touch at an edge above: the point of row r on the segment of rows k, l at some
 * time of [t0, t1], the three in a plane x_axis = const. */
static int touch_proven(const ccd_query *q, int r, int k, int l, double t0, double t1)
{
    const int pairs[2][2] = {{k, r}, {l, r}}; /* x_k − p, x_l − p */
    moving m;
    m.count = 0;
    for (int axis = 0; axis < 3; ++axis) {
        if (!same_plane(q, r, k, l, axis))
            continue;
        if (m.count == 0)
            moving_init(&m, q, pairs, 2);
        const int i = (axis + 1) % 3, j = (axis + 2) % 3;
        ccd_interval d[2];
        for (int f = 0; f < 2; ++f) {
            ivec e[3];
            moving_at(e, &m, interval_point(f ? t1 : t0));
            d[f] = interval_sub_ulp(interval_mul_ulp(e[0][i], e[1][j]),
                                    interval_mul_ulp(e[0][j], e[1][i]));
        }
        if (!((d[0].lo > 0.0 && d[1].hi < 0.0) || (d[0].hi < 0.0 && d[1].lo > 0.0)))
            continue;
        ivec e[3];
        moving_at(e, &m, (ccd_interval){t0, t1});
        if (ivec_dot(e[0], e[1]).hi < 0.0)
            return 1;
    }
    return 0;
}

int ccd_ti_crossing_proven(const ccd_query *q, double t0, double t1)
{
    if (!(t0 >= 0.0 && t0 < t1 && t1 <= 1.0) || !coordinates_bounded(q))
        return 0;
    /* VF: a − p, b − p, c − p; EE: b − a, d − c, c − a */
    static const int vf_vectors[3][2] = {{1, 0}, {2, 0}, {3, 0}};
    static const int ee_vectors[3][2] = {{1, 0}, {3, 2}, {2, 0}};
    moving m;
    moving_init(&m, q, q->kind == CCD_VF ? vf_vectors : ee_vectors, 3);
    const ccd_interval g0 = side(&m, t0), g1 = side(&m, t1);
    if (((g0.lo > 0.0 && g1.hi < 0.0) || (g0.hi < 0.0 && g1.lo > 0.0)) &&
        inside(&m, q->kind, (ccd_interval){t0, t1}))
        return 1;
    /* a touch at an edge: VF the vertex against each side of the triangle; EE each end
     * of one edge against the other edge */
    static const int vf[3][3] = {{0, 1, 2}, {0, 2, 3}, {0, 3, 1}};
    static const int ee[4][3] = {{0, 2, 3}, {1, 2, 3}, {2, 0, 1}, {3, 0, 1}};
    const int n = q->kind == CCD_VF ? 3 : 4;
    for (int c = 0; c < n; ++c) {
        const int *rkl = q->kind == CCD_VF ? vf[c] : ee[c];
        if (touch_proven(q, rkl[0], rkl[1], rkl[2], t0, t1))
            return 1;
    }
    return 0;
}
