/* SPDX-License-Identifier: MIT */
/*
 * IRF — the multivariate interval root finder of Snyder 1992, "Interval analysis
 * for computer graphics", applied to the CCD function F(t, u, v) of Wang et al.
 * 2021, "A Large-scale Benchmark and an Inclusion-based Algorithm for Continuous
 * Collision Detection" eqs. (1)–(2), as in their benchmark (§4.2, Table 1), whose
 * reference code (Interval-Based CCD) it follows operation by operation:
 *
 *   VF: F = p(t) - (f1(t) + u (f2(t) - f1(t)) + v (f3(t) - f1(t)))
 *       on [0, t_max] × {u, v in [0, 1]},
 *   EE: F = (b0(t) + v (b1(t) - b0(t))) - (a0(t) + u (a1(t) - a0(t)))
 *       on [0, t_max] × [0, 1]²,
 * every point x(t) = x(0) + (x(1) - x(0)) t in the tightest outward-rounded
 * interval arithmetic (src/methods/interval.h, the bounds Boost's library gives).
 *
 * Boxes are examined depth-first, earlier half first.  A box whose image F(I)
 * excludes 0 in some coordinate is discarded.  A box whose widths are all within
 * the tolerances is a root: the query collides.  Otherwise the next dimension
 * (round robin after the one last split) wider than its tolerance is bisected at
 * its rounded midpoint.  The tolerances turn the distance δ (`delta`, 1e-6 in the
 * reference) into parameter widths: δ / dl for t, dl the longest trajectory, and
 * δ / (longest length of the edge) for u and v.  In VF a half whose lower
 * corner has u + v > 1 (rounded down) is dropped when u or v is split.
 *
 * The reference has no limit on the number of boxes; `max_checks` (default -1,
 * no limit) stops early and reports a collision at the lower end of the time
 * interval examined then (hit_max_checks = 1).  Conservative: F(I) contains F(x)
 * for every x in I, rounding included.  The time of impact is the lower end of the
 * root box's time interval, a lower bound of the earliest root found depth-first.
 */
#include <config.h>

#include "methods/builtin.h"
#include "methods/interval_query.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

typedef struct irf_box {
    ccd_interval x[3]; /* t, u, v */
    int last_split;    /* dimension split to create this box, -1 for the first */
} irf_box;

/* Per-thread scratch: the stack of pending boxes. */
typedef struct irf_stack {
    irf_box *items;
    size_t count, capacity;
} irf_stack;

static void *irf_scratch_new(void)
{
    return calloc(1, sizeof(irf_stack));
}

static void irf_scratch_free(void *s)
{
    irf_stack *st = s;
    if (st)
        free(st->items);
    free(st);
}

static int stack_push(irf_stack *st, const irf_box *b)
{
    if (st->count == st->capacity) {
        size_t cap = st->capacity ? 2 * st->capacity : 256;
        irf_box *grown = realloc(st->items, cap * sizeof *grown);
        if (!grown)
            return 0;
        st->items = grown;
        st->capacity = cap;
    }
    st->items[st->count++] = *b;
    return 1;
}

/* The four moving points of the query and its kind. */
typedef struct irf_query {
    interval_motion p[4];
    int vertex_face;
} irf_query;

static void point_at(ccd_interval out[3], const irf_query *f, int i, ccd_interval t)
{
    interval_motion_at(out, &f->p[i], t);
}

/* a + s (b - a) per axis, in the order of the reference for each kind. */
static int box_may_contain_root(const irf_query *f, const irf_box *box)
{
    ccd_interval t = box->x[0], u = box->x[1], v = box->x[2];
    ccd_interval x[4][3];
    for (int i = 0; i < 4; i++)
        point_at(x[i], f, i, t);
    for (int k = 0; k < 3; k++) {
        ccd_interval value;
        if (f->vertex_face) { /* p - ((f1 + u (f2 - f1)) + v (f3 - f1)) */
            ccd_interval on_face =
                interval_add(interval_add(x[1][k], interval_mul(u, interval_sub(x[2][k], x[1][k]))),
                             interval_mul(v, interval_sub(x[3][k], x[1][k])));
            value = interval_sub(x[0][k], on_face);
        } else { /* ((b1 - b0) v + b0) - ((a1 - a0) u + a0) */
            ccd_interval on_a = interval_add(interval_mul(interval_sub(x[1][k], x[0][k]), u), x[0][k]);
            ccd_interval on_b = interval_add(interval_mul(interval_sub(x[3][k], x[2][k]), v), x[2][k]);
            value = interval_sub(on_b, on_a);
        }
        if (!interval_contains_zero(value))
            return 0;
    }
    return 1;
}

/* VF domain: keep a half unless the lower corner has u + v > 1 (rounded down). */
static int meets_triangle(ccd_interval u, ccd_interval v)
{
    return !(interval_add_down(u.lo, v.lo) > 1);
}

static void report(ccd_result *r, int collides, double toi, double tolerance, long checks,
                   int hit_max)
{
    r->collides = collides;
    r->toi = collides ? toi : INFINITY;
    r->toi_upper = r->toi;
    r->tolerance = tolerance;
    r->checks = checks;
    r->hit_max_checks = hit_max;
}

