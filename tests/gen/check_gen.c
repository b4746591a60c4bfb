/* SPDX-License-Identifier: MIT */
/* Check suite of src/gen: the random streams, exact number parsing, the label mix
 * of every family (and the outcome each construction guarantees), the distances
 * of the near misses, coordinate ranges, --scale/--translate, rounding to
 * doubles, byte-for-byte determinism, and the round trip through the reader. */
#include <config.h>

#include <check.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ccdbench.h"
#include "exact/distance.h"
#include "exact/exact_ccd.h"
#include "gen/gen.h"
#include "gen/gen_family.h"
#include "gen/gen_random.h"
#include "test_support.h"

enum { PER_FAMILY = 96 }; /* a multiple of every family's variant cycle */

/* ------------------------------------------------------------------ helpers */

static void coords_init(ccd_exact_coords *c)
{
    for (int r = 0; r < CCD_QUERY_ROWS; r++)
        for (int k = 0; k < 3; k++)
            mpq_init(c->q[r][k]);
}

static void coords_clear(ccd_exact_coords *c)
{
    for (int r = 0; r < CCD_QUERY_ROWS; r++)
        for (int k = 0; k < 3; k++)
            mpq_clear(c->q[r][k]);
}

static size_t family(const char *name)
{
    long f = ccd_gen_family_find(name);
    ck_assert_msg(f >= 0, "no family %s", name);
    return (size_t)f;
}

/* A config over every family (the caller clears it). */
static void all_families(ccd_gen_config *cfg, size_t *list)
{
    ccd_gen_config_init(cfg);
    for (size_t i = 0; i < ccd_gen_family_count(); i++)
        list[i] = i;
    cfg->families = list;
    cfg->family_count = ccd_gen_family_count();
}

static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc((size_t)n + 1);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static char *data_path(const char *dir, size_t fam, ccd_kind kind, int gzip)
{
    size_t n = strlen(dir) + 64;
    char *p = malloc(n);
    snprintf(p, n, "%s/%s/%s/data.csv%s", dir, ccd_gen_family_name(fam),
             kind == CCD_VF ? "vertex-face" : "edge-edge", gzip ? ".gz" : "");
    return p;
}

/* Every file of cfg under a and b has the same bytes; returns how many differ otherwise. */
static int count_differing_files(const char *a, const char *b, const ccd_gen_config *cfg)
{
    int differ = 0;
    for (size_t f = 0; f < cfg->family_count; f++)
        for (int kind = CCD_VF; kind <= CCD_EE; kind++) {
            char *pa = data_path(a, cfg->families[f], (ccd_kind)kind, cfg->gzip);
            char *pb = data_path(b, cfg->families[f], (ccd_kind)kind, cfg->gzip);
            size_t la, lb;
            unsigned char *da = slurp(pa, &la), *db = slurp(pb, &lb);
            differ += la != lb || memcmp(da, db, la) != 0;
            free(da);
            free(db);
            free(pa);
            free(pb);
        }
    return differ;
}

/* ------------------------------------------------------------------ random streams */

