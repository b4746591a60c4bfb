/* SPDX-License-Identifier: MIT */
/*
 * A contact proven at a fixed time t: some (u, v) of the domain with |F(t, u, v)|∞ ≤ d,
 * exactly.  The level search (stop=prove, ccd_ti_search_bfs) uses it to end early: the
 * exact toi is ≥ the lower time bound t_lo of the level's first colliding box, so a
 * contact proven at t_c ∈ [t_lo, t_lo + τ] brackets the toi in [t_lo, t_c]; a contact
 * proven at that box's end bounds the toi from above, so later boxes can be skipped.
 *
 * At a fixed t, F(t, ·) is affine in (u, v) (VF: Q − u·E1 − v·E2, EE: A + u·EA − C − v·EB;
 * Wang et al. 2021 eq. 1–2), so the points within d form a convex polygon (six
 * half-planes |F_i| ≤ d and the domain).  A candidate deep inside it comes from a
 * tiny linear program in doubles, solved by enumerating its vertices:
 *
 *   maximize s  subject to  ±(a_i + b_i·u + c_i·v) + s ≤ P_i  (i = x, y, z),
 *                           the domain (VF: u ≥ 0, v ≥ 0, u + v ≤ 1; EE: [0, 1]²),
 *
 * with P the proof bounds below (0 on an axis where d ≤ ε, where nothing is proven and
 * the LP only gives the time advance its direction), a = F̂(t, 0, 0), b = F̂(t, 1, 0) − a
 * and c = F̂(t, 0, 1) − a.  Nothing here is trusted: the candidate is rounded down to the
 * grid 2^-40 (so u ≤ 1 − v is exact) and proven exactly as the contact-at-start test
 * does: F̂ = ccd_ti_corner_value(t, u, v), the kernels' operation sequence, has
 * |F̂_i − F_i| ≤ ε_i for every double t, u, v in [0, 1] (tight_inclusion_filter.md:
 * the bound assumes only t, u, v ∈ [0, 1], not t = 0), so |F̂_i| ≤ P_i ≤ d − ε_i (ccd_ti_proof_bound)
 * proves |F_i| ≤ d.  A wrong,
 * degenerate or empty LP only makes the proof fail; it never proves a false contact.
 *
 * The time advance (tight_inclusion_advance.c) asks the same LP through
 * ccd_ti_probe_time.  When its optimum s is negative (F(t, ·) misses the cube of
 * half-width P), the dual of the optimal vertex gives the direction of separation w
 * (dual_direction), a candidate that ccd_ti_slab_excluded certifies.
 *
 * The LP is solved by the simplex method (simplex), from the last optimal rows when
 * their vertex is still feasible (the advance probes nearby times, where the same
 * three rows usually stay optimal: a warm start) or else from a corner of the
 * domain, with Bland's rule against cycling: a few pivots of a 3 × 3 inverse instead
 * of the 84–120 Cramer solves of enumerating every vertex, which was three quarters
 * of tight-inclusion's time on cloth-funnel's vertex-face queries at d = 0.  Its end
 * is accepted only by the test the enumeration's answer passes too (optimal: vertex
 * feasible, λ ≥ 0, in the same Cramer arithmetic, the rows in increasing order, so
 * that a unique optimum gives the enumeration's x and w to the bit); when the
 * pivots do not get there (rounding at a degenerate vertex, a near-singular basis),
 * the vertices are enumerated as before (best_vertex).
 */
#include <config.h>

#include "methods/tight_inclusion.h"

#include "core/assert.h"

#include <math.h>

#define STOP_GRID 0x1p-40
#define STOP_MAX_ROWS 10

/* One constraint row: g·(u, v, s) ≤ h, a vertex on it feasible within h + slack and
 * its dual multiplier λ nonnegative within −dual_slack (the rounding of vertices and
 * multipliers, each in its own units: the F rows' h and the domain rows' λ scale
 * with the coordinates, the F rows' λ and the domain rows' h do not, so that the
 * LP's choices are the same for a query scaled by 2^k). */
typedef struct stop_row {
    double g[3], h, slack, dual_slack;
} stop_row;

