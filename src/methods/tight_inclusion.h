/* SPDX-License-Identifier: MIT */
/*
 * The inclusion-based root finder of Wang et al. 2021 ("Tight Inclusion", §5–§6, Algorithm 2;
 * Wang, Ferguson, Schneider, Jiang, Attene and Panozzo, "A Large Scale Benchmark and an
 * Inclusion-Based Algorithm for Continuous Collision Detection", ACM TOG 2021): internal interface shared by the search, the corner kernels (scalar, AVX2, AVX-512)
 * and the tests.
 *
 * A query becomes a ccd_ti_query: per axis the four points at t = 0 and their
 * displacements, the per-axis acceptance bound T = ε + d (rounded up), and the
 * split weights κ of eq. (7).  A kernel decides one box [t0,t1]×[u0,u1]×[v0,v1]:
 * the axis-aligned hull of F at its 8 corners (eq. 4), widened by T, must hold the
 * origin on every axis.  All kernels evaluate the same operation sequence
 * (tight_inclusion_filter.md), so they return the same bits.
 */
#ifndef CCD_METHODS_TIGHT_INCLUSION_H
#define CCD_METHODS_TIGHT_INCLUSION_H
#include "ccdbench.h"
#include "core/assert.h"

#include <stddef.h>
#include <stdint.h>

/* Kernel result bits. */
enum {
    CCD_TI_HIT = 1u,   /* the widened hull meets the origin on all three axes        */
    CCD_TI_INSIDE = 2u /* ... and every corner lies in [-T, T] on every axis (B ⊆ C_ε) */
};

/* Instruction sets of the corner kernels. */
typedef enum ccd_ti_isa { CCD_TI_SCALAR = 0, CCD_TI_AVX2 = 1, CCD_TI_AVX512 = 2 } ccd_ti_isa;

typedef struct ccd_ti_query ccd_ti_query;

/* Decide one box.  t0 ≤ t1, u0 ≤ u1, v0 ≤ v1 are doubles in [0, 1]. */
typedef unsigned (*ccd_ti_kernel_fn)(const ccd_ti_query *q, double t0, double t1, double u0,
                                     double u1, double v0, double v1);

struct ccd_ti_query {
    /* Per axis: the four points at t = 0 (VF: p, f0, f1, f2; EE: ea0, ea1, eb0, eb1)
     * and their displacements fl(x(1) - x(0)). */
    _Alignas(64) double x0[3][4];
    _Alignas(64) double dx[3][4];
    double bound[3];  /* T_axis ≥ ε_axis + d, compared with the computed corner values */
    double eps[3];    /* ε_axis alone (for reports and tests)                          */
    double proof[3];  /* P_axis ≤ d − ε_axis: a computed |F| ≤ P_axis proves |F| ≤ d
                       * exactly on that axis; −1 when d ≤ ε_axis (nothing provable) */
    double kappa[3];  /* κ_t, κ_u, κ_v of eq. (7); κ_t over the searched [0, t_max]      */
    double t_max;     /* corner times are fl(s · t_max) for the dyadic s ∈ [0, 1]       */
    ccd_kind kind;
    ccd_ti_kernel_fn kernel;
    int exclude;      /* CCD_TI_EXCLUDE_*; ccd_ti_query_init leaves 0, the axes alone     */
    int stop;         /* CCD_TI_STOP_*; ccd_ti_query_init leaves 0, the boxes alone       */
    size_t level_max; /* ccd_ti_search_bfs goes on earliest-first from a level of more
                       * boxes than this; 0 (ccd_ti_query_init): never, as published   */
    double s_floor;   /* boxes ending at or before this s (window units) are dropped: the
                       * time before it is certified free of contacts (option advance);
                       * ccd_ti_query_init leaves 0                                       */
    const ccd_query *query; /* the query itself: its exact trajectory, for the crossing
                             * proof (ccd_ti_crossing_proven); NULL: not tried           */
};

/* Kernels (tight_inclusion_corners*.c).  The SIMD ones exist when configure found
 * the ISA (CCD_HAVE_AVX2 / CCD_HAVE_AVX512); use ccd_ti_kernel() to look them up. */
unsigned ccd_ti_corners_vf_scalar(const ccd_ti_query *q, double t0, double t1, double u0,
                                  double u1, double v0, double v1);