START_TEST(test_rng)
{
    ccd_gen_rng a, b, c;
    ccd_gen_rng_for_query(&a, 42, ccd_gen_hash_name("random"), 0, 7);
    ccd_gen_rng_for_query(&b, 42, ccd_gen_hash_name("random"), 0, 7);
    ccd_gen_rng_for_query(&c, 42, ccd_gen_hash_name("random"), 0, 8);
    int same_c = 1;
    for (int i = 0; i < 100; i++) {
        uint64_t x = ccd_gen_next(&a);
        ck_assert_uint_eq(x, ccd_gen_next(&b));
        same_c &= x == ccd_gen_next(&c);
    }
    ck_assert(!same_c);
    /* bounds, and every value of a small range is reached */
    int seen[7] = {0};
    mpq_t q, lo, hi;
    mpq_inits(q, lo, hi, NULL);
    mpq_set_si(lo, -2, 1);
    mpq_set_si(hi, 3, 1);
    for (int i = 0; i < 2000; i++) {
        int64_t v = ccd_gen_uniform(&a, -3, 3);
        ck_assert(v >= -3 && v <= 3);
        seen[v + 3]++;
        ccd_gen_uniform_q(q, &a, -2, 3, 10);
        ck_assert(mpq_cmp(q, lo) >= 0 && mpq_cmp(q, hi) <= 0);
        ck_assert_uint_le(mpz_sizeinbase(mpq_denref(q), 2), 11); /* divides 2^10 */
    }
    for (int i = 0; i < 7; i++)
        ck_assert_int_gt(seen[i], 200);
    int negative = 0, positive = 0; /* the full range works too */
    for (int i = 0; i < 64; i++) {
        int64_t v = ccd_gen_uniform(&a, INT64_MIN, INT64_MAX);
        negative += v < 0;
        positive += v > 0;
    }
    ck_assert(negative > 0 && positive > 0);
    ck_assert_int_eq(ccd_gen_uniform(&a, 5, 5), 5);
    mpq_clears(q, lo, hi, NULL);
    /* the hash tells the families apart */
    ck_assert_uint_ne(ccd_gen_hash_name("near-miss"), ccd_gen_hash_name("tangent"));
}
END_TEST

START_TEST(test_parse_rational)
{
    static const struct {
        const char *text;
        const char *value; /* mpq_set_str form */
    } good[] = {
        {"1e-6", "1/1000000"}, {"-0.125", "-1/8"}, {"1/3", "1/3"}, {"+2.5E2", "250"},
        {"0.1", "1/10"},       {"7", "7"},         {"-4/6", "-2/3"}, {".5", "1/2"},
        {"3.", "3"},           {"1e6", "1000000"}, {"0", "0"},       {"12.5e-1", "5/4"},
    };
    static const char *bad[] = {"", "abc", "1/0", "1e", "1e999", "0x10", "inf", "nan",
                                "1.2.3", "-", ".", "1/-3", "1/", "/3", "1 ", " 1", "1e+",
                                "--1", "1/3/4", "e5"};
    mpq_t got, want;
    mpq_inits(got, want, NULL);
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        ck_assert_msg(ccd_gen_parse_rational(got, good[i].text) == 0, "rejected %s", good[i].text);
        ck_assert_int_eq(mpq_set_str(want, good[i].value, 10), 0);
        mpq_canonicalize(want);
        ck_assert_msg(mpq_equal(got, want), "%s parsed wrongly", good[i].text);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(ccd_gen_parse_rational(got, bad[i]) != 0, "accepted '%s'", bad[i]);
    mpq_clears(got, want, NULL);
}
END_TEST

/* ------------------------------------------------------------------ families */

/* Whether the construction guarantees the aimed outcome (gen_family.h) for query
 * `index` of family `name` (so the oracle must agree with it). */
static int outcome_guaranteed(const char *name, ccd_kind kind, uint64_t index)
{
    if (strcmp(name, "random") == 0)
        return ccd_gen_aims_to_hit(index); /* contacts are built; scatter is left to chance */
    if (strcmp(name, "multi-root") == 0)
        return kind == CCD_EE || index / 4 % 3 != 2; /* not the cubic */
    if (strcmp(name, "scaled") == 0)
        return index / 2 % 6 != 0 || ccd_gen_aims_to_hit(index); /* base: random scatter */
    return 1;
}

