/* SPDX-License-Identifier: MIT */
/*
 * The search of Wang et al. 2021 Algorithm 2 over boxes I = I_t × I_u × I_v ⊆ [0,1]^3.
 *
 * Boxes are kept exact: every bound is a dyadic k·2^-n with n ≤ 53 per dimension, so
 * bounds, midpoints and widths are doubles without rounding (TI_MAX_DEPTH).  The time
 * coordinate is a fraction s of the window [0, t_max]; the kernels see t = fl(s·t_max),
 * a monotone map with fl(0) = 0 and fl(t_max) = t_max, so neighbouring boxes share
 * their boundary times and the evaluated boxes still tile [0, t_max].
 *
 * The split rule (eq. 6–7) depends only on a box's widths, and all boxes start from the
 * same root, so all boxes of one level have the same shape (n_t, n_u, n_v) and the
 * level is n_t + n_u + n_v.  The priority order (level, then t) therefore needs no
 * heap: a level is a t-sorted array of the boxes' corner integers, and the next level
 * is written over it, again in t order (tight_inclusion_level.c).
 *
 * The earliest-first search walks the same tree of boxes (same root, same split rule)
 * in another order: smallest t first, a 4-ary heap of boxes of mixed shapes.
 */
#include <config.h>

#include "methods/tight_inclusion.h"

#include "core/assert.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Finest dyadic level per dimension: k·2^-53 with k ≤ 2^53 is a double, and so is
 * every sum or difference of two such numbers in [0, 1]. */
#define TI_MAX_DEPTH 53

/* stop=prove tries the bracket [t_lo, t_lo + tol_t] only on levels whose boxes are at
 * most STOP_SPAN·tol_t wide in t: on n-body at d = 1e-2 (checks 781.8 M with
 * stop=boxes) it saved as much at 8 as at no limit (739.8 M / 740.1 M, 1.0 M at 1),
 * with fewer attempts. */
#define STOP_SPAN 8.0

typedef struct ti_box {
    double t, u, v; /* lower corner; t in units of the window (s ∈ [0, 1]) */
} ti_box;

/* A box of the earliest-first search: lower corner and widths 2^-n. */
typedef struct ti_node {
    ti_box b;
    signed char n[3];
} ti_node;

typedef struct ti_heap {
    ti_node *at;
    size_t count, capacity;
    size_t high;  /* the most nodes held since ccd_ti_scratch_settle */
    double floor; /* the search's s_floor: a box's key is max(t, floor) (node_before) */
} ti_heap;

struct ccd_ti_scratch {
    ccd_ti_level level; /* the level search's boxes                         */
    ti_heap front;      /* the earliest-first search's pending boxes          */
    size_t idle;        /* queries since one needed more than TI_SCRATCH_KEEP */
};

/* A heavy query's level grows to megabytes (6.7 MB at most on the shared data,
 * under a minimum separation; 3.4 MB at d = 0), which its thread then held for the
 * rest of the run.  Freed after every query, the buffers cost a third more time on
 * the shared data: its heavy queries come in clusters (a few files), each query
 * paying again for the pages of the one before.  So the buffers are kept while
 * heavy queries come, and freed down to TI_SCRATCH_KEEP once TI_SCRATCH_IDLE
 * queries in a row have needed less. */
enum { TI_SCRATCH_KEEP = 1 << 20, TI_SCRATCH_IDLE = 256 };

static size_t front_bytes(const ti_heap *h)
{
    return h->capacity * sizeof *h->at;
}

size_t ccd_ti_scratch_bytes(const ccd_ti_scratch *s)
{
    return ccd_ti_level_bytes(&s->level) + front_bytes(&s->front);
}

void ccd_ti_scratch_settle(ccd_ti_scratch *s)
{
    const size_t used = ccd_ti_level_high_bytes(&s->level) + s->front.high * sizeof *s->front.at;
    size_t keep = SIZE_MAX; /* the buffers stay */
    if (used > TI_SCRATCH_KEEP)
        s->idle = 0;
    else if (ccd_ti_scratch_bytes(s) > TI_SCRATCH_KEEP && ++s->idle >= TI_SCRATCH_IDLE)
        keep = TI_SCRATCH_KEEP, s->idle = 0;
    ccd_ti_level_settle(&s->level, keep);
    s->front.high = 0;
    if (front_bytes(&s->front) > keep) {
        free(s->front.at);
        s->front.at = NULL;
        s->front.count = s->front.capacity = 0;
    }
    CCD_ASSERT(keep == SIZE_MAX || ccd_ti_scratch_bytes(s) <= 2 * (size_t)TI_SCRATCH_KEEP);
}

