/* SPDX-License-Identifier: MIT */
/* Default common parameters: those of Wang et al. 2021 (d = 0, t_max = 1). */
#include <config.h>

#include "ccdbench.h"

#include <string.h>

void ccd_params_default(ccd_params *p)
{
    memset(p, 0, sizeof *p);
    p->size = sizeof *p;
    p->t_max = 1.0;
    p->ms = 0.0;
    p->ms_norm = CCD_NORM_LINF;
    p->no_zero_toi = 0;
    p->options = NULL;
}
