/* SPDX-License-Identifier: MIT */
/*
 * The SDF primitives of sdf.h over an abstract scalar S (include a scalar_*.h
 * and witness_generic.h first, for v3 and S): value, gradient and normal of a
 * ccd_sdf at a point given as scalars.  sdf.c is the double instantiation (the
 * public API); the contact pipeline (pipeline_generic.h) differentiates through
 * the same formulas with dual numbers and evaluates them in MPFR.
 *
 *   superquadric  log-space f, radial distance, scaled normal (below)
 *   polyhedron    max of planes (τ = 0) or its log-sum-exp
 *   point cloud   Gaussian basis, weights relative to the nearest sample
 *   union, subtraction  online log-sum-exp over the children
 *
 * A local superquadric coordinate that is exactly 0 contributes (x̃²)^(1/ε) = 0
 * with zero derivatives: right for ε < 1 (the term is flat at 0), not for the
 * second derivatives (of ∇φ and n) at ε = 1.
 */
#include <math.h>

#include "contact/witness/sdf.h"

/* l = Rᵀ(x - t) with the primitive's constant pose */
static inline v3 gsdf_to_local(S_CTX_PARAM, const ccd_sdf *s, v3 x)
{
    v3 l;
    for (int i = 0; i < 3; i++) {
        S acc = S_D(0.0);
        for (int k = 0; k < 3; k++)
            acc = S_ADD(acc, S_MUL(S_D(s->rot[k][i]), S_SUB(x.c[k], S_D(s->trans[k]))));
        l.c[i] = acc;
    }
    return l;
}
static inline v3 gsdf_to_world_dir(S_CTX_PARAM, const ccd_sdf *s, v3 l)
{
    v3 w;
    for (int i = 0; i < 3; i++)
        w.c[i] = S_ADD(S_ADD(S_MUL(S_D(s->rot[i][0]), l.c[0]), S_MUL(S_D(s->rot[i][1]), l.c[1])),
                       S_MUL(S_D(s->rot[i][2]), l.c[2]));
    return w;
}

/* log(e^a + e^b); *_inf: the argument is log 0 */
static inline S gsdf_log_add(S_CTX_PARAM, S a, int a_inf, S b, int b_inf)
{
    if (a_inf)
        return b;
    if (b_inf)
        return a;
    S d = S_SUB(a, b);
    S m = S_SGN(d) >= 0 ? a : b;
    return S_ADD(m, S_LOG1P(S_EXP(S_NEG(S_ABS(d)))));
}

/* |l| without overflow or underflow: m |l/m|, m = max |l_i| (0 for l = 0) */
static inline S gsdf_norm(S_CTX_PARAM, v3 l)
{
    S m = S_ABS(l.c[0]);
    for (int k = 1; k < 3; k++)
        if (S_SGN(S_SUB(S_ABS(l.c[k]), m)) > 0)
            m = S_ABS(l.c[k]);
    if (S_SGN(m) == 0)
        return m;
    v3 u = v3_scale(S_CTX, S_DIV(S_D(1.0), m), l);
    return S_MUL(m, S_SQRT(v3_dot(S_CTX, u, u)));
}

/* log f of a superquadric at a local point, in log space, and ∇f/f (finite where
 * f is); -∞ is represented by a flag (*lf_inf: f = 0, only at l = 0) */
