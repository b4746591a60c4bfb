/* SPDX-License-Identifier: MIT */
/* Primal-dual interior point for 2-variable QPs (see qp_interior_point.h). */
#include <config.h>

#include <math.h>

#include "contact/common/qp_interior_point.h"

/* Newton direction of the perturbed KKT system
 *   H dx + Gᵀdz = -rd,   G dx + ds = -rp,   z∘ds + s∘dz = -rc
 * by elimination: (H + Gᵀ W G) dx = -rd - Gᵀ(W rp - rc/s), W = diag(z/s). */
static void newton_direction(double dx[2], double *ds, double *dz, const ccd_qp2 *qp,
                             const double *s, const double *z, const double rd[2],
                             const double *rp, const double *rc)
{
    double K[2][2] = {{qp->H[0][0], qp->H[0][1]}, {qp->H[1][0], qp->H[1][1]}};
    double r[2] = {-rd[0], -rd[1]};
    for (int i = 0; i < qp->m; i++) {
        double w = z[i] / s[i], g0 = qp->G[i][0], g1 = qp->G[i][1];
        K[0][0] += w * g0 * g0, K[0][1] += w * g0 * g1, K[1][1] += w * g1 * g1;
        double q = w * rp[i] - rc[i] / s[i];
        r[0] -= g0 * q, r[1] -= g1 * q;
    }
    K[1][0] = K[0][1];
    /* det(H + Σ w_i g_i g_iᵀ) = det H + Σ w_i g_iᵀ adj(H) g_i + Σ_{i<j} w_i w_j (g_i × g_j)²:
     * a sum of non-negative terms (H ⪰ 0), free of the cancellation of K00 K11 - K01²
     * once some w_i = z_i/s_i is huge (active constraints near convergence) */
    const double (*H)[2] = qp->H;
    double det = H[0][0] * H[1][1] - H[0][1] * H[1][0];
    for (int i = 0; i < qp->m; i++) {
        double wi = z[i] / s[i], g0 = qp->G[i][0], g1 = qp->G[i][1];
        det += wi * (H[1][1] * g0 * g0 - 2 * H[0][1] * g0 * g1 + H[0][0] * g1 * g1);
        for (int j = i + 1; j < qp->m; j++) {
            double c = g0 * qp->G[j][1] - g1 * qp->G[j][0];
            det += wi * (z[j] / s[j]) * c * c;
        }
    }
    dx[0] = (K[1][1] * r[0] - K[0][1] * r[1]) / det;
    dx[1] = (K[0][0] * r[1] - K[1][0] * r[0]) / det;
    for (int i = 0; i < qp->m; i++) {
        double gdx = qp->G[i][0] * dx[0] + qp->G[i][1] * dx[1];
        dz[i] = z[i] / s[i] * (gdx + rp[i]) - rc[i] / s[i];
        ds[i] = -(rc[i] + s[i] * dz[i]) / z[i];
    }
}

/* Largest step in (0, 1] keeping s + a ds > 0 and z + a dz > 0. */
static double max_step(const double *s, const double *ds, const double *z, const double *dz, int m)
{
    double a = 1.0;
    for (int i = 0; i < m; i++) {
        if (ds[i] < 0)
            a = fmin(a, -s[i] / ds[i]);
        if (dz[i] < 0)
            a = fmin(a, -z[i] / dz[i]);
    }
    return a;
}

