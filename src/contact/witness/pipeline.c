/* SPDX-License-Identifier: MIT */
/* The contact pipeline in double precision, and its entry points (see pipeline.h). */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "contact/common/scalar_double.h"
#include "core/error.h"
#include "contact/witness/witness_generic.h"
#include "contact/witness/sdf_generic.h"
#include "contact/witness/pipeline_generic.h"
#include "contact/witness/pipeline_internal.h"

void ccd_pipeline_params_default(ccd_pipeline_params *p)
{
    memset(p, 0, sizeof *p);
    ccd_contact_params_default(&p->contact);
    p->vertex_k[0] = p->vertex_k[1] = 4;
    p->edge_k[0] = p->edge_k[1] = 4;
    p->tau_topk = 1e-4;
}

void ccd_pose_exp(double rot[3][3], double trans[3], const double s[6])
{
    gen_pose T = gen_pose_exp(NULL, s);
    memcpy(rot, T.r, sizeof T.r);
    memcpy(trans, T.t.c, sizeof T.t.c);
}

ccd_status ccd_contact_pipeline(ccd_contact_point *out, double (*jac)[CCD_CONTACT_VALUES][12],
                                ccd_error *err, const ccd_contact_body body[2],
                                const double pose[2][6], const ccd_pipeline_params *p)
{
    ccd_status st = pipeline_validate(err, body, p);
    if (st != CCD_OK)
        return st;
    if (jac)
        return ccd_pipeline_eval_dual(out, jac, err, body, pose, p);
    size_t n = ccd_pipeline_contact_count(p);
    double *o = malloc(n * CCD_CONTACT_VALUES * sizeof *o);
    if (!o || gen_pipeline(NULL, o, body, pose, p) != 0) {
        free(o);
        return ccd_error_oom(err, "contact pipeline");
    }
    for (size_t c = 0; c < n; c++) {
        const double *v = o + CCD_CONTACT_VALUES * c;
        memcpy(out[c].p, v, 3 * sizeof *v);
        out[c].d = v[3];
        memcpy(out[c].n, v + 4, 3 * sizeof *v);
        out[c].activity = v[7];
    }
    free(o);
    return CCD_OK;
}
