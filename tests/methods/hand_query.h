/* SPDX-License-Identifier: MIT */
/* Hand-built queries shared by the Check suites of the methods (on top of
 * test_query_from_points in test_support.h). */
#ifndef CCD_TEST_HAND_QUERY_H
#define CCD_TEST_HAND_QUERY_H
#include "test_support.h"

/* A vertex moving from p0 to p1 against the static triangle (0,0,0), (1,0,0), (0,1,0). */
static inline ccd_query vf(test_point p0, test_point p1)
{
    const test_point a[4] = {p0, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const test_point b[4] = {p1, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    return test_query_from_points(CCD_VF, a, b);
}

/* Edge (-1,0,0)-(1,0,0) static; edge (x,-1,z0)-(x,1,z0) moving to z1. */
static inline ccd_query ee(double x, double z0, double z1)
{
    const test_point a[4] = {{-1, 0, 0}, {1, 0, 0}, {x, -1, z0}, {x, 1, z0}};
    const test_point b[4] = {{-1, 0, 0}, {1, 0, 0}, {x, -1, z1}, {x, 1, z1}};
    return test_query_from_points(CCD_EE, a, b);
}

#endif
