/* SPDX-License-Identifier: MIT */
/* SDF primitives and their composition (see sdf.h). */
#include <config.h>

#include <math.h>
#include <string.h>

#include "contact/sdf.h"

void ccd_sdf_pose_identity(ccd_sdf *s)
{
    memset(s->rot, 0, sizeof s->rot);
    s->rot[0][0] = s->rot[1][1] = s->rot[2][2] = 1;
    memset(s->trans, 0, sizeof s->trans);
}

static void to_local(double l[3], const ccd_sdf *s, const double x[3])
{
    for (int i = 0; i < 3; i++) /* Rᵀ(x - t) */
        l[i] = s->rot[0][i] * (x[0] - s->trans[0]) + s->rot[1][i] * (x[1] - s->trans[1]) +
               s->rot[2][i] * (x[2] - s->trans[2]);
}

static void to_world_dir(double w[3], const ccd_sdf *s, const double l[3])
{
    for (int i = 0; i < 3; i++)
        w[i] = s->rot[i][0] * l[0] + s->rot[i][1] * l[1] + s->rot[i][2] * l[2];
}

/* log(e^a + e^b), with -∞ allowed */
static double log_add(double a, double b)
{
    if (a == -INFINITY)
        return b;
    if (b == -INFINITY)
        return a;
    double m = fmax(a, b);
    return m + log1p(exp(-fabs(a - b)));
}

/* log f and ∇_local f / f (the gradient relative to f, finite where f is) */
static double sq_log_f(double dlogf[3], const ccd_sdf *s, const double l[3])
{
    const double a = s->u.sq.a, b = s->u.sq.b, c = s->u.sq.c;
    const double e1 = s->u.sq.e1, e2 = s->u.sq.e2;
    double xs = fabs(l[0] / a), ys = fabs(l[1] / b), zs = fabs(l[2] / c);
    /* log of (x̃²)^(1/ε2) etc.; log 0 = -∞ */
    double lx = xs > 0 ? 2.0 / e2 * log(xs) : -INFINITY;
    double ly = ys > 0 ? 2.0 / e2 * log(ys) : -INFINITY;
    double lz = zs > 0 ? 2.0 / e1 * log(zs) : -INFINITY;
    double lg = log_add(lx, ly);               /* log g */
    double lxy = lg == -INFINITY ? lg : e2 / e1 * lg; /* log g^(ε2/ε1) */
    double lf = log_add(lxy, lz);
    if (dlogf) {
        /* ∂f/∂x̃ = (2/ε1) g^(ε2/ε1) (x̃²)^(1/ε2) / (g x̃);  ∂f/∂z̃ = (2/ε1)(z̃²)^(1/ε1)/z̃ */
        double wxy = exp(lxy - lf), wz = exp(lz - lf);
        double gx = lg == -INFINITY ? 0 : exp(lx - lg), gy = lg == -INFINITY ? 0 : exp(ly - lg);
        dlogf[0] = xs > 0 ? 2.0 / e1 * wxy * gx / (l[0] / a) / a : 0;
        dlogf[1] = ys > 0 ? 2.0 / e1 * wxy * gy / (l[1] / b) / b : 0;
        dlogf[2] = zs > 0 ? 2.0 / e1 * wz / (l[2] / c) / c : 0;
    }
    return lf;
}

double ccd_superquadric_f(const ccd_sdf *s, const double local[3])
{
    return exp(sq_log_f(NULL, s, local));
}

/*
 * φ and ∇φ of a superquadric in its local frame, and (nrm, may be NULL) its
 * normal g/√(τ_n + |g|²) with g = ∇f.  The normal is computed in the scaled form
 *   n = (∇f/f) / √(τ_n f⁻² + |∇f/f|²)
 * from log f and ∇f/f, which stay finite: ∇f itself (f·∇log f) overflows far
 * from the surface (f ~ |x̃|^(2/ε1): beyond |x̃| ≈ 6 for ε1 = 0.01), and forming
 * it silently turned the normal into (0, 0, 0).  f⁻² = e^(-2 log f) may overflow
 * to ∞ near the centre, where the normal correctly becomes 0 for τ_n > 0.
 */
static double sq_eval(double g[3], double nrm[3], const ccd_sdf *s, const double l[3],
                      double tau_n)
{
    double r = hypot(hypot(l[0], l[1]), l[2]); /* no overflow far away */
    if (r == 0) {
        if (g)
            g[0] = g[1] = g[2] = 0;
        if (nrm)
            nrm[0] = nrm[1] = nrm[2] = 0;
        return -fmin(fmin(s->u.sq.a, s->u.sq.b), s->u.sq.c);
    }
    double dlogf[3];
    double lf = sq_log_f(dlogf, s, l);
    double p = exp(-0.5 * s->u.sq.e1 * lf); /* f^(-ε1/2): the surface radius over r */
    /* φ = r (1 - p);  ∇φ = (1 - p) x/r + r p (ε1/2) ∇f/f */
    if (g)
        for (int i = 0; i < 3; i++)
            g[i] = (1 - p) * l[i] / r + r * p * 0.5 * s->u.sq.e1 * dlogf[i];
    if (nrm) {
        double dd = dlogf[0] * dlogf[0] + dlogf[1] * dlogf[1] + dlogf[2] * dlogf[2];
        double d = sqrt((tau_n > 0 ? tau_n * exp(-2 * lf) : 0) + dd);
        for (int i = 0; i < 3; i++)
            nrm[i] = d > 0 ? dlogf[i] / d : 0;
    }
    return r * (1 - p);
}

