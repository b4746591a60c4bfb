/* SPDX-License-Identifier: MIT */
/* A step against the Scalable-CCD data published with it (ccdbench/scene.h):
 * per kind, the published box pairs looked up among the candidates (both
 * sorted the same way: binary search), the published query rows compared with
 * ours bit for bit, the exact oracle on our queries compared with mma_bool, and
 * the roots archives read for the least t, compared with the step's exact
 * earliest toi.  Both numbers are enclosed: the exact toi by its isolating
 * interval refined to 2^-(B + 8), B = CCD_SCENE_TOI_BITS, the least root by
 * MPFR interval arithmetic at a precision doubled until its enclosure is as
 * narrow.  When the two intervals meet, the numbers differ by less than
 * 2^-(B + 7) < 2^-B: equal to within 2^-B; when they do not, they differ. */
#include <config.h>

#include <stdio.h> /* before mpfr.h */

#include "ccdbench/scene.h"
#include "core/error.h"
#include "core/path_join.h"
#include "exact/exact_ccd.h"
#include "published/mma_roots.h"
#include "scene/scene_box_pairs.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The least precision tried for the roots, and the most. */
enum { ROOTS_PREC_FIRST = 512, ROOTS_PREC_MAX = 16384 };

/* DIR/SUB/S<kind><suffix>, malloc'd. */
static char *published_path(const char *dir, const char *sub, unsigned long step, ccd_kind kind,
                            const char *suffix)
{
    char name[128];
    snprintf(name, sizeof name, "%s/%lu%s%s", sub, step, kind == CCD_VF ? "vf" : "ee", suffix);
    return ccd_path_join(dir, name);
}

static int file_exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

int ccd_scene_has_published(const char *dir, unsigned long step)
{
    int found = 0;
    for (int k = 0; k < 2 && !found; k++) {
        char *p = published_path(dir, "boxes", step, (ccd_kind)k, ".json");
        found = p && file_exists(p);
        free(p);
    }
    return found;
}

static int has_pair(const ccd_scene_pair *p, size_t n, ccd_scene_pair x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (p[mid].a < x.a || (p[mid].a == x.a && p[mid].b < x.b))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && p[lo].a == x.a && p[lo].b == x.b;
}

/* The scene pair of published box ids x, y; 0 when they do not name a vertex
 * and a face (VF) or two edges (EE) of s. */
static int pair_of_ids(ccd_scene_pair *out, const ccd_scene *s, ccd_kind kind, uint64_t x,
                       uint64_t y)
{
    uint64_t nv = s->vertex_count, ne = s->edge_count, nf = s->face_count;
    if (kind == CCD_VF) {
        if (x >= nv || y < nv + ne || y >= nv + ne + nf)
            return 0;
        *out = (ccd_scene_pair){(uint32_t)x, (uint32_t)(y - nv - ne)};
        return 1;
    }
    if (x < nv || x >= nv + ne || y < nv || y >= nv + ne || x == y)
        return 0;
    uint32_t a = (uint32_t)(x - nv), b = (uint32_t)(y - nv);
    *out = (ccd_scene_pair){a < b ? a : b, a < b ? b : a};
    return 1;
}

/* The published queries and labels of one kind: all of them into b. */
static ccd_status read_queries(ccd_batch *b, ccd_error *err, const char *csv, const char *labels,
                               ccd_kind kind, size_t pairs, const char *boxes)
{
    ccd_reader *r;
    ccd_status st = ccd_reader_open(&r, err, csv, labels, kind);
    if (st != CCD_OK)
        return st;
    if ((st = ccd_batch_init(b, pairs + 1)) != CCD_OK) {
        ccd_reader_close(r);
        return ccd_error_oom(err, csv);
    }
    st = ccd_reader_read(b, err, r);
    ccd_reader_close(r);
    if (st == CCD_OK && b->count != pairs)
        st = ccd_error_set(err, CCD_ERR_INPUT, csv, 0, 0, "%s%zu queries, but %s has %zu pairs",
                           b->count > pairs ? "more than " : "",
                           b->count > pairs ? pairs : b->count, boxes, pairs);
    for (size_t i = 0; st == CCD_OK && i < b->count; i++)
        if (b->labels[i] < 0)
            st = ccd_error_set(err, CCD_ERR_INPUT, labels, 0, 0, "no label for query %zu", i);
    return st;
}

