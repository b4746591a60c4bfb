/* SPDX-License-Identifier: MIT */
/*
 * Exact minimum-separation truth (exact-ccd.md §4): is there t ∈ [0,1] and
 * x = (u,v) ∈ P with ‖M(t) x - c(t)‖ ≤ d, and the earliest such t.
 *
 * L∞: at a fixed t the feasible set is the polygon P cut by the three slabs
 * |a_k u + b_k v - c_k| ≤ d, all constraints α u + β v + γ ≥ 0 with α, β, γ of
 * degree ≤ 1 in t.  A non-empty bounded polygon has a vertex where two constraint
 * lines with independent normals meet: for every pair (i, j), with
 * D = α_i β_j - α_j β_i, the meeting point is (X, Y)/D, X = β_i γ_j - β_j γ_i,
 * Y = α_j γ_i - α_i γ_j, and it is feasible iff G_k = α_k X + β_k Y + γ_k D has
 * the sign of D for every other k.  Each pair gives two pure-inequality problems
 * (D > 0, G_k ≥ 0) and (D < 0, G_k ≤ 0).
 *
 * Euclidean: the minimum of ‖Mx - c‖² over P is attained at the unconstrained
 * minimiser (A, B)/N when N > 0 and it lies in P (distance² f²/N), on an edge
 * at s = (m·r)/(m·m) ∈ [0,1] (distance² |m × r|²/(m·m)), or at a vertex
 * (distance² ‖r‖²); each candidate is a point of P, so contact ⇔ one of
 *   N > 0, domain, f² - d² N ≤ 0;
 *   m·m > 0, 0 ≤ m·r ≤ m·m, |m × r|² - d² (m·m) ≤ 0;
 *   ‖r‖² - d² ≤ 0.
 *
 * Coordinates are scaled by λ (the lcm of their denominators) and d = num/den
 * becomes λ num / den; every constraint is multiplied by den (L∞) or den² (L2)
 * so that all polynomials have integer coefficients.
 */
#include <config.h>

#include "exact/exact_internal.h"

#include <stdlib.h>

enum { MAX_HALFPLANES = 10 };

struct ccd_separation_scratch {
    ccd_poly al[MAX_HALFPLANES], be[MAX_HALFPLANES], ga[MAX_HALFPLANES];
    ccd_poly D, X, Y, G[MAX_HALFPLANES], t1, t2;
    ccd_poly E, W[CCD_EXACT_MAX_EDGES], V[CCD_EXACT_MAX_VERTICES];
    mpz_t dnum, dden, z, w1, w2;
};

static struct ccd_separation_scratch *separation_new(void)
{
    struct ccd_separation_scratch *s = malloc(sizeof *s);
    if (!s)
        return NULL;
    for (int i = 0; i < MAX_HALFPLANES; i++) {
        ccd_poly_init(&s->al[i]);
        ccd_poly_init(&s->be[i]);
        ccd_poly_init(&s->ga[i]);
        ccd_poly_init(&s->G[i]);
    }
    ccd_poly_init(&s->D);
    ccd_poly_init(&s->X);
    ccd_poly_init(&s->Y);
    ccd_poly_init(&s->t1);
    ccd_poly_init(&s->t2);
    ccd_poly_init(&s->E);
    for (int i = 0; i < CCD_EXACT_MAX_EDGES; i++)
        ccd_poly_init(&s->W[i]);
    for (int i = 0; i < CCD_EXACT_MAX_VERTICES; i++)
        ccd_poly_init(&s->V[i]);
    mpz_inits(s->dnum, s->dden, s->z, s->w1, s->w2, NULL);
    return s;
}