static double cp_eval(double g[3], const ccd_sdf *s, const double l[3])
{
    size_t n = s->u.cp.count, imax = 0;
    double m = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        const double *nn = s->u.cp.normal[i], *pp = s->u.cp.point[i];
        double v = nn[0] * (l[0] - pp[0]) + nn[1] * (l[1] - pp[1]) + nn[2] * (l[2] - pp[2]);
        if (v > m)
            m = v, imax = i;
    }
    double tau = s->u.cp.tau;
    if (tau == 0) {
        if (g)
            memcpy(g, s->u.cp.normal[imax], 3 * sizeof *g);
        return m;
    }
    /* LSE shifted by the max; ∇ = Σ softmax_i n_i */
    double sum = 0, acc[3] = {0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        const double *nn = s->u.cp.normal[i], *pp = s->u.cp.point[i];
        double v = nn[0] * (l[0] - pp[0]) + nn[1] * (l[1] - pp[1]) + nn[2] * (l[2] - pp[2]);
        double w = exp((v - m) / tau);
        sum += w;
        for (int k = 0; k < 3; k++)
            acc[k] += w * nn[k];
    }
    if (g)
        for (int k = 0; k < 3; k++)
            g[k] = acc[k] / sum;
    return m + tau * log(sum);
}

/*
 * Oriented point cloud, eq. (6), with the Gaussian basis B_i = exp(-|x - p_i|²/(2σ²)):
 * smooth (C^∞, so are φ and its normals) and positive everywhere, so Σ B_i never
 * vanishes and φ is defined in all of space — compactly supported bases leave
 * it undefined away from the samples.  The weights are taken relative to the
 * nearest sample p_0, w_i = B_i/B_0 = exp(-(|x - p_i|² - |x - p_0|²)/(2σ²)), with the
 * difference of squares formed as (p_0 - p_i)·(2x - p_i - p_0): no |x|² is formed,
 * so nothing overflows, cancels or underflows to 0/0 (far away φ tends to the
 * nearest sample's tangent-plane distance).  With ŵ_i = w_i/Σ w, s_i = n_iᵀ(x - p_i):
 *   φ = Σ ŵ_i s_i,   ∇φ = Σ ŵ_i n_i - σ⁻² Σ ŵ_i (s_i - φ)(x - p_i).
 */
/* |x - p_i|² - |x - p_j|² */
static double pc_sq_diff(const double l[3], const double *pi, const double *pj)
{
    double acc = 0;
    for (int k = 0; k < 3; k++)
        acc += (pj[k] - pi[k]) * ((l[k] - pi[k]) + (l[k] - pj[k]));
    return acc;
}

static double pc_eval(double g[3], const ccd_sdf *s, const double l[3])
{
    size_t n = s->u.pc.count, near = 0;
    const double (*pt)[3] = s->u.pc.point, (*nm)[3] = s->u.pc.normal;
    double sig2 = s->u.pc.sigma * s->u.pc.sigma;
    for (size_t i = 1; i < n; i++)
        if (pc_sq_diff(l, pt[i], pt[near]) < 0)
            near = i;
    double sum = 0, phi = 0, an[3] = {0, 0, 0};
    for (size_t i = 0; i < n; i++) { /* Σ w s and Σ w n */
        double w = exp(-pc_sq_diff(l, pt[i], pt[near]) / (2 * sig2));
        double r[3] = {l[0] - pt[i][0], l[1] - pt[i][1], l[2] - pt[i][2]};
        sum += w;
        phi += w * (nm[i][0] * r[0] + nm[i][1] * r[1] + nm[i][2] * r[2]);
        for (int k = 0; k < 3; k++)
            an[k] += w * nm[i][k];
    }
    phi /= sum;
    if (g) {
        double ar[3] = {0, 0, 0};
        for (size_t i = 0; i < n; i++) { /* σ⁻² Σ w (s - φ)(x - p) */
            double w = exp(-pc_sq_diff(l, pt[i], pt[near]) / (2 * sig2));
            double r[3] = {l[0] - pt[i][0], l[1] - pt[i][1], l[2] - pt[i][2]};
            double sd = nm[i][0] * r[0] + nm[i][1] * r[1] + nm[i][2] * r[2] - phi;
            double c = w * sd / sig2; /* first: w = 0 far away, and |x - p| may be huge */
            for (int k = 0; k < 3; k++)
                ar[k] += c * r[k];
        }
        for (int k = 0; k < 3; k++)
            g[k] = (an[k] - ar[k]) / sum;
    }
    return phi;
}

