/* SPDX-License-Identifier: MIT */
/*
 * Floating-point filter of the L∞ minimum-separation truth (separation_pair_filter.h).
 *
 * Arithmetic.  Every quantity is a midpoint-radius pair (m, r) meaning "the exact
 * value lies in [m - r, m + r]", in binary64 with rounding to nearest (u = 2^-53,
 * smallest subnormal 2^-1074; C11 with FLT_EVAL_METHOD 0, no contraction):
 *   - product: m = fl(m_a m_b), and |m_a m_b - m| ≤ 2^-52 |m| + 2^-1074 (relative
 *     rounding, or absolute 2^-1075 below the normal range), so
 *       r = |m_a| r_b + r_a |m_b| + r_a r_b + 2^-52 |m| + 2^-1074;
 *   - sum: m = fl(m_a ± m_b), exact error ≤ 2^-52 |m| (sums do not underflow), so
 *       r = r_a + r_b + 2^-52 |m|.
 * The radius formula itself is evaluated in floating point: at most 6 roundings
 * (relative u each, absolute 2^-1075 each for the products), so the computed value
 * times (1 + 2^-45) = (1 + 256 u), plus 2^-1069, is an upper bound for it (the
 * multiplication and the addition are two more roundings, still covered: (1 - u)^8
 * (1 + 256 u) > 1, and 2^-1069 > 8 · 2^-1075 + the rounding of the sum).
 * Sums of two or three products are fused (one radius for the whole sum):
 *   m = fl(fl(p_1 ± p_2) ± p_3), p_t = fl(m_x m_y), is within 3.02 u Σ|p_t| + 1.5 ·
 *   2^-1074 of Σ ±m_x m_y (each product and each of the two additions rounds once),
 *   and the exact sum of the (m_x + δ_x)(m_y + δ_y), |δ| ≤ r, is within
 *   Σ (|m_x| r_y + r_x (|m_y| + r_y)) of Σ m_x m_y; so
 *       r = Σ (|m_x| r_y + r_x (|m_y| + r_y)) + 2^-50 Σ |p_t|,
 * evaluated with at most 24 roundings: (1 - u)^26 (1 + 256 u) > 1, so the same
 * (1 + 2^-45) and 2^-1069 cover them.
 * A sign is certified when m > r (value > 0) or m < -r (value < 0), compared
 * exactly.  Overflow makes m or r infinite or NaN and the strict comparisons fail
 * (no claim); it cannot happen here anyway: every row is scaled to |coefficient| < 1.
 *
 * Inputs.  Row h's exact integer coefficients are scaled by 2^-E_h (E_h the largest
 * binary exponent among them) and rounded by mpz_get_d_2exp (truncation: relative
 * error < 2^-52) and ldexp (exact, or within 2^-1075 below the normal range); the
 * radius 2^-52 |x| + 2^-1073 covers both.  On a piece [s0, s1] (dyadic, exact in
 * binary64), mid = (s0 + s1)/2 and h = (s1 - s0)/2 exactly, and for every s of the
 * piece R_h(s) = p + s q lies within pr + (mid + h) qr + h |q~| of p~ + mid q~, whose
 * two roundings (t = fl(mid q~), m = fl(p~ + t)) err by ≤ 2^-51 (|t| + |m|) + 2^-1074:
 * the resulting (m, r) contains R_h(s) for every s of the piece, hence D, X, Y, G_k
 * built from them contain the exact values for every s.
 */
#include <config.h>

#include "exact/separation_pair_filter.h"

#include <limits.h>
#include <math.h>

typedef struct mr {
    double m, r;
} mr;

#define INFLATE (1 + 0x1p-45)
#define TINY 0x1p-1069

static inline mr mr_mul(mr a, mr b)
{
    mr z;
    z.m = a.m * b.m;
    z.r = (fabs(a.m) * b.r + a.r * fabs(b.m) + a.r * b.r + 0x1p-52 * fabs(z.m) + 0x1p-1074) *
              INFLATE +
          TINY;
    return z;
}

static inline mr mr_add(mr a, mr b)
{
    mr z;
    z.m = a.m + b.m;
    z.r = (a.r + b.r + 0x1p-52 * fabs(z.m)) * INFLATE + TINY;
    return z;
}

