/* SPDX-License-Identifier: MIT */
/* Floating-point filters of the exact oracle (each with a proven error bound). */
#ifndef CCD_EXACT_FILTER_H
#define CCD_EXACT_FILTER_H
#include "ccdbench.h"

/* 1 when the query certainly has no contact on [0, 1] (the coplanarity cubic
 * has one strict sign there); 0 when the filter cannot tell. */
int ccd_exact_filter_no_contact(const ccd_query *q);

#endif