unsigned ccd_ti_corners_ee_scalar(const ccd_ti_query *q, double t0, double t1, double u0,
                                  double u1, double v0, double v1);
unsigned ccd_ti_corners_vf_avx2(const ccd_ti_query *q, double t0, double t1, double u0,
                                double u1, double v0, double v1);
unsigned ccd_ti_corners_ee_avx2(const ccd_ti_query *q, double t0, double t1, double u0,
                                double u1, double v0, double v1);
unsigned ccd_ti_corners_vf_avx512(const ccd_ti_query *q, double t0, double t1, double u0,
                                  double u1, double v0, double v1);
unsigned ccd_ti_corners_ee_avx512(const ccd_ti_query *q, double t0, double t1, double u0,
                                  double u1, double v0, double v1);

/* The kernel of an ISA for a kind, or NULL when it was not compiled or the CPU lacks it. */
ccd_ti_kernel_fn ccd_ti_kernel(ccd_ti_isa isa, ccd_kind kind);
/* The widest ISA that is both compiled and supported by this CPU. */
ccd_ti_isa ccd_ti_isa_best(void);

/* Per-axis value of F at one corner, evaluated with exactly the operations of the
 * kernels (scalar).  Used for κ and by tests. */
void ccd_ti_corner_value(double out[3], const ccd_ti_query *q, double t, double u, double v);

/* ------------------------------------------------------------ filters (tight_inclusion_filter.c) */

/* Rigorous bound on |computed corner − exact corner| on one axis, for the operation
 * sequence of the kernels, when every input coordinate on that axis satisfies
 * |x| ≤ max_abs (max_abs ≤ 2^1000).  filter: CCD_FILTER_LINEAR (rigorous),
 * CCD_FILTER_PAPER (eq. 5 / eq. 8), CCD_FILTER_CLAMPED (public implementation).
 * with_ms selects the paper's minimum-separation constants (eq. 8). */
double ccd_ti_filter_eps(int filter, ccd_kind kind, int with_ms, double max_abs);

/* Scene-wide filters (Wang et al. 2021 §7): per-axis ε valid for every VF and EE query whose
 * coordinates satisfy |x_axis| ≤ max_abs[axis]; pass the result as the options
 * scene_filter_x, _y and _z. */
void ccd_ti_scene_filter(double eps[3], int filter, int with_ms, const double max_abs[3]);

/* The acceptance bound T ≥ eps + d, rounded outward (nextafter) when d > 0. */
double ccd_ti_bound_with_separation(double eps, double d);

/* The proof bound P ≤ d − eps, rounded inward (nextafter towards −∞), or −1 when
 * d ≤ eps: a computed value f̂ with |f̂ − f| ≤ eps and |f̂| ≤ P has |f| ≤ d. */
double ccd_ti_proof_bound(double eps, double d);

/* ------------------------------------------------ directions (tight_inclusion_directions.c) */

/* 1 when a separating direction (the face / edge-edge normal at the mid time, or F at
 * the box centre) proves, with a certified bound, that no (t, u, v) of the box has
 * |F|∞ ≤ d; 0 otherwise (nothing proven).  Never 1 for a box holding a contact. */
int ccd_ti_excluded_by_directions(const ccd_ti_query *q, double t0, double t1, double u0,
                                  double u1, double v0, double v1);

/* A time slab [t0, t1] × the whole domain: 1 when G = w·F − d·|w|₁ > 0 is certified
 * at its 6 (VF) or 8 (EE) corners, which proves no (t, u, v) of the slab has
 * |F|∞ ≤ d; 0 otherwise.  w is any vector of doubles (a candidate direction). */
int ccd_ti_slab_excluded(const ccd_ti_query *q, const double w[3], double t0, double t1);

/* ------------------------------------------------------------ level (tight_inclusion_level.c) */

/* The boxes of one level of the level search, all of shape (n_t, n_u, n_v): box i
 * is the integers k_d of its lower corner k_d · 2^-n_d, stored as k_d = base_d + r_d,
 * the r_d in one word when b_t + b_u + b_v ≤ 64, else the k_d in three words
 * (tight_inclusion_level.c).  Zero-initialised; ccd_ti_level_free releases it. */
