/* SPDX-License-Identifier: MIT */
/*
 * Exact L∞ minimum separation with the pair filter (separation_linf.h).
 *
 * The answer is s* = min over pairs (i, j) of inf S_ij, S_ij = {s : D > 0, G_k ≥ 0}
 * ∪ {s : D < 0, G_k ≤ 0} (separation.c).  The reference loop solves one exact
 * sign-condition problem per pair on the whole window.  Here:
 *
 *  1. The floating-point sweep (separation_pair_filter.c, proven error bounds)
 *     finds, per pair, lb with S_ij ∩ [0, lb) = ∅, so inf S_ij ≥ lb; a0 = min lb,
 *     so s* ≥ a0; and b0 with s* < b0: a point where some pair has strict certified
 *     signs (it is feasible there, hence on a neighbourhood of it, so some
 *     infimum lies below), or the start > a0 of a piece on which some pair is
 *     certainly feasible (likewise); b0 = 1 when nothing was certified.
 *  2. Only pairs with lb < b0 can have inf S_ij ≤ s* (inf ≥ lb ≥ b0 > s* for the
 *     others).  They are solved in increasing lb, and a pair with lb > (the best
 *     so far) is skipped: its infimum is larger.
 *  3. Each is solved on the sub-window [a0, b0] only, reparametrised exactly to
 *     x ∈ [0, 1] (positive multiples, signs kept): inf S_ij ∩ [a0, b0] is inf S_ij
 *     when that is < b0, since S_ij ∩ [0, a0) = ∅.  A polynomial whose sign the
 *     filter certifies on all of [a0, b0] is dropped from the problem when that
 *     sign is the one required by every pattern still possible there, and a
 *     pattern whose D or G_k has the wrong certified sign is dropped: the
 *     satisfying set on [a0, b0] is unchanged.  The problems are small: they go to
 *     separation_sat.c, which also tells which polynomials vanish at the infimum.
 *  4. The earliest infimum (exact comparisons; ties: the smallest pair in the
 *     reference order, which the reference keeps since it replaces only on a
 *     strictly earlier time) gets its canonical representation (below).
 * Every skip rests on a certified sign; every time compared is exact.
 */
#include <config.h>

#include "exact/separation_linf.h"
#include "exact/separation_pair_filter.h"
#include "exact/separation_sat.h"

#include <stdlib.h>

struct ccd_linf_scratch {
    ccd_pair_rows frows;
    ccd_pair_sweep sweep;
    ccd_pair_parts parts; /* the rows on the sub-window */
    unsigned char pairs[CCD_PAIR_MAX][2];
    int order[CCD_PAIR_MAX];
    ccd_poly D, X, Y, G, P, tmp, gx[CCD_PAIR_MAX_ROWS];
    ccd_algebraic u, fresh;
    ccd_owned_sat os;
    int kept_id[CCD_PAIR_MAX_ROWS + 1]; /* the kept polynomials: -1 for D, k for G_k */
    int cand_id;                         /* the first kept polynomial vanishing at ctx->cand */
    mpz_t lo, hi, z1, z2, L, H;
    mpq_t q, qlo, qhi;
    uint64_t a0, b0; /* the sub-window of x (units of 2^-CCD_PAIR_DEPTH) */
};

ccd_linf_scratch *ccd_linf_scratch_new(void)
{
    ccd_linf_scratch *ls = malloc(sizeof *ls);
    if (!ls)
        return NULL;
    ccd_poly_init(&ls->D);
    ccd_poly_init(&ls->X);
    ccd_poly_init(&ls->Y);
    ccd_poly_init(&ls->G);
    ccd_poly_init(&ls->P);
    ccd_poly_init(&ls->tmp);
    for (int i = 0; i < CCD_PAIR_MAX_ROWS; i++)
        ccd_poly_init(&ls->gx[i]);
    ccd_algebraic_init(&ls->u);
    ccd_algebraic_init(&ls->fresh);
    ccd_owned_sat_init(&ls->os);
    mpz_inits(ls->lo, ls->hi, ls->z1, ls->z2, ls->L, ls->H, NULL);
    mpq_inits(ls->q, ls->qlo, ls->qhi, NULL);
    return ls;
}

