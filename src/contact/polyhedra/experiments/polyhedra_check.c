/* SPDX-License-Identifier: MIT */
/* Table I of Cheng Yi & Drumwright against the exact reference (polyhedra_check.h). */
#include <config.h>

#include "contact/polyhedra/experiments/polyhedra_check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "bench/work_queue.h"
#include "contact/polyhedra/minkowski_exact.h"
#include "core/clock.h"
#include "polyhedra.h"

const char *const ccd_poly_range_names[CCD_POLY_RANGES] = {"Penetrating_BB", "Apart_BB"};

void ccd_poly_check_options_default(ccd_poly_check_options *o)
{
    o->poses = 10000;
    o->seed = 1;
    o->threads = 0;
}

double ccd_poly_uniform(uint64_t *rng)
{
    uint64_t z = (*rng += 0x9e3779b97f4a7c15ULL); /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1p-53;
}

void ccd_poly_box(double v[8][3], double h)
{
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            v[i][k] = (i >> k) & 1 ? h : -h;
}

void ccd_poly_random_pose(ccd_posed_vertices *b, int range, uint64_t *rng)
{
    double lo = range == 0 ? -1.0 : 2.5, hi = range == 0 ? 1.0 : 10.0;
    for (int k = 0; k < 3; k++)
        b->pos[k] = lo + (hi - lo) * ccd_poly_uniform(rng);
    double q[4];
    do {
        for (int k = 0; k < 4; k++)
            q[k] = 2.0 * ccd_poly_uniform(rng) - 1.0;
    } while (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] < 1e-12);
    ccd_quaternion_rotation(b->rot, q);
}

void ccd_poly_check_free(ccd_poly_check *c)
{
    free(c->rows);
    c->rows = NULL;
    c->count = 0;
}

/* What one method said about one pose. */
typedef struct answer {
    ccd_pm_status status;
    double phi, normal[3];
} answer;

