/* SPDX-License-Identifier: MIT */
/*
 * Exact minimum-separation truth (DESIGN.md §9): is there t ∈ [0,1] and
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
 * L∞ speed: the reference loop above solves every pair on the whole window; the
 * default path (separation_linf.c) lets a floating-point filter with proven error
 * bounds (separation_pair_filter.c) confine the exact problems to the few pairs and
 * the small part of the window it cannot decide, with the same answer.  Either
 * way the answer is put in a canonical form (ccd_linf_canonical): the reference
 * loop's own representation depended on the comparisons made on the way.
 *
 * Speed: a floating-point filter with a proven error bound (separation_filter.c)
 * clears a prefix [0, t_a] of the step (all of it: no contact), and the plain
 * answer bounds the time from above (a contact is a contact at any d ≥ 0), so the
 * exact problems are solved on the window [t_a, t_b] only, t_b a dyadic ≥ the plain
 * time of impact (1 without one): the query is reparametrised exactly by
 * t = t_a + (t_b - t_a) s, s ∈ [0, 1] (positions stay linear in s), and the infimum
 * mapped back.
 *
 * Coordinates are scaled by λ (the lcm of their denominators) and d = num/den
 * becomes λ num / den; every constraint is multiplied by den (L∞) or den² (L2)
 * so that all polynomials have integer coefficients.
 */
#include <config.h>

#include "exact/separation.h"
#include "exact/exact_internal.h"
#include "exact/separation_filter.h"
#include "exact/separation_linf.h"

#include <math.h>
#include <stdlib.h>

enum { MAX_HALFPLANES = 10 };

struct ccd_separation_scratch {
    ccd_poly al[MAX_HALFPLANES], be[MAX_HALFPLANES], ga[MAX_HALFPLANES];
    ccd_poly D, X, Y, G[MAX_HALFPLANES], t1, t2;
    ccd_poly E, W[CCD_EXACT_MAX_EDGES], V[CCD_EXACT_MAX_VERTICES];
    mpz_t dnum, dden, z, w1, w2;
    ccd_algebraic plain; /* the plain time of impact */
    ccd_poly L, P;       /* window back-transform */
    mpq_t q1;
    ccd_linf_scratch *linf; /* the L∞ paths, created on first use */
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
    ccd_algebraic_init(&s->plain);
    ccd_poly_init(&s->L);
    ccd_poly_init(&s->P);
    mpq_init(s->q1);
    s->linf = NULL;
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
    ccd_algebraic_clear(&s->plain);
    ccd_poly_clear(&s->L);
    ccd_poly_clear(&s->P);
    mpq_clear(s->q1);
    ccd_linf_scratch_free(s->linf);
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

/* +1 (-1) when p > 0 (< 0) on all of [0, 1], because |p(0)| > Σ_{i≥1} |c_i| ≥ |p(s) - p(0)|;
 * 0 when this cheap exact test cannot tell (the window makes it decisive for most). */
static int certain_sign(const ccd_poly *p, mpz_t sum)
{
    if (p->deg < 0)
        return 0;
    mpz_set_ui(sum, 0);
    for (int i = 1; i <= p->deg; i++) {
        if (mpz_sgn(p->c[i]) >= 0)
            mpz_add(sum, sum, p->c[i]);
        else
            mpz_sub(sum, sum, p->c[i]);
    }
    return mpz_cmpabs(p->c[0], sum) > 0 ? mpz_sgn(p->c[0]) : 0;
}

/* The reference loop: every pair, on the whole window, in order. */
static int solve_linf_reference(ccd_exact_ctx *ctx, struct ccd_separation_scratch *s,
                                const ccd_linf_rows *rows, int *found)
{
    int n = rows->n;
    const ccd_poly *g[MAX_HALFPLANES];
    ccd_relation rel[2][CCD_SAT_MAX_POLYS];
    int wi = -1, wj = -1; /* the pair that found the earliest time first */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            /* the vertex where constraints i and j are tight */
            ccd_poly_mul(&s->D, &s->al[i], &s->be[j]);
            ccd_poly_submul(&s->D, &s->al[j], &s->be[i]);
            if (s->D.deg < 0)
                continue; /* parallel lines: no vertex */
            /* pattern 0: D > 0, every G_k ≥ 0; pattern 1: D < 0, every G_k ≤ 0.  A
             * pattern dies when one of its polynomials has the wrong sign throughout. */
            int sd = certain_sign(&s->D, s->w1);
            int alive0 = sd >= 0, alive1 = sd <= 0;
            ccd_poly_mul(&s->X, &s->be[i], &s->ga[j]);
            ccd_poly_submul(&s->X, &s->be[j], &s->ga[i]);
            ccd_poly_mul(&s->Y, &s->al[j], &s->ga[i]);
            ccd_poly_submul(&s->Y, &s->al[i], &s->ga[j]);
            int m = 0;
            g[m] = &s->D;
            rel[0][m] = CCD_GT;
            rel[1][m] = CCD_LT;
            m++;
            for (int k = 0; k < n && (alive0 || alive1); k++) {
                if (k == i || k == j)
                    continue;
                ccd_poly *G = &s->G[m - 1];
                ccd_poly_mul(G, &s->al[k], &s->X);
                ccd_poly_addmul(G, &s->be[k], &s->Y);
                ccd_poly_addmul(G, &s->ga[k], &s->D);
                int sg = certain_sign(G, s->w1);
                if (sg < 0)
                    alive0 = 0;
                if (sg > 0)
                    alive1 = 0;
                g[m] = G;
                rel[0][m] = CCD_GE;
                rel[1][m] = CCD_LE;
                m++;
            }
            if (!alive0 && !alive1)
                continue;
            int npat = alive0 + alive1;
            if (!alive0) /* only pattern 1 left: move it first */
                for (int k = 0; k < m; k++)
                    rel[0][k] = rel[1][k];
            ctx->sat.limit = *found ? &ctx->best : NULL; /* only earlier times matter */
            int r = ccd_sat_solve_patterns(&ctx->cand, &ctx->sat, g, m, rel, npat);
            ctx->sat.limit = NULL;
            ctx->work++;
            if (r < 0)
                return -1;
            if (r == 0)
                continue;
            if (!*found || ccd_algebraic_cmp(&ctx->cand, &ctx->best, &ctx->sat.s) < 0) {
                ccd_algebraic_set(&ctx->best, &ctx->cand);
                wi = i;
                wj = j;
            }
            *found = 1;
            if (ctx->best.exact && mpq_sgn(ctx->best.value) == 0)
                return 0; /* nothing can be earlier (and 0 is its own canonical form) */
        }
    if (!*found)
        return 0;
    int r = ccd_linf_canonical(ctx, s->linf, rows, wi, wj);
    return r == 2 ? -1 : r;
}

