/* SPDX-License-Identifier: MIT */
/*
 * TEST FIXTURE — an example ccdbench plugin, built by `make check` and loaded by
 * the tests (tests/bench/check_runner.c, tests/methods/plugin.sh).  Not a useful method.
 *
 * "test-always-collides" answers every query with "collision at t = 0".  It is
 * trivially conservative: no false negatives, and its toi 0 is ≤ every exact toi;
 * it has a false positive on every query that does not collide.  Use it as a
 * template: a static NULL-terminated array of methods, and CCD_PLUGIN_DEFINE to
 * export it (CCD_PLUGIN_ENTRY) with the API version it was built for.
 *
 *   ccdbench run --plugin tests/plugin/.libs/always_collides.so --methods test-always-collides
 */
#include "collide_at_start.h"

static ccd_status always_collides(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                  void *scratch)
{
    (void)q;
    (void)p;
    (void)scratch;
    return collide_at_start(r);
}

static const ccd_method always_collides_method = {
    .name = "test-always-collides",
    .summary = "TEST FIXTURE (tests/plugin): reports a collision at t = 0 for every query",
    .caps = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE,
    .vertex_face = always_collides,
    .edge_edge = always_collides,
};

static const ccd_method *const methods[] = {&always_collides_method, NULL};

CCD_PLUGIN_DEFINE(methods);
