/* SPDX-License-Identifier: MIT */
/* The exact decision of a query (exact_ccd.h): contact at d = 0 (exact_ccd.c) or
 * within a minimum separation d > 0 (separation.c, which starts from the
 * contact answer). */
#include <config.h>

#include "exact/exact_ccd.h"
#include "exact/exact_internal.h"

ccd_status ccd_exact_decide(int *collides, ccd_algebraic *toi, const ccd_query *q,
                            const mpq_t ms, int norm, ccd_exact_ctx *ctx)
{
    if (ms && mpq_sgn(ms) != 0)
        return ccd_exact_decide_separation(collides, toi, q, ms, norm, ctx);
    return ccd_exact_decide_contact(collides, toi, q, ctx);
}
