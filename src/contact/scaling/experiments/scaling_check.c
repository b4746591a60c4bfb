/* SPDX-License-Identifier: MIT */
/* The minimum-scaling accuracy check on random pairs (see scaling_check.h). */
#include <config.h>

#include "contact/scaling/experiments/scaling_check.h"
#include "contact/scaling/scaling_gauge.h"
#include "core/clock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void ccd_scaling_check_options_default(ccd_scaling_check_options *o)
{
    memset(o, 0, sizeof *o);
    o->pairs = 1000;
    o->seed = 1;
    static const double rho[] = {0, 1e-6, 1e-4, 1e-2};
    o->nrho = sizeof rho / sizeof *rho;
    memcpy(o->rho, rho, sizeof rho);
    o->differences = 20;
}

/* ---------------------------------------------------------------- random shapes */

static uint64_t next(uint64_t *state) /* splitmix64 */
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double uniform(uint64_t *state, double lo, double hi)
{
    return lo + (hi - lo) * (double)(next(state) >> 11) * 0x1.0p-53;
}

static void random_unit(double v[3], uint64_t *state)
{
    double n;
    do {
        for (int k = 0; k < 3; k++)
            v[k] = uniform(state, -1, 1);
        n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    } while (n < 0.1 || n > 1);
    for (int k = 0; k < 3; k++)
        v[k] /= n;
}