static double det3(const double m[3][3])
{
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
           m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

/* Solve m·x = rhs by Cramer's rule; 0 when m is near-singular or x is not finite. */
static int cramer(double x[3], const double m[3][3], const double rhs[3])
{
    const double det = det3(m);
    if (!(fabs(det) > 1e-300))
        return 0;
    for (int c = 0; c < 3; ++c) {
        double mc[3][3];
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b)
                mc[a][b] = b == c ? rhs[a] : m[a][b];
        x[c] = det3(mc) / det;
    }
    return isfinite(x[0]) && isfinite(x[1]) && isfinite(x[2]);
}

/* The vertex where rows i, j, k are tight; 0 when near-singular. */
static int vertex(double x[3], const stop_row *r, int i, int j, int k)
{
    const stop_row *p[3] = {&r[i], &r[j], &r[k]};
    double m[3][3];
    for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
            m[a][b] = p[a]->g[b];
    const double h[3] = {p[0]->h, p[1]->h, p[2]->h};
    return cramer(x, m, h);
}

/* The dual multipliers of the vertex where the rows tight[0..2] are tight: λ solves
 * Σ λ_a·g_{tight[a]} = (0, 0, 1), the transposed system.  0 when near-singular. */
static int multipliers(double lambda[3], const stop_row *r, const int tight[3])
{
    double mt[3][3]; /* column a is the row g of tight[a] */
    for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
            mt[b][a] = r[tight[a]].g[b];
    static const double e_s[3] = {0.0, 0.0, 1.0};
    return cramer(lambda, mt, e_s);
}

/* The LP's direction of separation: at the optimal vertex (tight rows i, j, k) the
 * dual multipliers λ solve Σ λ_r·g_r = (0, 0, 1); the rows ±F_a + s ≤ P_a among them
 * give w = Σ λ_r·(±e_a), the direction along which F(t, ·) is farthest from the
 * d-cube (the combination's (u, v) terms are paid for by the domain rows).  Plain
 * floating point: w is only a candidate, ccd_ti_slab_excluded certifies it.  0 when
 * the vertex is near-singular or holds no F row. */
static int dual_direction(double w[3], const stop_row *r, const int tight[3])
{
    double lambda[3];
    if (!multipliers(lambda, r, tight))
        return 0;
    w[0] = w[1] = w[2] = 0.0;
    int any = 0;
    for (int c = 0; c < 3; ++c)
        if (tight[c] < 6) { /* an F row, not a domain row */
            w[tight[c] / 2] += tight[c] % 2 ? -lambda[c] : lambda[c];
            any = 1;
        }
    return any;
}

/* Rows 0–5 are the F rows: a vertex of domain rows alone leaves s free. */
static inline int tight_has_no_f_row(int i, int j, int k)
{
    return i >= 6 && j >= 6 && k >= 6;
}

/* Is the dual of the rows tight[] feasible: λ ≥ 0 (within rounding)? */
static int dual_feasible(const stop_row *r, const int tight[3])
{
    double lambda[3];
    if (!multipliers(lambda, r, tight))
        return 0;
    for (int c = 0; c < 3; ++c)
        if (!(lambda[c] >= -r[tight[c]].dual_slack))
            return 0;
    return 1;
}

/* Is the vertex x feasible, within each row's slack? */
static int feasible(const double x[3], const stop_row *r, int n)
{
    for (int m = 0; m < n; ++m)
        if (!(r[m].g[0] * x[0] + r[m].g[1] * x[1] + r[m].g[2] * x[2] <= r[m].h + r[m].slack))
            return 0;
    return 1;
}

/* Is the vertex of rows tight[] feasible and is its dual feasible?  Then it is
 * optimal: the simplex method's test.  Used to reuse the last optimal rows (a warm
 * start) instead of enumerating vertices, and to pick, at a degenerate optimum (more
 * than three rows tight), rows whose dual gives the direction. */
static int optimal(double x[3], const stop_row *r, int n, const int tight[3])
{
    return vertex(x, r, tight[0], tight[1], tight[2]) && dual_feasible(r, tight) &&
           feasible(x, r, n);
}

/* The rows of the LP above at time t, in r; returns their number.  Rows 2i and
 * 2i + 1 are +F_i and −F_i (dual_direction reads the axis and sign off the index),
 * the domain's follow. */
