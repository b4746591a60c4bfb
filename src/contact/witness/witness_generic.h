/* SPDX-License-Identifier: MIT */
/*
 * Witness-point routines of Beker et al. (Sec. IV-D, supplement III-B/C), written
 * once over an abstract scalar S.  Include a scalar_*.h first; the includer gets
 * static functions for that scalar (double: witness.c, dual numbers:
 * witness_dual.c, MPFR: witness_mpfr.c), so all three compute the same formula.
 *
 * Inputs are 12 coordinates x[3*row + axis] in query row order:
 *   E-E: ea0, ea1, eb0, eb1;   V-F: v, f0, f1, f2.
 * Outputs:
 *   E-E (CCD_EE_OUTPUTS): pa[3], pb[3], alpha[2], colliding;
 *   V-F (CCD_VF_OUTPUTS): pf[3] (projection of v on the face), inside.
 * All smoothing parameters equal to 0 give the hard routine (exact closest
 * points up to rounding).
 */
#include "contact/witness/contact.h"

typedef struct v3 {
    S c[3];
} v3;

static inline v3 v3_load(S_CTX_PARAM, const S *x)
{
    v3 r = {{x[0], x[1], x[2]}};
    return r;
}
static inline v3 v3_sub(S_CTX_PARAM, v3 a, v3 b)
{
    v3 r;
    for (int k = 0; k < 3; k++)
        r.c[k] = S_SUB(a.c[k], b.c[k]);
    return r;
}
static inline v3 v3_add(S_CTX_PARAM, v3 a, v3 b)
{
    v3 r;
    for (int k = 0; k < 3; k++)
        r.c[k] = S_ADD(a.c[k], b.c[k]);
    return r;
}
static inline v3 v3_scale(S_CTX_PARAM, S s, v3 a)
{
    v3 r;
    for (int k = 0; k < 3; k++)
        r.c[k] = S_MUL(s, a.c[k]);
    return r;
}
/* a + s b */
static inline v3 v3_axpy(S_CTX_PARAM, v3 a, S s, v3 b)
{
    return v3_add(S_CTX, a, v3_scale(S_CTX, s, b));
}
static inline S v3_dot(S_CTX_PARAM, v3 a, v3 b)
{
    return S_ADD(S_ADD(S_MUL(a.c[0], b.c[0]), S_MUL(a.c[1], b.c[1])), S_MUL(a.c[2], b.c[2]));
}
static inline v3 v3_cross(S_CTX_PARAM, v3 a, v3 b)
{
    v3 r;
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        r.c[k] = S_SUB(S_MUL(a.c[i], b.c[j]), S_MUL(a.c[j], b.c[i]));
    }
    return r;
}

/* ------------------------------------------------------------------ smooth operators */

/* ⟦x ≥ 0⟧ ≈ σ(x/τ) */
static inline S gen_step(S_CTX_PARAM, S x, double tau)
{
    if (tau == 0)
        return S_D(S_SGN(x) >= 0 ? 1.0 : 0.0);
    return S_SIGMOID(S_DIV(x, S_D(tau)));
}
/* ⟦0 ≤ x ≤ 1⟧ ≈ σ(x/τ) σ((1 - x)/τ)  (supplement: within_s) */
static inline S gen_within01(S_CTX_PARAM, S x, double tau)
{
    return S_MUL(gen_step(S_CTX, x, tau), gen_step(S_CTX, S_SUB(S_D(1.0), x), tau));
}
/* relu ≈ τ log(1 + e^(x/τ)) */
static inline S gen_relu(S_CTX_PARAM, S x, double tau)
{
    if (tau == 0)
        return S_SGN(x) > 0 ? x : S_D(0.0);
    return S_MUL(S_D(tau), S_SOFTPLUS(S_DIV(x, S_D(tau))));
}
/* clip(x, 0, 1) ≈ s₊(x) - s₊(x - 1) */
static inline S gen_clip01(S_CTX_PARAM, S x, double tau)
{
    return S_SUB(gen_relu(S_CTX, x, tau), gen_relu(S_CTX, S_SUB(x, S_D(1.0)), tau));
}
/* w = softmax(-cost/τ), shifted by the smallest cost; τ = 0: one-hot of the
 * first minimum. */