/* One kind: pairs, queries and labels; its roots into roots (precision set). */
static ccd_status check_kind(ccd_scene_published_kind *out, ccd_error *err, const char *dir,
                             unsigned long step, ccd_kind kind, const ccd_scene *s,
                             const ccd_scene_candidates *c, ccd_exact_ctx *ctx)
{
    memset(out, 0, sizeof *out);
    char *boxes = published_path(dir, "boxes", step, kind, ".json");
    char *csv = published_path(dir, "queries", step, kind, ".csv");
    char *labels = published_path(dir, "mma_bool", step, kind, "_mma_bool.json");
    uint64_t *ids = NULL;
    size_t n = 0;
    ccd_batch b = {0};
    ccd_status st = CCD_OK;
    if (!boxes || !csv || !labels) {
        st = ccd_error_oom(err, dir);
        goto done;
    }
    if (!file_exists(boxes))
        goto done; /* not published */
    out->published = 1;
    const char *need[2] = {csv, labels};
    for (int i = 0; i < 2; i++)
        if (!file_exists(need[i])) {
            st = ccd_error_set(err, CCD_ERR_INPUT, need[i], 0, 0, "%s (%s is published)",
                               strerror(errno), boxes);
            goto done;
        }
    if ((st = ccd_scene_box_pairs_read(&ids, &n, err, boxes)) != CCD_OK ||
        (st = read_queries(&b, err, csv, labels, kind, n, boxes)) != CCD_OK)
        goto done;
    const ccd_scene_pair *cand = kind == CCD_VF ? c->vf : c->ee;
    size_t ncand = kind == CCD_VF ? c->vf_count : c->ee_count, found = 0;
    out->pairs = n;
    for (size_t i = 0; i < n; i++) {
        ccd_scene_pair p;
        if (!pair_of_ids(&p, s, kind, ids[2 * i], ids[2 * i + 1])) {
            st = ccd_error_set(err, CCD_ERR_INPUT, boxes, 0, 0,
                               "pair %zu, [%llu, %llu], is not %s of the frames (%zu vertices, "
                               "%zu edges, %zu faces)",
                               i, (unsigned long long)ids[2 * i],
                               (unsigned long long)ids[2 * i + 1],
                               kind == CCD_VF ? "a vertex and a face" : "two edges",
                               s->vertex_count, s->edge_count, s->face_count);
            goto done;
        }
        const ccd_query *pub = &b.queries[i];
        out->positives += b.labels[i] == 1;
        if (has_pair(cand, ncand, p)) {
            found++;
        } else if (out->missing++ == 0) {
            out->first_missing = i;
            out->first_missing_ids[0] = ids[2 * i];
            out->first_missing_ids[1] = ids[2 * i + 1];
        }
        ccd_query q;
        ccd_scene_query(&q, s, kind, p);
        if ((pub->inexact || memcmp(q.v, pub->v, sizeof q.v)) && out->query_mismatches++ == 0)
            out->first_query_mismatch = i;
        int collides;
        if ((st = ccd_exact_decide(&collides, NULL, &q, NULL, 0, ctx)) != CCD_OK) {
            st = ccd_error_set(err, CCD_ERR_INTERNAL, "exact oracle", 0, 0,
                               "failed on published pair %zu of %s", i, boxes);
            goto done;
        }
        if (collides != b.labels[i] && out->disagreements++ == 0) {
            out->first_disagreement = i;
            out->first_disagreement_exact = collides;
        }
    }
    out->extra = ncand - found;
done:
    ccd_batch_free(&b);
    free(ids);
    free(boxes);
    free(csv);
    free(labels);
    return st;
}

/* The roots of both published kinds at precision prec into r[0], r[1] (both
 * initialised, whatever the status). */
static ccd_status read_roots(ccd_mma_roots r[2], ccd_error *err, const char *dir,
                             unsigned long step, const ccd_scene_published *p, mpfr_prec_t prec)
{
    ccd_status st = CCD_OK;
    ccd_mma_roots_init(&r[0], prec);
    ccd_mma_roots_init(&r[1], prec);
    for (int k = 0; k < 2 && st == CCD_OK; k++) {
        if (!(k == 0 ? p->vf : p->ee).published)
            continue;
        char *path = published_path(dir, "roots", step, (ccd_kind)k, "_roots.tar.gz");
        if (!path)
            st = ccd_error_oom(err, dir);
        else if (!file_exists(path))
            st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "%s (boxes/%lu%s.json is published)",
                               strerror(errno), step, k == 0 ? "vf" : "ee");
        else
            st = ccd_mma_roots_read(&r[k], err, path);
        free(path);
    }
    return st;
}

/* 1 when hi - lo <= 2^-bits (exactly). */
static int narrow_q(const mpq_t lo, const mpq_t hi, unsigned long bits)
{
    mpq_t w;
    mpq_init(w);
    mpq_sub(w, hi, lo);
    mpq_mul_2exp(w, w, bits);
    int ok = mpz_cmp(mpq_numref(w), mpq_denref(w)) <= 0;
    mpq_clear(w);
    return ok;
}

/* The comparison of the least root [ml, mh] with the exact toi [al, ah]. */
static void compare_toi(ccd_scene_published *out, const mpq_t ml, const mpq_t mh,
                        const mpq_t al, const mpq_t ah)
{
    if (mpq_cmp(ml, ah) <= 0 && mpq_cmp(al, mh) <= 0) {
        /* both narrower than 2^-(B+8), and they meet */
        out->toi = CCD_SCENE_TOI_EQUAL;
        return;
    }
    out->toi = CCD_SCENE_TOI_DIFFERENT;
    mpq_t d, t;
    mpq_inits(d, t, NULL);
    mpq_add(d, ml, mh);
    mpq_add(t, al, ah);
    mpq_sub(d, d, t);
    mpq_div_2exp(d, d, 1);
    out->toi_difference = mpq_get_d(d);
    mpq_clears(d, t, NULL);
}