static int lp_rows(stop_row r[STOP_MAX_ROWS], const ccd_ti_query *tq, double t)
{
    double a[3], b1[3], c1[3];
    ccd_ti_corner_value(a, tq, t, 0.0, 0.0);
    ccd_ti_corner_value(b1, tq, t, 1.0, 0.0);
    ccd_ti_corner_value(c1, tq, t, 0.0, 1.0);
    int n = 0;
    double half[3]; /* the cube's half-widths P; 0 where nothing is provable (d ≤ ε): the
                     * LP then only gives the advance a direction (ccd_ti_probe_time) */
    double scale = 0.0; /* of the F rows: 2^k for a query scaled by 2^k */
    for (int i = 0; i < 3; ++i) {
        half[i] = fmax(tq->proof[i], 0.0);
        scale += fabs(a[i]) + fabs(b1[i] - a[i]) + fabs(c1[i] - a[i]);
    }
    const double unit = 1e-12, scaled = 1e-12 * (half[0] + scale);
    for (int i = 0; i < 3; ++i) {
        const double bi = b1[i] - a[i], ci = c1[i] - a[i];
        r[n++] = (stop_row){{bi, ci, 1.0}, half[i] - a[i], scaled, unit};
        r[n++] = (stop_row){{-bi, -ci, 1.0}, half[i] + a[i], scaled, unit};
    }
    r[n++] = (stop_row){{-1.0, 0.0, 0.0}, 0.0, unit, scaled}; /* u ≥ 0 */
    r[n++] = (stop_row){{0.0, -1.0, 0.0}, 0.0, unit, scaled}; /* v ≥ 0 */
    if (tq->kind == CCD_VF) {
        r[n++] = (stop_row){{1.0, 1.0, 0.0}, 1.0, unit, scaled}; /* u + v ≤ 1 */
    } else {
        r[n++] = (stop_row){{1.0, 0.0, 0.0}, 1.0, unit, scaled};
        r[n++] = (stop_row){{0.0, 1.0, 0.0}, 1.0, unit, scaled};
    }
    CCD_ASSERT(n <= STOP_MAX_ROWS);
    return n;
}

/* Vertex enumeration: the feasible vertex x of largest s and its rows; tight[0] < 0
 * when none was found. */
static void best_vertex(double x[3], int tight[3], const stop_row *r, int n)
{
    x[2] = -INFINITY;
    tight[0] = tight[1] = tight[2] = -1;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            for (int k = j + 1; k < n; ++k) {
                double y[3];
                if (tight_has_no_f_row(i, j, k) || !vertex(y, r, i, j, k) || !(y[2] > x[2]) ||
                    !feasible(y, r, n))
                    continue;
                x[0] = y[0], x[1] = y[1], x[2] = y[2];
                tight[0] = i, tight[1] = j, tight[2] = k;
            }
}

/* The first rows found optimal (feasible vertex, λ ≥ 0), in x and tight; 0 when none. */
static int optimal_rows(double x[3], int tight[3], const stop_row *r, int n)
{
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            for (int k = j + 1; k < n; ++k) {
                const int rows[3] = {i, j, k};
                if (!tight_has_no_f_row(i, j, k) && optimal(x, r, n, rows)) {
                    tight[0] = i, tight[1] = j, tight[2] = k;
                    return 1;
                }
            }
    return 0;
}

/* The inverse of the matrix whose rows are the g of rows basis[0..2]: for rows a, b,
 * c its columns are b × c, c × a and a × b over det = a · (b × c).  0 when
 * near-singular (as cramer). */
static int basis_inverse(double inv[3][3], const stop_row *r, const int basis[3])
{
    const double *a = r[basis[0]].g, *b = r[basis[1]].g, *c = r[basis[2]].g;
    const double col[3][3] = {
        {b[1] * c[2] - b[2] * c[1], b[2] * c[0] - b[0] * c[2], b[0] * c[1] - b[1] * c[0]},
        {c[1] * a[2] - c[2] * a[1], c[2] * a[0] - c[0] * a[2], c[0] * a[1] - c[1] * a[0]},
        {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]},
    };
    const double det = a[0] * col[0][0] + a[1] * col[0][1] + a[2] * col[0][2];
    if (!(fabs(det) > 1e-300))
        return 0;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            inv[i][j] = col[j][i] / det;
    return isfinite(inv[0][0] + inv[0][1] + inv[0][2] + inv[1][0] + inv[1][1] + inv[1][2] +
                    inv[2][0] + inv[2][1] + inv[2][2]);
}

