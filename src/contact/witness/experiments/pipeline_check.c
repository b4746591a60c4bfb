/* SPDX-License-Identifier: MIT */
/* The pipeline's Jacobian (dual numbers) against the MPFR central differences of
 * ccd_contact_pipeline_reference, contact by contact (see pipeline.h). */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "contact/witness/pipeline.h"
#include "core/error.h"

ccd_status ccd_contact_pipeline_check(ccd_contact_point *out, double *rel, double *jmax,
                                      double *worst, ccd_error *err, unsigned prec,
                                      const ccd_contact_body body[2], const double pose[2][6],
                                      const ccd_pipeline_params *p)
{
    size_t n = ccd_pipeline_contact_count(p);
    double (*jac)[CCD_CONTACT_VALUES][12] = malloc(n * sizeof *jac);
    double (*ref)[CCD_CONTACT_VALUES][12] = malloc(n * sizeof *ref);
    ccd_status st = jac && ref ? ccd_contact_pipeline(out, jac, err, body, pose, p)
                               : ccd_error_oom(err, "contact pipeline");
    if (st == CCD_OK)
        st = ccd_contact_pipeline_reference(NULL, ref, err, prec, body, pose, p);
    *worst = 0;
    for (size_t i = 0; i < n && st == CCD_OK; i++) {
        double num = 0, den = 0;
        for (int r = 0; r < CCD_CONTACT_VALUES; r++)
            for (int j = 0; j < 12; j++) {
                num = fmax(num, fabs(jac[i][r][j] - ref[i][r][j]));
                den = fmax(den, fabs(ref[i][r][j]));
            }
        rel[i] = den > 0 ? num / den : num;
        jmax[i] = den;
        *worst = fmax(*worst, rel[i]);
    }
    free(jac), free(ref);
    return st;
}
