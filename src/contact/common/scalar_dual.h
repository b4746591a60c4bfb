/* SPDX-License-Identifier: MIT */
/*
 * Scalar "dual number" for the generic contact routines (witness_generic.h):
 * a value and its derivatives with respect to CCD_DUAL_N inputs (forward-mode
 * automatic differentiation).  Every primitive applies the chain rule once.
 * Convention at the one non-differentiable point used: d sqrt(x) = 0 at x = 0
 * (the routines only take square roots of squared norms, and 0 is the minimum).
 */
#ifndef CCD_CONTACT_SCALAR_DUAL_H
#define CCD_CONTACT_SCALAR_DUAL_H
#include <math.h>

#include "contact/common/smooth.h"

#define CCD_DUAL_N 12

typedef struct ccd_dual {
    double v;
    double d[CCD_DUAL_N];
} ccd_dual;

static inline ccd_dual dual_const(double x)
{
    ccd_dual r = {.v = x};
    return r;
}
static inline ccd_dual dual_add(ccd_dual a, ccd_dual b)
{
    a.v += b.v;
    for (int i = 0; i < CCD_DUAL_N; i++)
        a.d[i] += b.d[i];
    return a;
}
static inline ccd_dual dual_sub(ccd_dual a, ccd_dual b)
{
    a.v -= b.v;
    for (int i = 0; i < CCD_DUAL_N; i++)
        a.d[i] -= b.d[i];
    return a;
}
static inline ccd_dual dual_neg(ccd_dual a)
{
    a.v = -a.v;
    for (int i = 0; i < CCD_DUAL_N; i++)
        a.d[i] = -a.d[i];
    return a;
}
static inline ccd_dual dual_mul(ccd_dual a, ccd_dual b)
{
    ccd_dual r;
    r.v = a.v * b.v;
    for (int i = 0; i < CCD_DUAL_N; i++)
        r.d[i] = a.d[i] * b.v + a.v * b.d[i];
    return r;
}
static inline ccd_dual dual_div(ccd_dual a, ccd_dual b)
{
    ccd_dual r;
    r.v = a.v / b.v;
    for (int i = 0; i < CCD_DUAL_N; i++)
        r.d[i] = (a.d[i] - r.v * b.d[i]) / b.v;
    return r;
}
/* r = f(a) with f'(a) = g */
static inline ccd_dual dual_chain(ccd_dual a, double f, double g)
{
    a.v = f;
    for (int i = 0; i < CCD_DUAL_N; i++)
        a.d[i] *= g;
    return a;
}
static inline ccd_dual dual_sqrt(ccd_dual a)
{
    double s = sqrt(a.v);
    return dual_chain(a, s, s > 0 ? 0.5 / s : 0.0);
}
static inline ccd_dual dual_exp(ccd_dual a)
{
    double e = exp(a.v);
    return dual_chain(a, e, e);
}
static inline ccd_dual dual_sigmoid(ccd_dual a)
{
    return dual_chain(a, ccd_sigmoid(a.v), ccd_sigmoid_grad(a.v));
}
static inline ccd_dual dual_softplus(ccd_dual a)
{
    return dual_chain(a, ccd_softplus(a.v, 1.0), ccd_sigmoid(a.v));
}
static inline ccd_dual dual_tanh(ccd_dual a)
{
    return dual_chain(a, tanh(a.v), ccd_soft_sign_grad(a.v, 1.0));
}

static inline ccd_dual dual_log(ccd_dual a)
{
    return dual_chain(a, log(a.v), 1.0 / a.v);
}
static inline ccd_dual dual_log1p(ccd_dual a)
{
    return dual_chain(a, log1p(a.v), 1.0 / (1.0 + a.v));
}
/* d|x| = sgn(x) dx, 0 at 0 */
static inline ccd_dual dual_abs(ccd_dual a)
{
    return dual_chain(a, fabs(a.v), (double)((a.v > 0) - (a.v < 0)));
}
static inline ccd_dual dual_sin(ccd_dual a)
{
    return dual_chain(a, sin(a.v), cos(a.v));
}
static inline ccd_dual dual_cos(ccd_dual a)
{
    return dual_chain(a, cos(a.v), -sin(a.v));
}

typedef ccd_dual S;
#define S_CTX_PARAM void *ctx
#define S_CTX ctx
#define S_D(x) dual_const(x)
#define S_ADD(a, b) dual_add((a), (b))
#define S_SUB(a, b) dual_sub((a), (b))
#define S_MUL(a, b) dual_mul((a), (b))
#define S_DIV(a, b) dual_div((a), (b))
#define S_NEG(a) dual_neg(a)
#define S_SQRT(a) dual_sqrt(a)
#define S_EXP(a) dual_exp(a)
#define S_SIGMOID(a) dual_sigmoid(a)
#define S_SOFTPLUS(a) dual_softplus(a)
#define S_TANH(a) dual_tanh(a)
#define S_LOG(a) dual_log(a)
#define S_LOG1P(a) dual_log1p(a)
#define S_ABS(a) dual_abs(a)
#define S_SIN(a) dual_sin(a)
#define S_COS(a) dual_cos(a)
#define S_SGN(a) (((a).v > 0) - ((a).v < 0))
#define S_VAL(a) ((a).v)
#endif
