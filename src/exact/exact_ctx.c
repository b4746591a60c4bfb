/* SPDX-License-Identifier: MIT */
/* Creation and destruction of the per-thread scratch of the exact oracle. */
#include <config.h>

#include "exact/exact_ctx.h"

#include <stdlib.h>

static void polys_init(ccd_poly *p, int n)
{
    for (int i = 0; i < n; i++)
        ccd_poly_init(&p[i]);
}

static void polys_clear(ccd_poly *p, int n)
{
    for (int i = 0; i < n; i++)
        ccd_poly_clear(&p[i]);
}

ccd_exact_ctx *ccd_exact_ctx_new(void)
{
    ccd_exact_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return NULL;
    ccd_sat_init(&ctx->sat);
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int j = 0; j < 3; j++)
            mpz_init(ctx->X[i][j]);
    mpz_inits(ctx->z1, ctx->z2, ctx->lcm, NULL);
    mpq_init(ctx->q);
    polys_init(ctx->a, 3);
    polys_init(ctx->b, 3);
    polys_init(ctx->c, 3);
    polys_init(ctx->n, 3);
    ccd_poly_init(&ctx->f);
    ccd_poly_init(&ctx->N);
    ccd_poly_init(&ctx->A);
    ccd_poly_init(&ctx->B);
    ccd_poly_init(&ctx->D1);
    ccd_poly_init(&ctx->D2);
    ccd_poly_init(&ctx->h);
    ccd_poly_init(&ctx->tmp);
    for (int e = 0; e < CCD_EXACT_MAX_EDGES; e++) {
        polys_init(ctx->em[e], 3);
        polys_init(ctx->er[e], 3);
        polys_init(ctx->ecr[e], 3);
        ccd_poly_init(&ctx->emm[e]);
        ccd_poly_init(&ctx->emr[e]);
        ccd_poly_init(&ctx->emmr[e]);
    }
    for (int v = 0; v < CCD_EXACT_MAX_VERTICES; v++)
        polys_init(ctx->vr[v], 3);
    ccd_algebraic_init(&ctx->best);
    ccd_algebraic_init(&ctx->cand);
    ccd_algebraic_init(&ctx->result);
    return ctx;
}

void ccd_exact_ctx_free(ccd_exact_ctx *ctx)
{
    if (!ctx)
        return;
    ccd_sat_clear(&ctx->sat);
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int j = 0; j < 3; j++)
            mpz_clear(ctx->X[i][j]);
    mpz_clears(ctx->z1, ctx->z2, ctx->lcm, NULL);
    mpq_clear(ctx->q);
    polys_clear(ctx->a, 3);
    polys_clear(ctx->b, 3);
    polys_clear(ctx->c, 3);
    polys_clear(ctx->n, 3);
    ccd_poly_clear(&ctx->f);
    ccd_poly_clear(&ctx->N);
    ccd_poly_clear(&ctx->A);
    ccd_poly_clear(&ctx->B);
    ccd_poly_clear(&ctx->D1);
    ccd_poly_clear(&ctx->D2);
    ccd_poly_clear(&ctx->h);
    ccd_poly_clear(&ctx->tmp);
    for (int e = 0; e < CCD_EXACT_MAX_EDGES; e++) {
        polys_clear(ctx->em[e], 3);
        polys_clear(ctx->er[e], 3);
        polys_clear(ctx->ecr[e], 3);
        ccd_poly_clear(&ctx->emm[e]);
        ccd_poly_clear(&ctx->emr[e]);
        ccd_poly_clear(&ctx->emmr[e]);
    }
    for (int v = 0; v < CCD_EXACT_MAX_VERTICES; v++)
        polys_clear(ctx->vr[v], 3);
    ccd_algebraic_clear(&ctx->best);
    ccd_algebraic_clear(&ctx->cand);
    ccd_algebraic_clear(&ctx->result);
    ccd_exact_separation_free(ctx->sep);
    free(ctx);
}
