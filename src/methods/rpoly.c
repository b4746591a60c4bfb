/* SPDX-License-Identifier: MIT */
/*
 * RPOLY, the Jenkins–Traub three-stage algorithm for real polynomials (Jenkins and
 * Traub 1970; Jenkins 1975, ACM TOMS Algorithm 493), in the form of the published
 * algorithm, with its constants, so that MSRF sees the same real/complex split of
 * its roots as the code it reproduces (see msrf.c).
 *
 * Notation (Jenkins and Traub 1970): P is the (deflated) polynomial, K the
 * "H polynomial" of degree n-1 that converges to P / (linear or quadratic factor),
 * σ(z) = z^2 + u z + v the current quadratic shift.  Dividing P and K by σ,
 *     P = Q_P σ + b (z + u) + a,        K = Q_K σ + d (z + u) + c,
 * gives the scalars from which the next K and the next (u, v) are formed:
 *   stage 1: K_0 = P'/n and five shift-free steps K ← (K - K(0)/P(0) P) / z;
 *   stage 2: a fixed shift s of modulus β (a lower bound of the zeros' moduli,
 *            from Cauchy's polynomial |p_0| z^n + … - |p_n|), rotated by 94° after
 *            each failure, for up to 20 trials of 20, 40, … steps, until either
 *            the real sequence s_j = s - P(s)/K(s) or the quadratic sequence
 *            (u_j, v_j) settles;
 *   stage 3: variable-shift iteration (real: Newton-like on K; quadratic: on σ),
 *            stopped when |P| is within 20 times a rigorous bound on its rounding
 *            error.
 * Each zero or pair found deflates P (the quotient of the last division).
 */
#include <config.h>

#include "methods/rpoly.h"

#include "core/assert.h"

#include <math.h>

enum { N = CCD_RPOLY_MAX_DEGREE + 1 };

/* The machine constants of the published algorithm (base 2, single-precision range
 * for the scaling thresholds), kept as published so that scaling decisions agree. */
static const double ETA = 2.22e-16, INFIN = 3.4e38, SMALNO = 1.2e-38, BASE = 2.0;
static const double ARE = 2.22e-16, MRE = 2.22e-16; /* add./mult. rounding errors */

typedef struct rpoly_state {
    double p[N], qp[N], k[N], qk[N], svk[N];
    double sr, si, u, v, a, b, c, d, a1, a3, a7, e, f, g, h;
    double szr, szi, lzr, lzi; /* the smaller and the larger zero found */
    int n;                     /* degree of the current (deflated) P */
} rpoly_state;

/* Zeros of a z^2 + b1 z + c: the larger by the overflow-safe quadratic formula,
 * the smaller from the product c/a; a complex pair when the discriminant is < 0. */
static void quadratic_zeros(double *sr, double *si, double *lr, double *li, double a, double b1,
                            double c)
{
    if (a == 0.0) {
        *sr = b1 != 0.0 ? -c / b1 : 0.0;
        *lr = *si = *li = 0.0;
        return;
    }
    if (c == 0.0) {
        *sr = 0.0;
        *lr = -b1 / a;
        *si = *li = 0.0;
        return;
    }
    /* discriminant (b/2)^2 - a c, scaled by |c| or by (b/2)^2 */
    double b = b1 / 2.0, e, d;
    if (fabs(b) < fabs(c)) {
        e = b * (b / fabs(c)) - (c < 0.0 ? -a : a);
        d = sqrt(fabs(e)) * sqrt(fabs(c));
    } else {
        e = 1.0 - (a / b) * (c / b);
        d = sqrt(fabs(e)) * fabs(b);
    }
    if (e < 0.0) { /* complex conjugate pair */
        *sr = *lr = -b / a;
        *si = fabs(d / a);
        *li = -*si;
        return;
    }
    if (b >= 0.0) /* real: pick the sign that avoids cancellation */
        d = -d;
    *lr = (-b + d) / a;
    *sr = *lr != 0.0 ? (c / *lr) / a : 0.0;
    *si = *li = 0.0;
}

/* q = quotient of p[0..nn] by z^2 + u z + v, remainder b (z + u) + a. */
static void divide_quadratic(double *q, double *a, double *b, const double *p, int nn, double u,
                             double v)
{
    *b = q[0] = p[0];
    *a = q[1] = p[1] - *b * u;
    for (int i = 2; i <= nn; i++) {
        double c = p[i] - *a * u - *b * v;
        q[i] = c;
        *b = *a;
        *a = c;
    }
}

