/* SPDX-License-Identifier: MIT */
/* The contact pipeline with forward-mode dual numbers: the 12 derivative slots are
 * the pose parameters s_0, s_1 (see pipeline_generic.h). */
#include <config.h>

#include <stdlib.h>

#include "contact/common/scalar_dual.h"
#include "core/error.h"
#include "contact/witness/witness_generic.h"
#include "contact/witness/sdf_generic.h"
#include "contact/witness/pipeline_generic.h"
#include "contact/witness/pipeline_internal.h"

ccd_status ccd_pipeline_eval_dual(ccd_contact_point *out, double (*jac)[CCD_CONTACT_VALUES][12],
                                  ccd_error *err, const ccd_contact_body body[2],
                                  const double pose[2][6], const ccd_pipeline_params *p)
{
    S s[2][6];
    for (int b = 0; b < 2; b++)
        for (int j = 0; j < 6; j++) {
            s[b][j] = dual_const(pose[b][j]);
            s[b][j].d[6 * b + j] = 1.0;
        }
    size_t n = ccd_pipeline_contact_count(p);
    S *o = malloc(n * CCD_CONTACT_VALUES * sizeof *o);
    if (!o || gen_pipeline(NULL, o, body, (const S(*)[6])s, p) != 0) {
        free(o);
        return ccd_error_oom(err, "contact pipeline");
    }
    for (size_t c = 0; c < n; c++) {
        const S *v = o + CCD_CONTACT_VALUES * c;
        double *vals[CCD_CONTACT_VALUES] = {&out[c].p[0], &out[c].p[1], &out[c].p[2], &out[c].d,
                                            &out[c].n[0], &out[c].n[1], &out[c].n[2],
                                            &out[c].activity};
        for (int r = 0; r < CCD_CONTACT_VALUES; r++) {
            *vals[r] = v[r].v;
            for (int j = 0; j < 12; j++)
                jac[c][r][j] = v[r].d[j];
        }
    }
    free(o);
    return CCD_OK;
}