static inline mr mr_sub(mr a, mr b)
{
    mr z;
    z.m = a.m - b.m;
    z.r = (a.r + b.r + 0x1p-52 * fabs(z.m)) * INFLATE + TINY;
    return z;
}

/* a b - c d, fused */
static inline mr mr_det2(mr a, mr b, mr c, mr d)
{
    double p1 = a.m * b.m, p2 = c.m * d.m;
    mr z;
    z.m = p1 - p2;
    z.r = (fabs(a.m) * b.r + a.r * (fabs(b.m) + b.r) + fabs(c.m) * d.r + c.r * (fabs(d.m) + d.r) +
           0x1p-50 * (fabs(p1) + fabs(p2))) *
              INFLATE +
          TINY;
    return z;
}

/* a x + b y + c w, fused */
static inline mr mr_dot3(mr a, mr x, mr b, mr y, mr c, mr w)
{
    double p1 = a.m * x.m, p2 = b.m * y.m, p3 = c.m * w.m;
    mr z;
    z.m = p1 + p2 + p3;
    z.r = (fabs(a.m) * x.r + a.r * (fabs(x.m) + x.r) + fabs(b.m) * y.r + b.r * (fabs(y.m) + y.r) +
           fabs(c.m) * w.r + c.r * (fabs(w.m) + w.r) + 0x1p-50 * (fabs(p1) + fabs(p2) + fabs(p3))) *
              INFLATE +
          TINY;
    return z;
}

static inline int mr_sign(mr a)
{
    if (a.m > a.r)
        return 1;
    if (a.m < -a.r)
        return -1;
    return 0;
}

/* ------------------------------------------------------------------ rows */

static long coefficient_exponent(const ccd_poly *p, int i)
{
    if (p->deg < i || mpz_sgn(p->c[i]) == 0)
        return LONG_MIN;
    long e;
    (void)mpz_get_d_2exp(&e, p->c[i]);
    return e;
}

static void load_coefficient(double *x, double *r, const ccd_poly *p, int i, long E)
{
    if (p->deg < i || mpz_sgn(p->c[i]) == 0) {
        *x = *r = 0;
        return;
    }
    long e;
    double d = mpz_get_d_2exp(&e, p->c[i]); /* 1/2 ≤ |d| < 1, truncated */
    long sh = e - E;                         /* ≤ 0 */
    *x = sh < -1100 ? 0.0 : ldexp(d, (int)sh);
    *r = 0x1p-52 * fabs(*x) + 0x1p-1073;
}

void ccd_pair_rows_load(ccd_pair_rows *rows, const ccd_poly *al, const ccd_poly *be,
                        const ccd_poly *ga, int n)
{
    rows->n = n;
    for (int h = 0; h < n; h++) {
        const ccd_poly *c[3] = {&al[h], &be[h], &ga[h]};
        long E = LONG_MIN;
        for (int k = 0; k < 3; k++)
            for (int i = 0; i <= 1; i++) {
                long e = coefficient_exponent(c[k], i);
                if (e > E)
                    E = e;
            }
        for (int k = 0; k < 3; k++) {
            load_coefficient(&rows->p[h][k], &rows->pr[h][k], c[k], 0, E);
            load_coefficient(&rows->q[h][k], &rows->qr[h][k], c[k], 1, E);
        }
    }
}

int ccd_pair_d_nonzero(const ccd_pair_rows *rows, int i, int j)
{
    /* D(s) = (p_αi + s q_αi)(p_βj + s q_βj) - (p_αj + s q_αj)(p_βi + s q_βi) */
    mr pai = {rows->p[i][0], rows->pr[i][0]}, qai = {rows->q[i][0], rows->qr[i][0]};
    mr pbi = {rows->p[i][1], rows->pr[i][1]}, qbi = {rows->q[i][1], rows->qr[i][1]};
    mr paj = {rows->p[j][0], rows->pr[j][0]}, qaj = {rows->q[j][0], rows->qr[j][0]};
    mr pbj = {rows->p[j][1], rows->pr[j][1]}, qbj = {rows->q[j][1], rows->qr[j][1]};
    mr c0 = mr_sub(mr_mul(pai, pbj), mr_mul(paj, pbi));
    mr c1 = mr_sub(mr_add(mr_mul(pai, qbj), mr_mul(qai, pbj)),
                   mr_add(mr_mul(paj, qbi), mr_mul(qaj, pbi)));
    mr c2 = mr_sub(mr_mul(qai, qbj), mr_mul(qaj, qbi));
    return mr_sign(c0) != 0 || mr_sign(c1) != 0 || mr_sign(c2) != 0;
}