static inline S gsdf_sq_log_f(S_CTX_PARAM, S dlogf[3], int *lf_inf, const ccd_sdf *s, v3 l)
{
    const double ax[3] = {s->u.sq.a, s->u.sq.b, s->u.sq.c};
    const double e1 = s->u.sq.e1, e2 = s->u.sq.e2;
    S lt[3]; /* log of (x̃²)^(1/ε2), (ỹ²)^(1/ε2), (z̃²)^(1/ε1) */
    int zero[3];
    for (int k = 0; k < 3; k++) {
        zero[k] = S_SGN(l.c[k]) == 0;
        double pw = 2.0 / (k < 2 ? e2 : e1);
        lt[k] = zero[k] ? S_D(0.0) : S_MUL(S_D(pw), S_LOG(S_DIV(S_ABS(l.c[k]), S_D(ax[k]))));
    }
    int g_inf = zero[0] && zero[1];
    S lg = gsdf_log_add(S_CTX, lt[0], zero[0], lt[1], zero[1]);   /* log g */
    S lxy = g_inf ? lg : S_MUL(S_D(e2 / e1), lg);                 /* log g^(ε2/ε1) */
    S lf = gsdf_log_add(S_CTX, lxy, g_inf, lt[2], zero[2]);
    *lf_inf = g_inf && zero[2];
    /* ∂f/∂x̃ = (2/ε1) g^(ε2/ε1) (x̃²)^(1/ε2) / (g x̃), ∂f/∂z̃ = (2/ε1)(z̃²)^(1/ε1)/z̃;
     * with x̃ = x/a the a's cancel: ∂ log f/∂x = (2/ε1) w / x */
    S wxy = g_inf ? S_D(0.0) : S_EXP(S_SUB(lxy, lf));
    S wz = zero[2] ? S_D(0.0) : S_EXP(S_SUB(lt[2], lf));
    for (int k = 0; k < 2; k++)
        dlogf[k] = zero[k] ? S_D(0.0)
                           : S_DIV(S_MUL(S_D(2.0 / e1), S_MUL(wxy, S_EXP(S_SUB(lt[k], lg)))),
                                   l.c[k]);
    dlogf[2] = zero[2] ? S_D(0.0) : S_DIV(S_MUL(S_D(2.0 / e1), wz), l.c[2]);
    return lf;
}

/*
 * Superquadric: φ = r (1 - f^(-ε1/2)), ∇φ (local), and the normal (local) in the
 * scaled form n = (∇f/f) / √(τ_n f⁻² + |∇f/f|²): ∇f itself (f ∇log f) overflows
 * far from the surface (f ~ |x̃|^(2/ε1): beyond |x̃| ≈ 6 for ε1 = 0.01), which
 * silently turned the normal into (0, 0, 0).  f⁻² = e^(-2 log f) may overflow to
 * ∞ near the centre, where the normal correctly becomes 0 for τ_n > 0.
 */
static inline S gsdf_superquadric(S_CTX_PARAM, v3 *g, v3 *nrm, const ccd_sdf *s, v3 l,
                                  double tau_n)
{
    const double e1 = s->u.sq.e1;
    S r = gsdf_norm(S_CTX, l);
    if (S_SGN(r) == 0) { /* undefined at the centre: -min(a, b, c) */
        for (int k = 0; k < 3; k++)
            g->c[k] = nrm->c[k] = S_D(0.0);
        return S_D(-fmin(fmin(s->u.sq.a, s->u.sq.b), s->u.sq.c));
    }
    S dlogf[3];
    int lf_inf;
    S lf = gsdf_sq_log_f(S_CTX, dlogf, &lf_inf, s, l); /* finite: l ≠ 0 */
    S p = S_EXP(S_MUL(S_D(-0.5 * e1), lf)); /* f^(-ε1/2): the surface radius over r */
    S one_p = S_SUB(S_D(1.0), p);
    S dd = S_D(0.0);
    for (int k = 0; k < 3; k++)
        dd = S_ADD(dd, S_MUL(dlogf[k], dlogf[k]));
    S scaled_tau = tau_n > 0 ? S_MUL(S_D(tau_n), S_EXP(S_MUL(S_D(-2.0), lf))) : S_D(0.0);
    S den = S_SQRT(S_ADD(scaled_tau, dd));
    /* ∇φ = (1 - p) x/r + r p (ε1/2) ∇f/f */
    for (int k = 0; k < 3; k++) {
        g->c[k] = S_ADD(S_DIV(S_MUL(one_p, l.c[k]), r),
                        S_MUL(S_MUL(r, p), S_MUL(S_D(0.5 * e1), dlogf[k])));
        nrm->c[k] = S_SGN(den) > 0 ? S_DIV(dlogf[k], den) : S_D(0.0);
    }
    return S_MUL(r, one_p);
}

