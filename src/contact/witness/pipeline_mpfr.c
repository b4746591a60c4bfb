/* SPDX-License-Identifier: MIT */
/* The contact pipeline in MPFR, and its Jacobian by central differences: the
 * reference for the dual-number Jacobian (see pipeline.h). */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "contact/common/scalar_mpfr.h"
#include "core/error.h"
#include "contact/witness/witness_generic.h"
#include "contact/witness/sdf_generic.h"
#include "contact/witness/pipeline_generic.h"

/* The pipeline at pose + offset·e_j (j < 0: at pose) into res[n·8]; 0 or -1. */
static int eval_at(ccd_mpfr_arena *ctx, mpfr_t *res, size_t nvals, const ccd_contact_body body[2],
                   const double pose[2][6], int j, int sign, mpfr_srcptr h,
                   const ccd_pipeline_params *p)
{
    ccd_mpfr_arena_reset(ctx);
    mpfr_ptr s[2][6];
    for (int i = 0; i < 12; i++) {
        s[i / 6][i % 6] = mpa_d(ctx, pose[i / 6][i % 6]);
        if (i == j)
            (sign > 0 ? mpfr_add : mpfr_sub)(s[i / 6][i % 6], s[i / 6][i % 6], h, MPFR_RNDN);
    }
    mpfr_ptr *out = malloc(nvals * sizeof *out);
    if (!out || gen_pipeline(ctx, out, body, (mpfr_ptr const(*)[6])s, p) != 0) {
        free(out);
        return -1;
    }
    for (size_t i = 0; i < nvals; i++)
        mpfr_set(res[i], out[i], MPFR_RNDN);
    free(out);
    return 0;
}

ccd_status ccd_contact_pipeline_reference(ccd_contact_point *out,
                                          double (*jac)[CCD_CONTACT_VALUES][12], ccd_error *err,
                                          unsigned prec, const ccd_contact_body body[2],
                                          const double pose[2][6], const ccd_pipeline_params *p)
{
    ccd_status st = pipeline_validate(err, body, p);
    if (st != CCD_OK)
        return st;
    size_t n = ccd_pipeline_contact_count(p), nvals = n * CCD_CONTACT_VALUES;
    ccd_mpfr_arena arena;
    mpfr_t *plus = malloc(nvals * sizeof *plus), *minus = malloc(nvals * sizeof *minus);
    mpfr_t h, tmp;
    if (!plus || !minus || ccd_mpfr_arena_init(&arena, 4 * CCD_MPFR_ARENA_CHUNK,
                                               (mpfr_prec_t)prec) != CCD_OK) {
        free(plus), free(minus);
        return ccd_error_oom(err, "contact pipeline");
    }
    for (size_t i = 0; i < nvals; i++)
        mpfr_init2(plus[i], (mpfr_prec_t)prec), mpfr_init2(minus[i], (mpfr_prec_t)prec);
    mpfr_inits2((mpfr_prec_t)prec, h, tmp, (mpfr_ptr)0);
    int fail = 0;
    if (out) {
        fail |= eval_at(&arena, plus, nvals, body, pose, -1, 0, h, p);
        for (size_t c = 0; c < n && !fail; c++) {
            double v[CCD_CONTACT_VALUES];
            for (int r = 0; r < CCD_CONTACT_VALUES; r++)
                v[r] = mpfr_get_d(plus[c * CCD_CONTACT_VALUES + r], MPFR_RNDN);
            for (int k = 0; k < 3; k++)
                out[c].p[k] = v[k], out[c].n[k] = v[4 + k];
            out[c].d = v[3];
            out[c].activity = v[7];
        }
    }
    for (int j = 0; j < 12 && jac && !fail; j++) {
        int e;
        frexp(fmax(1.0, fabs(pose[j / 6][j % 6])), &e); /* max(1, |s_j|) < 2^e */
        mpfr_set_ui_2exp(h, 1, (long)e - (long)(prec / 3), MPFR_RNDN);
        fail |= eval_at(&arena, plus, nvals, body, pose, j, +1, h, p);
        fail |= eval_at(&arena, minus, nvals, body, pose, j, -1, h, p);
        for (size_t i = 0; i < nvals && !fail; i++) {
            /* (f(s + h) - f(s - h)) / 2h: error O(h²) */
            mpfr_sub(tmp, plus[i], minus[i], MPFR_RNDN);
            mpfr_div(tmp, tmp, h, MPFR_RNDN);
            mpfr_div_2ui(tmp, tmp, 1, MPFR_RNDN);
            jac[i / CCD_CONTACT_VALUES][i % CCD_CONTACT_VALUES][j] = mpfr_get_d(tmp, MPFR_RNDN);
        }
    }
    for (size_t i = 0; i < nvals; i++)
        mpfr_clear(plus[i]), mpfr_clear(minus[i]);
    mpfr_clears(h, tmp, (mpfr_ptr)0);
    free(plus), free(minus);
    ccd_mpfr_arena_clear(&arena);
    if (fail)
        return ccd_error_oom(err, "contact pipeline");
    return CCD_OK;
}