void ccd_exact_separation_free(struct ccd_separation_scratch *s)
{
    if (!s)
        return;
    for (int i = 0; i < MAX_HALFPLANES; i++) {
        ccd_poly_clear(&s->al[i]);
        ccd_poly_clear(&s->be[i]);
        ccd_poly_clear(&s->ga[i]);
        ccd_poly_clear(&s->G[i]);
    }
    ccd_poly_clear(&s->D);
    ccd_poly_clear(&s->X);
    ccd_poly_clear(&s->Y);
    ccd_poly_clear(&s->t1);
    ccd_poly_clear(&s->t2);
    ccd_poly_clear(&s->E);
    for (int i = 0; i < CCD_EXACT_MAX_EDGES; i++)
        ccd_poly_clear(&s->W[i]);
    for (int i = 0; i < CCD_EXACT_MAX_VERTICES; i++)
        ccd_poly_clear(&s->V[i]);
    mpz_clears(s->dnum, s->dden, s->z, s->w1, s->w2, NULL);
    free(s);
}

static void poly_scale(ccd_poly *r, const ccd_poly *a, const mpz_t z)
{
    for (int i = 0; i <= a->deg; i++)
        mpz_mul(r->c[i], a->c[i], z);
    r->deg = mpz_sgn(z) ? a->deg : -1;
}

static void poly_dot(ccd_poly *r, const ccd_poly u[3], const ccd_poly v[3])
{
    ccd_poly_mul(r, &u[0], &v[0]);
    ccd_poly_addmul(r, &u[1], &v[1]);
    ccd_poly_addmul(r, &u[2], &v[2]);
}

/* r = det*a - dist*b, with det = den², dist = (λ num)²: "a·den² ≤ (λ num)² b" */
static void within_squared(ccd_poly *r, const ccd_poly *a, const ccd_poly *b,
                           struct ccd_separation_scratch *s, ccd_poly *tmp)
{
    mpz_mul(s->z, s->dden, s->dden);
    poly_scale(r, a, s->z);
    mpz_mul(s->z, s->dnum, s->dnum);
    poly_scale(tmp, b, s->z);
    ccd_poly_sub(r, r, tmp);
}

/* ------------------------------------------------------------------ L∞ */

static int halfplane_set(struct ccd_separation_scratch *s, int h, long al, long be, long ga)
{
    ccd_poly_set_si(&s->al[h], al);
    ccd_poly_set_si(&s->be[h], be);
    ccd_poly_set_si(&s->ga[h], ga);
    return h + 1;
}

static int build_halfplanes(ccd_exact_ctx *ctx, struct ccd_separation_scratch *s)
{
    int n = 0;
    n = halfplane_set(s, n, 1, 0, 0); /* u ≥ 0 */
    n = halfplane_set(s, n, 0, 1, 0); /* v ≥ 0 */
    if (ctx->kind == CCD_VF) {
        n = halfplane_set(s, n, -1, -1, 1); /* 1 - u - v ≥ 0 */
    } else {
        n = halfplane_set(s, n, -1, 0, 1); /* 1 - u ≥ 0 */
        n = halfplane_set(s, n, 0, -1, 1); /* 1 - v ≥ 0 */
    }
    /* slabs: den d_s ∓ den (a_k u + b_k v - c_k) ≥ 0 with den d_s = λ num */
    mpz_mul(s->z, ctx->lcm, s->dnum);
    for (int k = 0; k < 3; k++)
        for (int sign = -1; sign <= 1; sign += 2) {
            poly_scale(&s->al[n], &ctx->a[k], s->dden);
            poly_scale(&s->be[n], &ctx->b[k], s->dden);
            poly_scale(&s->ga[n], &ctx->c[k], s->dden);
            if (sign < 0) { /* λ num - den (a u + b v - c) ≥ 0 */
                ccd_poly_neg(&s->al[n], &s->al[n]);
                ccd_poly_neg(&s->be[n], &s->be[n]);
            } else { /* λ num + den (a u + b v - c) ≥ 0 */
                ccd_poly_neg(&s->ga[n], &s->ga[n]);
            }
            ccd_poly_set_si(&s->t1, 1);
            mpz_set(s->t1.c[0], s->z);
            s->t1.deg = mpz_sgn(s->z) ? 0 : -1;
            ccd_poly_add(&s->ga[n], &s->ga[n], &s->t1);
            n++;
        }
    return n;
}

