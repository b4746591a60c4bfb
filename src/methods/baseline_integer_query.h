/* SPDX-License-Identifier: MIT */
/*
 * A query's coordinates as integers (one common positive scale factor), and the
 * small exact vector algebra the rational baselines (root-parity-rational, bsc)
 * build on.  Scaling every coordinate by the same positive number changes no sign
 * of any homogeneous polynomial in coordinate differences, which is all those
 * methods evaluate.
 */
#ifndef CCD_METHODS_BASELINE_INTEGER_QUERY_H
#define CCD_METHODS_BASELINE_INTEGER_QUERY_H

#include "ccdbench.h"

#include <gmp.h>

typedef struct ccd_zvec {
    mpz_t c[3];
} ccd_zvec;

typedef struct ccd_integer_query {
    ccd_zvec row[CCD_QUERY_ROWS];
} ccd_integer_query;

void ccd_integer_query_init(ccd_integer_query *iq);
void ccd_integer_query_clear(ccd_integer_query *iq);
/* iq = s · (exact coordinates of q) for the least s > 0 making all of them integers. */
void ccd_integer_query_set(ccd_integer_query *iq, const ccd_query *q);

void ccd_zvec_init(ccd_zvec *v);
void ccd_zvec_clear(ccd_zvec *v);
void ccd_zvec_set(ccd_zvec *r, const ccd_zvec *a);
void ccd_zvec_add(ccd_zvec *r, const ccd_zvec *a, const ccd_zvec *b);
void ccd_zvec_sub(ccd_zvec *r, const ccd_zvec *a, const ccd_zvec *b);
int ccd_zvec_is_zero(const ccd_zvec *a);
/* r = a × b (r may not alias a or b). */
void ccd_zvec_cross(ccd_zvec *r, const ccd_zvec *a, const ccd_zvec *b);
void ccd_zvec_dot(mpz_t r, const ccd_zvec *a, const ccd_zvec *b);
/* r = det(a, b, c) = a · (b × c). */
void ccd_zvec_det(mpz_t r, const ccd_zvec *a, const ccd_zvec *b, const ccd_zvec *c);

#endif
