/* SPDX-License-Identifier: MIT */
/*
 * The exact triangle–triangle term, the centred closed form and the smoothstep of
 * Ye, Wu, Komura and Pan, "Efficient Differentiable Contact Model with Long-Range
 * Influence" (see include/ccdbench/potential.h).
 *
 * The exact term minimises L(p) over p = (n, d) by damped Newton.  L is +∞
 * outside the open set {‖n‖ < 1, every g_k = ⟨a_k, n⟩ + d > 0, every h_k =
 * −⟨b_k, n⟩ − d > 0}, which is empty exactly when the triangles' hulls meet; a
 * start inside it comes from a separating axis, and every step is halved until it
 * stays inside and decreases L, so no iterate is ever infeasible and the value is
 * never NaN.
 */
#include <config.h>

#include "ccdbench/potential.h"

#include <float.h>
#include <math.h>
#include <string.h>

const char *ccd_potential_status_name(ccd_potential_status s)
{
    switch (s) {
    case CCD_POTENTIAL_OK:
        return "ok";
    case CCD_POTENTIAL_CONTACT:
        return "contact";
    case CCD_POTENTIAL_NOT_CONVERGED:
        return "not converged";
    }
    return "?";
}

void ccd_potential_centred(double out[3], double r)
{
    /* P = 12 (1 + r^-1/2)²: the optimum of the collapsed program is the midplane
     * with ‖n‖ = 1/(1 + √r). */
    double q = 1.0 / sqrt(r); /* r^-1/2 */
    double w = 1.0 + q;
    out[0] = 12.0 * w * w;
    out[1] = -12.0 * w * q / r;                       /* 24 w · (−½ r^-3/2) */
    out[2] = 6.0 * q * q / (r * r) + 18.0 * w * q / (r * r); /* d/dr of the above */
}

void ccd_potential_smoothstep(double out[3], double u)
{
    if (u <= 0) {
        out[0] = out[1] = out[2] = 0;
        return;
    }
    if (u >= 1) {
        out[0] = 1, out[1] = out[2] = 0;
        return;
    }
    double v = u - 1;
    out[0] = u * u * u * (u * (6 * u - 15) + 10);
    out[1] = 30 * u * u * v * v;
    out[2] = 60 * u * v * (2 * u - 1);
}

/* ------------------------------------------------------------------ exact term */

static double dot3(const double *x, const double *y)
{
    return x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
}
static void cross3(double *out, const double *x, const double *y)
{
    out[0] = x[1] * y[2] - x[2] * y[1];
    out[1] = x[2] * y[0] - x[0] * y[2];
    out[2] = x[0] * y[1] - x[1] * y[0];
}

/* min_k ⟨a_k, u⟩ − max_k ⟨b_k, u⟩ over ‖u‖: > 0 when u separates a from b. */
static double margin(const double a[9], const double b[9], const double u[3])
{
    double len = sqrt(dot3(u, u));
    if (!(len > 0) || !isfinite(len))
        return -INFINITY;
    double amin = INFINITY, bmax = -INFINITY;
    for (int k = 0; k < 3; k++) {
        amin = fmin(amin, dot3(a + 3 * k, u));
        bmax = fmax(bmax, dot3(b + 3 * k, u));
    }
    return (amin - bmax) / len;
}

/* The best separating axis among the candidates of the separating axis theorem
 * for two possibly degenerate triangles: both normals, edge × edge, normal × edge,
 * vertex differences and their components across each edge (points and segments).
 * Returns the margin (≤ 0: no candidate separates) and the unit axis in u. */
static double separating_axis(double u[3], const double a[9], const double b[9])
{
    double ea[3][3], eb[3][3], w[9][3], cand[3];
    for (int k = 0; k < 3; k++)
        for (int c = 0; c < 3; c++) {
            ea[k][c] = a[3 * ((k + 1) % 3) + c] - a[3 * k + c];
            eb[k][c] = b[3 * ((k + 1) % 3) + c] - b[3 * k + c];
        }
    for (int k = 0; k < 3; k++)
        for (int l = 0; l < 3; l++)
            for (int c = 0; c < 3; c++)
                w[3 * k + l][c] = a[3 * k + c] - b[3 * l + c];
    double best = -INFINITY;
#define TRY(v)                                                                                    \
    do {                                                                                          \
        double m_ = margin(a, b, (v));                                                            \
        if (m_ > best) {                                                                          \
            best = m_;                                                                            \
            memcpy(u, (v), sizeof cand);                                                          \
        }                                                                                         \
        double neg_[3] = {-(v)[0], -(v)[1], -(v)[2]};                                             \
        m_ = margin(a, b, neg_);                                                                  \
        if (m_ > best) {                                                                          \
            best = m_;                                                                            \
            memcpy(u, neg_, sizeof cand);                                                         \
        }                                                                                         \
    } while (0)
    double na[3], nb[3];
    cross3(na, ea[0], ea[1]);
    cross3(nb, eb[0], eb[1]);
    for (int k = 0; k < 9; k++)
        TRY(w[k]);
    TRY(na);
    TRY(nb);
    for (int k = 0; k < 3; k++) {
        cross3(cand, na, ea[k]);
        TRY(cand);
        cross3(cand, nb, eb[k]);
        TRY(cand);
        for (int l = 0; l < 3; l++) {
            cross3(cand, ea[k], eb[l]);
            TRY(cand);
        }
        for (int j = 0; j < 9; j++) {
            double t[3];
            cross3(t, w[j], ea[k]);
            cross3(cand, ea[k], t);
            TRY(cand);
            cross3(t, w[j], eb[k]);
            cross3(cand, eb[k], t);
            TRY(cand);
        }
    }
#undef TRY
    if (best > 0) {
        double len = sqrt(dot3(u, u));
        for (int c = 0; c < 3; c++)
            u[c] /= len;
    }
    return best;
}