/* convex polyhedron: max of planes (τ = 0) or its LSE; ∇φ (local) */
static inline S gsdf_polyhedron(S_CTX_PARAM, v3 *g, const ccd_sdf *s, v3 l)
{
    size_t n = s->u.cp.count, imax = 0;
    S m = S_D(0.0);
    for (size_t i = 0; i < n; i++) {
        v3 nn = {{S_D(s->u.cp.normal[i][0]), S_D(s->u.cp.normal[i][1]), S_D(s->u.cp.normal[i][2])}};
        v3 pp = {{S_D(s->u.cp.point[i][0]), S_D(s->u.cp.point[i][1]), S_D(s->u.cp.point[i][2])}};
        S v = v3_dot(S_CTX, nn, v3_sub(S_CTX, l, pp));
        if (i == 0 || S_SGN(S_SUB(v, m)) > 0)
            m = v, imax = i;
    }
    double tau = s->u.cp.tau;
    if (tau == 0) {
        for (int k = 0; k < 3; k++)
            g->c[k] = S_D(s->u.cp.normal[imax][k]);
        return m;
    }
    S sum = S_D(0.0);
    v3 acc = {{S_D(0.0), S_D(0.0), S_D(0.0)}};
    for (size_t i = 0; i < n; i++) {
        v3 nn = {{S_D(s->u.cp.normal[i][0]), S_D(s->u.cp.normal[i][1]), S_D(s->u.cp.normal[i][2])}};
        v3 pp = {{S_D(s->u.cp.point[i][0]), S_D(s->u.cp.point[i][1]), S_D(s->u.cp.point[i][2])}};
        S v = v3_dot(S_CTX, nn, v3_sub(S_CTX, l, pp));
        S w = S_EXP(S_DIV(S_SUB(v, m), S_D(tau)));
        sum = S_ADD(sum, w);
        acc = v3_axpy(S_CTX, acc, w, nn);
    }
    *g = v3_scale(S_CTX, S_DIV(S_D(1.0), sum), acc);
    return S_ADD(m, S_MUL(S_D(tau), S_LOG(sum)));
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
static inline S gsdf_point_cloud(S_CTX_PARAM, v3 *g, const ccd_sdf *s, v3 l)
{
    size_t n = s->u.pc.count, near = 0;
    const double (*pt)[3] = s->u.pc.point, (*nm)[3] = s->u.pc.normal;
    double sig2 = s->u.pc.sigma * s->u.pc.sigma;
    /* |x - p_i|² - |x - p_j|² = Σ (p_j - p_i)·((x - p_i) + (x - p_j)) */
#define GSDF_SQ_DIFF(i, j, out)                                                                \
    do {                                                                                       \
        out = S_D(0.0);                                                                        \
        for (int k_ = 0; k_ < 3; k_++)                                                         \
            out = S_ADD(out, S_MUL(S_D(pt[j][k_] - pt[i][k_]),                                 \
                                   S_ADD(S_SUB(l.c[k_], S_D(pt[i][k_])),                       \
                                         S_SUB(l.c[k_], S_D(pt[j][k_])))));                    \
    } while (0)
    for (size_t i = 1; i < n; i++) {
        S d;
        GSDF_SQ_DIFF(i, near, d);
        if (S_SGN(d) < 0)
            near = i;
    }
    S sum = S_D(0.0), phi = S_D(0.0);
    v3 an = {{S_D(0.0), S_D(0.0), S_D(0.0)}};
    for (size_t i = 0; i < n; i++) {
        S d;
        GSDF_SQ_DIFF(i, near, d);
        S w = S_EXP(S_DIV(S_NEG(d), S_D(2 * sig2)));
        v3 nn = {{S_D(nm[i][0]), S_D(nm[i][1]), S_D(nm[i][2])}};
        v3 r = v3_sub(S_CTX, l, (v3){{S_D(pt[i][0]), S_D(pt[i][1]), S_D(pt[i][2])}});
        sum = S_ADD(sum, w);
        phi = S_ADD(phi, S_MUL(w, v3_dot(S_CTX, nn, r)));
        an = v3_axpy(S_CTX, an, w, nn);
    }
    phi = S_DIV(phi, sum);
    v3 ar = {{S_D(0.0), S_D(0.0), S_D(0.0)}};
    for (size_t i = 0; i < n; i++) {
        S d;
        GSDF_SQ_DIFF(i, near, d);
        S w = S_EXP(S_DIV(S_NEG(d), S_D(2 * sig2)));
        v3 nn = {{S_D(nm[i][0]), S_D(nm[i][1]), S_D(nm[i][2])}};
        v3 r = v3_sub(S_CTX, l, (v3){{S_D(pt[i][0]), S_D(pt[i][1]), S_D(pt[i][2])}});
        S c = S_DIV(S_MUL(w, S_SUB(v3_dot(S_CTX, nn, r), phi)), S_D(sig2));
        ar = v3_axpy(S_CTX, ar, c, r);
    }
#undef GSDF_SQ_DIFF
    *g = v3_scale(S_CTX, S_DIV(S_D(1.0), sum), v3_sub(S_CTX, an, ar));
    return phi;
}

static inline v3 gsdf_unit(S_CTX_PARAM, v3 g, double tau_n)
{
    S d = S_SQRT(S_ADD(S_D(tau_n), v3_dot(S_CTX, g, g)));
    if (S_SGN(d) <= 0)
        return (v3){{S_D(0.0), S_D(0.0), S_D(0.0)}};
    return v3_scale(S_CTX, S_DIV(S_D(1.0), d), g);
}

/* φ(x), ∇φ(x) and the (unnormalised for compositions) normal, world frame */
static S gsdf_full(S_CTX_PARAM, v3 *grad, v3 *gnorm, const ccd_sdf *s, v3 x, double tau_n)
{
    v3 l = gsdf_to_local(S_CTX, s, x), gl, nl;
    S v;
    switch (s->type) {
    case CCD_SDF_SUPERQUADRIC:
        v = gsdf_superquadric(S_CTX, &gl, &nl, s, l, tau_n);
        *grad = gsdf_to_world_dir(S_CTX, s, gl);
        *gnorm = gsdf_to_world_dir(S_CTX, s, nl);
        return v;
    case CCD_SDF_POLYHEDRON:
    case CCD_SDF_POINT_CLOUD:
        v = s->type == CCD_SDF_POLYHEDRON ? gsdf_polyhedron(S_CTX, &gl, s, l)
                                          : gsdf_point_cloud(S_CTX, &gl, s, l);
        *grad = gsdf_to_world_dir(S_CTX, s, gl);
        *gnorm = gsdf_unit(S_CTX, *grad, tau_n);
        return v;
    case CCD_SDF_UNION:
    case CCD_SDF_SUBTRACTION: {
        /* online LSE over the children, as comb_eval in sdf.c */
        int subtract = s->type == CCD_SDF_SUBTRACTION;
        size_t n = subtract ? 2 : s->u.comb.count;
        double tau = s->u.comb.tau;
        S m = S_D(0.0), sum = S_D(0.0);
        v3 ag = {{S_D(0.0), S_D(0.0), S_D(0.0)}}, an = ag;
        for (size_t i = 0; i < n; i++) {
            v3 g, gn;
            double sign = subtract && i == 0 ? 1.0 : -1.0;
            S vi = S_MUL(S_D(sign), gsdf_full(S_CTX, &g, &gn, s->u.comb.child[i], l, tau_n));
            S wold, wnew;
            if (i == 0 || S_SGN(S_SUB(vi, m)) > 0) {
                wold = tau == 0 || i == 0 ? S_D(0.0) : S_EXP(S_DIV(S_SUB(m, vi), S_D(tau)));
                wnew = S_D(1.0);
                m = vi;
            } else {
                wold = S_D(1.0);
                wnew = tau == 0 ? S_D(0.0) : S_EXP(S_DIV(S_SUB(vi, m), S_D(tau)));
            }
            sum = S_ADD(S_MUL(sum, wold), wnew);
            S ws = S_MUL(wnew, S_D(sign));
            ag = v3_add(S_CTX, v3_scale(S_CTX, wold, ag), v3_scale(S_CTX, ws, g));
            an = v3_add(S_CTX, v3_scale(S_CTX, wold, an), v3_scale(S_CTX, ws, gn));
        }
        double out_sign = subtract ? 1.0 : -1.0;
        S f = S_DIV(S_D(out_sign), sum);
        *grad = gsdf_to_world_dir(S_CTX, s, v3_scale(S_CTX, f, ag));
        *gnorm = gsdf_to_world_dir(S_CTX, s, v3_scale(S_CTX, f, an));
        S val = tau == 0 ? m : S_ADD(m, S_MUL(S_D(tau), S_LOG(sum)));
        return S_MUL(S_D(out_sign), val);
    }
    }
    return S_D(NAN);
}

/* φ, ∇φ and the normal of ccd_sdf_normal (normalised once more for compositions) */
static inline S gsdf_eval(S_CTX_PARAM, v3 *grad, v3 *normal, const ccd_sdf *s, v3 x, double tau_n)
{
    S v = gsdf_full(S_CTX, grad, normal, s, x, tau_n);
    if (s->type == CCD_SDF_UNION || s->type == CCD_SDF_SUBTRACTION)
        *normal = gsdf_unit(S_CTX, *normal, tau_n);
    return v;
}