typedef struct ccd_ti_level {
    uint64_t *word;       /* the boxes, in t order                            */
    uint64_t *upper;      /* bit j: kept box j keeps its upper half too         */
    size_t count;         /* boxes                                            */
    size_t capacity, bits_capacity; /* words of each buffer                   */
    size_t high, bits_high;         /* the most words asked for since settled */
    int n[3];             /* the shape: widths 2^-n of t, u, v                 */
    int words;            /* a box's words: 1 or 3                            */
    uint64_t base[3];     /* the frame: k_d = base_d + r_d, r_d < 2^bits_d      */
    int bits[3];
    int shift[3];         /* one word: r_d = word >> shift[d] & mask[d]        */
    uint64_t mask[3];
} ccd_ti_level;

/* The corner integers k of box i. */
static inline void ccd_ti_level_box(uint64_t k[3], const ccd_ti_level *l, size_t i)
{
    if (l->words == 1) {
        const uint64_t w = l->word[i];
        k[0] = l->base[0] + (w >> l->shift[0] & l->mask[0]);
        k[1] = l->base[1] + (w >> l->shift[1] & l->mask[1]);
        k[2] = l->base[2] + (w & l->mask[2]);
    } else {
        const uint64_t *w = l->word + 3 * i;
        k[0] = w[0], k[1] = w[1], k[2] = w[2];
    }
}

/* The level of the root box [0, 1]^3.  0 when out of memory. */
int ccd_ti_level_root(ccd_ti_level *l);
/* Room for a keep bit per box of the level, before the first ccd_ti_level_keep. */
int ccd_ti_level_ready(ccd_ti_level *l);
/* Box i splits: it becomes kept box number `kept` (kept ≤ i, boxes taken in order),
 * its lower half always a child, its upper half when `upper`. */
static inline void ccd_ti_level_keep(ccd_ti_level *l, size_t kept, size_t i, int upper)
{
    CCD_ASSERT(kept <= i && i < l->count && kept / 64 < l->bits_capacity);
    if (l->words == 1) {
        l->word[kept] = l->word[i];
    } else {
        uint64_t *to = l->word + 3 * kept;
        const uint64_t *from = l->word + 3 * i;
        to[0] = from[0], to[1] = from[1], to[2] = from[2];
    }
    const uint64_t bit = (uint64_t)1 << (kept % 64);
    l->upper[kept / 64] = upper ? l->upper[kept / 64] | bit : l->upper[kept / 64] & ~bit;
}
/* The next level, in place: the children of the first `kept` kept boxes split across
 * dimension `split` (0 t, 1 u, 2 v), in t order (lower halves of a t, then upper).
 * 0 when out of memory (the level is then unchanged). */
int ccd_ti_level_split(ccd_ti_level *l, size_t kept, int split);
/* Bytes held, and the most asked for since the last settle. */
size_t ccd_ti_level_bytes(const ccd_ti_level *l);
size_t ccd_ti_level_high_bytes(const ccd_ti_level *l);
/* Frees the buffers when they hold more than keep_bytes; starts a new high mark. */
void ccd_ti_level_settle(ccd_ti_level *l, size_t keep_bytes);
void ccd_ti_level_free(ccd_ti_level *l);

/* ------------------------------------------------------------ search (tight_inclusion_search.c) */

typedef struct ccd_ti_scratch ccd_ti_scratch;
ccd_ti_scratch *ccd_ti_scratch_new(void);
void ccd_ti_scratch_free(ccd_ti_scratch *s);
/* After a query (ccd_ti_solve calls it): once 256 queries in a row have needed at
 * most 1 MB, the buffers above 1 MB are freed, so that a heavy query's megabytes
 * are not held for the rest of the run (at most 2 MB are then). */
void ccd_ti_scratch_settle(ccd_ti_scratch *s);
/* The bytes the scratch holds. */
size_t ccd_ti_scratch_bytes(const ccd_ti_scratch *s);

/* Fill *tq from query q for the given separation d and search window [0, t_max],
 * with the kernel of isa.  Returns CCD_ERR_INPUT for non-finite coordinates. */
ccd_status ccd_ti_query_init(ccd_ti_query *tq, const ccd_query *q, const ccd_params *p, double d,
                             double t_max, ccd_ti_isa isa);

