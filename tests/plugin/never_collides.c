/* SPDX-License-Identifier: MIT */
/*
 * TEST FIXTURE — a deliberately wrong ccdbench plugin for the tests of
 * `ccdbench gate` (tests/bench/gate.sh): "test-never-collides" answers "no
 * collision" to every query, so it has a false negative on every query that
 * collides and no false positive.  Not a useful method.
 */
#include "ccdbench.h"

#include <math.h>

static ccd_status never_collides(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                 void *scratch)
{
    (void)q;
    (void)p;
    (void)scratch;
    r->collides = 0;
    r->toi = r->toi_upper = INFINITY;
    r->tolerance = 0.0;
    r->checks = 1;
    r->hit_max_checks = 0;
    return CCD_OK;
}

static const ccd_method never_collides_method = {
    .name = "test-never-collides",
    .summary = "TEST FIXTURE (tests/plugin): reports no collision for any query",
    .caps = 0,
    .vertex_face = never_collides,
    .edge_edge = never_collides,
};

static const ccd_method *const methods[] = {&never_collides_method, NULL};

CCD_PLUGIN_DEFINE(methods);
