/* SPDX-License-Identifier: MIT */
/* `ccdbench show`: one or more queries of a file, exactly — their rational
 * coordinates, exact ground truth, the methods' answers and (--distance) exact
 * closest points. */
#include <config.h>

#include "bench/json_doc.h"
#include "bench/method_failure.h"
#include "bench/query_answers.h"
#include "core/query_line.h"
#include "cli/cli.h"
#include "exact/distance.h"
#include "exact/decimal.h"
#include "exact/exact_ccd.h"
#include "exact/rational.h"
#include "gen/gen.h"
#include "query/nearest_double.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench show [OPTION]... FILE\n"
    "Print queries of one query FILE exactly: their points as exact rationals and\n"
    "nearest doubles, the label in the file, the exact ground truth (does it\n"
    "collide, and the exact earliest time of impact), and each method's answer,\n"
    "one line 'METHOD: collides (toi T)' or 'METHOD: no', marked [FN] or [FP]\n"
    "when it is wrong.\n"
    "\n"
    "  --index I[:J]    query I (0-based, default 0), or the queries I <= i < J\n"
    "  --methods LIST   comma-separated method names, 'all', or 'none'; default:\n"
    "                   run's default list (all but the slow irf, uirf and\n"
    "                   additive-ccd, tight-inclusion-scalar, and msrf unless --ms\n"
    "                   D).  With --ms D\n"
    "                   the methods get d (its nearest double) and --norm, and are\n"
    "                   judged against the truth at d; their options are their defaults\n"
    "  --plugin FILE.so also load the methods of a plugin (repeatable; run in this\n"
    "                   process)\n"
    "  --ms D           also the minimum-separation truth at distance D >= 0, read\n"
    "                   exactly (a decimal such as 1e-8 means exactly 10^-8, or n/d)\n"
    "  --norm N         distance of --ms: inf (L-infinity, default) or 2 (Euclidean)\n"
    "  --distance       the exact squared distance, distance and closest points pa, pb\n"
    "                   of the two primitives at time T (see --at), with their\n"
    "                   parameters: barycentric (u, v) of pb on the face for VF,\n"
    "                   (s_a, s_b) along edges a and b for EE\n"
    "  --at T           time of --distance (implies it): 0 (default), 1, an exact\n"
    "                   decimal or n/d in [0, 1], or toi: the exact time of impact\n"
    "                   (of plain CCD, not --ms) when it is rational, else the lower\n"
    "                   end of its isolating interval (colliding queries only)\n"
    "  --format F       text (default) or json\n"
    "  --max-digits N   longest integer accepted in FILE (default 1000, as for run)\n"
    "  --help           show this help\n"
    "\n"
    "A time of impact is shown as 'p/q exactly' when it is a rational of denominator\n"
    "<= 2^64 (proven exactly), else as an isolating interval [lo, hi] of exact\n"
    "rationals of width <= 2^-64 (the interval of `ccdbench truth --output`); with\n"
    "20 significant digits.  Decimals are rounded to nearest (ties to even).\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input or usage.\n";

enum { DIGITS = 20,   /* significant digits of the decimals shown            */
       TOI_BITS = 64, /* width of the toi's isolating interval: <= 2^-TOI_BITS */
       BATCH = 1024 };

typedef struct show_options {
    uint64_t first, end; /* the queries first <= i < end */
    int distance, at_toi, json, norm;
    int separation; /* --ms given */
    mpq_t at, ms;
    size_t max_digits; /* --max-digits (0: the reader's default) */
    const char *methods; /* --methods, or NULL: the default list */
    char **plugins;      /* --plugin FILE.so */
    size_t plugin_count;
} show_options;

/* The methods whose answers are shown, with their params. */
typedef struct show_methods {
    const ccd_method *const *items;
    size_t count;
    ccd_params params;
} show_methods;

/* ------------------------------------------------------------------ decimals */

/* x (or √x when root) to DIGITS significant digits (exact/decimal.h) into out. */
static void decimal_string(char *out, size_t size, const mpq_t x, int root)
{
    char *d = ccd_decimal_string(x, DIGITS, root);
    snprintf(out, size, "%s", d ? d : "(out of memory)");
    free(d);
}

/* ------------------------------------------------------------------ facts of one query */

