/* SPDX-License-Identifier: MIT */
/*
 * The time advance (option advance): a one-dimensional search in t, by certified
 * slabs, for the queries the box search of Wang et al. 2021 (Algorithm 2) finds hard.
 *
 * Why.  At a large minimum separation d the earliest contact is often a whole segment
 * of (u, v) reached at once (a triangle edge parallel to a face of the d-cube, see
 * docs/min-separation.md).  Algorithm 2 stops at a colliding box that is small in t, u
 * *and* v, so it refines every box along that segment down to δ/κ in u and v: on
 * n-body at d = 1e-2, 558 of 9,460 queries end at m_I = 10^6 checks.  Yet the
 * question is one-dimensional: the earliest t at which F(t, ·) comes within d.
 *
 * How: conservative advancement along a direction, with exact geometry.  For a fixed
 * (u, v), F(t, u, v) is affine in t (the vertices move linearly), and for a fixed t it
 * is affine in (u, v).  So for any direction w, G(t, u, v) = w·F − d·|w|₁ is, at each
 * fixed t, smallest at a corner c of the domain (the triangle's three for VF, the
 * square's four for EE), and each G_c(t) = G(t, c) is affine in t.  From the time
 * s_clear (units of t_max) up to which no contact exists:
 *   1. a tiny LP at the fixed time s_clear (tight_inclusion_stop.c) gives the
 *      direction w along which F(s_clear, ·) is farthest from the d-cube (its dual);
 *   2. the first zero s* of min_c G_c(t) after s_clear is where w stops separating;
 *      for a translation towards a face or edge of the d-cube it is the time of
 *      contact itself;
 *   3. the slab [s_clear, s_clear + (1 − 2^-8)(s* − s_clear)] is certified by
 *      ccd_ti_slab_excluded (G > 0 at its 6 or 8 corners, with the error bound of
 *      tight_inclusion_directions.c; a shorter slab when that fails) and cleared;
 *   4. once s* is within tol_t of s_clear, a contact proven at a time s1 ≤ s_clear +
 *      tol_t (ccd_ti_probe_time) brackets toi in [s_clear, s1]; s1 is halfway
 *      through the d-cube at the speed along w, when that is sooner (at small d a
 *      vertex passes through the d-cube of a face in less than tol_t).
 * It ends with that BRACKET, with NONE when w clears the whole rest of the window,
 * or OPEN when a step clears nothing (the distance at s_clear is within the filter
 * error of d, a grazing contact, or a rotation that w cannot follow) or max_steps LPs
 * are spent: the box search then takes over above s_clear.  Each step divides the
 * gap to a translational contact by about 2^8, so most queries end within a few LPs.
 *
 * At d ≤ ε (d = 0: most runs) no contact within d is provable (step 4's proof
 * never succeeds), but the slabs clear time all the same: the LP's cube is the point
 * 0, and near s* a few more steps tell a pass that misses by more than the filter's
 * error (NONE: the search's "yes" there was a false positive) from a crossing.  A
 * crossing proven in interval arithmetic (F = 0 inside the domain, between s_clear
 * and at most s_clear + tol_t: tight_inclusion_crossing.c) then ends it with a
 * BRACKET; a touch the proof cannot see (at the domain's boundary, within the
 * filter's error of the plane) ends it OPEN, and the search's toi is raised to
 * s_clear.  docs/min-separation.md#the-time-advance-at-d--0.
 *
 * Soundness.  Every claim comes from a certified test: a slab is cleared only by
 * ccd_ti_slab_excluded, a contact only by the proof of ccd_ti_probe_time.  Slabs share
 * their end times exactly (each evaluated at fl(s·t_max) of the same s), so the
 * cleared slabs cover [0, fl(s_clear·t_max)] without gaps.  Steps 1 and 2 are plain
 * floating point: they only choose w and the slab, and decide how quickly this ends.
 */
#include <config.h>

#include "methods/tight_inclusion.h"

#include "core/assert.h"

#include <math.h>

/* Step 3 aims at this fraction of the way to s*, then at a quarter of the previous
 * aim, at most ADVANCE_TRIES times. */
