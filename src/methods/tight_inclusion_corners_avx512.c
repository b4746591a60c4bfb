/* SPDX-License-Identifier: MIT */
/*
 * The inclusion test of one box with AVX-512: the 8 corners of one axis in one 8-lane
 * vector (lanes 0–3 at t0, 4–7 at t1; (u,v) = (u0,v0), (u0,v1), (u1,v0), (u1,v1)).
 * Same operations in the same order as tight_inclusion_corners.c, compiled with
 * -ffp-contract=off, so every corner value is bit-identical to the scalar twin.
 */
#include <config.h>

#include "methods/tight_inclusion.h"

#include <immintrin.h>

/* Both times at once: lanes 0–3 are the four points at t0, lanes 4–7 at t1. */
static inline __m512d points_at(const double x0[4], const double dx[4], __m512d tt)
{
    const __m512d x = _mm512_broadcast_f64x4(_mm256_load_pd(x0));
    const __m512d d = _mm512_broadcast_f64x4(_mm256_load_pd(dx));
    return _mm512_add_pd(x, _mm512_mul_pd(tt, d));
}

/* Lane k of the result is lane (k < 4 ? i : i + 4) of v. */
static inline __m512d spread(__m512d v, long long i)
{
    return _mm512_permutexvar_pd(_mm512_setr_epi64(i, i, i, i, i + 4, i + 4, i + 4, i + 4), v);
}

/* VF: F = ((P − A) − u·(B − A)) − v·(C − A). */
static inline __m512d vf_corners(__m512d x, __m512d uu, __m512d vv)
{
    const __m512d d = _mm512_sub_pd(x, spread(x, 1)); /* P−A, 0, B−A, C−A per time */
    return _mm512_sub_pd(_mm512_sub_pd(spread(d, 0), _mm512_mul_pd(uu, spread(d, 2))),
                         _mm512_mul_pd(vv, spread(d, 3)));
}

/* EE: F = (A + u·(B − A)) − (C + v·(D − C)). */
static inline __m512d ee_corners(__m512d x, __m512d uu, __m512d vv)
{
    const __m512d d = _mm512_sub_pd(_mm512_permute_pd(x, 0x55), x); /* B−A, ., D−C, . */
    return _mm512_sub_pd(_mm512_add_pd(spread(x, 0), _mm512_mul_pd(uu, spread(d, 0))),
                         _mm512_add_pd(spread(x, 2), _mm512_mul_pd(vv, spread(d, 2))));
}

#define TI_AVX512_KERNEL(name, corners)                                                    \
    unsigned name(const ccd_ti_query *q, double t0, double t1, double u0, double u1,       \
                  double v0, double v1)                                                    \
    {                                                                                      \
        const __m512d tt = _mm512_setr_pd(t0, t0, t0, t0, t1, t1, t1, t1);                 \
        const __m512d uu = _mm512_setr_pd(u0, u0, u1, u1, u0, u0, u1, u1);                 \
        const __m512d vv = _mm512_setr_pd(v0, v1, v0, v1, v0, v1, v0, v1);                 \
        int inside = 1;                                                                    \
        for (int axis = 0; axis < 3; ++axis) {                                             \
            const __m512d f = corners(points_at(q->x0[axis], q->dx[axis], tt), uu, vv);    \
            const __mmask8 below =                                                         \
                _mm512_cmp_pd_mask(f, _mm512_set1_pd(q->bound[axis]), _CMP_LE_OQ);         \
            const __mmask8 above =                                                         \
                _mm512_cmp_pd_mask(f, _mm512_set1_pd(-q->bound[axis]), _CMP_GE_OQ);        \
            if (!below || !above)                                                          \
                return 0;                                                                  \
            inside &= (below & above) == 0xFF;                                             \
        }                                                                                  \
        return CCD_TI_HIT | (inside ? CCD_TI_INSIDE : 0u);                                 \
    }

TI_AVX512_KERNEL(ccd_ti_corners_vf_avx512, vf_corners)
TI_AVX512_KERNEL(ccd_ti_corners_ee_avx512, ee_corners)
