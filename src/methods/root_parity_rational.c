/* SPDX-License-Identifier: MIT */
/*
 * RRP — root parity (Brochu, Edwards and Bridson 2012 [3]) in exact integer
 * arithmetic with the degenerate cases handled, as benchmarked in Wang et al. 2021 §4.2.
 *
 * F = A(t) + u B(t) + v C(t) (see irf.c) maps the boundary ∂Ω of the domain to a
 * closed surface made of bilinear patches (the VF prism's two triangles are
 * patches with one collapsed edge).  When the origin is not on F(∂Ω), the parity
 * of the number of crossings of a generic ray from the origin with F(∂Ω) is the
 * mod-2 degree of F around 0, which is the parity of the number of roots of F in
 * Ω when they are simple.  So the method reports
 *     collision  ⇔  0 ∈ F(∂Ω)  or  the crossing parity is odd.
 * Odd parity implies a root, and a root on ∂Ω is a contact, so there are no false
 * positives; two (or any even number of) roots cancel, so parity cannot tell them
 * from zero roots: the false negatives of Wang et al. 2021 Table 1.  Not conservative.
 *
 * Ray–patch parity without solving quadratics (Brochu et al. §4): the patch with
 * corners x00, x10, x01, x11 lies in the tetrahedron of its corners and splits it
 * into two parts, each bounded by the patch and one pair of the tetrahedron's
 * faces: pair A = (x00,x10,x11), (x00,x11,x01) or pair B = (x00,x10,x01),
 * (x10,x11,x01).  If the origin is not in the part enclosed by a pair, that pair
 * crosses the ray with the same parity as the patch and replaces it.  In the
 * coordinates x = x00 + α e + β f + γ g (e = x10 - x00, f = x01 - x00,
 * g = x11 - x10 - x01 + x00) the patch is γ = αβ, so φ = αβ - γ < 0 on A's side
 * and > 0 on B's; with D = det(e, f, g) and r = -x00,
 *     φ D² = det(r,f,g) det(e,r,g) - D det(e,f,r),
 * and φ = 0 inside the closed tetrahedron means 0 is on the patch.
 * Degenerate cases handled exactly:
 *   - flat patches (D = 0): if 0 is off their plane, the enclosed part is flat
 *     and pair A replaces the patch; if 0 is in their plane (or on their line),
 *     0 ∈ patch is decided exactly (below) and otherwise the patch contributes no
 *     crossing for any ray leaving that plane (line);
 *   - rays through an edge or vertex of a triangle, or lying in a triangle's plane,
 *     are detected by exact zero tests and another direction is drawn.
 * 0 ∈ flat patch: with w(a) = x00 + a e and h(a) = f + a g, 0 is on the patch iff
 * for some a in [0, 1] the origin is on the segment [w(a), w(a) + h(a)], i.e.
 *     c(a) = w(a) × h(a) = 0   and   s(a) = w(a) · (w(a) + h(a)) ≤ 0,
 * two quadratics in a (in 2D after dropping a coordinate the plane's normal has),
 * decided exactly with numbers of the form X + Y √Δ.
 *
 * Option `translation_exit` (off by default) reproduces a shortcut of the code
 * Wang et al. 2021 benchmarked as RRP (Rational-Root-Parity, eccd::vertexFaceCCD /
 * edgeEdgeCCD): it answers "no" before any root parity when the four points' double
 * displacements x(0) - x(1), each rounded, are all equal (a static or rigidly
 * translating pair).  Such a pair collides iff it touches at t = 0, for the whole
 * step, so the shortcut is a false negative whenever it does (the 1200 static
 * n-body queries whose vertex sits on a face corner, docs/baselines.md); root parity
 * itself finds the origin on F(∂Ω) there, so the default is the published method.
 */
#include <config.h>

#include "methods/baseline_integer_query.h"
#include "methods/builtin.h"
#include "methods/root_parity_domain.h"

