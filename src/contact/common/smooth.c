/* SPDX-License-Identifier: MIT */
/* Smooth operators of Beker et al. (Sec. III), overflow-safe; see smooth.h. */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "contact/common/smooth.h"

/* exp() only ever sees a non-positive argument, so nothing overflows. */
double ccd_sigmoid(double x)
{
    if (x >= 0)
        return 1.0 / (1.0 + exp(-x));
    double e = exp(x);
    return e / (1.0 + e);
}

double ccd_sigmoid_grad(double x)
{
    double e = exp(-fabs(x)); /* σ'(x) = e^-|x| / (1 + e^-|x|)², symmetric */
    return e / ((1.0 + e) * (1.0 + e));
}

double ccd_soft_greater(double x, double a, double tau)
{
    if (tau == 0)
        return x >= a ? 1.0 : 0.0;
    return ccd_sigmoid((x - a) / tau);
}

double ccd_soft_greater_grad(double x, double a, double tau)
{
    if (tau == 0)
        return 0.0;
    return ccd_sigmoid_grad((x - a) / tau) / tau;
}

double ccd_soft_sign(double x, double tau)
{
    if (tau == 0)
        return (x > 0) - (x < 0);
    return tanh(x / tau);
}

double ccd_soft_sign_grad(double x, double tau)
{
    if (tau == 0)
        return 0.0;
    /* 1 - tanh²(y) = 4 σ'(2y) keeps full relative accuracy in the tails */
    return 4.0 * ccd_sigmoid_grad(2.0 * x / tau) / tau;
}

double ccd_softplus(double x, double tau)
{
    if (tau == 0)
        return x > 0 ? x : 0.0;
    /* τ log(1 + e^(x/τ)) = max(x, 0) + τ log1p(e^(-|x|/τ)): x/τ only inside exp(-…) */
    return (x > 0 ? x : 0.0) + tau * log1p(exp(-fabs(x) / tau));
}

double ccd_softplus_grad(double x, double tau)
{
    if (tau == 0)
        return x > 0 ? 1.0 : 0.0;
    return ccd_sigmoid(x / tau);
}

double ccd_soft_clip(double x, double lo, double hi, double tau)
{
    return lo + ccd_softplus(x - lo, tau) - ccd_softplus(x - hi, tau);
}

double ccd_soft_clip_grad(double x, double lo, double hi, double tau)
{
    return ccd_softplus_grad(x - lo, tau) - ccd_softplus_grad(x - hi, tau);
}

double ccd_logsumexp(double *grad, const double *x, size_t n, double tau)
{
    size_t imax = 0;
    for (size_t i = 1; i < n; i++)
        if (x[i] > x[imax])
            imax = i;
    double m = x[imax];
    if (tau == 0) {
        if (grad)
            for (size_t i = 0; i < n; i++)
                grad[i] = i == imax ? 1.0 : 0.0;
        return m;
    }
    /* shift by the maximum: every exponent is ≤ 0 and one term is exactly 1 */
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += exp((x[i] - m) / tau);
    if (grad)
        for (size_t i = 0; i < n; i++)
            grad[i] = exp((x[i] - m) / tau) / sum;
    return m + tau * log(sum);
}

void ccd_soft_argmin(double *w, double *jac, const double *x, size_t n, double tau)
{
    size_t imin = 0;
    for (size_t i = 1; i < n; i++)
        if (x[i] < x[imin])
            imin = i;
    if (tau == 0) {
        for (size_t i = 0; i < n; i++)
            w[i] = i == imin ? 1.0 : 0.0;
    } else {
        double sum = 0;
        for (size_t i = 0; i < n; i++)
            sum += (w[i] = exp(-(x[i] - x[imin]) / tau));
        for (size_t i = 0; i < n; i++)
            w[i] /= sum;
    }
    if (jac)
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < n; j++)
                jac[i * n + j] =
                    tau == 0 ? 0.0 : -(w[i] * ((i == j) - w[j])) / tau;
}

size_t ccd_soft_topk_work_size(size_t n)
{
    return n * sizeof(size_t);
}

void ccd_soft_topk(double *gamma, double *jac, const double *x, size_t n, size_t k,
                   double tau, void *work)
{
    size_t *order = work;
    /* insertion sort of the indices, decreasing x, stable (lower index first on ties) */
    for (size_t i = 0; i < n; i++) {
        size_t j = i;
        while (j > 0 && x[order[j - 1]] < x[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    for (size_t r = 0; r < k; r++) {
        double *row = gamma + r * n;
        size_t p = order[r];
        double sk = x[p];
        if (tau == 0) {
            for (size_t i = 0; i < n; i++)
                row[i] = i == p ? 1.0 : 0.0;
        } else {
            /* softmax of -|s_k - x_i|/τ; its largest entry (i = p) has exponent 0 */
            double sum = 0;
            for (size_t i = 0; i < n; i++)
                sum += (row[i] = exp(-fabs(sk - x[i]) / tau));
            for (size_t i = 0; i < n; i++)
                row[i] /= sum;
        }
        if (!jac)
            continue;
        double *J = jac + r * n * n;
        if (tau == 0) {
            for (size_t i = 0; i < n * n; i++)
                J[i] = 0.0;
            continue;
        }
        /* z_i = -|s_k - x_i|/τ; ∂z_i/∂x_j = -sgn(s_k - x_i) (δ_pj - δ_ij)/τ;
         * ∂row_i/∂x_j = row_i (∂z_i/∂x_j - Σ_m row_m ∂z_m/∂x_j) */
        for (size_t j = 0; j < n; j++) {
            double mean = 0;
            for (size_t m = 0; m < n; m++) {
                double sg = (sk > x[m]) - (sk < x[m]);
                double dz = -sg * ((double)(p == j) - (double)(m == j)) / tau;
                mean += row[m] * dz;
            }
            for (size_t i = 0; i < n; i++) {
                double sg = (sk > x[i]) - (sk < x[i]);
                double dz = -sg * ((double)(p == j) - (double)(i == j)) / tau;
                J[i * n + j] = row[i] * (dz - mean);
            }
        }
    }
}
