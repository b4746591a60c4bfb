/* SPDX-License-Identifier: MIT */
/*
 * Scalar "MPFR" for the generic contact routines (witness_generic.h): every value
 * is a fresh slot of an arena at the arena's precision (256 bits for the
 * references), rounded to nearest.  Used for reference values and for central
 * differences that are accurate far beyond double precision.
 */
#ifndef CCD_CONTACT_SCALAR_MPFR_H
#define CCD_CONTACT_SCALAR_MPFR_H
#include "contact/common/mpfr_arena.h"

static inline mpfr_ptr mpa_d(ccd_mpfr_arena *ar, double x)
{
    mpfr_ptr r = ccd_mpfr_arena_take(ar);
    mpfr_set_d(r, x, MPFR_RNDN);
    return r;
}
#define MPA_BINARY(name, op)                                                    \
    static inline mpfr_ptr name(ccd_mpfr_arena *ar, mpfr_srcptr a, mpfr_srcptr b) \
    {                                                                           \
        mpfr_ptr r = ccd_mpfr_arena_take(ar);                                   \
        op(r, a, b, MPFR_RNDN);                                                 \
        return r;                                                               \
    }
#define MPA_UNARY(name, op)                                     \
    static inline mpfr_ptr name(ccd_mpfr_arena *ar, mpfr_srcptr a) \
    {                                                           \
        mpfr_ptr r = ccd_mpfr_arena_take(ar);                   \
        op(r, a, MPFR_RNDN);                                    \
        return r;                                               \
    }
MPA_BINARY(mpa_add, mpfr_add)
MPA_BINARY(mpa_sub, mpfr_sub)
MPA_BINARY(mpa_mul, mpfr_mul)
MPA_BINARY(mpa_div, mpfr_div)
MPA_UNARY(mpa_neg, mpfr_neg)
MPA_UNARY(mpa_sqrt, mpfr_sqrt)
MPA_UNARY(mpa_exp, mpfr_exp)
MPA_UNARY(mpa_tanh, mpfr_tanh)
MPA_UNARY(mpa_log, mpfr_log)
MPA_UNARY(mpa_log1p, mpfr_log1p)
MPA_UNARY(mpa_abs, mpfr_abs)
MPA_UNARY(mpa_sin, mpfr_sin)
MPA_UNARY(mpa_cos, mpfr_cos)
#undef MPA_BINARY
#undef MPA_UNARY

/* σ(a) with a non-positive exponent only */
static inline mpfr_ptr mpa_sigmoid(ccd_mpfr_arena *ar, mpfr_srcptr a)
{
    mpfr_ptr r = ccd_mpfr_arena_take(ar);
    mpfr_ptr e = ccd_mpfr_arena_take(ar);
    mpfr_abs(e, a, MPFR_RNDN);
    mpfr_neg(e, e, MPFR_RNDN);
    mpfr_exp(e, e, MPFR_RNDN); /* e^-|a| */
    mpfr_add_ui(r, e, 1, MPFR_RNDN);
    if (mpfr_sgn(a) >= 0)
        mpfr_ui_div(r, 1, r, MPFR_RNDN);
    else
        mpfr_div(r, e, r, MPFR_RNDN);
    return r;
}
/* log(1 + e^a) = max(a, 0) + log1p(e^-|a|) */
static inline mpfr_ptr mpa_softplus(ccd_mpfr_arena *ar, mpfr_srcptr a)
{
    mpfr_ptr r = ccd_mpfr_arena_take(ar);
    mpfr_abs(r, a, MPFR_RNDN);
    mpfr_neg(r, r, MPFR_RNDN);
    mpfr_exp(r, r, MPFR_RNDN);
    mpfr_log1p(r, r, MPFR_RNDN);
    if (mpfr_sgn(a) > 0)
        mpfr_add(r, r, a, MPFR_RNDN);
    return r;
}

typedef mpfr_ptr S;
#define S_CTX_PARAM ccd_mpfr_arena *ctx
#define S_CTX ctx
#define S_D(x) mpa_d(ctx, (x))
#define S_ADD(a, b) mpa_add(ctx, (a), (b))
#define S_SUB(a, b) mpa_sub(ctx, (a), (b))
#define S_MUL(a, b) mpa_mul(ctx, (a), (b))
#define S_DIV(a, b) mpa_div(ctx, (a), (b))
#define S_NEG(a) mpa_neg(ctx, (a))
#define S_SQRT(a) mpa_sqrt(ctx, (a))
#define S_EXP(a) mpa_exp(ctx, (a))
#define S_SIGMOID(a) mpa_sigmoid(ctx, (a))
#define S_SOFTPLUS(a) mpa_softplus(ctx, (a))
#define S_TANH(a) mpa_tanh(ctx, (a))
#define S_LOG(a) mpa_log(ctx, (a))
#define S_LOG1P(a) mpa_log1p(ctx, (a))
#define S_ABS(a) mpa_abs(ctx, (a))
#define S_SIN(a) mpa_sin(ctx, (a))
#define S_COS(a) mpa_cos(ctx, (a))
#define S_SGN(a) mpfr_sgn(a)
#define S_VAL(a) mpfr_get_d((a), MPFR_RNDN)
#endif
