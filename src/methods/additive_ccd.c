/* SPDX-License-Identifier: MIT */
/*
 * Additive CCD (ACCD): Li, Kaufman and Jiang 2021, "Codimensional Incremental
 * Potential Contact", §4 and its supplement; the defaults are those of the IPC
 * Toolkit's AdditiveCCD (Ferguson et al.), the implementation simulators call.
 * A minimum separation ξ = params.ms ≥ 0 is measured in the Euclidean norm
 * whatever params.ms_norm says.
 *
 * Bound on the motion.  Let x_i(t) = x_i + t Δx_i be the four points of the query.
 * A common translation changes no distance, so subtract the mean displacement
 * m = (Σ Δx_i) / 4 from every Δx_i.  A point of the first primitive moves by a
 * convex combination of its corners' displacements, so by at most the largest of
 * their lengths; likewise for the second.  Hence the relative displacement of any
 * two points, one per primitive, is at most
 *     VF: l_p = |Δp| + max(|Δf0|, |Δf1|, |Δf2|)
 *     EE: l_p = max(|Δa0|, |Δa1|) + max(|Δb0|, |Δb1|)
 * per unit of t, and the distance d(t) between the primitives is l_p-Lipschitz:
 *     d(t + τ) ≥ d(t) − l_p τ.                                        (1)
 *
 * Steps.  At a time t_k with d_k = d(t_k) > ξ, (1) keeps d above ξ on
 * [t_k, t_k + (d_k − ξ)/l_p).  ACCD advances by the fraction η of that step,
 *     τ_k = η (d_k − ξ) / l_p      (the reference writes (d_k² − ξ²)/((d_k + ξ) l_p)),
 * so that, by (1), d_{k+1} − ξ ≥ (1 − η)(d_k − ξ) > 0: no step reaches the
 * separation.  It stops
 *   - with no collision when t_k + τ_k > t_max: d > ξ on all of [0, t_max];
 *   - with a collision at t_k when, after the first step, d_{k+1} − ξ < g, the gap
 *     g = (1 − η)(d_0 − ξ): the primitives came closer than ξ + g, and t_k, where
 *     they are still farther apart than ξ, is reported.  The first step is always
 *     taken (a head-on approach at speed l_p ends it exactly at g), so a reported
 *     toi is 0 only when d_0 ≤ ξ, or when rounding puts the first step within ξ;
 *   - with a collision at t_k after max_iterations steps (hit_max_checks = 1).
 * In exact arithmetic the method is conservative: every reported no-collision is
 * right and a reported toi is a lower bound of the earliest time at which d = ξ.
 * It is not exact: a trajectory that passes closer than ξ + g without reaching ξ is
 * a false positive, g being relative to the distance at t = 0.
 *
 * Where floating point breaks it (so the method does not claim
 * CCD_CAP_CONSERVATIVE): the distances are rounded (primitive_distance.c; near a
 * degenerate configuration their relative error is not bounded), the positions
 * x += τ Δx and the sum t_k accumulate rounding over the steps, l_p and τ are
 * rounded to nearest.  A step is η < 1 of the safe one, which absorbs small
 * relative errors, but nothing bounds them: the decisions compare rounded values
 * without an error bound.  A gap that underflows (d_0 − ξ tiny) leaves only
 * t_max and max_iterations to end the loop.
 *
 * Deviations from the IPC Toolkit: max_iterations defaults to 10^7 (its
 * DEFAULT_MAX_ITERATIONS, the default of its Python binding; the C++ default is
 * unlimited).  Its edge–edge distance replaces a distance ≤ ξ inside the loop by the
 * smallest endpoint–endpoint distance (a guard against its line–line formula going
 * negative for nearly parallel edges); the segment–segment distance here is
 * Ericson's clamped closest points, never negative, so there is no such guard and
 * a distance ≤ ξ after a step (possible only through rounding) ends the loop as a
 * collision like any distance below the gap.
 */
#include <config.h>

#include "core/assert.h"
#include "methods/builtin.h"
#include "methods/primitive_distance.h"

#include <float.h>
#include <limits.h>
#include <math.h>

enum { OPT_RESCALING, OPT_MAX_ITERATIONS, OPT_COUNT };