/* A uniformly random rotation from a unit quaternion. */
static void random_rotation(double R[3][3], uint64_t *state)
{
    double q[4], n;
    do {
        for (int k = 0; k < 4; k++)
            q[k] = uniform(state, -1, 1);
        n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    } while (n < 0.1 || n > 1);
    double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
    double M[3][3] = {
        {1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
        {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
        {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)},
    };
    memcpy(R, M, sizeof M);
}

void ccd_scaling_random_shape(ccd_shape *s, ccd_shape_kind kind, uint64_t *state)
{
    memset(s, 0, sizeof *s);
    s->kind = kind;
    random_rotation(s->rotation, state);
    for (int k = 0; k < 3; k++)
        s->position[k] = uniform(state, -1, 1);
    switch (kind) {
    case CCD_SHAPE_PADDED_POLYTOPE:
        s->radius = uniform(state, 0.05, 0.4);
        /* fall through */
    case CCD_SHAPE_POLYTOPE:
        /* the six axis directions (so the polytope stays bounded), then up to six
         * random faces cutting it */
        s->faces = 6 + (size_t)(next(state) % 7);
        for (size_t i = 0; i < s->faces; i++) {
            double *a = s->normals[i];
            if (i < 6) {
                for (int k = 0; k < 3; k++)
                    a[k] = k == (int)(i / 2) ? (i % 2 ? -1 : 1) : 0;
            } else {
                random_unit(a, state);
            }
            s->offsets[i] = uniform(state, 0.4, 1.2);
        }
        break;
    case CCD_SHAPE_BOX:
    case CCD_SHAPE_ELLIPSOID:
        for (int k = 0; k < 3; k++)
            s->half_extents[k] = uniform(state, 0.3, 1.2);
        break;
    case CCD_SHAPE_SPHERE:
        s->radius = uniform(state, 0.3, 1.2);
        break;
    case CCD_SHAPE_CAPSULE:
    case CCD_SHAPE_CYLINDER:
        s->radius = uniform(state, 0.2, 0.8);
        s->length = uniform(state, 0.3, 2);
        break;
    case CCD_SHAPE_CONE:
        s->height = uniform(state, 0.5, 2);
        s->half_angle = uniform(state, 0.2, 1);
        break;
    case CCD_SHAPE_HALFSPACE:
        random_unit(s->normals[0], state);
        break;
    default:
        break;
    }
}

void ccd_scaling_random_pair(ccd_shape *a, ccd_shape *b, ccd_shape_kind ka, ccd_shape_kind kb,
                             uint64_t *state)
{
    ccd_scaling_random_shape(a, ka, state);
    ccd_scaling_random_shape(b, kb, state);
    double dir[3];
    random_unit(dir, state);
    if (kb == CCD_SHAPE_HALFSPACE) {
        /* the plane at a signed distance from a's centre: one pair in six has the
         * centre inside (α* = 0) */
        double n[3];
        for (int r = 0; r < 3; r++)
            n[r] = b->rotation[r][0] * b->normals[0][0] + b->rotation[r][1] * b->normals[0][1] +
                   b->rotation[r][2] * b->normals[0][2];
        double u = uniform(state, -0.5, 2.5);
        for (int k = 0; k < 3; k++)
            b->position[k] = a->position[k] - u * n[k] + 0.5 * dir[k];
        return;
    }
    double dist = uniform(state, 0.1, 4);
    for (int k = 0; k < 3; k++)
        b->position[k] = a->position[k] + dist * dir[k];
}

/* ------------------------------------------------------------------ the check */

size_t ccd_scaling_combinations(ccd_shape_kind (*out)[2])
{
    size_t n = 0;
    for (int i = 0; i < CCD_SHAPE_HALFSPACE; i++)
        for (int j = i; j < CCD_SHAPE_HALFSPACE; j++, n++)
            if (out)
                out[n][0] = (ccd_shape_kind)i, out[n][1] = (ccd_shape_kind)j;
    for (int i = 0; i < CCD_SHAPE_HALFSPACE; i++, n++)
        if (out)
            out[n][0] = (ccd_shape_kind)i, out[n][1] = CCD_SHAPE_HALFSPACE;
    return n;
}

static double dist3(const double *a, const double *b, double sign)
{
    double d = 0;
    for (int k = 0; k < 3; k++)
        d += (a[k] - sign * b[k]) * (a[k] - sign * b[k]);
    return sqrt(d);
}

static double rel(double x, double ref)
{
    return fabs(x - ref) / fmax(fabs(ref), 1e-3);
}

/* Both shapes under p ↦ Qp + t. */
static void move(ccd_shape *s, const double Q[3][3], const double t[3])
{
    double x[3], R[3][3];
    for (int i = 0; i < 3; i++) {
        x[i] = t[i];
        for (int k = 0; k < 3; k++) {
            x[i] += Q[i][k] * s->position[k];
            R[i][k] = 0;
            for (int j = 0; j < 3; j++)
                R[i][k] += Q[i][j] * s->rotation[j][k];
        }
    }
    memcpy(s->position, x, sizeof x);
    memcpy(s->rotation, R, sizeof R);
}

/* The shape grown by k about its centre. */
static void grow(ccd_shape *s, double k)
{
    s->radius *= k;
    s->length *= k;
    s->height *= k;
    for (int i = 0; i < 3; i++)
        s->half_extents[i] *= k;
    if (s->kind != CCD_SHAPE_HALFSPACE)
        for (size_t i = 0; i < s->faces; i++)
            s->offsets[i] *= k;
}

static int add(ccd_sample *s, double x)
{
    return ccd_sample_add(s, x) == CCD_OK ? 0 : -1;
}

/* The dual sensitivity to parameter i of s (ccd_shape_param_name order). */
static double gradient_param(const ccd_scaling_gradient *g, const ccd_shape *s, size_t i)
{
    if (i < 3)
        return g->position[i];
    if (i < 6)
        return g->rotation[i - 3];
    size_t j = i - 6;
    switch (s->kind) {
    case CCD_SHAPE_POLYTOPE:
        return g->offsets[j];
    case CCD_SHAPE_PADDED_POLYTOPE:
        return j == 0 ? g->radius : g->offsets[j - 1];
    case CCD_SHAPE_BOX:
    case CCD_SHAPE_ELLIPSOID:
        return g->half_extents[j];
    case CCD_SHAPE_SPHERE:
        return g->radius;
    case CCD_SHAPE_CAPSULE:
    case CCD_SHAPE_CYLINDER:
        return j == 0 ? g->radius : g->length;
    case CCD_SHAPE_CONE:
        return j == 0 ? g->height : g->half_angle;
    default:
        return NAN; /* a half-space: the gauge does not take it */
    }
}

/* max |x − ref| / max |ref| over n values (ref all zero: the plain max |x|). */
static double relative_max(const double *x, const double *ref, size_t n)
{
    double err = 0, size = 0;
    for (size_t i = 0; i < n; i++) {
        err = fmax(err, fabs(x[i] - ref[i]));
        size = fmax(size, fabs(ref[i]));
    }
    return size > 0 ? err / size : err;
}

/* The derivatives of the pair (ρ = 0, solved as r) against MPFR central
 * differences of the gauge; -1 when out of memory. */
static int check_differences(ccd_scaling_check_row *row, const ccd_shape *a, const ccd_shape *b,
                             const ccd_scaling_result *r)
{
    ccd_scaling_gauge_derivatives fd;
    if (!ccd_scaling_gauge_differences(&fd, a, b))
        return 0;
    ccd_scaling_derivatives d;
    ccd_scaling_result ri;
    ccd_scaling_gradient g[2];
    ccd_scaling_gradient_of(g, r, a, b);
    int have_ift = ccd_scaling_derivatives_solve(&d, &ri, a, b, 0) == CCD_SCALING_OK;
    const ccd_shape *shapes[2] = {a, b};
    enum { MAX = 2 * CCD_SCALING_MAX_PARAMS };
    double ref[MAX], dual[MAX], ift[MAX], ref_p[3 * MAX], ift_p[3 * MAX];
    size_t n = 0;
    for (int body = 0; body < 2; body++)
        for (size_t i = 0; i < fd.params[body]; i++, n++) {
            ref[n] = fd.dalpha[body][i];
            dual[n] = gradient_param(&g[body], shapes[body], i);
            ift[n] = have_ift ? d.dalpha[body][i] : NAN;
            for (int k = 0; k < 3; k++) {
                ref_p[3 * n + k] = fd.dp[body][i][k];
                ift_p[3 * n + k] = have_ift ? d.dp[body][i][k] : NAN;
            }
        }
    if (add(&row->fd_dual, relative_max(dual, ref, n)))
        return -1;
    if (have_ift && (add(&row->fd_ift, relative_max(ift, ref, n)) ||
                     add(&row->fd_dp, relative_max(ift_p, ref_p, 3 * n))))
        return -1;
    return 0;
}

/* One pair at one ρ into row; -1 when out of memory.  differences: also check
 * the derivatives against central differences (ρ = 0 only). */
static int check_pair(ccd_scaling_check_row *row, const ccd_shape *a, const ccd_shape *b,
                      const ccd_scaling_ref *ref, double rho, int differences, uint64_t *state)
{
    ccd_scaling_result r, r2;
    row->pairs++;
    if (ccd_scaling_solve(&r, a, b, rho) != CCD_SCALING_OK) {
        row->failed++;
        return 0;
    }
    row->over_30 += r.iterations >= 30;
    if (differences && rho == 0 && check_differences(row, a, b, &r) != 0)
        return -1;
    row->overlap = ccd_scaling_overlap_test(a, b);
    if (rho == 0 && fabs(r.phi) > 1e-6 && row->overlap != CCD_OVERLAP_NONE) {
        int overlap = ccd_scaling_overlap(a, b);
        if (overlap >= 0) {
            row->overlap_compared++;
            row->overlap_disagree += overlap != (r.phi < 0);
        }
    }
    int unique_normal = ref->kind != CCD_SCALING_REF_NONE ? ref->has_normal : r.alpha > 1e-6;
    if (add(&row->iterations, r.iterations) || add(&row->residual, r.residual) ||
        add(&row->n_sum, unique_normal ? dist3(r.normal, r.normal2, -1) : NAN))
        return -1;
    if (ref->kind != CCD_SCALING_REF_NONE) {
        double e = ccd_scaling_ref_alpha_error(ref, r.alpha);
        double alpha_ref = mpfr_get_d(ref->alpha, MPFR_RNDN);
        if (add(&row->alpha, e) || add(&row->phi, fabs(r.alpha - alpha_ref)) ||
            add(&row->p, ref->has_p ? dist3(r.p, ref->p, 1) : NAN) ||
            add(&row->normal, ref->has_normal ? dist3(r.normal, ref->normal, 1) : NAN))
            return -1;
        /* ∂α* / ∂x, relative to its size; at ρ = 0 only (at ρ > 0 the duals give
         * the barrier problem's value's derivative, not that of the relaxed α) */
        double dx = NAN;
        const double zero[3] = {0, 0, 0};
        if (ref->has_normal && rho == 0)
            for (int body = 0; body < 2; body++)
                dx = fmax(isnan(dx) ? 0 : dx, dist3(r.dalpha_dx[body], ref->dalpha_dx[body], 1) /
                                                  dist3(ref->dalpha_dx[body], zero, 1));
        if (add(&row->dx, dx))
            return -1;
        if (ref->has_normal && rho == 0) {
            ccd_scaling_derivatives d;
            ccd_scaling_result ri;
            if (ccd_scaling_derivatives_solve(&d, &ri, a, b, rho) == CCD_SCALING_SINGULAR) {
                row->singular++;
            } else {
                double worst = 0;
                for (int body = 0; body < 2; body++) {
                    double g[3] = {d.dalpha[body][0], d.dalpha[body][1], d.dalpha[body][2]};
                    worst = fmax(worst, dist3(g, ref->dalpha_dx[body], 1) /
                                            dist3(ref->dalpha_dx[body], zero, 1));
                }
                if (add(&row->ift, worst))
                    return -1;
            }
        }
    }
    /* a common rigid motion */
    double Q[3][3], t[3];
    random_rotation(Q, state);
    for (int k = 0; k < 3; k++)
        t[k] = uniform(state, -2, 2);
    ccd_shape ma = *a, mb = *b;
    move(&ma, Q, t);
    move(&mb, Q, t);
    if (ccd_scaling_solve(&r2, &ma, &mb, rho) == CCD_SCALING_OK) {
        double qn[3] = {0, 0, 0};
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 3; k++)
                qn[i] += Q[i][k] * r.normal[k];
        double e = rel(r2.alpha, r.alpha);
        if (unique_normal)
            e = fmax(e, dist3(r2.normal, qn, 1));
        if (add(&row->motion, e))
            return -1;
    } else {
        row->failed++;
    }
    /* swapped bodies: the same α*, the normal reversed */
    if (ccd_scaling_solve(&r2, b, a, rho) == CCD_SCALING_OK) {
        double e = rel(r2.alpha, r.alpha);
        if (unique_normal)
            e = fmax(e, dist3(r2.normal, r.normal, -1));
        if (add(&row->swap, e))
            return -1;
    } else {
        row->failed++;
    }
    /* both grown by k = 2: α* / 2 (exact program only) */
    if (rho == 0) {
        ccd_shape ga = *a, gb = *b;
        grow(&ga, 2);
        grow(&gb, 2);
        if (ccd_scaling_solve(&r2, &ga, &gb, rho) == CCD_SCALING_OK) {
            if (add(&row->scale, rel(2 * r2.alpha, r.alpha)))
                return -1;
        } else {
            row->failed++;
        }
    }
    return 0;
}

