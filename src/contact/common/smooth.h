/* SPDX-License-Identifier: MIT */
/*
 * Smooth operators of Beker et al. (Sec. III and supplement III-A),
 * overflow-safe for every finite input, each with its derivative.
 *
 * τ > 0 is the smoothing (smaller: closer to the hard operator).  τ = 0 gives the
 * hard operator exactly (step, sign, relu, clip, max, one-hot argmin/top-K), with
 * the derivative of the hard operator where it exists (0 at the kinks).
 */
#ifndef CCD_CONTACT_SMOOTH_H
#define CCD_CONTACT_SMOOTH_H
#include <stddef.h>

/* σ(x) = 1 / (1 + e^-x) and σ'(x) = σ(x) (1 - σ(x)). */
double ccd_sigmoid(double x);
double ccd_sigmoid_grad(double x);

/* Soft comparison ⟦x > a⟧ ≈ σ((x - a)/τ); τ = 0: 1 if x ≥ a, else 0.
 * Derivative with respect to x. */
double ccd_soft_greater(double x, double a, double tau);
double ccd_soft_greater_grad(double x, double a, double tau);

/* Soft sign tanh(x/τ) (= 2σ(2x/τ) - 1; the paper's "σ(2x) - 1" is a typo);
 * τ = 0: sign(x). */
double ccd_soft_sign(double x, double tau);
double ccd_soft_sign_grad(double x, double tau);

/* Softplus τ log(1 + e^(x/τ)) ≥ relu(x), exceeding it by at most τ log 2;
 * τ = 0: relu(x).  Its derivative is σ(x/τ). */
double ccd_softplus(double x, double tau);
double ccd_softplus_grad(double x, double tau);

/* Soft clip lo + s₊(x - lo) - s₊(x - hi) (lo < hi): strictly increasing in
 * (lo, hi) for τ > 0; τ = 0: clip(x, lo, hi). */
double ccd_soft_clip(double x, double lo, double hi, double tau);
double ccd_soft_clip_grad(double x, double lo, double hi, double tau);

/* Log-sum-exp τ log Σ e^(x_i/τ) ∈ [max x, max x + τ log n] (a soft max);
 * grad (may be NULL) receives its gradient, softmax(x/τ).  τ = 0: max, and the
 * one-hot of the first maximum. n ≥ 1. */
double ccd_logsumexp(double *grad, const double *x, size_t n, double tau);

/* Soft argmin: w = softmax(-x/τ) (sums to 1); τ = 0: one-hot of the first
 * minimum.  jac (n×n, row-major, may be NULL): jac[i*n+j] = ∂w_i/∂x_j
 * = -(w_i δ_ij - w_i w_j)/τ (0 when τ = 0). */
void ccd_soft_argmin(double *w, double *jac, const double *x, size_t n, double tau);

/*
 * Soft top-K by SoftSort (Prillo & Eisenschlos 2020): with s = x sorted in
 * decreasing order, row k of gamma (k < K, K×n, row-major) is
 * softmax_i(-|s_k - x_i| / τ), so gamma[k] ≈ the one-hot of the k-th largest
 * entry and gamma·y selects the matching entries of any y.  Rows sum to 1.
 * τ = 0: the hard permutation rows (ties: the lower index first).
 * jac (K×n×n, may be NULL): jac[(k*n + i)*n + j] = ∂gamma_ki/∂x_j (the sort is
 * piecewise constant, so s_k = x_π(k) is differentiated as that entry).
 * work: n doubles + n size_t of scratch, i.e. ccd_soft_topk_work_size(n) bytes.
 */
size_t ccd_soft_topk_work_size(size_t n);
void ccd_soft_topk(double *gamma, double *jac, const double *x, size_t n, size_t k,
                   double tau, void *work);

#endif
