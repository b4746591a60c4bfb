/* SPDX-License-Identifier: MIT */
/*
 * Tight Inclusion (Wang et al. 2021 §5–§7): the method objects, query preparation, parameter
 * checks and the no-zero-toi refinement.  The search is in tight_inclusion_search.c,
 * the inclusion test in tight_inclusion_corners*.c, the filters in
 * tight_inclusion_filter.c.
 *
 * Three methods:
 *   tight-inclusion         breadth-first (Algorithm 2), widest SIMD kernel of the CPU
 *   tight-inclusion-scalar  the same with the portable scalar kernel (same decisions)
 *   tight-inclusion-dfs     depth-first baseline: conservative collision decision, but
 *                           its toi is the first leaf found, not a lower bound of the
 *                           earliest impact, so it does not claim CCD_CAP_CONSERVATIVE.
 *
 * Minimum separation is the L∞ distance of Wang et al. 2021 §6.  Asked for the Euclidean norm
 * (ms_norm = CCD_NORM_L2), the method answers the L∞ question with the same d, a superset of the
 * Euclidean contacts (conservative, more false positives).
 */
#include <config.h>

#include "methods/builtin.h"
#include "methods/tight_inclusion.h"

#include "core/assert.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

/* Beyond this magnitude the corner evaluation could overflow (|F| ≤ 4·max|x|). */
#define TI_MAX_COORD 0x1p1000

static const char *const filter_names[] = {"linear", "paper", "clamped", NULL};
static const char *const search_names[] = {"levels", "earliest", "adaptive", NULL};
static const char *const start_names[] = {"prove", "search", NULL};
static const char *const exclude_names[] = {"axes", "directions", "adaptive", NULL};
static const char *const stop_names[] = {"boxes", "prove", NULL};

const ccd_option ccd_ti_options[CCD_TI_OPT_COUNT] = {
    [CCD_TI_OPT_DELTA] = {"delta", CCD_OPTION_DOUBLE, {.d = 1e-6}, {.d = DBL_TRUE_MIN},
                          {.d = DBL_MAX}, NULL, "tolerance delta of the time of impact"},
    [CCD_TI_OPT_MAX_CHECKS] = {"max_checks", CCD_OPTION_INTEGER, {.i = 1000000}, {.i = LONG_MIN},
                               {.i = LONG_MAX}, NULL,
                               "boxes checked before stopping early (m_I); negative: no limit"},
    [CCD_TI_OPT_FILTER] = {"filter", CCD_OPTION_ENUM, {.i = CCD_FILTER_LINEAR}, {.i = 0}, {.i = 2},
                           filter_names, "floating-point filter (see src/methods/tight_inclusion_filter.md)"},
    [CCD_TI_OPT_SCENE_FILTER_X] = {"scene_filter_x", CCD_OPTION_DOUBLE, {.d = 0}, {.d = 0},
                                   {.d = DBL_MAX}, NULL,
                                   "scene-wide filter error on x; 0: per-query filter"},
    [CCD_TI_OPT_SCENE_FILTER_Y] = {"scene_filter_y", CCD_OPTION_DOUBLE, {.d = 0}, {.d = 0},
                                   {.d = DBL_MAX}, NULL,
                                   "scene-wide filter error on y; 0: per-query filter"},
    [CCD_TI_OPT_SCENE_FILTER_Z] = {"scene_filter_z", CCD_OPTION_DOUBLE, {.d = 0}, {.d = 0},
                                   {.d = DBL_MAX}, NULL,
                                   "scene-wide filter error on z; 0: per-query filter"},
    [CCD_TI_OPT_SEARCH] = {"search", CCD_OPTION_ENUM, {.i = CCD_TI_SEARCH_ADAPTIVE}, {.i = 0},
                           {.i = 2}, search_names,
                           "levels: Algorithm 2 level by level; earliest: smallest t first; "
                           "adaptive: levels, then smallest t first from a level wider "
                           "than level_max boxes"},
    [CCD_TI_OPT_START] = {"start", CCD_OPTION_ENUM, {.i = CCD_TI_START_PROVE}, {.i = 0},
                          {.i = 1}, start_names,
                          "prove: a certified test of contact at t = 0 first (d > 0); "
                          "search: left to the search"},
    [CCD_TI_OPT_EXCLUDE] = {"exclude", CCD_OPTION_ENUM, {.i = CCD_TI_EXCLUDE_ADAPTIVE}, {.i = 0},
                            {.i = 2}, exclude_names,
                            "axes: the three axes alone; directions: a box the axes keep is "
                            "also tested against the face or edge normal and F at its centre; "
                            "adaptive: directions in the earliest-first search only (the "
                            "queries that reach it)"},
    [CCD_TI_OPT_STOP] = {"stop", CCD_OPTION_ENUM, {.i = CCD_TI_STOP_BOXES}, {.i = 0}, {.i = 1},
                         stop_names,
                         "boxes: the level search stops at a small colliding box (as "
                         "published); prove: also at a contact proven within the time "
                         "tolerance of the level's first colliding box, and boxes after a "
                         "contact proven at its end are dropped (d > 0)"},
    /* 1: with the LP a few simplex pivots, every shared set, every generated family
     * and every d is fastest with the advance right after the first check, and it
     * leaves the fewest false positives (docs/min-separation.md#the-advance-after-one-check) */
    [CCD_TI_OPT_ADVANCE] = {"advance", CCD_OPTION_INTEGER, {.i = 1}, {.i = 0},
                            {.i = LONG_MAX}, NULL,
                            "checks of the search after which a query goes to the time advance "
                            "(certified time slabs; a contact proven within d when d > 0, a "
                            "crossing at any d), then "
                            "back to the search above the time it cleared; 0: never (as "
                            "published)"},
    /* 32: on the shared data at d = 0 (and on 22,000 generated queries) the same FP,
     * FN, m_I hits and toi as 1024, 17 % (19 %) less time; 16 and 8 add false
     * positives on the generated families (601, 606 against 598; docs/min-separation.md) */
    [CCD_TI_OPT_LEVEL_MAX] = {"level_max", CCD_OPTION_INTEGER, {.i = 32}, {.i = 1},
                              {.i = 1L << 30}, NULL,
                              "search=adaptive: a level of more boxes than this goes on "
                              "earliest-first"},
};