ccd_ti_scratch *ccd_ti_scratch_new(void)
{
    return calloc(1, sizeof(ccd_ti_scratch));
}

void ccd_ti_scratch_free(ccd_ti_scratch *s)
{
    if (!s)
        return;
    ccd_ti_level_free(&s->level);
    free(s->front.at);
    free(s);
}

/* ------------------------------------------------------------ split rule */

typedef struct ti_shape {
    int n[3];     /* widths 2^-n of t, u, v */
    double w[3];  /* the widths themselves  */
} ti_shape;

/* 2^-n for 0 ≤ n ≤ TI_MAX_DEPTH, exactly: the biased exponent 1023 − n, a zero
 * mantissa (ldexp is a libm call, and shape_set ran it three times a box: a tenth of
 * the time of a search that keeps many boxes pending). */
static inline double pow2_neg(int n)
{
    CCD_ASSERT(n >= 0 && n <= TI_MAX_DEPTH);
    const uint64_t bits = (uint64_t)(1023 - n) << 52;
    double w;
    memcpy(&w, &bits, sizeof w);
    return w;
}

static void shape_set(ti_shape *sh, int nt, int nu, int nv)
{
    /* split_dimension never halves a width below 2^-TI_MAX_DEPTH: exact widths */
    CCD_ASSERT(nt >= 0 && nt <= TI_MAX_DEPTH && nu >= 0 && nu <= TI_MAX_DEPTH &&
               nv >= 0 && nv <= TI_MAX_DEPTH);
    sh->n[0] = nt, sh->n[1] = nu, sh->n[2] = nv;
    for (int k = 0; k < 3; ++k)
        sh->w[k] = pow2_neg(sh->n[k]);
}

/* Dimension to bisect (0 t, 1 u, 2 v), or -1 when the box is small enough: among the
 * dimensions whose width exceeds tol_k = δ/κ_k (and that can still be halved
 * exactly), the one with the largest w_k/tol_k = w_k·κ_k/δ, ties to t then u then v
 * (Algorithm 2, split). */
static int split_dimension(const ti_shape *sh, const ccd_ti_query *tq, const double tol[3])
{
    int best = -1;
    double best_c = 0.0;
    for (int k = 0; k < 3; ++k) {
        if (sh->n[k] >= TI_MAX_DEPTH || !(sh->w[k] > tol[k]))
            continue;
        const double c = sh->w[k] * tq->kappa[k];
        if (best < 0 || c > best_c)
            best = k, best_c = c;
    }
    return best;
}

/* Upper bound of the codomain width of a box of this shape (proof of Prop. 2). */
static double shape_tolerance(const ti_shape *sh, const ccd_ti_query *tq)
{
    return (sh->w[0] * tq->kappa[0] + sh->w[1] * tq->kappa[1] + sh->w[2] * tq->kappa[2]) / 3.0;
}

static void tolerances(double tol[3], const ccd_ti_query *tq, double delta)
{
    for (int k = 0; k < 3; ++k)
        tol[k] = tq->kappa[k] > 0.0 ? delta / tq->kappa[k] : INFINITY;
}

/* Box i of a level of shape sh: k · 2^-n, exact (k < 2^53). */
static inline ti_box box_at(const ccd_ti_level *l, const ti_shape *sh, size_t i)
{
    uint64_t k[3];
    ccd_ti_level_box(k, l, i);
    return (ti_box){(double)k[0] * sh->w[0], (double)k[1] * sh->w[1], (double)k[2] * sh->w[2]};
}

static inline double time_of(const ccd_ti_query *tq, double s)
{
    return s * tq->t_max; /* exact when t_max = 1 */
}

/* How the directions test has fared on this query (exclude=directions). */
typedef struct ti_dir_stats {
    long seen, tried, dropped;
} ti_dir_stats;

/* The test costs several kernel calls, and where the contact region is a volume
 * (large d) it almost never drops anything: after 64 tries it is only run while it
 * drops at least one box in 16, plus on every 64th box as a probe.  Skipping it is
 * always sound (it only ever drops boxes). */
static inline int directions_worth_trying(ti_dir_stats *ds)
{
    ++ds->seen;
    return ds->tried < 64 || 16 * ds->dropped >= ds->tried || (ds->seen & 63) == 0;
}

/* check_box's answer for a box the axes keep and a direction drops (no CCD_TI_HIT:
 * the box holds no root). */
enum { TI_DROPPED = 4u };

