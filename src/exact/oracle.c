/* SPDX-License-Identifier: MIT */
/*
 * The exact oracle behind the public API (ccdbench.h, "exact truth"): the
 * decision of ccd_exact_decide, and its time of impact rounded to doubles or
 * refined to an isolating interval of the asked width.
 */
#include <config.h>

#include "exact/exact_ctx.h"

#include <stdlib.h>

struct ccd_oracle {
    ccd_exact_ctx *ctx;
};

ccd_oracle *ccd_oracle_new(void)
{
    ccd_oracle *o = malloc(sizeof *o);
    if (!o)
        return NULL;
    if (!(o->ctx = ccd_exact_ctx_new())) {
        free(o);
        return NULL;
    }
    return o;
}

void ccd_oracle_free(ccd_oracle *o)
{
    if (!o)
        return;
    ccd_exact_ctx_free(o->ctx);
    free(o);
}

ccd_status ccd_oracle_decide(int *collides, const ccd_query *q, mpq_srcptr ms,
                             ccd_norm ms_norm, ccd_oracle *o)
{
    return ccd_exact_decide(collides, &o->ctx->result, q, ms, (int)ms_norm, o->ctx);
}

void ccd_oracle_toi_doubles(double *down, double *up, const ccd_oracle *o)
{
    *down = ccd_algebraic_round_down(&o->ctx->result);
    *up = ccd_algebraic_round_up(&o->ctx->result);
}

void ccd_oracle_toi_interval(mpq_t lo, mpq_t hi, unsigned long bits, ccd_oracle *o)
{
    ccd_algebraic_refine(&o->ctx->result, bits);
    ccd_algebraic_bounds(lo, hi, &o->ctx->result);
}