#define ADVANCE_AIM (1.0 - 0x1p-8)
#define ADVANCE_TRIES 4
/* At d ≤ ε, steps taken once s* is within tol_t of s_clear: each cuts the gap by
 * 2^8, so 4 take it to 2^-32 of tol_t (about 4e-17 for the falling vertex of
 * check_ti_advance).  On the shared data at d = 0, 1, 2, 3, 5 and 8 of them leave
 * 264, 212, 210, 210 and 210 false positives (cloth-funnel's 47, 2, 0, 0, 0). */
#define ADVANCE_NEAR_STEPS 4

/* Step 2 in doubles: the first s in [s0, 1] at which G_c(s) = w·F(s, c) − Σ|w_i|·T_i
 * reaches 0 for some corner c of the domain (T_i ≥ d + ε_i: the margin the
 * certificate needs); 1 when none does before the end of the window, s0 when one is
 * not positive at s0.  *pass is how long (in s) that corner takes to cross the
 * d-cube along w at its speed, 2d|w|₁/(its rate of approach), INFINITY when none
 * approaches.  Estimates: nothing relies on them being exact. */
static double reach(double *pass, const ccd_ti_query *tq, const double w[3], double s0)
{
    static const double corner[4][2] = {{0.0, 0.0}, {1.0, 0.0}, {0.0, 1.0}, {1.0, 1.0}};
    const int m = tq->kind == CCD_VF ? 3 : 4;
    const double margin =
        fabs(w[0]) * tq->bound[0] + fabs(w[1]) * tq->bound[1] + fabs(w[2]) * tq->bound[2];
    const double width = 2.0 * (fabs(w[0]) + fabs(w[1]) + fabs(w[2])) *
                         fmin(tq->bound[0], fmin(tq->bound[1], tq->bound[2]));
    double s_star = 1.0;
    *pass = INFINITY;
    for (int c = 0; c < m; ++c) {
        double f0[3], f1[3];
        ccd_ti_corner_value(f0, tq, s0 * tq->t_max, corner[c][0], corner[c][1]);
        ccd_ti_corner_value(f1, tq, tq->t_max, corner[c][0], corner[c][1]);
        const double g0 = w[0] * f0[0] + w[1] * f0[1] + w[2] * f0[2] - margin;
        const double g1 = w[0] * f1[0] + w[1] * f1[1] + w[2] * f1[2] - margin;
        if (!(g0 > 0.0))
            return s0;
        if (g1 < 0.0) {
            const double s_c = s0 + (1.0 - s0) * (g0 / (g0 - g1));
            if (s_c < s_star)
                s_star = s_c, *pass = width * (1.0 - s0) / (g0 - g1);
        }
    }
    return fmax(s_star, s0);
}

/* d ≤ ε, the near steps spent: s_clear is within the filter's error of s*.  A
 * crossing (F = 0, tight_inclusion_crossing.c) proven in [s_clear, s1] brackets the
 * toi there, as a contact proven within d does when d > ε: first with s1 a little
 * past s* (four times the gap, and 2^-20 of tol_t: a bracket as tight as the slabs
 * came), then with s1 = s_clear + tol_t, the widest a bracket may be.  Each try
 * counts as a check, within max_steps. */
static int crossing(ccd_ti_advance *a, const ccd_ti_query *tq, double s_star, double tol_t,
                    int max_steps)
{
    if (!tq->query)
        return 0;
    const double s0 = a->s_clear;
    const double widths[2] = {fmin(4.0 * (s_star - s0) + 0x1p-20 * fmin(tol_t, 1.0), tol_t),
                              tol_t};
    for (int k = 0; k < 2; ++k) {
        double s1 = fmin(s0 + widths[k], 1.0);
        if (s1 - s0 > tol_t)
            s1 = nextafter(s1, 0.0);
        if (!(s1 > s0) || (k == 1 && !(widths[1] > widths[0])) || a->checks >= max_steps)
            break;
        ++a->checks;
        if (ccd_ti_crossing_proven(tq->query, s0 * tq->t_max, s1 * tq->t_max)) {
            a->s_contact = s1;
            return 1;
        }
    }
    return 0;
}