/* One run of Algorithm 2 (breadth-first, ordered by level then t; earliest-first
 * from a level of more than tq->level_max boxes when that is not 0), of the
 * earliest-first search (ordered by t, then deepest) or of the depth-first variant
 * on a prepared query.  The first two return the same collision decision without
 * m_I (they walk the same tree of boxes); see tight_inclusion_search.c. */
ccd_status ccd_ti_search_bfs(ccd_result *r, const ccd_ti_query *tq, double delta, long max_checks,
                             ccd_ti_scratch *s);
ccd_status ccd_ti_search_earliest(ccd_result *r, const ccd_ti_query *tq, double delta,
                                  long max_checks, ccd_ti_scratch *s);
ccd_status ccd_ti_search_dfs(ccd_result *r, const ccd_ti_query *tq, double delta, long max_checks);

/* ------------------------------------------------------------ start (tight_inclusion_start.c) */

/* Boxes the contact-at-start test checks at most (its cost bound). */
enum { CCD_TI_START_BUDGET = 64 };

/* 1 when the primitives are proven within d (L∞, exactly) at t = 0: some (u, v) of
 * the domain has |F(0, u, v)| ≤ d on every axis, certified with tq->proof.  0 when
 * not proven (no contact at t = 0, or none found within CCD_TI_START_BUDGET boxes).
 * *checks is the number of boxes checked. */
int ccd_ti_contact_at_start(long *checks, const ccd_ti_query *tq);

/* ------------------------------------------------------------ stop (tight_inclusion_stop.c) */

/* 1 when a point (u, v) of the domain is proven within d (L∞, exactly) at the time t
 * (a double in [0, 1]): |F(t, u, v)| ≤ d on every axis, certified with tq->proof; the
 * point is stored in uv (multiples of 2^-40).  0 when not proven (d ≤ ε, no contact at
 * t, or the candidate of a small LP in doubles failed the proof). */
int ccd_ti_contact_at_time(double uv[2], const ccd_ti_query *tq, double t);

/* The same LP at time t, for the time advance: 1 with a proven contact (u, v) as
 * above; −1 with a candidate direction w along which F(t, ·) misses the d-cube (the
 * cube of half-widths max(P, 0): at d ≤ ε the point 0; the LP's dual, not certified:
 * see ccd_ti_slab_excluded); 0 when neither.  basis
 * (in/out) holds the rows of the last optimum, tried first (a warm start: the
 * advance probes nearby times, where the same rows usually stay optimal);
 * {−1, −1, −1} for none. */
int ccd_ti_probe_time(double uv[2], double w[3], int basis[3], const ccd_ti_query *tq,
                      double t);

/* How ccd_ti_lp_optimum solves the LP: the simplex method that ccd_ti_probe_time
 * uses first, or the enumeration of every vertex it falls back on. */
typedef enum ccd_ti_lp_solver { CCD_TI_LP_SIMPLEX = 0, CCD_TI_LP_ENUMERATE = 1 } ccd_ti_lp_solver;

/* The optimum s of the LP of ccd_ti_probe_time at time t (the largest margin by which
 * some (u, v) of the domain is inside the cube of half-widths max(P, 0)), and its
 * tight rows in basis (in/out: the simplex's warm start, as for ccd_ti_probe_time).
 * NAN when the solver found none: for the simplex, when ccd_ti_probe_time falls
 * back on the enumeration.  For the tests, which compare the two. */
double ccd_ti_lp_optimum(int basis[3], const ccd_ti_query *tq, double t, ccd_ti_lp_solver solver);

/* ------------------------------------------------------- crossing (tight_inclusion_crossing.c) */

/* 1 when F(t, u, v) = 0 exactly at some time t ∈ [t0, t1] (doubles, 0 ≤ t0 < t1 ≤ 1,
 * the query's own time) and some (u, v) of the domain, for the query's exact
 * coordinates: the primitives' plane test changes sign between t0 and t1 while the
 * point stays strictly inside (interval arithmetic; see the file).  0 when not
 * proven. */
int ccd_ti_crossing_proven(const ccd_query *q, double t0, double t1);

/* ---------------------------------------------------------- advance (tight_inclusion_advance.c) */

/* Outcome of the time advance. */
typedef enum ccd_ti_advance_end {
    CCD_TI_ADVANCE_NONE = 0,    /* no contact in the whole window, certified              */
    CCD_TI_ADVANCE_BRACKET = 1, /* toi ∈ [s_clear, s_contact], s_contact − s_clear ≤ tol_t */
    CCD_TI_ADVANCE_OPEN = 2     /* stopped: no contact before s_clear, nothing else known  */
} ccd_ti_advance_end;