START_TEST(test_family_labels)
{
    ccd_gen_scratch *s = ccd_gen_scratch_new();
    ccd_gen_config cfg;
    size_t list[64];
    all_families(&cfg, list);
    ccd_exact_coords coords;
    coords_init(&coords);
    ccd_error err;
    for (size_t f = 0; f < ccd_gen_family_count(); f++) {
        const char *name = ccd_gen_family_name(f);
        for (int kind = CCD_VF; kind <= CCD_EE; kind++) {
            int positives = 0;
            for (uint64_t i = 0; i < PER_FAMILY; i++) {
                ccd_query q;
                int label;
                ck_assert_int_eq(
                    ccd_gen_query(&q, &label, &coords, &err, &cfg, f, (ccd_kind)kind, i, s),
                    CCD_OK);
                ck_assert_int_eq(q.kind, kind);
                ck_assert(label == 0 || label == 1);
                positives += label;
                if (outcome_guaranteed(name, (ccd_kind)kind, i))
                    ck_assert_msg(label == ccd_gen_aims_to_hit(i),
                                  "%s %s query %llu: the oracle says %d, the construction %d",
                                  name, kind == CCD_VF ? "VF" : "EE", (unsigned long long)i,
                                  label, ccd_gen_aims_to_hit(i));
            }
            /* balanced: between a quarter and three quarters collide */
            ck_assert_msg(positives >= PER_FAMILY / 4 && positives <= 3 * PER_FAMILY / 4,
                          "%s %s: %d of %d collide", name, kind == CCD_VF ? "VF" : "EE",
                          positives, PER_FAMILY);
        }
    }
    coords_clear(&coords);
    ccd_gen_config_clear(&cfg);
    ccd_gen_scratch_free(s);
}
END_TEST

/* The multi-root construction puts 2 (or 3) roots of the coplanarity polynomial in
 * [0, 1]: count sign changes of f on a fine grid (a lower bound on the roots). */
START_TEST(test_multi_root_roots)
{
    ccd_gen_scratch *s = ccd_gen_scratch_new();
    ccd_gen_config cfg;
    size_t list[64];
    all_families(&cfg, list);
    ccd_exact_coords coords;
    coords_init(&coords);
    ccd_error err;
    size_t fam = family("multi-root");
    mpq_t t, one_t, f, tmp;
    mpq_inits(t, one_t, f, tmp, NULL);
    mpq_t p[4][3], a[3], b[3], cc[3];
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpq_init(p[i][k]);
    for (int k = 0; k < 3; k++)
        mpq_inits(a[k], b[k], cc[k], NULL);
    int three = 0;
    for (int kind = CCD_VF; kind <= CCD_EE; kind++)
        for (uint64_t i = 0; i < 48; i++) {
            ccd_query q;
            ck_assert_int_eq(
                ccd_gen_query(&q, &(int){0}, &coords, &err, &cfg, fam, (ccd_kind)kind, i, s),
                CCD_OK);
            int pattern_outside = !ccd_gen_aims_to_hit(i) && i / 2 % 2 == 1 &&
                                  !(kind == CCD_VF && i / 4 % 3 == 2);
            int changes = 0, prev = 0;
            for (int j = 0; j <= 1024; j++) {
                mpq_set_si(t, j, 1024);
                mpq_canonicalize(t);
                ccd_exact_query_points(p, &q, t);
                /* VF: det(f1-f0, f2-f0, v-f0); EE: det(a1-a0, b0-a0, b1-a0) */
                int o = kind == CCD_VF ? 1 : 0;
                for (int k = 0; k < 3; k++) {
                    if (kind == CCD_VF) {
                        mpq_sub(a[k], p[2][k], p[o][k]);
                        mpq_sub(b[k], p[3][k], p[o][k]);
                        mpq_sub(cc[k], p[0][k], p[o][k]);
                    } else {
                        mpq_sub(a[k], p[1][k], p[0][k]);
                        mpq_sub(b[k], p[2][k], p[0][k]);
                        mpq_sub(cc[k], p[3][k], p[0][k]);
                    }
                }
                mpq_set_ui(f, 0, 1);
                for (int k = 0; k < 3; k++) { /* c · (a × b) */
                    int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
                    mpq_mul(tmp, a[k1], b[k2]);
                    mpq_mul(one_t, a[k2], b[k1]);
                    mpq_sub(tmp, tmp, one_t);
                    mpq_mul(tmp, tmp, cc[k]);
                    mpq_add(f, f, tmp);
                }
                int sg = mpq_sgn(f);
                if (sg != 0 && prev != 0 && sg != prev)
                    changes++;
                if (sg != 0)
                    prev = sg;
            }
            if (pattern_outside)
                ck_assert_int_eq(changes, 0);
            else
                ck_assert_msg(changes >= 2, "multi-root %s query %llu: %d sign changes",
                              kind == CCD_VF ? "VF" : "EE", (unsigned long long)i, changes);
            three += changes == 3;
        }
    ck_assert_int_gt(three, 0);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpq_clear(p[i][k]);
    for (int k = 0; k < 3; k++)
        mpq_clears(a[k], b[k], cc[k], NULL);
    mpq_clears(t, one_t, f, tmp, NULL);
    coords_clear(&coords);
    ccd_gen_config_clear(&cfg);
    ccd_gen_scratch_free(s);
}
END_TEST