/* The three methods share one table, so any of them reads the defaults. */
#define TI_METHOD (&ccd_method_tight_inclusion)

/* The larger of a and b, neither a NaN: what fmax gives them, without its call
 * (libm's fmax is a function, for its NaN rule; the 60 a query here were 1.7 %
 * of a d = 0 pass). */
static inline double larger(double a, double b)
{
    CCD_ASSERT(a == a && b == b);
    return b > a ? b : a;
}

ccd_status ccd_ti_query_init(ccd_ti_query *tq, const ccd_query *q, const ccd_params *p, double d,
                             double t_max, ccd_ti_isa isa)
{
    memset(tq, 0, sizeof *tq);
    const int filter = (int)ccd_option_int(p, TI_METHOD, CCD_TI_OPT_FILTER);
    tq->kind = q->kind;
    tq->t_max = t_max;
    tq->query = q;
    for (int axis = 0; axis < 3; ++axis) {
        double max_abs = 0.0;
        for (int i = 0; i < 4; ++i) {
            const double x0 = q->v[i][axis], x1 = q->v[4 + i][axis];
            if (!isfinite(x0) || !isfinite(x1))
                return CCD_ERR_INPUT;
            max_abs = larger(max_abs, larger(fabs(x0), fabs(x1))); /* finite: checked */
            tq->x0[axis][i] = x0;
            tq->dx[axis][i] = x1 - x0;
        }
        if (max_abs > TI_MAX_COORD)
            return CCD_ERR_INPUT;
        const double scene = ccd_option_double(p, TI_METHOD, CCD_TI_OPT_SCENE_FILTER_X + axis);
        tq->eps[axis] = scene > 0.0 ? scene : ccd_ti_filter_eps(filter, q->kind, d > 0.0, max_abs);
        tq->bound[axis] = ccd_ti_bound_with_separation(tq->eps[axis], d);
        tq->proof[axis] = ccd_ti_proof_bound(tq->eps[axis], d);
    }
    tq->kernel = ccd_ti_kernel(isa, q->kind);
    if (!tq->kernel)
        tq->kernel = ccd_ti_kernel(CCD_TI_SCALAR, q->kind);

    /* κ of eq. (7) over the corners of the root box (heuristic weights of the split
     * rule; they do not affect conservativeness).  The corners are finite: the
     * coordinates are at most TI_MAX_COORD in magnitude. */
    double kt = 0.0, ku = 0.0, kv = 0.0;
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            double a[3], b[3];
            ccd_ti_corner_value(a, tq, 0.0, i, j);
            ccd_ti_corner_value(b, tq, t_max, i, j);
            for (int k = 0; k < 3; ++k)
                kt = larger(kt, fabs(a[k] - b[k]));
            const double t = i ? t_max : 0.0;
            ccd_ti_corner_value(a, tq, t, 0.0, j);
            ccd_ti_corner_value(b, tq, t, 1.0, j);
            for (int k = 0; k < 3; ++k)
                ku = larger(ku, fabs(a[k] - b[k]));
            ccd_ti_corner_value(a, tq, t, j, 0.0);
            ccd_ti_corner_value(b, tq, t, j, 1.0);
            for (int k = 0; k < 3; ++k)
                kv = larger(kv, fabs(a[k] - b[k]));
        }
    tq->kappa[0] = 3.0 * kt;
    tq->kappa[1] = 3.0 * ku;
    tq->kappa[2] = 3.0 * kv;
    return CCD_OK;
}