ccd_ti_advance_end ccd_ti_advance_time(ccd_ti_advance *a, const ccd_ti_query *tq, double tol_t,
                                       int max_steps)
{
    CCD_ASSERT(tol_t > 0.0);
    a->s_clear = 0.0;
    a->s_contact = INFINITY;
    a->checks = 0;
    /* d ≤ ε on some axis: no contact within d is provable; the slabs still clear
     * time certifiably (their margin is T ≥ d + ε), up to where the contact is within
     * tol_t (a bracket if a crossing is proven there), a grazing pass stops them, or
     * the window ends (NONE) */
    const int provable = tq->proof[0] >= 0.0 && tq->proof[1] >= 0.0 && tq->proof[2] >= 0.0;
    int basis[3] = {-1, -1, -1}; /* the LP's warm start */
    int near = 0; /* d ≤ ε: steps taken within tol_t of s* */
    while (a->checks < max_steps) {
        const double s0 = a->s_clear;
        double uv[2], w[3];
        ++a->checks;
        const int probe = ccd_ti_probe_time(uv, w, basis, tq, s0 * tq->t_max);
        if (probe == 1) { /* a contact at s0 itself: toi = s0 */
            a->s_contact = s0;
            return CCD_TI_ADVANCE_BRACKET;
        }
        if (probe == 0)
            return CCD_TI_ADVANCE_OPEN; /* F(s0, ·) within the LP's precision of d */
        double pass;
        const double s_star = reach(&pass, tq, w, s0);
        if (s_star >= 1.0 && ccd_ti_slab_excluded(tq, w, s0 * tq->t_max, tq->t_max)) {
            a->s_clear = 1.0;
            return CCD_TI_ADVANCE_NONE;
        }
        /* d ≤ ε, within tol_t of s*: a contact cannot be proven, but a pass that
         * misses (by more than the filter's error) is still told apart.  Each step
         * cuts the gap to s* by 2^8, and once the gap along w is below the miss,
         * the LP at the new s_clear turns to the miss's direction (a vertex passing
         * beside a triangle's corner: from the face's normal to the side), which
         * clears the rest of the window.  At a crossing the slabs fail within the
         * filter's error, or this stops after ADVANCE_NEAR_STEPS: a crossing proven
         * there brackets the toi; else the search takes over above s_clear. */
        if (s_star - s0 <= tol_t && !provable && ++near > ADVANCE_NEAR_STEPS)
            return crossing(a, tq, s_star, tol_t, max_steps) ? CCD_TI_ADVANCE_BRACKET
                                                             : CCD_TI_ADVANCE_OPEN;
        if (s_star - s0 <= tol_t && provable && a->checks < max_steps) {
            /* toi is near s*: prove a contact halfway through the d-cube (at small d
             * the vertex or edge may be through it before s0 + tol_t), at most at
             * s0 + tol_t (rounded down) */
            double s1 = fmin(fmin(s0 + tol_t, s_star + 0.5 * pass), 1.0);
            if (s1 - s0 > tol_t)
                s1 = nextafter(s1, 0.0);
            double w1[3]; /* w stays the direction of s0 for step 3 */
            ++a->checks;
            if (ccd_ti_probe_time(uv, w1, basis, tq, s1 * tq->t_max) == 1) {
                a->s_contact = s1;
                return CCD_TI_ADVANCE_BRACKET;
            }
        }
        double step = ADVANCE_AIM * (s_star - s0);
        int cleared = 0;
        for (int k = 0; k < ADVANCE_TRIES && !cleared; ++k, step *= 0.25) {
            const double s1 = fmin(s0 + step, 1.0);
            if (s1 > s0 && ccd_ti_slab_excluded(tq, w, s0 * tq->t_max, s1 * tq->t_max))
                a->s_clear = s1, cleared = 1;
        }
        if (!cleared) /* within the filter's error of the contact: a crossing there? */
            return !provable && s_star - s0 <= tol_t && crossing(a, tq, s_star, tol_t, max_steps)
                       ? CCD_TI_ADVANCE_BRACKET
                       : CCD_TI_ADVANCE_OPEN;
    }
    return CCD_TI_ADVANCE_OPEN;
}
