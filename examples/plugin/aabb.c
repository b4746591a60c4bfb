/* SPDX-License-Identifier: MIT */
/*
 * swept-aabb — an example ccdbench plugin built outside the ccdbench tree, against
 * the installed <ccdbench/ccdbench.h> only (see README.md in this directory).
 *
 * The method: a query collides iff the axis-aligned bounding boxes of the two
 * primitives' swept volumes overlap.  Every point of a primitive moves linearly,
 * x(t) = (1 - t) x0 + t x1, and a point of a triangle or an edge is a convex
 * combination of its vertices; so at every t ∈ [0, 1] the primitive lies inside
 * the box of its vertices at t0 and t1 (2 points for a vertex, 4 for an edge,
 * 6 for a triangle).  Two primitives that touch at some time therefore have
 * overlapping boxes: the method has no false negatives.  It has many false
 * positives (any two primitives that pass near each other), and its time of impact
 * is the trivial lower bound 0.  It is a broad-phase test, not a narrow-phase one.
 *
 * Exactness: comparing doubles is exact, so the only errors are in the inputs and
 * in the minimum-separation inflation, both rounded outward below.
 */
#include <ccdbench/ccdbench.h>

#include <math.h>

typedef struct box {
    double lo[3], hi[3];
} box;

/* The box of rows first..first+count-1 at t0 and the same rows at t1 (rows + 4). */
static box swept_box(const ccd_query *q, int first, int count)
{
    box b;
    for (int axis = 0; axis < 3; axis++) {
        b.lo[axis] = INFINITY;
        b.hi[axis] = -INFINITY;
    }
    for (int i = 0; i < count; i++) {
        for (int t = 0; t < 2; t++) {
            int row = first + i + 4 * t;
            for (int axis = 0; axis < 3; axis++) {
                double x = q->v[row][axis];
                /* v[row][axis] is the nearest double of the exact input when the
                 * inexact bit is set: the exact value lies within one ulp. */
                int inexact = (q->inexact >> (3 * row + axis)) & 1u;
                double lo = inexact ? nextafter(x, -INFINITY) : x;
                double hi = inexact ? nextafter(x, INFINITY) : x;
                b.lo[axis] = fmin(b.lo[axis], lo);
                b.hi[axis] = fmax(b.hi[axis], hi);
            }
        }
    }
    return b;
}

/* Grow b by d ≥ 0 on every side, rounding outward: round-to-nearest is off by at
 * most half an ulp, one step of nextafter covers it.  Boxes within L∞ distance d
 * overlap once one of them is grown by d; the Euclidean distance is ≥ the L∞ one,
 * so the same growth is conservative for both norms. */
static box grown(box b, double d)
{
    if (d > 0) {
        for (int axis = 0; axis < 3; axis++) {
            b.lo[axis] = nextafter(b.lo[axis] - d, -INFINITY);
            b.hi[axis] = nextafter(b.hi[axis] + d, INFINITY);
        }
    }
    return b;
}

static int overlap(box a, box b)
{
    for (int axis = 0; axis < 3; axis++)
        if (a.hi[axis] < b.lo[axis] || b.hi[axis] < a.lo[axis])
            return 0;
    return 1;
}

static void answer(ccd_result *r, int collides)
{
    r->collides = collides;
    r->toi = r->toi_upper = collides ? 0.0 : INFINITY;
    r->tolerance = 0.0;
    r->checks = 1;
    r->hit_max_checks = 0;
}

/* The plugin's one option, declared in its method entry below and set with
 * `--param swept-aabb.margin=X`: an extra growth of the boxes (a broad phase
 * keeps pairs that come within the margin).  Read by index, no string lookup. */
enum { OPT_MARGIN = 0 };
static const ccd_option options[] = {
    [OPT_MARGIN] = {"margin", CCD_OPTION_DOUBLE, {.d = 0.0}, {.d = 0.0}, {.d = 1e300}, NULL,
                    "extra growth of every box (added to the minimum separation)"},
};
static const ccd_method swept_aabb;

/* The growth for p: d plus the margin, rounded up. */
static double growth(const ccd_params *p)
{
    double margin = ccd_option_double(p, &swept_aabb, OPT_MARGIN);
    return margin > 0 ? nextafter(p->ms + margin, INFINITY) : p->ms;
}

/* Rows: v, f0, f1, f2 at t0 (0..3), then at t1 (4..7).  The whole step [0, 1] is
 * swept even when p->t_max < 1: a superset, so still conservative. */
static ccd_status swept_aabb_vertex_face(ccd_result *r, const ccd_query *q,
                                         const ccd_params *p, void *scratch)
{
    (void)scratch;
    answer(r, overlap(grown(swept_box(q, 0, 1), growth(p)), swept_box(q, 1, 3)));
    return CCD_OK;
}

/* Rows: ea0, ea1, eb0, eb1 at t0 (0..3), then at t1 (4..7). */
static ccd_status swept_aabb_edge_edge(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                       void *scratch)
{
    (void)scratch;
    answer(r, overlap(grown(swept_box(q, 0, 2), growth(p)), swept_box(q, 2, 2)));
    return CCD_OK;
}

static const ccd_method swept_aabb = {
    .name = "swept-aabb",
    .summary = "example plugin: swept bounding boxes overlap (conservative, many false positives)",
    .caps = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE | CCD_CAP_MIN_SEPARATION,
    .vertex_face = swept_aabb_vertex_face,
    .edge_edge = swept_aabb_edge_edge,
    .options = options,
    .option_count = sizeof options / sizeof options[0],
};

static const ccd_method *const methods[] = {&swept_aabb, NULL};

/* The plugin's two exported symbols: the API version this file was compiled with,
 * which ccdbench checks first, and the entry ccdbench looks up (CCD_PLUGIN_ENTRY),
 * which returns the NULL-terminated list, or NULL to a ccdbench that speaks another
 * API version.  Both are marked CCD_API, so that they stay exported when the
 * plugin is built with -fvisibility=hidden. */
CCD_PLUGIN_DEFINE(methods);
