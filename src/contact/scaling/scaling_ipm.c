/* SPDX-License-Identifier: MIT */
/* Dense conic interior-point method (see scaling_ipm.h).  The Nesterov–Todd
 * scaling of a second-order cone block is W = β(2wwᵀ − J), J = diag(1, −1, …),
 * with wᵀJw = 1 (Vandenberghe's CVXOPT notes, "The CVXOPT linear and quadratic
 * cone program solvers", 2010), which maps z and s to the same scaled point λ = Wz = W⁻¹s;
 * a non-negative row has W = √(s/z). */
#include <config.h>

#include "contact/scaling/scaling_ipm.h"

#include <math.h>
#include <string.h>

enum { N = CCD_IPM_MAX_VARS, M = CCD_IPM_MAX_ROWS, B = CCD_IPM_MAX_BLOCKS };

typedef struct scaling {
    double beta[B];       /* √(s/z) of a row; β of a cone */
    double w[M];          /* w of a cone, rows as in s */
} scaling;

static double jdot(const double *a, const double *b, size_t d)
{
    double r = a[0] * b[0];
    for (size_t i = 1; i < d; i++)
        r -= a[i] * b[i];
    return r;
}

/* Smallest eigenvalue of u in its block (u₀ − ‖u₁..‖ for a cone). */
static double block_min(const double *u, size_t d, int soc)
{
    if (!soc)
        return u[0];
    double t = 0;
    for (size_t i = 1; i < d; i++)
        t += u[i] * u[i];
    return u[0] - sqrt(t);
}

static void scaling_make(scaling *W, const ccd_conic_lp *lp, const double *s, const double *z)
{
    size_t r = 0;
    for (size_t b = 0; b < lp->blocks; r += lp->block_dim[b++]) {
        size_t d = lp->block_dim[b];
        if (!lp->block_soc[b]) {
            W->beta[b] = sqrt(s[r] / z[r]);
            continue;
        }
        double sn = sqrt(jdot(s + r, s + r, d)), zn = sqrt(jdot(z + r, z + r, d));
        double sz = 0;
        for (size_t i = 0; i < d; i++)
            sz += s[r + i] * z[r + i];
        double gamma = sqrt((1 + sz / (sn * zn)) / 2);
        /* w̄ = (s̄ + Jz̄)/(2γ) is the normalised scaling point; W uses
         * w = (w̄ + e)/√(2(w̄₀ + 1)), also with wᵀJw = 1 */
        double *w = W->w + r;
        for (size_t i = 0; i < d; i++)
            w[i] = (s[r + i] / sn + (i ? -1 : 1) * z[r + i] / zn) / (2 * gamma);
        double k = sqrt(2 * (w[0] + 1));
        w[0] += 1;
        for (size_t i = 0; i < d; i++)
            w[i] /= k;
        W->beta[b] = sqrt(sn / zn);
    }
}

/* out = W u (inverse: W⁻¹ u = (1/β)(2Jw(wᵀJu) − Ju)); out may not alias u. */
static void scaling_apply(double *out, const scaling *W, const ccd_conic_lp *lp, const double *u,
                          int inverse)
{
    size_t r = 0;
    for (size_t b = 0; b < lp->blocks; r += lp->block_dim[b++]) {
        size_t d = lp->block_dim[b];
        double beta = W->beta[b];
        if (!lp->block_soc[b]) {
            out[r] = inverse ? u[r] / beta : u[r] * beta;
            continue;
        }
        const double *w = W->w + r;
        if (!inverse) {
            double wu = 0;
            for (size_t i = 0; i < d; i++)
                wu += w[i] * u[r + i];
            for (size_t i = 0; i < d; i++)
                out[r + i] = beta * (2 * w[i] * wu - (i ? -1 : 1) * u[r + i]);
        } else {
            double wju = jdot(w, u + r, d);
            for (size_t i = 0; i < d; i++)
                out[r + i] = ((i ? -1 : 1) * (2 * w[i] * wju - u[r + i])) / beta;
        }
    }
}

