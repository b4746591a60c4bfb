/* SPDX-License-Identifier: MIT */
/* Witness points with their Jacobians: the generic routine over dual numbers. */
#include <config.h>

#include <string.h>

#include "contact/common/scalar_dual.h"
#include "contact/witness/witness_generic.h"

/* x as 12 independent variables: d x_i / d x_j = δ_ij */
static void seed_inputs(ccd_dual in[12], const double x[4][3])
{
    for (int j = 0; j < 12; j++) {
        in[j] = dual_const(x[j / 3][j % 3]);
        in[j].d[j] = 1.0;
    }
}

static void flat_eval(double *out, double (*jac)[12], ccd_kind kind, const double x[4][3],
                      const ccd_smoothing *sm)
{
    ccd_dual in[12], o[CCD_EE_OUTPUTS];
    seed_inputs(in, x);
    int n = kind == CCD_EE ? CCD_EE_OUTPUTS : CCD_VF_OUTPUTS;
    if (kind == CCD_EE)
        gen_ee_witness(NULL, o, in, sm);
    else
        gen_vf_witness(NULL, o, in, sm);
    for (int i = 0; i < n; i++) {
        if (out)
            out[i] = o[i].v;
        if (jac)
            memcpy(jac[i], o[i].d, sizeof jac[i]);
    }
}

void ccd_witness_flat(double *out, double (*jac)[12], ccd_kind kind, const double x[4][3],
                      const ccd_smoothing *sm)
{
    if (jac || !out) {
        flat_eval(out, jac, kind, x, sm);
        return;
    }
    /* values only: the double path computes the same numbers, faster */
    if (kind == CCD_EE) {
        ccd_ee_witness w;
        ccd_ee_witness_eval(&w, x, sm);
        memcpy(out, w.pa, 3 * sizeof *out);
        memcpy(out + 3, w.pb, 3 * sizeof *out);
        out[6] = w.alpha[0], out[7] = w.alpha[1], out[8] = w.colliding;
    } else {
        ccd_vf_witness w;
        ccd_vf_witness_eval(&w, x, sm);
        memcpy(out, w.pf, 3 * sizeof *out);
        out[3] = w.inside;
    }
}

void ccd_ee_witness_jacobian(ccd_ee_witness *out, ccd_ee_jacobian *jac, const double x[4][3],
                             const ccd_smoothing *sm)
{
    double o[CCD_EE_OUTPUTS], j[CCD_EE_OUTPUTS][12];
    flat_eval(o, j, CCD_EE, x, sm);
    for (int k = 0; k < 3; k++) {
        out->pa[k] = o[k], out->pb[k] = o[3 + k];
        memcpy(jac->pa[k], j[k], sizeof j[k]);
        memcpy(jac->pb[k], j[3 + k], sizeof j[k]);
    }
    out->alpha[0] = o[6], out->alpha[1] = o[7], out->colliding = o[8];
    memcpy(jac->alpha[0], j[6], sizeof j[6]);
    memcpy(jac->alpha[1], j[7], sizeof j[7]);
    memcpy(jac->colliding, j[8], sizeof j[8]);
}

void ccd_vf_witness_jacobian(ccd_vf_witness *out, ccd_vf_jacobian *jac, const double x[4][3],
                             const ccd_smoothing *sm)
{
    double o[CCD_VF_OUTPUTS], j[CCD_VF_OUTPUTS][12];
    flat_eval(o, j, CCD_VF, x, sm);
    for (int k = 0; k < 3; k++) {
        out->pf[k] = o[k];
        memcpy(jac->pf[k], j[k], sizeof j[k]);
    }
    out->inside = o[3];
    memcpy(jac->inside, j[3], sizeof j[3]);
}
