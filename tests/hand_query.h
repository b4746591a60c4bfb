/* SPDX-License-Identifier: MIT */
/* Hand-built queries for the Check suites of the methods. */
#ifndef CCD_TEST_HAND_QUERY_H
#define CCD_TEST_HAND_QUERY_H
#include "ccdbench.h"

#include <string.h>

typedef struct point {
    double x, y, z;
} point;

/* rows: four points at t = 0, then the same four at t = 1 */
static inline ccd_query make_query(ccd_kind kind, const point at0[4], const point at1[4])
{
    ccd_query q;
    memset(&q, 0, sizeof q);
    q.kind = kind;
    q.label = -1;
    for (int i = 0; i < 4; i++) {
        q.v[i][0] = at0[i].x, q.v[i][1] = at0[i].y, q.v[i][2] = at0[i].z;
        q.v[i + 4][0] = at1[i].x, q.v[i + 4][1] = at1[i].y, q.v[i + 4][2] = at1[i].z;
    }
    return q;
}

/* A vertex moving from p0 to p1 against the static triangle (0,0,0), (1,0,0), (0,1,0). */
static inline ccd_query vf(point p0, point p1)
{
    const point a[4] = {p0, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point b[4] = {p1, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    return make_query(CCD_VF, a, b);
}

/* Edge (-1,0,0)-(1,0,0) static; edge (x,-1,z0)-(x,1,z0) moving to z1. */
static inline ccd_query ee(double x, double z0, double z1)
{
    const point a[4] = {{-1, 0, 0}, {1, 0, 0}, {x, -1, z0}, {x, 1, z0}};
    const point b[4] = {{-1, 0, 0}, {1, 0, 0}, {x, -1, z1}, {x, 1, z1}};
    return make_query(CCD_EE, a, b);
}

#endif
