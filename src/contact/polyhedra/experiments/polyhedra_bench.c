/* SPDX-License-Identifier: MIT */
/* Throughput of the polyhedra methods (polyhedra_bench.h). */
#include <config.h>

#include "contact/polyhedra/experiments/polyhedra_bench.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "bench/work_queue.h"
#include "contact/polyhedra/minkowski_exact.h"
#include "core/clock.h"
#include "polyhedra.h"
#include "contact/polyhedra/experiments/polyhedra_check.h"
#include "core/error.h"

const char *const ccd_poly_scene_names[CCD_POLY_SCENES] = {"box-box", "sphere98-box",
                                                          "sphere182-sphere182"};

void ccd_poly_bench_options_default(ccd_poly_bench_options *o)
{
    memset(o, 0, sizeof *o);
    o->pairs = 1000;
    o->min_seconds = 0.25;
    o->threads[0] = 1;
    o->threads[1] = 2;
    o->nthreads = 2;
    o->seed = 1;
}

void ccd_poly_bench_free(ccd_poly_bench *b)
{
    free(b->rows);
    b->rows = NULL;
    b->count = 0;
}

static void random_rotation(double rot[3][3], uint64_t *rng)
{
    double q[4];
    do {
        for (int k = 0; k < 4; k++)
            q[k] = 2.0 * ccd_poly_uniform(rng) - 1.0;
    } while (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] < 1e-12);
    ccd_quaternion_rotation(rot, q);
}

static void identity(double rot[3][3])
{
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            rot[r][c] = r == c;
}

/* The pose pool of a scene: A and B for each pair, all interpenetrating. */
static void make_pool(ccd_posed_vertices *a, ccd_posed_vertices *b, int scene, uint64_t *rng)
{
    for (size_t i = 0; i < CCD_POLY_POOL; i++) {
        memset(a[i].pos, 0, sizeof a[i].pos);
        switch (scene) {
        case 0: /* the Penetrating_BB poses of Table I */
            identity(a[i].rot);
            ccd_poly_random_pose(&b[i], 0, rng);
            break;
        case 1: /* a spinning sphere (A) sunk 0.1 to 0.15 into the box's top face y = 1
                   (its facets are all at least 0.95 from its centre: it always touches) */
            identity(b[i].rot);
            memset(b[i].pos, 0, sizeof b[i].pos);
            random_rotation(a[i].rot, rng);
            a[i].pos[0] = ccd_poly_uniform(rng) - 0.5;
            a[i].pos[2] = ccd_poly_uniform(rng) - 0.5;
            a[i].pos[1] = 1.9 - 0.05 * ccd_poly_uniform(rng);
            break;
        default: { /* sphere A on sphere B, centres 1.7 to 1.8 apart in a random direction */
            random_rotation(a[i].rot, rng);
            random_rotation(b[i].rot, rng);
            double d[3], len;
            do {
                for (int k = 0; k < 3; k++)
                    d[k] = 2.0 * ccd_poly_uniform(rng) - 1.0;
                len = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            } while (len < 1e-3 || len > 1);
            double gap = 1.8 - 0.1 * ccd_poly_uniform(rng);
            for (int k = 0; k < 3; k++)
                b[i].pos[k] = -gap * d[k] / len;
            break;
        }
        }
    }
}