typedef ccd_status (*search_fn)(ccd_result *r, const ccd_ti_query *tq, double delta,
                                long max_checks, ccd_ti_scratch *s);

/* The search used up its first budget (option advance, r holds that run): certified
 * time slabs (tight_inclusion_advance.c) decide the query or clear the time before
 * s_clear, and the search runs again from its root with the boxes before s_clear
 * dropped (a subtree of the published one: every contact is in a kept box) within
 * what is left of m_I.  Its toi is raised to the cleared time, still a lower bound. */
static ccd_status advance_then_search(ccd_result *r, ccd_ti_query *tq, double delta,
                                      long max_checks, ccd_ti_scratch *s, search_fn search)
{
    enum { ADVANCE_MAX_STEPS = 256 };
    long checks = r->checks;
    const double tol_t = tq->kappa[0] > 0.0 ? delta / tq->kappa[0] : INFINITY; /* as the search */
    ccd_ti_advance adv;
    long steps = ADVANCE_MAX_STEPS; /* and within m_I */
    if (max_checks >= 0 && max_checks - checks < steps)
        steps = max_checks > checks ? max_checks - checks : 0;
    const ccd_ti_advance_end end = ccd_ti_advance_time(&adv, tq, tol_t, (int)steps);
    checks += adv.checks;
    if (end == CCD_TI_ADVANCE_NONE) {
        *r = (ccd_result){.collides = 0, .toi = INFINITY, .toi_upper = INFINITY,
                          .tolerance = 0.0, .checks = checks, .hit_max_checks = 0};
        return CCD_OK;
    }
    if (end == CCD_TI_ADVANCE_BRACKET) {
        CCD_ASSERT(adv.s_clear <= adv.s_contact);
        *r = (ccd_result){.collides = 1, .toi = adv.s_clear * tq->t_max,
                          .toi_upper = adv.s_contact * tq->t_max, .tolerance = 0.0,
                          .checks = checks, .hit_max_checks = 0};
        return CCD_OK;
    }
    const double cleared = adv.s_clear * tq->t_max;
    if (max_checks >= 0 && checks >= max_checks) { /* m_I spent: the conservative answer */
        *r = (ccd_result){.collides = 1, .toi = cleared, .toi_upper = cleared,
                          .tolerance = 0.0, .checks = checks, .hit_max_checks = 1};
        return CCD_OK;
    }
    tq->s_floor = adv.s_clear;
    ccd_status st = search(r, tq, delta, max_checks < 0 ? -1 : max_checks - checks, s);
    if (st != CCD_OK)
        return st;
    r->checks += checks;
    if (r->collides && r->toi < cleared) {
        r->toi = cleared;
        r->toi_upper = fmax(r->toi_upper, cleared);
    }
    return CCD_OK;
}

