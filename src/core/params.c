/* SPDX-License-Identifier: MIT */
/* Default parameters: those of Wang et al. 2021 (δ = 1e-6, m_I = 1e6, d = 0, t_max = 1). */
#include "ccdbench.h"

#include <string.h>

void ccd_params_default(ccd_params *p)
{
    memset(p, 0, sizeof *p);
    p->delta = 1e-6;
    p->max_checks = 1000000;
    p->ms = 0.0;
    p->t_max = 1.0;
    p->no_zero_toi = 0;
    p->ms_norm = 0;
    p->eta = 1e-6;
    p->scene_filter = NULL;
}
