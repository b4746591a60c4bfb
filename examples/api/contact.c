/* SPDX-License-Identifier: MIT */
/*
 * contact: the two halves of a simulation step through the installed headers
 * only.  For every query of a dataset, the CCD API (<ccdbench/ccdbench.h>) finds
 * whether and when the primitives collide (tight-inclusion, conservative: its
 * time of impact is at most the true one); for each collision the contact API
 * (<ccdbench/contact.h>) then gives the closest points of the pair moved to that
 * time (hard witness points of Beker et al. 2025), which is where a simulation
 * would put the contact, and the smooth witness points with their Jacobian, what
 * a differentiable simulation would use:
 *
 *   contact DATA...
 *   set,family,kind,queries,collisions,max_gap,max_smooth_shift,jacobian_finite
 *
 * one line per file: collisions reported; the largest distance |pa - pb| between
 * the closest points at the reported time of impact (small: the pair touches
 * there, up to the method's tolerance); the largest distance between the hard
 * and the smoothed witness points; and whether every Jacobian entry is finite.
 * Exit status 2 for bad input (the message reads path:line:column: what), 1
 * when the method fails.
 */
#include <ccdbench/ccdbench.h>
#include <ccdbench/contact.h>

#include "example.h"

#include <math.h>
#include <stdio.h>

typedef struct summary {
    unsigned long queries, collisions;
    double max_gap, max_smooth_shift;
    int jacobian_finite;
} summary;

static double dist(const double a[3], const double b[3])
{
    double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
    return sqrt(dx * dx + dy * dy + dz * dz);
}

static int all_finite(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return 0;
    return 1;
}

/* The contact of q at time t: rows 0-3 are the primitives at t = 0, rows 4-7 at
 * t = 1, and every point moves linearly in between. */
static void contact_at(summary *s, const ccd_query *q, double t)
{
    double x[4][3];
    for (int row = 0; row < 4; row++)
        for (int axis = 0; axis < 3; axis++)
            x[row][axis] = (1 - t) * q->v[row][axis] + t * q->v[row + 4][axis];
    /* C before C23 does not convert double (*)[3] to const double (*)[3] by itself. */
    const double(*cx)[3] = (const double(*)[3])x;

    ccd_smoothing hard, smooth;
    ccd_smoothing_hard(&hard);
    ccd_smoothing_default(&smooth);
    double gap, shift;
    int finite;
    if (q->kind == CCD_EE) {
        ccd_ee_witness w, ws;
        ccd_ee_jacobian jac;
        ccd_ee_witness_eval(&w, cx, &hard);
        ccd_ee_witness_jacobian(&ws, &jac, cx, &smooth);
        gap = dist(w.pa, w.pb);
        shift = fmax(dist(w.pa, ws.pa), dist(w.pb, ws.pb));
        finite = all_finite(&jac.pa[0][0], sizeof jac / sizeof(double));
    } else {
        ccd_vf_witness w, ws;
        ccd_vf_jacobian jac;
        ccd_vf_witness_eval(&w, cx, &hard);
        ccd_vf_witness_jacobian(&ws, &jac, cx, &smooth);
        gap = dist(cx[0], w.pf); /* the vertex and its closest point on the face */
        shift = dist(w.pf, ws.pf);
        finite = all_finite(&jac.pf[0][0], sizeof jac / sizeof(double));
    }
    s->max_gap = fmax(s->max_gap, gap);
    s->max_smooth_shift = fmax(s->max_smooth_shift, shift);
    s->jacobian_finite &= finite;
}

/* One query and tight-inclusion's answer: the contact at the time of impact. */
static void visit(void *acc, const ccd_query *q, int label, const ccd_result *res)
{
    (void)label;
    summary *s = acc;
    s->queries++;
    if (res->collides) {
        s->collisions++;
        contact_at(s, q, res->toi);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s DATA...\n", argv[0]);
        return 2;
    }
    const ccd_method *m = example_find_method("tight-inclusion");
    if (!m) {
        fprintf(stderr, "tight-inclusion: not a built-in method of this libccdbench\n");
        return 1;
    }
    ccd_params p;
    ccd_params_default(&p);

    ccd_dataset d;
    void *scratch;
    int status = example_open(&d, &scratch, m, argv + 1, (size_t)argc - 1);
    if (status != 0)
        return status;
    ccd_error err;
    ccd_status st = CCD_OK;
    printf("set,family,kind,queries,collisions,max_gap,max_smooth_shift,jacobian_finite\n");
    for (size_t i = 0; i < d.count && st == CCD_OK; i++) {
        const ccd_dataset_file *f = &d.files[i];
        summary s = {0, 0, 0, 0, 1};
        st = example_run_file(&s, &err, m, &p, &d, i, scratch, visit);
        if (st == CCD_OK)
            printf("%s,%s,%s,%lu,%lu,%.3g,%.3g,%d\n", f->set, f->family,
                   f->kind == CCD_VF ? "VF" : "EE", s.queries, s.collisions, s.max_gap,
                   s.max_smooth_shift, s.jacobian_finite);
        else
            fprintf(stderr, "%s\n", err.message);
    }
    example_close(&d, m, scratch);
    return (int)st;
}