/* Near misses keep distance ≥ 10^-k at every sampled time, and reach exactly
 * 10^-k at t = 1/2 where the construction says so. */
START_TEST(test_near_miss_distance)
{
    ccd_gen_scratch *s = ccd_gen_scratch_new();
    ccd_gen_config cfg;
    size_t list[64];
    all_families(&cfg, list);
    ccd_exact_coords coords;
    coords_init(&coords);
    ccd_error err;
    size_t fam = family("near-miss");
    mpq_t d2, h2, t, pa[3], pb[3], st[2];
    mpq_inits(d2, h2, t, st[0], st[1], NULL);
    for (int k = 0; k < 3; k++)
        mpq_inits(pa[k], pb[k], NULL);
    int exact_hits = 0;
    for (int kind = CCD_VF; kind <= CCD_EE; kind++)
        for (uint64_t i = 1; i < PER_FAMILY; i += 2) { /* the misses */
            ccd_query q;
            ck_assert_int_eq(
                ccd_gen_query(&q, &(int){0}, &coords, &err, &cfg, fam, (ccd_kind)kind, i, s),
                CCD_OK);
            unsigned k = 1 + (unsigned)(i / 2 % 12);
            mpz_set_ui(mpq_numref(h2), 1);
            mpz_ui_pow_ui(mpq_denref(h2), 10, 2 * k);
            ck_assert_uint_ne(q.inexact, 0); /* 10^-k is not a double */
            for (int j = 0; j <= 64; j++) {
                mpq_set_si(t, j, 64);
                mpq_canonicalize(t);
                ck_assert_int_eq(ccd_exact_distance(d2, pa, pb, st, &q, t), CCD_OK);
                ck_assert_msg(mpq_cmp(d2, h2) >= 0, "near-miss query %llu closer than 1e-%u",
                              (unsigned long long)i, k);
            }
            int variant = (int)(i / 24 % 2);
            if ((kind == CCD_VF && variant == 1) || (kind == CCD_EE && variant == 0)) {
                mpq_set_ui(t, 1, 2);
                ck_assert_int_eq(ccd_exact_distance(d2, pa, pb, st, &q, t), CCD_OK);
                ck_assert_msg(mpq_equal(d2, h2), "near-miss query %llu: distance at 1/2",
                              (unsigned long long)i);
                exact_hits++;
            }
        }
    ck_assert_int_gt(exact_hits, 20);
    for (int k = 0; k < 3; k++)
        mpq_clears(pa[k], pb[k], NULL);
    mpq_clears(d2, h2, t, st[0], st[1], NULL);
    coords_clear(&coords);
    ccd_gen_config_clear(&cfg);
    ccd_gen_scratch_free(s);
}
END_TEST

static double max_abs_coordinate(const ccd_query *q)
{
    double m = 0;
    for (int r = 0; r < CCD_QUERY_ROWS; r++)
        for (int k = 0; k < 3; k++)
            m = fmax(m, fabs(q->v[r][k]));
    return m;
}