/* The rows over the piece [lo, hi] (units of 2^-CCD_PAIR_DEPTH; lo = hi: a point). */
static void rows_on_piece(mr R[CCD_PAIR_MAX_ROWS][3], const ccd_pair_rows *rows, uint64_t lo,
                          uint64_t hi)
{
    double mid = ldexp((double)(lo + hi), -(CCD_PAIR_DEPTH + 1));
    double h = ldexp((double)(hi - lo), -(CCD_PAIR_DEPTH + 1));
    double top = mid + h; /* exact: a dyadic ≤ 1 with ≤ 31 bits */
    for (int r = 0; r < rows->n; r++)
        for (int k = 0; k < 3; k++) {
            double q = rows->q[r][k], t = mid * q, m = rows->p[r][k] + t;
            R[r][k].m = m;
            R[r][k].r = (rows->pr[r][k] + top * rows->qr[r][k] + h * fabs(q) +
                         0x1p-51 * (fabs(t) + fabs(m))) *
                            INFLATE +
                        TINY;
        }
}

/* ------------------------------------------------------------------ pairs */

typedef struct pair_minors {
    mr D, X, Y;
} pair_minors;

static inline pair_minors minors(const mr R[][3], int i, int j)
{
    pair_minors v;
    v.D = mr_det2(R[i][0], R[j][1], R[j][0], R[i][1]);
    v.X = mr_det2(R[i][1], R[j][2], R[j][1], R[i][2]);
    v.Y = mr_det2(R[j][0], R[i][2], R[i][0], R[j][2]);
    return v;
}

static inline mr vertex_value(const mr R[][3], const pair_minors *v, int k)
{
    return mr_dot3(R[k][0], v->X, R[k][1], v->Y, R[k][2], v->D);
}

enum { PAIR_DEAD, PAIR_UNDECIDED, PAIR_FEASIBLE };

/* Classify pair (i, j) on the piece: dead (both patterns fail somewhere certainly),
 * certainly feasible (one holds with strict signs), or undecided.  *first_k: the
 * row to try first (the one that killed the pair last time), updated. */
static int classify(const mr R[][3], int n, int i, int j, unsigned char *first_k)
{
    pair_minors v = minors(R, i, j);
    int sd = mr_sign(v.D);
    int alive0 = sd >= 0, alive1 = sd <= 0, feasible0 = sd > 0, feasible1 = sd < 0;
    int k0 = *first_k;
    for (int t = -1; t < n; t++) {
        int k = t < 0 ? k0 : t;
        if (k == i || k == j || (t >= 0 && k == k0) || k >= n)
            continue;
        int sg = mr_sign(vertex_value(R, &v, k));
        if (sg < 0)
            alive0 = feasible0 = 0;
        else if (sg > 0)
            alive1 = feasible1 = 0;
        else
            feasible0 = feasible1 = 0;
        if (!alive0 && !alive1) {
            *first_k = (unsigned char)k;
            return PAIR_DEAD;
        }
    }
    return feasible0 || feasible1 ? PAIR_FEASIBLE : PAIR_UNDECIDED;
}

/* ------------------------------------------------------------------ sweep */

enum {
    /* pieces are not split below 2^-MAX_LEVEL of the window: leaves keep a
     * length divisible by 8 units for ccd_pair_signs */
    MAX_LEVEL = CCD_PAIR_DEPTH - 4,
    PIECE_BUDGET = 400,
    /* the descent stops on a piece whose end is certainly feasible for some pair,
     * once no level has removed a pair for STABLE_LEVELS levels, at MIN_STOP_LEVEL
     * or deeper: finer pieces would only pin the contact down more closely */
    STABLE_LEVELS = 1,
    MIN_STOP_LEVEL = 6
};

/* 1 when some pair of `mask` is certainly feasible at the point s = pos (a strict
 * sign for D and every G_k, on one side). */
