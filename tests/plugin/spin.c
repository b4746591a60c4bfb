/* SPDX-License-Identifier: MIT */
/*
 * TEST FIXTURE — a plugin method whose time per query is set by an option, built
 * for the timing gate's check (tests/bench/gate-load.sh, `make check-timing`): the gate
 * must pass it against its own baseline under load, and fail it when
 * `--param test-spin.work=3W` makes it three times slower than a baseline made
 * with work W.  Not a useful method.
 *
 * "test-spin" runs `work` steps of a dependent floating-point recurrence (a
 * multiply and an add each, which no compiler may shorten: each needs the last),
 * then answers as test-always-collides does: a collision at t = 0.
 */
#include "collide_at_start.h"

enum { OPT_WORK = 0 };
static const ccd_option options[] = {
    [OPT_WORK] = {"work", CCD_OPTION_INTEGER, {.i = 10000}, {.i = 0}, {.i = 1000000000}, NULL,
                  "steps of busy work per query (the time is proportional to it)"},
};
static const ccd_method spin_method;

static volatile double sink; /* the recurrence's result is used: it must be computed */

static ccd_status spin(ccd_result *r, const ccd_query *q, const ccd_params *p, void *scratch)
{
    (void)scratch;
    long work = ccd_option_int(p, &spin_method, OPT_WORK);
    double x = q->v[0][0];
    for (long i = 0; i < work; i++)
        x = x * 0.999999 + 1e-9;
    sink = x;
    return collide_at_start(r);
}

static const ccd_method spin_method = {
    .name = "test-spin",
    .summary = "TEST FIXTURE (tests/plugin): `work` steps of busy work, then a collision at t = 0",
    .caps = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE,
    .vertex_face = spin,
    .edge_edge = spin,
    .options = options,
    .option_count = sizeof options / sizeof options[0],
};

static const ccd_method *const methods[] = {&spin_method, NULL};

CCD_PLUGIN_DEFINE(methods);
