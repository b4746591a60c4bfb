/* SPDX-License-Identifier: MIT */
/* The broad phase (ccdbench/scene.h): sweep and prune over the swept boxes of
 * scene_boxes.c.
 *
 * The boxes are sorted by their lower bound along one axis, the one along which
 * the box centres vary most (the choice only affects speed: every overlapping
 * pair is found along any axis).  Box i then meets exactly the boxes j > i with
 * lo_j ≤ hi_i on that axis, a run that starts right after i; each such pair is
 * tested on the two other axes.  All comparisons are between stored doubles of
 * conservative boxes, so no rounding enters the decision.  The sweep is split
 * over the sorted boxes with OpenMP; each thread collects its own pairs and the
 * union is sorted, so the output does not depend on the thread count.
 *
 * Pairs left out, as in the Scalable-CCD pipeline (which drops box pairs whose
 * primitives share a vertex): a vertex and a face that has it as a corner, and
 * two edges with a common end point. */
#include <config.h>

#include "ccdbench/scene.h"
#include "core/assert.h"
#include "core/error.h"
#include "core/grow.h"
#include "scene/scene_boxes.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* A box in the sweep order: a copy of the box, so that the sweep reads memory
 * in order. */
typedef struct sweep_item {
    double key; /* box.lo along the sweep axis */
    uint32_t id; /* box id */
    ccd_scene_box box;
} sweep_item;

static int by_lo_then_id(const void *pa, const void *pb)
{
    const sweep_item *a = pa, *b = pb;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return (a->id > b->id) - (a->id < b->id);
}

static int by_pair(const void *pa, const void *pb)
{
    const ccd_scene_pair *a = pa, *b = pb;
    if (a->a != b->a)
        return a->a < b->a ? -1 : 1;
    return (a->b > b->b) - (a->b < b->b);
}

/* The axis of largest variance of the box centres. */
static int sweep_axis(const ccd_scene_box *boxes, size_t n)
{
    double sum[3] = {0, 0, 0}, sq[3] = {0, 0, 0};
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) {
            double c = 0.5 * boxes[i].lo[k] + 0.5 * boxes[i].hi[k];
            sum[k] += c;
            sq[k] += c * c;
        }
    int best = 0;
    double best_var = -1;
    for (int k = 0; k < 3; k++) {
        double mean = n ? sum[k] / (double)n : 0;
        double var = n ? sq[k] / (double)n - mean * mean : 0;
        if (var > best_var)
            best_var = var, best = k;
    }
    return best;
}

static int overlap(const ccd_scene_box *a, const ccd_scene_box *b)
{
    for (int k = 0; k < 3; k++)
        if (a->lo[k] > b->hi[k] || b->lo[k] > a->hi[k])
            return 0;
    return 1;
}

/* What a sweep pairs: vertices with faces, or edges with edges. */
typedef struct sweep_job {
    const ccd_scene *s;
    int axis;
    sweep_item *items;
    size_t count;
    int edges; /* 1: EE, 0: VF */
} sweep_job;

typedef struct pair_buffer {
    ccd_scene_pair *p;
    size_t n, cap;
    int oom;
} pair_buffer;

static void push(pair_buffer *b, uint32_t x, uint32_t y)
{
    void *g = ccd_grow(b->p, &b->cap, b->n, sizeof *b->p, 256);
    if (!g) {
        b->oom = 1;
        return;
    }
    b->p = g;
    b->p[b->n++] = (ccd_scene_pair){x, y};
}

/* The candidate of box ids i and j, or 0 when the rule leaves it out. */
static int make_pair(const sweep_job *J, uint32_t i, uint32_t j, ccd_scene_pair *out)
{
    const ccd_scene *s = J->s;
    uint32_t nv = (uint32_t)s->vertex_count, ne = (uint32_t)s->edge_count;
    CCD_ASSERT(i != j);
    if (J->edges) {
        const uint32_t *a = s->edges + 2 * (i - nv), *b = s->edges + 2 * (j - nv);
        if (a[0] == b[0] || a[0] == b[1] || a[1] == b[0] || a[1] == b[1])
            return 0; /* a common end point */
        *out = i < j ? (ccd_scene_pair){i - nv, j - nv} : (ccd_scene_pair){j - nv, i - nv};
        return 1;
    }
    if ((i < nv) == (j < nv))
        return 0; /* two vertices or two faces */
    uint32_t v = i < nv ? i : j, f = (i < nv ? j : i) - nv - ne;
    const uint32_t *t = s->faces + 3 * (size_t)f;
    if (t[0] == v || t[1] == v || t[2] == v)
        return 0; /* the vertex is a corner of the face */
    *out = (ccd_scene_pair){v, f};
    return 1;
}