void ccd_linf_scratch_free(ccd_linf_scratch *ls)
{
    if (!ls)
        return;
    ccd_poly_clear(&ls->D);
    ccd_poly_clear(&ls->X);
    ccd_poly_clear(&ls->Y);
    ccd_poly_clear(&ls->G);
    ccd_poly_clear(&ls->P);
    ccd_poly_clear(&ls->tmp);
    for (int i = 0; i < CCD_PAIR_MAX_ROWS; i++)
        ccd_poly_clear(&ls->gx[i]);
    ccd_algebraic_clear(&ls->u);
    ccd_algebraic_clear(&ls->fresh);
    ccd_owned_sat_clear(&ls->os);
    mpz_clears(ls->lo, ls->hi, ls->z1, ls->z2, ls->L, ls->H, NULL);
    mpq_clears(ls->q, ls->qlo, ls->qhi, NULL);
    free(ls);
}

static const uint64_t FULL = (uint64_t)1 << CCD_PAIR_DEPTH;

/* ------------------------------------------------------------------ polynomials */

/* D, X, Y of pair (i, j), exactly as the reference loop builds them. */
static void build_minors(ccd_linf_scratch *ls, const ccd_linf_rows *w, int i, int j)
{
    ccd_poly_mul(&ls->D, &w->al[i], &w->be[j]);
    ccd_poly_submul(&ls->D, &w->al[j], &w->be[i]);
    ccd_poly_mul(&ls->X, &w->be[i], &w->ga[j]);
    ccd_poly_submul(&ls->X, &w->be[j], &w->ga[i]);
    ccd_poly_mul(&ls->Y, &w->al[j], &w->ga[i]);
    ccd_poly_submul(&ls->Y, &w->al[i], &w->ga[j]);
}

/* G = α_k X + β_k Y + γ_k D (G must not alias X, Y, D). */
static void build_vertex(ccd_poly *G, const ccd_linf_scratch *ls, const ccd_linf_rows *w, int k)
{
    ccd_poly_mul(G, &w->al[k], &ls->X);
    ccd_poly_addmul(G, &w->be[k], &ls->Y);
    ccd_poly_addmul(G, &w->ga[k], &ls->D);
}

static int is_identity_window(const ccd_linf_scratch *ls)
{
    return ls->a0 == 0 && ls->b0 == FULL;
}

/* r(x) = positive multiple of g(s) at s = (a0 + (b0 - a0) x) / 2^DEPTH. */
static void to_subwindow(ccd_poly *r, const ccd_poly *g, ccd_linf_scratch *ls)
{
    if (is_identity_window(ls)) {
        ccd_poly_set(r, g);
        return;
    }
    mpz_set_ui(ls->lo, ls->a0);
    mpz_set_ui(ls->hi, ls->b0);
    ccd_poly_to_interval(r, g, ls->lo, ls->hi, CCD_PAIR_DEPTH, ls->z1, ls->z2);
}

/* ------------------------------------------------------------------ canonical form */

struct match_root {
    ccd_linf_scratch *ls;
    int exact; /* match the rational ls->q, else the only root in (qlo, qhi) */
    int found;
};

static int match_root(void *data, ccd_algebraic *root)
{
    struct match_root *m = data;
    ccd_linf_scratch *ls = m->ls;
    if (m->exact) {
        int c = ccd_algebraic_cmp_q_mut(root, ls->q);
        if (c < 0)
            return 0;
        m->found = c == 0;
    } else {
        if (ccd_algebraic_cmp_q_mut(root, ls->qlo) <= 0)
            return 0;
        m->found = ccd_algebraic_cmp_q_mut(root, ls->qhi) < 0;
    }
    if (m->found)
        ccd_algebraic_set(&ls->fresh, root);
    return 1;
}

/* q = (a0 + (b0 - a0) x) / 2^DEPTH for rational x. */
static void window_point(mpq_t q, const mpq_t x, const ccd_linf_scratch *ls)
{
    mpq_set_ui(q, ls->b0 - ls->a0, 1);
    mpq_mul(q, q, x);
    mpz_addmul_ui(mpq_numref(q), mpq_denref(q), ls->a0);
    mpz_mul_2exp(mpq_denref(q), mpq_denref(q), CCD_PAIR_DEPTH);
    mpq_canonicalize(q);
}

/*
 * ctx->best (x-coordinates of [a0, b0]) → its canonical representation in s
 * (see separation_linf.h).  When `signs`, the filter's certified signs on [a0, b0]
 * skip the polynomials that cannot vanish there.
 */
