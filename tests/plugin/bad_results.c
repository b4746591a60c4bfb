/* SPDX-License-Identifier: MIT */
/*
 * TEST FIXTURE — methods whose results break what they declare, for the tests of
 * result validation (tests/bench/method-failures.sh).  Each answers query 1 of every
 * file wrongly in one way and every other query like "no collision"; the runner
 * must count query 1 as failed, say why, and score the others.  Not useful methods.
 */
#include "ccdbench.h"

#include <math.h>

static void no_collision(ccd_result *r)
{
    r->collides = 0;
    r->toi = r->toi_upper = INFINITY;
    r->tolerance = 0.0;
    r->checks = 1;
    r->hit_max_checks = 0;
}

static void collision(ccd_result *r, double toi, double toi_upper)
{
    no_collision(r);
    r->collides = 1;
    r->toi = toi;
    r->toi_upper = toi_upper;
}

#define BAD_METHOD(fn, caps_, body)                                                         \
    static ccd_status fn(ccd_result *r, const ccd_query *q, const ccd_params *p, void *s)   \
    {                                                                                       \
        (void)p;                                                                            \
        (void)s;                                                                            \
        no_collision(r);                                                                    \
        if (q->index == 1) {                                                                \
            body;                                                                           \
        }                                                                                   \
        return CCD_OK;                                                                      \
    }                                                                                       \
    static const ccd_method fn##_method = {                                                 \
        .name = "test-" #fn,                                                                \
        .summary = "TEST FIXTURE (tests/plugin/bad_results.c): a wrong result on query 1", \
        .caps = caps_,                                                                      \
        .vertex_face = fn,                                                                  \
        .edge_edge = fn,                                                                    \
    };

#define TOI_CAPS (CCD_CAP_TOI | CCD_CAP_CONSERVATIVE)
BAD_METHOD(collides_7, 0, r->collides = 7)
BAD_METHOD(nan_toi, TOI_CAPS, collision(r, NAN, NAN))
BAD_METHOD(toi_5, TOI_CAPS, collision(r, 5.0, 5.0))
BAD_METHOD(upper_below, TOI_CAPS, collision(r, 0.5, 0.25))
BAD_METHOD(negative_checks, 0, r->checks = -3)
BAD_METHOD(input_error, 0, return CCD_ERR_INPUT)

static const ccd_method *const methods[] = {
    &collides_7_method, &nan_toi_method,         &toi_5_method,
    &upper_below_method, &negative_checks_method, &input_error_method,
    NULL,
};

CCD_PLUGIN_DEFINE(methods);