static int point_feasible(const ccd_pair_rows *rows, const unsigned char pairs[][2], int npairs,
                          uint64_t mask, uint64_t pos, unsigned char *first_k)
{
    mr R[CCD_PAIR_MAX_ROWS][3];
    rows_on_piece(R, rows, pos, pos);
    for (int p = 0; p < npairs; p++) {
        if (!(mask >> p & 1))
            continue;
        if (classify((const mr(*)[3])R, rows->n, pairs[p][0], pairs[p][1], &first_k[p]) ==
            PAIR_FEASIBLE)
            return 1;
    }
    return 0;
}

void ccd_pair_sweep_run(ccd_pair_sweep *out, const ccd_pair_rows *rows,
                        const unsigned char pairs[][2], int npairs)
{
    const uint64_t full = (uint64_t)1 << CCD_PAIR_DEPTH;
    unsigned char first_k[CCD_PAIR_MAX];
    for (int p = 0; p < npairs; p++) {
        out->lb[p] = CCD_PAIR_NONE;
        first_k[p] = 0;
    }
    out->certified = out->at_start = 0;
    out->evaluations = 0;
    struct piece {
        int level, stable; /* stable: levels in a row that removed no pair */
        uint64_t index, mask;
    } stack[2 * MAX_LEVEL + 4];
    int top = 0, budget = PIECE_BUDGET;
    /* a piece certainly feasible for some pair, and a point where some pair is */
    int piece_cert = 0, point_cert = 0;
    uint64_t cert_lo = 0, cert_hi = 0, point = full;
    uint64_t all = npairs >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << npairs) - 1);
    stack[top++] = (struct piece){0, 0, 0, all};
    mr R[CCD_PAIR_MAX_ROWS][3];
    while (top > 0) {
        struct piece pc = stack[--top];
        uint64_t lo = pc.index << (CCD_PAIR_DEPTH - pc.level);
        uint64_t hi = lo + ((uint64_t)1 << (CCD_PAIR_DEPTH - pc.level));
        if (point_cert && lo >= point)
            continue; /* after a point where contact is certain: irrelevant */
        uint64_t alive = pc.mask;
        int feasible = 0, stop = 0;
        if (budget > 0) {
            budget--;
            out->evaluations++;
            rows_on_piece(R, rows, lo, hi);
            alive = 0;
            for (int p = 0; p < npairs; p++) {
                if (!(pc.mask >> p & 1))
                    continue;
                int c = classify((const mr(*)[3])R, rows->n, pairs[p][0], pairs[p][1],
                                 &first_k[p]);
                if (c != PAIR_DEAD)
                    alive |= (uint64_t)1 << p;
                if (c == PAIR_FEASIBLE)
                    feasible = 1;
            }
            if (!alive)
                continue; /* no pair can be feasible on this piece */
            if (!feasible) {
                int stable = alive == pc.mask ? pc.stable + 1 : 0;
                if (stable >= STABLE_LEVELS && pc.level >= MIN_STOP_LEVEL && budget > 0 &&
                    (!point_cert || hi < point)) {
                    budget--;
                    out->evaluations++;
                    if (point_feasible(rows, pairs, npairs, alive, hi, first_k)) {
                        point_cert = 1;
                        point = hi;
                    }
                }
                if (point_cert && point == hi && stable >= STABLE_LEVELS &&
                    pc.level >= MIN_STOP_LEVEL) {
                    stop = 1;
                } else if (pc.level < MAX_LEVEL) {
                    stack[top++] = (struct piece){pc.level + 1, stable, 2 * pc.index + 1, alive};
                    stack[top++] = (struct piece){pc.level + 1, stable, 2 * pc.index, alive};
                    continue;
                }
            }
        }
        /* a leaf: a certainly feasible piece, a piece at the finest level, one whose
         * end is a certain contact, or one left unevaluated (budget): every pair
         * still alive may be feasible here */
        for (int p = 0; p < npairs; p++)
            if ((alive >> p & 1) && out->lb[p] == CCD_PAIR_NONE)
                out->lb[p] = lo;
        if (feasible) {
            piece_cert = 1;
            cert_lo = lo;
            cert_hi = hi;
            break; /* everything still pending lies after this piece */
        }
        if (stop)
            break; /* everything still pending lies after `point` */
    }
    out->a0 = CCD_PAIR_NONE;
    for (int p = 0; p < npairs; p++)
        if (out->lb[p] < out->a0)
            out->a0 = out->lb[p];
    out->b0 = full;
    if (piece_cert) {
        /* Some pair is feasible on all of [cert_lo, cert_hi], so the earliest contact
         * s* ≤ cert_lo, and s* ≥ a0 (a0 ≤ cert_lo: the pair's lb).  When cert_lo > a0,
         * s* < cert_lo: the pair is feasible on a neighbourhood of cert_lo (strict
         * signs).  When cert_lo = a0 = 0 the contact is at s = 0.  (When cert_lo = a0 > 0
         * the piece before a0 was cleared although it contains a0, where that pair is
         * feasible: impossible; stay safe with b0 = cert_hi.) */
        out->b0 = cert_lo > out->a0 ? cert_lo : cert_hi;
        out->at_start = cert_lo == 0;
    }
    if (point_cert && point < out->b0) {
        /* some pair is strictly feasible at `point`, hence on a neighbourhood of it:
         * s* < point; every piece before `point` was evaluated or recorded */
        out->b0 = point;
    }
    out->certified = piece_cert || point_cert;
}

