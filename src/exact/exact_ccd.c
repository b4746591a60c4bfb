/* SPDX-License-Identifier: MIT */
/*
 * Exact VF/EE continuous collision detection at d = 0 (DESIGN.md §1, §2, §7):
 * ccd_exact_decide_contact; exact_decide.c dispatches to it or to separation.c.
 *
 * Both queries ask for t ∈ [0,1] and x = (u,v) in a polygon P with M(t) x = c(t),
 * M = [a b] (VF: a = v2-v1, b = v3-v1, c = p-v1, P the triangle; EE: a = p2-p1,
 * b = p3-p4, c = p3-p1, P the unit square).  With n = a×b, f = c·n,
 * N = n·n, A = (c×b)·n, B = (a×c)·n:
 *
 *  - f ≢ 0: every contact time is a root of f (c lies in the span of a and b).
 *    At a root with N > 0 the solution is unique, (u,v) = (A,B)/N, so contact ⇔
 *    the domain test; at a root with N = 0 the edge and vertex cases decide.
 *    The earliest root with contact is the time of impact.
 *  - f ≡ 0 (coplanar for the whole step): the 7 (VF) or 9 (EE) cases of DESIGN.md §2 are
 *    solved as sign-condition problems on [0,1]; the earliest infimum wins.
 */
#include <config.h>

#include "exact/exact_ctx.h"
#include "exact/exact_filter.h"
#include "exact/exact_internal.h"

#include <math.h>
#include <stdint.h>

/* ------------------------------------------------------- f ≢ 0: roots of f */

static int all_vanish_at(ccd_exact_ctx *ctx, const ccd_poly *p, int n, ccd_algebraic *t)
{
    for (int i = 0; i < n; i++)
        if (ccd_algebraic_sign_at(&p[i], t, &ctx->sat.s, &ctx->sat.t1, &ctx->sat.t2) != 0)
            return 0;
    return 1;
}

/* Contact at a root t of f? */
static int contact_at_root(void *data, ccd_algebraic *t)
{
    ccd_exact_ctx *ctx = data;
    ccd_inequality in[5];
    ctx->work++;
    int sN = ccd_algebraic_sign_at(&ctx->N, t, &ctx->sat.s, &ctx->sat.t1, &ctx->sat.t2);
    if (sN > 0) { /* unique solution (A, B)/N: contact iff it lies in P */
        int n = ccd_exact_interior_inequalities(in, ctx);
        if (!ccd_sat_holds_at(&ctx->sat, in + 1, n - 1, t))
            return 0;
        ccd_algebraic_set(&ctx->best, t);
        return 1;
    }
    /* a and b are parallel at t: the solution set, if any, meets the boundary */
    if (!ctx->cases_built)
        ccd_exact_build_boundary_cases(ctx);
    for (int e = 0; e < ctx->nedges; e++) {
        if (!all_vanish_at(ctx, ctx->ecr[e], 3, t))
            continue;
        int n = ccd_exact_edge_inequalities(in, ctx, e);
        if (ccd_sat_holds_at(&ctx->sat, in, n, t)) {
            ccd_algebraic_set(&ctx->best, t);
            return 1;
        }
    }
    for (int v = 0; v < ctx->nvertices; v++)
        if (all_vanish_at(ctx, ctx->vr[v], 3, t)) {
            ccd_algebraic_set(&ctx->best, t);
            return 1;
        }
    return 0;
}

/* --------------------------------------------------- f ≡ 0: all the cases */

static int solve_all_cases(ccd_exact_ctx *ctx, int *found)
{
    ccd_inequality in[5];
    const ccd_poly *eqs[3];
    int r;
    *found = 0;
    ccd_exact_build_interior(ctx);
    ccd_exact_build_boundary_cases(ctx);
    for (int v = 0; v < ctx->nvertices; v++) { /* cheapest first: linear equalities */
        for (int k = 0; k < 3; k++)
            eqs[k] = &ctx->vr[v][k];
        if ((r = ccd_exact_solve_case(ctx, found, eqs, 3, NULL, 0)) != 0)
            return r;
    }
    for (int e = 0; e < ctx->nedges; e++) {
        for (int k = 0; k < 3; k++)
            eqs[k] = &ctx->ecr[e][k];
        int n = ccd_exact_edge_inequalities(in, ctx, e);
        if ((r = ccd_exact_solve_case(ctx, found, eqs, 3, in, n)) != 0)
            return r;
    }
    int n = ccd_exact_interior_inequalities(in, ctx);
    if ((r = ccd_exact_solve_case(ctx, found, NULL, 0, in, n)) != 0)
        return r;
    return 0;
}

/* --------------------------------------------------------------- entry point */

ccd_status ccd_exact_decide_contact(int *collides, ccd_algebraic *toi, const ccd_query *q,
                                    ccd_exact_ctx *ctx)
{
    *collides = 0;
    if (ccd_exact_filter_no_contact(q))
        return CCD_OK;
    ccd_status st = ccd_exact_load_coordinates(ctx, q);
    if (st != CCD_OK)
        return st;
    ctx->kind = q->kind;
    ctx->cases_built = 0;
    ccd_exact_build_coplanarity(ctx);
    int r;
    if (ctx->f.deg >= 0) {
        ccd_poly_squarefree(&ctx->h, &ctx->f, &ctx->sat.s);
        if (ctx->h.deg <= 0)
            return CCD_OK; /* a non-zero constant: never coplanar */
        ccd_exact_build_interior(ctx);
        r = ccd_roots_visit(&ctx->sat.roots, &ctx->h, contact_at_root, ctx);
        if (r < 0)
            return CCD_ERR_INTERNAL;
        *collides = r;
    } else {
        int found;
        r = solve_all_cases(ctx, &found);
        if (r < 0)
            return CCD_ERR_INTERNAL;
        *collides = found;
    }
    if (*collides && toi)
        ccd_algebraic_set(toi, &ctx->best);
    return CCD_OK;
}