static ccd_status run_once(ccd_result *r, const ccd_query *q, const ccd_params *p, double d,
                           double t_max, double delta, ccd_ti_isa isa, int depth_first,
                           ccd_ti_scratch *s)
{
    ccd_ti_query tq;
    ccd_status st = ccd_ti_query_init(&tq, q, p, d, t_max, isa);
    if (st != CCD_OK)
        return st;
    const long max_checks = ccd_option_int(p, TI_METHOD, CCD_TI_OPT_MAX_CHECKS);
    if (depth_first)
        return ccd_ti_search_dfs(r, &tq, delta, max_checks);
    tq.exclude = (int)ccd_option_int(p, TI_METHOD, CCD_TI_OPT_EXCLUDE);
    tq.stop = (int)ccd_option_int(p, TI_METHOD, CCD_TI_OPT_STOP);
    /* A contact proven at t = 0 is the exact earliest contact: toi = 0, which the
     * search would also report, after refining a box at t = 0 down to δ. */
    long start_checks = 0;
    if (ccd_option_int(p, TI_METHOD, CCD_TI_OPT_START) == CCD_TI_START_PROVE &&
        ccd_ti_contact_at_start(&start_checks, &tq)) {
        *r = (ccd_result){.collides = 1, .toi = 0.0, .toi_upper = 0.0, .tolerance = 0.0,
                          .checks = start_checks, .hit_max_checks = 0};
        return CCD_OK;
    }
    const long search_option = ccd_option_int(p, TI_METHOD, CCD_TI_OPT_SEARCH);
    const search_fn search =
        search_option == CCD_TI_SEARCH_EARLIEST ? ccd_ti_search_earliest : ccd_ti_search_bfs;
    if (search_option == CCD_TI_SEARCH_ADAPTIVE)
        tq.level_max = (size_t)ccd_option_int(p, TI_METHOD, CCD_TI_OPT_LEVEL_MAX);
    const long advance_after = ccd_option_int(p, TI_METHOD, CCD_TI_OPT_ADVANCE);
    /* at d ≤ ε the advance proves no contact, but it clears time: a "no" for a query
     * whose primitives pass within the kernel's error without meeting, and a later
     * floor for the search of one that meets */
    const int advance = advance_after > 0 && (max_checks < 0 || advance_after < max_checks);
    st = search(r, &tq, delta, advance ? advance_after : max_checks, s);
    r->checks += start_checks;
    if (st != CCD_OK || !advance || !r->hit_max_checks)
        return st;
    return advance_then_search(r, &tq, delta, max_checks, s, search);
}

/*
 * no_zero_toi (line-search use, Wang et al. 2021 §7.2): a contact reported at t = 0 gives a
 * zero step.  Refine while the reported toi is 0: halve t_max when m_I stopped the
 * search (the budget then covers a shorter window), else halve d, else halve δ;
 * at most 8, 32 and 16 halvings.  If a refined run finds no contact in the (shrunk)
 * window [0, t_max'], the answer is a contact at t_max' (no contact before it) when
 * the window shrank, and no contact otherwise.  The toi returned bounds the earliest
 * impact of the refined problem (smaller d or δ) from below, not of the original one.
 * Cost: at most 57 runs of the search (each bounded by m_I).
 */
static ccd_status refine_nonzero_toi(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                     ccd_ti_isa isa, int depth_first, ccd_ti_scratch *s)
{
    double t_max = p->t_max, d = p->ms, delta = ccd_option_double(p, TI_METHOD, CCD_TI_OPT_DELTA);
    int t_halvings = 0, d_halvings = 0, delta_halvings = 0;
    long checks = r->checks;
    while (r->collides && r->toi == 0.0) {
        if (r->hit_max_checks && t_halvings < 8)
            t_max /= 2.0, ++t_halvings;
        else if (d > 0.0 && d_halvings < 32)
            d /= 2.0, ++d_halvings;
        else if (delta_halvings < 16)
            delta /= 2.0, ++delta_halvings;
        else
            break;
        ccd_status st = run_once(r, q, p, d, t_max, delta, isa, depth_first, s);
        if (st != CCD_OK)
            return st;
        checks += r->checks;
        if (!r->collides && t_max < p->t_max) {
            r->collides = 1;
            r->toi = r->toi_upper = t_max;
        }
    }
    r->checks = checks;
    return CCD_OK;
}