static ccd_status irf_solve(ccd_result *r, const irf_query *f, const double tol[3],
                            const ccd_params *p, irf_stack *st)
{
    const long max_checks = ccd_option_int(p, &ccd_method_irf, CCD_INCL_OPT_MAX_CHECKS);
    st->count = 0;
    irf_box first = {{{0, p->t_max}, {0, 1}, {0, 1}}, -1};
    if (!stack_push(st, &first))
        return CCD_ERR_INTERNAL;
    long checks = 0;
    while (st->count > 0) {
        irf_box box = st->items[--st->count];
        if (max_checks >= 0 && checks >= max_checks) {
            report(r, 1, box.x[0].lo, interval_width(box.x[0]), checks, 1);
            return CCD_OK;
        }
        checks++;
        if (!box_may_contain_root(f, &box))
            continue;
        double width[3];
        for (int d = 0; d < 3; d++)
            width[d] = interval_width(box.x[d]);
        if (width[0] <= tol[0] && width[1] <= tol[1] && width[2] <= tol[2]) {
            report(r, 1, box.x[0].lo, width[0], checks, 0);
            return CCD_OK;
        }
        int split = 0;
        for (int i = 1; i <= 3; i++) {
            split = (box.last_split + i) % 3;
            if (width[split] > tol[split])
                break;
        }
        double mid = interval_median(box.x[split]);
        /* a midpoint equal to an end would repeat the box forever (the reference
         * loops); tolerances ≥ δ / length are far above the spacing of doubles */
        if (!(mid > box.x[split].lo && mid < box.x[split].hi))
            return CCD_ERR_INPUT;
        irf_box halves[2] = {box, box};
        halves[0].x[split].hi = mid;
        halves[1].x[split].lo = mid;
        /* the later half goes on the stack first, so the earlier one comes out first */
        for (int h = 1; h >= 0; h--) {
            halves[h].last_split = split;
            if (f->vertex_face && split > 0 && !meets_triangle(halves[h].x[1], halves[h].x[2]))
                continue;
            if (!stack_push(st, &halves[h]))
                return CCD_ERR_INTERNAL;
        }
    }
    report(r, 0, INFINITY, 0, checks, 0);
    return CCD_OK;
}

static ccd_status irf_run(ccd_result *r, const ccd_query *q, const ccd_params *p, void *scratch,
                          const double lengths[2])
{
    irf_query f;
    f.vertex_face = q->kind == CCD_VF;
    for (int i = 0; i < 4; i++)
        f.p[i] = interval_query_motion(q, i);
    const double delta = ccd_option_double(p, &ccd_method_irf, CCD_INCL_OPT_DELTA);
    const double tol[3] = {delta / interval_query_travel(q), delta / lengths[0],
                           delta / lengths[1]};
    irf_stack local = {0};
    irf_stack *st = scratch ? scratch : &local;
    ccd_status s = irf_solve(r, &f, tol, p, st);
    if (!scratch)
        free(local.items);
    return s;
}

/* rows: 0 = p, 1 = f1, 2 = f2, 3 = f3; u along f2 - f1, v along f3 - f1 */
static ccd_status irf_vertex_face(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                  void *scratch)
{
    const double lengths[2] = {
        interval_query_max(interval_query_length(q, 2, 1), interval_query_length(q, 6, 5)),
        interval_query_max(interval_query_length(q, 3, 1), interval_query_length(q, 7, 5))};
    return irf_run(r, q, p, scratch, lengths);
}

/* rows: 0 = a0, 1 = a1, 2 = b0, 3 = b1; u along a, v along b */
static ccd_status irf_edge_edge(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                void *scratch)
{
    const double lengths[2] = {
        interval_query_max(interval_query_length(q, 1, 0), interval_query_length(q, 5, 4)),
        interval_query_max(interval_query_length(q, 3, 2), interval_query_length(q, 7, 6))};
    return irf_run(r, q, p, scratch, lengths);
}

const ccd_option ccd_inclusion_options[CCD_INCL_OPT_COUNT] = {
    [CCD_INCL_OPT_DELTA] = {"delta", CCD_OPTION_DOUBLE, {.d = 1e-6}, {.d = DBL_TRUE_MIN},
                            {.d = DBL_MAX}, NULL, "distance tolerance: boxes narrower than delta / length are roots"},
    [CCD_INCL_OPT_MAX_CHECKS] = {"max_checks", CCD_OPTION_INTEGER, {.i = -1},
                                 {.i = LONG_MIN}, {.i = LONG_MAX}, NULL,
                                 "checks before stopping early; negative: no limit"},
};

const ccd_method ccd_method_irf = {
    .name = "irf",
    .summary = "interval root finder on F(t,u,v), outward-rounded intervals (Snyder 1992)",
    .caps = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE,
    .vertex_face = irf_vertex_face,
    .edge_edge = irf_edge_edge,
    .scratch_new = irf_scratch_new,
    .scratch_free = irf_scratch_free,
    .options = ccd_inclusion_options,
    .option_count = CCD_INCL_OPT_COUNT,
};