static inline void gen_soft_argmin(S_CTX_PARAM, S *w, const S *cost, int n, double tau)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (S_SGN(S_SUB(cost[i], cost[best])) < 0)
            best = i;
    if (tau == 0) {
        for (int i = 0; i < n; i++)
            w[i] = S_D(i == best ? 1.0 : 0.0);
        return;
    }
    S sum = S_D(0.0);
    for (int i = 0; i < n; i++) {
        w[i] = S_EXP(S_DIV(S_SUB(cost[best], cost[i]), S_D(tau)));
        sum = S_ADD(sum, w[i]);
    }
    for (int i = 0; i < n; i++)
        w[i] = S_DIV(w[i], sum);
}

/* ------------------------------------------------------------------ edge–edge */

/* b + α1 t1 - α2 t2 = e1(α1) - e2(α2), the separation of a candidate pair */
static inline v3 gen_ee_sep(S_CTX_PARAM, v3 b, v3 t1, v3 t2, S al1, S al2)
{
    return v3_sub(S_CTX, v3_axpy(S_CTX, b, al1, t1), v3_scale(S_CTX, al2, t2));
}

/*
 * Hard candidate selection of the E-E box QP (λ = 0, eps_min = 0): one-hot
 * weights w over the four sides, and γ kept only if the unconstrained minimiser
 * (α^u, in the box when γ > 0) is the better pair.  Neither choice compares the
 * costs ½αᵀQα + cᵀα: both carry the constant -½|b|², so their rounding error is
 * ~u·L² — far above d² near contact (it rejected correct interior solutions of
 * touching edges) — and near ties would go to the first candidate, whose
 * witness point can be off by ~√u·L.
 *
 * Sides: each side candidate minimises over its free coordinate (the clip), so
 * it is the minimiser over the box iff the KKT sign of the fixed coordinate holds
 * (the QP is convex):  with Δ = e1(α1) - e2(α2), ∂/∂α1 = t1·Δ, ∂/∂α2 = -t2·Δ,
 *   α1 = 1: t1·Δ ≤ 0;  α1 = 0: t1·Δ ≥ 0;  α2 = 1: t2·Δ ≥ 0;  α2 = 0: t2·Δ ≤ 0.
 * The selected side is the nearest (|Δ|²) of those that pass; if rounding makes
 * none pass, the nearest of all four.  A sign can only be wrong where the
 * exact derivative is below ≈ √3 |t| δ (δ below): such a side is optimal up to
 * that gradient.
 *
 * Interior: α^u is dropped only if it is provably the worse pair: if
 *   |Δ̂(α^u)| > (1 + 4u) |Δ̂(side)| + 2√3 δ,
 * with both lengths computed from the difference vectors.  Derivation: a
 * component of Δ̂ = (b + α1 t1) - α2 t2, where b, t1, t2 are themselves rounded
 * differences of the inputs, is off by at most δ = 4u (|b| + |t1| + |t2|) + O(u²)
 * for α ∈ [0,1]², so | |Δ̂| - |Δ| | ≤ √3 δ + 2u|Δ| (the norm's own rounding).  An
 * α^u with |Δ(α^u)| ≤ |Δ(side)| in exact arithmetic — the true minimiser — thus
 * never meets the test, and a kept α^u is at most 4√3 δ + 6u|Δ(side)| longer than
 * the side pair.  No term of size u·L² enters (as it did when comparing costs,
 * which carry the constant -½|b|²), and the tie zone does not hand near ties to
 * a side whose witness point is ~√(u)·L away.  For touching edges (pa = pb, so
 * |b| ≤ |t1| + |t2| and |b| + |t1| + |t2| ≤ 4L) the bound is 4√3·16 u L ≈ 2.5e-14 L,
 * whatever the angle.  The test fires only where α^u from Cramer's rule is
 * wrong by more than rounding: nearly parallel edges (error ~u L / sin²∠).  The
 * constants are those of the double evaluation; the dual and MPFR evaluations
 * use the same test so that all three take the same branch.
 */