typedef struct show_truth {
    int collides;
    mpq_t lo, hi;  /* when collides: toi ∈ [lo, hi], width <= 2^-TOI_BITS (`truth --output`) */
    int rational;  /* when collides: 1 when the toi is known to be `value` exactly */
    mpq_t value;
    char *decimal; /* when collides: the toi to DIGITS digits (malloc'd) */
} show_truth;

typedef struct show_distance {
    mpq_t t, dist2, pa[3], pb[3], s[2];
} show_distance;

typedef struct show_work {
    ccd_exact_ctx *exact;
    ccd_algebraic *toi;
    show_truth truth, ms_truth;
    show_distance d;
    ccd_rounding_scratch rounding;
    const show_methods *methods;
    ccd_query_outcome *answers; /* one per method */
} show_work;

static void truth_init(show_truth *t)
{
    mpq_inits(t->lo, t->hi, t->value, NULL);
    t->decimal = NULL;
}

static void truth_clear(show_truth *t)
{
    mpq_clears(t->lo, t->hi, t->value, NULL);
    free(t->decimal);
}

static int work_init(show_work *w, const show_methods *methods)
{
    w->methods = methods;
    w->answers = calloc(methods->count + 1, sizeof *w->answers);
    w->exact = ccd_exact_ctx_new();
    w->toi = ccd_algebraic_new();
    truth_init(&w->truth);
    truth_init(&w->ms_truth);
    mpq_inits(w->d.t, w->d.dist2, w->d.s[0], w->d.s[1], NULL);
    for (int k = 0; k < 3; k++)
        mpq_inits(w->d.pa[k], w->d.pb[k], NULL);
    ccd_rounding_scratch_init(&w->rounding);
    return w->exact && w->toi && w->answers ? 0 : -1;
}

static void work_clear(show_work *w)
{
    if (w->exact)
        ccd_exact_ctx_free(w->exact);
    if (w->toi)
        ccd_algebraic_free(w->toi);
    truth_clear(&w->truth);
    truth_clear(&w->ms_truth);
    mpq_clears(w->d.t, w->d.dist2, w->d.s[0], w->d.s[1], NULL);
    for (int k = 0; k < 3; k++)
        mpq_clears(w->d.pa[k], w->d.pb[k], NULL);
    ccd_rounding_scratch_clear(&w->rounding);
    free(w->answers);
}

/* The exact truth of q (plain CCD when ms is NULL). */
static ccd_status decide(show_truth *t, show_work *w, ccd_error *err, const char *path,
                         const ccd_query *q, const mpq_t ms, int norm)
{
    free(t->decimal);
    t->decimal = NULL;
    if (ccd_exact_decide(&t->collides, w->toi, q, ms, norm, w->exact) != CCD_OK)
        return ccd_error_set(err, CCD_ERR_INTERNAL, path, ccd_query_line(q, 0), 0,
                             "the exact oracle failed on query %" PRIu64, q->index);
    if (!t->collides)
        return CCD_OK;
    ccd_algebraic_refine(w->toi, TOI_BITS);
    ccd_algebraic_bounds(t->lo, t->hi, w->toi);
    if (!(t->decimal = ccd_algebraic_to_string(w->toi, DIGITS)))
        return ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
    t->rational = ccd_algebraic_find_rational(t->value, w->toi, t->lo, t->hi, TOI_BITS);
    return CCD_OK;
}

/* Everything shown about q, in w. */
static ccd_status examine(show_work *w, ccd_error *err, const char *path, const ccd_query *q,
                          const show_options *o)
{
    ccd_status st = decide(&w->truth, w, err, path, q, NULL, 0);
    if (st == CCD_OK && o->separation)
        st = decide(&w->ms_truth, w, err, path, q, o->ms, o->norm);
    if (st == CCD_OK)
        st = ccd_query_answers(w->answers, err, w->methods->items, w->methods->count, NULL, q,
                               &w->methods->params);
    if (st != CCD_OK || !o->distance)
        return st;
    if (!o->at_toi)
        mpq_set(w->d.t, o->at);
    else if (w->truth.collides)
        mpq_set(w->d.t, w->truth.rational ? w->truth.value : w->truth.lo);
    else
        return ccd_error_set(err, CCD_ERR_INPUT, path, ccd_query_line(q, 0), 0,
                             "query %" PRIu64 " does not collide, so --at toi has no time",
                             q->index);
    if (ccd_exact_distance(w->d.dist2, w->d.pa, w->d.pb, w->d.s, q, w->d.t) != CCD_OK)
        return ccd_error_set(err, CCD_ERR_INTERNAL, path, ccd_query_line(q, 0), 0,
                             "query %" PRIu64 ": unknown kind", q->index);
    return CCD_OK;
}