#include <math.h>
#include <stdint.h>

enum { CROSS_NO = 0, CROSS_YES = 1, CROSS_DEGENERATE = 2 };

enum plan_kind {
    PLAN_ORIGIN_ON_PATCH, /* a root on ∂Ω                                     */
    PLAN_PAIR_A,          /* replace the patch by pair A                      */
    PLAN_PAIR_B,          /* replace the patch by pair B                      */
    PLAN_AVOID_PLANE,     /* no crossing if the ray is not in the plane ⟂ avoid */
    PLAN_AVOID_LINE       /* no crossing if the ray is not along avoid        */
};

typedef struct patch_plan {
    enum plan_kind kind;
    ccd_zvec avoid;
} patch_plan;

/* Temporaries, initialised once per query. */
typedef struct rrp_work {
    ccd_zvec e, f, g, h, r, n, w, tmp;
    mpz_t D, A, B, C, s, t, u;
} rrp_work;

static void work_init(rrp_work *k)
{
    ccd_zvec *v[] = {&k->e, &k->f, &k->g, &k->h, &k->r, &k->n, &k->w, &k->tmp};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++)
        ccd_zvec_init(v[i]);
    mpz_inits(k->D, k->A, k->B, k->C, k->s, k->t, k->u, NULL);
}

static void work_clear(rrp_work *k)
{
    ccd_zvec *v[] = {&k->e, &k->f, &k->g, &k->h, &k->r, &k->n, &k->w, &k->tmp};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++)
        ccd_zvec_clear(v[i]);
    mpz_clears(k->D, k->A, k->B, k->C, k->s, k->t, k->u, NULL);
}

/* Sign of X + Y √Δ (Δ ≥ 0). */
static int sign_sqrt_form(const mpz_t X, const mpz_t Y, const mpz_t delta)
{
    int sx = mpz_sgn(X), sy = mpz_sgn(delta) == 0 ? 0 : mpz_sgn(Y);
    if (sy == 0 || sx == sy)
        return sx != 0 ? sx : sy;
    if (sx == 0)
        return sy;
    mpz_t x2, y2;
    mpz_inits(x2, y2, NULL);
    mpz_mul(x2, X, X);
    mpz_mul(y2, Y, Y);
    mpz_mul(y2, y2, delta);
    int c = mpz_cmp(x2, y2);
    mpz_clears(x2, y2, NULL);
    return c > 0 ? sx : c < 0 ? sy : 0;
}

