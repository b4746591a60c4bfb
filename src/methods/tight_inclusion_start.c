/* SPDX-License-Identifier: MIT */
/*
 * Contact at the start of the step, proven: are the primitives within d (L∞) at t = 0?
 *
 * With a minimum separation d > 0 many queries start within d (n-body at d = 1e-2:
 * 1,576 of 9,460).  Their exact toi is 0, but the search only reports it after
 * refining a box at t = 0 down to the tolerance, through a level (or front) of boxes
 * that all meet the d-cube: at large d that is most of the method's time.  This test
 * answers them first.
 *
 * At t = 0, F(0, u, v) is affine in (u, v) (VF: Q − u·E1 − v·E2, EE: A + u·EA − C − v·EB,
 * Wang et al. 2021 eq. 1–2), so the set of (u, v) within d is a convex polygon, and
 * on a box [u0,u1]×[v0,v1] the range of each axis of F is exactly the hull of its four
 * corner values.  The test is a depth-first quadtree search of the domain at t = 0:
 *
 *   - a box whose computed corner hull misses [−T, T] on some axis (the kernel with
 *     t0 = t1 = 0, T ≥ ε + d) holds no point within d: dropped (the search's own
 *     exclusion rule, tight_inclusion_filter.md);
 *   - a box's centre (u, v) in the domain whose computed value satisfies |F̂| ≤ P on
 *     every axis, with P ≤ d − ε (ccd_ti_proof_bound), is within d exactly:
 *     |F| ≤ |F̂| + ε ≤ d.  This is the only way the test answers 1, so a 1 is a proof.
 *
 * The centre is evaluated by ccd_ti_corner_value, the kernels' operation sequence, so
 * the filter ε bounds its error.  Boxes are dyadic with at most START_DEPTH halvings,
 * so centres and the domain test u ≤ 1 − v are exact.  Anything else (the budget
 * spent, d ≤ ε, the polygon empty or thinner than the finest box) answers 0 and the
 * search decides as before: the test never changes a decision, it only proves toi = 0
 * early.
 */
#include <config.h>

#include "methods/tight_inclusion.h"

#include "core/assert.h"

#include <math.h>

/* Quadtree depth limit: widths ≥ 2^-START_DEPTH keep every coordinate exact. */
#define START_DEPTH 12

typedef struct start_box {
    double u, v; /* lower corner */
    int n;       /* width 2^-n in u and v */
} start_box;

/* VF: (u, v) in the triangle u, v ≥ 0, u + v ≤ 1 (exact: 1 − v is a dyadic double). */
static int in_domain(const ccd_ti_query *tq, double u, double v)
{
    return tq->kind != CCD_VF || u <= 1.0 - v;
}

/* |F̂(0, u, v)| ≤ P on every axis. */
static int proven_within(const ccd_ti_query *tq, double u, double v)
{
    double f[3];
    ccd_ti_corner_value(f, tq, 0.0, u, v);
    for (int axis = 0; axis < 3; ++axis)
        if (!(fabs(f[axis]) <= tq->proof[axis]))
            return 0;
    return 1;
}

int ccd_ti_contact_at_start(long *checks, const ccd_ti_query *tq)
{
    *checks = 0;
    for (int axis = 0; axis < 3; ++axis)
        if (tq->proof[axis] < 0.0)
            return 0; /* d ≤ ε: nothing is provable */
    /* A depth-first path leaves ≤ 3 siblings per level. */
    enum { STACK_SIZE = 3 * START_DEPTH + 4 };
    start_box stack[STACK_SIZE];
    size_t top = 0;
    stack[top++] = (start_box){0.0, 0.0, 0};
    while (top > 0 && *checks < CCD_TI_START_BUDGET) {
        const start_box b = stack[--top];
        const double w = ldexp(1.0, -b.n), half = w / 2.0;
        ++*checks;
        if (!(tq->kernel(tq, 0.0, 0.0, b.u, b.u + w, b.v, b.v + w) & CCD_TI_HIT))
            continue;
        const double uc = b.u + half, vc = b.v + half;
        if (in_domain(tq, uc, vc) ? proven_within(tq, uc, vc) : proven_within(tq, b.u, b.v))
            return 1;
        if (b.n >= START_DEPTH)
            continue;
        /* children, the lower-left one on top (popped first) */
        const start_box kids[4] = {{b.u + half, b.v + half, b.n + 1},
                                   {b.u, b.v + half, b.n + 1},
                                   {b.u + half, b.v, b.n + 1},
                                   {b.u, b.v, b.n + 1}};
        for (int k = 0; k < 4; ++k)
            if (in_domain(tq, kids[k].u, kids[k].v)) {
                CCD_ASSERT(top < STACK_SIZE); /* b was popped: ≤ 3 net per level */
                stack[top++] = kids[k];
            }
    }
    return 0;
}