/* out = a∘b (cone product); and out = a \ d, the solution u of a∘u = d. */
static void cone_product(double *out, const ccd_conic_lp *lp, const double *a, const double *b)
{
    size_t r = 0;
    for (size_t k = 0; k < lp->blocks; r += lp->block_dim[k++]) {
        size_t d = lp->block_dim[k];
        double ab = 0;
        for (size_t i = 0; i < d; i++)
            ab += a[r + i] * b[r + i];
        for (size_t i = 1; i < d; i++)
            out[r + i] = a[r] * b[r + i] + b[r] * a[r + i];
        out[r] = ab;
    }
}

static void cone_divide(double *out, const ccd_conic_lp *lp, const double *a, const double *dv)
{
    size_t r = 0;
    for (size_t k = 0; k < lp->blocks; r += lp->block_dim[k++]) {
        size_t d = lp->block_dim[k];
        if (d == 1) {
            out[r] = dv[r] / a[r];
            continue;
        }
        double a1d1 = 0, a1a1 = 0;
        for (size_t i = 1; i < d; i++)
            a1d1 += a[r + i] * dv[r + i], a1a1 += a[r + i] * a[r + i];
        double u0 = (a[r] * dv[r] - a1d1) / ((a[r] - sqrt(a1a1)) * (a[r] + sqrt(a1a1)));
        for (size_t i = 1; i < d; i++)
            out[r + i] = (dv[r + i] - u0 * a[r + i]) / a[r];
        out[r] = u0;
    }
}

/* Largest t with u + t du in K (INFINITY when unbounded). */
static double max_step(const ccd_conic_lp *lp, const double *u, const double *du)
{
    double t = INFINITY;
    size_t r = 0;
    for (size_t k = 0; k < lp->blocks; r += lp->block_dim[k++]) {
        size_t d = lp->block_dim[k];
        if (!lp->block_soc[k]) {
            if (du[r] < 0)
                t = fmin(t, -u[r] / du[r]);
            continue;
        }
        /* first positive root of a t² + 2b t + c, c = uᵀJu > 0: the path leaves the
         * cone where it first reaches its boundary */
        double a = jdot(du + r, du + r, d), bb = jdot(u + r, du + r, d), c = jdot(u + r, u + r, d);
        double disc = bb * bb - a * c;
        if (a == 0) {
            if (bb < 0)
                t = fmin(t, -c / (2 * bb));
            continue;
        }
        if (disc < 0)
            continue;
        double q = -(bb + copysign(sqrt(disc), bb));
        double r1 = q / a, r2 = q != 0 ? c / q : INFINITY;
        if (r1 > 0)
            t = fmin(t, r1);
        if (r2 > 0)
            t = fmin(t, r2);
    }
    return t;
}

/* Cholesky of the n × n matrix H in place (lower); -1 when not positive definite. */
static int cholesky(double H[N][N], size_t n)
{
    for (size_t j = 0; j < n; j++) {
        double d = H[j][j];
        for (size_t k = 0; k < j; k++)
            d -= H[j][k] * H[j][k];
        if (!(d > 0))
            return -1;
        H[j][j] = sqrt(d);
        for (size_t i = j + 1; i < n; i++) {
            double v = H[i][j];
            for (size_t k = 0; k < j; k++)
                v -= H[i][k] * H[j][k];
            H[i][j] = v / H[j][j];
        }
    }
    return 0;
}

static void cholesky_solve(double *x, double L[N][N], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 0; k < i; k++)
            x[i] -= L[i][k] * x[k];
        x[i] /= L[i][i];
    }
    for (size_t i = n; i-- > 0;) {
        for (size_t k = i + 1; k < n; k++)
            x[i] -= L[k][i] * x[k];
        x[i] /= L[i][i];
    }
}