/* The kernel's axis test; a box it keeps (and that is not inside the ε-box, where
 * |F̂_i| ≤ T_i at every corner so no direction can certify it) is then tested against
 * separating directions when tq->exclude asks.  Both tests only drop boxes without a
 * contact (tight_inclusion_filter.md, tight_inclusion_directions.c), so the tree walked
 * is a subtree of the axes' one; a box a direction drops is TI_DROPPED. */
static inline unsigned check_box(const ccd_ti_query *tq, const ti_box *b, const ti_shape *sh,
                                 ti_dir_stats *ds)
{
    if (b->t + sh->w[0] <= tq->s_floor)
        return 0; /* certified free of contacts by the time advance (option advance) */
    const double t0 = time_of(tq, b->t), t1 = time_of(tq, b->t + sh->w[0]);
    const unsigned hit =
        tq->kernel(tq, t0, t1, b->u, b->u + sh->w[1], b->v, b->v + sh->w[2]);
    if ((hit & CCD_TI_HIT) && !(hit & CCD_TI_INSIDE) &&
        tq->exclude == CCD_TI_EXCLUDE_DIRECTIONS && directions_worth_trying(ds)) {
        ++ds->tried;
        if (ccd_ti_excluded_by_directions(tq, t0, t1, b->u, b->u + sh->w[1], b->v,
                                          b->v + sh->w[2])) {
            ++ds->dropped;
            return TI_DROPPED;
        }
    }
    return hit;
}

/* VF: keep a child only if it meets the triangle u, v ≥ 0, u + v ≤ 1.  The rounded sum
 * is monotone, so an exact sum ≤ 1 is never rounded above 1 (conservative). */
static inline int in_domain(const ccd_ti_query *tq, double u, double v)
{
    return tq->kind != CCD_VF || u + v <= 1.0;
}

static void result_collision(ccd_result *r, const ccd_ti_query *tq, double s, double tolerance,
                             long checks, int hit_max)
{
    r->collides = 1;
    r->toi = time_of(tq, s);
    r->toi_upper = r->toi;
    r->tolerance = tolerance;
    r->checks = checks;
    r->hit_max_checks = hit_max;
}

static void result_none(ccd_result *r, long checks)
{
    r->collides = 0;
    r->toi = INFINITY;
    r->toi_upper = INFINITY;
    r->tolerance = 0.0;
    r->checks = checks;
    r->hit_max_checks = 0;
}

static ccd_status earliest_from(ccd_result *r, const ccd_ti_query *tq, const double tol[3],
                                long max_checks, long checks, double found, double found_tol,
                                ti_heap *front);
static int heap_push(ti_heap *h, ti_node e);

/* ------------------------------------------------------------ breadth first (Algorithm 2) */

/*
 * Per level, boxes are checked in t order.  The first colliding box of a level fixes
 * I_f (line 11).  A colliding box that is small (w_k ≤ tol_k) or inside the ε-box
 * ends the search if it is the first of its level (line 17).  Unlike line 15–17 of the
 * paper, such a box that is *not* first is not dropped: an earlier, larger box of the
 * level may prove empty at finer levels, so the box's t is kept as `found` (a
 * certified candidate), later boxes starting at or after it are skipped, and the
 * search ends with min(I_f, found) at m_I (line 13) or with `found` when the queue
 * empties.  Every root lies in a kept box, a skipped box (t ≥ found) or a box with
 * t ≥ I_f, so the result is a lower bound of the earliest root.
 * As in line 12, m_I is tested at colliding boxes: the non-colliding boxes that follow
 * the m_I-th check are still checked (at most the rest of the level and its children).
 *
 * stop=prove (tq->stop, d > ε) adds a second stopping rule, the bracket of the
 * earliest-first search below applied per level: at the level's first colliding box b
 * (toi ≥ b.t, see above), a contact proven at a time s_c ≤ b.t + tol_t
 * (ccd_ti_contact_at_time, tight_inclusion_stop.c) ends the search with toi = b.t and
 * toi_upper = s_c.  The contact is real, so the decision is a collision either way
 * (every box containing it meets the d-cube and is kept): it never adds a false
 * positive or negative and never reports a later toi.  At large d the earliest contact
 * is often a segment reached all at once; the box rule needs every box along it small
 * in u and v, the proof needs one point.  When that bracket is not proven, a contact
 * proven at b's end s_e = b.t + w_t sets found = s_e: a real root at s_e, so boxes
 * starting at or after it hold no earlier root and are skipped as above; if every box
 * before s_e is then dropped, toi = s_e exactly (reported as found).
 */