/* The vertex of the rows basis[], x = M^-1 h_B, from the inverse of their matrix. */
static void basis_vertex(double x[3], const double inv[3][3], const stop_row *r,
                         const int basis[3])
{
    for (int c = 0; c < 3; ++c)
        x[c] = inv[c][0] * r[basis[0]].h + inv[c][1] * r[basis[1]].h + inv[c][2] * r[basis[2]].h;
}

static int in_basis(int m, const int basis[3])
{
    return m == basis[0] || m == basis[1] || m == basis[2];
}

/* A feasible first basis: the corner u = v = 0 of the domain (rows 6 and 7) with s as
 * large as the F rows allow there, s = min_m h_m (the F row of that minimum is
 * tight).  Its matrix has determinant ±1, whatever the query. */
static void corner_basis(int basis[3], const stop_row *r)
{
    int best = 0;
    for (int m = 1; m < 6; ++m)
        if (r[m].h < r[best].h)
            best = m;
    basis[0] = best, basis[1] = 6, basis[2] = 7;
}

/* The simplex method on max s subject to g_m · x ≤ h_m (m < n), from the basis given
 * when its vertex is feasible, else from corner_basis.  At a vertex (three rows
 * tight: M x = h_B for the rows' matrix M) the multipliers λ = M^-T e_s tell whether
 * it is optimal (λ ≥ 0, within each row's dual slack); else the first row (Bland)
 * with λ_l < 0 leaves: along d = −M^-1 e_l the other two stay tight, row l comes off
 * and s grows by −λ_l per unit; the first row that d runs into (the smallest index
 * among ties, Bland) enters.  Returns 1 with the vertex x and its rows (in increasing
 * order) when optimal() accepts the end, 0 otherwise (basis is then unspecified). */
static int simplex(double x[3], int basis[3], const stop_row *r, int n)
{
    enum { MAX_PIVOTS = 32 };
    double inv[3][3];
    if (!(basis[0] >= 0 && basis[0] < n && basis[1] >= 0 && basis[1] < n && basis[2] >= 0 &&
          basis[2] < n && basis_inverse(inv, r, basis))) {
        corner_basis(basis, r);
        if (!basis_inverse(inv, r, basis))
            return 0;
    }
    basis_vertex(x, inv, r, basis);
    if (!feasible(x, r, n)) { /* the last optimum is not feasible at this t */
        corner_basis(basis, r);
        if (!basis_inverse(inv, r, basis))
            return 0;
        basis_vertex(x, inv, r, basis);
    }
    for (int pivot = 0; pivot < MAX_PIVOTS; ++pivot) {
        /* λ = M^-T e_s: the last row of M^-1 */
        int leave = -1;
        for (int c = 0; c < 3; ++c)
            if (inv[2][c] < -r[basis[c]].dual_slack && (leave < 0 || basis[c] < basis[leave]))
                leave = c;
        if (leave < 0) { /* λ ≥ 0: optimal, if the Cramer arithmetic agrees */
            for (int a = 0; a < 2; ++a) /* sort the three rows */
                for (int b = 0; b < 2 - a; ++b)
                    if (basis[b] > basis[b + 1]) {
                        const int tmp = basis[b];
                        basis[b] = basis[b + 1], basis[b + 1] = tmp;
                    }
            return optimal(x, r, n, basis);
        }
        const double d[3] = {-inv[0][leave], -inv[1][leave], -inv[2][leave]};
        int enter = -1;
        double step = INFINITY;
        for (int m = 0; m < n; ++m) {
            if (in_basis(m, basis))
                continue;
            const double rate = r[m].g[0] * d[0] + r[m].g[1] * d[1] + r[m].g[2] * d[2];
            if (!(rate > 0.0))
                continue;
            const double room = r[m].h - (r[m].g[0] * x[0] + r[m].g[1] * x[1] + r[m].g[2] * x[2]);
            const double t_m = fmax(room, 0.0) / rate;
            if (t_m < step)
                step = t_m, enter = m;
        }
        if (enter < 0) /* unbounded: not with the domain and the F rows, only by rounding */
            return 0;
        basis[leave] = enter;
        if (!basis_inverse(inv, r, basis))
            return 0;
        basis_vertex(x, inv, r, basis);
    }
    return 0;
}

