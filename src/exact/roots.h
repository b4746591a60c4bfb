/* SPDX-License-Identifier: MIT */
/*
 * Real-root isolation on [0, 1] by Descartes' rule of signs with bisection
 * (Collins–Akritas), visiting the roots of a square-free integer polynomial in
 * increasing order.  Rational roots met on the way (0, 1, bisection points) are
 * reported exactly and divided out, so every isolating interval handed out has
 * end points that are not roots of its defining polynomial.
 */
#ifndef CCD_EXACT_ROOTS_H
#define CCD_EXACT_ROOTS_H
#include "exact/algebraic.h"

struct ccd_root_node;

typedef struct ccd_roots {
    ccd_poly poly[2], node, tmp;
    struct ccd_root_node *stack;
    size_t len, cap;
    ccd_algebraic root;
    mpz_t cur, hi, t1, t2;
    long isolated; /* roots reported so far (a work counter) */
} ccd_roots;

void ccd_roots_init(ccd_roots *r);
void ccd_roots_clear(ccd_roots *r);

/* Called once per root, in increasing order; may refine `root`; returns non-zero to stop. */
typedef int (*ccd_root_visitor)(void *data, ccd_algebraic *root);

/* Visit the roots of p in [0, 1].  p must be square-free (or zero-free constant).
 * Returns 1 when the visitor stopped the enumeration, 0 otherwise, -1 when out of memory. */
int ccd_roots_visit(ccd_roots *r, const ccd_poly *p, ccd_root_visitor visit, void *data);

#endif
