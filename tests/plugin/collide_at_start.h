/* SPDX-License-Identifier: MIT */
/*
 * TEST FIXTURE helper — the answer of the test plugins that report every query as a
 * collision at t = 0 (test-always-collides, test-spin): trivially conservative, no
 * false negative, toi 0 ≤ every exact toi.
 */
#ifndef CCD_TESTS_PLUGIN_COLLIDE_AT_START_H
#define CCD_TESTS_PLUGIN_COLLIDE_AT_START_H

#include "ccdbench.h"

static inline ccd_status collide_at_start(ccd_result *r)
{
    r->collides = 1;
    r->toi = r->toi_upper = 0.0;
    r->tolerance = 0.0;
    r->checks = 1;
    r->hit_max_checks = 0;
    return CCD_OK;
}

#endif