typedef struct program {
    const double *a, *b;
    double g[3], h[3]; /* the six gaps at the current p */
    double s;          /* ‖n‖ */
} program;

/* L at p, or +∞ outside the domain (fills pr's gaps). */
static double objective(program *pr, const double p[4])
{
    pr->s = sqrt(dot3(p, p));
    if (!(pr->s < 1))
        return INFINITY;
    double L = 12.0 / (1.0 - pr->s);
    for (int k = 0; k < 3; k++) {
        pr->g[k] = dot3(pr->a + 3 * k, p) + p[3];
        pr->h[k] = -dot3(pr->b + 3 * k, p) - p[3];
        if (!(pr->g[k] > 0 && pr->h[k] > 0))
            return INFINITY;
        L += 1.0 / pr->g[k] + 1.0 / pr->h[k];
    }
    return L;
}

/* ∇L and ∇²L (4 × 4) at the point objective() last evaluated. */
static void derivatives(double grad[4], double H[16], const program *pr, const double p[4])
{
    double s = pr->s, u[3] = {p[0] / s, p[1] / s, p[2] / s};
    double c1 = 12.0 / ((1 - s) * (1 - s)), radial = 24.0 / ((1 - s) * (1 - s) * (1 - s)),
           tangential = 12.0 / (s * (1 - s) * (1 - s));
    memset(H, 0, 16 * sizeof *H);
    for (int i = 0; i < 3; i++) {
        grad[i] = c1 * u[i];
        for (int j = 0; j < 3; j++)
            H[4 * i + j] = (radial - tangential) * u[i] * u[j] + (i == j ? tangential : 0);
    }
    grad[3] = 0;
    for (int k = 0; k < 3; k++) {
        /* 1/g: ∇ = −(a, 1)/g², ∇² = 2 (a, 1)(a, 1)ᵀ/g³; 1/h: +(b, 1)/h², 2 (b, 1)(b, 1)ᵀ/h³ */
        double xa[4] = {pr->a[3 * k], pr->a[3 * k + 1], pr->a[3 * k + 2], 1};
        double xb[4] = {pr->b[3 * k], pr->b[3 * k + 1], pr->b[3 * k + 2], 1};
        double g = pr->g[k], h = pr->h[k];
        for (int i = 0; i < 4; i++) {
            grad[i] += -xa[i] / (g * g) + xb[i] / (h * h);
            for (int j = 0; j < 4; j++)
                H[4 * i + j] += 2 * xa[i] * xa[j] / (g * g * g) + 2 * xb[i] * xb[j] / (h * h * h);
        }
    }
}

/* x = M⁻¹ y for a symmetric positive definite 4 × 4 M (Cholesky); -1 if not SPD. */
static int solve4(double x[4], const double M[16], const double y[4])
{
    double Lc[16] = {0};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j <= i; j++) {
            double s = M[4 * i + j];
            for (int k = 0; k < j; k++)
                s -= Lc[4 * i + k] * Lc[4 * j + k];
            if (i == j) {
                if (!(s > 0))
                    return -1;
                Lc[4 * i + i] = sqrt(s);
            } else {
                Lc[4 * i + j] = s / Lc[4 * j + j];
            }
        }
    double z[4];
    for (int i = 0; i < 4; i++) {
        double s = y[i];
        for (int k = 0; k < i; k++)
            s -= Lc[4 * i + k] * z[k];
        z[i] = s / Lc[4 * i + i];
    }
    for (int i = 3; i >= 0; i--) {
        double s = z[i];
        for (int k = i + 1; k < 4; k++)
            s -= Lc[4 * k + i] * x[k];
        x[i] = s / Lc[4 * i + i];
    }
    return 0;
}

enum { MAX_NEWTON = 200 };

