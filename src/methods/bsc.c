/* SPDX-License-Identifier: MIT */
/*
 * BSC — Bernstein sign classification (Tang, Tong, Wang and Manocha 2014 [44]) as
 * benchmarked in Wang et al. 2021 §4.2, with the inflection-point patch of Wang et al. 2021
 * Appendix C, in exact integer arithmetic.
 *
 * Univariate formulation: a contact is a root t of the coplanarity cubic
 * f(t) = n(t) · q(t) (Wang et al. 2021 eq. 3) at which the inside conditions g_i(t) ≥ 0
 * hold, every g_i a quartic:
 *   VF: n = (v2 - v1) × (v3 - v1), q = p - v1,
 *       g = n · ((v1 - p) × (v2 - p)), n · ((v2 - p) × (v3 - p)), n · ((v3 - p) × (v1 - p));
 *   EE: n = (p2 - p1) × (p4 - p3), q = p3 - p1, r = q,
 *       a = (r × (p4 - p3)) · n, b = (r × (p2 - p1)) · n,  g = a, n·n - a, b, n·n - b
 *       (the contact parameters are a / n·n and b / n·n).
 * All polynomials are taken in Bernstein form on [0, t_max] with integer
 * coefficients (coordinates scaled to integers, baseline_integer_query.h), and
 * every decision is the sign of a Bernstein coefficient:
 *   1. all coefficients of f of one strict sign: no root, no collision;
 *   2. f ≡ 0 (coplanar motion): collision at t = 0 (conservative; option
 *      coplanar_collides = false answers "no" instead, as the code Wang et al. 2021
 *      benchmarked does: its classification sees no sign change among four zero
 *      coefficients — a source of its false negatives, docs/baselines.md);
 *   3. f'' changes sign inside the interval (an inflection point, Bernstein
 *      coefficients of f'' of strictly opposite signs): the sign classification
 *      of [44] does not apply and cannot be made exact (Wang et al. 2021 Appendix C), so
 *      a collision is reported at t = 0 — the patched reference behaviour, a
 *      source of false positives;
 *   4. otherwise the roots of f are classified and isolated, earliest first, by
 *      the signs of its Bernstein coefficients on dyadic sub-intervals (Descartes'
 *      rule: one sign change, one root), and the sign of each g_i at a root by
 *      the signs of its Bernstein coefficients on the root's interval (convex hull
 *      property).  Roots on dyadic points are tested exactly.  The interval of
 *      the earliest root that is a contact is then narrowed below δ.
 * Deviation from [44]: the sign of g_i at a root of f is decided by exact
 * subdivision rather than by the paper's polynomial-decomposition formulas (which
 * the reference code evaluates with the divisions multiplied out, in interval and
 * then expansion arithmetic); an interval still
 * undecided after MAX_DEPTH halvings (width 2^-50) reports a collision.  So every
 * answer is exact or errs towards a collision: conservative, with the time of
 * impact the lower end of the root's interval.  The reference code is not (it misses
 * coplanar motion, see option coplanar_collides); it also tests edge-edge contacts
 * with three triangle-style conditions, against the normal of the triangle formed by
 * the first edge and the first vertex of the second (zero, so every condition 0 and
 * "inside", when that vertex lies on the first edge's line), rather than the four
 * above; its reduction of the inside conditions multiplies by f(0), so loses their
 * signs when the primitives are coplanar at t = 0; it culls in doubles first; and
 * its floating-point expansions lose their exactness where partial products
 * underflow.  With coplanar_collides = false the
 * two answer differently on 66 of the 21 246 shared queries, each traced to one of
 * these causes or to this method's conservative fallback (docs/baselines.md).
 */
#include <config.h>

#include "methods/baseline_integer_query.h"
#include "methods/builtin.h"
#include "methods/interval.h"

#include <float.h>

#include <math.h>

enum { MAX_DEPTH = 50, F_DEGREE = 3, G_DEGREE = 4, MAX_G = 4 };
enum { OPT_DELTA, OPT_COPLANAR_COLLIDES };

typedef struct zpoly { /* power basis, nominal degree ≤ 4 */
    mpz_t c[5];
} zpoly;

static void zpoly_init(zpoly *p)
{
    for (int i = 0; i < 5; i++)
        mpz_init(p->c[i]);
}

static void zpoly_clear(zpoly *p)
{
    for (int i = 0; i < 5; i++)
        mpz_clear(p->c[i]);
}