void ccd_pair_parts_set(ccd_pair_parts *parts, const ccd_pair_rows *rows, uint64_t lo, uint64_t hi)
{
    mr R[CCD_PAIR_MAX_ROWS][3];
    uint64_t step = (hi - lo) / CCD_PAIR_PARTS;
    parts->n = rows->n;
    for (int part = 0; part <= CCD_PAIR_PARTS; part++) {
        uint64_t a = lo, b = hi;
        if (part > 0) {
            a = lo + (uint64_t)(part - 1) * step;
            b = part == CCD_PAIR_PARTS ? hi : a + step;
        }
        rows_on_piece(R, rows, a, b);
        for (int h = 0; h < rows->n; h++)
            for (int k = 0; k < 3; k++) {
                parts->mid[part][h][k] = R[h][k].m;
                parts->rad[part][h][k] = R[h][k].r;
            }
    }
}

/* Signs on part set `part`: D into *sd, and G_k into sg[k] for the k with todo[k]. */
static void signs_on(int *sd, int sg[CCD_PAIR_MAX_ROWS], const ccd_pair_parts *parts, int part,
                     int i, int j, const int todo[CCD_PAIR_MAX_ROWS])
{
    mr R[CCD_PAIR_MAX_ROWS][3];
    int n = parts->n;
    for (int h = 0; h < n; h++)
        for (int k = 0; k < 3; k++)
            R[h][k] = (mr){parts->mid[part][h][k], parts->rad[part][h][k]};
    pair_minors v = minors((const mr(*)[3])R, i, j);
    *sd = mr_sign(v.D);
    for (int k = 0; k < n; k++)
        if (todo[k])
            sg[k] = mr_sign(vertex_value((const mr(*)[3])R, &v, k));
}

void ccd_pair_signs(int *sd, int sg[CCD_PAIR_MAX_ROWS], const ccd_pair_parts *parts, int i, int j)
{
    int n = parts->n, todo[CCD_PAIR_MAX_ROWS] = {0}, t[CCD_PAIR_MAX_ROWS], any = 0;
    for (int k = 0; k < n; k++)
        todo[k] = k != i && k != j;
    signs_on(sd, sg, parts, 0, i, j, todo);
    /* a sign left uncertain on the whole may be certain on each part */
    for (int k = 0; k < n; k++) {
        todo[k] = todo[k] && sg[k] == 0;
        any |= todo[k];
    }
    int need_d = *sd == 0;
    if (!any && !need_d)
        return;
    for (int part = 1; part <= CCD_PAIR_PARTS; part++) {
        int s;
        signs_on(&s, t, parts, part, i, j, todo);
        if (need_d)
            *sd = part == 1 ? s : (s == *sd ? s : 0);
        for (int k = 0; k < n; k++)
            if (todo[k])
                sg[k] = part == 1 ? t[k] : (t[k] == sg[k] ? t[k] : 0);
    }
}