/* ------------------------------------------------------------------ text */

static const char *const row_names[2][4] = {{"v", "f0", "f1", "f2"}, {"ea0", "ea1", "eb0", "eb1"}};

static double nearest(show_work *w, const mpq_t x)
{
    int exact;
    return ccd_nearest_double_mpq(x, &exact, &w->rounding);
}

/* "(x, y, z)" of n exact rationals, then the same as nearest doubles on a second line. */
static void text_vector(FILE *out, show_work *w, mpq_t *x, int n, const char *indent)
{
    fputs("exact  (", out);
    for (int k = 0; k < n; k++) {
        mpq_out_str(out, 10, x[k]);
        fputs(k + 1 < n ? ", " : ")\n", out);
    }
    fprintf(out, "%sdouble (", indent);
    for (int k = 0; k < n; k++)
        fprintf(out, "%.17g%s", nearest(w, x[k]), k + 1 < n ? ", " : ")\n");
}

static void text_truth(FILE *out, const char *name, const show_truth *t)
{
    if (!t->collides) {
        fprintf(out, "  %-22s does not collide\n", name);
        return;
    }
    fprintf(out, "  %-22s collides, toi ", name);
    if (t->rational) {
        fputs("= ", out);
        mpq_out_str(out, 10, t->value);
        fprintf(out, " exactly = %s\n", t->decimal);
    } else {
        fputs("in [", out);
        mpq_out_str(out, 10, t->lo);
        fputs(", ", out);
        mpq_out_str(out, 10, t->hi);
        fprintf(out, "] = %s\n", t->decimal);
    }
}

/* "  METHOD: collides (toi T)" or "  METHOD: no", [FN] or [FP] against truth; or
 * "  METHOD: failed (why)". */
static void text_answers(FILE *out, const show_work *w, const char *path, const ccd_query *q,
                         const show_truth *truth)
{
    for (size_t m = 0; m < w->methods->count; m++) {
        const ccd_method *method = w->methods->items[m];
        const ccd_query_outcome *o = &w->answers[m];
        if (o->failure != CCD_FAILURE_NONE) {
            char reason[1024];
            ccd_failure_reason(reason, sizeof reason, method->name, o, &w->methods->params,
                               path, q->index, NULL);
            fprintf(out, "  %s: failed (%s)\n", method->name, reason);
            continue;
        }
        int says = o->result.collides;
        fprintf(out, "  %s: %s", method->name, says ? "collides" : "no");
        if (says && (method->caps & CCD_CAP_TOI))
            fprintf(out, " (toi %.17g)", o->result.toi);
        fputs(says == truth->collides ? "\n" : says ? " [FP]\n" : " [FN]\n", out);
    }
}