/* ∃ a ∈ [0, 1]: c(a) = 0 and s(a) ≤ 0, for c = c0 + c1 a + c2 a², s likewise. */
static int quadratic_conditions_hold(mpz_t c[3], mpz_t s[3])
{
    int found = 0;
    mpz_t v, X, Y, R, P, delta, tmp;
    mpz_inits(v, X, Y, R, P, delta, tmp, NULL);
    if (mpz_sgn(c[2]) == 0 && mpz_sgn(c[1]) == 0) {
        if (mpz_sgn(c[0]) != 0)
            goto done;
        /* c ≡ 0: min of s on [0, 1] ≤ 0? */
        mpz_add(v, s[0], s[1]);
        mpz_add(v, v, s[2]);
        if (mpz_sgn(s[0]) <= 0 || mpz_sgn(v) <= 0) {
            found = 1;
            goto done;
        }
        /* interior vertex a* = -s1 / (2 s2) ∈ (0, 1) with s(a*) = s0 - s1²/(4 s2) ≤ 0 */
        if (mpz_sgn(s[2]) > 0 && mpz_sgn(s[1]) < 0) {
            mpz_mul_ui(tmp, s[2], 2);
            mpz_neg(v, s[1]);
            if (mpz_cmp(v, tmp) < 0) {
                mpz_mul(v, s[2], s[0]);
                mpz_mul_ui(v, v, 4);
                mpz_submul(v, s[1], s[1]);
                found = mpz_sgn(v) <= 0;
            }
        }
        goto done;
    }
    if (mpz_sgn(c[2]) == 0) {
        /* a = -c0 / c1; with c1 > 0: 0 ≤ -c0 ≤ c1 and s(a) c1² ≤ 0 */
        mpz_set(R, c[1]);
        mpz_neg(P, c[0]);
        if (mpz_sgn(R) < 0) {
            mpz_neg(R, R);
            mpz_neg(P, P);
        }
        if (mpz_sgn(P) < 0 || mpz_cmp(P, R) > 0)
            goto done;
        mpz_mul(v, s[0], R);
        mpz_mul(v, v, R);
        mpz_mul(tmp, s[1], R);
        mpz_addmul(v, tmp, P);
        mpz_mul(tmp, s[2], P);
        mpz_addmul(v, tmp, P);
        found = mpz_sgn(v) <= 0;
        goto done;
    }
    mpz_mul(delta, c[1], c[1]);
    mpz_mul(tmp, c[2], c[0]);
    mpz_submul_ui(delta, tmp, 4);
    if (mpz_sgn(delta) < 0)
        goto done;
    for (int sigma = -1; sigma <= 1 && !found; sigma += 2) {
        /* a = (P + Q √Δ) / R with R > 0 */
        long Q = sigma;
        mpz_mul_ui(R, c[2], 2);
        mpz_neg(P, c[1]);
        if (mpz_sgn(R) < 0) {
            mpz_neg(R, R);
            mpz_neg(P, P);
            Q = -Q;
        }
        mpz_set_si(Y, Q);
        if (sign_sqrt_form(P, Y, delta) < 0) /* a < 0 */
            continue;
        mpz_sub(X, P, R);
        if (sign_sqrt_form(X, Y, delta) > 0) /* a > 1 */
            continue;
        /* s(a) R² = [s0 R² + s1 R P + s2 (P² + Δ)] + [Q (s1 R + 2 s2 P)] √Δ */
        mpz_mul(X, s[0], R);
        mpz_mul(X, X, R);
        mpz_mul(tmp, s[1], R);
        mpz_addmul(X, tmp, P);
        mpz_mul(tmp, P, P);
        mpz_add(tmp, tmp, delta);
        mpz_addmul(X, s[2], tmp);
        mpz_mul(Y, s[1], R);
        mpz_mul(tmp, s[2], P);
        mpz_addmul_ui(Y, tmp, 2);
        if (Q < 0)
            mpz_neg(Y, Y);
        found = sign_sqrt_form(X, Y, delta) <= 0;
    }
done:
    mpz_clears(v, X, Y, R, P, delta, tmp, NULL);
    return found;
}

