/* SPDX-License-Identifier: MIT */
/* Whole simulation steps (ccdbench/scene.h): edge numbering, the broad phase and
 * the step on a hand-made two-frame OBJ with a known answer, the connectivity
 * checks, and the Scalable-CCD cloth-funnel frames against their published
 * box pairs, queries, Mathematica labels and roots (skipped without the shared
 * data), both by the test's own comparisons and by ccd_scene_published_check. */
#include <config.h>

#include <stdio.h> /* before mpfr.h (published/mma_roots.h): mpfr_fprintf */

#include "ccdbench.h"
#include "ccdbench/scene.h"
#include "exact/exact_ccd.h"
#include "published/mma_roots.h"
#include "test_support.h"

#include <check.h>
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *write_file(const char *dir, const char *name, const char *text)
{
    return test_write_file(dir, name, text, strlen(text));
}

/* Triangle A = (0,0,0), (4,0,0), (0,4,0) stays; triangle B, (1,1,z), (2,1,z),
 * (1,2,z), falls from z = 1 to z = -1, through A's interior at t = 1/2. */
static const char frame0_obj[] = "v 0 0 0\nv 4 0 0\nv 0 4 0\nv 1 1 1\nv 2 1 1\nv 1 2 1\n"
                                 "f 1 2 3\nf 4 5 6\n";
static const char frame1_obj[] = "v 0 0 0\nv 4 0 0\nv 0 4 0\nv 1 1 -1\nv 2 1 -1\nv 1 2 -1\n"
                                 "f 1 2 3\nf 4 5 6\n";

/* The scene of frame0_obj and frame1_obj, through files in a fresh directory
 * (*dir; free with test_remove_tmpdir). */
static void falling_scene(ccd_scene *s, char **dir)
{
    *dir = test_make_tmpdir("scene");
    char *a = write_file(*dir, "0.obj", frame0_obj), *b = write_file(*dir, "1.obj", frame1_obj);
    ccd_error err;
    ck_assert_msg(ccd_scene_read(s, &err, a, b) == CCD_OK, "%s", err.message);
    free(a);
    free(b);
}

START_TEST(test_edges_numbered_by_larger_vertex)
{
    char *dir;
    ccd_scene s;
    falling_scene(&s, &dir);
    ck_assert_uint_eq(s.vertex_count, 6);
    ck_assert_uint_eq(s.face_count, 2);
    /* (0,1) (0,2) (1,2) (3,4) (3,5) (4,5): by the larger vertex, then the smaller */
    static const uint32_t want[] = {0, 1, 0, 2, 1, 2, 3, 4, 3, 5, 4, 5};
    ck_assert_uint_eq(s.edge_count, 6);
    ck_assert_mem_eq(s.edges, want, sizeof want);
    ccd_scene_free(&s);
    test_remove_tmpdir(dir);
}
END_TEST