static inline void gen_ee_hard_side(S_CTX_PARAM, S w[4], S *gamma, v3 b, v3 t1, v3 t2, S ca, S cb,
                                    S cc, S cd, S xu1, S xu2, int hard_interior)
{
    const S al1[4] = {S_D(1.0), S_D(0.0), cc, cd}, al2[4] = {ca, cb, S_D(1.0), S_D(0.0)};
    S d2[4];
    int pass[4], best = -1;
    for (int i = 0; i < 4; i++) {
        v3 d = gen_ee_sep(S_CTX, b, t1, t2, al1[i], al2[i]);
        d2[i] = v3_dot(S_CTX, d, d);
        int g = i < 2 ? S_SGN(v3_dot(S_CTX, t1, d)) : S_SGN(v3_dot(S_CTX, t2, d));
        pass[i] = i == 0 || i == 3 ? g <= 0 : g >= 0;
    }
    for (int round = 0; round < 2 && best < 0; round++) /* passing sides first, then all */
        for (int i = 0; i < 4; i++)
            if ((pass[i] || round == 1) && (best < 0 || S_SGN(S_SUB(d2[i], d2[best])) < 0))
                best = i;
    for (int i = 0; i < 4; i++)
        w[i] = S_D(i == best ? 1.0 : 0.0);
    if (hard_interior && S_SGN(*gamma) > 0) {
        const double u = 0x1p-53;
        v3 du = gen_ee_sep(S_CTX, b, t1, t2, xu1, xu2);
        S delta = S_MUL(S_D(4 * u), S_ADD(S_ADD(S_SQRT(v3_dot(S_CTX, b, b)),
                                               S_SQRT(v3_dot(S_CTX, t1, t1))),
                                         S_SQRT(v3_dot(S_CTX, t2, t2))));
        S bound = S_ADD(S_MUL(S_D(1 + 4 * u), S_SQRT(d2[best])), S_MUL(S_D(2 * sqrt(3.0)), delta));
        if (S_SGN(S_SUB(S_SQRT(v3_dot(S_CTX, du, du)), bound)) > 0)
            *gamma = S_D(0.0);
    }
}

/*
 * Box QP (eq. 10) with the Tikhonov term R = λ[(α1 - ½)² + (α2 - ½)²]:
 *   min ½ αᵀQα + cᵀα,  Q = AᵀA + λI,  c = Aᵀb - (λ/2)[1, 1],  A = [t1 | -t2],
 *   b = ea0 - eb0   (= ½(|e1(α1) - e2(α2)|² + R) up to a constant),
 * solved by the branchless smoothed active set of supplement III-B with the
 * corrected formulas (α^u = -Q⁻¹c; last cost ½Q1 d² + c1 d).
 */
