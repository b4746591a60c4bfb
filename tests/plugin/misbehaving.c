/* SPDX-License-Identifier: MIT */
/*
 * TEST FIXTURE — plugin methods that take the process down on query 1 of every
 * file, for the tests of isolation (tests/bench/isolate.sh): they crash (SIGSEGV),
 * abort, loop forever, or call exit.  On every other query they answer "no
 * collision".  Run in child processes, each must cost its method that query
 * only.  Not useful methods.
 */
#include "ccdbench.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>

static volatile int forever = 1;

static ccd_status answer(ccd_result *r)
{
    r->collides = 0;
    r->toi = r->toi_upper = INFINITY;
    r->tolerance = 0.0;
    r->checks = 1;
    r->hit_max_checks = 0;
    return CCD_OK;
}

#define MISBEHAVING(fn, body)                                                                \
    static ccd_status misbehave_##fn(ccd_result *r, const ccd_query *q, const ccd_params *p, \
                                     void *s)                                                \
    {                                                                                        \
        (void)p;                                                                             \
        (void)s;                                                                             \
        if (q->index == 1) {                                                                 \
            body;                                                                            \
        }                                                                                    \
        return answer(r);                                                                    \
    }                                                                                        \
    static const ccd_method fn##_method = {                                                  \
        .name = "test-" #fn,                                                                 \
        .summary = "TEST FIXTURE (tests/plugin/misbehaving.c): misbehaves on query 1",      \
        .caps = 0,                                                                           \
        .vertex_face = misbehave_##fn,                                                       \
        .edge_edge = misbehave_##fn,                                                         \
    };

MISBEHAVING(crash, raise(SIGSEGV))
MISBEHAVING(abort, abort())
MISBEHAVING(loop, while (forever) {})
MISBEHAVING(exit3, exit(3))
MISBEHAVING(exit0, exit(0))

static const ccd_method *const methods[] = {
    &crash_method, &abort_method, &loop_method, &exit3_method, &exit0_method,
    NULL,
};

CCD_PLUGIN_DEFINE(methods);