/* Value, gradient and normal direction g_n (∇f for superquadrics) in the world frame. */
static double eval_full(double grad[3], double gnorm[3], const ccd_sdf *s, const double x[3],
                        double tau_n);

/* Union: -LSE_τ(-φ_i); subtraction: LSE_τ(φ₊, -φ₋).  One pass over the children
 * with a running maximum (online log-sum-exp: earlier terms are rescaled when a
 * larger one arrives), so any number of children works without scratch. */
static double comb_eval(double grad[3], double gnorm[3], const ccd_sdf *s, const double x[3],
                        double tau_n)
{
    int subtract = s->type == CCD_SDF_SUBTRACTION;
    size_t n = subtract ? 2 : s->u.comb.count;
    double tau = s->u.comb.tau, m = -INFINITY, sum = 0, ag[3] = {0, 0, 0}, an[3] = {0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        double g[3], gn[3];
        double sign = subtract && i == 0 ? 1.0 : -1.0;
        double v = sign * eval_full(g, gn, s->u.comb.child[i], x, tau_n);
        double wold, wnew;
        if (v > m) { /* new maximum: rescale what was accumulated */
            wold = tau == 0 || m == -INFINITY ? 0.0 : exp((m - v) / tau);
            wnew = 1.0;
            m = v;
        } else {
            wold = 1.0;
            wnew = tau == 0 ? 0.0 : exp((v - m) / tau);
        }
        sum = sum * wold + wnew;
        for (int k = 0; k < 3; k++) {
            ag[k] = ag[k] * wold + wnew * sign * g[k];
            an[k] = an[k] * wold + wnew * sign * gn[k];
        }
    }
    double out_sign = subtract ? 1.0 : -1.0;
    for (int k = 0; k < 3; k++) {
        if (grad)
            grad[k] = out_sign * ag[k] / sum;
        if (gnorm)
            gnorm[k] = out_sign * an[k] / sum;
    }
    return out_sign * (tau == 0 ? m : m + tau * log(sum));
}

static double eval_full(double grad[3], double gnorm[3], const ccd_sdf *s, const double x[3],
                        double tau_n)
{
    double l[3], gl[3], gfl[3], v;
    switch (s->type) {
    case CCD_SDF_SUPERQUADRIC:
        to_local(l, s, x);
        v = sq_eval(gl, gnorm ? gfl : NULL, s, l, tau_n);
        if (grad)
            to_world_dir(grad, s, gl);
        if (gnorm) /* a rotation: the norm is the local one */
            to_world_dir(gnorm, s, gfl);
        return v;
    case CCD_SDF_POLYHEDRON:
    case CCD_SDF_POINT_CLOUD:
        to_local(l, s, x);
        v = s->type == CCD_SDF_POLYHEDRON ? cp_eval(gl, s, l) : pc_eval(gl, s, l);
        if (grad)
            to_world_dir(grad, s, gl);
        if (gnorm) {
            double g[3];
            to_world_dir(g, s, gl);
            double d = sqrt(tau_n + g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
            for (int k = 0; k < 3; k++)
                gnorm[k] = d > 0 ? g[k] / d : 0;
        }
        return v;
    case CCD_SDF_UNION:
    case CCD_SDF_SUBTRACTION: {
        /* children carry their own poses; the node's pose moves the query point */
        double lx[3], g[3], gn[3];
        to_local(lx, s, x);
        v = comb_eval(g, gn, s, lx, tau_n);
        if (grad)
            to_world_dir(grad, s, g);
        if (gnorm)
            to_world_dir(gnorm, s, gn);
        return v;
    }
    }
    return NAN;
}

double ccd_sdf_eval(double grad[3], const ccd_sdf *s, const double x[3])
{
    return eval_full(grad, NULL, s, x, 0.0);
}

void ccd_sdf_normal(double n[3], const ccd_sdf *s, const double x[3], double tau_n)
{
    double g[3];
    eval_full(NULL, g, s, x, tau_n);
    if (s->type == CCD_SDF_UNION || s->type == CCD_SDF_SUBTRACTION) {
        double d = sqrt(tau_n + g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
        for (int k = 0; k < 3; k++)
            g[k] = d > 0 ? g[k] / d : 0;
    }
    memcpy(n, g, sizeof g);
}

double ccd_sdf_sphere_trace(double out[3], const ccd_sdf *s, const double x[3], int steps)
{
    double y[3] = {x[0], x[1], x[2]}, g[3];
    double phi = ccd_sdf_eval(g, s, y);
    for (int it = 0; it < steps; it++) {
        double gg = sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
        if (!(gg > 0))
            break;
        for (int k = 0; k < 3; k++)
            y[k] -= phi * g[k] / gg;
        phi = ccd_sdf_eval(g, s, y);
    }
    memcpy(out, y, sizeof y);
    return fabs(phi);
}
