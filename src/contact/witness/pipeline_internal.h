/* SPDX-License-Identifier: MIT */
/* Between the translation units of the contact pipeline (not public API). */
#ifndef CCD_CONTACT_PIPELINE_INTERNAL_H
#define CCD_CONTACT_PIPELINE_INTERNAL_H
#include "contact/witness/pipeline.h"

/* ccd_contact_pipeline with jac != NULL: dual numbers (pipeline_dual.c); inputs
 * already validated. */
ccd_status ccd_pipeline_eval_dual(ccd_contact_point *out, double (*jac)[CCD_CONTACT_VALUES][12],
                                  ccd_error *err, const ccd_contact_body body[2],
                                  const double pose[2][6], const ccd_pipeline_params *p);
#endif