static void text_query(FILE *out, show_work *w, const char *path, const ccd_query *q,
                       int label, const show_options *o)
{
    static const char indent[] = "                         ";
    fprintf(out, "query %" PRIu64 " (%s) at %s:%lu\n", q->index,
            q->kind == CCD_VF ? "VF, vertex-face" : "EE, edge-edge", path, ccd_query_line(q, 0));
    fprintf(out, "  %-22s %s\n", "label in the file",
            label < 0 ? "none" : label ? "1 (collides)" : "0 (does not collide)");
    mpq_t p[3];
    mpq_inits(p[0], p[1], p[2], NULL);
    for (int r = 0; r < CCD_QUERY_ROWS; r++) {
        for (int a = 0; a < 3; a++)
            ccd_query_coord_mpq(p[a], q, r, a);
        char name[32];
        snprintf(name, sizeof name, "%s at t%d, line %lu", row_names[q->kind][r % 4], r / 4,
                 ccd_query_line(q, r));
        fprintf(out, "  %-22s ", name);
        text_vector(out, w, p, 3, indent);
    }
    mpq_clears(p[0], p[1], p[2], NULL);
    text_truth(out, "exact truth", &w->truth);
    if (o->separation) {
        char name[64];
        gmp_snprintf(name, sizeof name, "truth at d = %Qd (%s)", o->ms,
                     o->norm == 2 ? "L2" : "L-inf");
        text_truth(out, name, &w->ms_truth);
    }
    text_answers(out, w, path, q, o->separation ? &w->ms_truth : &w->truth);
    if (!o->distance)
        return;
    char dec[64];
    decimal_string(dec, sizeof dec, w->d.t, 0);
    fprintf(out, "  %-22s ", o->at_toi ? "distance at t = toi" : "distance at t");
    mpq_out_str(out, 10, w->d.t);
    fprintf(out, " = %s\n", dec);
    decimal_string(dec, sizeof dec, w->d.dist2, 0);
    fprintf(out, "  %-22s ", "  squared distance");
    mpq_out_str(out, 10, w->d.dist2);
    fprintf(out, " = %s\n", dec);
    decimal_string(dec, sizeof dec, w->d.dist2, 1);
    fprintf(out, "  %-22s %s\n", "  distance", dec);
    int vf = q->kind == CCD_VF;
    fprintf(out, "  %-22s ", vf ? "  pa (the vertex)" : "  pa (on edge a)");
    text_vector(out, w, w->d.pa, 3, indent);
    fprintf(out, "  %-22s ", vf ? "  pb (on the face)" : "  pb (on edge b)");
    text_vector(out, w, w->d.pb, 3, indent);
    fprintf(out, "  %-22s ", vf ? "  (u, v) of pb" : "  (s_a, s_b)");
    text_vector(out, w, w->d.s, 2, indent);
}

/* ------------------------------------------------------------------ JSON */

static void json_rational(FILE *out, const mpq_t x)
{
    fputc('"', out); /* digits, '-' and '/' only: no escapes needed */
    mpq_out_str(out, 10, x);
    fputc('"', out);
}

static void json_decimal(FILE *out, const mpq_t x, int root)
{
    char dec[64];
    decimal_string(dec, sizeof dec, x, root);
    fprintf(out, "\"%s\"", dec);
}

/* {"exact": ["p/q", …], "double": [x, …]} */
static void json_vector(FILE *out, show_work *w, mpq_t *x, int n)
{
    fputs("{\"exact\": [", out);
    for (int k = 0; k < n; k++) {
        json_rational(out, x[k]);
        fputs(k + 1 < n ? ", " : "], \"double\": [", out);
    }
    for (int k = 0; k < n; k++) {
        ccd_json_write_double(out, nearest(w, x[k]));
        fputs(k + 1 < n ? ", " : "]}", out);
    }
}

static void json_truth(FILE *out, const show_truth *t)
{
    fprintf(out, "\"collides\": %s", t->collides ? "true" : "false");
    if (!t->collides) {
        fputs(", \"toi_lo\": null, \"toi_hi\": null, \"toi_exact\": null, \"toi\": null", out);
        return;
    }
    fputs(", \"toi_lo\": ", out);
    json_rational(out, t->lo);
    fputs(", \"toi_hi\": ", out);
    json_rational(out, t->hi);
    fputs(", \"toi_exact\": ", out);
    if (t->rational)
        json_rational(out, t->value);
    else
        fputs("null", out);
    fprintf(out, ", \"toi\": \"%s\"", t->decimal);
}

/* ,\n "answers": [{"method", "collides", "toi", "wrong": null|"fn"|"fp", "failure"}] */
static void json_answers(FILE *out, const show_work *w, const char *path, const ccd_query *q,
                         const show_truth *truth)
{
    fputs(",\n   \"answers\": [", out);
    for (size_t m = 0; m < w->methods->count; m++) {
        const ccd_method *method = w->methods->items[m];
        const ccd_query_outcome *o = &w->answers[m];
        fputs(m ? ",\n               {\"method\": " : "{\"method\": ", out);
        ccd_json_write_string(out, method->name);
        if (o->failure != CCD_FAILURE_NONE) {
            char reason[1024];
            ccd_failure_reason(reason, sizeof reason, method->name, o, &w->methods->params,
                               path, q->index, NULL);
            fputs(", \"collides\": null, \"toi\": null, \"wrong\": null, \"failure\": ", out);
            ccd_json_write_string(out, reason);
            fputc('}', out);
            continue;
        }
        int says = o->result.collides;
        fprintf(out, ", \"collides\": %s, \"toi\": ", says ? "true" : "false");
        ccd_json_write_double(out, says && (method->caps & CCD_CAP_TOI) ? o->result.toi : NAN);
        fprintf(out, ", \"wrong\": %s, \"failure\": null}",
                says == truth->collides ? "null" : says ? "\"fp\"" : "\"fn\"");
    }
    fputc(']', out);
}

