/* SPDX-License-Identifier: MIT */
/*
 * IRF — the multivariate interval root finder of Snyder [34] applied to the CCD
 * function F(t, u, v) of Wang et al. 2021 eqs. (1)–(2), as benchmarked in Wang et al. 2021 §4.2.
 *
 * Both kinds are written as F = A(t) + u B(t) + v C(t), each term a difference of
 * linearly moving points:
 *   VF: A = p - v1, B = v1 - v2, C = v1 - v3     on [0, t_max] × {u, v ≥ 0, u + v ≤ 1}
 *   EE: A = p1 - p3, B = p2 - p1, C = p3 - p4    on [0, t_max] × [0, 1]²
 * A box I = T × U × V is discarded when the outward-rounded interval extension
 * F(I) (src/methods/interval.h) excludes 0 in some coordinate; otherwise it is
 * bisected, one dimension wider than δ at a time in round-robin order (Algorithm 1
 * of Wang et al. 2021 §5.1).  A box whose every width is below δ is a root box: the
 * method reports a collision.
 *
 * Boxes are visited best-first by the lower end of their time interval, so the
 * first root box found has the smallest t_lo of all boxes not yet excluded, and
 * t_lo is a lower bound of the earliest time of impact (conservative).  When
 * max_checks boxes have been examined the method stops and reports a collision
 * at the smallest t_lo still pending (hit_max_checks = 1).
 * Conservative: F(I) contains F(x) for every x in I, rounding included.
 */
#include <config.h>

#include "methods/builtin.h"
#include "methods/interval_query.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

typedef struct irf_box {
    double lo[3], hi[3]; /* t, u, v */
    int last_split;      /* dimension split to create this box, -1 for the root */
} irf_box;

/* Per-thread scratch: a binary min-heap of boxes keyed by lo[0]. */
typedef struct irf_heap {
    irf_box *items;
    size_t count, capacity;
} irf_heap;

static void *irf_scratch_new(void)
{
    return calloc(1, sizeof(irf_heap));
}

static void irf_scratch_free(void *s)
{
    irf_heap *h = s;
    if (h)
        free(h->items);
    free(h);
}

static int heap_push(irf_heap *h, const irf_box *b)
{
    if (h->count == h->capacity) {
        size_t cap = h->capacity ? 2 * h->capacity : 256;
        irf_box *grown = realloc(h->items, cap * sizeof *grown);
        if (!grown)
            return 0;
        h->items = grown;
        h->capacity = cap;
    }
    size_t i = h->count++;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (h->items[parent].lo[0] <= b->lo[0])
            break;
        h->items[i] = h->items[parent];
        i = parent;
    }
    h->items[i] = *b;
    return 1;
}

static irf_box heap_pop(irf_heap *h)
{
    irf_box top = h->items[0];
    irf_box last = h->items[--h->count];
    size_t i = 0;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= h->count)
            break;
        if (child + 1 < h->count && h->items[child + 1].lo[0] < h->items[child].lo[0])
            child++;
        if (last.lo[0] <= h->items[child].lo[0])
            break;
        h->items[i] = h->items[child];
        i = child;
    }
    if (h->count > 0)
        h->items[i] = last;
    return top;
}

/* F = A(t) + u B(t) + v C(t), per axis. */
typedef struct irf_function {
    ccd_interval_linear a[3], b[3], c[3];
} irf_function;

static int box_may_contain_root(const irf_function *f, const irf_box *box)
{
    ccd_interval t = {box->lo[0], box->hi[0]};
    ccd_interval u = {box->lo[1], box->hi[1]};
    ccd_interval v = {box->lo[2], box->hi[2]};
    for (int k = 0; k < 3; k++) {
        ccd_interval value = interval_add(
            interval_add(interval_linear_at(&f->a[k], t),
                         interval_mul(u, interval_linear_at(&f->b[k], t))),
            interval_mul(v, interval_linear_at(&f->c[k], t)));
        if (!interval_contains_zero(value))
            return 0;
    }
    return 1;
}