/* out += sign · a b, for a of degree da and b of degree db (da + db ≤ 4). */
static void zpoly_addmul(zpoly *out, const zpoly *a, int da, const zpoly *b, int db, int sign)
{
    for (int i = 0; i <= da; i++)
        for (int j = 0; j <= db; j++) {
            if (sign > 0)
                mpz_addmul(out->c[i + j], a->c[i], b->c[j]);
            else
                mpz_submul(out->c[i + j], a->c[i], b->c[j]);
        }
}

typedef struct zpoly3 {
    zpoly x[3];
} zpoly3;

static void zpoly3_init(zpoly3 *v)
{
    for (int k = 0; k < 3; k++)
        zpoly_init(&v->x[k]);
}

static void zpoly3_clear(zpoly3 *v)
{
    for (int k = 0; k < 3; k++)
        zpoly_clear(&v->x[k]);
}

/* (row_to - row_from)(t) = X0 + t (X1 - X0) */
static void linear_difference(zpoly3 *out, const ccd_integer_query *iq, int to, int from)
{
    for (int k = 0; k < 3; k++) {
        mpz_sub(out->x[k].c[0], iq->row[to].c[k], iq->row[from].c[k]);
        mpz_sub(out->x[k].c[1], iq->row[to + 4].c[k], iq->row[from + 4].c[k]);
        mpz_sub(out->x[k].c[1], out->x[k].c[1], out->x[k].c[0]);
    }
}

/* out = a × b for vectors of degree d (out zeroed first). */
static void zpoly3_cross(zpoly3 *out, const zpoly3 *a, const zpoly3 *b, int d)
{
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        for (int m = 0; m < 5; m++)
            mpz_set_ui(out->x[k].c[m], 0);
        zpoly_addmul(&out->x[k], &a->x[i], d, &b->x[j], d, 1);
        zpoly_addmul(&out->x[k], &a->x[j], d, &b->x[i], d, -1);
    }
}

/* out += sign · a · b for vectors of degrees da, db. */
static void zpoly3_dot(zpoly *out, const zpoly3 *a, int da, const zpoly3 *b, int db, int sign)
{
    for (int k = 0; k < 3; k++)
        zpoly_addmul(out, &a->x[k], da, &b->x[k], db, sign);
}

/* Bernstein coefficients on [0, t_max] of p (nominal degree n), times a positive
 * integer: substitute t = t_max s (t_max = num/den), scale by den^n, then
 * b_j = Σ_{i ≤ j} C(j,i)/C(n,i) a_i, times L = lcm_i C(n,i). */