static void json_query(FILE *out, show_work *w, const char *path, const ccd_query *q,
                       int label, const show_options *o)
{
    fprintf(out, "{\"index\": %" PRIu64 ", \"kind\": \"%s\", \"line\": %lu, \"label\": ",
            q->index, q->kind == CCD_VF ? "VF" : "EE", ccd_query_line(q, 0));
    if (label < 0)
        fputs("null", out);
    else
        fprintf(out, "%d", label);
    fputs(",\n   \"points\": [", out);
    mpq_t p[3];
    mpq_inits(p[0], p[1], p[2], NULL);
    for (int r = 0; r < CCD_QUERY_ROWS; r++) {
        for (int a = 0; a < 3; a++)
            ccd_query_coord_mpq(p[a], q, r, a);
        fprintf(out, "%s{\"name\": \"%s\", \"time\": %d, \"line\": %lu, \"position\": ",
                r ? ",\n              " : "", row_names[q->kind][r % 4], r / 4, ccd_query_line(q, r));
        json_vector(out, w, p, 3);
        fputc('}', out);
    }
    mpq_clears(p[0], p[1], p[2], NULL);
    fputs("],\n   \"truth\": {", out);
    json_truth(out, &w->truth);
    fputc('}', out);
    if (o->separation) {
        fputs(",\n   \"ms_truth\": {\"d\": ", out);
        json_rational(out, o->ms);
        fprintf(out, ", \"norm\": \"%s\", ", o->norm == 2 ? "2" : "inf");
        json_truth(out, &w->ms_truth);
        fputc('}', out);
    }
    json_answers(out, w, path, q, o->separation ? &w->ms_truth : &w->truth);
    if (o->distance) {
        fputs(",\n   \"distance\": {\"t\": ", out);
        json_rational(out, w->d.t);
        fputs(", \"t_decimal\": ", out);
        json_decimal(out, w->d.t, 0);
        fputs(", \"squared\": ", out);
        json_rational(out, w->d.dist2);
        fputs(", \"squared_decimal\": ", out);
        json_decimal(out, w->d.dist2, 0);
        fputs(", \"distance_decimal\": ", out);
        json_decimal(out, w->d.dist2, 1);
        fputs(",\n                \"pa\": ", out);
        json_vector(out, w, w->d.pa, 3);
        fputs(",\n                \"pb\": ", out);
        json_vector(out, w, w->d.pb, 3);
        fprintf(out, ",\n                \"parameters\": {\"names\": [%s], \"value\": ",
                q->kind == CCD_VF ? "\"u\", \"v\"" : "\"s_a\", \"s_b\"");
        json_vector(out, w, w->d.s, 2);
        fputs("}}", out);
    }
    fputc('}', out);
}

/* ------------------------------------------------------------------ the command */

/* "I" or "I:J" (0 <= I < J) into [first, end). */
static int parse_index(show_options *o, const char *text)
{
    char *end;
    const char *p = text;
    unsigned long long v[2] = {0, 0};
    int n = 0;
    for (;;) {
        if (*p < '0' || *p > '9')
            return -1;
        errno = 0;
        v[n++] = strtoull(p, &end, 10);
        if (errno == ERANGE || v[n - 1] >= UINT64_MAX / CCD_QUERY_ROWS)
            return -1;
        if (*end == '\0')
            break;
        if (*end != ':' || n == 2)
            return -1;
        p = end + 1;
    }
    o->first = v[0];
    o->end = n == 2 ? v[1] : v[0] + 1;
    return o->first < o->end ? 0 : -1;
}