/* Divide K by σ and classify: 3 when σ almost divides K, else 1 (formulas divided
 * by c) or 2 (divided by d) to avoid overflow; sets the scalars a1, a3, a7, e…h. */
static int scalars(rpoly_state *s)
{
    int n = s->n;
    divide_quadratic(s->qk, &s->c, &s->d, s->k, n - 1, s->u, s->v);
    if (fabs(s->c) <= fabs(s->k[n - 1] * 100.0 * ETA) &&
        fabs(s->d) <= fabs(s->k[n - 2] * 100.0 * ETA))
        return 3;
    if (fabs(s->d) < fabs(s->c)) {
        s->e = s->a / s->c;
        s->f = s->d / s->c;
        s->g = s->u * s->e;
        s->h = s->v * s->b;
        s->a3 = s->a * s->e + (s->h / s->c + s->g) * s->b;
        s->a1 = s->b - s->a * (s->d / s->c);
        s->a7 = s->a + s->g * s->d + s->h * s->f;
        return 1;
    }
    s->e = s->a / s->d;
    s->f = s->c / s->d;
    s->g = s->u * s->b;
    s->h = s->v * s->b;
    s->a3 = (s->a + s->g) * s->e + s->h * (s->b / s->d);
    s->a1 = s->b * s->f - s->a;
    s->a7 = (s->f + s->u) * s->a + s->h;
    return 2;
}

/* The next K polynomial from the scalars of scalars(). */
static void next_k(rpoly_state *s, int type)
{
    int n = s->n;
    if (type == 3) { /* K ← z^2 Q_K: σ is (almost) a factor */
        s->k[0] = s->k[1] = 0.0;
        for (int i = 2; i < n; i++)
            s->k[i] = s->qk[i - 2];
        return;
    }
    double ref = type == 1 ? s->b : s->a;
    if (fabs(s->a1) <= fabs(ref) * ETA * 10.0) { /* a1 ≈ 0: unscaled recurrence */
        s->k[0] = 0.0;
        s->k[1] = -s->a7 * s->qp[0];
        for (int i = 2; i < n; i++)
            s->k[i] = s->a3 * s->qk[i - 2] - s->a7 * s->qp[i - 1];
        return;
    }
    s->a7 /= s->a1;
    s->a3 /= s->a1;
    s->k[0] = s->qp[0];
    s->k[1] = s->qp[1] - s->a7 * s->qp[0];
    for (int i = 2; i < n; i++)
        s->k[i] = s->a3 * s->qk[i - 2] - s->a7 * s->qp[i - 1] + s->qp[i];
}

/* New estimate (uu, vv) of the quadratic factor; (0, 0) when it cannot be formed. */
static void new_estimate(double *uu, double *vv, const rpoly_state *s, int type)
{
    int n = s->n;
    *uu = *vv = 0.0;
    if (type == 3)
        return;
    double a4, a5;
    if (type == 2) {
        a4 = (s->a + s->g) * s->f + s->h;
        a5 = (s->f + s->u) * s->c + s->v * s->d;
    } else {
        a4 = s->a + s->u * s->b + s->h * s->f;
        a5 = s->c + (s->u + s->v * s->f) * s->d;
    }
    double b1 = -s->k[n - 1] / s->p[n];
    double b2 = -(s->k[n - 2] + b1 * s->p[n - 1]) / s->p[n];
    double c1 = s->v * b2 * s->a1, c2 = b1 * s->a7, c3 = b1 * b1 * s->a3;
    double c4 = c1 - c2 - c3;
    double temp = a5 + b1 * a4 - c4;
    if (temp == 0.0)
        return;
    *uu = s->u - (s->u * (c3 + c2) + s->v * (b1 * s->a1 + b2 * s->a7)) / temp;
    *vv = s->v * (1.0 + c4 / temp);
}

/* Stage 3, quadratic: variable-shift iteration on σ = z^2 + u z + v from (uu, vv).
 * Returns 2 with the pair in (szr, szi), (lzr, lzi) when it converged, else 0. */