static ccd_status sweep(ccd_scene_pair **out, size_t *count, ccd_error *err, const sweep_job *J,
                        int threads)
{
    qsort(J->items, J->count, sizeof *J->items, by_lo_then_id);
    pair_buffer *bufs = calloc((size_t)threads, sizeof *bufs);
    if (!bufs)
        return ccd_error_oom(err, "broad phase");
    long n = (long)J->count;
#pragma omp parallel num_threads(threads)
    {
        pair_buffer *mine = &bufs[omp_get_thread_num()];
#pragma omp for schedule(dynamic, 256)
        for (long i = 0; i < n; i++) {
            const sweep_item *a = &J->items[i];
            double end = a->box.hi[J->axis];
            for (long j = i + 1; j < n && J->items[j].key <= end; j++) {
                ccd_scene_pair p;
                if (overlap(&a->box, &J->items[j].box) && make_pair(J, a->id, J->items[j].id, &p))
                    push(mine, p.a, p.b);
            }
        }
    }
    size_t total = 0;
    int oom = 0;
    for (int t = 0; t < threads; t++)
        total += bufs[t].n, oom |= bufs[t].oom;
    ccd_scene_pair *all = oom ? NULL : malloc((total + 1) * sizeof *all);
    size_t k = 0;
    for (int t = 0; t < threads; t++) {
        if (all && bufs[t].n)
            memcpy(all + k, bufs[t].p, bufs[t].n * sizeof *all);
        k += bufs[t].n;
        free(bufs[t].p);
    }
    free(bufs);
    if (!all)
        return ccd_error_oom(err, "broad phase");
    qsort(all, total, sizeof *all, by_pair);
    *out = all;
    *count = total;
    return CCD_OK;
}

void ccd_scene_candidates_free(ccd_scene_candidates *c)
{
    free(c->vf);
    free(c->ee);
    memset(c, 0, sizeof *c);
}

ccd_status ccd_scene_broad_phase(ccd_scene_candidates *out, ccd_error *err, const ccd_scene *s,
                                 double ms, int threads)
{
    memset(out, 0, sizeof *out);
    if (!(ms >= 0) || !isfinite(ms))
        return ccd_error_set(err, CCD_ERR_INPUT, "--ms", 0, 0, "%g is not a finite d >= 0", ms);
    size_t nv = s->vertex_count, ne = s->edge_count, nf = s->face_count;
    if (nv + ne + nf > UINT32_MAX)
        return ccd_error_set(err, CCD_ERR_INPUT, "scene", 0, 0,
                             "%zu primitives: more than box ids of 32 bits", nv + ne + nf);
    int n = threads > 0 ? threads : omp_get_max_threads();
    ccd_scene_box *boxes = malloc((nv + ne + nf + 1) * sizeof *boxes);
    sweep_item *items = malloc((nv + ne + nf + 1) * sizeof *items);
    if (!boxes || !items) {
        free(boxes);
        free(items);
        return ccd_error_oom(err, "broad phase");
    }
    ccd_scene_boxes(boxes, s, ms, n);
    int axis = sweep_axis(boxes, nv + ne + nf);
    /* VF: the vertices and the faces in one sweep */
    size_t k = 0;
    for (size_t i = 0; i < nv; i++)
        items[k++] = (sweep_item){boxes[i].lo[axis], (uint32_t)i, boxes[i]};
    for (size_t i = nv + ne; i < nv + ne + nf; i++)
        items[k++] = (sweep_item){boxes[i].lo[axis], (uint32_t)i, boxes[i]};
    sweep_job J = {.s = s, .axis = axis, .items = items, .count = k, .edges = 0};
    ccd_status st = sweep(&out->vf, &out->vf_count, err, &J, n);
    if (st == CCD_OK) {
        k = 0;
        for (size_t i = nv; i < nv + ne; i++)
            items[k++] = (sweep_item){boxes[i].lo[axis], (uint32_t)i, boxes[i]};
        J.count = k;
        J.edges = 1;
        st = sweep(&out->ee, &out->ee_count, err, &J, n);
    }
    free(boxes);
    free(items);
    if (st != CCD_OK)
        ccd_scene_candidates_free(out);
    return st;
}