static double angle_deg(const double u[3], const double v[3])
{
    double c[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
    double s = sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
    double d = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    return atan2(s, d) * (180.0 / 3.14159265358979323846);
}

static void summarize(ccd_poly_check_row *row, const answer *ans, const ccd_minkowski_result *ref,
                      size_t poses, size_t stride)
{
    double sum = 0, min = INFINITY, max = -INFINITY, nmax = NAN;
    size_t values = 0;
    for (size_t i = 0; i < poses; i++) {
        const answer *a = &ans[i * stride];
        const ccd_minkowski_result *r = &ref[i];
        switch (a->status) {
        case CCD_PM_OK: {
            double e = fabs(a->phi - r->phi);
            values++;
            sum += e;
            min = fmin(min, e);
            max = fmax(max, e);
            if ((a->phi <= 0) != (r->phi <= 0) && r->phi != 0)
                row->gate_wrong++;
            if (r->normal_unique) {
                double ang = angle_deg(a->normal, r->normal);
                nmax = isnan(nmax) ? ang : fmax(nmax, ang);
            }
            break;
        }
        case CCD_PM_DISJOINT:
            row->disjoint++;
            if (r->phi < 0)
                row->gate_wrong++;
            break;
        case CCD_PM_NO_CONTACT:
            row->no_contact++;
            break;
        default:
            row->failed++;
            break;
        }
    }
    row->values = values;
    row->normal_max_deg = nmax;
    if (values == 0) {
        row->min = row->max = row->mean = row->std = NAN;
        return;
    }
    row->min = min;
    row->max = max;
    row->mean = sum / (double)values;
    double ss = 0;
    for (size_t i = 0; i < poses; i++) {
        const answer *a = &ans[i * stride];
        if (a->status == CCD_PM_OK) {
            double d = fabs(a->phi - ref[i].phi) - row->mean;
            ss += d * d;
        }
    }
    row->std = values > 1 ? sqrt(ss / (double)(values - 1)) : 0.0;
}

ccd_status ccd_poly_check_run(ccd_poly_check *out, ccd_error *err, const ccd_poly_check_options *o,
                              const ccd_pm_method *methods, size_t nmethods)
{
    memset(out, 0, sizeof *out);
    out->omp_threads = o->threads > 0 ? o->threads : omp_get_max_threads();
    size_t n = o->poses;
    out->rows = calloc(CCD_POLY_RANGES * nmethods + 1, sizeof *out->rows);
    ccd_posed_vertices *poses = malloc((n ? n : 1) * sizeof *poses);
    ccd_minkowski_result *ref = malloc((n ? n : 1) * sizeof *ref);
    answer *ans = malloc((n * nmethods + 1) * sizeof *ans);
    ccd_status *st = malloc((n ? n : 1) * sizeof *st);
    ccd_error *errs = malloc((n ? n : 1) * sizeof *errs);
    if (!out->rows || !poses || !ref || !ans || !st || !errs) {
        free(poses);
        free(ref);
        free(ans);
        free(st);
        free(errs);
        ccd_poly_check_free(out);
        return ccd_error_set(err, CCD_ERR_INTERNAL, "contact polyhedra check", 0, 0,
                             "out of memory");
    }
    double box[8][3];
    ccd_poly_box(box, 1.0);
    ccd_polyhedron body;
    ccd_status result = ccd_polyhedron_hull(&body, err, (const double(*)[3])box, 8);
    if (result != CCD_OK) {
        free(poses);
        free(ref);
        free(ans);
        free(st);
        free(errs);
        ccd_poly_check_free(out);
        return result;
    }
    ccd_posed_vertices a = {(const double(*)[3])box, 8, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {0, 0, 0},
                            &body};
    for (int range = 0; range < CCD_POLY_RANGES && result == CCD_OK; range++) {
        uint64_t rng = o->seed * 0x2545f4914f6cdd1dULL + (uint64_t)range;
        for (size_t i = 0; i < n; i++) {
            poses[i].v = (const double(*)[3])box;
            poses[i].n = 8;
            poses[i].body = &body;
            ccd_poly_random_pose(&poses[i], range, &rng);
        }
        double t0 = omp_get_wtime();
        ccd_work_list list; /* chunks by measured cost (bench/work_queue.h) */
        ccd_work_list_init(&list, n, 0);
#pragma omp parallel num_threads(out->omp_threads)
        for (size_t first, k; (k = ccd_work_list_take(&list, &first)) > 0;) {
            const uint64_t start = ccd_clock_ns();
            for (size_t i = first; i < first + k; i++)
                st[i] = ccd_minkowski_signed_distance(&ref[i], &errs[i], &a, &poses[i]);
            ccd_work_cost_add(&list.cost, ccd_clock_ns() - start, k);
        }
        out->ref_seconds += omp_get_wtime() - t0;
        for (size_t i = 0; i < n; i++)
            if (st[i] != CCD_OK) {
                result = ccd_error_set(err, st[i], "contact polyhedra check", 0, 0,
                                       "%s pose %zu: %s", ccd_poly_range_names[range], i + 1,
                                       errs[i].message);
                break;
            }
        if (result != CCD_OK)
            break;
        ccd_work_list_init(&list, n, 0);
#pragma omp parallel num_threads(out->omp_threads)
        for (size_t first, k; (k = ccd_work_list_take(&list, &first)) > 0;) {
            const uint64_t start = ccd_clock_ns();
            for (size_t i = first; i < first + k; i++)
                for (size_t m = 0; m < nmethods; m++) {
                    answer *x = &ans[i * nmethods + m];
                    x->status =
                        methods[m].fn(&x->phi, x->normal, methods[m].ctx, &a, &poses[i]);
                }
            ccd_work_cost_add(&list.cost, ccd_clock_ns() - start, k);
        }
        for (size_t i = 0; i < n; i++) {
            if (ref[i].inside > 0)
                out->ref_inside[range]++;
            else if (ref[i].inside == 0)
                out->ref_touching[range]++;
            else
                out->ref_apart[range]++;
            out->ref_nonunique[range] += !ref[i].normal_unique;
        }
        for (size_t m = 0; m < nmethods; m++) {
            ccd_poly_check_row *row = &out->rows[out->count++];
            row->range = range;
            row->method = methods[m].name;
            row->poses = n;
            summarize(row, ans + m, ref, n, nmethods);
        }
    }
    ccd_polyhedron_free(&body);
    free(poses);
    free(ref);
    free(ans);
    free(st);
    free(errs);
    if (result != CCD_OK)
        ccd_poly_check_free(out);
    return result;
}
