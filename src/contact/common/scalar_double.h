/* SPDX-License-Identifier: MIT */
/*
 * Scalar "double" for the generic contact routines (witness_generic.h): plain
 * IEEE double arithmetic, the fast path.  See scalar_dual.h and scalar_mpfr.h for
 * the same interface with forward derivatives and with 256-bit MPFR.
 */
#ifndef CCD_CONTACT_SCALAR_DOUBLE_H
#define CCD_CONTACT_SCALAR_DOUBLE_H
#include <math.h>

#include "contact/common/smooth.h"

typedef double S;
#define S_CTX_PARAM void *ctx
#define S_CTX ctx
#define S_D(x) ((double)(x))
#define S_ADD(a, b) ((a) + (b))
#define S_SUB(a, b) ((a) - (b))
#define S_MUL(a, b) ((a) * (b))
#define S_DIV(a, b) ((a) / (b))
#define S_NEG(a) (-(a))
#define S_SQRT(a) sqrt(a)
#define S_EXP(a) exp(a)
#define S_SIGMOID(a) ccd_sigmoid(a)
#define S_SOFTPLUS(a) ccd_softplus((a), 1.0) /* log(1 + e^a) */
#define S_TANH(a) tanh(a)
#define S_LOG(a) log(a)
#define S_LOG1P(a) log1p(a)
#define S_ABS(a) fabs(a)
#define S_SIN(a) sin(a)
#define S_COS(a) cos(a)
#define S_SGN(a) (((a) > 0) - ((a) < 0))
#define S_VAL(a) (a)
#endif
