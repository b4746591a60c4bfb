/* SPDX-License-Identifier: MIT */
/*
 * The contact pipeline of pipeline.h over an abstract scalar S.  Include a
 * scalar_*.h, witness_generic.h and sdf_generic.h first; the includer gets
 * static functions for that scalar (double: pipeline.c; dual numbers, whose 12
 * derivative slots are the 12 pose parameters: pipeline.c as well, in its own
 * translation unit pipeline_dual.c; MPFR: pipeline_mpfr.c).
 */
#include <stdlib.h>

#include "contact/witness/pipeline.h"

/* Shared by every instantiation: the inputs the pipeline accepts. */
static inline ccd_status pipeline_validate(ccd_error *err, const ccd_contact_body body[2],
                                           const ccd_pipeline_params *p)
{
    for (int b = 0; b < 2; b++) {
        const ccd_contact_body *bd = &body[b];
        if (!bd->sdf)
            return ccd_error_set(err, CCD_ERR_INPUT, "contact pipeline", 0, 0,
                                 "body %d has no SDF", b);
        if (p->vertex_k[b] < 1 || p->vertex_k[b] > bd->vertex_count)
            return ccd_error_set(err, CCD_ERR_INPUT, "contact pipeline", 0, 0,
                                 "body %d: vertex K = %zu is not in [1, %zu]", b, p->vertex_k[b],
                                 bd->vertex_count);
        if (p->edge_k[b] < 1 || p->edge_k[b] > bd->edge_count)
            return ccd_error_set(err, CCD_ERR_INPUT, "contact pipeline", 0, 0,
                                 "body %d: edge K = %zu is not in [1, %zu]", b, p->edge_k[b],
                                 bd->edge_count);
        for (size_t e = 0; e < bd->edge_count; e++)
            if (bd->edge[e][0] >= bd->vertex_count || bd->edge[e][1] >= bd->vertex_count)
                return ccd_error_set(err, CCD_ERR_INPUT, "contact pipeline", 0, 0,
                                     "body %d: edge %zu refers to a missing vertex", b, e);
    }
    if (!(p->tau_topk >= 0))
        return ccd_error_set(err, CCD_ERR_INPUT, "contact pipeline", 0, 0,
                             "the top-K temperature must be >= 0");
    return CCD_OK;
}

/* ------------------------------------------------------------------ pose */

/*
 * T = exp(s), s = (ω, v): R = I + A [ω]× + B [ω]×², t = (I + B [ω]× + C [ω]×²) v with
 * A = sin θ/θ, B = (1 - cos θ)/θ², C = (θ - sin θ)/θ³.  For θ² < 1/4 the Taylor
 * series in θ² through (θ²)⁸ (the first omitted term of A is (θ²)⁹/19! < 4e-23),
 * which is smooth at 0 and avoids the cancellation of the closed forms; else
 * the closed forms, B as 2 sin²(θ/2)/θ².
 */
typedef struct gen_pose {
    S r[3][3];
    v3 t;
} gen_pose;

static inline gen_pose gen_pose_exp(S_CTX_PARAM, const S s[6])
{
    v3 w = {{s[0], s[1], s[2]}}, v = {{s[3], s[4], s[5]}};
    S th2 = v3_dot(S_CTX, w, w), A, B, C;
    if (S_VAL(th2) < 0.25) {
        /* A = Σ (-θ²)^k/(2k+1)!, B = Σ (-θ²)^k/(2k+2)!, C = Σ (-θ²)^k/(2k+3)! */
        double fa = 1, fb = 0.5, fc = 1.0 / 6;
        S pw = S_D(1.0);
        A = S_D(0.0), B = S_D(0.0), C = S_D(0.0);
        for (int k = 0; k <= 8; k++) {
            A = S_ADD(A, S_MUL(S_D(fa), pw));
            B = S_ADD(B, S_MUL(S_D(fb), pw));
            C = S_ADD(C, S_MUL(S_D(fc), pw));
            pw = S_MUL(pw, S_NEG(th2));
            fa /= (2.0 * k + 2) * (2.0 * k + 3);
            fb /= (2.0 * k + 3) * (2.0 * k + 4);
            fc /= (2.0 * k + 4) * (2.0 * k + 5);
        }
    } else {
        S th = S_SQRT(th2), sn = S_SIN(th), sh = S_SIN(S_MUL(S_D(0.5), th));
        A = S_DIV(sn, th);
        B = S_DIV(S_MUL(S_D(2.0), S_MUL(sh, sh)), th2);
        C = S_DIV(S_SUB(th, sn), S_MUL(th2, th));
    }
    /* K = [ω]×, K² = ωωᵀ - θ² I */
    S K[3][3] = {{S_D(0.0), S_NEG(w.c[2]), w.c[1]},
                 {w.c[2], S_D(0.0), S_NEG(w.c[0])},
                 {S_NEG(w.c[1]), w.c[0], S_D(0.0)}};
    gen_pose T;
    S V[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            S k2 = S_MUL(w.c[i], w.c[j]);
            if (i == j)
                k2 = S_SUB(k2, th2);
            S id = S_D(i == j ? 1.0 : 0.0);
            T.r[i][j] = S_ADD(S_ADD(id, S_MUL(A, K[i][j])), S_MUL(B, k2));
            V[i][j] = S_ADD(S_ADD(id, S_MUL(B, K[i][j])), S_MUL(C, k2));
        }
    for (int i = 0; i < 3; i++)
        T.t.c[i] = S_ADD(S_ADD(S_MUL(V[i][0], v.c[0]), S_MUL(V[i][1], v.c[1])),
                         S_MUL(V[i][2], v.c[2]));
    return T;
}