START_TEST(test_ranges)
{
    ccd_gen_scratch *s = ccd_gen_scratch_new();
    ccd_gen_config cfg;
    size_t list[64];
    all_families(&cfg, list);
    ccd_exact_coords coords;
    coords_init(&coords);
    ccd_error err;
    size_t scaled = family("scaled");
    for (size_t f = 0; f < ccd_gen_family_count(); f++)
        for (int kind = CCD_VF; kind <= CCD_EE; kind++) {
            double lo = INFINITY, hi = 0;
            for (uint64_t i = 0; i < PER_FAMILY; i++) {
                ccd_query q;
                ck_assert_int_eq(
                    ccd_gen_query(&q, &(int){0}, &coords, &err, &cfg, f, (ccd_kind)kind, i, s),
                    CCD_OK);
                double m = max_abs_coordinate(&q);
                lo = fmin(lo, m);
                hi = fmax(hi, m);
            }
            if (f == scaled) {
                /* magnitudes sweep 1e-6 .. 1e6 */
                ck_assert_double_le(hi, CCD_GEN_SCALED_EXTENT);
                ck_assert_double_ge(hi, 1e4);
                ck_assert_double_le(lo, 1e-5);
                ck_assert_double_gt(lo, 0);
            } else {
                ck_assert_msg(hi <= CCD_GEN_FAMILY_EXTENT, "%s: |x| up to %g",
                              ccd_gen_family_name(f), hi);
                ck_assert_double_ge(hi, 0.5);
            }
        }
    coords_clear(&coords);
    ccd_gen_config_clear(&cfg);
    ccd_gen_scratch_free(s);
}
END_TEST

/* --scale/--translate: every coordinate is s·x + t exactly, and (exact rationals)
 * every label is that of the untransformed query: collision is invariant. */
START_TEST(test_scale_translate)
{
    ccd_gen_scratch *s = ccd_gen_scratch_new();
    ccd_gen_config plain, moved;
    size_t list[64];
    all_families(&plain, list);
    all_families(&moved, list);
    ck_assert_int_eq(ccd_gen_parse_rational(moved.scale, "1e-6"), 0);
    ck_assert_int_eq(ccd_gen_parse_rational(moved.translate[0], "1e6"), 0);
    ck_assert_int_eq(ccd_gen_parse_rational(moved.translate[1], "-1/3"), 0);
    ck_assert_int_eq(ccd_gen_parse_rational(moved.translate[2], "0"), 0);
    ccd_exact_coords a, b;
    coords_init(&a);
    coords_init(&b);
    mpq_t x;
    mpq_init(x);
    ccd_error err;
    for (size_t f = 0; f < ccd_gen_family_count(); f++)
        for (int kind = CCD_VF; kind <= CCD_EE; kind++)
            for (uint64_t i = 0; i < 24; i++) {
                ccd_query qa, qb;
                int la, lb;
                ck_assert_int_eq(ccd_gen_query(&qa, &la, &a, &err, &plain, f, (ccd_kind)kind, i, s),
                                 CCD_OK);
                ck_assert_int_eq(ccd_gen_query(&qb, &lb, &b, &err, &moved, f, (ccd_kind)kind, i, s),
                                 CCD_OK);
                ck_assert_int_eq(la, lb);
                ck_assert_uint_ne(qb.inexact, 0);
                for (int r = 0; r < CCD_QUERY_ROWS; r++)
                    for (int k = 0; k < 3; k++) {
                        mpq_mul(x, a.q[r][k], moved.scale);
                        mpq_add(x, x, moved.translate[k]);
                        ck_assert(mpq_equal(x, b.q[r][k]));
                    }
                /* within the advertised range, moved */
                ck_assert_double_le(fabs(qb.v[0][0] - 1e6), 1e-6 * CCD_GEN_SCALED_EXTENT);
            }
    /* beyond the range of doubles */
    ck_assert_int_eq(ccd_gen_parse_rational(moved.scale, "1e400"), 0);
    ccd_query q;
    ck_assert_int_eq(ccd_gen_query(&q, &(int){0}, &b, &err, &moved, 0, CCD_VF, 0, s),
                     CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "range of doubles"));
    mpq_clear(x);
    coords_clear(&a);
    coords_clear(&b);
    ccd_gen_config_clear(&plain);
    ccd_gen_config_clear(&moved);
    ccd_gen_scratch_free(s);
}
END_TEST