START_TEST(test_falling_triangle)
{
    char *dir;
    ccd_scene s;
    ccd_error err;
    falling_scene(&s, &dir);
    for (int threads = 1; threads <= 2; threads++) {
        ccd_scene_candidates c;
        ck_assert_int_eq(ccd_scene_broad_phase(&c, &err, &s, 0, threads), CCD_OK);
        /* B's corners over A; A's hypotenuse box meets B's three edges; A's
         * corners are outside B's box */
        ck_assert_uint_eq(c.vf_count, 3);
        for (uint32_t i = 0; i < 3; i++) {
            ck_assert_uint_eq(c.vf[i].a, 3 + i);
            ck_assert_uint_eq(c.vf[i].b, 0);
        }
        ck_assert_uint_eq(c.ee_count, 3);
        for (uint32_t i = 0; i < 3; i++) {
            ck_assert_uint_eq(c.ee[i].a, 2); /* (1, 2), the hypotenuse */
            ck_assert_uint_eq(c.ee[i].b, 3 + i);
        }
        const ccd_method *const *all = ccd_builtin_methods();
        const ccd_method *methods[2] = {NULL, NULL};
        for (size_t i = 0; all[i]; i++)
            if (!strcmp(all[i]->name, "exact"))
                methods[0] = all[i];
            else if (!strcmp(all[i]->name, "tight-inclusion"))
                methods[1] = all[i];
        ck_assert_ptr_nonnull(methods[0]);
        ck_assert_ptr_nonnull(methods[1]);
        ccd_params p;
        ccd_params_default(&p);
        ccd_scene_step st;
        ck_assert_int_eq(ccd_scene_step_run(&st, &err, &s, &c, methods, NULL, 2, &p, threads), CCD_OK);
        ck_assert_uint_eq(st.vf_positives, 3);
        ck_assert_uint_eq(st.ee_positives, 0);
        ck_assert(st.exact_toi_lo == 0.5 && st.exact_toi_hi == 0.5);
        ck_assert_int_eq(st.exact_toi_kind, CCD_VF);
        ck_assert_uint_eq(st.exact_toi_index, 0);
        for (int m = 0; m < 2; m++) {
            ck_assert_uint_eq(st.methods[m].reported, 3);
            ck_assert_uint_eq(st.methods[m].false_negatives, 0);
            ck_assert_uint_eq(st.methods[m].failed, 0);
            ck_assert(st.methods[m].toi <= 0.5);
            ck_assert_int_eq(st.methods[m].toi_later, 0);
        }
        ck_assert(st.methods[0].toi == 0.5);
        /* the step each lets a simulator take: the oracle's the whole, Tight
         * Inclusion's its earliest toi over 1/2 */
        ck_assert(st.methods[0].toi_ratio == 1 && st.methods[0].zero_toi == 0);
        ck_assert(st.methods[1].toi_ratio == st.methods[1].toi / 0.5);
        ck_assert_uint_eq(st.methods[1].zero_toi, 0);
        ccd_scene_step_free(&st);
        /* a collision at toi 0 everywhere: the 3 VF candidates collide at 1/2
         * and the 3 EE ones not at all, so all 6 are zero toi and the step is
         * 0; a method without a toi has neither */
        const ccd_method *zero_and_none[2] = {&test_method_at_zero, &test_method_never};
        ck_assert_int_eq(
            ccd_scene_step_run(&st, &err, &s, &c, zero_and_none, NULL, 2, &p, threads), CCD_OK);
        ck_assert_uint_eq(st.methods[0].zero_toi, 6);
        ck_assert(st.methods[0].toi_ratio == 0);
        ck_assert(isnan(st.methods[1].toi_ratio));
        ck_assert_uint_eq(st.methods[1].zero_toi, 0);
        ccd_scene_step_free(&st);
        /* with d = 1/4 B's corners come within d of A before t = 1/2 */
        ccd_scene_candidates_free(&c);
        ck_assert_int_eq(ccd_scene_broad_phase(&c, &err, &s, 0.25, threads), CCD_OK);
        p.ms = 0.25;
        ck_assert_int_eq(ccd_scene_step_run(&st, &err, &s, &c, methods, NULL, 1, &p, threads), CCD_OK);
        ck_assert(st.exact_toi_hi < 0.5);
        ck_assert(fabs(st.exact_toi_lo - 0.375) < 1e-15); /* 1 - 2t = 1/4 */
        ccd_scene_step_free(&st);
        ccd_scene_candidates_free(&c);
    }
    ccd_scene_free(&s);
    test_remove_tmpdir(dir);
}
END_TEST

/* Frames of two different meshes are refused, naming the first difference;
 * a negative d is refused. */
START_TEST(test_connectivity_checked)
{
    char *dir = test_make_tmpdir("scene");
    char *a = write_file(dir, "0.obj", frame0_obj);
    char *fewer = write_file(dir, "fewer.obj", "v 0 0 0\nv 4 0 0\nv 0 4 0\nf 1 2 3\n");
    char *other = write_file(dir, "other.obj", "v 0 0 0\nv 4 0 0\nv 0 4 0\nv 1 1 1\nv 2 1 1\n"
                                                "v 1 2 1\nf 1 2 3\nf 4 6 5\n");
    ccd_scene s;
    ccd_error err;
    /* at their lines in the second frame: its last "v", its face */
    char *want;
    ck_assert_int_eq(ccd_scene_read(&s, &err, a, fewer), CCD_ERR_INPUT);
    ck_assert_int_ge(asprintf(&want, "%s:3:1: 3 vertices, but", fewer), 0);
    ck_assert_msg(!strncmp(err.message, want, strlen(want)), "%s", err.message);
    free(want);
    ck_assert_int_eq(ccd_scene_read(&s, &err, a, other), CCD_ERR_INPUT);
    ck_assert_int_ge(asprintf(&want, "%s:8:1: triangle 1 is (3, 5, 4)", other), 0);
    ck_assert_msg(!strncmp(err.message, want, strlen(want)), "%s", err.message);
    free(want);
    ck_assert_int_eq(ccd_scene_broad_phase(&(ccd_scene_candidates){0}, &err,
                                           &(ccd_scene){0}, -1, 1),
                     CCD_ERR_INPUT);
    free(a);
    free(fewer);
    free(other);
    test_remove_tmpdir(dir);
}
END_TEST

