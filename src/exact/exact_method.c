/* SPDX-License-Identifier: MIT */
/*
 * The `exact` method: the exact oracle behind the common method interface.
 * toi is the largest double ≤ the exact time of impact and toi_upper the smallest
 * double ≥ it; checks counts the roots of the coplanarity polynomial examined
 * (or the sign-condition problems solved in the coplanar case).
 * params: t_max < 1 restricts the search to [0, t_max]; ms > 0 asks for the
 * minimum-separation truth with norm ms_norm (L∞ or Euclidean), d being the
 * exact rational value of the double ms.  no_zero_toi does not apply and the
 * method declares no options (no tolerance, nothing to refine).
 */
#include <config.h>

#include "exact/exact_ctx.h"
#include "methods/builtin.h"

#include <math.h>

static void *exact_scratch_new(void) { return ccd_exact_ctx_new(); }

static void exact_scratch_free(void *s) { ccd_exact_ctx_free(s); }

static ccd_status exact_query(ccd_result *r, const ccd_query *q, const ccd_params *p,
                              void *scratch)
{
    ccd_exact_ctx *ctx = scratch ? scratch : ccd_exact_ctx_new();
    if (!ctx)
        return CCD_ERR_INTERNAL;
    r->collides = 0;
    r->toi = r->toi_upper = INFINITY;
    r->tolerance = 0;
    r->hit_max_checks = 0;
    ctx->work = 0;
    ccd_status st;
    int collides = 0;
    if (p->ms > 0) {
        mpq_set_d(ctx->q, p->ms); /* exact: every double is a rational */
        st = ccd_exact_decide(&collides, &ctx->result, q, ctx->q, p->ms_norm, ctx);
    } else {
        st = ccd_exact_decide(&collides, &ctx->result, q, NULL, 0, ctx);
    }
    if (st == CCD_OK && collides) {
        /* restricted search [0, t_max]: the earliest contact must not lie beyond */
        if (p->t_max < 1 && ccd_algebraic_cmp_d(&ctx->result, p->t_max) > 0)
            collides = 0;
    }
    if (st == CCD_OK && collides) {
        r->collides = 1;
        ccd_algebraic_round_mut(&r->toi, &r->toi_upper, &ctx->result);
    }
    r->checks = ctx->work;
    if (!scratch)
        ccd_exact_ctx_free(ctx);
    return st;
}

const ccd_method ccd_method_exact = {
    .name = "exact",
    .summary = "exact rational ground truth (GMP): no tolerance, exact time of impact",
    .caps = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE | CCD_CAP_EXACT | CCD_CAP_USES_RATIONALS |
            CCD_CAP_MIN_SEPARATION,
    .vertex_face = exact_query,
    .edge_edge = exact_query,
    .scratch_new = exact_scratch_new,
    .scratch_free = exact_scratch_free,
};
