/* SPDX-License-Identifier: MIT */
/*
 * Floating-point filters of the inclusion test: a bound ε on |computed − exact| for
 * every corner value F(t,u,v) on one axis.
 *
 * CCD_FILTER_LINEAR (default) is derived from the operation sequence of the kernels
 * (full derivation: tight_inclusion_filter.md).  In short, with u = 2^-53, η = 2^-1075
 * (largest underflow error of a product), M = max |x| over the 8 input points on the
 * axis, and t, u, v doubles in [0, 1]:
 *
 *   VF  dx = x1 − x0;  X = x0 + t·dx  (p, a, b, c);  Q = P − A;  E1 = B − A;  E2 = C − A;
 *       F = (Q − u·E1) − v·E2
 *   EE  dx = x1 − x0;  X = x0 + t·dx  (a, b, c, d);  EA = B − A;  EB = D − C;
 *       F = (A + u·EA) − (C + v·EB)
 *
 * Each rounding obeys fl(x ∘ y) = (x ∘ y)(1 + θ) + η', |θ| ≤ u, |η'| ≤ η (η' = 0 for
 * ±).  If x̂, ŷ carry errors e_x, e_y and the exact result z satisfies |z| ≤ m·M, then
 *   fl(x̂ ± ŷ):  e_z ≤ (e_x + e_y)(1 + u) + u·m·M
 *   fl(s · x̂), s ∈ [0,1] exact:  e_z ≤ e_x(1 + u) + u·m·M + η.
 * The magnitudes m are 2 (dx, t·dx), 1 (X: a convex combination of x0, x1), 2 (Q, E1,
 * E2, EA, EB and their products with u, v; Q − u·E1 = p − ((1−u)a + u b)), 1 (A + u·EA)
 * and 4 (VF F: |p| + |1−u−v| + u + v ≤ 4 on [0,1]², since the root box has the corner
 * u = v = 1) or 2 (EE F).  Propagating exactly (rational arithmetic) gives
 *   VF: ε ≤ (46 + 1.8e-14)·u·M + 8.000001·η,   EE: ε ≤ (42 + 1.8e-14)·u·M + 8.000001·η.
 * We evaluate ε = fl(C·M) + F0 with C = (46 + 2^-30)·u (VF), (42 + 2^-30)·u (EE) and
 * F0 = 16·2^-1074: fl(fl(C·M) + F0) ≥ (C·M(1−u) − η + F0)(1 − u), which dominates the
 * bound above (2^-30 absorbs the two roundings of ε itself, F0 − η ≥ 31η ≥ 8η/(1−u)).
 * The bound scales exactly with powers of two, as floating point does.
 *
 * CCD_FILTER_PAPER is eq. (5) / eq. (8) of Wang et al. 2021: C·max(M, 1)^3.  For this operation
 * sequence it is rigorous (C ≥ 56u > 46u) but cubic in M, hence useless at large scales.
 * CCD_FILTER_CLAMPED is the public implementation's C·min(M, 1)^3: too small both
 * below 1 (cubic) and above 1 (constant), so not rigorous; kept for comparison.
 */
#include <config.h>

#include "methods/tight_inclusion.h"

#include <math.h>

/* Linear filter constants (u = 2^-53); see the derivation above. */
#define TI_LINEAR_VF ((46.0 + 0x1p-30) * 0x1p-53)
#define TI_LINEAR_EE ((42.0 + 0x1p-30) * 0x1p-53)
#define TI_LINEAR_FLOOR (16.0 * 0x1p-1074)

/* Wang et al. 2021 eq. (5) (d = 0) and eq. (8) (d > 0). */
#define TI_PAPER_VF 6.661338147750939e-15
#define TI_PAPER_EE 6.217248937900877e-15
#define TI_PAPER_VF_MS 7.549516567451064e-15
#define TI_PAPER_EE_MS 7.105427357601002e-15

double ccd_ti_filter_eps(int filter, ccd_kind kind, int with_ms, double max_abs)
{
    if (filter == CCD_FILTER_PAPER || filter == CCD_FILTER_CLAMPED) {
        double c = kind == CCD_VF ? (with_ms ? TI_PAPER_VF_MS : TI_PAPER_VF)
                                  : (with_ms ? TI_PAPER_EE_MS : TI_PAPER_EE);
        double g = filter == CCD_FILTER_PAPER ? fmax(max_abs, 1.0) : fmin(max_abs, 1.0);
        return c * g * g * g;
    }
    double c = kind == CCD_VF ? TI_LINEAR_VF : TI_LINEAR_EE;
    return c * max_abs + TI_LINEAR_FLOOR;
}

void ccd_ti_scene_filter(double eps[3], int filter, int with_ms, const double max_abs[3])
{
    for (int a = 0; a < 3; ++a)
        eps[a] = fmax(ccd_ti_filter_eps(filter, CCD_VF, with_ms, max_abs[a]),
                      ccd_ti_filter_eps(filter, CCD_EE, with_ms, max_abs[a]));
}

/* fl(eps + d) is one of the two doubles around the exact sum (round to nearest), so its
 * successor is ≥ eps + d; sums in the subnormal range are exact. */
double ccd_ti_bound_with_separation(double eps, double d)
{
    if (d <= 0.0)
        return eps;
    return nextafter(eps + d, INFINITY);
}

/* d > eps: fl(d − eps) is one of the two doubles around the exact difference d − eps > 0,
 * so its predecessor is ≤ d − eps (and ≥ 0: the difference of two doubles is never
 * rounded to a negative value when positive).  |f̂| ≤ P then gives
 * |f| ≤ |f̂| + eps ≤ P + eps ≤ d. */
double ccd_ti_proof_bound(double eps, double d)
{
    if (!(d > eps))
        return -1.0;
    return nextafter(d - eps, -INFINITY);
}