static int canonical_in_subwindow(ccd_exact_ctx *ctx, ccd_linf_scratch *ls,
                                  const ccd_linf_rows *w, int i, int j, int signs, int poly_id)
{
    ccd_algebraic *t = &ctx->best;
    ccd_sat *S = &ctx->sat;
    if (t->exact && mpq_sgn(t->value) == 0 && ls->a0 == 0)
        return 0; /* s = 0 exactly, as the reference reports it */
    int sd = 0, sg[CCD_PAIR_MAX_ROWS] = {0};
    if (signs)
        ccd_pair_signs(&sd, sg, &ls->parts, i, j);
    build_minors(ls, w, i, j);
    const ccd_poly *g = NULL;
    if (poly_id >= -1) { /* known: the first polynomial (reference order) vanishing there */
        g = &ls->D;
        if (poly_id >= 0) {
            build_vertex(&ls->G, ls, w, poly_id);
            g = &ls->G;
        }
    }
    for (int idx = -1; idx < w->n && !g; idx++) {
        if (idx == i || idx == j)
            continue;
        const ccd_poly *c = &ls->D;
        if (idx >= 0) {
            build_vertex(&ls->G, ls, w, idx);
            c = &ls->G;
        }
        if (c->deg < 1 || (idx < 0 ? sd : sg[idx]) != 0)
            continue; /* no root at all, or none in [a0, b0] */
        to_subwindow(&ls->tmp, c, ls);
        ccd_algebraic_set(&ls->u, t);
        if (ccd_algebraic_sign_at(&ls->tmp, &ls->u, &S->s, &S->t1, &S->t2) == 0)
            g = c;
    }
    if (!g)
        return 2;
    ccd_poly_squarefree(&ls->P, g, &S->s);
    /* the number in s: a rational, or the only root of P in an open interval */
    struct match_root m = {ls, 0, 0};
    ccd_algebraic_set(&ls->u, t);
    for (;;) {
        if (ls->u.exact) {
            window_point(ls->q, ls->u.value, ls);
            m.exact = 1;
            break;
        }
        /* (a0 2^k + (b0 - a0) lo, a0 2^k + (b0 - a0) hi) / 2^(DEPTH + k) */
        unsigned long K = ls->u.k + CCD_PAIR_DEPTH;
        mpz_set_ui(ls->L, ls->a0);
        mpz_mul_2exp(ls->L, ls->L, ls->u.k);
        mpz_set(ls->H, ls->L);
        mpz_addmul_ui(ls->L, ls->u.lo, ls->b0 - ls->a0);
        mpz_addmul_ui(ls->H, ls->u.hi, ls->b0 - ls->a0);
        ccd_poly_to_interval(&ls->tmp, &ls->P, ls->L, ls->H, K, ls->z1, ls->z2);
        int sign;
        int v = ccd_poly_descartes_01(&sign, &ls->tmp, &ls->gx[0]);
        if (v == 0)
            return 2; /* the number is a root of P inside: cannot happen */
        if (v == 1) {
            mpz_set(mpq_numref(ls->qlo), ls->L);
            mpz_set_ui(mpq_denref(ls->qlo), 1);
            mpz_mul_2exp(mpq_denref(ls->qlo), mpq_denref(ls->qlo), K);
            mpq_canonicalize(ls->qlo);
            mpz_set(mpq_numref(ls->qhi), ls->H);
            mpz_set_ui(mpq_denref(ls->qhi), 1);
            mpz_mul_2exp(mpq_denref(ls->qhi), mpq_denref(ls->qhi), K);
            mpq_canonicalize(ls->qhi);
            break;
        }
        ccd_algebraic_bisect(&ls->u);
    }
    int r = ccd_roots_visit(&S->roots, &ls->P, match_root, &m);
    if (r < 0)
        return -1;
    if (!m.found)
        return 2;
    ccd_algebraic_set(&ctx->best, &ls->fresh);
    return 0;
}

int ccd_linf_canonical(ccd_exact_ctx *ctx, ccd_linf_scratch *ls, const ccd_linf_rows *rows, int i,
                       int j)
{
    ls->a0 = 0;
    ls->b0 = FULL;
    return canonical_in_subwindow(ctx, ls, rows, i, j, 0, -2);
}

/* ------------------------------------------------------------------ the fast path */

/* Pairs whose lines are parallel for every s (D ≡ 0): a slab's two sides, the
 * opposite sides of the unit square (EE), and rows with α ≡ β ≡ 0. */