ccd_status ccd_ti_search_bfs(ccd_result *r, const ccd_ti_query *tq, double delta, long max_checks,
                             ccd_ti_scratch *s)
{
    double tol[3];
    tolerances(tol, tq, delta);

    ti_shape sh;
    shape_set(&sh, 0, 0, 0);
    ccd_ti_level *level = &s->level;
    if (!ccd_ti_level_root(level))
        return CCD_ERR_INTERNAL;

    long checks = 0;
    ti_dir_stats ds = {0, 0, 0};
    double found = INFINITY, found_tol = 0.0;
    /* stop=prove (d > ε only): tried once per distinct lower bound t_lo, so it costs
     * at most one attempt (counted as one check) per level */
    const int provable = tq->stop == CCD_TI_STOP_PROVE && tq->proof[0] >= 0.0 &&
                         tq->proof[1] >= 0.0 && tq->proof[2] >= 0.0;
    double tried = -1.0; /* the last t_lo tried */
    for (;;) {
        const int split = split_dimension(&sh, tq, tol);
        const double tolerance = shape_tolerance(&sh, tq);
        const size_t n = level->count;
        if (split >= 0 && !ccd_ti_level_ready(level))
            return CCD_ERR_INTERNAL;
        size_t kept = 0; /* boxes split so far: their halves make the next level */
        const double half = split >= 0 ? sh.w[split] / 2.0 : 0.0;
        int first = 1;       /* no colliding box yet on this level */
        double first_t = 0.0; /* I_f */

        for (size_t i = 0; i < n; ++i) {
            const ti_box b = box_at(level, &sh, i);
            if (b.t >= found)
                break; /* sorted by t: the rest of the level cannot be earlier */
            const unsigned hit = check_box(tq, &b, &sh, &ds);
            ++checks;
            if (!(hit & CCD_TI_HIT))
                continue;
            const int is_first = first;
            if (first)
                first = 0, first_t = b.t;
            /* stop=prove, only on boxes at most STOP_SPAN·tol_t wide in t: an attempt
             * costs a few µs, and tried at every level's first box it made small d
             * (1e-8, 1e-6) 1.5–3× slower */
            if (is_first && split >= 0 && !(hit & CCD_TI_INSIDE) && provable && b.t != tried &&
                sh.w[0] <= STOP_SPAN * tol[0]) {
                /* every root is in a box of this level at or after b (the boxes before
                 * it miss the d-cube) or at t ≥ found > b.t, so toi ≥ b.t */
                tried = b.t;
                const double s_end = b.t + sh.w[0]; /* exact: dyadic, ≤ 1 */
                double s_tau = b.t + tol[0];
                if (s_tau - b.t > tol[0]) /* the sum rounded up: stay within tol_t */
                    s_tau = nextafter(s_tau, 0.0);
                s_tau = fmin(s_tau, s_end);
                double uv[2];
                /* a contact proven at s_tau ≤ b.t + tol_t brackets toi in [b.t, s_tau] */
                ++checks;
                if (ccd_ti_contact_at_time(uv, tq, time_of(tq, s_tau))) {
                    result_collision(r, tq, b.t, tolerance, checks, 0);
                    r->toi_upper = time_of(tq, s_tau);
                    return CCD_OK;
                }
                /* a contact proven at the box's end: toi ≤ s_end, so boxes starting
                 * at or after it hold no earlier root (found, a real contact) */
                if (s_tau < s_end && s_end < found) {
                    ++checks;
                    if (ccd_ti_contact_at_time(uv, tq, time_of(tq, s_end)))
                        found = s_end, found_tol = tolerance;
                }
            }
            if (split < 0 || (hit & CCD_TI_INSIDE)) {
                if (is_first) {
                    result_collision(r, tq, b.t, tolerance, checks, 0);
                    return CCD_OK;
                }
                CCD_ASSERT(b.t < found); /* checked at the top of the loop */
                found = b.t, found_tol = tolerance;
            } else if (split == 0) { /* the upper half only if it can be earlier */
                ccd_ti_level_keep(level, kept++, i, b.t + half < found);
            } else if (split == 1) {
                ccd_ti_level_keep(level, kept++, i, in_domain(tq, b.u + half, b.v));
            } else {
                ccd_ti_level_keep(level, kept++, i, in_domain(tq, b.u, b.v + half));
            }
            if (max_checks >= 0 && checks >= max_checks) { /* line 12–13 */
                if (first_t < found)
                    result_collision(r, tq, first_t, tolerance, checks, 1);
                else
                    result_collision(r, tq, found, found_tol, checks, 1);
                return CCD_OK;
            }
        }
        if (split < 0 || kept == 0)
            break;

        /* Next level: the halves of the kept boxes, in t order, in place. */
        if (!ccd_ti_level_split(level, kept, split))
            return CCD_ERR_INTERNAL;
        sh.n[split] += 1;
        shape_set(&sh, sh.n[0], sh.n[1], sh.n[2]);
        CCD_ASSERT(level->n[0] == sh.n[0] && level->n[1] == sh.n[1] && level->n[2] == sh.n[2]);
        /* the next level is sorted by t, which the early exits above rely on */
        for (size_t i = 1; i < level->count; ++i)
            CCD_ASSERT(box_at(level, &sh, i - 1).t <= box_at(level, &sh, i).t);
        /* search=adaptive: a level this wide holds a continuum of contacts (a segment
         * or face reached over a span of time, the degenerate cases); the level
         * search would refine all of it to the tolerance, the earliest-first search
         * refines its earliest end.  The level's boxes cover every root not at or
         * after `found` (see above), so the earliest-first search goes on from them
         * with the same tree, the same checks spent and the same `found`. */
        if (tq->level_max && level->count > tq->level_max) {
            ti_heap *front = &s->front;
            front->count = 0;
            front->floor = tq->s_floor;
            for (size_t i = 0; i < level->count; ++i)
                if (!heap_push(front, (ti_node){box_at(level, &sh, i), {(signed char)sh.n[0],
                                                               (signed char)sh.n[1],
                                                               (signed char)sh.n[2]}}))
                    return CCD_ERR_INTERNAL;
            return earliest_from(r, tq, tol, max_checks, checks, found, found_tol, front);
        }
    }
    if (found < INFINITY)
        result_collision(r, tq, found, found_tol, checks, 0);
    else
        result_none(r, checks);
    return CCD_OK;
}