/* VF domain: the box meets {u + v ≤ 1} unless u_lo + v_lo > 1 (rounded down). */
static int meets_triangle(const irf_box *b)
{
    return interval_next_down(b->lo[1] + b->lo[2]) <= 1.0;
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

static ccd_status irf_solve(ccd_result *r, const irf_function *f, int triangle_domain,
                            const ccd_params *p, irf_heap *heap)
{
    const double delta = ccd_option_double(p, &ccd_method_irf, CCD_INCL_OPT_DELTA);
    const long max_checks = ccd_option_int(p, &ccd_method_irf, CCD_INCL_OPT_MAX_CHECKS);
    heap->count = 0;
    irf_box root = {{0, 0, 0}, {p->t_max, 1, 1}, -1};
    if (!heap_push(heap, &root))
        return CCD_ERR_INTERNAL;
    long checks = 0;
    while (heap->count > 0) {
        if (max_checks >= 0 && checks >= max_checks) {
            /* The heap's minimum t_lo bounds every root not yet excluded. */
            report(r, 1, heap->items[0].lo[0], delta, checks, 1);
            return CCD_OK;
        }
        irf_box box = heap_pop(heap);
        checks++;
        if (!box_may_contain_root(f, &box))
            continue;
        double width[3], widest = 0;
        for (int d = 0; d < 3; d++) {
            width[d] = box.hi[d] - box.lo[d];
            widest = width[d] > widest ? width[d] : widest;
        }
        int split = 0;
        for (int i = 1; i <= 3; i++) {
            split = (box.last_split + i + 3) % 3;
            if (width[split] >= delta)
                break;
        }
        /* Any mid in [lo, hi] keeps the two halves an exact cover of the box. */
        double mid = box.lo[split] + 0.5 * width[split];
        /* Below δ, or a dimension no double can split any more: a root box. */
        if (widest < delta || !(mid > box.lo[split] && mid < box.hi[split])) {
            report(r, 1, box.lo[0], widest, checks, 0);
            return CCD_OK;
        }
        irf_box halves[2] = {box, box};
        halves[0].hi[split] = mid;
        halves[1].lo[split] = mid;
        for (int h = 0; h < 2; h++) {
            halves[h].last_split = split;
            if (triangle_domain && !meets_triangle(&halves[h]))
                continue;
            if (!heap_push(heap, &halves[h]))
                return CCD_ERR_INTERNAL;
        }
    }
    report(r, 0, INFINITY, 0, checks, 0);
    return CCD_OK;
}

static ccd_status irf_run(ccd_result *r, const ccd_query *q, const ccd_params *p, void *scratch,
                          int a_to, int a_from, int b_to, int b_from, int c_to, int c_from)
{
    irf_function f;
    interval_query_difference(f.a, q, a_to, a_from);
    interval_query_difference(f.b, q, b_to, b_from);
    interval_query_difference(f.c, q, c_to, c_from);
    irf_heap local = {0};
    irf_heap *heap = scratch ? scratch : &local;
    ccd_status s = irf_solve(r, &f, q->kind == CCD_VF, p, heap);
    if (!scratch)
        free(local.items);
    return s;
}

static ccd_status irf_vertex_face(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                  void *scratch)
{
    /* rows: 0 = p, 1 = v1, 2 = v2, 3 = v3 */
    return irf_run(r, q, p, scratch, 0, 1, 1, 2, 1, 3);
}

static ccd_status irf_edge_edge(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                void *scratch)
{
    /* rows: 0 = p1, 1 = p2, 2 = p3, 3 = p4 */
    return irf_run(r, q, p, scratch, 0, 2, 1, 0, 2, 3);
}

const ccd_option ccd_inclusion_options[CCD_INCL_OPT_COUNT] = {
    [CCD_INCL_OPT_DELTA] = {"delta", CCD_OPTION_DOUBLE, {.d = 1e-6}, {.d = DBL_TRUE_MIN},
                            {.d = DBL_MAX}, NULL, "stop splitting below this interval width"},
    [CCD_INCL_OPT_MAX_CHECKS] = {"max_checks", CCD_OPTION_INTEGER, {.i = 1000000},
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