static int parse_options(show_options *o, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"index", required_argument, NULL, 'i'}, {"at", required_argument, NULL, 'a'},
        {"distance", no_argument, NULL, 'd'},    {"ms", required_argument, NULL, 'm'},
        {"norm", required_argument, NULL, 'n'},  {"format", required_argument, NULL, 'f'},
        {"max-digits", required_argument, NULL, 'D'},
        {"methods", required_argument, NULL, 'M'}, {"plugin", required_argument, NULL, 'p'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0},
    };
    int c, status;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'i':
            if (parse_index(o, optarg) != 0)
                return ccd_cli_usage_error("show: --index: '%s' is not I or I:J with "
                                           "0 <= I < J", optarg);
            break;
        case 'a':
            o->distance = 1;
            o->at_toi = strcmp(optarg, "toi") == 0;
            if (!o->at_toi && (ccd_gen_parse_rational(o->at, optarg) != 0 ||
                               mpq_sgn(o->at) < 0 || mpq_cmp_ui(o->at, 1, 1) > 0))
                return ccd_cli_usage_error("show: --at: '%s' is not toi or an exact number "
                                           "in [0, 1]", optarg);
            break;
        case 'd': o->distance = 1; break;
        case 'm':
            o->separation = 1;
            if (ccd_gen_parse_rational(o->ms, optarg) != 0 || mpq_sgn(o->ms) < 0)
                return ccd_cli_usage_error("show: --ms: '%s' is not an exact number >= 0",
                                           optarg);
            break;
        case 'n':
            if (strcmp(optarg, "inf") == 0 || strcmp(optarg, "Inf") == 0)
                o->norm = 0;
            else if (strcmp(optarg, "2") == 0)
                o->norm = 2;
            else
                return ccd_cli_usage_error("show: --norm: '%s' is not inf or 2", optarg);
            break;
        case 'f':
            if (strcmp(optarg, "text") != 0 && strcmp(optarg, "json") != 0)
                return ccd_cli_usage_error("show: --format: '%s' is not text or json", optarg);
            o->json = strcmp(optarg, "json") == 0;
            break;
        case 'D':
            if ((status = ccd_cli_parse_max_digits(&o->max_digits, optarg)) != 0)
                return status;
            break;
        case 'M': o->methods = optarg; break;
        case 'p': o->plugins[o->plugin_count++] = optarg; break;
        case 'h': fputs(usage, stdout); return -1;
        default: return ccd_cli_bad_option("show", argv, optopt);
        }
    }
    if (argc - optind != 1)
        return ccd_cli_usage_error("show: expected one query FILE, got %d arguments "
                                   "(see ccdbench show --help)", argc - optind);
    return CCD_EXIT_OK;
}

/* Print the queries [o->first, o->end) of f to out. */
static ccd_status show_file(FILE *out, ccd_error *err, const ccd_dataset_file *f,
                            const show_options *o, const show_methods *methods)
{
    show_work w;
    ccd_batch b;
    ccd_reader *r = NULL;
    int work_ok = work_init(&w, methods) == 0;
    ccd_status st = ccd_batch_init(&b, BATCH);
    if (st != CCD_OK || !work_ok) {
        work_clear(&w);
        if (st == CCD_OK)
            ccd_batch_free(&b);
        return ccd_error_set(err, CCD_ERR_INTERNAL, f->csv_path, 0, 0, "out of memory");
    }
    st = ccd_reader_open(&r, err, f->csv_path, f->labels_path, f->kind);
    if (st == CCD_OK)
        ccd_reader_set_max_digits(r, o->max_digits);
    uint64_t count = 0; /* queries read */
    if (o->json) {
        fputs("{\"file\": ", out);
        ccd_json_write_string(out, f->csv_path);
        fputs(",\n \"queries\": [", out);
    }
    while (st == CCD_OK && count < o->end && (st = ccd_reader_read(&b, err, r)) == CCD_OK &&
           b.count > 0) {
        for (size_t i = 0; i < b.count && st == CCD_OK; i++) {
            const ccd_query *q = &b.queries[i];
            if (q->index < o->first || q->index >= o->end)
                continue;
            if ((st = examine(&w, err, f->csv_path, q, o)) != CCD_OK)
                break;
            if (o->json) {
                fputs(q->index > o->first ? ",\n  " : "\n  ", out);
                json_query(out, &w, f->csv_path, q, b.labels[i], o);
            } else {
                if (q->index > o->first)
                    fputc('\n', out);
                text_query(out, &w, f->csv_path, q, b.labels[i], o);
            }
        }
        count += b.count;
    }
    if (o->json)
        fputs("]}\n", out);
    if (st == CCD_OK && count < o->end)
        st = ccd_error_set(err, CCD_ERR_INPUT, f->csv_path, 0, 0,
                           "query %" PRIu64 ": out of range (the file has %" PRIu64 " quer%s)",
                           count <= o->first ? o->first : count, count,
                           count == 1 ? "y" : "ies");
    if (r)
        ccd_reader_close(r);
    ccd_batch_free(&b);
    work_clear(&w);
    return st;
}