ccd_status ccd_ti_solve(ccd_result *r, const ccd_query *q, const ccd_params *p, ccd_ti_isa isa,
                        int depth_first, ccd_ti_scratch *s)
{
    const double delta = ccd_option_double(p, TI_METHOD, CCD_TI_OPT_DELTA);
    if (!(delta > 0.0) || !isfinite(delta) || !(p->ms >= 0.0) || !isfinite(p->ms) ||
        !(p->t_max > 0.0 && p->t_max <= 1.0))
        return CCD_ERR_INPUT;
    ccd_ti_scratch *own = NULL;
    if (!s && !depth_first) {
        own = s = ccd_ti_scratch_new();
        if (!s)
            return CCD_ERR_INTERNAL;
    }
    ccd_status st = run_once(r, q, p, p->ms, p->t_max, delta, isa, depth_first, s);
    if (st == CCD_OK && p->no_zero_toi && r->collides && r->toi == 0.0)
        st = refine_nonzero_toi(r, q, p, isa, depth_first, s);
    if (s && s != own)
        ccd_ti_scratch_settle(s); /* a heavy query's levels are not kept for the run */
    ccd_ti_scratch_free(own);
    return st;
}

/* ------------------------------------------------------------ method objects */

static void *scratch_new(void)
{
    return ccd_ti_scratch_new();
}

static void scratch_free(void *s)
{
    ccd_ti_scratch_free(s);
}

static ccd_status best_query(ccd_result *r, const ccd_query *q, const ccd_params *p, void *s)
{
    return ccd_ti_solve(r, q, p, ccd_ti_isa_best(), 0, s);
}

static ccd_status scalar_query(ccd_result *r, const ccd_query *q, const ccd_params *p, void *s)
{
    return ccd_ti_solve(r, q, p, CCD_TI_SCALAR, 0, s);
}

static ccd_status dfs_query(ccd_result *r, const ccd_query *q, const ccd_params *p, void *s)
{
    return ccd_ti_solve(r, q, p, ccd_ti_isa_best(), 1, s);
}

const ccd_method ccd_method_tight_inclusion = {
    .name = "tight-inclusion",
    .summary = "inclusion-based bisection root finder (Wang et al. 2021 Alg. 2), SIMD corners",
    .caps = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE | CCD_CAP_MIN_SEPARATION,
    .vertex_face = best_query,
    .edge_edge = best_query,
    .scratch_new = scratch_new,
    .scratch_free = scratch_free,
    .options = ccd_ti_options,
    .option_count = CCD_TI_OPT_COUNT,
};

const ccd_method ccd_method_tight_inclusion_scalar = {
    .name = "tight-inclusion-scalar",
    .summary = "tight-inclusion with the portable scalar corner evaluation",
    .caps = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE | CCD_CAP_MIN_SEPARATION,
    .vertex_face = scalar_query,
    .edge_edge = scalar_query,
    .scratch_new = scratch_new,
    .scratch_free = scratch_free,
    .options = ccd_ti_options,
    .option_count = CCD_TI_OPT_COUNT,
};

const ccd_method ccd_method_tight_inclusion_dfs = {
    .name = "tight-inclusion-dfs",
    .summary = "tight-inclusion, depth-first baseline (toi not the earliest)",
    .caps = CCD_CAP_TOI | CCD_CAP_MIN_SEPARATION,
    .vertex_face = dfs_query,
    .edge_edge = dfs_query,
    .scratch_new = NULL,
    .scratch_free = NULL,
    .options = ccd_ti_options,
    .option_count = CCD_TI_OPT_COUNT,
};