/* Solve the LP above at time t.  Returns 1 with a candidate (u, v) (no claim
 * attached) when its optimum s is ≥ 0, −1 with a candidate direction w when s < 0
 * (F(t, ·) misses the d-cube, as far as doubles tell), 0 when neither was found.
 * basis (in/out): the rows tight at the last optimum, tried first; {−1, −1, −1}
 * for none. */
static int solve(double uv[2], double w[3], const ccd_ti_query *tq, double t, int basis[3])
{
    stop_row r[STOP_MAX_ROWS];
    double x[3];
    const int n = lp_rows(r, tq, t);
    if (!simplex(x, basis, r, n)) {
        best_vertex(x, basis, r, n);
        if (basis[0] < 0)
            return 0;
        /* A degenerate optimum (a face of (u, v) all at the best s, or more than
         * three rows through the vertex) may have been reached through rows whose λ
         * is not ≥ 0; their w is no direction of separation (a vertex head-on to a
         * face, L∞ 1 away on three axes at once, gave w = (2, 0, 1)).  Look for
         * optimal rows; the enumeration's vertex stays if there are none. */
        if (x[2] < 0.0 && !dual_feasible(r, basis)) {
            double y[3];
            int rows[3];
            if (optimal_rows(y, rows, r, n))
                for (int c = 0; c < 3; ++c)
                    x[c] = y[c], basis[c] = rows[c];
        }
    }
    uv[0] = x[0], uv[1] = x[1];
    if (x[2] >= 0.0)
        return 1;
    return dual_direction(w, r, basis) ? -1 : 0;
}

/* Prove the candidate (u, v) at t: onto the grid, inside the domain (multiples of 2^-40
 * in [0, 1] are exact, and so are their sums and 1 − v), evaluated with the kernels'
 * operations and compared with the proof bounds. */
static int prove(double uv[2], const ccd_ti_query *tq, double t, const double c[2])
{
    double u = floor(fmin(fmax(c[0], 0.0), 1.0) / STOP_GRID) * STOP_GRID;
    double v = floor(fmin(fmax(c[1], 0.0), 1.0) / STOP_GRID) * STOP_GRID;
    if (tq->kind == CCD_VF && !(u <= 1.0 - v))
        u = 1.0 - v;
    double f[3];
    ccd_ti_corner_value(f, tq, t, u, v);
    for (int axis = 0; axis < 3; ++axis)
        if (!(fabs(f[axis]) <= tq->proof[axis]))
            return 0;
    uv[0] = u, uv[1] = v;
    return 1;
}

static int provable(const ccd_ti_query *tq, double t)
{
    for (int axis = 0; axis < 3; ++axis)
        if (tq->proof[axis] < 0.0)
            return 0; /* d ≤ ε: nothing is provable */
    return t >= 0.0 && t <= 1.0;
}

int ccd_ti_contact_at_time(double uv[2], const ccd_ti_query *tq, double t)
{
    double c[2], w[3];
    int basis[3] = {-1, -1, -1};
    return provable(tq, t) && solve(c, w, tq, t, basis) == 1 && prove(uv, tq, t, c);
}

int ccd_ti_probe_time(double uv[2], double w[3], int basis[3], const ccd_ti_query *tq, double t)
{
    if (!(t >= 0.0 && t <= 1.0))
        return 0;
    double c[2];
    const int lp = solve(c, w, tq, t, basis);
    if (lp == 1) /* F(t, ·) meets the cube, in doubles: a contact if it can be proven */
        return provable(tq, t) && prove(uv, tq, t, c);
    return lp;
}

double ccd_ti_lp_optimum(int basis[3], const ccd_ti_query *tq, double t, ccd_ti_lp_solver solver)
{
    stop_row r[STOP_MAX_ROWS];
    double x[3];
    const int n = lp_rows(r, tq, t);
    if (solver == CCD_TI_LP_SIMPLEX)
        return simplex(x, basis, r, n) ? x[2] : NAN;
    best_vertex(x, basis, r, n);
    return basis[0] >= 0 ? x[2] : NAN;
}