/* The methods of --methods (default: run's without DATA; "none": none) into chosen,
 * their params into m.  0, or the exit status of the error printed. */
static int choose_methods(show_methods *m, ccd_method_list *chosen, const ccd_cli_methods *available,
                          const show_options *o)
{
    ccd_params_default(&m->params);
    if (o->separation) {
        m->params.ms = ccd_cli_ms_double(o->ms);
        m->params.ms_norm = o->norm == 2 ? CCD_NORM_L2 : CCD_NORM_LINF;
    }
    if (o->methods && strcmp(o->methods, "none") == 0)
        return 0;
    int skipped_slow = 0;
    char skipped[256] = "";
    char *defaults = NULL;
    if (!o->methods &&
        !(defaults = ccd_cli_default_methods(&skipped_slow, skipped, sizeof skipped,
                                             &available->available, !o->separation)))
        return ccd_cli_out_of_memory();
    ccd_error err;
    ccd_status st = ccd_method_list_select(chosen, &err, &available->available,
                                           o->methods ? o->methods : defaults);
    free(defaults);
    if (st != CCD_OK) {
        const char *what = strstr(err.message, ": "); /* drop "--methods" */
        return ccd_cli_usage_error("show: --methods: %s", what ? what + 2 : err.message);
    }
    m->items = chosen->items;
    m->count = chosen->count;
    return 0;
}

int ccd_cmd_show(int argc, char **argv)
{
    show_options o = {.first = 0, .end = 1};
    mpq_inits(o.at, o.ms, NULL);
    if (!(o.plugins = calloc((size_t)argc + 1, sizeof *o.plugins))) {
        mpq_clears(o.at, o.ms, NULL);
        return ccd_cli_out_of_memory();
    }
    int status = parse_options(&o, argc, argv);
    if (status != CCD_EXIT_OK) {
        mpq_clears(o.at, o.ms, NULL);
        free(o.plugins);
        return status < 0 ? CCD_EXIT_OK : status; /* -1: --help */
    }
    const char *path = argv[optind];
    ccd_error err;
    ccd_dataset ds = {0};
    ccd_cli_methods available;
    ccd_method_list chosen = {0};
    show_methods methods = {0};
    int have_methods = ccd_cli_methods_load(&available, &err, o.plugins, o.plugin_count) ==
                       CCD_OK;
    if (!have_methods) {
        status = ccd_cli_fail(&err);
    } else if ((status = choose_methods(&methods, &chosen, &available, &o)) != 0) {
        /* printed */
    } else if (ccd_cli_discover(&ds, &err, argv + optind, 1) != CCD_OK) {
        status = ccd_cli_fail(&err);
    } else if (ds.count != 1 || strcmp(ds.files[0].csv_path, path) != 0) {
        ccd_error_set(&err, CCD_ERR_INPUT, path, 0, 0,
                      "not a query file (show reads one CSV file, not a directory)");
        status = ccd_cli_fail(&err);
    } else {
        /* Output is collected first, so an error leaves stdout empty. */
        char *text = NULL;
        size_t length = 0;
        FILE *out = open_memstream(&text, &length);
        if (!out) {
            status = ccd_cli_out_of_memory();
        } else {
            ccd_status st = show_file(out, &err, &ds.files[0], &o, &methods);
            if (fclose(out) != 0 && st == CCD_OK)
                st = ccd_error_set(&err, CCD_ERR_INTERNAL, "ccdbench", 0, 0, "out of memory");
            if (st != CCD_OK)
                status = ccd_cli_fail(&err);
            else
                fwrite(text, 1, length, stdout); /* a failure is reported by main */
            free(text);
        }
    }
    ccd_dataset_free(&ds);
    ccd_method_list_free(&chosen);
    if (have_methods)
        ccd_cli_methods_free(&available);
    free(o.plugins);
    mpq_clears(o.at, o.ms, NULL);
    return status;
}