/* L Lᵀ = (Dᵀ D + δI) with D = rows of A (m × n); -1 when even regularised it fails. */
static int factor_normal(double L[N][N], const double A[M][N], size_t m, size_t n)
{
    for (double delta = 0; delta < 1; delta = delta ? delta * 100 : 1e-14) {
        double trace = 0;
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j <= i; j++) {
                double v = 0;
                for (size_t k = 0; k < m; k++)
                    v += A[k][i] * A[k][j];
                L[i][j] = v;
                if (i == j)
                    trace += v;
            }
        for (size_t i = 0; i < n; i++)
            L[i][i] += delta * trace;
        if (cholesky(L, n) == 0)
            return 0;
    }
    return -1;
}

/* Adds (1 − min eig) e to u unless it is already inside K. */
static void push_inside(double *u, const ccd_conic_lp *lp)
{
    double worst = INFINITY;
    size_t r = 0;
    for (size_t k = 0; k < lp->blocks; r += lp->block_dim[k++])
        worst = fmin(worst, block_min(u + r, lp->block_dim[k], lp->block_soc[k]));
    if (worst > 1e-8)
        return;
    double shift = 1 - worst;
    r = 0;
    for (size_t k = 0; k < lp->blocks; r += lp->block_dim[k++])
        u[r] += shift;
}

static double inf_norm(const double *v, size_t n)
{
    double r = 0;
    for (size_t i = 0; i < n; i++)
        r = fmax(r, fabs(v[i]));
    return r;
}

/* The Newton direction for the complementarity right-hand side ds (scaled space). */
static void direction_once(double *dv, double *ds, double *dz, const ccd_conic_lp *lp,
                      const scaling *W, double L[N][N], const double *lambda, const double *rx,
                      const double *rz, const double *dsc)
{
    size_t n = lp->n, m = lp->m;
    double ld[M], t[M], u[M];
    cone_divide(ld, lp, lambda, dsc);
    scaling_apply(t, W, lp, rz, 1);
    for (size_t i = 0; i < m; i++)
        t[i] += ld[i];
    scaling_apply(u, W, lp, t, 1); /* W⁻¹(W⁻¹rz + λ\d) */
    for (size_t j = 0; j < n; j++) {
        double g = 0;
        for (size_t i = 0; i < m; i++)
            g += lp->G[i][j] * u[i];
        dv[j] = -rx[j] - g;
    }
    cholesky_solve(dv, L, n);
    for (size_t i = 0; i < m; i++) {
        double g = 0;
        for (size_t j = 0; j < n; j++)
            g += lp->G[i][j] * dv[j];
        t[i] = g + rz[i];
    }
    scaling_apply(u, W, lp, t, 1);
    for (size_t i = 0; i < m; i++)
        u[i] += ld[i];
    scaling_apply(dz, W, lp, u, 1);
    scaling_apply(t, W, lp, dz, 0);
    for (size_t i = 0; i < m; i++)
        t[i] = ld[i] - t[i];
    scaling_apply(ds, W, lp, t, 0);
}

/* direction_once with two steps of iterative refinement on the unreduced system
 * Gᵀ Δz = −r_x, G Δv + Δs = −r_z, λ∘(WΔz + W⁻¹Δs) = d: the normal equations lose
 * the accuracy that the last iterations of a ρ = 0 solve need. */
static void direction(double *dv, double *ds, double *dz, const ccd_conic_lp *lp,
                      const scaling *W, double L[N][N], const double *lambda, const double *rx,
                      const double *rz, const double *dsc)
{
    size_t n = lp->n, m = lp->m;
    direction_once(dv, ds, dz, lp, W, L, lambda, rx, rz, dsc);
    for (int pass = 0; pass < 2; pass++) {
        double ex[N], ez[M], ed[M], a[M], b[M], c[M];
        for (size_t j = 0; j < n; j++) {
            ex[j] = rx[j]; /* −(−r_x − GᵀΔz) */
            for (size_t i = 0; i < m; i++)
                ex[j] += lp->G[i][j] * dz[i];
        }
        for (size_t i = 0; i < m; i++) {
            ez[i] = rz[i] + ds[i];
            for (size_t j = 0; j < n; j++)
                ez[i] += lp->G[i][j] * dv[j];
        }
        scaling_apply(a, W, lp, dz, 0);
        scaling_apply(b, W, lp, ds, 1);
        for (size_t i = 0; i < m; i++)
            a[i] += b[i];
        cone_product(c, lp, lambda, a);
        for (size_t i = 0; i < m; i++)
            ed[i] = dsc[i] - c[i];
        double cv[N], cs[M], cz[M];
        direction_once(cv, cs, cz, lp, W, L, lambda, ex, ez, ed);
        for (size_t j = 0; j < n; j++)
            dv[j] += cv[j];
        for (size_t i = 0; i < m; i++)
            ds[i] += cs[i], dz[i] += cz[i];
    }
}

