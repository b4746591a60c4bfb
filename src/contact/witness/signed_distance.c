/* SPDX-License-Identifier: MIT */
/* Signed distances, normals and activity indicators (see signed_distance.h). */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contact/witness/signed_distance.h"
#include "core/error.h"
#include "contact/common/smooth.h"

void ccd_contact_params_default(ccd_contact_params *p)
{
    ccd_smoothing_default(&p->witness);
    p->tau_sign = p->tau_pen = p->tau_nn = p->tau_clash = 0.01;
    p->eps_normal = 1e-12;
    p->tau_normal = 1e-12;
    p->safeguard = 1;
}

static double dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

ccd_status ccd_contact_edge_edge(ccd_ee_contact *out, ccd_error *err, const ccd_contact_body *b1,
                                 const ccd_contact_body *b2, const ccd_contact_params *p)
{
    const size_t n1 = b1->edge_count, n2 = b2->edge_count;
    if (n1 == 0 || n2 == 0)
        return CCD_OK;
    for (size_t k = 0; k < n1; k++)
        for (size_t l = 0; l < n2; l++) {
            const unsigned *e1 = b1->edge[k], *e2 = b2->edge[l];
            if (e1[0] >= b1->vertex_count || e1[1] >= b1->vertex_count ||
                e2[0] >= b2->vertex_count || e2[1] >= b2->vertex_count)
                return ccd_error_set(err, CCD_ERR_INPUT, "contact bodies", 0, 0,
                                     "edge %zu or %zu refers to a missing vertex", k, l);
            ccd_ee_contact *c = &out[k * n2 + l];
            double x[4][3];
            memcpy(x[0], b1->vertex[e1[0]], sizeof x[0]);
            memcpy(x[1], b1->vertex[e1[1]], sizeof x[1]);
            memcpy(x[2], b2->vertex[e2[0]], sizeof x[2]);
            memcpy(x[3], b2->vertex[e2[1]], sizeof x[3]);
            ccd_ee_witness w;
            ccd_ee_witness_eval(&w, x, &p->witness);
            memcpy(c->p1, w.pa, sizeof c->p1);
            memcpy(c->p2, w.pb, sizeof c->p2);
            double de[3] = {w.pa[0] - w.pb[0], w.pa[1] - w.pb[1], w.pa[2] - w.pb[2]};
            double dd = dot3(de, de), den = sqrt(dd + p->eps_normal);
            c->dbar = sqrt(dd);
            for (int i = 0; i < 3; i++)
                c->nbar[i] = den > 0 ? de[i] / den : 0;
            /* SDF gradients at the witness points (eq. 11, 15) */
            double g1[3], g2[3];
            double phi1_p1 = ccd_sdf_eval(g1, b1->sdf, c->p1);
            double phi2_p2 = ccd_sdf_eval(g2, b2->sdf, c->p2);
            double phi2_p1 = ccd_sdf_eval(NULL, b2->sdf, c->p1);
            double phi1_p2 = ccd_sdf_eval(NULL, b1->sdf, c->p2);
            double gam1 = ccd_soft_sign(dot3(g2, c->nbar), p->tau_sign);
            double gam2 = ccd_soft_sign(-dot3(g1, c->nbar), p->tau_sign);
            c->d1 = gam1 * c->dbar;
            c->d2 = gam2 * c->dbar;
            for (int i = 0; i < 3; i++) {
                c->n1[i] = gam1 * c->nbar[i];
                c->n2[i] = -gam2 * c->nbar[i];
            }
            c->colliding = w.colliding;
            c->pen1 = ccd_soft_greater(-phi2_p1, 0, p->tau_pen);
            c->pen2 = ccd_soft_greater(-phi1_p2, 0, p->tau_pen);
            c->clash = ccd_soft_greater(-dot3(g1, g2), 0, p->tau_clash);
            double guard = p->safeguard ? ccd_soft_greater(-phi1_p1, 0, p->tau_pen) *
                                              ccd_soft_greater(-phi2_p2, 0, p->tau_pen)
                                        : 1.0;
            c->act1 = c->colliding * c->pen1 * c->clash * guard; /* nn applied below */
            c->act2 = c->colliding * c->pen2 * c->clash * guard;
        }
    /* nearest-neighbour indicators: soft argmin along rows (nn1) and columns (nn2) */
    size_t nmax = n1 > n2 ? n1 : n2;
    double *d = malloc(nmax * sizeof *d), *w = malloc(nmax * sizeof *w);
    if (!d || !w) {
        free(d), free(w);
        return ccd_error_oom(err, "contact");
    }
    for (size_t k = 0; k < n1; k++) {
        for (size_t l = 0; l < n2; l++)
            d[l] = out[k * n2 + l].dbar;
        ccd_soft_argmin(w, NULL, d, n2, p->tau_nn);
        for (size_t l = 0; l < n2; l++) {
            out[k * n2 + l].nn1 = w[l];
            out[k * n2 + l].act1 *= w[l];
        }
    }
    for (size_t l = 0; l < n2; l++) {
        for (size_t k = 0; k < n1; k++)
            d[k] = out[k * n2 + l].dbar;
        ccd_soft_argmin(w, NULL, d, n1, p->tau_nn);
        for (size_t k = 0; k < n1; k++) {
            out[k * n2 + l].nn2 = w[k];
            out[k * n2 + l].act2 *= w[k];
        }
    }
    free(d);
    free(w);
    return CCD_OK;
}

void ccd_contact_vertex_sdf(ccd_vs_contact *out, const ccd_contact_body *b, const ccd_sdf *opposing,
                            const ccd_contact_params *p)
{
    for (size_t i = 0; i < b->vertex_count; i++) {
        ccd_vs_contact *c = &out[i];
        memcpy(c->p, b->vertex[i], sizeof c->p);
        c->d = ccd_sdf_eval(NULL, opposing, c->p);
        ccd_sdf_normal(c->n, opposing, c->p, p->tau_normal);
        c->act = ccd_soft_greater(-c->d, 0, p->tau_pen);
    }
}