/* ------------------------------------------------------------ earliest first */

/* Heap order: smaller t first; at equal t the deeper box (more halvings), which is
 * the one closest to ending the search; then smaller u, v, and the shape (a total
 * order on distinct boxes, so the walk is the same on every machine).  In the heap a
 * box's t is its key max(t, floor) (heap_push, heap_pop): no root lies before the
 * floor, so every box that spans it starts, as far as roots go, at the floor. */
static int node_before(const ti_node *a, const ti_node *b)
{
    if (a->b.t != b->b.t)
        return a->b.t < b->b.t;
    const int la = a->n[0] + a->n[1] + a->n[2], lb = b->n[0] + b->n[1] + b->n[2];
    if (la != lb)
        return la > lb;
    if (a->b.u != b->b.u)
        return a->b.u < b->b.u;
    if (a->b.v != b->b.v)
        return a->b.v < b->b.v;
    return a->n[0] < b->n[0]; /* never decides (see the heap below); kept total */
}

/* The box as the heap holds it: t replaced by its key max(t, floor). */
static inline ti_node node_keyed(ti_node e, double floor)
{
    if (e.b.t < floor)
        e.b.t = floor;
    return e;
}

/* A 4-ary heap: half the depth of a binary one, and a node's children share a cache
 * line or two, so a pop's sift-down misses the cache half as often on the hundreds of
 * thousands of boxes a continuum of contacts keeps pending.  node_before is a strict
 * total order on pending boxes, which are disjoint: two with the same key, u and v
 * both hold the point (key, u, v) — both start there, or both span the floor — so
 * they are the same box.  The boxes come out in the same order whatever the heap's
 * shape. */
enum { HEAP_ARITY = 4 };

static int heap_push(ti_heap *h, ti_node e)
{
    if (e.b.t < h->floor) {
        if (e.b.t + pow2_neg(e.n[0]) <= h->floor)
            return 1; /* ends before the floor: no root (as check_box drops it) */
        e.b.t = h->floor; /* the key, max(t, floor); heap_pop gives the box its t back */
    }
    if (h->count == h->capacity) {
        size_t cap = h->capacity ? 2 * h->capacity : 256;
        ti_node *p = realloc(h->at, cap * sizeof *p);
        if (!p)
            return 0;
        h->at = p, h->capacity = cap;
    }
    size_t i = h->count++;
    h->high = h->count > h->high ? h->count : h->high;
    while (i > 0 && node_before(&e, &h->at[(i - 1) / HEAP_ARITY])) {
        h->at[i] = h->at[(i - 1) / HEAP_ARITY];
        i = (i - 1) / HEAP_ARITY;
    }
    h->at[i] = e;
    return 1;
}

/* Whether e, not in the heap, comes before every box in it (an invariant's check). */
static inline int before_heap(const ti_heap *h, ti_node e)
{
    const ti_node key = node_keyed(e, h->floor);
    return h->count == 0 || node_before(&key, &h->at[0]);
}