static ccd_sample *row_samples(ccd_scaling_check_row *row, size_t *n)
{
    *n = 15;
    return &row->alpha; /* alpha … iterations are consecutive */
}

void ccd_scaling_check_free(ccd_scaling_check *c)
{
    for (size_t i = 0; i < c->nrows; i++) {
        size_t n;
        ccd_sample *s = row_samples(&c->rows[i], &n);
        for (size_t k = 0; k < n; k++)
            ccd_sample_free(&s[k]);
    }
    free(c->rows);
    c->rows = NULL;
    c->nrows = 0;
}

ccd_status ccd_scaling_check_run(ccd_scaling_check *c, ccd_error *err,
                                 const ccd_scaling_check_options *o)
{
    double start = ccd_clock_seconds();
    memset(c, 0, sizeof *c);
    c->options = *o;
    ccd_shape_kind combo[CCD_SHAPE_KINDS * CCD_SHAPE_KINDS][2];
    size_t ncombo = ccd_scaling_combinations(combo);
    c->rows = calloc(ncombo * o->nrho, sizeof *c->rows);
    if (!c->rows)
        return ccd_error_set(err, CCD_ERR_INTERNAL, "contact scaling check", 0, 0,
                             "out of memory");
    c->nrows = ncombo * o->nrho;
    for (size_t i = 0; i < c->nrows; i++) {
        ccd_scaling_check_row *row = &c->rows[i];
        size_t n;
        ccd_sample *s = row_samples(row, &n);
        for (size_t k = 0; k < n; k++)
            ccd_sample_init(&s[k]);
        row->a = combo[i / o->nrho][0];
        row->b = combo[i / o->nrho][1];
        row->rho = o->rho[i % o->nrho];
    }
    ccd_scaling_ref ref;
    ccd_scaling_ref_init(&ref);
    ccd_status st = CCD_OK;
    for (size_t ci = 0; ci < ncombo && st == CCD_OK; ci++) {
        /* one stream per combination: adding one leaves the others' pairs alone */
        uint64_t state = o->seed * 0x100000001b3ULL + ci;
        for (size_t k = 0; k < o->pairs && st == CCD_OK; k++) {
            ccd_shape a, b;
            ccd_scaling_random_pair(&a, &b, combo[ci][0], combo[ci][1], &state);
            ccd_scaling_reference(&ref, &a, &b);
            for (size_t ri = 0; ri < o->nrho; ri++) {
                ccd_scaling_check_row *row = &c->rows[ci * o->nrho + ri];
                if (ref.kind != CCD_SCALING_REF_NONE)
                    row->reference = ref.kind;
                if (check_pair(row, &a, &b, &ref, o->rho[ri], k < o->differences, &state) != 0) {
                    st = ccd_error_set(err, CCD_ERR_INTERNAL, "contact scaling check", 0, 0,
                                       "out of memory");
                    break;
                }
            }
        }
    }
    ccd_scaling_ref_clear(&ref);
    if (st != CCD_OK)
        ccd_scaling_check_free(c);
    for (size_t i = 0; i < c->nrows; i++)
        c->failed += c->rows[i].failed;
    c->seconds = ccd_clock_seconds() - start;
    return st;
}
