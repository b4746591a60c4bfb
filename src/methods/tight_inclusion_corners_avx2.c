/* SPDX-License-Identifier: MIT */
/*
 * The inclusion test of one box with AVX2: the 8 corners as two 4-lane vectors
 * (t0 and t1; lanes (u0,v0), (u0,v1), (u1,v0), (u1,v1)).  Same operations in the same
 * order as tight_inclusion_corners.c, compiled with -ffp-contract=off (no fused
 * multiply-add), so every corner value is bit-identical to the scalar twin.
 */
#include <config.h>

#include "methods/tight_inclusion.h"

#include <immintrin.h>

/*
 * The filter's error bound (tight_inclusion_filter.md) is derived for unfused
 * multiplies and adds.  -ffp-contract=off keeps the compiler from fusing, but
 * with -mfma any fused intrinsic or library call would be one edit away, so the
 * kernel is built without FMA and says so here.
 */
#if defined(__FMA__)
#error "the Tight Inclusion AVX2 kernel must be compiled without -mfma"
#endif

/* Bit i of the result: lane i of f is ≤ bound (low) / ≥ −bound (high), both vectors. */
static inline int below_mask(__m256d f0, __m256d f1, __m256d bound)
{
    return _mm256_movemask_pd(_mm256_cmp_pd(f0, bound, _CMP_LE_OQ)) |
           _mm256_movemask_pd(_mm256_cmp_pd(f1, bound, _CMP_LE_OQ)) << 4;
}
static inline int above_mask(__m256d f0, __m256d f1, __m256d neg_bound)
{
    return _mm256_movemask_pd(_mm256_cmp_pd(f0, neg_bound, _CMP_GE_OQ)) |
           _mm256_movemask_pd(_mm256_cmp_pd(f1, neg_bound, _CMP_GE_OQ)) << 4;
}

/* VF corners at one time: F = ((P − A) − u·(B − A)) − v·(C − A). */
static inline __m256d vf_at(__m256d x0, __m256d dx, __m256d t, __m256d uu, __m256d vv)
{
    const __m256d x = _mm256_add_pd(x0, _mm256_mul_pd(t, dx));      /* P, A, B, C */
    const __m256d d = _mm256_sub_pd(x, _mm256_permute4x64_pd(x, 0x55)); /* P−A, 0, B−A, C−A */
    const __m256d q = _mm256_permute4x64_pd(d, 0x00);
    const __m256d e1 = _mm256_permute4x64_pd(d, 0xAA);
    const __m256d e2 = _mm256_permute4x64_pd(d, 0xFF);
    return _mm256_sub_pd(_mm256_sub_pd(q, _mm256_mul_pd(uu, e1)), _mm256_mul_pd(vv, e2));
}

/* EE corners at one time: F = (A + u·(B − A)) − (C + v·(D − C)). */
static inline __m256d ee_at(__m256d x0, __m256d dx, __m256d t, __m256d uu, __m256d vv)
{
    const __m256d x = _mm256_add_pd(x0, _mm256_mul_pd(t, dx));            /* A, B, C, D */
    const __m256d d = _mm256_sub_pd(_mm256_permute_pd(x, 0x5), x);        /* B−A, ., D−C, . */
    const __m256d a = _mm256_permute4x64_pd(x, 0x00);
    const __m256d c = _mm256_permute4x64_pd(x, 0xAA);
    const __m256d ea = _mm256_permute4x64_pd(d, 0x00);
    const __m256d eb = _mm256_permute4x64_pd(d, 0xAA);
    return _mm256_sub_pd(_mm256_add_pd(a, _mm256_mul_pd(uu, ea)),
                         _mm256_add_pd(c, _mm256_mul_pd(vv, eb)));
}

#define TI_AVX2_KERNEL(name, corners_at)                                                   \
    unsigned name(const ccd_ti_query *q, double t0, double t1, double u0, double u1,       \
                  double v0, double v1)                                                    \
    {                                                                                      \
        const __m256d tt0 = _mm256_set1_pd(t0), tt1 = _mm256_set1_pd(t1);                  \
        const __m256d uu = _mm256_setr_pd(u0, u0, u1, u1);                                 \
        const __m256d vv = _mm256_setr_pd(v0, v1, v0, v1);                                 \
        int inside = 1;                                                                    \
        for (int axis = 0; axis < 3; ++axis) {                                             \
            const __m256d x0 = _mm256_load_pd(q->x0[axis]);                                \
            const __m256d dx = _mm256_load_pd(q->dx[axis]);                                \
            const __m256d f0 = corners_at(x0, dx, tt0, uu, vv);                            \
            const __m256d f1 = corners_at(x0, dx, tt1, uu, vv);                            \
            const int below = below_mask(f0, f1, _mm256_set1_pd(q->bound[axis]));          \
            const int above = above_mask(f0, f1, _mm256_set1_pd(-q->bound[axis]));         \
            if (!below || !above)                                                          \
                return 0;                                                                  \
            inside &= (below & above) == 0xFF;                                             \
        }                                                                                  \
        return CCD_TI_HIT | (inside ? CCD_TI_INSIDE : 0u);                                 \
    }

TI_AVX2_KERNEL(ccd_ti_corners_vf_avx2, vf_at)
TI_AVX2_KERNEL(ccd_ti_corners_ee_avx2, ee_at)