/* 0 ∈ patch, for a patch whose corners lie in a plane through 0 with normal n. */
static int origin_on_planar_patch(ccd_zvec *const x[4], const ccd_zvec *n, rrp_work *k)
{
    /* Drop an axis along which n has a component: a bijection of the plane. */
    int drop = mpz_sgn(n->c[0]) ? 0 : mpz_sgn(n->c[1]) ? 1 : 2;
    int i = (drop + 1) % 3, j = (drop + 2) % 3;
    /* 2D vectors X = x00, E = e, F = f, G = g, Z0 = X + F, Z1 = E + G */
    mpz_t X[2], E[2], F[2], G[2], Z0[2], Z1[2], c[3], s[3];
    mpz_t *all[] = {X, E, F, G, Z0, Z1};
    for (int m = 0; m < 6; m++)
        mpz_inits(all[m][0], all[m][1], NULL);
    mpz_inits(c[0], c[1], c[2], s[0], s[1], s[2], NULL);
    int axes[2] = {i, j};
    for (int a = 0; a < 2; a++) {
        int ax = axes[a];
        mpz_set(X[a], x[0]->c[ax]);
        mpz_sub(E[a], x[1]->c[ax], x[0]->c[ax]);
        mpz_sub(F[a], x[2]->c[ax], x[0]->c[ax]);
        mpz_sub(G[a], x[3]->c[ax], x[1]->c[ax]);
        mpz_sub(G[a], G[a], x[2]->c[ax]);
        mpz_add(G[a], G[a], x[0]->c[ax]);
        mpz_add(Z0[a], X[a], F[a]);
        mpz_add(Z1[a], E[a], G[a]);
    }
    /* c = X×F + a (X×G + E×F) + a² E×G  (2D cross products) */
#define CROSS2(out, P, Q)                                                                          \
    do {                                                                                           \
        mpz_mul(k->t, P[0], Q[1]);                                                                 \
        mpz_submul(k->t, P[1], Q[0]);                                                              \
        mpz_add(out, out, k->t);                                                                   \
    } while (0)
#define DOT2(out, P, Q)                                                                            \
    do {                                                                                           \
        mpz_addmul(out, P[0], Q[0]);                                                               \
        mpz_addmul(out, P[1], Q[1]);                                                               \
    } while (0)
    CROSS2(c[0], X, F);
    CROSS2(c[1], X, G);
    CROSS2(c[1], E, F);
    CROSS2(c[2], E, G);
    /* s = (X + a E) · (Z0 + a Z1) */
    DOT2(s[0], X, Z0);
    DOT2(s[1], X, Z1);
    DOT2(s[1], E, Z0);
    DOT2(s[2], E, Z1);
#undef CROSS2
#undef DOT2
    int on = quadratic_conditions_hold(c, s);
    for (int m = 0; m < 6; m++)
        mpz_clears(all[m][0], all[m][1], NULL);
    mpz_clears(c[0], c[1], c[2], s[0], s[1], s[2], NULL);
    return on;
}