static inline void gen_ee_witness(S_CTX_PARAM, S out[CCD_EE_OUTPUTS], const S x[12],
                                  const ccd_smoothing *sm)
{
    v3 a0 = v3_load(S_CTX, x), a1 = v3_load(S_CTX, x + 3);
    v3 b0 = v3_load(S_CTX, x + 6), b1 = v3_load(S_CTX, x + 9);
    v3 t1 = v3_sub(S_CTX, a1, a0), t2 = v3_sub(S_CTX, b1, b0), b = v3_sub(S_CTX, a0, b0);
    S lam = S_D(sm->w_reg), half_lam = S_D(0.5 * sm->w_reg), half = S_D(0.5);
    S t11 = v3_dot(S_CTX, t1, t1), t22 = v3_dot(S_CTX, t2, t2);
    S Q1 = S_ADD(t11, lam);
    S Q2 = S_NEG(v3_dot(S_CTX, t1, t2));
    S Q3 = S_ADD(t22, lam);
    S c1 = S_SUB(v3_dot(S_CTX, t1, b), half_lam);
    S c2 = S_SUB(S_NEG(v3_dot(S_CTX, t2, b)), half_lam);
    /* det Q = |t1 × t2|² + λ(|t1|² + |t2|²) + λ²: no cancellation for near-parallel edges */
    v3 n = v3_cross(S_CTX, t1, t2);
    S det = S_ADD(v3_dot(S_CTX, n, n), S_MUL(lam, S_ADD(S_ADD(t11, t22), lam)));

    /* unconstrained minimiser α^u = -Q⁻¹c and the "colliding" indicator γ = ⟦α^u ∈ box⟧ */
    S xu1 = S_D(0.0), xu2 = S_D(0.0), gamma = S_D(0.0);
    if (S_SGN(det) > 0) { /* det = 0 only for parallel edges with λ = 0: γ = 0 */
        xu1 = S_DIV(S_SUB(S_MUL(Q2, c2), S_MUL(Q3, c1)), det);
        xu2 = S_DIV(S_SUB(S_MUL(Q2, c1), S_MUL(Q1, c2)), det);
        gamma = S_MUL(gen_within01(S_CTX, xu1, sm->eps_comp),
                      gen_within01(S_CTX, xu2, sm->eps_comp));
    }
    /* minimisers on the four sides of the box (a zero-length edge with λ = 0 has
     * a constant cost along its side: take 0) */
    int q3pos = S_SGN(Q3) > 0, q1pos = S_SGN(Q1) > 0;
    S ca = q3pos ? gen_clip01(S_CTX, S_NEG(S_DIV(S_ADD(Q2, c2), Q3)), sm->eps_clip) : S_D(0.0);
    S cb = q3pos ? gen_clip01(S_CTX, S_NEG(S_DIV(c2, Q3)), sm->eps_clip) : S_D(0.0);
    S cc = q1pos ? gen_clip01(S_CTX, S_NEG(S_DIV(S_ADD(Q2, c1), Q1)), sm->eps_clip) : S_D(0.0);
    S cd = q1pos ? gen_clip01(S_CTX, S_NEG(S_DIV(c1, Q1)), sm->eps_clip) : S_D(0.0);
    S cost[4];
    /* α1 = 1, α2 = ca */
    cost[0] = S_ADD(S_ADD(S_MUL(half, S_ADD(S_ADD(Q1, S_MUL(S_D(2.0), S_MUL(Q2, ca))),
                                          S_MUL(Q3, S_MUL(ca, ca)))),
                          c1),
                    S_MUL(c2, ca));
    /* α1 = 0, α2 = cb */
    cost[1] = S_ADD(S_MUL(half, S_MUL(Q3, S_MUL(cb, cb))), S_MUL(c2, cb));
    /* α1 = cc, α2 = 1 */
    cost[2] = S_ADD(S_ADD(S_MUL(half, S_ADD(S_ADD(S_MUL(Q1, S_MUL(cc, cc)),
                                                  S_MUL(S_D(2.0), S_MUL(Q2, cc))),
                                            Q3)),
                          S_MUL(c1, cc)),
                    c2);
    /* α1 = cd, α2 = 0  (the supplement's code has c1·b here: erratum) */
    cost[3] = S_ADD(S_MUL(half, S_MUL(Q1, S_MUL(cd, cd))), S_MUL(c1, cd));
    S w[4];
    if (sm->eps_min == 0)
        gen_ee_hard_side(S_CTX, w, &gamma, b, t1, t2, ca, cb, cc, cd, xu1, xu2,
                         sm->eps_comp == 0);
    else
        gen_soft_argmin(S_CTX, w, cost, 4, sm->eps_min);
    S xc1 = S_ADD(S_ADD(w[0], S_MUL(w[2], cc)), S_MUL(w[3], cd));
    S xc2 = S_ADD(S_ADD(S_MUL(w[0], ca), S_MUL(w[1], cb)), w[2]);

    S not_gamma = S_SUB(S_D(1.0), gamma);
    S al1 = S_ADD(S_MUL(gamma, xu1), S_MUL(not_gamma, xc1));
    S al2 = S_ADD(S_MUL(gamma, xu2), S_MUL(not_gamma, xc2));
    v3 pa = v3_axpy(S_CTX, a0, al1, t1), pb = v3_axpy(S_CTX, b0, al2, t2);
    for (int k = 0; k < 3; k++) {
        out[k] = pa.c[k];
        out[3 + k] = pb.c[k];
    }
    out[6] = al1;
    out[7] = al2;
    out[8] = gamma;
}

/* ------------------------------------------------------------------ vertex–face */

/* Point of segment (p0, p0 + t) nearest to v, with a soft clip of the parameter
 * (v - p0)·t/|t|² — not of the length (v - p0)·t̂ as in the supplement (erratum).
 * A zero-length edge gives p0. */
static inline v3 gen_project_on_edge(S_CTX_PARAM, v3 v, v3 p0, v3 t, double eps_clip)
{
    S tt = v3_dot(S_CTX, t, t);
    if (S_SGN(tt) <= 0)
        return p0;
    S s = S_DIV(v3_dot(S_CTX, v3_sub(S_CTX, v, p0), t), tt);
    return v3_axpy(S_CTX, p0, gen_clip01(S_CTX, s, eps_clip), t);
}

/*
 * Smooth projection of v on triangle (f0, f1, f2) (supplement III-C, V_T_proj_s):
 * pf = γ·(projection on the plane) + (1 - γ)·(soft-argmin over the three edge
 * projections, by Euclidean distance), γ = Π within(barycentric).  A zero-area
 * triangle has no plane: γ = 0.
 */