/* --rationals: exact keeps non-dyadic rationals where families make them; double
 * rounds every coordinate to its nearest double and labels the rounded query. */
START_TEST(test_rationals)
{
    ccd_gen_scratch *s = ccd_gen_scratch_new();
    ccd_gen_config exact, rounded;
    size_t list[64];
    all_families(&exact, list);
    all_families(&rounded, list);
    rounded.rationals = CCD_GEN_DOUBLE;
    ccd_exact_coords a, b;
    coords_init(&a);
    coords_init(&b);
    ccd_error err;
    const char *non_dyadic[] = {"near-miss", "rational", "scaled"};
    for (size_t n = 0; n < 3; n++) {
        size_t f = family(non_dyadic[n]);
        int inexact_queries = 0, relabelled = 0;
        for (int kind = CCD_VF; kind <= CCD_EE; kind++)
            for (uint64_t i = 0; i < PER_FAMILY; i++) {
                ccd_query qa, qb;
                int la, lb;
                ck_assert_int_eq(ccd_gen_query(&qa, &la, &a, &err, &exact, f, (ccd_kind)kind, i, s),
                                 CCD_OK);
                ck_assert_int_eq(
                    ccd_gen_query(&qb, &lb, &b, &err, &rounded, f, (ccd_kind)kind, i, s), CCD_OK);
                inexact_queries += qa.inexact != 0;
                ck_assert_uint_eq(qb.inexact, 0);
                ck_assert_ptr_null(qb.exact);
                for (int r = 0; r < CCD_QUERY_ROWS; r++)
                    for (int k = 0; k < 3; k++) {
                        ck_assert(qa.v[r][k] == qb.v[r][k]); /* the same nearest doubles */
                        ck_assert(mpq_cmp_ui(b.q[r][k], 0, 1) == 0 ||
                                  mpq_get_d(b.q[r][k]) == qb.v[r][k]);
                    }
                relabelled += la != lb;
            }
        ck_assert_msg(inexact_queries > PER_FAMILY / 2, "%s: %d inexact queries",
                      non_dyadic[n], inexact_queries);
        /* rounding moves the exact contacts of `rational` (at points such as 1/3
         * of an edge) off the primitives: some of its labels change */
        if (strcmp(non_dyadic[n], "rational") == 0)
            ck_assert_int_gt(relabelled, 0);
    }
    /* dyadic families stay doubles even in exact mode */
    size_t f = family("tangent");
    for (uint64_t i = 0; i < PER_FAMILY; i++) {
        ccd_query q;
        ck_assert_int_eq(ccd_gen_query(&q, &(int){0}, &a, &err, &exact, f, CCD_EE, i, s), CCD_OK);
        ck_assert_uint_eq(q.inexact, 0);
    }
    coords_clear(&a);
    coords_clear(&b);
    ccd_gen_config_clear(&exact);
    ccd_gen_config_clear(&rounded);
    ccd_gen_scratch_free(s);
}
END_TEST

/* ------------------------------------------------------------------ files */

