/* SPDX-License-Identifier: MIT */
/* The set-up the minimum-separation suites share to compare Tight Inclusion with the
 * exact truth at a separation d: the oracle's context and toi, the method's scratch,
 * d as a rational, and the method's parameters with its options at their defaults
 * but m_I. */
#ifndef CCD_TEST_TI_EXACT_SETUP_H
#define CCD_TEST_TI_EXACT_SETUP_H
#include "exact/exact_ccd.h"
#include "methods/builtin.h"
#include "methods/tight_inclusion.h"

#include <gmp.h>

/* opt: CCD_TI_OPT_COUNT values, the options p points to (they outlive p's use). */
static inline void ti_exact_setup(ccd_exact_ctx **ctx, ccd_algebraic **toi, ccd_ti_scratch **s,
                                  mpq_t d, ccd_params *p, ccd_option_value *opt,
                                  long max_checks)
{
    *ctx = ccd_exact_ctx_new();
    *toi = ccd_algebraic_new();
    *s = ccd_ti_scratch_new();
    mpq_init(d);
    ccd_params_default(p);
    ccd_options_default(opt, &ccd_method_tight_inclusion);
    p->options = opt;
    opt[CCD_TI_OPT_MAX_CHECKS].i = max_checks;
}

static inline void ti_exact_teardown(ccd_exact_ctx *ctx, ccd_algebraic *toi, ccd_ti_scratch *s,
                                     mpq_t d)
{
    mpq_clear(d);
    ccd_ti_scratch_free(s);
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
}

#endif