static void to_bernstein(mpz_t *b, const zpoly *p, int n, const mpq_t tmax)
{
    static const int binom[5][5] = {
        {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};
    static const int lcm[5] = {1, 1, 2, 3, 12};
    mpz_t a[5], pw;
    mpz_init(pw);
    for (int i = 0; i <= n; i++) {
        mpz_init(a[i]);
        mpz_pow_ui(pw, mpq_numref(tmax), (unsigned long)i);
        mpz_mul(a[i], p->c[i], pw);
        mpz_pow_ui(pw, mpq_denref(tmax), (unsigned long)(n - i));
        mpz_mul(a[i], a[i], pw);
    }
    for (int j = 0; j <= n; j++) {
        mpz_set_ui(b[j], 0);
        for (int i = 0; i <= j; i++)
            mpz_addmul_ui(b[j], a[i], (unsigned long)(binom[j][i] * (lcm[n] / binom[n][i])));
    }
    for (int i = 0; i <= n; i++)
        mpz_clear(a[i]);
    mpz_clear(pw);
}

/* Sign changes of b[0..n], zeros skipped (Descartes' rule in Bernstein form). */
static int variations(mpz_t *b, int n)
{
    int count = 0, last = 0;
    for (int i = 0; i <= n; i++) {
        int s = mpz_sgn(b[i]);
        if (s == 0)
            continue;
        count += last != 0 && s != last;
        last = s;
    }
    return count;
}

/* de Casteljau at 1/2, both halves scaled by 2^n (a positive factor). */
static void split_half(mpz_t *left, mpz_t *right, mpz_t *b, int n)
{
    mpz_t w[5];
    for (int i = 0; i <= n; i++)
        mpz_init_set(w[i], b[i]);
    mpz_mul_2exp(left[0], w[0], (unsigned long)n);
    mpz_mul_2exp(right[n], w[n], (unsigned long)n);
    for (int r = 1; r <= n; r++) {
        for (int i = 0; i <= n - r; i++)
            mpz_add(w[i], w[i], w[i + 1]);
        mpz_mul_2exp(left[r], w[0], (unsigned long)(n - r));
        mpz_mul_2exp(right[n - r], w[n - r], (unsigned long)(n - r));
    }
    for (int i = 0; i <= n; i++)
        mpz_clear(w[i]);
}

/* The Bernstein coefficients of f and of the g_i on one dyadic interval. */
typedef struct piece {
    mpz_t f[F_DEGREE + 1];
    mpz_t g[MAX_G][G_DEGREE + 1];
} piece;

static void piece_init(piece *p)
{
    for (int i = 0; i <= F_DEGREE; i++)
        mpz_init(p->f[i]);
    for (int k = 0; k < MAX_G; k++)
        for (int i = 0; i <= G_DEGREE; i++)
            mpz_init(p->g[k][i]);
}

static void piece_clear(piece *p)
{
    for (int i = 0; i <= F_DEGREE; i++)
        mpz_clear(p->f[i]);
    for (int k = 0; k < MAX_G; k++)
        for (int i = 0; i <= G_DEGREE; i++)
            mpz_clear(p->g[k][i]);
}

static void piece_split(piece *left, piece *right, piece *p, int ng)
{
    split_half(left->f, right->f, p->f, F_DEGREE);
    for (int k = 0; k < ng; k++)
        split_half(left->g[k], right->g[k], p->g[k], G_DEGREE);
}

/* All g_i ≥ 0 at the left (end = 0) or right (end = 1) end of the piece: exact. */
static int inside_at_end(const piece *p, int ng, int end)
{
    for (int k = 0; k < ng; k++)
        if (mpz_sgn(p->g[k][end ? G_DEGREE : 0]) < 0)
            return 0;
    return 1;
}

typedef struct search {
    int ng;
    int coplanar_collides; /* option coplanar_collides: the answer when f ≡ 0 */
    long checks;
    double toi;   /* in units of t_max, dyadic */
    double width; /* refine a contact's root interval below this width (δ / t_max) */
} search;

/* The only root of f in (lo, lo + 2^-depth) is a contact: narrow its interval to
 * the tolerance so that toi = lo is a tight lower bound. */
static void refine_root(search *s, mpz_t *f, double lo, int depth)
{
    mpz_t cur[F_DEGREE + 1], left[F_DEGREE + 1], right[F_DEGREE + 1];
    for (int i = 0; i <= F_DEGREE; i++) {
        mpz_init_set(cur[i], f[i]);
        mpz_inits(left[i], right[i], NULL);
    }
    while (depth < MAX_DEPTH && ldexp(1.0, -depth) >= s->width) {
        s->checks++;
        double mid = lo + ldexp(1.0, -(depth + 1));
        split_half(left, right, cur, F_DEGREE);
        depth++;
        if (mpz_sgn(left[F_DEGREE]) == 0) { /* the root is the midpoint */
            lo = mid;
            break;
        }
        int go_left = variations(left, F_DEGREE) % 2 == 1;
        for (int i = 0; i <= F_DEGREE; i++)
            mpz_swap(cur[i], go_left ? left[i] : right[i]);
        if (!go_left)
            lo = mid;
    }
    s->toi = lo;
    for (int i = 0; i <= F_DEGREE; i++)
        mpz_clears(cur[i], left[i], right[i], NULL);
}

/* Exactly one root of f, simple, in the open interval (lo, lo + 2^-depth): does it
 * satisfy every g_i ≥ 0?  1: yes or undecided (then s->toi = lo), 0: no. */
static int root_inside(search *s, piece *p, double lo, int depth)
{
    s->checks++;
    int undecided = 0;
    for (int k = 0; k < s->ng; k++) {
        int nonneg = 1, neg = 1;
        for (int i = 0; i <= G_DEGREE; i++) {
            int sg = mpz_sgn(p->g[k][i]);
            nonneg &= sg >= 0;
            neg &= sg < 0;
        }
        if (neg)
            return 0; /* g_k < 0 on the whole interval */
        undecided |= !nonneg;
    }
    if (!undecided) {
        refine_root(s, p->f, lo, depth);
        return 1;
    }
    if (depth >= MAX_DEPTH) {
        s->toi = lo;
        return 1;
    }
    double mid = lo + ldexp(1.0, -(depth + 1)); /* exact: depth ≤ 50 */
    piece left, right;
    piece_init(&left);
    piece_init(&right);
    piece_split(&left, &right, p, s->ng);
    int found;
    if (mpz_sgn(left.f[F_DEGREE]) == 0) { /* the root is the midpoint */
        found = inside_at_end(&left, s->ng, 1);
        if (found)
            s->toi = mid;
    } else if (variations(left.f, F_DEGREE) % 2 == 1) {
        found = root_inside(s, &left, lo, depth + 1);
    } else {
        found = root_inside(s, &right, mid, depth + 1);
    }
    piece_clear(&left);
    piece_clear(&right);
    return found;
}

/* Earliest contact among the roots of f in the open interval (lo, lo + 2^-depth). */
static int search_open(search *s, piece *p, double lo, int depth)
{
    s->checks++;
    int v = variations(p->f, F_DEGREE);
    if (v == 0)
        return 0;
    if (v == 1)
        return root_inside(s, p, lo, depth);
    if (depth >= MAX_DEPTH) { /* e.g. a double root: undecided, report */
        s->toi = lo;
        return 1;
    }
    double mid = lo + ldexp(1.0, -(depth + 1));
    piece left, right;
    piece_init(&left);
    piece_init(&right);
    piece_split(&left, &right, p, s->ng);
    int found = search_open(s, &left, lo, depth + 1);
    if (!found && mpz_sgn(left.f[F_DEGREE]) == 0 && inside_at_end(&left, s->ng, 1)) {
        s->toi = mid;
        found = 1;
    }
    if (!found)
        found = search_open(s, &right, mid, depth + 1);
    piece_clear(&left);
    piece_clear(&right);
    return found;
}

static int all_zero(mpz_t *b, int n)
{
    for (int i = 0; i <= n; i++)
        if (mpz_sgn(b[i]) != 0)
            return 0;
    return 1;
}

/* Returns 1 with s->toi set when a (possible) contact is found. */
static int classify(search *s, piece *p)
{
    int sign0 = mpz_sgn(p->f[0]), one_sign = sign0 != 0;
    for (int i = 1; i <= F_DEGREE; i++)
        one_sign &= mpz_sgn(p->f[i]) == sign0;
    if (one_sign)
        return 0; /* 1. convex hull excludes 0 */
    s->toi = 0;
    if (all_zero(p->f, F_DEGREE))
        return s->coplanar_collides; /* 2. coplanar motion */
    /* 3. f'' in Bernstein form: 6 (k0 - 2 k1 + k2, k1 - 2 k2 + k3) */
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_sub(a, p->f[0], p->f[1]);
    mpz_sub(a, a, p->f[1]);
    mpz_add(a, a, p->f[2]);
    mpz_sub(b, p->f[1], p->f[2]);
    mpz_sub(b, b, p->f[2]);
    mpz_add(b, b, p->f[3]);
    int inflection = mpz_sgn(a) * mpz_sgn(b) < 0;
    mpz_clears(a, b, NULL);
    if (inflection)
        return 1;
    /* 4. classify and isolate the roots, earliest first */
    if (mpz_sgn(p->f[0]) == 0 && inside_at_end(p, s->ng, 0))
        return 1;
    if (search_open(s, p, 0.0, 0))
        return 1;
    if (mpz_sgn(p->f[F_DEGREE]) == 0 && inside_at_end(p, s->ng, 1)) {
        s->toi = 1.0;
        return 1;
    }
    return 0;
}

static ccd_status bsc_run(ccd_result *r, const ccd_query *q, const ccd_params *par)
{
    int vf = q->kind == CCD_VF;
    ccd_integer_query iq;
    ccd_integer_query_init(&iq);
    ccd_integer_query_set(&iq, q);
    zpoly3 e1, e2, qv, n, rel[3], cr;
    zpoly3 *vecs[] = {&e1, &e2, &qv, &n, &rel[0], &rel[1], &rel[2], &cr};
    for (size_t i = 0; i < sizeof vecs / sizeof *vecs; i++)
        zpoly3_init(vecs[i]);
    zpoly f, g[MAX_G], nn;
    zpoly_init(&f);
    zpoly_init(&nn);
    for (int k = 0; k < MAX_G; k++)
        zpoly_init(&g[k]);
    int ng;
    if (vf) {
        linear_difference(&e1, &iq, 2, 1);
        linear_difference(&e2, &iq, 3, 1);
        linear_difference(&qv, &iq, 0, 1);
        zpoly3_cross(&n, &e1, &e2, 1);
        zpoly3_dot(&f, &n, 2, &qv, 1, 1);
        for (int i = 0; i < 3; i++)
            linear_difference(&rel[i], &iq, 1 + i, 0);
        for (int i = 0; i < 3; i++) {
            zpoly3_cross(&cr, &rel[i], &rel[(i + 1) % 3], 1);
            zpoly3_dot(&g[i], &n, 2, &cr, 2, 1);
        }
        ng = 3;
    } else {
        linear_difference(&e1, &iq, 1, 0);
        linear_difference(&e2, &iq, 3, 2);
        linear_difference(&qv, &iq, 2, 0);
        zpoly3_cross(&n, &e1, &e2, 1);
        zpoly3_dot(&f, &n, 2, &qv, 1, 1);
        zpoly3_dot(&nn, &n, 2, &n, 2, 1);
        zpoly3_cross(&cr, &qv, &e2, 1);
        zpoly3_dot(&g[0], &cr, 2, &n, 2, 1); /* a */
        zpoly3_dot(&g[1], &cr, 2, &n, 2, -1);
        for (int i = 0; i <= 4; i++)
            mpz_add(g[1].c[i], g[1].c[i], nn.c[i]); /* n·n - a */
        zpoly3_cross(&cr, &qv, &e1, 1);
        zpoly3_dot(&g[2], &cr, 2, &n, 2, 1); /* b */
        zpoly3_dot(&g[3], &cr, 2, &n, 2, -1);
        for (int i = 0; i <= 4; i++)
            mpz_add(g[3].c[i], g[3].c[i], nn.c[i]); /* n·n - b */
        ng = 4;
    }

    mpq_t tmax;
    mpq_init(tmax);
    mpq_set_d(tmax, par->t_max);
    piece whole;
    piece_init(&whole);
    to_bernstein(whole.f, &f, F_DEGREE, tmax);
    for (int k = 0; k < ng; k++)
        to_bernstein(whole.g[k], &g[k], G_DEGREE, tmax);
    search s = {ng, (int)ccd_option_int(par, &ccd_method_bsc, OPT_COPLANAR_COLLIDES), 0, 0,
                ccd_option_double(par, &ccd_method_bsc, OPT_DELTA) / par->t_max};
    int found = classify(&s, &whole);
    piece_clear(&whole);
    mpq_clear(tmax);

    for (size_t i = 0; i < sizeof vecs / sizeof *vecs; i++)
        zpoly3_clear(vecs[i]);
    zpoly_clear(&f);
    zpoly_clear(&nn);
    for (int k = 0; k < MAX_G; k++)
        zpoly_clear(&g[k]);
    ccd_integer_query_clear(&iq);

    r->collides = found;
    if (found) {
        double t = s.toi * par->t_max; /* lower bound: round down when inexact */
        r->toi = (s.toi == 0 || par->t_max == 1.0) ? t : interval_next_down(t);
        r->toi = r->toi < 0 ? 0 : r->toi;
    } else {
        r->toi = INFINITY;
    }
    r->toi_upper = r->toi;
    r->tolerance = 0;
    r->checks = s.checks;
    r->hit_max_checks = 0;
    return CCD_OK;
}

static ccd_status bsc_vertex_face(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                  void *scratch)
{
    (void)scratch;
    return bsc_run(r, q, p);
}

static ccd_status bsc_edge_edge(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                void *scratch)
{
    (void)scratch;
    return bsc_run(r, q, p);
}

static const ccd_option bsc_options[] = {
    [OPT_DELTA] = {"delta", CCD_OPTION_DOUBLE, {.d = 1e-6}, {.d = DBL_TRUE_MIN}, {.d = DBL_MAX},
                   NULL, "smallest time interval the subdivision splits"},
    [OPT_COPLANAR_COLLIDES] = {"coplanar_collides", CCD_OPTION_BOOLEAN, {.i = 1}, {.i = 0},
                               {.i = 1}, NULL,
                               "report coplanar motion (f = 0) as a collision at t = 0; false: "
                               "no collision, as the original code answers"},
};

const ccd_method ccd_method_bsc = {
    .name = "bsc",
    .summary = "Bernstein sign classification (Tang et al. 2014), exact, conservative at inflections",
    .caps = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE | CCD_CAP_USES_RATIONALS,
    .vertex_face = bsc_vertex_face,
    .edge_edge = bsc_edge_edge,
    .options = bsc_options,
    .option_count = sizeof bsc_options / sizeof *bsc_options,
};