START_TEST(test_determinism)
{
    for (int gzip = 0; gzip <= 1; gzip++) {
        char *d1 = test_make_tmpdir("gen-test"), *d2 = test_make_tmpdir("gen-test"), *d3 = test_make_tmpdir("gen-test");
        ccd_gen_config cfg;
        size_t list[64];
        all_families(&cfg, list);
        cfg.count = 40;
        cfg.seed = 12345;
        cfg.gzip = gzip;
        ccd_error err;
        cfg.threads = 1;
        ck_assert_int_eq(ccd_gen_write(&err, d1, &cfg), CCD_OK);
        cfg.threads = 3;
        ck_assert_int_eq(ccd_gen_write(&err, d2, &cfg), CCD_OK);
        ck_assert_int_eq(count_differing_files(d1, d2, &cfg), 0);
        /* writing again over existing files gives the same bytes */
        ck_assert_int_eq(ccd_gen_write(&err, d2, &cfg), CCD_OK);
        ck_assert_int_eq(count_differing_files(d1, d2, &cfg), 0);
        cfg.seed = 12346;
        ck_assert_int_eq(ccd_gen_write(&err, d3, &cfg), CCD_OK);
        ck_assert_int_eq(count_differing_files(d1, d3, &cfg), (int)(2 * cfg.family_count));
        ccd_gen_config_clear(&cfg);
        test_remove_tmpdir(d1);
        test_remove_tmpdir(d2);
        test_remove_tmpdir(d3);
    }
}
END_TEST

/* Read every file back: the same exact rationals, inexact bits and labels as
 * generated, and the oracle agrees with the label of the query as read. */
static void check_round_trip(ccd_gen_rationals rationals, unsigned kinds, int gzip)
{
    char *dir = test_make_tmpdir("gen-test");
    ccd_gen_config cfg;
    size_t list[64];
    all_families(&cfg, list);
    cfg.count = 30;
    cfg.seed = 99;
    cfg.rationals = rationals;
    cfg.kinds = kinds;
    cfg.gzip = gzip;
    ccd_error err;
    ck_assert_int_eq(ccd_gen_write(&err, dir, &cfg), CCD_OK);
    ccd_gen_scratch *s = ccd_gen_scratch_new();
    ccd_exact_ctx *oracle = ccd_exact_ctx_new();
    ccd_exact_coords coords;
    coords_init(&coords);
    mpq_t x;
    mpq_init(x);
    int inexact_seen = 0;
    for (size_t f = 0; f < cfg.family_count; f++)
        for (int kind = CCD_VF; kind <= CCD_EE; kind++) {
            char *path = data_path(dir, f, (ccd_kind)kind, gzip);
            int wanted = (kinds & (kind == CCD_VF ? CCD_GEN_VF : CCD_GEN_EE)) != 0;
            ck_assert_int_eq(access(path, F_OK) == 0, wanted);
            if (!wanted) {
                free(path);
                continue;
            }
            ccd_reader *r;
            ck_assert_int_eq(ccd_reader_open(&r, &err, path, NULL, (ccd_kind)kind), CCD_OK);
            ccd_batch b;
            ck_assert_int_eq(ccd_batch_init(&b, 7), CCD_OK);
            uint64_t n = 0;
            for (;;) {
                ck_assert_int_eq(ccd_reader_read(&b, &err, r), CCD_OK);
                if (b.count == 0)
                    break;
                for (size_t j = 0; j < b.count; j++, n++) {
                    const ccd_query *rq = &b.queries[j];
                    ccd_query gq;
                    int glabel;
                    ck_assert_int_eq(ccd_gen_query(&gq, &glabel, &coords, &err, &cfg, f,
                                                   (ccd_kind)kind, n, s), CCD_OK);
                    ck_assert_int_eq(b.labels[j], glabel);
                    ck_assert_uint_eq(rq->inexact, gq.inexact);
                    inexact_seen += rq->inexact != 0;
                    for (int row = 0; row < CCD_QUERY_ROWS; row++)
                        for (int k = 0; k < 3; k++) {
                            ccd_query_coord_mpq(x, rq, row, k);
                            ck_assert(mpq_equal(x, coords.q[row][k]));
                            ck_assert(rq->v[row][k] == gq.v[row][k]);
                        }
                    int collides = -1;
                    ck_assert_int_eq(ccd_exact_decide(&collides, NULL, rq, NULL, 0, oracle),
                                     CCD_OK);
                    ck_assert_int_eq(collides, b.labels[j]);
                }
            }
            ck_assert_uint_eq(n, cfg.count);
            ccd_batch_free(&b);
            ccd_reader_close(r);
            free(path);
        }
    if (rationals == CCD_GEN_EXACT)
        ck_assert_int_gt(inexact_seen, 0);
    else
        ck_assert_int_eq(inexact_seen, 0);
    mpq_clear(x);
    coords_clear(&coords);
    ccd_exact_ctx_free(oracle);
    ccd_gen_scratch_free(s);
    ccd_gen_config_clear(&cfg);
    test_remove_tmpdir(dir);
}

