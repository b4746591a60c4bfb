/* SPDX-License-Identifier: MIT */
/*
 * A figure of a contact set (as Beker et al., Fig. 5): DIR/NAME.dat (the two
 * meshes' edges in world coordinates, then every contact with Γ > 0.01 and its
 * activity-weighted normal Γ n), DIR/NAME.gp (a gnuplot script drawing
 * NAME.svg and NAME.png from it) and, when gnuplot is not NULL, the images.
 */
#ifndef CCD_CONTACT_PIPELINE_FIGURE_H
#define CCD_CONTACT_PIPELINE_FIGURE_H
#include "contact/witness/pipeline.h"

ccd_status ccd_pipeline_figure(ccd_error *err, const char *dir, const char *name,
                               const char *gnuplot, const ccd_contact_body body[2],
                               const double pose[2][6], const ccd_pipeline_params *p,
                               const ccd_contact_point *contacts);
#endif