static int always_parallel(const ccd_linf_rows *w, int i, int j)
{
    if ((w->al[i].deg < 0 && w->be[i].deg < 0) || (w->al[j].deg < 0 && w->be[j].deg < 0))
        return 1;
    if (i >= w->ndomain && j == i + 1 && (i - w->ndomain) % 2 == 0)
        return 1; /* α_j = -α_i, β_j = -β_i */
    return w->ndomain == 4 && ((i == 0 && j == 2) || (i == 1 && j == 3));
}

static int same_polynomial(const ccd_poly *a, const ccd_poly *b)
{
    if (a->deg != b->deg)
        return 0;
    for (int i = 0; i <= a->deg; i++)
        if (mpz_cmp(a->c[i], b->c[i]) != 0)
            return 0;
    return 1;
}

/* Sign of a - b.  Ties are common: where three constraint lines meet, the three
 * pairs among them have the same G polynomial up to sign, det(R_i; R_j; R_k).
 * When a and b are roots of the same square-free polynomial p, a = b iff a lies
 * in b's isolating interval (b is the only root of p there), and otherwise the
 * interval's ends order them: exact comparisons with rationals, no gcd. */
static int compare_times(ccd_algebraic *a, ccd_algebraic *b, ccd_linf_scratch *ls,
                         ccd_poly_scratch *s)
{
    if (!a->exact && !b->exact && same_polynomial(&a->p, &b->p)) {
        ccd_algebraic_lower(ls->qlo, b);
        if (ccd_algebraic_cmp_q_mut(a, ls->qlo) <= 0)
            return -1;
        ccd_algebraic_upper(ls->qhi, b);
        if (ccd_algebraic_cmp_q_mut(a, ls->qhi) >= 0)
            return 1;
        return 0;
    }
    return ccd_algebraic_cmp(a, b, s);
}

/* x of the window position `pos` (units of 2^-DEPTH) in [a0, b0]. */
static void subwindow_point(mpq_t q, uint64_t pos, const ccd_linf_scratch *ls)
{
    mpq_set_ui(q, pos - ls->a0, ls->b0 - ls->a0);
    mpq_canonicalize(q);
}

/* Solve pair (i, j) on the sub-window into ctx->cand.  Returns 1 (infimum found),
 * 0 (no feasible point, or none before the limit), -1 (out of memory). */
static int solve_pair(ccd_exact_ctx *ctx, ccd_linf_scratch *ls, const ccd_linf_rows *w, int i,
                      int j, int found)
{
    int sd, sg[CCD_PAIR_MAX_ROWS];
    ccd_pair_signs(&sd, sg, &ls->parts, i, j);
    int alive0 = sd >= 0, alive1 = sd <= 0;
    for (int k = 0; k < w->n && (alive0 || alive1); k++) {
        if (k == i || k == j)
            continue;
        if (sg[k] < 0)
            alive0 = 0;
        if (sg[k] > 0)
            alive1 = 0;
    }
    if (!alive0 && !alive1)
        return 0; /* a pattern fails everywhere on [a0, b0] */
    build_minors(ls, w, i, j);
    if (ls->D.deg < 0)
        return 0; /* parallel lines: no vertex (the reference skips the pair too) */
    const ccd_poly *g[CCD_SAT_MAX_POLYS];
    ccd_relation rel[2][CCD_SAT_MAX_POLYS];
    int m = 0;
    if (sd == 0) { /* D may change sign or vanish on [a0, b0] */
        to_subwindow(&ls->gx[m], &ls->D, ls);
        ls->kept_id[m] = -1;
        g[m] = &ls->gx[m];
        rel[0][m] = CCD_GT;
        rel[1][m] = CCD_LT;
        m++;
    }
    for (int k = 0; k < w->n; k++) {
        if (k == i || k == j || sg[k] != 0)
            continue; /* a certified sign: right for the live patterns, or wrong for a dead one */
        build_vertex(&ls->G, ls, w, k);
        to_subwindow(&ls->gx[m], &ls->G, ls);
        ls->kept_id[m] = k;
        g[m] = &ls->gx[m];
        rel[0][m] = CCD_GE;
        rel[1][m] = CCD_LE;
        m++;
    }
    int npat = alive0 + alive1;
    if (!alive0)
        for (int k = 0; k < m; k++)
            rel[0][k] = rel[1][k];
    ctx->work++;
    unsigned owners = 0;
    int r = ccd_owned_sat_solve(&ctx->cand, &owners, &ls->os, &ctx->sat, g, m, rel, npat);
    if (r == -2) { /* too many roots for the owner-tracking solver */
        ctx->sat.limit = found ? &ctx->best : NULL;
        r = ccd_sat_solve_patterns(&ctx->cand, &ctx->sat, g, m, rel, npat);
        ctx->sat.limit = NULL;
        ls->cand_id = -2; /* unknown */
        return r;
    }
    ls->cand_id = -3; /* none: the infimum is x = 0 and no kept polynomial vanishes there */
    for (int k = 0; k < m; k++)
        if (owners >> k & 1) {
            ls->cand_id = ls->kept_id[k];
            break;
        }
    return r;
}