static void plan_patch(patch_plan *plan, ccd_zvec *const x[4], rrp_work *k)
{
    ccd_zvec_sub(&k->e, x[1], x[0]);
    ccd_zvec_sub(&k->f, x[2], x[0]);
    ccd_zvec_sub(&k->h, x[3], x[0]);
    ccd_zvec_sub(&k->g, &k->h, &k->e);
    ccd_zvec_sub(&k->g, &k->g, &k->f);
    for (int c = 0; c < 3; c++)
        mpz_neg(k->r.c[c], x[0]->c[c]);
    ccd_zvec_det(k->D, &k->e, &k->f, &k->g);
    plan->kind = PLAN_PAIR_A;

    int sD = mpz_sgn(k->D);
    if (sD != 0) {
        ccd_zvec_det(k->A, &k->r, &k->f, &k->g);
        ccd_zvec_det(k->B, &k->e, &k->r, &k->g);
        ccd_zvec_det(k->C, &k->e, &k->f, &k->r);
        /* Barycentric weights in the tetrahedron, times D:
         * γ, α - γ, β - γ, 1 - α - β + γ. */
        int inside = sD * mpz_sgn(k->C) >= 0;
        mpz_sub(k->s, k->A, k->C);
        inside = inside && sD * mpz_sgn(k->s) >= 0;
        mpz_sub(k->s, k->B, k->C);
        inside = inside && sD * mpz_sgn(k->s) >= 0;
        mpz_sub(k->s, k->D, k->A);
        mpz_sub(k->s, k->s, k->B);
        mpz_add(k->s, k->s, k->C);
        inside = inside && sD * mpz_sgn(k->s) >= 0;
        if (!inside)
            return;
        mpz_mul(k->s, k->A, k->B);
        mpz_submul(k->s, k->D, k->C);
        int phi = mpz_sgn(k->s);
        plan->kind = phi == 0 ? PLAN_ORIGIN_ON_PATCH : phi < 0 ? PLAN_PAIR_B : PLAN_PAIR_A;
        return;
    }

    /* Flat patch: its corners span a plane, a line or a point. */
    ccd_zvec_cross(&k->n, &k->e, &k->f);
    if (ccd_zvec_is_zero(&k->n))
        ccd_zvec_cross(&k->n, &k->e, &k->h);
    if (ccd_zvec_is_zero(&k->n))
        ccd_zvec_cross(&k->n, &k->f, &k->h);
    if (!ccd_zvec_is_zero(&k->n)) {
        ccd_zvec_dot(k->s, &k->n, x[0]);
        if (mpz_sgn(k->s) != 0)
            return; /* the origin is off the plane: pair A */
        if (origin_on_planar_patch(x, &k->n, k)) {
            plan->kind = PLAN_ORIGIN_ON_PATCH;
            return;
        }
        plan->kind = PLAN_AVOID_PLANE;
        ccd_zvec_set(&plan->avoid, &k->n);
        return;
    }
    const ccd_zvec *w = !ccd_zvec_is_zero(&k->e) ? &k->e
                        : !ccd_zvec_is_zero(&k->f) ? &k->f
                        : !ccd_zvec_is_zero(&k->h) ? &k->h
                                                   : NULL;
    if (!w) { /* all corners coincide */
        if (ccd_zvec_is_zero(x[0]))
            plan->kind = PLAN_ORIGIN_ON_PATCH;
        return;
    }
    ccd_zvec_cross(&k->tmp, x[0], w);
    if (!ccd_zvec_is_zero(&k->tmp))
        return; /* the origin is off the line: pair A */
    /* On the line: the image is the segment spanned by the corners' projections. */
    int below = 0, above = 0;
    for (int c = 0; c < 4; c++) {
        ccd_zvec_dot(k->s, x[c], w);
        below |= mpz_sgn(k->s) <= 0;
        above |= mpz_sgn(k->s) >= 0;
    }
    if (below && above) {
        plan->kind = PLAN_ORIGIN_ON_PATCH;
        return;
    }
    plan->kind = PLAN_AVOID_LINE;
    ccd_zvec_set(&plan->avoid, w);
}

/* Does the ray {λ d : λ > 0} cross triangle (a, b, c), which does not contain 0? */
static int ray_crosses_triangle(const ccd_zvec *a, const ccd_zvec *b, const ccd_zvec *c,
                                const ccd_zvec *d, rrp_work *k)
{
    ccd_zvec_sub(&k->e, b, a);
    ccd_zvec_sub(&k->f, c, a);
    ccd_zvec_cross(&k->n, &k->e, &k->f);
    if (ccd_zvec_is_zero(&k->n)) {
        /* Collinear corners: the ray meets their segment only if d lies in the
         * plane through 0 and the segment (or along its line, if 0 is on it). */
        const ccd_zvec *pts[3] = {a, b, c};
        for (int i = 0; i < 3; i++)
            for (int j = i + 1; j < 3; j++) {
                ccd_zvec_cross(&k->tmp, pts[i], pts[j]);
                if (ccd_zvec_is_zero(&k->tmp))
                    continue;
                ccd_zvec_det(k->s, pts[i], pts[j], d);
                return mpz_sgn(k->s) != 0 ? CROSS_NO : CROSS_DEGENERATE;
            }
        const ccd_zvec *p = !ccd_zvec_is_zero(a) ? a : !ccd_zvec_is_zero(b) ? b : c;
        ccd_zvec_cross(&k->tmp, p, d);
        return ccd_zvec_is_zero(&k->tmp) ? CROSS_DEGENERATE : CROSS_NO;
    }
    ccd_zvec_dot(k->D, &k->n, a); /* det(a, b, c) */
    ccd_zvec_dot(k->s, &k->n, d); /* n · d */
    int s_plane = mpz_sgn(k->D), s_dir = mpz_sgn(k->s);
    if (s_dir == 0)
        return s_plane != 0 ? CROSS_NO : CROSS_DEGENERATE; /* parallel / in the plane */
    if (s_plane != s_dir)
        return CROSS_NO; /* the plane is behind the origin, or through it */
    /* Hit point inside iff det(a,b,d), det(b,c,d), det(c,a,d) all have the sign of n·d. */
    const ccd_zvec *v[4] = {a, b, c, a};
    int zero = 0;
    for (int i = 0; i < 3; i++) {
        ccd_zvec_det(k->A, v[i], v[i + 1], d);
        int s = mpz_sgn(k->A);
        if (s == -s_dir)
            return CROSS_NO;
        zero |= s == 0;
    }
    return zero ? CROSS_DEGENERATE : CROSS_YES;
}