static ti_node heap_pop(ti_heap *h)
{
    CCD_ASSERT(h->count > 0);
    ti_node top = h->at[0];
    const ti_node last = h->at[--h->count];
    size_t i = 0;
    for (;;) {
        const size_t first = HEAP_ARITY * i + 1;
        if (first >= h->count)
            break;
        const size_t end = first + HEAP_ARITY < h->count ? first + HEAP_ARITY : h->count;
        size_t c = first;
        for (size_t k = first + 1; k < end; ++k)
            if (node_before(&h->at[k], &h->at[c]))
                c = k;
        if (!node_before(&h->at[c], &last))
            break;
        h->at[i] = h->at[c];
        i = c;
    }
    if (h->count > 0)
        h->at[i] = last;
    if (top.b.t == h->floor && h->floor > 0.0) {
        /* a box at the floor starts at the last multiple of its width w = 2^-n_t at
         * or before it (itself if it starts there; none ends before it, heap_push):
         * exact, a division and a product by a power of two and floor() */
        const double w = pow2_neg(top.n[0]);
        top.b.t = floor(top.b.t / w) * w;
    }
    return top;
}

/* |F̂(t, u, v)| ≤ P on every axis, (u, v) in the domain: a contact within d at t,
 * exactly (|F| ≤ |F̂| + ε ≤ d).  u, v are box centres: dyadic, sums exact. */
static int contact_proven(const ccd_ti_query *tq, double t, double u, double v)
{
    if (tq->kind == CCD_VF && !(u <= 1.0 - v))
        return 0;
    double f[3];
    ccd_ti_corner_value(f, tq, t, u, v);
    return fabs(f[0]) <= tq->proof[0] && fabs(f[1]) <= tq->proof[1] &&
           fabs(f[2]) <= tq->proof[2];
}

/* The two halves of node e (shape sh) across dimension split (0: t, 1: u, 2: v):
 * exact, the bounds being dyadic (TI_MAX_DEPTH). */
static void node_split(ti_node *lo, ti_node *hi, const ti_node *e, const ti_shape *sh, int split)
{
    CCD_ASSERT(split >= 0 && split < 3);
    *lo = *hi = *e;
    hi->n[split] = lo->n[split] = (signed char)(e->n[split] + 1);
    const double half = sh->w[split] / 2.0;
    if (split == 0)
        hi->b.t += half;
    else if (split == 1)
        hi->b.u += half;
    else
        hi->b.v += half;
}

/*
 * Boxes are taken in order of their lower time bound t (a box is checked when taken,
 * not when made).  Invariant: every root of the query in [0, t_max] lies in a box of
 * the heap or in the box being checked (the root box covers the domain; a dropped box
 * misses the d-cube, tight_inclusion_filter.md; a split box's halves are pushed).  The
 * box taken has the smallest t of all, so when it meets the d-cube and is small
 * (w_k ≤ tol_k) or inside the ε-box, its t is ≤ every root: reported as toi, the same
 * stopping rule as Algorithm 2 line 17 with "first of its level" replaced by "first in
 * t of all pending boxes".  At m_I (tested at colliding boxes, as line 12) the box
 * taken still bounds every root from below.
 *
 * After the time advance (tq->s_floor > 0: no root before it) "t" is max(t, s_floor):
 * the argument above holds with roots ≥ s_floor, and the box taken still has t ≤ its
 * key ≤ every root.  It matters for the continua that send a query here: two edges
 * that slide along each other within ε (erleben-cube-cliff-edges; the parallel and
 * zero-area families of `ccdbench gen`) make every box along the segment whose time
 * span holds the touch collide.  The advance clears time up to the touch, but the
 * boxes across it keep their earlier t, all different (one per width 2^-n_t), and
 * taken by t each was refined in u and v to the tolerance, along the whole segment,
 * before any box at a later t (10^6 checks, m_I: 6 queries of the shared data at
 * d = 0, 780 of the generated families).  By key they all start at s_floor, the
 * deeper first: the search follows one box down to the touch in a few dozen checks.
 *
 * A second stopping rule brackets the earliest contact from above (d > ε only): for
 * each colliding box taken, F at its latest time and central (u, v) is evaluated with
 * the kernels' operations (ccd_ti_corner_value); |F̂| ≤ P = d − ε (rounded inward,
 * ccd_ti_proof_bound) on every axis proves a contact at that time, so the earliest
 * contact lies in [t, U] with U the earliest proven time.  When U − t ≤ tol_t = δ/κ_t
 * (over [t, U] F moves by at most κ_t/3·tol_t ≤ δ/3 per axis, the width the box rule
 * asks of a box) the search ends with toi = t and toi_upper = U.  At large d the
 * earliest contact is often a face or an edge of contact reached all at once (a
 * vertex moving towards a face: every (u, v) near it comes within d at the same t);
 * the box rule then needs every box of that face small, the bracket needs one.
 *
 * The tree of boxes is that of the level-by-level search (the split depends only on a
 * box's widths), and both stop at the first colliding box that is small or inside; so
 * without m_I both report a collision exactly when the tree has such a box, and no
 * collision after checking the whole (pruned) tree.  A proven contact is within d, and
 * every box on the way to it meets the d-cube, so the bracket only ends earlier a
 * search that reports a collision anyway.  Only the order differs: boxes
 * behind the earliest contact are never checked here, while a level holds every
 * colliding box of the tree at that depth; at large d that is the whole contact
 * volume.
 */