typedef struct ccd_ti_advance {
    double s_clear;   /* no contact at any time fl(s·t_max), s ≤ s_clear: certified    */
    double s_contact; /* a contact proven at fl(s_contact·t_max); INFINITY when none */
    long checks;      /* LPs solved (each counted as one check)                      */
} ccd_ti_advance;

/* Advance through the window [0, 1] (units of t_max) by certified time slabs, at most
 * max_steps LPs.  d ≤ ε (tq->proof negative): once the direction's zero s* is within
 * tol_t, at most ADVANCE_NEAR_STEPS more steps, which end NONE when the LP's
 * direction turns to a miss that clears the rest of the window, else BRACKET when a
 * crossing is proven within tol_t of s_clear (ccd_ti_crossing_proven, tq->query not
 * NULL), else OPEN. */
ccd_ti_advance_end ccd_ti_advance_time(ccd_ti_advance *a, const ccd_ti_query *tq, double tol_t,
                                       int max_steps);

/* The options the three Tight Inclusion methods declare (ccd_ti_options), by index. */
enum {
    CCD_TI_OPT_DELTA = 0,       /* tolerance δ                                           */
    CCD_TI_OPT_MAX_CHECKS,      /* m_I; negative: no early stop                           */
    CCD_TI_OPT_FILTER,          /* CCD_FILTER_*                                           */
    CCD_TI_OPT_SCENE_FILTER_X,  /* scene-wide filter ε per axis; 0: per-query filters     */
    CCD_TI_OPT_SCENE_FILTER_Y,
    CCD_TI_OPT_SCENE_FILTER_Z,
    CCD_TI_OPT_SEARCH,          /* CCD_TI_SEARCH_*; not read by tight-inclusion-dfs       */
    CCD_TI_OPT_START,           /* CCD_TI_START_*; not read by tight-inclusion-dfs        */
    CCD_TI_OPT_EXCLUDE,         /* CCD_TI_EXCLUDE_*; not read by tight-inclusion-dfs      */
    CCD_TI_OPT_STOP,            /* CCD_TI_STOP_*; read by the level search alone          */
    CCD_TI_OPT_ADVANCE,         /* checks before the time advance; 0: never                */
    CCD_TI_OPT_LEVEL_MAX,       /* search=adaptive: the widest level searched level by level */
    CCD_TI_OPT_COUNT
};
extern const ccd_option ccd_ti_options[CCD_TI_OPT_COUNT];

/* Values of the option search. */
enum {
    CCD_TI_SEARCH_LEVELS = 0,   /* Algorithm 2 as published: ccd_ti_search_bfs */
    CCD_TI_SEARCH_EARLIEST = 1, /* ccd_ti_search_earliest                      */
    CCD_TI_SEARCH_ADAPTIVE = 2  /* levels, earliest-first from a wide level    */
};

/* Values of the option start. */
enum {
    CCD_TI_START_PROVE = 0, /* ccd_ti_contact_at_start before the search (d > 0) */
    CCD_TI_START_SEARCH = 1 /* the search alone decides t = 0 (as published)     */
};

/* Values of the option exclude. */
enum {
    CCD_TI_EXCLUDE_AXES = 0,      /* the kernel's three axes alone (as published)   */
    CCD_TI_EXCLUDE_DIRECTIONS = 1, /* axes, then ccd_ti_excluded_by_directions       */
    CCD_TI_EXCLUDE_ADAPTIVE = 2    /* axes; directions too in the earliest-first search
                                    * (the queries that reach it: search=adaptive's
                                    * wide levels, search=earliest)                   */
};

/* Values of the option stop (the level search; earliest and dfs ignore it). */
enum {
    CCD_TI_STOP_BOXES = 0, /* a small or inside first colliding box alone (as published) */
    CCD_TI_STOP_PROVE = 1  /* also a contact proven within τ of the level's first box   */
};

/* The whole method on one query (parameters checked, no_zero_toi refinement). */
ccd_status ccd_ti_solve(ccd_result *r, const ccd_query *q, const ccd_params *p, ccd_ti_isa isa,
                        int depth_first, ccd_ti_scratch *s);

#endif