START_TEST(test_round_trip_exact)
{
    check_round_trip(CCD_GEN_EXACT, CCD_GEN_VF | CCD_GEN_EE, 0);
}
END_TEST

START_TEST(test_round_trip_double_gzip)
{
    check_round_trip(CCD_GEN_DOUBLE, CCD_GEN_VF | CCD_GEN_EE, 1);
}
END_TEST

START_TEST(test_round_trip_one_kind)
{
    check_round_trip(CCD_GEN_EXACT, CCD_GEN_EE, 1);
}
END_TEST

START_TEST(test_write_errors)
{
    char *dir = test_make_tmpdir("gen-test");
    size_t n = strlen(dir) + 16;
    char *file = malloc(n);
    snprintf(file, n, "%s/plain", dir);
    FILE *fp = fopen(file, "w");
    ck_assert_ptr_nonnull(fp);
    fclose(fp);
    ccd_gen_config cfg;
    size_t list[64];
    all_families(&cfg, list);
    cfg.count = 3;
    ccd_error err;
    /* the output is a file, not a directory */
    ck_assert_int_eq(ccd_gen_write(&err, file, &cfg), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "not a directory"));
    /* a coordinate out of range: nothing is left behind for that file */
    ck_assert_int_eq(ccd_gen_parse_rational(cfg.scale, "1e400"), 0);
    char *sub = malloc(n + 8);
    snprintf(sub, n + 8, "%s/out", dir);
    ck_assert_int_eq(ccd_gen_write(&err, sub, &cfg), CCD_ERR_INPUT);
    char *first = data_path(sub, 0, CCD_VF, 0);
    ck_assert_int_ne(access(first, F_OK), 0);
    free(first);
    free(sub);
    free(file);
    ccd_gen_config_clear(&cfg);
    test_remove_tmpdir(dir);
}
END_TEST

static Suite *gen_suite(void)
{
    Suite *s = suite_create("gen");
    TCase *unit = tcase_create("unit");
    tcase_add_test(unit, test_rng);
    tcase_add_test(unit, test_parse_rational);
    suite_add_tcase(s, unit);
    TCase *fam = tcase_create("families");
    tcase_set_timeout(fam, 600);
    tcase_add_test(fam, test_family_labels);
    tcase_add_test(fam, test_multi_root_roots);
    tcase_add_test(fam, test_near_miss_distance);
    tcase_add_test(fam, test_ranges);
    tcase_add_test(fam, test_scale_translate);
    tcase_add_test(fam, test_rationals);
    suite_add_tcase(s, fam);
    TCase *files = tcase_create("files");
    tcase_set_timeout(files, 600);
    tcase_add_test(files, test_determinism);
    tcase_add_test(files, test_round_trip_exact);
    tcase_add_test(files, test_round_trip_double_gzip);
    tcase_add_test(files, test_round_trip_one_kind);
    tcase_add_test(files, test_write_errors);
    suite_add_tcase(s, files);
    return s;
}

int main(void)
{
    return test_run_suite(gen_suite());
}