static inline v3 gen_pose_apply(S_CTX_PARAM, const gen_pose *T, const double x[3])
{
    v3 y;
    for (int i = 0; i < 3; i++)
        y.c[i] = S_ADD(S_ADD(S_ADD(S_MUL(T->r[i][0], S_D(x[0])), S_MUL(T->r[i][1], S_D(x[1]))),
                             S_MUL(T->r[i][2], S_D(x[2]))),
                       T->t.c[i]);
    return y;
}

/* φ, ∇φ and the normal of a body's SDF at a world point x: local Rᵀ(x - t) */
static inline S gen_body_sdf(S_CTX_PARAM, v3 *grad, v3 *normal, const gen_pose *T,
                             const ccd_sdf *sdf, v3 x, double tau_n)
{
    v3 d = v3_sub(S_CTX, x, T->t), l, gl, nl;
    for (int i = 0; i < 3; i++)
        l.c[i] = S_ADD(S_ADD(S_MUL(T->r[0][i], d.c[0]), S_MUL(T->r[1][i], d.c[1])),
                       S_MUL(T->r[2][i], d.c[2]));
    S v = gsdf_eval(S_CTX, &gl, &nl, sdf, l, tau_n);
    for (int i = 0; i < 3; i++) {
        grad->c[i] = S_ADD(S_ADD(S_MUL(T->r[i][0], gl.c[0]), S_MUL(T->r[i][1], gl.c[1])),
                           S_MUL(T->r[i][2], gl.c[2]));
        normal->c[i] = S_ADD(S_ADD(S_MUL(T->r[i][0], nl.c[0]), S_MUL(T->r[i][1], nl.c[1])),
                             S_MUL(T->r[i][2], nl.c[2]));
    }
    return v;
}

/* ------------------------------------------------------------------ soft top-K */

/* gamma[r][i] (k × n, row-major): SoftSort rows of the k largest x (as ccd_soft_topk:
 * the order is taken on the values, stable; row r = softmax_i(-|x_(r) - x_i|/τ)). */