static int quadratic_iteration(rpoly_state *s, double uu, double vv)
{
    int n = s->n, tried = 0, j = 0;
    double relstp = 0.0, omp = 0.0;
    s->u = uu;
    s->v = vv;
    for (;;) {
        quadratic_zeros(&s->szr, &s->szi, &s->lzr, &s->lzi, 1.0, s->u, s->v);
        /* real zeros of clearly different moduli: σ is not converging to a pair */
        if (fabs(fabs(s->szr) - fabs(s->lzr)) > 0.01 * fabs(s->lzr))
            return 0;
        divide_quadratic(s->qp, &s->a, &s->b, s->p, n, s->u, s->v);
        double mp = fabs(s->a - s->szr * s->b) + fabs(s->szi * s->b);
        /* rigorous bound on the rounding error of evaluating P at the zero */
        double zm = sqrt(fabs(s->v)), ee = 2.0 * fabs(s->qp[0]), t = -s->szr * s->b;
        for (int i = 1; i < n; i++)
            ee = ee * zm + fabs(s->qp[i]);
        ee = ee * zm + fabs(s->a + t);
        ee *= 5.0 * MRE + 4.0 * ARE;
        ee = ee - (5.0 * MRE + 2.0 * ARE) * (fabs(s->a + t) + fabs(s->b) * zm) +
             2.0 * ARE * fabs(t);
        if (mp <= 20.0 * ee)
            return 2;
        if (++j > 20)
            return 0;
        if (j >= 2 && !(relstp > 0.01 || mp < omp || tried)) {
            /* a cluster stalls convergence: five fixed-shift steps near it */
            relstp = sqrt(relstp < ETA ? ETA : relstp);
            s->u = s->u - s->u * relstp;
            s->v = s->v + s->v * relstp;
            divide_quadratic(s->qp, &s->a, &s->b, s->p, n, s->u, s->v);
            for (int i = 0; i < 5; i++)
                next_k(s, scalars(s));
            tried = 1;
            j = 0;
        }
        omp = mp;
        next_k(s, scalars(s));
        double ui, vi;
        new_estimate(&ui, &vi, s, scalars(s));
        if (vi == 0.0)
            return 0;
        relstp = fabs((vi - s->v) / vi);
        s->u = ui;
        s->v = vi;
    }
}

/* Stage 3, real: variable-shift iteration s ← s - P(s)/K̃(s) from *start.  Returns 1
 * with the zero in szr when it converged; 0 otherwise, with *near_double set (and
 * *start the last iterate) when a cluster near the real axis stalls it. */
static int real_iteration(rpoly_state *s, double *start, int *near_double)
{
    int n = s->n, j = 0;
    double x = *start, t = 0.0, omp = 0.0;
    *near_double = 0;
    for (;;) {
        double pv = s->p[0];
        s->qp[0] = pv;
        for (int i = 1; i <= n; i++) {
            pv = pv * x + s->p[i];
            s->qp[i] = pv;
        }
        double mp = fabs(pv), ms = fabs(x);
        double ee = (MRE / (ARE + MRE)) * fabs(s->qp[0]);
        for (int i = 1; i <= n; i++)
            ee = ee * ms + fabs(s->qp[i]);
        if (mp <= 20.0 * ((ARE + MRE) * ee - MRE * mp)) {
            s->szr = x;
            s->szi = 0.0;
            return 1;
        }
        if (++j > 10)
            return 0;
        if (j >= 2 && !(fabs(t) > 0.001 * fabs(x - t) || mp < omp)) {
            *near_double = 1;
            *start = x;
            return 0;
        }
        omp = mp;
        /* next K: (K - K(x)/P(x) P) / (z - x), unscaled when K(x) ≈ 0 */
        double kv = s->k[0];
        s->qk[0] = kv;
        for (int i = 1; i < n; i++) {
            kv = kv * x + s->k[i];
            s->qk[i] = kv;
        }
        if (fabs(kv) <= fabs(s->k[n - 1]) * 10.0 * ETA) {
            s->k[0] = 0.0;
            for (int i = 1; i < n; i++)
                s->k[i] = s->qk[i - 1];
        } else {
            double r = -pv / kv;
            s->k[0] = s->qp[0];
            for (int i = 1; i < n; i++)
                s->k[i] = r * s->qk[i - 1] + s->qp[i];
        }
        kv = s->k[0];
        for (int i = 1; i < n; i++)
            kv = kv * x + s->k[i];
        t = fabs(kv) > fabs(s->k[n - 1] * 10.0 * ETA) ? -pv / kv : 0.0;
        x += t;
    }
}