int ccd_conic_solve(ccd_conic_solution *out, const ccd_conic_lp *lp, double rho, double tol,
                    int max_iterations)
{
    size_t n = lp->n, m = lp->m;
    double *v = out->v, *s = out->s, *z = out->z;
    memset(out, 0, sizeof *out);
    double degree = (double)lp->blocks;
    double e[M] = {0};
    size_t r = 0;
    for (size_t k = 0; k < lp->blocks; r += lp->block_dim[k++])
        e[r] = 1;

    /* Start: v = argmin ‖Gv − h‖, s = h − Gv; z = the least-norm solution of Gᵀz = −c;
     * both pushed inside K. */
    double L[N][N];
    if (factor_normal(L, lp->G, m, n) != 0)
        return -1;
    for (size_t j = 0; j < n; j++) {
        v[j] = 0;
        for (size_t i = 0; i < m; i++)
            v[j] += lp->G[i][j] * lp->h[i];
    }
    cholesky_solve(v, L, n);
    double y[N];
    for (size_t j = 0; j < n; j++)
        y[j] = -lp->c[j];
    cholesky_solve(y, L, n);
    for (size_t i = 0; i < m; i++) {
        double g = 0, gy = 0;
        for (size_t j = 0; j < n; j++)
            g += lp->G[i][j] * v[j], gy += lp->G[i][j] * y[j];
        s[i] = lp->h[i] - g;
        z[i] = gy;
    }
    push_inside(s, lp);
    push_inside(z, lp);

    double hnorm = 1 + inf_norm(lp->h, m), cnorm = 1 + inf_norm(lp->c, n);
    /* The best iterate so far: at ρ = 0 the last iterations press s and z onto the
     * cones' boundaries, where rounding in the scaling can make the residuals grow
     * again; the solve then returns the best iterate when it meets 100 tol. */
    double best_v[N], best_s[M], best_z[M], best_merit = INFINITY, best_residual = INFINITY;
    memcpy(best_v, v, sizeof best_v);
    memcpy(best_s, s, sizeof best_s);
    memcpy(best_z, z, sizeof best_z);
    for (int it = 0;; it++) {
        double rx[N], rz[M], sz[M];
        for (size_t j = 0; j < n; j++) {
            rx[j] = lp->c[j];
            for (size_t i = 0; i < m; i++)
                rx[j] += lp->G[i][j] * z[i];
        }
        double gap = 0, obj = 0;
        for (size_t i = 0; i < m; i++) {
            rz[i] = s[i] - lp->h[i];
            for (size_t j = 0; j < n; j++)
                rz[i] += lp->G[i][j] * v[j];
            gap += s[i] * z[i];
        }
        for (size_t j = 0; j < n; j++)
            obj += lp->c[j] * v[j];
        cone_product(sz, lp, s, z);
        for (size_t i = 0; i < m; i++)
            sz[i] -= rho * e[i];
        double pres = inf_norm(rz, m) / hnorm, dres = inf_norm(rx, n) / cnorm;
        double comp = inf_norm(sz, m);
        out->iterations = it;
        out->residual = fmax(fmax(pres, dres), comp);
        double merit = fmax(fmax(pres, dres), rho > 0 ? comp / fmax(rho, 1e-2)
                                                      : gap / fmax(1e-3, fabs(obj)));
        if (merit <= tol)
            return 0;
        if (merit < best_merit) {
            best_merit = merit;
            best_residual = out->residual;
            memcpy(best_v, v, n * sizeof *v);
            memcpy(best_s, s, m * sizeof *s);
            memcpy(best_z, z, m * sizeof *z);
        }
        if (it == max_iterations || merit > 1e3 * best_merit)
            break;

        scaling W;
        scaling_make(&W, lp, s, z);
        double lambda[M], WiG[M][N];
        scaling_apply(lambda, &W, lp, z, 0);
        for (size_t j = 0; j < n; j++) {
            double col[M], wc[M];
            for (size_t i = 0; i < m; i++)
                col[i] = lp->G[i][j];
            scaling_apply(wc, &W, lp, col, 1);
            for (size_t i = 0; i < m; i++)
                WiG[i][j] = wc[i];
        }
        if (factor_normal(L, (const double (*)[N])WiG, m, n) != 0)
            break;

        /* predictor: d = −λ∘λ + ρe, the Newton step to the target itself */
        double ll[M], dsc[M], dva[N], dsa[M], dza[M];
        cone_product(ll, lp, lambda, lambda);
        for (size_t i = 0; i < m; i++)
            dsc[i] = -ll[i] + rho * e[i];
        direction(dva, dsa, dza, lp, &W, L, lambda, rx, rz, dsc);
        double ta = fmin(1, fmin(max_step(lp, s, dsa), max_step(lp, z, dza)));
        double mu = gap / degree, mua = 0;
        for (size_t i = 0; i < m; i++)
            mua += (s[i] + ta * dsa[i]) * (z[i] + ta * dza[i]);
        mua /= degree;
        /* Mehrotra's centring, measured from the relaxed target ρ */
        double sigma = mu > rho ? pow(fmin(1, fmax(0, (mua - rho) / (mu - rho))), 3) : 0;
        double target = rho + sigma * fmax(0, mu - rho);

        /* corrector: d = −λ∘λ − (W⁻¹Δs_a)∘(WΔz_a) + target e */
        double a1[M], a2[M], corr[M];
        scaling_apply(a1, &W, lp, dsa, 1);
        scaling_apply(a2, &W, lp, dza, 0);
        cone_product(corr, lp, a1, a2);
        for (size_t i = 0; i < m; i++)
            dsc[i] = -ll[i] - corr[i] + target * e[i];
        double dv[N], ds[M], dz[M];
        direction(dv, ds, dz, lp, &W, L, lambda, rx, rz, dsc);
        double t = fmin(1, 0.95 * fmin(max_step(lp, s, ds), max_step(lp, z, dz)));
        if (t < 0.5 * ta) {
            /* The second-order term can point out of a cone that the iterate is
             * close to, and the steps then shrink geometrically; fall back on the
             * plain Newton step to a more central target. */
            double cv[N], cs[M], cz[M];
            double central = rho + fmax(sigma, 0.1) * fmax(0, mu - rho);
            for (size_t i = 0; i < m; i++)
                dsc[i] = -ll[i] + central * e[i];
            direction(cv, cs, cz, lp, &W, L, lambda, rx, rz, dsc);
            double tc = fmin(1, 0.95 * fmin(max_step(lp, s, cs), max_step(lp, z, cz)));
            if (tc > t) {
                t = tc;
                memcpy(dv, cv, sizeof dv);
                memcpy(ds, cs, sizeof ds);
                memcpy(dz, cz, sizeof dz);
            }
        }
        for (size_t j = 0; j < n; j++)
            v[j] += t * dv[j];
        for (size_t i = 0; i < m; i++)
            s[i] += t * ds[i], z[i] += t * dz[i];
    }
    memcpy(v, best_v, n * sizeof *v);
    memcpy(s, best_s, m * sizeof *s);
    memcpy(z, best_z, m * sizeof *z);
    out->residual = best_residual; /* iterations: all that were made */
    return best_merit <= 100 * tol ? 0 : -1;
}