ccd_status ccd_scene_published_check(ccd_scene_published *out, ccd_error *err, const char *dir,
                                     unsigned long step, const ccd_scene *s,
                                     const ccd_scene_candidates *c, const ccd_scene_step *st)
{
    memset(out, 0, sizeof *out);
    out->least_root_lo = out->least_root_hi = INFINITY;
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *toi = ccd_algebraic_new();
    if (!ctx || !toi) {
        if (ctx)
            ccd_exact_ctx_free(ctx);
        if (toi)
            ccd_algebraic_free(toi);
        return ccd_error_oom(err, dir);
    }
    ccd_status status = check_kind(&out->vf, err, dir, step, CCD_VF, s, c, ctx);
    if (status == CCD_OK)
        status = check_kind(&out->ee, err, dir, step, CCD_EE, s, c, ctx);
    /* the exact earliest toi, enclosed */
    int have_toi = status == CCD_OK && st->exact_toi_lo != INFINITY;
    mpq_t al, ah, ml, mh;
    mpq_inits(al, ah, ml, mh, NULL);
    if (have_toi) {
        ccd_query q;
        const ccd_scene_pair *pairs = st->exact_toi_kind == CCD_VF ? c->vf : c->ee;
        ccd_scene_query(&q, s, st->exact_toi_kind, pairs[st->exact_toi_index]);
        int collides = 0;
        if (ccd_exact_decide(&collides, toi, &q, NULL, 0, ctx) != CCD_OK || !collides)
            status = ccd_error_set(err, CCD_ERR_INTERNAL, "exact oracle", 0, 0,
                                   "the step's earliest toi is not found again (%s candidate %zu)",
                                   st->exact_toi_kind == CCD_VF ? "VF" : "EE",
                                   st->exact_toi_index);
        else {
            ccd_algebraic_refine(toi, CCD_SCENE_TOI_BITS + 8);
            ccd_algebraic_bounds(al, ah, toi);
        }
    }
    /* the least root, at a precision raised until its enclosure is narrow */
    for (mpfr_prec_t prec = ROOTS_PREC_FIRST; status == CCD_OK; prec *= 2) {
        ccd_mma_roots r[2];
        status = read_roots(r, err, dir, step, out, prec);
        if (status == CCD_OK) {
            out->vf.root_files = r[0].files, out->vf.roots = r[0].roots;
            out->ee.root_files = r[1].files, out->ee.roots = r[1].roots;
            int k = mpfr_lessequal_p(r[0].least_hi, r[1].least_hi) ? 0 : 1;
            if (mpfr_inf_p(r[k].least_hi)) {
                ccd_mma_roots_clear(&r[0]);
                ccd_mma_roots_clear(&r[1]);
                break; /* no root */
            }
            mpfr_min(r[k].least_lo, r[0].least_lo, r[1].least_lo, MPFR_RNDD);
            mpfr_get_q(ml, r[k].least_lo);
            mpfr_get_q(mh, r[k].least_hi);
            out->least_root_lo = mpfr_get_d(r[k].least_lo, MPFR_RNDD);
            out->least_root_hi = mpfr_get_d(r[k].least_hi, MPFR_RNDU);
            mpfr_snprintf(out->least_root, sizeof out->least_root, "%.30RNg", r[k].least_lo);
            snprintf(out->least_root_file, sizeof out->least_root_file, "%lu%s_roots.tar.gz: %s",
                     step, k == 0 ? "vf" : "ee", r[k].least_member);
        }
        ccd_mma_roots_clear(&r[0]);
        ccd_mma_roots_clear(&r[1]);
        if (status != CCD_OK)
            break;
        if (narrow_q(ml, mh, CCD_SCENE_TOI_BITS + 8)) {
            if (have_toi)
                compare_toi(out, ml, mh, al, ah);
            break;
        }
        if (prec >= ROOTS_PREC_MAX) {
            status = ccd_error_set(err, CCD_ERR_INPUT, dir, 0, 0,
                                   "step %lu: the least root is not enclosed to 2^-%d at %d bits",
                                   step, CCD_SCENE_TOI_BITS + 8, ROOTS_PREC_MAX);
            break;
        }
    }
    mpq_clears(al, ah, ml, mh, NULL);
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
    return status;
}

int ccd_scene_published_failed(const ccd_scene_published *p)
{
    const ccd_scene_published_kind *k[2] = {&p->vf, &p->ee};
    for (int i = 0; i < 2; i++)
        if (k[i]->missing || k[i]->query_mismatches || k[i]->disagreements)
            return 1;
    return p->toi == CCD_SCENE_TOI_DIFFERENT;
}