static inline void gen_soft_topk(S_CTX_PARAM, S *gamma, const S *x, size_t n, size_t k,
                                 double tau, size_t *order)
{
    for (size_t i = 0; i < n; i++) {
        size_t j = i;
        while (j > 0 && S_VAL(x[order[j - 1]]) < S_VAL(x[i])) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    for (size_t r = 0; r < k; r++) {
        S *row = gamma + r * n;
        size_t pk = order[r];
        if (tau == 0) {
            for (size_t i = 0; i < n; i++)
                row[i] = S_D(i == pk ? 1.0 : 0.0);
            continue;
        }
        S sum = S_D(0.0);
        for (size_t i = 0; i < n; i++) {
            row[i] = S_EXP(S_DIV(S_NEG(S_ABS(S_SUB(x[pk], x[i]))), S_D(tau)));
            sum = S_ADD(sum, row[i]);
        }
        for (size_t i = 0; i < n; i++)
            row[i] = S_DIV(row[i], sum);
    }
}

/* ------------------------------------------------------------------ the pipeline */

static inline void gen_put_contact(S *o, v3 pt, S d, v3 n, S act)
{
    for (int k = 0; k < 3; k++) {
        o[k] = pt.c[k];
        o[4 + k] = n.c[k];
    }
    o[3] = d;
    o[7] = act;
}

/* ⟦x ≥ 0⟧ ≈ σ(x/τ) and sign(x) ≈ tanh(x/τ), as ccd_soft_greater / ccd_soft_sign */
static inline S gen_soft_sign(S_CTX_PARAM, S x, double tau)
{
    if (tau == 0)
        return S_D((double)S_SGN(x));
    return S_TANH(S_DIV(x, S_D(tau)));
}

/*
 * out[count][8] (see pipeline.h).  Inputs validated by pipeline_validate.
 * Returns 0, or -1 when out of memory.
 */
static int gen_pipeline(S_CTX_PARAM, S *out, const ccd_contact_body body[2], const S s[2][6],
                        const ccd_pipeline_params *p)
{
    const ccd_contact_params *cp = &p->contact;
    gen_pose T[2] = {gen_pose_exp(S_CTX, s[0]), gen_pose_exp(S_CTX, s[1])};
    size_t nv = body[0].vertex_count + body[1].vertex_count;
    size_t ne = body[0].edge_count + body[1].edge_count;
    size_t ke0 = p->edge_k[0], ke1 = p->edge_k[1], kmax = ke0 > ke1 ? ke0 : ke1;
    size_t nmax = nv + ne, kall = kmax;
    for (int b = 0; b < 2; b++)
        kall = p->vertex_k[b] > kall ? p->vertex_k[b] : kall;
    v3 *world = malloc(nv * sizeof *world), *ea = malloc(2 * kmax * sizeof *ea);
    v3 *eb = malloc(2 * kmax * sizeof *eb);
    S *score = malloc(nmax * sizeof *score), *gam = malloc(kall * nmax * sizeof *gam);
    S *dist = malloc(ke0 * ke1 * sizeof *dist), *w = malloc((kmax + 1) * sizeof *w);
    size_t *order = malloc(nmax * sizeof *order);
    int fail = !world || !ea || !eb || !score || !gam || !dist || !w || !order;
    if (fail)
        goto done;
    size_t vbase = 0, cbase = 0;
    for (int b = 0; b < 2; b++) {
        const ccd_contact_body *bd = &body[b];
        const ccd_sdf *opp = body[1 - b].sdf;
        const gen_pose *To = &T[1 - b];
        v3 *W = world + vbase;
        for (size_t i = 0; i < bd->vertex_count; i++) { /* 1. vertex scores */
            v3 g, n;
            W[i] = gen_pose_apply(S_CTX, &T[b], bd->vertex[i]);
            score[i] = S_NEG(gen_body_sdf(S_CTX, &g, &n, To, opp, W[i], cp->tau_normal));
        }
        for (size_t e = 0; e < bd->edge_count; e++) /* edge scores: mean of the ends */
            score[bd->vertex_count + e] =
                S_MUL(S_D(0.5), S_ADD(score[bd->edge[e][0]], score[bd->edge[e][1]]));
        /* 2. soft top-K of the vertices, 3. their vertex–SDF contacts */
        size_t kv = p->vertex_k[b];
        gen_soft_topk(S_CTX, gam, score, bd->vertex_count, kv, p->tau_topk, order);
        for (size_t r = 0; r < kv; r++) {
            v3 pt = {{S_D(0.0), S_D(0.0), S_D(0.0)}}, g, n;
            for (size_t i = 0; i < bd->vertex_count; i++)
                pt = v3_axpy(S_CTX, pt, gam[r * bd->vertex_count + i], W[i]);
            S d = gen_body_sdf(S_CTX, &g, &n, To, opp, pt, cp->tau_normal);
            S act = gen_step(S_CTX, S_NEG(d), cp->tau_pen);
            gen_put_contact(out + 8 * (cbase + r), pt, d, n, act);
        }
        cbase += kv;
        /* soft top-K of the edges: Γ-weighted endpoints */
        size_t ke = p->edge_k[b];
        gen_soft_topk(S_CTX, gam, score + bd->vertex_count, bd->edge_count, ke, p->tau_topk,
                      order);
        for (size_t r = 0; r < ke; r++) {
            v3 a = {{S_D(0.0), S_D(0.0), S_D(0.0)}}, c = a;
            for (size_t e = 0; e < bd->edge_count; e++) {
                S ge = gam[r * bd->edge_count + e];
                a = v3_axpy(S_CTX, a, ge, W[bd->edge[e][0]]);
                c = v3_axpy(S_CTX, c, ge, W[bd->edge[e][1]]);
            }
            ea[b * kmax + r] = a;
            eb[b * kmax + r] = c;
        }
        vbase += bd->vertex_count;
    }
    /* 4. all E-E witness pairs with signed distances and indicators (eqs. 11–16,
     * as ccd_contact_edge_edge); nn is applied below */
    for (size_t k = 0; k < ke0; k++)
        for (size_t l = 0; l < ke1; l++) {
            S x[12], wo[CCD_EE_OUTPUTS];
            for (int i = 0; i < 3; i++) {
                x[i] = ea[k].c[i];
                x[3 + i] = eb[k].c[i];
                x[6 + i] = ea[kmax + l].c[i];
                x[9 + i] = eb[kmax + l].c[i];
            }
            gen_ee_witness(S_CTX, wo, x, &cp->witness);
            v3 p1 = {{wo[0], wo[1], wo[2]}}, p2 = {{wo[3], wo[4], wo[5]}};
            v3 de = v3_sub(S_CTX, p1, p2), g1, g2, n1u, n2u, gx;
            S dd = v3_dot(S_CTX, de, de);
            S den = S_SQRT(S_ADD(dd, S_D(cp->eps_normal)));
            S dbar = S_SQRT(dd);
            v3 nbar = S_SGN(den) > 0 ? v3_scale(S_CTX, S_DIV(S_D(1.0), den), de) : de;
            S phi1_p1 = gen_body_sdf(S_CTX, &g1, &n1u, &T[0], body[0].sdf, p1, cp->tau_normal);
            S phi2_p2 = gen_body_sdf(S_CTX, &g2, &n2u, &T[1], body[1].sdf, p2, cp->tau_normal);
            S phi2_p1 = gen_body_sdf(S_CTX, &gx, &n2u, &T[1], body[1].sdf, p1, cp->tau_normal);
            S phi1_p2 = gen_body_sdf(S_CTX, &gx, &n1u, &T[0], body[0].sdf, p2, cp->tau_normal);
            S gam1 = gen_soft_sign(S_CTX, v3_dot(S_CTX, g2, nbar), cp->tau_sign);
            S gam2 = gen_soft_sign(S_CTX, S_NEG(v3_dot(S_CTX, g1, nbar)), cp->tau_sign);
            S clash = gen_step(S_CTX, S_NEG(v3_dot(S_CTX, g1, g2)), cp->tau_clash);
            S guard = cp->safeguard ? S_MUL(gen_step(S_CTX, S_NEG(phi1_p1), cp->tau_pen),
                                            gen_step(S_CTX, S_NEG(phi2_p2), cp->tau_pen))
                                    : S_D(1.0);
            S base = S_MUL(S_MUL(wo[8], clash), guard);
            S act1 = S_MUL(base, gen_step(S_CTX, S_NEG(phi2_p1), cp->tau_pen));
            S act2 = S_MUL(base, gen_step(S_CTX, S_NEG(phi1_p2), cp->tau_pen));
            S *o = out + 8 * (cbase + 2 * (k * ke1 + l));
            gen_put_contact(o, p1, S_MUL(gam1, dbar), v3_scale(S_CTX, gam1, nbar), act1);
            gen_put_contact(o + 8, p2, S_MUL(gam2, dbar), v3_scale(S_CTX, S_NEG(gam2), nbar),
                            act2);
            dist[k * ke1 + l] = dbar;
        }
    /* nearest-neighbour indicators (eqs. 13–14): soft argmin of d̄ along each row
     * (point on body 0) and each column (point on body 1) */
    for (size_t k = 0; k < ke0; k++) {
        gen_soft_argmin(S_CTX, w, dist + k * ke1, (int)ke1, cp->tau_nn);
        for (size_t l = 0; l < ke1; l++) {
            S *o = out + 8 * (cbase + 2 * (k * ke1 + l));
            o[7] = S_MUL(o[7], w[l]);
        }
    }
    for (size_t l = 0; l < ke1; l++) {
        for (size_t k = 0; k < ke0; k++)
            score[k] = dist[k * ke1 + l];
        gen_soft_argmin(S_CTX, w, score, (int)ke0, cp->tau_nn);
        for (size_t k = 0; k < ke0; k++) {
            S *o = out + 8 * (cbase + 2 * (k * ke1 + l)) + 8;
            o[7] = S_MUL(o[7], w[k]);
        }
    }
done:
    free(world), free(ea), free(eb), free(score), free(gam), free(dist), free(w), free(order);
    return fail ? -1 : 0;
}