/* `plain`: the query has a plain contact in the window, so there is a contact at
 * any d: the fast path finding none would be an internal inconsistency. */
static int solve_linf(ccd_exact_ctx *ctx, struct ccd_separation_scratch *s, int *found,
                      int plain, unsigned flags)
{
    if (!s->linf && !(s->linf = ccd_linf_scratch_new()))
        return -1;
    ccd_linf_rows rows = {s->al, s->be, s->ga, build_halfplanes(ctx, s),
                          ctx->kind == CCD_VF ? 3 : 4};
    if (!(flags & CCD_SEPARATION_REFERENCE)) {
        int r = ccd_linf_solve_fast(ctx, s->linf, &rows);
        if (r < 0)
            return -1;
        if (r == 1 || (r == 0 && !plain)) {
            *found = r;
            return 0;
        }
        /* an internal check failed: the reference loop decides */
    }
    *found = 0;
    return solve_linf_reference(ctx, s, &rows, found);
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

/* ------------------------------------------------------------------ window */

enum { WINDOW_BITS = CCD_SEPARATION_FILTER_DEPTH };

/* Restrict the loaded query to t ∈ [A, B] / 2^WINDOW_BITS: with t = (A + (B - A) s)
 * / 2^W the position X0 + t (X1 - X0) becomes (X0' + s (X1' - X0')) / 2^W with
 * X0' = 2^W X0 + A (X1 - X0), X1' = 2^W X0 + B (X1 - X0); the common scale λ
 * becomes λ 2^W. */
static void restrict_to_window(ccd_exact_ctx *ctx, struct ccd_separation_scratch *s,
                               unsigned long A, unsigned long B)
{
    for (int i = 0; i < CCD_QUERY_ROWS / 2; i++)
        for (int k = 0; k < 3; k++) {
            mpz_t *x0 = &ctx->X[i][k], *x1 = &ctx->X[i + 4][k];
            mpz_sub(s->w1, *x1, *x0);          /* X1 - X0 */
            mpz_mul_2exp(s->w2, *x0, WINDOW_BITS); /* 2^W X0 */
            mpz_set(*x0, s->w2);
            mpz_addmul_ui(*x0, s->w1, A);
            mpz_set(*x1, s->w2);
            mpz_addmul_ui(*x1, s->w1, B);
        }
    mpz_mul_2exp(ctx->lcm, ctx->lcm, WINDOW_BITS);
}

/* r = the time t = (A + W s) / 2^WINDOW_BITS of the window time s = a (W = B - A > 0). */
static void time_from_window(ccd_algebraic *r, const ccd_algebraic *a,
                             struct ccd_separation_scratch *s, unsigned long A, unsigned long B)
{
    unsigned long W = B - A;
    if (a->exact) {
        mpq_set_ui(s->q1, W, 1);
        mpq_mul(s->q1, s->q1, a->value);
        mpz_addmul_ui(mpq_numref(s->q1), mpq_denref(s->q1), A);
        mpz_mul_2exp(mpq_denref(s->q1), mpq_denref(s->q1), WINDOW_BITS);
        mpq_canonicalize(s->q1);
        ccd_algebraic_set_q(r, s->q1);
        return;
    }
    /* q(t) = W^deg p((2^W t - A) / W) = Σ c_i L^i W^(deg-i), L = 2^W t - A (Horner):
     * square-free with the same sign as p at corresponding points (W > 0). */
    const ccd_poly *p = &a->p;
    mpz_set_ui(s->w1, 1);
    mpz_mul_2exp(s->w1, s->w1, WINDOW_BITS);
    mpz_set_ui(s->w2, A);
    mpz_neg(s->w2, s->w2);
    ccd_poly_set_linear(&s->L, s->w2, s->w1);
    ccd_poly_set_si(&s->t1, 0);
    mpz_set(s->t1.c[0], p->c[p->deg]);
    s->t1.deg = 0;
    mpz_set_ui(s->z, 1);
    for (int i = p->deg - 1; i >= 0; i--) {
        ccd_poly_mul(&s->P, &s->t1, &s->L);
        mpz_mul_ui(s->z, s->z, W); /* W^(deg-i) */
        mpz_addmul(s->P.c[0], p->c[i], s->z);
        ccd_poly_normalize(&s->P);
        ccd_poly_set(&s->t1, &s->P);
    }
    ccd_poly_make_primitive(&s->t1, s->w1);
    /* (lo, hi) / 2^k in s → (A 2^k + W lo, A 2^k + W hi) / 2^(W + k) in t */
    mpz_set_ui(s->w1, A);
    mpz_mul_2exp(s->w1, s->w1, a->k);
    mpz_set(s->w2, s->w1);
    mpz_addmul_ui(s->w1, a->lo, W);
    mpz_addmul_ui(s->w2, a->hi, W);
    ccd_algebraic_set_interval(r, &s->t1, s->w1, s->w2, a->k + WINDOW_BITS, a->sign_lo);
}

ccd_status ccd_exact_decide_separation(int *collides, ccd_algebraic *toi, const ccd_query *q,
                                       const mpq_t ms, int norm, ccd_exact_ctx *ctx)
{
    return ccd_exact_decide_separation_with(collides, toi, q, ms, norm, ctx, 0);
}

ccd_status ccd_exact_decide_separation_with(int *collides, ccd_algebraic *toi, const ccd_query *q,
                                            const mpq_t ms, int norm, ccd_exact_ctx *ctx,
                                            unsigned flags)
{
    *collides = 0;
    if (mpq_sgn(ms) < 0 || (norm != 0 && norm != 2))
        return CCD_ERR_INPUT;
    if (!ctx->sep && !(ctx->sep = separation_new()))
        return CCD_ERR_INTERNAL;
    struct ccd_separation_scratch *s = ctx->sep;
    int plain = 0;
    ccd_status st;
    if (!ctx->separation_unseeded) {
        /* a contact is a contact at any separation d ≥ 0: the answer is no later
         * than the plain one */
        st = ccd_exact_decide_contact(&plain, &s->plain, q, ctx);
        if (st != CCD_OK)
            return st;
        if (plain && s->plain.exact && mpq_sgn(s->plain.value) == 0) {
            *collides = 1;
            if (toi)
                ccd_algebraic_set(toi, &s->plain);
            return CCD_OK;
        }
    }
    /* the window [A, B] / 2^W: B / 2^W ≥ the plain time; [0, A / 2^W] clear */
    const unsigned long full = 1ul << WINDOW_BITS;
    unsigned long B = full, A;
    if (plain)
        B = (unsigned long)ceil(ldexp(ccd_algebraic_round_up(&s->plain), WINDOW_BITS));
    double d_up = mpq_get_d(ms); /* truncates: d_up ≤ d; the next double is ≥ d */
    d_up = nextafter(d_up, INFINITY);
    A = ccd_separation_filter_clear_prefix(q, d_up, norm, (uint32_t)B);
    if (A >= B) {
        if (!plain)
            return CCD_OK; /* all of [0, 1] is clear */
        A = 0; /* cannot happen (contact at the plain time); stay safe */
    }
    st = ccd_exact_load_coordinates(ctx, q);
    if (st != CCD_OK)
        return st;
    int windowed = A > 0 || B < full;
    if (windowed)
        restrict_to_window(ctx, s, A, B);
    ctx->kind = q->kind;
    ctx->cases_built = 0;
    ccd_exact_build_coplanarity(ctx);
    mpz_set(s->dnum, mpq_numref(ms));
    mpz_set(s->dden, mpq_denref(ms));
    int r = 0, found = 0;
    if (!plain) {
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
    r = norm == 0 ? solve_linf(ctx, s, &found, plain, flags) : solve_l2(ctx, s, &found);
    if (r < 0)
        return CCD_ERR_INTERNAL;
    if (found) {
        *collides = 1;
        if (toi) {
            if (windowed)
                time_from_window(toi, &ctx->best, s, A, B);
            else
                ccd_algebraic_set(toi, &ctx->best);
        }
    } else if (plain) { /* cannot happen either: the plain contact lies in the window */
        *collides = 1;
        if (toi)
            ccd_algebraic_set(toi, &s->plain);
    }
    return CCD_OK;
}