static inline void gen_vf_witness(S_CTX_PARAM, S out[CCD_VF_OUTPUTS], const S x[12],
                                  const ccd_smoothing *sm)
{
    v3 v = v3_load(S_CTX, x), f0 = v3_load(S_CTX, x + 3);
    v3 f1 = v3_load(S_CTX, x + 6), f2 = v3_load(S_CTX, x + 9);
    v3 e10 = v3_sub(S_CTX, f1, f0), e21 = v3_sub(S_CTX, f2, f1), e20 = v3_sub(S_CTX, f2, f0);
    v3 proj[3] = {gen_project_on_edge(S_CTX, v, f0, e10, sm->eps_clip),
                  gen_project_on_edge(S_CTX, v, f1, e21, sm->eps_clip),
                  gen_project_on_edge(S_CTX, v, f0, e20, sm->eps_clip)};
    S cost[3], w[3];
    for (int i = 0; i < 3; i++) {
        v3 d = v3_sub(S_CTX, v, proj[i]);
        cost[i] = S_SQRT(v3_dot(S_CTX, d, d));
    }
    if (sm->eps_min == 0) {
        /* Hard: the edge point p_i is the closest point of the triangle iff
         * (p_i - v)·(q - p_i) ≥ 0 for every q in it (convexity), i.e. for its three
         * vertices; along the edge this holds by construction (the clip), so only
         * the opposite vertex is tested.  The nearest of the edges that pass (of
         * all three if rounding makes none pass), not the first of a near tie by
         * distance: those can be ~√(u)·L apart (v = (-1, 1e-8, 1) over the unit
         * right triangle).  A sign is wrong only where the exact product is at
         * rounding level, i.e. where that edge point is optimal up to rounding. */
        const v3 opposite[3] = {f2, f0, f1};
        int best = -1;
        for (int round = 0; round < 2 && best < 0; round++)
            for (int i = 0; i < 3; i++) {
                int pass = S_SGN(v3_dot(S_CTX, v3_sub(S_CTX, proj[i], v),
                                        v3_sub(S_CTX, opposite[i], proj[i]))) >= 0;
                if ((pass || round == 1) && (best < 0 || S_SGN(S_SUB(cost[i], cost[best])) < 0))
                    best = i;
            }
        for (int i = 0; i < 3; i++)
            w[i] = S_D(i == best ? 1.0 : 0.0);
    } else {
        gen_soft_argmin(S_CTX, w, cost, 3, sm->eps_min);
    }
    v3 pc = v3_scale(S_CTX, w[0], proj[0]);
    pc = v3_axpy(S_CTX, pc, w[1], proj[1]);
    pc = v3_axpy(S_CTX, pc, w[2], proj[2]);

    v3 nbar = v3_cross(S_CTX, e10, e20);
    S nn = S_SQRT(v3_dot(S_CTX, nbar, nbar));
    S gamma = S_D(0.0);
    v3 pu = f0;
    if (S_SGN(nn) > 0) {
        v3 n = v3_scale(S_CTX, S_DIV(S_D(1.0), nn), nbar);
        v3 dv0 = v3_sub(S_CTX, v, f0);
        v3 delta = v3_axpy(S_CTX, dv0, S_NEG(v3_dot(S_CTX, dv0, n)), n); /* in-plane part */
        pu = v3_add(S_CTX, f0, delta);
        /* delta = bu (f1 - f0) + bv (f2 - f0) */
        S bv = S_DIV(v3_dot(S_CTX, v3_cross(S_CTX, e10, delta), n), nn);
        S bu = S_DIV(v3_dot(S_CTX, v3_cross(S_CTX, delta, e20), n), nn);
        S bw = S_SUB(S_SUB(S_D(1.0), bu), bv);
        gamma = S_MUL(S_MUL(gen_within01(S_CTX, bu, sm->eps_comp),
                            gen_within01(S_CTX, bv, sm->eps_comp)),
                      gen_within01(S_CTX, bw, sm->eps_comp));
    }
    S not_gamma = S_SUB(S_D(1.0), gamma);
    for (int k = 0; k < 3; k++)
        out[k] = S_ADD(S_MUL(gamma, pu.c[k]), S_MUL(not_gamma, pc.c[k]));
    out[3] = gamma;
}