enum { OPT_TRANSLATION_EXIT };

/* The original's shortcut: every point's displacement x(0) - x(1), rounded to
 * doubles as the original computes it, is the same vector. */
static int same_double_displacement(const ccd_query *q)
{
    for (int row = 1; row < 4; row++)
        for (int c = 0; c < 3; c++)
            if (q->v[row][c] - q->v[row + 4][c] != q->v[0][c] - q->v[4][c])
                return 0;
    return 1;
}

static ccd_status rrp_run(ccd_result *r, const ccd_query *q, const ccd_params *p, void *scratch)
{
    (void)scratch;
    if (ccd_option_int(p, &ccd_method_root_parity_rational, OPT_TRANSLATION_EXIT) &&
        same_double_displacement(q)) {
        ccd_rp_answer(r, 0, 0);
        return CCD_OK;
    }
    double t_max = p->t_max;
    const int *rows = ccd_rp_rows[q->kind];
    int nfaces;
    const ccd_rp_face *faces = ccd_rp_faces(&nfaces, q->kind);

    ccd_integer_query iq;
    ccd_integer_query_init(&iq);
    ccd_integer_query_set(&iq, q);
    rrp_work k;
    work_init(&k);
    ccd_zvec corner[2][2][2], A, B, C, d;
    patch_plan plan[6];
    for (int i = 0; i < 8; i++)
        ccd_zvec_init(&corner[i >> 2][(i >> 1) & 1][i & 1]);
    ccd_zvec_init(&A);
    ccd_zvec_init(&B);
    ccd_zvec_init(&C);
    ccd_zvec_init(&d);
    for (int i = 0; i < 6; i++)
        ccd_zvec_init(&plan[i].avoid);

    /* Corners F(t, u, v) = A(t) + u B(t) + v C(t) at t ∈ {0, t_max}, u, v ∈ {0, 1},
     * all scaled by den(t_max) > 0 to stay integers: X(t_max) den = X0 den + num (X1 - X0). */
    mpq_t tmax;
    mpq_init(tmax);
    mpq_set_d(tmax, t_max);
    for (int t = 0; t < 2; t++) {
        ccd_zvec *dst[3] = {&A, &B, &C};
        int to[3] = {rows[0], rows[2], rows[4]}, from[3] = {rows[1], rows[3], rows[5]};
        for (int m = 0; m < 3; m++) {
            ccd_zvec_sub(dst[m], &iq.row[to[m]], &iq.row[from[m]]);
            for (int c = 0; c < 3; c++)
                mpz_mul(dst[m]->c[c], dst[m]->c[c], mpq_denref(tmax));
            if (t == 0)
                continue;
            ccd_zvec_sub(&k.tmp, &iq.row[to[m] + 4], &iq.row[from[m] + 4]);
            ccd_zvec_sub(&k.w, &iq.row[to[m]], &iq.row[from[m]]);
            ccd_zvec_sub(&k.tmp, &k.tmp, &k.w);
            for (int c = 0; c < 3; c++)
                mpz_addmul(dst[m]->c[c], k.tmp.c[c], mpq_numref(tmax));
        }
        ccd_zvec_set(&corner[t][0][0], &A);
        ccd_zvec_add(&corner[t][1][0], &A, &B);
        ccd_zvec_add(&corner[t][0][1], &A, &C);
        ccd_zvec_add(&corner[t][1][1], &corner[t][1][0], &C);
    }
    mpq_clear(tmax);

    int collides = 0, decided = 0;
    long checks = 0;
    ccd_zvec *x[6][4];
    for (int fi = 0; fi < nfaces && !decided; fi++) {
        for (int j = 0; j < 4; j++) {
            const int *c = faces[fi].c[j];
            x[fi][j] = &corner[c[0]][c[1]][c[2]];
        }
        plan_patch(&plan[fi], x[fi], &k);
        if (plan[fi].kind == PLAN_ORIGIN_ON_PATCH)
            collides = decided = 1; /* a root on the boundary of Ω */
    }
    for (int attempt = 0; attempt < CCD_RP_MAX_DIRECTIONS && !decided; attempt++) {
        long dl[3];
        ccd_rp_direction(dl, attempt);
        for (int c = 0; c < 3; c++)
            mpz_set_si(d.c[c], dl[c]);
        int parity = 0, generic = 1;
        for (int fi = 0; fi < nfaces && generic; fi++) {
            switch (plan[fi].kind) {
            case PLAN_AVOID_PLANE:
                ccd_zvec_dot(k.s, &plan[fi].avoid, &d);
                generic = mpz_sgn(k.s) != 0;
                break;
            case PLAN_AVOID_LINE:
                ccd_zvec_cross(&k.w, &plan[fi].avoid, &d);
                generic = !ccd_zvec_is_zero(&k.w);
                break;
            case PLAN_PAIR_A:
            case PLAN_PAIR_B: {
                const int(*pair)[3] = plan[fi].kind == PLAN_PAIR_A ? ccd_rp_pair_a : ccd_rp_pair_b;
                for (int tri = 0; tri < 2 && generic; tri++) {
                    checks++;
                    int cr = ray_crosses_triangle(x[fi][pair[tri][0]], x[fi][pair[tri][1]],
                                                  x[fi][pair[tri][2]], &d, &k);
                    if (cr == CROSS_DEGENERATE)
                        generic = 0;
                    else
                        parity ^= cr;
                }
                break;
            }
            case PLAN_ORIGIN_ON_PATCH:
                break;
            }
        }
        if (generic) {
            collides = parity;
            decided = 1;
        }
    }
    if (!decided)
        collides = 1; /* no generic direction among the first 64: does not happen in practice */

    for (int i = 0; i < 8; i++)
        ccd_zvec_clear(&corner[i >> 2][(i >> 1) & 1][i & 1]);
    ccd_zvec_clear(&A);
    ccd_zvec_clear(&B);
    ccd_zvec_clear(&C);
    ccd_zvec_clear(&d);
    for (int i = 0; i < 6; i++)
        ccd_zvec_clear(&plan[i].avoid);
    work_clear(&k);
    ccd_integer_query_clear(&iq);

    ccd_rp_answer(r, collides, checks);
    return CCD_OK;
}

static const ccd_option rrp_options[] = {
    [OPT_TRANSLATION_EXIT] = {"translation_exit", CCD_OPTION_BOOLEAN, {.i = 0}, {.i = 0}, {.i = 1},
                              NULL,
                              "answer no when all points move by one (double) displacement, as "
                              "the original code does"},
};

const ccd_method ccd_method_root_parity_rational = {
    .name = "root-parity-rational",
    .summary = "root parity (Brochu et al. 2012) with exact integer predicates, degeneracies handled",
    .caps = CCD_CAP_USES_RATIONALS,
    .vertex_face = rrp_run,
    .edge_edge = rrp_run,
    .options = rrp_options,
    .option_count = sizeof rrp_options / sizeof *rrp_options,
};