ccd_potential_status ccd_potential_triangles(double *value, double *grad, double *hess,
                                             double *plane, const double a[9], const double b[9])
{
    double u[3] = {0, 0, 0};
    double sep = separating_axis(u, a, b);
    if (!(sep > 0)) {
        *value = INFINITY;
        return CCD_POTENTIAL_CONTACT;
    }
    /* Start: half-unit normal along the axis, plane midway between the sides. */
    double amin = INFINITY, bmax = -INFINITY;
    for (int k = 0; k < 3; k++) {
        amin = fmin(amin, dot3(a + 3 * k, u));
        bmax = fmax(bmax, dot3(b + 3 * k, u));
    }
    double p[4] = {0.5 * u[0], 0.5 * u[1], 0.5 * u[2], -0.25 * (amin + bmax)};
    program pr = {.a = a, .b = b};
    double L = objective(&pr, p);
    if (!isfinite(L)) { /* the margin was below rounding: as good as touching */
        *value = INFINITY;
        return CCD_POTENTIAL_CONTACT;
    }
    /* Damped Newton until the decrement λ² = −∇L·Δ is at rounding level; in the
     * quadratic region (λ² ≤ 1e-12 L) full steps are taken as long as they stay
     * feasible, which polishes ∂L/∂d = 0 (the forces' balance) to rounding. */
    ccd_potential_status status = CCD_POTENTIAL_NOT_CONVERGED;
    double gL[4], HL[16];
    int polish = 0;
    for (int it = 0; it < MAX_NEWTON; it++) {
        derivatives(gL, HL, &pr, p);
        double step[4], neg[4] = {-gL[0], -gL[1], -gL[2], -gL[3]};
        if (solve4(step, HL, neg) != 0)
            break;
        double decrement = -(gL[0] * step[0] + gL[1] * step[1] + gL[2] * step[2] +
                             gL[3] * step[3]);
        int quadratic = decrement <= 1e-12 * L;
        if (decrement <= 1e-30 * L || (quadratic && polish == 3)) {
            status = CCD_POTENTIAL_OK;
            break;
        }
        double t = 1, trial[4], Lt = INFINITY;
        program tp = pr;
        for (int ls = 0; ls < 80; ls++, t *= 0.5) {
            for (int i = 0; i < 4; i++)
                trial[i] = p[i] + t * step[i];
            tp = pr;
            Lt = objective(&tp, trial);
            if (Lt <= L - 0.25 * t * decrement || (quadratic && isfinite(Lt)))
                break;
        }
        if (!isfinite(Lt) || (!quadratic && !(Lt < L))) {
            status = quadratic ? CCD_POTENTIAL_OK : CCD_POTENTIAL_NOT_CONVERGED;
            break;
        }
        polish += quadratic;
        memcpy(p, trial, sizeof p);
        pr = tp;
        L = Lt;
    }
    objective(&pr, p);
    derivatives(gL, HL, &pr, p);
    *value = L;
    if (plane)
        memcpy(plane, p, sizeof p);
    const double *n = p;
    if (grad) /* envelope theorem: ∂P/∂a_k = −n/g_k², ∂P/∂b_k = n/h_k² */
        for (int k = 0; k < 3; k++)
            for (int c = 0; c < 3; c++) {
                grad[3 * k + c] = -n[c] / (pr.g[k] * pr.g[k]);
                grad[9 + 3 * k + c] = n[c] / (pr.h[k] * pr.h[k]);
            }
    if (hess) {
        /* implicit functions: ∇²P = L_xx − L_xp L_pp⁻¹ L_px */
        double Lxp[18][4];
        memset(hess, 0, 18 * 18 * sizeof *hess);
        for (int k = 0; k < 6; k++) {
            int side_a = k < 3;
            const double *x = side_a ? a + 3 * k : b + 3 * (k - 3);
            double gap = side_a ? pr.g[k] : pr.h[k - 3];
            double g2 = gap * gap, g3 = g2 * gap;
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    hess[(3 * k + r) * 18 + 3 * k + c] = 2 * n[r] * n[c] / g3;
                    Lxp[3 * k + r][c] = (side_a ? -1 : 1) * (r == c ? 1 / g2 : 0) +
                                        2 * n[r] * x[c] / g3;
                }
                Lxp[3 * k + r][3] = 2 * n[r] / g3;
            }
        }
        for (int i = 0; i < 18; i++) {
            double z[4];
            if (solve4(z, HL, Lxp[i]) != 0) { /* L_pp is positive definite on the domain */
                status = CCD_POTENTIAL_NOT_CONVERGED;
                break;
            }
            for (int j = 0; j < 18; j++)
                hess[i * 18 + j] -= Lxp[j][0] * z[0] + Lxp[j][1] * z[1] + Lxp[j][2] * z[2] +
                                    Lxp[j][3] * z[3];
        }
    }
    return status;
}