ccd_status ccd_ti_search_earliest(ccd_result *r, const ccd_ti_query *tq, double delta,
                                  long max_checks, ccd_ti_scratch *s)
{
    double tol[3];
    tolerances(tol, tq, delta);
    ti_heap *front = &s->front;
    front->count = 0;
    front->floor = tq->s_floor;
    if (!heap_push(front, (ti_node){{0.0, 0.0, 0.0}, {0, 0, 0}}))
        return CCD_ERR_INTERNAL;
    return earliest_from(r, tq, tol, max_checks, 0, INFINITY, 0.0, front);
}

/* The earliest-first search from the boxes of front (every root in [0, t_max] lies in
 * one of them or at or after `found`, a certified small colliding box's t with its
 * tolerance, INFINITY: none), `checks` already spent. */
static ccd_status earliest_from(ccd_result *r, const ccd_ti_query *tq_in, const double tol[3],
                                long max_checks, long checks, double found, double found_tol,
                                ti_heap *front)
{
    ccd_ti_query hq;
    const ccd_ti_query *tq = tq_in;
    if (tq_in->exclude == CCD_TI_EXCLUDE_ADAPTIVE) {
        hq = *tq_in;
        hq.exclude = CCD_TI_EXCLUDE_DIRECTIONS;
        tq = &hq;
    }
    const int provable = tq->proof[0] >= 0.0 && tq->proof[1] >= 0.0 && tq->proof[2] >= 0.0;
    double proven = INFINITY; /* U: earliest proven contact, in units of the window */
    ti_dir_stats ds = {0, 0, 0};
    ti_shape sh;
    /* The lower half of a split box is always the next box taken: it has the smallest
     * t (that of the box just taken, which no pending box precedes) and is one level
     * deeper than every pending box of that t (a deeper one would have been taken
     * first); so it skips the heap (`next`), the order and the result unchanged, at
     * half the heap operations (a continuum of contacts at d = 0 keeps hundreds of
     * thousands of boxes pending, and the heap was most of the time). */
    ti_node next;
    int have_next = 0;
    while (have_next || front->count > 0) {
        CCD_ASSERT(!have_next || before_heap(front, next));
        const ti_node e = have_next ? next : heap_pop(front);
        have_next = 0;
        if ((e.b.t > front->floor ? e.b.t : front->floor) >= found) {
            /* no pending box is earlier than the certified one */
            result_collision(r, tq, found, found_tol, checks, 0);
            return CCD_OK;
        }
        shape_set(&sh, e.n[0], e.n[1], e.n[2]);
        if (proven < INFINITY && proven - e.b.t <= tol[0]) { /* [t, U] narrow enough */
            result_collision(r, tq, e.b.t, shape_tolerance(&sh, tq), checks, 0);
            r->toi_upper = time_of(tq, proven);
            return CCD_OK;
        }
        const unsigned hit = check_box(tq, &e.b, &sh, &ds);
        ++checks;
        if ((hit & TI_DROPPED) && e.b.t <= front->floor && front->floor > 0.0 &&
            split_dimension(&sh, tq, tol) < 0) {
            /* The floor stop.  After the time advance (floor > 0) no root lies
             * before the floor, so this box, which reaches it (t ≤ floor: its key
             * is the floor) and is small in every dimension, ends the search as the
             * axes, which keep it, end it: a collision at t ≤ floor, raised to the
             * cleared time by advance_then_search, a lower bound of the toi.  The
             * direction that drops it says only that the box itself holds no root;
             * going on for one that does cost checks and bought nothing: on
             * cloth-funnel EE query 138 the advance clears time to 0.41536947977,
             * the axes stop here after 5,511 checks, the directions went on for
             * 57,625 and reported the same toi.  Every box of smaller key was taken
             * before, so an earlier answer was not to be had; a later one (a tighter
             * toi) is given up only for boxes at the floor.  Measured over the shared
             * data at d = 0 with exclude=adaptive: the same false positives and the
             * same toi gaps but armadillo-rollers' (3.06e-7 → 3.17e-7 mean), and
             * cloth-funnel EE 434,381 → 240,089 checks (the axes: 314,286). */
            result_collision(r, tq, e.b.t, shape_tolerance(&sh, tq), checks, 0);
            return CCD_OK;
        }
        if (!(hit & CCD_TI_HIT))
            continue;
        const int split = split_dimension(&sh, tq, tol);
        if (split < 0 || (hit & CCD_TI_INSIDE)) {
            result_collision(r, tq, e.b.t, shape_tolerance(&sh, tq), checks, 0);
            return CCD_OK;
        }
        const double latest = e.b.t + sh.w[0];
        if (provable && latest < proven &&
            contact_proven(tq, time_of(tq, latest), e.b.u + sh.w[1] / 2.0, e.b.v + sh.w[2] / 2.0))
            proven = latest;
        if (max_checks >= 0 && checks >= max_checks) {
            /* e.t ≤ every pending t; the tolerance is the coarsest pending box's */
            double tolerance = shape_tolerance(&sh, tq);
            for (size_t i = 0; i < front->count; ++i) {
                ti_shape other;
                const ti_node *o = &front->at[i];
                shape_set(&other, o->n[0], o->n[1], o->n[2]);
                tolerance = fmax(tolerance, shape_tolerance(&other, tq));
            }
            result_collision(r, tq, e.b.t, tolerance, checks, 1);
            return CCD_OK;
        }
        ti_node hi;
        node_split(&next, &hi, &e, &sh, split);
        /* a lower half that ends before the floor holds no root (as in heap_push) */
        have_next = split != 0 || next.b.t + sh.w[0] / 2.0 > front->floor;
        if (in_domain(tq, hi.b.u, hi.b.v) && !heap_push(front, hi))
            return CCD_ERR_INTERNAL;
    }
    if (found < INFINITY)
        result_collision(r, tq, found, found_tol, checks, 0);
    else
        result_none(r, checks);
    return CCD_OK;
}

