/* SPDX-License-Identifier: MIT */
/* Floating-point filters of the exact oracle (each with a proven error bound). */
#ifndef CCD_EXACT_FILTER_H
#define CCD_EXACT_FILTER_H
#include "ccdbench.h"

/* 1 when the query certainly has no contact on [0, 1] (the coplanarity cubic
 * has one strict sign there); 0 when the filter cannot tell. */
int ccd_exact_filter_no_contact(const ccd_query *q);

/* The filter's floating-point Bernstein sums S~_k (sum) and their permanents
 * ΣP~ (perm), k = 0..3, in the filter's operation order (for tests of its error
 * bound).  Meaningful when every coordinate of q is 0 or of magnitude in
 * [2^-100, 2^100] (no overflow or underflow); q->exact is not read. */
void ccd_exact_filter_coefficients(double sum[4], double perm[4], const ccd_query *q);

#endif
