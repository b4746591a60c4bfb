/* SPDX-License-Identifier: MIT */
/*
 * What the two root-parity methods (root_parity.c with doubles,
 * root_parity_rational.c exact) share: the domain ∂Ω of Brochu, Edwards and
 * Bridson (2012), "Efficient Geometrically Exact Continuous Collision Detection",
 * as faces of bilinear patches, the tetrahedron faces that replace a patch, the
 * rays' directions, and the answer.  root_parity_rational.c explains the
 * construction.
 */
#ifndef CCD_METHODS_ROOT_PARITY_DOMAIN_H
#define CCD_METHODS_ROOT_PARITY_DOMAIN_H
#include "ccdbench.h"

enum { CCD_RP_MAX_DIRECTIONS = 64 };

/* A face of ∂Ω: its corners (x00, x10, x01, x11) as indices t, u, v into
 * corner[t][u][v] = A(t) + u B(t) + v C(t). */
typedef struct ccd_rp_face {
    int c[4][3];
} ccd_rp_face;

/* The faces of ∂Ω for a query of kind (5 for VF, whose u + v = 1 side closes the
 * prism, 6 for EE); *count receives their number. */
const ccd_rp_face *ccd_rp_faces(int *count, ccd_kind kind);

/* A patch replaced by two triangles of its tetrahedron: pair A = (x00, x10, x11),
 * (x00, x11, x01), pair B = (x00, x10, x01), (x10, x11, x01) (patch corner
 * indices). */
extern const int ccd_rp_pair_a[2][3];
extern const int ccd_rp_pair_b[2][3];

/* The rows of the query that A, B and C are differences of, by kind:
 * A = v[r[0]] - v[r[1]], B = v[r[2]] - v[r[3]], C = v[r[4]] - v[r[5]]
 * (VF: A = p - v1, B = v1 - v2, C = v1 - v3; EE: A = p1 - p3, B = p2 - p1,
 * C = p3 - p4). */
extern const int ccd_rp_rows[2][6];

/* The ray direction of attempt 0, 1, …: deterministic pseudo-random integer
 * components in ±2^20. */
void ccd_rp_direction(long d[3], int attempt);

/* The answer: collides or not, no time of impact (parity gives none: toi 0 when
 * it collides, else ∞), after checks steps. */
void ccd_rp_answer(ccd_result *r, int collides, long checks);

#endif