/* ------------------------------------------------------------------ shared data */

/* The [id, id] pairs of a boxes/STEP{vf,ee}.json file. */
static size_t read_box_pairs(uint64_t **out, const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    size_t n = 0, cap = 0;
    uint64_t *v = NULL;
    int c;
    while ((c = fgetc(f)) != EOF) {
        if (c < '0' || c > '9')
            continue;
        uint64_t x = (uint64_t)(c - '0');
        while ((c = fgetc(f)) != EOF && c >= '0' && c <= '9')
            x = 10 * x + (uint64_t)(c - '0');
        if (n == cap)
            ck_assert_ptr_nonnull(v = realloc(v, (cap = cap ? 2 * cap : 1024) * sizeof *v));
        v[n++] = x;
    }
    fclose(f);
    ck_assert_uint_eq(n % 2, 0);
    *out = v;
    return n / 2;
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

/* The published pairs of one kind: inside our candidates; their queries equal
 * the published CSV rows; the exact oracle on them agrees with mma_bool. */
static void check_published(const char *data, const ccd_scene *s, const ccd_scene_candidates *c,
                            ccd_kind kind, size_t *published, size_t *positives)
{
    const char *k = kind == CCD_VF ? "vf" : "ee";
    char *boxes, *csv, *labels;
    ck_assert_int_ge(asprintf(&boxes, "%s/scalable-ccd/cloth-funnel/boxes/227%s.json", data, k), 0);
    ck_assert_int_ge(asprintf(&csv, "%s/scalable-ccd/cloth-funnel/queries/227%s.csv", data, k), 0);
    ck_assert_int_ge(
        asprintf(&labels, "%s/scalable-ccd/cloth-funnel/mma_bool/227%s_mma_bool.json", data, k), 0);
    uint64_t *ids;
    size_t n = read_box_pairs(&ids, boxes);
    ccd_reader *r;
    ccd_error err;
    ck_assert_int_eq(ccd_reader_open(&r, &err, csv, labels, kind), CCD_OK);
    ccd_batch b;
    ck_assert_int_eq(ccd_batch_init(&b, n + 1), CCD_OK);
    ck_assert_int_eq(ccd_reader_read(&b, &err, r), CCD_OK);
    ck_assert_uint_eq(b.count, n);
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    uint64_t nv = s->vertex_count, ne = s->edge_count;
    *positives = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = ids[2 * i], y = ids[2 * i + 1];
        ccd_scene_pair p;
        if (kind == CCD_VF) {
            ck_assert(x < nv && y >= nv + ne);
            p = (ccd_scene_pair){(uint32_t)x, (uint32_t)(y - nv - ne)};
        } else {
            ck_assert(x >= nv && x < nv + ne && y >= nv && y < nv + ne);
            p = (ccd_scene_pair){(uint32_t)(x - nv), (uint32_t)(y - nv)};
        }
        ck_assert_msg(has_pair(kind == CCD_VF ? c->vf : c->ee,
                               kind == CCD_VF ? c->vf_count : c->ee_count, p),
                      "published %s pair %zu (%llu, %llu) is not a candidate", k, i,
                      (unsigned long long)x, (unsigned long long)y);
        ccd_query q;
        ccd_scene_query(&q, s, kind, p);
        ck_assert_uint_eq(b.queries[i].inexact, 0);
        ck_assert_mem_eq(q.v, b.queries[i].v, sizeof q.v);
        int collides;
        ck_assert_int_eq(ccd_exact_decide(&collides, NULL, &q, NULL, 0, ctx), CCD_OK);
        ck_assert_msg(collides == b.labels[i], "%s query %zu: exact %d, Mathematica %d", k, i,
                      collides, b.labels[i]);
        *positives += (size_t)collides;
    }
    *published = n;
    ccd_exact_ctx_free(ctx);
    ccd_batch_free(&b);
    ccd_reader_close(r);
    free(ids);
    free(boxes);
    free(csv);
    free(labels);
}