int ccd_linf_solve_fast(ccd_exact_ctx *ctx, ccd_linf_scratch *ls, const ccd_linf_rows *w)
{
    ccd_pair_rows_load(&ls->frows, w->al, w->be, w->ga, w->n);
    /* the pairs whose lines are not parallel for every s (D ≢ 0): the others have
     * no vertex, and the reference loop skips them too */
    int npairs = 0;
    for (int i = 0; i < w->n; i++)
        for (int j = i + 1; j < w->n; j++) {
            if (always_parallel(w, i, j))
                continue;
            if (!ccd_pair_d_nonzero(&ls->frows, i, j)) {
                ccd_poly_mul(&ls->D, &w->al[i], &w->be[j]);
                ccd_poly_submul(&ls->D, &w->al[j], &w->be[i]);
                if (ls->D.deg < 0)
                    continue;
            }
            ls->pairs[npairs][0] = (unsigned char)i;
            ls->pairs[npairs][1] = (unsigned char)j;
            npairs++;
        }
    ccd_pair_sweep *sw = &ls->sweep;
    ccd_pair_sweep_run(sw, &ls->frows, (const unsigned char(*)[2])ls->pairs, npairs);
    if (sw->a0 == CCD_PAIR_NONE)
        return 0; /* every pair dead on every piece */
    if (sw->at_start) { /* a pair is feasible on [0, ε]: s* = 0 */
        mpq_set_ui(ls->q, 0, 1);
        ccd_algebraic_set_q(&ctx->best, ls->q);
        return 1;
    }
    ls->a0 = sw->a0;
    ls->b0 = sw->b0;
    ccd_pair_parts_set(&ls->parts, &ls->frows, ls->a0, ls->b0);
    /* candidates in increasing lb (then in the reference order) */
    int nc = 0;
    for (int p = 0; p < npairs; p++) {
        if (sw->lb[p] >= ls->b0)
            continue;
        int at = nc++;
        while (at > 0 && sw->lb[ls->order[at - 1]] > sw->lb[p]) {
            ls->order[at] = ls->order[at - 1];
            at--;
        }
        ls->order[at] = p;
    }
    int found = 0, wi = 0, wj = 0, wid = -2;
    for (int c = 0; c < nc; c++) {
        int p = ls->order[c];
        int i = ls->pairs[p][0], j = ls->pairs[p][1];
        if (found) { /* inf S_ij ≥ lb > best: cannot be earlier, nor tie */
            subwindow_point(ls->q, sw->lb[p], ls);
            if (ccd_algebraic_cmp_q_mut(&ctx->best, ls->q) < 0) {
                continue;
            }
        }
        int r = solve_pair(ctx, ls, w, i, j, found);
        if (r < 0)
            return -1;
        if (r == 0)
            continue;
        int cmp = found ? compare_times(&ctx->cand, &ctx->best, ls, &ctx->sat.s) : -1;
        if (cmp < 0 || (cmp == 0 && (i < wi || (i == wi && j < wj)))) {
            /* earlier, or the same time from a pair the reference loop meets first */
            if (cmp < 0)
                ccd_algebraic_set(&ctx->best, &ctx->cand);
            wi = i;
            wj = j;
            wid = ls->cand_id;
        }
        found = 1;
    }
    if (!found)
        return 0;
    if (wid == -3) {
        /* the earliest time is a0 with no polynomial of the pair vanishing there:
         * only possible at the window's start */
        if (ls->a0 != 0)
            return 2;
        wid = -2;
    }
    int r = canonical_in_subwindow(ctx, ls, w, wi, wj, 1, wid);
    return r == 0 ? 1 : r;
}