static const ccd_option options[OPT_COUNT] = {
    [OPT_RESCALING] = {"conservative_rescaling", CCD_OPTION_DOUBLE, {.d = 0.9},
                       {.d = DBL_TRUE_MIN}, {.d = 1.0}, NULL,
                       "eta: each step is this fraction of the safe one; gap (1 - eta) d(0)"},
    [OPT_MAX_ITERATIONS] = {"max_iterations", CCD_OPTION_INTEGER, {.i = 10000000},
                            {.i = LONG_MIN}, {.i = LONG_MAX}, NULL,
                            "steps before reporting a collision; negative: no limit"},
};

/* The four points of a query at t = 0 and their displacements to t = 1. */
typedef struct motion {
    double x[4][3], dx[4][3];
} motion;

static double norm3(const double v[3])
{
    return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

static double distance(const motion *m, ccd_kind kind)
{
    return kind == CCD_VF ? ccd_point_triangle_distance(m->x[0], m->x[1], m->x[2], m->x[3])
                          : ccd_segment_segment_distance(m->x[0], m->x[1], m->x[2], m->x[3]);
}

static void reset(ccd_result *r)
{
    r->collides = 0;
    r->toi = r->toi_upper = INFINITY;
    r->tolerance = 0;
    r->checks = 0;
    r->hit_max_checks = 0;
}

static void collide_at(ccd_result *r, double t)
{
    r->collides = 1;
    r->toi = r->toi_upper = t;
}

static ccd_status additive_query(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                 void *scratch)
{
    (void)scratch;
    const double xi = p->ms, t_max = p->t_max;
    const double eta = ccd_option_double(p, &ccd_method_additive_ccd, OPT_RESCALING);
    const long max_iterations = ccd_option_int(p, &ccd_method_additive_ccd, OPT_MAX_ITERATIONS);
    if (!(xi >= 0) || !isfinite(xi) || !(t_max > 0 && t_max <= 1) || !(eta > 0 && eta <= 1))
        return CCD_ERR_INPUT;
    reset(r);

    motion m;
    double mean[3] = {0, 0, 0};
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            const double x0 = q->v[i][k], x1 = q->v[i + 4][k];
            if (!isfinite(x0) || !isfinite(x1))
                return CCD_ERR_INPUT;
            m.x[i][k] = x0;
            m.dx[i][k] = x1 - x0;
            mean[k] += m.dx[i][k];
        }
    for (int k = 0; k < 3; k++)
        mean[k] /= 4;

    double d = distance(&m, q->kind);
    r->checks = 1;
    if (d <= xi) { /* already within the separation */
        collide_at(r, 0.0);
        return CCD_OK;
    }

    /* l_p of (1), after removing the common translation. */
    double len[4];
    for (int i = 0; i < 4; i++) {
        for (int k = 0; k < 3; k++)
            m.dx[i][k] -= mean[k];
        len[i] = norm3(m.dx[i]);
    }
    const double l_p = q->kind == CCD_VF
                           ? len[0] + fmax(len[1], fmax(len[2], len[3]))
                           : fmax(len[0], len[1]) + fmax(len[2], len[3]);
    if (!isfinite(l_p))
        return CCD_ERR_INPUT; /* displacements overflow: no step is meaningful */
    if (l_p == 0)
        return CCD_OK; /* a rigid translation: the distance stays d(0) > ξ */

    const double gap = (1 - eta) * (d - xi);
    double t = 0;
    for (long i = 0; max_iterations < 0 || i < max_iterations; i++) {
        const double step = eta * (d - xi) / l_p;
        for (int j = 0; j < 4; j++)
            for (int k = 0; k < 3; k++)
                m.x[j][k] += step * m.dx[j][k];
        d = distance(&m, q->kind);
        r->checks++;
        if ((t > 0 || d <= xi) && d - xi < gap) {
            collide_at(r, t); /* closer than ξ + g (or, by rounding, ξ) after this step */
            return CCD_OK;
        }
        t += step;
        if (t > t_max)
            return CCD_OK; /* d > ξ up to t - step + step/η > t_max */
    }
    CCD_ASSERT(t <= t_max);
    collide_at(r, t);
    r->hit_max_checks = 1;
    return CCD_OK;
}

const ccd_method ccd_method_additive_ccd = {
    .name = "additive-ccd",
    .summary = "additive CCD (Li, Kaufman and Jiang 2021, C-IPC §4): safe steps in doubles, "
               "Euclidean d",
    .caps = CCD_CAP_TOI | CCD_CAP_MIN_SEPARATION,
    .vertex_face = additive_query,
    .edge_edge = additive_query,
    .scratch_new = NULL,
    .scratch_free = NULL,
    .options = options,
    .option_count = OPT_COUNT,
};