static void measure(ccd_poly_bench_row *row, const ccd_pm_method *m, const ccd_posed_vertices *a,
                    const ccd_posed_vertices *b, size_t pairs, double min_seconds, int threads)
{
    size_t values = 0;
    double phi, nrm[3];
    for (size_t i = 0; i < CCD_POLY_POOL && i < pairs; i++) /* warm-up pass */
        (void)m->fn(&phi, nrm, m->ctx, &a[i], &b[i]);
    /* At least `pairs` queries, and at least min_seconds of them: a fast method's
     * count grows fourfold until the clock has something to measure. */
    for (;;) {
        values = 0;
        double t0 = omp_get_wtime();
        ccd_work_list list; /* chunks by measured cost (bench/work_queue.h) */
        ccd_work_list_init(&list, pairs, 0);
#pragma omp parallel num_threads(threads) reduction(+ : values)
        for (size_t first, count; (count = ccd_work_list_take(&list, &first)) > 0;) {
            const uint64_t start = ccd_clock_ns();
            for (size_t i = first; i < first + count; i++) {
                double p, n[3];
                size_t k = i % CCD_POLY_POOL;
                values += m->fn(&p, n, m->ctx, &a[k], &b[k]) == CCD_PM_OK;
            }
            ccd_work_cost_add(&list.cost, ccd_clock_ns() - start, count);
        }
        row->seconds = omp_get_wtime() - t0;
        if (row->seconds >= min_seconds || pairs > SIZE_MAX / 4)
            break;
        pairs *= 4;
    }
    row->values = values;
    row->pairs = pairs;
    row->threads = threads;
    row->method = m->name;
    row->pairs_per_second = row->seconds > 0 ? (double)pairs / row->seconds : INFINITY;
    row->ns_per_query = row->seconds * 1e9 / (double)pairs;
}

ccd_status ccd_poly_bench_run(ccd_poly_bench *out, ccd_error *err, const ccd_poly_bench_options *o,
                              const ccd_pm_method *methods, size_t nmethods)
{
    memset(out, 0, sizeof *out);
    /* The bodies, built once by the public constructors (exact hull): the box
     * [-1, 1]³ and the paper's 98- and 182-vertex spheres of radius 1. */
    ccd_polyhedron body[3];
    int built = 0;
    ccd_status st = ccd_polyhedron_box(&body[0], err, (const double[3]){1, 1, 1});
    built += st == CCD_OK;
    if (st == CCD_OK)
        st = ccd_polyhedron_sphere(&body[1], err, 98, 1.0);
    built += st == CCD_OK;
    if (st == CCD_OK)
        st = ccd_polyhedron_sphere(&body[2], err, 182, 1.0);
    built += st == CCD_OK;
    ccd_posed_vertices *a = malloc(CCD_POLY_POOL * sizeof *a);
    ccd_posed_vertices *b = malloc(CCD_POLY_POOL * sizeof *b);
    out->rows = calloc(CCD_POLY_SCENES * o->nthreads * nmethods + 1, sizeof *out->rows);
    if (st == CCD_OK && (!a || !b || !out->rows))
        st = ccd_error_oom(err, "contact polyhedra bench");
    if (st != CCD_OK) {
        ccd_poly_bench_free(out);
    } else {
        /* scene s: body sa[s] against body sb[s] */
        static const int sa[CCD_POLY_SCENES] = {0, 1, 2}, sb[CCD_POLY_SCENES] = {0, 0, 2};
        uint64_t rng = o->seed * 0x2545f4914f6cdd1dULL + 7;
        for (int s = 0; s < CCD_POLY_SCENES && st == CCD_OK; s++) {
            const ccd_polyhedron *pa = &body[sa[s]], *pb = &body[sb[s]];
            out->vertices[s][0] = pa->vertex_count;
            out->vertices[s][1] = pb->vertex_count;
            for (size_t i = 0; i < CCD_POLY_POOL; i++) {
                a[i].v = (const double(*)[3])pa->vertex;
                a[i].n = pa->vertex_count;
                a[i].body = pa;
                b[i].v = (const double(*)[3])pb->vertex;
                b[i].n = pb->vertex_count;
                b[i].body = pb;
            }
            make_pool(a, b, s, &rng);
            for (size_t t = 0; t < o->nthreads; t++) {
                ccd_poly_bench_row *first = &out->rows[out->count];
                for (size_t m = 0; m < nmethods; m++) {
                    ccd_poly_bench_row *row = &out->rows[out->count++];
                    row->scene = s;
                    measure(row, &methods[m], a, b, o->pairs, o->min_seconds, o->threads[t]);
                    row->ratio = row->pairs_per_second / first->pairs_per_second;
                }
            }
        }
    }
    for (int k = 0; k < built; k++)
        ccd_polyhedron_free(&body[k]);
    free(a);
    free(b);
    return st;
}