/* Stage 2: up to l2 fixed-shift steps with σ = (z - s)(z - s̄), watching the real
 * sequence ss and the quadratic sequence vv; when one settles, stage 3 is tried
 * (real and quadratic in the order of their convergence, each at most once per
 * settling).  Returns the number of zeros found (0, 1 or 2). */
static int fixed_shift(rpoly_state *s, int l2)
{
    int n = s->n, type;
    double betav = 0.25, betas = 0.25;
    double oss = s->sr, ovv = s->v, otv = 0.0, ots = 0.0;
    divide_quadratic(s->qp, &s->a, &s->b, s->p, n, s->u, s->v);
    type = scalars(s);
    for (int j = 0; j < l2; j++) {
        double ui, vi;
        next_k(s, type);
        type = scalars(s);
        new_estimate(&ui, &vi, s, type);
        double vv = vi, ss = s->k[n - 1] != 0.0 ? -s->p[n] / s->k[n - 1] : 0.0;
        double tv = 1.0, ts = 1.0;
        if (j != 0 && type != 3) {
            /* relative changes; when decreasing, the product of the last two */
            if (vv != 0.0)
                tv = fabs((vv - ovv) / vv);
            if (ss != 0.0)
                ts = fabs((ss - oss) / ss);
            double tvv = tv < otv ? tv * otv : 1.0;
            double tss = ts < ots ? ts * ots : 1.0;
            int vpass = tvv < betav, spass = tss < betas;
            if (spass || vpass) {
                double svu = s->u, svv = s->v, x = ss;
                for (int i = 0; i < n; i++)
                    s->svk[i] = s->k[i];
                int vtry = 0, stry = 0, quadratic = !((spass && !vpass) || tss < tvv);
                for (;;) {
                    if (quadratic) {
                        int nz = quadratic_iteration(s, ui, vi);
                        if (nz > 0)
                            return nz;
                        vtry = 1;
                        betav *= 0.25;
                        if (!stry && spass) {
                            for (int i = 0; i < n; i++)
                                s->k[i] = s->svk[i];
                            quadratic = 0;
                            continue;
                        }
                    } else {
                        int near_double;
                        if (real_iteration(s, &x, &near_double))
                            return 1;
                        stry = 1;
                        betas *= 0.25;
                        if (near_double) { /* almost a double real zero: try σ = (z - x)^2 */
                            ui = -(x + x);
                            vi = x * x;
                            quadratic = 1;
                            continue;
                        }
                    }
                    /* restore, and try the quadratic iteration if not yet tried */
                    s->u = svu;
                    s->v = svv;
                    for (int i = 0; i < n; i++)
                        s->k[i] = s->svk[i];
                    if (vpass && !vtry) {
                        quadratic = 1;
                        continue;
                    }
                    break;
                }
                divide_quadratic(s->qp, &s->a, &s->b, s->p, n, s->u, s->v);
                type = scalars(s);
            }
        }
        ovv = vv;
        oss = ss;
        otv = tv;
        ots = ts;
    }
    return 0;
}

/* Cauchy lower bound β of the moduli of the zeros: the positive zero of
 * |p_0| z^n + … + |p_{n-1}| z - |p_n|, to two decimals by Newton from above. */
static double modulus_lower_bound(const double *p, int n)
{
    double pt[N];
    for (int i = 0; i <= n; i++)
        pt[i] = fabs(p[i]);
    pt[n] = -pt[n];
    double x = exp((log(-pt[n]) - log(pt[0])) / (double)n);
    if (pt[n - 1] != 0.0) { /* the Newton step at the origin, if smaller */
        double xm = -pt[n] / pt[n - 1];
        if (xm < x)
            x = xm;
    }
    for (;;) { /* chop (0, x) by tenths until the polynomial is ≤ 0 */
        double xm = x * 0.1, ff = pt[0];
        for (int i = 1; i <= n; i++)
            ff = ff * xm + pt[i];
        if (ff <= 0.0)
            break;
        x = xm;
    }
    double dx = x;
    while (fabs(dx / x) > 0.005) {
        double ff = pt[0], df = ff;
        for (int i = 1; i < n; i++) {
            ff = ff * x + pt[i];
            df = df * x + ff;
        }
        ff = ff * x + pt[n];
        dx = ff / df;
        x -= dx;
    }
    return x;
}