int ccd_qp2_interior_point(double x[2], const ccd_qp2 *qp, double tol, int max_iter)
{
    enum { M = CCD_QP_MAX_CONSTRAINTS };
    const int m = qp->m;
    double s[M], z[M], rp[M], rc[M], ds[M], dz[M], dsa[M], dza[M], rd[2], dx[2], dxa[2];
    /* a strictly feasible start for both QPs: the centroid of the triangle
     * u, v ≥ 0, u + v ≤ 1, which is also inside the box [0, 1]² */
    x[0] = x[1] = 1.0 / 3.0;
    double scale = 1.0 + fmax(fabs(qp->f[0]), fabs(qp->f[1]));
    for (int i = 0; i < m; i++)
        scale = fmax(scale, 1.0 + fabs(qp->h[i]));
    const double feas_tol = fmax(tol, 1e-9) * scale;
    double best[2] = {x[0], x[1]}, best_merit = INFINITY;
    for (int i = 0; i < m; i++) {
        /* slack h - Gx (> 0 at the start point), but at least 1e-2 */
        s[i] = fmax(qp->h[i] - qp->G[i][0] * x[0] - qp->G[i][1] * x[1], 1e-2);
        z[i] = 1.0;
    }
    for (int it = 1; it <= max_iter; it++) {
        double mu = 0, rpn = 0;
        rd[0] = qp->H[0][0] * x[0] + qp->H[0][1] * x[1] + qp->f[0];
        rd[1] = qp->H[1][0] * x[0] + qp->H[1][1] * x[1] + qp->f[1];
        for (int i = 0; i < m; i++) {
            rd[0] += qp->G[i][0] * z[i], rd[1] += qp->G[i][1] * z[i];
            rp[i] = qp->G[i][0] * x[0] + qp->G[i][1] * x[1] + s[i] - qp->h[i];
            rpn = fmax(rpn, fabs(rp[i]));
            mu += s[i] * z[i];
        }
        mu /= m;
        /* the complementarity gap can reach tol; the residuals only to the accuracy
         * of the increasingly ill-conditioned reduced system (z/s → ∞ on active
         * constraints), so they are held to max(tol, 1e-9) relative to the data */
        double rdn = fmax(fabs(rd[0]), fabs(rd[1]));
        if (mu < tol && rpn < feas_tol && rdn < feas_tol)
            return it - 1;
        /* past the attainable accuracy the iterates can drift: remember the best */
        double merit = fmax(mu, fmax(rpn, rdn));
        if (merit < best_merit)
            best_merit = merit, best[0] = x[0], best[1] = x[1];
        /* predictor: pure Newton (affine scaling) */
        for (int i = 0; i < m; i++)
            rc[i] = s[i] * z[i];
        newton_direction(dxa, dsa, dza, qp, s, z, rd, rp, rc);
        double aa = max_step(s, dsa, z, dza, m), mu_aff = 0;
        for (int i = 0; i < m; i++)
            mu_aff += (s[i] + aa * dsa[i]) * (z[i] + aa * dza[i]);
        mu_aff /= m;
        double sigma = pow(mu_aff / mu, 3);
        /* corrector with centring σμ and the second-order term ds_aff∘dz_aff */
        for (int i = 0; i < m; i++)
            rc[i] = s[i] * z[i] + dsa[i] * dza[i] - sigma * mu;
        newton_direction(dx, ds, dz, qp, s, z, rd, rp, rc);
        if (!isfinite(dx[0]) || !isfinite(dx[1])) /* breakdown */
            break;
        double a = 0.99 * max_step(s, ds, z, dz, m);
        x[0] += a * dx[0], x[1] += a * dx[1];
        for (int i = 0; i < m; i++)
            s[i] += a * ds[i], z[i] += a * dz[i];
    }
    x[0] = best[0], x[1] = best[1];
    return max_iter + 1;
}

static double dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

void ccd_qp2_edge_edge(ccd_qp2 *qp, const double x[4][3], double w_reg)
{
    double t1[3], t2[3], b[3];
    for (int k = 0; k < 3; k++) {
        t1[k] = x[1][k] - x[0][k], t2[k] = x[3][k] - x[2][k], b[k] = x[0][k] - x[2][k];
    }
    /* ½|b + α1 t1 - α2 t2|² + ½ w_reg |α - ½|² */
    qp->H[0][0] = dot3(t1, t1) + w_reg;
    qp->H[0][1] = qp->H[1][0] = -dot3(t1, t2);
    qp->H[1][1] = dot3(t2, t2) + w_reg;
    qp->f[0] = dot3(t1, b) - 0.5 * w_reg;
    qp->f[1] = -dot3(t2, b) - 0.5 * w_reg;
    /* 0 ≤ α ≤ 1 */
    static const double G[4][2] = {{-1, 0}, {0, -1}, {1, 0}, {0, 1}};
    static const double h[4] = {0, 0, 1, 1};
    for (int i = 0; i < 4; i++)
        qp->G[i][0] = G[i][0], qp->G[i][1] = G[i][1], qp->h[i] = h[i];
    qp->m = 4;
}

void ccd_qp2_vertex_face(ccd_qp2 *qp, const double x[4][3])
{
    double e1[3], e2[3], r[3];
    for (int k = 0; k < 3; k++) {
        e1[k] = x[2][k] - x[1][k], e2[k] = x[3][k] - x[1][k], r[k] = x[1][k] - x[0][k];
    }
    /* ½|f0 + u e1 + v e2 - v|² */
    qp->H[0][0] = dot3(e1, e1);
    qp->H[0][1] = qp->H[1][0] = dot3(e1, e2);
    qp->H[1][1] = dot3(e2, e2);
    qp->f[0] = dot3(e1, r);
    qp->f[1] = dot3(e2, r);
    /* u ≥ 0, v ≥ 0, u + v ≤ 1 */
    static const double G[3][2] = {{-1, 0}, {0, -1}, {1, 1}};
    static const double h[3] = {0, 0, 1};
    for (int i = 0; i < 3; i++)
        qp->G[i][0] = G[i][0], qp->G[i][1] = G[i][1], qp->h[i] = h[i];
    qp->m = 3;
}

void ccd_qp2_witness(double pa[3], double pb[3], int is_edge_edge, const double x[4][3],
                     const double sol[2])
{
    for (int k = 0; k < 3; k++) {
        if (is_edge_edge) {
            pa[k] = x[0][k] + sol[0] * (x[1][k] - x[0][k]);
            pb[k] = x[2][k] + sol[1] * (x[3][k] - x[2][k]);
        } else {
            pa[k] = x[0][k];
            pb[k] = x[1][k] + sol[0] * (x[2][k] - x[1][k]) + sol[1] * (x[3][k] - x[1][k]);
        }
    }
}
