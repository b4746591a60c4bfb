/* SPDX-License-Identifier: MIT */
/*
 * φ and n̂ of one active feature pair of two convex polyhedra as a function of
 * the pose twists s = (ω_A, v_A, ω_B, v_B), written once over the scalar type S
 * (scalar_double.h, scalar_dual.h or scalar_mpfr.h, included before this file):
 * dual numbers give ∂(φ, n̂)/∂s, MPFR gives the reference by central differences.
 * A twist moves a pose as rot(s) = exp([ω]×)·rot, pos(s) = pos + v; the
 * exponential is its Taylor series to the 8th power, which is exact to first
 * order at s = 0 (all the derivative needs) and to far below 256-bit rounding at
 * the central-difference steps used.
 */
#ifndef CCD_CONTACT_POLYHEDRA_GENERIC_H
#define CCD_CONTACT_POLYHEDRA_GENERIC_H
#include "contact/polyhedra/polyhedra_jacobian.h"

typedef struct pv3 {
    S x[3];
} pv3;

static inline S pg_dot(S_CTX_PARAM, pv3 a, pv3 b)
{
    return S_ADD(S_ADD(S_MUL(a.x[0], b.x[0]), S_MUL(a.x[1], b.x[1])), S_MUL(a.x[2], b.x[2]));
}
static inline pv3 pg_sub(S_CTX_PARAM, pv3 a, pv3 b)
{
    pv3 r;
    for (int i = 0; i < 3; i++)
        r.x[i] = S_SUB(a.x[i], b.x[i]);
    return r;
}
static inline pv3 pg_scale(S_CTX_PARAM, S s, pv3 a)
{
    pv3 r;
    for (int i = 0; i < 3; i++)
        r.x[i] = S_MUL(s, a.x[i]);
    return r;
}
static inline pv3 pg_cross(S_CTX_PARAM, pv3 a, pv3 b)
{
    pv3 r;
    r.x[0] = S_SUB(S_MUL(a.x[1], b.x[2]), S_MUL(a.x[2], b.x[1]));
    r.x[1] = S_SUB(S_MUL(a.x[2], b.x[0]), S_MUL(a.x[0], b.x[2]));
    r.x[2] = S_SUB(S_MUL(a.x[0], b.x[1]), S_MUL(a.x[1], b.x[0]));
    return r;
}

/* The perturbed pose of one body: M = exp([ω]×)·rot, t = pos + v. */
static inline void pg_pose(S_CTX_PARAM, S M[3][3], S t[3], const S *w, const S *v,
                           const double rot[3][3], const double pos[3])
{
    S W[3][3], P[3][3], E[3][3];
    S zero = S_D(0);
    W[0][0] = zero, W[0][1] = S_NEG(w[2]), W[0][2] = w[1];
    W[1][0] = w[2], W[1][1] = zero, W[1][2] = S_NEG(w[0]);
    W[2][0] = S_NEG(w[1]), W[2][1] = w[0], W[2][2] = zero;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            P[i][j] = S_D(i == j), E[i][j] = S_D(i == j);
    for (int k = 1; k <= 8; k++) { /* P = W^k / k! */
        S Q[3][3];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                Q[i][j] = S_DIV(S_ADD(S_ADD(S_MUL(P[i][0], W[0][j]), S_MUL(P[i][1], W[1][j])),
                                      S_MUL(P[i][2], W[2][j])),
                                S_D(k));
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                P[i][j] = Q[i][j], E[i][j] = S_ADD(E[i][j], Q[i][j]);
    }
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            M[i][j] = S_ADD(S_ADD(S_MUL(E[i][0], S_D(rot[0][j])), S_MUL(E[i][1], S_D(rot[1][j]))),
                            S_MUL(E[i][2], S_D(rot[2][j])));
        t[i] = S_ADD(S_D(pos[i]), v[i]);
    }
}

static inline pv3 pg_point(S_CTX_PARAM, S M[3][3], const S t[3], const double x[3])
{
    pv3 r;
    for (int i = 0; i < 3; i++)
        r.x[i] = S_ADD(S_ADD(S_ADD(S_MUL(M[i][0], S_D(x[0])), S_MUL(M[i][1], S_D(x[1]))),
                             S_MUL(M[i][2], S_D(x[2]))),
                       t[i]);
    return r;
}
static inline pv3 pg_dir(S_CTX_PARAM, S M[3][3], const double x[3])
{
    pv3 r;
    for (int i = 0; i < 3; i++)
        r.x[i] = S_ADD(S_ADD(S_MUL(M[i][0], S_D(x[0])), S_MUL(M[i][1], S_D(x[1]))),
                       S_MUL(M[i][2], S_D(x[2])));
    return r;
}

/* out = (φ, n̂) of the feature pair fp at twists s[12]. */
static inline void gen_poly_feature(S_CTX_PARAM, S out[4], const S s[12],
                                    const ccd_polyh_jac_feature *fp)
{
    S MA[3][3], tA[3], MB[3][3], tB[3];
    pg_pose(S_CTX, MA, tA, s, s + 3, fp->rot[0], fp->pos[0]);
    pg_pose(S_CTX, MB, tB, s + 6, s + 9, fp->rot[1], fp->pos[1]);
    pv3 pa = pg_point(S_CTX, MA, tA, fp->pa), pb = pg_point(S_CTX, MB, tB, fp->pb), n;
    S phi;
    switch (fp->kind) {
    case CCD_POLYH_JAC_AXIS_FACE_A:
    case CCD_POLYH_JAC_AXIS_FACE_B:
    case CCD_POLYH_JAC_AXIS_EDGE:
        if (fp->kind == CCD_POLYH_JAC_AXIS_FACE_A)
            n = pg_dir(S_CTX, MA, fp->dir_a);
        else if (fp->kind == CCD_POLYH_JAC_AXIS_FACE_B)
            n = pg_dir(S_CTX, MB, fp->dir_b);
        else {
            n = pg_cross(S_CTX, pg_dir(S_CTX, MA, fp->dir_a), pg_dir(S_CTX, MB, fp->dir_b));
            n = pg_scale(S_CTX, S_DIV(S_D(1), S_SQRT(pg_dot(S_CTX, n, n))), n);
        }
        n = pg_scale(S_CTX, S_D(fp->sign), n);
        phi = pg_dot(S_CTX, n, pg_sub(S_CTX, pa, pb));
        break;
    default: { /* a point against a point or the line of an edge */
        pv3 d = pg_sub(S_CTX, pa, pb);
        if (fp->kind != CCD_POLYH_JAC_POINT_POINT) {
            /* the edge lies on the line point + t·dir of the body named by kind */
            int on_a = fp->kind == CCD_POLYH_JAC_POINT_EDGE_A;
            pv3 e = on_a ? pg_dir(S_CTX, MA, fp->dir_a) : pg_dir(S_CTX, MB, fp->dir_b);
            S t = S_DIV(pg_dot(S_CTX, d, e), pg_dot(S_CTX, e, e));
            d = pg_sub(S_CTX, d, pg_scale(S_CTX, t, e));
        }
        phi = S_SQRT(pg_dot(S_CTX, d, d));
        n = pg_scale(S_CTX, S_DIV(S_D(1), phi), d);
    }
    }
    out[0] = phi;
    for (int i = 0; i < 3; i++)
        out[1 + i] = n.x[i];
}
#endif