int ccd_rpoly(double *re, double *im, const double *coef, int degree)
{
    CCD_ASSERT(degree >= 1 && degree <= CCD_RPOLY_MAX_DEGREE);
    if (coef[0] == 0.0)
        return -1;
    rpoly_state s;
    int n = degree;
    while (coef[n] == 0.0) { /* zeros at the origin */
        re[degree - n] = im[degree - n] = 0.0;
        n--;
    }
    if (n < 1)
        return -1;
    for (int i = 0; i <= n; i++)
        s.p[i] = coef[i];

    /* shift rotation: start at 45° below the real axis, turn by 94° per trial */
    const double rot = 94.0 * 0.017453293, cosr = cos(rot), sinr = sin(rot);
    double xx = sqrt(0.5), yy = -xx;
    for (;;) {
        if (n == 1) {
            re[degree - 1] = -s.p[1] / s.p[0];
            im[degree - 1] = 0.0;
            return degree;
        }
        if (n == 2) {
            quadratic_zeros(&re[degree - 2], &im[degree - 2], &re[degree - 1], &im[degree - 1],
                            s.p[0], s.p[1], s.p[2]);
            return degree;
        }
        /* scale by a power of the base when coefficients are tiny or huge */
        double max = 0.0, min = INFIN;
        for (int i = 0; i <= n; i++) {
            double x = fabs(s.p[i]);
            if (x > max)
                max = x;
            if (x != 0.0 && x < min)
                min = x;
        }
        double sc = (SMALNO / ETA) / min;
        int scale = !(sc > 1.0 && INFIN / sc < max) && !(sc <= 1.0 && max < 10.0);
        if (scale) {
            if (sc == 0.0)
                sc = SMALNO;
            int l = (int)(log(sc) / log(BASE) + 0.5);
            double factor = pow(BASE, l);
            if (factor != 1.0)
                for (int i = 0; i <= n; i++)
                    s.p[i] = factor * s.p[i];
        }
        double bnd = modulus_lower_bound(s.p, n);

        /* stage 1: K = P'/n, then five shift-free steps */
        s.n = n;
        for (int i = 1; i < n; i++)
            s.k[i] = (double)(n - i) * s.p[i] / (double)n;
        s.k[0] = s.p[0];
        double aa = s.p[n], bb = s.p[n - 1];
        int zerok = s.k[n - 1] == 0;
        for (int jj = 0; jj < 5; jj++) {
            double cc = s.k[n - 1];
            if (!zerok) {
                double t = -aa / cc;
                for (int i = 0; i < n - 1; i++) {
                    int j = n - i - 1;
                    s.k[j] = t * s.k[j - 1] + s.p[j];
                }
                s.k[0] = s.p[0];
                zerok = fabs(s.k[n - 1]) <= fabs(bb) * ETA * 10.0;
            } else {
                for (int i = 0; i < n - 1; i++) {
                    int j = n - i - 1;
                    s.k[j] = s.k[j - 1];
                }
                s.k[0] = 0.0;
                zerok = s.k[n - 1] == 0.0;
            }
        }
        double saved_k[N];
        for (int i = 0; i < n; i++)
            saved_k[i] = s.k[i];

        /* stage 2 (and 3) with up to 20 shifts */
        int nz = 0;
        for (int cnt = 0; cnt < 20 && nz == 0; cnt++) {
            double xxx = cosr * xx - sinr * yy;
            yy = sinr * xx + cosr * yy;
            xx = xxx;
            s.sr = bnd * xx;
            s.si = bnd * yy;
            s.u = -2.0 * s.sr;
            s.v = bnd;
            nz = fixed_shift(&s, 20 * (cnt + 1));
            if (nz == 0)
                for (int i = 0; i < n; i++)
                    s.k[i] = saved_k[i];
        }
        if (nz == 0)
            return degree - n; /* no convergence */
        /* store the zero(s) and deflate */
        int j = degree - n;
        re[j] = s.szr;
        im[j] = s.szi;
        if (nz != 1) {
            re[j + 1] = s.lzr;
            im[j + 1] = s.lzi;
        }
        n -= nz;
        for (int i = 0; i <= n; i++)
            s.p[i] = s.qp[i];
    }
}