/* ------------------------------------------------------------ depth first (baseline) */

/*
 * The depth-first variant: lower halves first, stop at the first colliding box that is
 * small or inside the ε-box.  It decides collisions conservatively, but the reported t
 * is that of the first leaf reached, not necessarily the earliest (a split in u or v
 * explores one half over all t first).  With m_I, it stops conservatively at the
 * smallest t still pending.
 */
ccd_status ccd_ti_search_dfs(ccd_result *r, const ccd_ti_query *tq, double delta, long max_checks)
{
    double tol[3];
    tolerances(tol, tq, delta);
    /* Along a path each split leaves one sibling behind: ≤ 3·TI_MAX_DEPTH + 2 nodes. */
    enum { STACK_SIZE = 3 * TI_MAX_DEPTH + 4 };
    ti_node stack[STACK_SIZE];
    size_t top = 0;
    stack[top++] = (ti_node){{0.0, 0.0, 0.0}, {0, 0, 0}};
    long checks = 0;
    ti_dir_stats ds = {0, 0, 0}; /* tight-inclusion-dfs runs with exclude = axes */
    ti_shape sh;
    while (top > 0) {
        const ti_node e = stack[--top];
        shape_set(&sh, e.n[0], e.n[1], e.n[2]);
        const unsigned hit = check_box(tq, &e.b, &sh, &ds);
        ++checks;
        if (!(hit & CCD_TI_HIT))
            continue;
        const int split = split_dimension(&sh, tq, tol);
        if (split < 0 || (hit & CCD_TI_INSIDE)) {
            result_collision(r, tq, e.b.t, shape_tolerance(&sh, tq), checks, 0);
            return CCD_OK;
        }
        if (max_checks >= 0 && checks >= max_checks) {
            double t = e.b.t, tolerance = shape_tolerance(&sh, tq);
            for (size_t i = 0; i < top; ++i) {
                ti_shape other;
                shape_set(&other, stack[i].n[0], stack[i].n[1], stack[i].n[2]);
                t = fmin(t, stack[i].b.t);
                tolerance = fmax(tolerance, shape_tolerance(&other, tq));
            }
            result_collision(r, tq, t, tolerance, checks, 1);
            return CCD_OK;
        }
        ti_node lo, hi;
        node_split(&lo, &hi, &e, &sh, split);
        /* e was popped, so two pushes leave the bound above intact */
        CCD_ASSERT(top + 2 <= STACK_SIZE);
        if (in_domain(tq, hi.b.u, hi.b.v))
            stack[top++] = hi;
        stack[top++] = lo;
    }
    result_none(r, checks);
    return CCD_OK;
}
