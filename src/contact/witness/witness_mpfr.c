/* SPDX-License-Identifier: MIT */
/*
 * 256-bit references of the witness routines: the generic routine over MPFR, and
 * its Jacobian by central differences (see contact.h for the step and its error).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "contact/common/scalar_mpfr.h"
#include "contact/witness/witness_generic.h"

struct ccd_witness_reference {
    ccd_mpfr_arena arena;
    mpfr_t plus[CCD_EE_OUTPUTS], minus[CCD_EE_OUTPUTS], h, tmp;
};

/* Slots needed by one evaluation of the larger routine (V-F uses ~700). */
enum { REFERENCE_SLOTS = 4096 };

ccd_witness_reference *ccd_witness_reference_new(unsigned prec)
{
    ccd_witness_reference *ref = malloc(sizeof *ref);
    if (!ref)
        return NULL;
    if (ccd_mpfr_arena_init(&ref->arena, REFERENCE_SLOTS, (mpfr_prec_t)prec) != CCD_OK) {
        free(ref);
        return NULL;
    }
    for (int i = 0; i < CCD_EE_OUTPUTS; i++) {
        mpfr_init2(ref->plus[i], (mpfr_prec_t)prec);
        mpfr_init2(ref->minus[i], (mpfr_prec_t)prec);
    }
    mpfr_init2(ref->h, (mpfr_prec_t)prec);
    mpfr_init2(ref->tmp, (mpfr_prec_t)prec);
    return ref;
}

void ccd_witness_reference_free(ccd_witness_reference *ref)
{
    if (!ref)
        return;
    ccd_mpfr_arena_clear(&ref->arena);
    for (int i = 0; i < CCD_EE_OUTPUTS; i++) {
        mpfr_clear(ref->plus[i]);
        mpfr_clear(ref->minus[i]);
    }
    mpfr_clear(ref->h);
    mpfr_clear(ref->tmp);
    free(ref);
}

/* Evaluate the routine at x + offset·e_j (j < 0: at x) into res[]. */
static void eval_at(ccd_witness_reference *ref, mpfr_t *res, ccd_kind kind, const double x[4][3],
                    int j, int sign, const ccd_smoothing *sm)
{
    ccd_mpfr_arena *ctx = &ref->arena;
    ccd_mpfr_arena_reset(ctx);
    mpfr_ptr in[12], out[CCD_EE_OUTPUTS];
    for (int i = 0; i < 12; i++) {
        in[i] = mpa_d(ctx, x[i / 3][i % 3]);
        if (i == j) {
            if (sign > 0)
                mpfr_add(in[i], in[i], ref->h, MPFR_RNDN);
            else
                mpfr_sub(in[i], in[i], ref->h, MPFR_RNDN);
        }
    }
    int n = kind == CCD_EE ? CCD_EE_OUTPUTS : CCD_VF_OUTPUTS;
    if (kind == CCD_EE)
        gen_ee_witness(ctx, out, in, sm);
    else
        gen_vf_witness(ctx, out, in, sm);
    for (int i = 0; i < n; i++)
        mpfr_set(res[i], out[i], MPFR_RNDN);
}

void ccd_witness_reference_eval(ccd_witness_reference *ref, double *out, double (*jac)[12],
                                ccd_kind kind, const double x[4][3], const ccd_smoothing *sm)
{
    int n = kind == CCD_EE ? CCD_EE_OUTPUTS : CCD_VF_OUTPUTS;
    if (out) {
        eval_at(ref, ref->plus, kind, x, -1, 0, sm);
        for (int i = 0; i < n; i++)
            out[i] = mpfr_get_d(ref->plus[i], MPFR_RNDN);
    }
    if (!jac)
        return;
    double scale = 1.0;
    for (int i = 0; i < 12; i++)
        scale = fmax(scale, fabs(x[i / 3][i % 3]));
    int e;
    frexp(scale, &e); /* scale < 2^e */
    mpfr_prec_t prec = mpfr_get_prec(ref->h);
    mpfr_set_ui_2exp(ref->h, 1, (long)e - (long)(prec / 3), MPFR_RNDN);
    for (int j = 0; j < 12; j++) {
        eval_at(ref, ref->plus, kind, x, j, +1, sm);
        eval_at(ref, ref->minus, kind, x, j, -1, sm);
        for (int i = 0; i < n; i++) {
            /* (f(x + h) - f(x - h)) / 2h: error O(h²) */
            mpfr_sub(ref->tmp, ref->plus[i], ref->minus[i], MPFR_RNDN);
            mpfr_div(ref->tmp, ref->tmp, ref->h, MPFR_RNDN);
            mpfr_div_2ui(ref->tmp, ref->tmp, 1, MPFR_RNDN);
            jac[i][j] = mpfr_get_d(ref->tmp, MPFR_RNDN);
        }
    }
}
