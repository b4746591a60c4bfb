/* SPDX-License-Identifier: MIT */
/* The 256-bit reference for the polyhedra contact derivatives: the generic
 * feature formula over MPFR, differentiated by central differences. */
#include <config.h>

#include <math.h>

#include "contact/common/scalar_mpfr.h"
#include "contact/polyhedra/polyhedra_generic.h"

ccd_status ccd_polyh_jac_reference(double out[4], double jac[4][12],
                                  const ccd_polyh_jac_feature *fp, unsigned prec)
{
    ccd_mpfr_arena arena, *ctx = &arena;
    if (ccd_mpfr_arena_init(ctx, 4096, (mpfr_prec_t)prec) != CCD_OK)
        return CCD_ERR_INTERNAL;
    mpfr_t h, diff;
    mpfr_inits2((mpfr_prec_t)prec, h, diff, NULL);
    /* step h = 2^(−prec/3): truncation O(h²) and rounding O(2^−prec / h) balance */
    mpfr_set_ui_2exp(h, 1, -(mpfr_exp_t)(prec / 3), MPFR_RNDN);
    S s[12], o[4], plus[4];
    ccd_mpfr_arena_reset(ctx);
    for (int j = 0; j < 12; j++)
        s[j] = S_D(0);
    gen_poly_feature(ctx, o, s, fp);
    for (int i = 0; i < 4 && out; i++)
        out[i] = mpfr_get_d(o[i], MPFR_RNDN);
    for (int j = 0; j < 12; j++) {
        ccd_mpfr_arena_reset(ctx);
        for (int k = 0; k < 12; k++)
            s[k] = S_D(0);
        mpfr_set(s[j], h, MPFR_RNDN);
        gen_poly_feature(ctx, plus, s, fp);
        S minus_s[12], minus[4];
        for (int k = 0; k < 12; k++)
            minus_s[k] = S_D(0);
        mpfr_neg(minus_s[j], h, MPFR_RNDN);
        gen_poly_feature(ctx, minus, minus_s, fp);
        for (int i = 0; i < 4; i++) {
            mpfr_sub(diff, plus[i], minus[i], MPFR_RNDN);
            mpfr_div(diff, diff, h, MPFR_RNDN);
            mpfr_div_2ui(diff, diff, 1, MPFR_RNDN);
            jac[i][j] = mpfr_get_d(diff, MPFR_RNDN);
        }
    }
    mpfr_clears(h, diff, NULL);
    ccd_mpfr_arena_clear(ctx);
    return CCD_OK;
}