static int solve_linf(ccd_exact_ctx *ctx, struct ccd_separation_scratch *s, int *found)
{
    int n = build_halfplanes(ctx, s);
    const ccd_poly *g[MAX_HALFPLANES];
    ccd_relation rel[2][CCD_SAT_MAX_POLYS];
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            /* the vertex where constraints i and j are tight */
            ccd_poly_mul(&s->D, &s->al[i], &s->be[j]);
            ccd_poly_submul(&s->D, &s->al[j], &s->be[i]);
            if (s->D.deg < 0)
                continue; /* parallel lines: no vertex */
            ccd_poly_mul(&s->X, &s->be[i], &s->ga[j]);
            ccd_poly_submul(&s->X, &s->be[j], &s->ga[i]);
            ccd_poly_mul(&s->Y, &s->al[j], &s->ga[i]);
            ccd_poly_submul(&s->Y, &s->al[i], &s->ga[j]);
            int m = 0;
            g[m] = &s->D;
            rel[0][m] = CCD_GT; /* D > 0 and every G_k ≥ 0 */
            rel[1][m] = CCD_LT; /* D < 0 and every G_k ≤ 0 */
            m++;
            for (int k = 0; k < n; k++) {
                if (k == i || k == j)
                    continue;
                ccd_poly *G = &s->G[m - 1];
                ccd_poly_mul(G, &s->al[k], &s->X);
                ccd_poly_addmul(G, &s->be[k], &s->Y);
                ccd_poly_addmul(G, &s->ga[k], &s->D);
                g[m] = G;
                rel[0][m] = CCD_GE;
                rel[1][m] = CCD_LE;
                m++;
            }
            ctx->sat.limit = *found ? &ctx->best : NULL; /* only earlier times matter */
            int r = ccd_sat_solve_patterns(&ctx->cand, &ctx->sat, g, m, rel, 2);
            ctx->sat.limit = NULL;
            if ((r = ccd_exact_keep_earliest(ctx, found, r)) != 0)
                return r;
        }
    return 0;
}

/* ------------------------------------------------------------------ Euclidean */

static int solve_l2(ccd_exact_ctx *ctx, struct ccd_separation_scratch *s, int *found)
{
    ccd_inequality in[6];
    ccd_exact_build_interior(ctx);
    ccd_exact_build_boundary_cases(ctx);
    mpz_mul(s->dnum, s->dnum, ctx->lcm); /* from here on dnum = λ num */
    ccd_poly_set_si(&s->t2, 1);
    int r;
    for (int v = 0; v < ctx->nvertices; v++) { /* ‖r‖² den² - (λ num)² ≤ 0 */
        poly_dot(&s->t1, ctx->vr[v], ctx->vr[v]);
        within_squared(&s->V[v], &s->t1, &s->t2, s, &s->D);
        in[0] = (ccd_inequality){&s->V[v], CCD_LE};
        if ((r = ccd_exact_solve_case(ctx, found, NULL, 0, in, 1)) != 0)
            return r;
    }
    for (int e = 0; e < ctx->nedges; e++) { /* |m × r|² den² - (λ num)² m·m ≤ 0 */
        poly_dot(&s->t1, ctx->ecr[e], ctx->ecr[e]);
        within_squared(&s->W[e], &s->t1, &ctx->emm[e], s, &s->D);
        int n = ccd_exact_edge_inequalities(in, ctx, e);
        in[n++] = (ccd_inequality){&s->W[e], CCD_LE};
        if ((r = ccd_exact_solve_case(ctx, found, NULL, 0, in, n)) != 0)
            return r;
    }
    ccd_poly_mul(&s->t1, &ctx->f, &ctx->f); /* f² den² - (λ num)² N ≤ 0 */
    within_squared(&s->E, &s->t1, &ctx->N, s, &s->D);
    int n = ccd_exact_interior_inequalities(in, ctx);
    in[n++] = (ccd_inequality){&s->E, CCD_LE};
    return ccd_exact_solve_case(ctx, found, NULL, 0, in, n);
}

/* 1 when p > 0 on all of [0, 1] (Descartes on [0,1] and a few halvings); 0 when
 * that could not be shown. */