START_TEST(test_cloth_funnel_published_pairs)
{
    TEST_REQUIRE_SHARED_DATA(data);
    char *f0, *f1;
    ck_assert_int_ge(asprintf(&f0, "%s/scalable-ccd/cloth-funnel/frames/227.ply", data), 0);
    ck_assert_int_ge(asprintf(&f1, "%s/scalable-ccd/cloth-funnel/frames/228.ply", data), 0);
    ccd_scene s;
    ccd_error err;
    ck_assert_msg(ccd_scene_read(&s, &err, f0, f1) == CCD_OK, "%s", err.message);
    ck_assert_uint_eq(s.vertex_count, 9450);
    ck_assert_uint_eq(s.face_count, 18484);
    ck_assert_uint_eq(s.edge_count, 27930);
    ccd_scene_candidates c1, c2;
    ck_assert_int_eq(ccd_scene_broad_phase(&c1, &err, &s, 0, 1), CCD_OK);
    ck_assert_int_eq(ccd_scene_broad_phase(&c2, &err, &s, 0, 2), CCD_OK);
    ck_assert_uint_eq(c1.vf_count, c2.vf_count);
    ck_assert_uint_eq(c1.ee_count, c2.ee_count);
    ck_assert_mem_eq(c1.vf, c2.vf, c1.vf_count * sizeof *c1.vf);
    ck_assert_mem_eq(c1.ee, c2.ee, c1.ee_count * sizeof *c1.ee);
    size_t nvf, nee, pvf, pee;
    check_published(data, &s, &c1, CCD_VF, &nvf, &pvf);
    check_published(data, &s, &c1, CCD_EE, &nee, &pee);
    ck_assert_uint_eq(nvf, 92);
    ck_assert_uint_eq(nee, 263);
    ck_assert_uint_eq(pvf, 27);
    ck_assert_uint_eq(pee, 107);
    fprintf(stderr, "cloth-funnel 227: %zu VF + %zu EE candidates, published %zu + %zu\n",
            c1.vf_count, c1.ee_count, nvf, nee);

    /* The step: no positive beyond the published pairs', and its exact earliest
     * toi is the least of Mathematica's roots (to 2^-250; both are computed to
     * far more bits). */
    ccd_params p;
    ccd_params_default(&p);
    ccd_scene_step st;
    ck_assert_int_eq(ccd_scene_step_run(&st, &err, &s, &c1, NULL, NULL, 0, &p, 2), CCD_OK);
    ck_assert_uint_eq(st.vf_positives, pvf);
    ck_assert_uint_eq(st.ee_positives, pee);
    ccd_query q;
    ccd_scene_query(&q, &s, st.exact_toi_kind,
                    st.exact_toi_kind == CCD_VF ? c1.vf[st.exact_toi_index]
                                                : c1.ee[st.exact_toi_index]);
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *toi = ccd_algebraic_new();
    int collides;
    ck_assert_int_eq(ccd_exact_decide(&collides, toi, &q, NULL, 0, ctx), CCD_OK);
    ck_assert_int_eq(collides, 1);
    ck_assert(ccd_algebraic_round_down(toi) == st.exact_toi_lo);
    ccd_algebraic_refine(toi, 400);
    mpq_t lo, hi;
    mpq_inits(lo, hi, NULL);
    ccd_algebraic_bounds(lo, hi, toi);
    /* Mathematica's roots, enclosed by the library's reader */
    mpfr_t m_vf, a, eps;
    mpfr_inits2(2048, m_vf, a, eps, (mpfr_ptr)0);
    ccd_mma_roots roots[2];
    for (int k = 0; k < 2; k++) {
        char *path;
        ck_assert_int_ge(asprintf(&path, "%s/scalable-ccd/cloth-funnel/roots/227%s_roots.tar.gz",
                                  data, k == 0 ? "vf" : "ee"), 0);
        ccd_mma_roots_init(&roots[k], 2048);
        ck_assert_msg(ccd_mma_roots_read(&roots[k], &err, path) == CCD_OK, "%s", err.message);
        free(path);
    }
    ck_assert_uint_eq(roots[0].files, pvf); /* one file per colliding query */
    ck_assert_uint_eq(roots[1].files, pee);
    /* the least root, to 2^-250: both enclosures are far narrower */
    mpfr_min(m_vf, roots[0].least_hi, roots[1].least_hi, MPFR_RNDU);
    mpfr_set_ui_2exp(eps, 1, -250, MPFR_RNDN);
    mpfr_set_q(a, lo, MPFR_RNDD);
    mpfr_sub(a, a, eps, MPFR_RNDD);
    ck_assert(mpfr_greaterequal_p(m_vf, a));
    mpfr_min(m_vf, roots[0].least_lo, roots[1].least_lo, MPFR_RNDD);
    mpfr_set_q(a, hi, MPFR_RNDU);
    mpfr_add(a, a, eps, MPFR_RNDU);
    ck_assert(mpfr_lessequal_p(m_vf, a));
    ccd_mma_roots_clear(&roots[0]);
    ccd_mma_roots_clear(&roots[1]);
    mpfr_fprintf(stderr, "cloth-funnel 227: exact earliest toi in [%.17g, %.17g] (%s %zu), "
                         "least Mathematica root %.30Rg\n", st.exact_toi_lo, st.exact_toi_hi,
                 st.exact_toi_kind == CCD_VF ? "VF" : "EE", st.exact_toi_index, m_vf);
    mpfr_clears(m_vf, a, eps, (mpfr_ptr)0);

    /* The same facts by the library's check, as `scene run DIR` reports them */
    char *dir;
    ck_assert_int_ge(asprintf(&dir, "%s/scalable-ccd/cloth-funnel", data), 0);
    ck_assert(ccd_scene_has_published(dir, 227));
    ck_assert(!ccd_scene_has_published(dir, 228));
    ccd_scene_published pub;
    ck_assert_msg(ccd_scene_published_check(&pub, &err, dir, 227, &s, &c1, &st) == CCD_OK, "%s",
                  err.message);
    ck_assert(pub.vf.published && pub.ee.published);
    ck_assert_uint_eq(pub.vf.pairs, 92);
    ck_assert_uint_eq(pub.ee.pairs, 263);
    ck_assert_uint_eq(pub.vf.missing + pub.ee.missing, 0);
    ck_assert_uint_eq(pub.vf.extra, c1.vf_count - 92);
    ck_assert_uint_eq(pub.ee.extra, c1.ee_count - 263);
    ck_assert_uint_eq(pub.vf.query_mismatches + pub.ee.query_mismatches, 0);
    ck_assert_uint_eq(pub.vf.disagreements + pub.ee.disagreements, 0);
    ck_assert_uint_eq(pub.vf.positives, 27);
    ck_assert_uint_eq(pub.ee.positives, 107);
    ck_assert_uint_eq(pub.vf.root_files, 27);
    ck_assert_uint_eq(pub.ee.root_files, 107);
    ck_assert_int_eq(pub.toi, CCD_SCENE_TOI_EQUAL);
    ck_assert(pub.least_root_lo <= st.exact_toi_hi && st.exact_toi_lo <= pub.least_root_hi);
    ck_assert_int_eq(strncmp(pub.least_root, "0.045232220376147610398026287", 29), 0);
    ck_assert(!ccd_scene_published_failed(&pub));
    free(dir);
    mpq_clears(lo, hi, NULL);
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
    ccd_scene_step_free(&st);
    ccd_scene_candidates_free(&c1);
    ccd_scene_candidates_free(&c2);
    ccd_scene_free(&s);
    free(f0);
    free(f1);
}
END_TEST

static Suite *scene_suite(void)
{
    Suite *s = suite_create("scene");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_edges_numbered_by_larger_vertex);
    tcase_add_test(tc, test_falling_triangle);
    tcase_add_test(tc, test_connectivity_checked);
    tcase_add_test(tc, test_cloth_funnel_published_pairs);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(scene_suite());
}
