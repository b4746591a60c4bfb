/* SPDX-License-Identifier: MIT */
/* Witness points in double precision: the fast path (see witness_generic.h). */
#include <config.h>

#include "contact/common/scalar_double.h"
#include "contact/witness/witness_generic.h"

void ccd_smoothing_default(ccd_smoothing *sm)
{
    sm->w_reg = 0.01;
    sm->eps_clip = sm->eps_min = sm->eps_comp = 0.1;
}

void ccd_smoothing_hard(ccd_smoothing *sm)
{
    sm->w_reg = sm->eps_clip = sm->eps_min = sm->eps_comp = 0.0;
}

void ccd_smoothing_level(ccd_smoothing *sm, ccd_kind kind, double s, double length)
{
    double l2 = length * length;
    sm->eps_clip = sm->eps_comp = s;
    sm->w_reg = kind == CCD_EE ? 0.1 * s * l2 : 0.0;
    sm->eps_min = kind == CCD_EE ? s * l2 : s * length;
}

void ccd_ee_witness_eval(ccd_ee_witness *out, const double x[4][3], const ccd_smoothing *sm)
{
    double o[CCD_EE_OUTPUTS];
    gen_ee_witness(NULL, o, &x[0][0], sm);
    for (int k = 0; k < 3; k++) {
        out->pa[k] = o[k];
        out->pb[k] = o[3 + k];
    }
    out->alpha[0] = o[6];
    out->alpha[1] = o[7];
    out->colliding = o[8];
}

void ccd_vf_witness_eval(ccd_vf_witness *out, const double x[4][3], const ccd_smoothing *sm)
{
    double o[CCD_VF_OUTPUTS];
    gen_vf_witness(NULL, o, &x[0][0], sm);
    for (int k = 0; k < 3; k++)
        out->pf[k] = o[k];
    out->inside = o[3];
}