static int positive_on_unit_interval(const ccd_poly *p, struct ccd_separation_scratch *s)
{
    if (ccd_poly_sign_at_zero(p) <= 0 || ccd_poly_sign_at_one(p, s->w1) <= 0)
        return 0;
    mpz_t lo, hi;
    mpz_inits(lo, hi, NULL);
    int ok = 1;
    /* the pieces [i/2^k, (i+1)/2^k] still undecided, breadth first up to depth 4 */
    unsigned long todo = 1; /* bit i: piece i of the current depth is undecided */
    for (unsigned long k = 0; todo && k <= 4; k++) {
        unsigned long next = 0;
        for (unsigned long i = 0; i < (1ul << k); i++) {
            if (!(todo >> i & 1))
                continue;
            mpz_set_ui(lo, i);
            mpz_set_ui(hi, i + 1);
            ccd_poly_to_interval(&s->t1, p, lo, hi, k, s->w1, s->w2);
            int sign;
            int v = ccd_poly_descartes_01(&sign, &s->t1, &s->t2);
            if (v == 0 && sign > 0)
                continue;
            if (v == 0 || k == 4) { /* negative there, or still undecided */
                ok = 0;
                break;
            }
            /* the midpoint must be positive too */
            mpz_set_ui(lo, 2 * i + 1);
            if (ccd_poly_sign_at_dyadic(p, lo, k + 1, s->w1, s->w2) <= 0) {
                ok = 0;
                break;
            }
            next |= 3ul << (2 * i);
        }
        if (!ok)
            break;
        todo = next;
    }
    mpz_clears(lo, hi, NULL);
    return ok;
}

ccd_status ccd_exact_decide_separation(int *collides, ccd_algebraic *toi, const ccd_query *q,
                                       const mpq_t ms, int norm, ccd_exact_ctx *ctx)
{
    *collides = 0;
    if (mpq_sgn(ms) < 0 || (norm != 0 && norm != 2))
        return CCD_ERR_INPUT;
    if (!ctx->sep && !(ctx->sep = separation_new()))
        return CCD_ERR_INTERNAL;
    struct ccd_separation_scratch *s = ctx->sep;
    int found = 0;
    ccd_status st;
    if (!ctx->separation_unseeded) {
        /* a contact is a contact at any separation d ≥ 0: start from the plain
         * answer and look only for earlier times */
        st = ccd_exact_decide(&found, NULL, q, NULL, 0, ctx);
        if (st != CCD_OK)
            return st;
    }
    st = ccd_exact_load_coordinates(ctx, q);
    if (st != CCD_OK)
        return st;
    ctx->kind = q->kind;
    ctx->cases_built = 0;
    ccd_exact_build_coplanarity(ctx);
    mpz_set(s->dnum, mpq_numref(ms));
    mpz_set(s->dden, mpq_denref(ms));
    int r = 0;
    if (!found) {
        /* Necessary for contact: |f| = |e·n| ≤ d ‖n‖₁ ≤ √3 d √N (L∞) or ≤ d √N (L2)
         * with e = M x - c.  So den² f² - κ (λ num)² N > 0 on [0,1] rules it out. */
        ccd_exact_build_interior(ctx);
        ccd_poly_mul(&s->t2, &ctx->f, &ctx->f);
        mpz_mul(s->z, s->dden, s->dden);
        poly_scale(&s->E, &s->t2, s->z);
        mpz_mul(s->z, s->dnum, ctx->lcm);
        mpz_mul(s->z, s->z, s->z);
        if (norm == 0)
            mpz_mul_ui(s->z, s->z, 3);
        poly_scale(&s->t2, &ctx->N, s->z);
        ccd_poly_sub(&s->E, &s->E, &s->t2);
        if (positive_on_unit_interval(&s->E, s))
            return CCD_OK;
    }
    r = norm == 0 ? solve_linf(ctx, s, &found) : solve_l2(ctx, s, &found);
    if (r < 0)
        return CCD_ERR_INTERNAL;
    *collides = found;
    if (found && toi)
        ccd_algebraic_set(toi, &ctx->best);
    return CCD_OK;
}
