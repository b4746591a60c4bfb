/* SPDX-License-Identifier: MIT */
/*
 * The inclusion test of one box, portable scalar twin of the SIMD kernels.
 *
 * Operation sequence (must stay identical in tight_inclusion_corners_avx2.c and
 * _avx512.c, which are compiled like this file with -ffp-contract=off so that no
 * multiply-add is fused; tight_inclusion_filter.c bounds its rounding error):
 *   X(t) = x0 + t·dx for the four points;
 *   VF:  F = ((P − A) − u·(B − A)) − v·(C − A)          (Wang et al. 2021 eq. 1)
 *   EE:  F = (A + u·(B − A)) − (C + v·(D − C))          (Wang et al. 2021 eq. 2)
 * On each axis the hull [min F, max F] of the 8 corners meets [−T, T] iff some corner
 * is ≤ T and some corner is ≥ −T; axes are tested in order x, y, z and the first
 * miss ends the test (Wang et al. 2021 §5.2, "Efficient Evaluation").
 */
#include <config.h>

#include "methods/tight_inclusion.h"

/* Points at time t on one axis (4 values). */
static inline void points_at(double out[4], const double x0[4], const double dx[4], double t)
{
    for (int i = 0; i < 4; ++i)
        out[i] = x0[i] + t * dx[i];
}

/* Accumulate one corner value into the axis flags. */
static inline void classify(double f, double bound, int *below, int *above, int *inside)
{
    int le = f <= bound, ge = f >= -bound;
    *below |= le;
    *above |= ge;
    *inside &= le & ge;
}

unsigned ccd_ti_corners_vf_scalar(const ccd_ti_query *q, double t0, double t1, double u0,
                                  double u1, double v0, double v1)
{
    const double ts[2] = {t0, t1}, us[2] = {u0, u1}, vs[2] = {v0, v1};
    int inside = 1;
    for (int axis = 0; axis < 3; ++axis) {
        const double bound = q->bound[axis];
        int below = 0, above = 0;
        for (int i = 0; i < 2; ++i) {
            double x[4];
            points_at(x, q->x0[axis], q->dx[axis], ts[i]);
            const double qa = x[0] - x[1], e1 = x[2] - x[1], e2 = x[3] - x[1];
            for (int j = 0; j < 2; ++j) {
                const double r = qa - us[j] * e1;
                for (int k = 0; k < 2; ++k)
                    classify(r - vs[k] * e2, bound, &below, &above, &inside);
            }
        }
        if (!(below & above))
            return 0;
    }
    return CCD_TI_HIT | (inside ? CCD_TI_INSIDE : 0u);
}

unsigned ccd_ti_corners_ee_scalar(const ccd_ti_query *q, double t0, double t1, double u0,
                                  double u1, double v0, double v1)
{
    const double ts[2] = {t0, t1}, us[2] = {u0, u1}, vs[2] = {v0, v1};
    int inside = 1;
    for (int axis = 0; axis < 3; ++axis) {
        const double bound = q->bound[axis];
        int below = 0, above = 0;
        for (int i = 0; i < 2; ++i) {
            double x[4];
            points_at(x, q->x0[axis], q->dx[axis], ts[i]);
            const double ea = x[1] - x[0], eb = x[3] - x[2];
            for (int j = 0; j < 2; ++j) {
                const double sa = x[0] + us[j] * ea;
                for (int k = 0; k < 2; ++k)
                    classify(sa - (x[2] + vs[k] * eb), bound, &below, &above, &inside);
            }
        }
        if (!(below & above))
            return 0;
    }
    return CCD_TI_HIT | (inside ? CCD_TI_INSIDE : 0u);
}

void ccd_ti_corner_value(double out[3], const ccd_ti_query *q, double t, double u, double v)
{
    for (int axis = 0; axis < 3; ++axis) {
        double x[4];
        points_at(x, q->x0[axis], q->dx[axis], t);
        if (q->kind == CCD_VF)
            out[axis] = ((x[0] - x[1]) - u * (x[2] - x[1])) - v * (x[3] - x[1]);
        else
            out[axis] = (x[0] + u * (x[1] - x[0])) - (x[2] + v * (x[3] - x[2]));
    }
}

ccd_ti_kernel_fn ccd_ti_kernel(ccd_ti_isa isa, ccd_kind kind)
{
    switch (isa) {
    case CCD_TI_SCALAR:
        return kind == CCD_VF ? ccd_ti_corners_vf_scalar : ccd_ti_corners_ee_scalar;
    case CCD_TI_AVX2:
#ifdef CCD_HAVE_AVX2
        if (__builtin_cpu_supports("avx2"))
            return kind == CCD_VF ? ccd_ti_corners_vf_avx2 : ccd_ti_corners_ee_avx2;
#endif
        return NULL;
    case CCD_TI_AVX512:
#ifdef CCD_HAVE_AVX512
        if (__builtin_cpu_supports("avx512f"))
            return kind == CCD_VF ? ccd_ti_corners_vf_avx512 : ccd_ti_corners_ee_avx512;
#endif
        return NULL;
    }
    return NULL;
}

ccd_ti_isa ccd_ti_isa_best(void)
{
    if (ccd_ti_kernel(CCD_TI_AVX512, CCD_VF))
        return CCD_TI_AVX512;
    if (ccd_ti_kernel(CCD_TI_AVX2, CCD_VF))
        return CCD_TI_AVX2;
    return CCD_TI_SCALAR;
}
