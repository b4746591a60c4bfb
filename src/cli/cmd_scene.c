/* SPDX-License-Identifier: MIT */
/* `ccdbench scene`: whole simulation steps (ccdbench/scene.h, docs/scene.md).
 *   scene run [OPTION]... FRAME0 FRAME1 | DIR
 *   scene export [--ms D] [--threads N] FRAME0 FRAME1 OUTDIR */
#include <config.h>

#include "ccdbench/scene.h"
#include "cli/cli.h"
#include "core/atomic_file.h"
#include "core/clock.h"
#include "core/json_out.h"

#include <getopt.h>
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench scene run [OPTION]... FRAME0 FRAME1\n"
    "       ccdbench scene run [OPTION]... DIR\n"
    "       ccdbench scene export [--ms D] [--threads N] FRAME0 FRAME1 OUTDIR\n"
    "Continuous collision detection of whole simulation steps: two frames of one\n"
    "mesh (PLY, OBJ or OFF; the same faces) move linearly over t in [0, 1].  The\n"
    "broad phase finds the vertex-face and edge-edge pairs whose swept boxes\n"
    "overlap; run gives them to the exact oracle and to every method and reports\n"
    "per step the candidates, the positives, each method's false positives and\n"
    "negatives, its earliest toi against the exact one, and the time of each phase.\n"
    "DIR is a scene in the Scalable-CCD layout: one step per DIR/frames/S.ply and\n"
    "S+1.ply.  export writes the candidates as OUTDIR/queries/STEM{vf,ee}.csv (the\n"
    "benchmark's rational CSV) and OUTDIR/boxes/STEM{vf,ee}.json (box id pairs),\n"
    "STEM the name of FRAME0 without directory and extension.\n"
    "For a step of DIR with published data (boxes/S{vf,ee}.json, queries/,\n"
    "mma_bool/, roots/), run also checks the step against it: the published pairs\n"
    "among the candidates, their queries equal to the published rows, the exact\n"
    "labels equal to mma_bool, and the exact earliest toi equal to the least\n"
    "published root (to within 2^-200).\n"
    "\n"
    "  --methods LIST     comma-separated method names or all (default: all but the\n"
    "                     slow interval root finders irf and uirf, and without --ms\n"
    "                     the separation-only methods)\n"
    "  --plugin FILE.so   load methods from a plugin (repeatable)\n"
    "  --ms D             minimum separation d >= 0 (default 0), L-infinity norm\n"
    "  --param M.K=V      set option K of method M (repeatable), as in run\n"
    "  --delta X          option delta of every method declaring it (1e-6)\n"
    "  --max-checks N     option max_checks of every method declaring it\n"
    "  --eta X            option eta of every method declaring it (fprf: 0)\n"
    "  --filter F         option filter of every method declaring it\n"
    "  --threads N        OpenMP threads (default: all cores)\n"
    "  --json FILE        also write the steps as JSON\n"
    "  --help             show this help\n"
    "\n"
    "Exit status: 0 done, 1 a method reported a later toi than the exact one while\n"
    "claiming to be conservative, or the check against the published data found a\n"
    "difference (or internal failure), 2 bad input or usage.\n";

enum { OPT_METHODS = 256, OPT_PLUGIN, OPT_PARAM, OPT_METHOD_PARAM, OPT_THREADS, OPT_JSON,
       OPT_HELP };

typedef struct scene_options {
    const char *methods, *json;
    char **plugins;
    size_t plugin_count;
    long threads;
    ccd_params params;           /* --ms */
    ccd_cli_option_set options;  /* --param and the shorthand flags */
} scene_options;

/* -1: go on; otherwise the exit status. */
static int parse(scene_options *o, int argc, char **argv, int is_run)
{
    static const struct option longopts[] = {
        {"methods", required_argument, NULL, OPT_METHODS},
        {"plugin", required_argument, NULL, OPT_PLUGIN},
        {"ms", required_argument, NULL, OPT_PARAM},
        {"delta", required_argument, NULL, OPT_PARAM},
        {"max-checks", required_argument, NULL, OPT_PARAM},
        {"eta", required_argument, NULL, OPT_PARAM},
        {"filter", required_argument, NULL, OPT_PARAM},
        {"param", required_argument, NULL, OPT_METHOD_PARAM},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"json", required_argument, NULL, OPT_JSON},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0},
    };
    int c, status, index = -1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, &index)) != -1) {
        int is_ms = c == OPT_PARAM && !strcmp(longopts[index].name, "ms");
        if (!is_run && !is_ms && c != OPT_THREADS && c != OPT_HELP && c != '?')
            return ccd_cli_usage_error("scene export: %s is an option of scene run",
                                       argv[optind - 1]);
        switch (c) {
        case OPT_METHODS: o->methods = optarg; break;
        case OPT_PLUGIN: o->plugins[o->plugin_count++] = optarg; break;
        case OPT_PARAM: /* --ms and the method shorthands, as run reads them */
            if ((status = ccd_cli_parse_param(&o->params, &o->options, longopts[index].name,
                                              optarg)) != 0)
                return status;
            break;
        case OPT_METHOD_PARAM:
            if ((status = ccd_cli_option_add_param(&o->options, optarg)) != 0)
                return status;
            break;
        case OPT_THREADS:
            if ((status = ccd_cli_parse_threads(&o->threads, optarg)) != 0)
                return status;
            break;
        case OPT_JSON: o->json = optarg; break;
        case OPT_HELP: fputs(usage, stdout); return CCD_EXIT_OK;
        default: return ccd_cli_bad_option("scene", argv, optopt);
        }
    }
    return -1;
}

/* The default list: every method but irf and uirf (milliseconds per query: a
 * step has tens of thousands of candidates), and without --ms the
 * separation-only ones. */
static ccd_status default_methods(ccd_method_list *out, ccd_error *err,
                                  const ccd_method_list *available, double ms)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < available->count; i++) {
        const ccd_method *m = available->items[i];
        if ((ms == 0 && (m->caps & CCD_CAP_SEPARATION_ONLY)) || !strcmp(m->name, "irf") ||
            !strcmp(m->name, "uirf"))
            continue;
        ccd_status st = ccd_method_list_append(out, err, m, "built-in");
        if (st != CCD_OK)
            return st;
    }
    return CCD_OK;
}

static void print_step(const char *name, const ccd_scene *s, const ccd_scene_step *st,
                       double broad_seconds, const ccd_method *const *methods, int threads)
{
    printf("step %s: %zu vertices, %zu edges, %zu faces", name, s->vertex_count, s->edge_count,
           s->face_count);
    if (threads > 0)
        printf(" (threads %d)", threads);
    printf("\n");
    printf("  broad phase:  %zu VF + %zu EE candidates in %.6f s (%.3g candidates/s)\n",
           st->vf_candidates, st->ee_candidates, broad_seconds,
           broad_seconds > 0 ? (double)(st->vf_candidates + st->ee_candidates) / broad_seconds
                             : 0.0);
    printf("  exact:        %llu VF + %llu EE positives, earliest toi ",
           (unsigned long long)st->vf_positives, (unsigned long long)st->ee_positives);
    if (st->exact_toi_lo == INFINITY)
        printf("none");
    else if (st->exact_toi_lo == st->exact_toi_hi)
        printf("%.17g (%s candidate %zu)", st->exact_toi_lo,
               st->exact_toi_kind == CCD_VF ? "VF" : "EE", st->exact_toi_index);
    else
        printf("in (%.17g, %.17g) (%s candidate %zu)", st->exact_toi_lo, st->exact_toi_hi,
               st->exact_toi_kind == CCD_VF ? "VF" : "EE", st->exact_toi_index);
    printf("; oracle %.6f s\n", st->exact_seconds);
    printf("  narrow phase: %.6f s wall (oracle and methods)\n", st->narrow_seconds);
    printf("  %-22s %8s %6s %6s %6s %24s %6s %9s %9s %10s %12s\n", "method", "reported", "FP",
           "FN", "failed", "earliest toi", "order", "zero toi", "toi ratio", "seconds",
           "queries/s");
    size_t nq = st->vf_candidates + st->ee_candidates;
    for (size_t m = 0; m < st->method_count; m++) {
        const ccd_scene_method_step *r = &st->methods[m];
        printf("  %-22s %8llu %6llu %6llu %6llu ", methods[m]->name,
               (unsigned long long)r->reported, (unsigned long long)r->false_positives,
               (unsigned long long)r->false_negatives, (unsigned long long)r->failed);
        char toi[40];
        if (isnan(r->toi))
            snprintf(toi, sizeof toi, "-");
        else if (isinf(r->toi))
            snprintf(toi, sizeof toi, "none");
        else
            snprintf(toi, sizeof toi, "%.17g", r->toi);
        const char *order = isnan(r->toi) || st->exact_toi_lo == INFINITY ? "-"
                            : r->toi_later ? (methods[m]->caps & CCD_CAP_CONSERVATIVE ? "LATER!"
                                                                                      : "later")
                                           : "ok";
        char zero[24], ratio[24];
        if (isnan(r->toi_ratio)) {
            snprintf(zero, sizeof zero, "-");
            snprintf(ratio, sizeof ratio, "-");
        } else {
            snprintf(zero, sizeof zero, "%llu", (unsigned long long)r->zero_toi);
            snprintf(ratio, sizeof ratio, "%.4g", r->toi_ratio);
        }
        printf("%24s %6s %9s %9s %10.6f %12.4g\n", toi, order, zero, ratio, r->seconds,
               r->seconds > 0 ? (double)nq / r->seconds : 0.0);
    }
}

/* , "name": x */
static void json_double(FILE *f, const char *name, double x)
{
    fprintf(f, ", \"%s\": ", name);
    ccd_json_write_double(f, x);
}

static void json_step(FILE *f, const char *name, const char *frame0, const char *frame1,
                      const ccd_scene *s, const ccd_scene_step *st, double broad_seconds,
                      const ccd_method *const *methods, int threads)
{
    fputs("{\"step\": ", f);
    ccd_json_write_string(f, name);
    fputs(", \"frame0\": ", f);
    ccd_json_write_string(f, frame0);
    fputs(", \"frame1\": ", f);
    ccd_json_write_string(f, frame1);
    fprintf(f, ", \"vertices\": %zu, \"edges\": %zu, \"faces\": %zu, \"threads\": %d",
            s->vertex_count, s->edge_count, s->face_count, threads);
    fprintf(f, ", \"vf_candidates\": %zu, \"ee_candidates\": %zu", st->vf_candidates,
            st->ee_candidates);
    fprintf(f, ", \"vf_positives\": %llu, \"ee_positives\": %llu",
            (unsigned long long)st->vf_positives, (unsigned long long)st->ee_positives);
    json_double(f, "exact_toi_lo", st->exact_toi_lo);
    json_double(f, "exact_toi_hi", st->exact_toi_hi);
    json_double(f, "broad_seconds", broad_seconds);
    json_double(f, "exact_seconds", st->exact_seconds);
    json_double(f, "narrow_seconds", st->narrow_seconds);
    fputs(", \"methods\": [", f);
    for (size_t m = 0; m < st->method_count; m++) {
        const ccd_scene_method_step *r = &st->methods[m];
        fputs(m ? ", {\"name\": " : "{\"name\": ", f);
        ccd_json_write_string(f, methods[m]->name);
        fprintf(f, ", \"reported\": %llu, \"false_positives\": %llu, \"false_negatives\": %llu"
                   ", \"failed\": %llu, \"toi_later\": %s",
                (unsigned long long)r->reported, (unsigned long long)r->false_positives,
                (unsigned long long)r->false_negatives, (unsigned long long)r->failed,
                r->toi_later ? "true" : "false");
        json_double(f, "toi", r->toi);
        fprintf(f, ", \"zero_toi\": %llu", (unsigned long long)r->zero_toi);
        json_double(f, "toi_ratio", r->toi_ratio);
        json_double(f, "seconds", r->seconds);
        fputs("}", f);
    }
    fputs("]", f);
}

/* What a step is checked against: DIR's published data of step `number`. */
typedef struct step_source {
    const char *dir; /* NULL: two frames given, nothing published */
    unsigned long number;
} step_source;

static const char *kind_name(int k)
{
    return k == 0 ? "VF" : "EE";
}

static void print_published(const ccd_scene_published *p)
{
    const ccd_scene_published_kind *kinds[2] = {&p->vf, &p->ee};
    for (int k = 0; k < 2; k++) {
        const ccd_scene_published_kind *x = kinds[k];
        if (!x->published) {
            printf("    %s:           not published\n", kind_name(k));
            continue;
        }
        printf("    %s pairs:     %zu published, ", kind_name(k), x->pairs);
        if (x->missing)
            printf("%zu NOT among the candidates, the first pair %zu [%llu, %llu]", x->missing,
                   x->first_missing, (unsigned long long)x->first_missing_ids[0],
                   (unsigned long long)x->first_missing_ids[1]);
        else
            printf("all among the candidates");
        printf(" (%zu candidates more)\n", x->extra);
        if (x->query_mismatches)
            printf("    %s queries:   %zu of %zu DIFFER from the published rows, the first query "
                   "%zu\n", kind_name(k), x->query_mismatches, x->pairs, x->first_query_mismatch);
        else
            printf("    %s queries:   %zu equal to the published rows\n", kind_name(k), x->pairs);
        if (x->disagreements)
            printf("    %s labels:    exact DIFFERS from mma_bool on %zu of %zu pairs, the first "
                   "query %zu (exact %d, mma_bool %d)\n", kind_name(k), x->disagreements,
                   x->pairs, x->first_disagreement, x->first_disagreement_exact,
                   !x->first_disagreement_exact);
        else
            printf("    %s labels:    exact = mma_bool on all %zu pairs (%zu collide)\n",
                   kind_name(k), x->pairs, x->positives);
    }
    printf("    earliest toi: ");
    if (p->least_root_hi == INFINITY)
        printf("not compared (no published root)\n");
    else if (p->toi == CCD_SCENE_TOI_NOT_COMPARED)
        printf("not compared (nothing collides in the step); least published root %s\n",
               p->least_root);
    else if (p->toi == CCD_SCENE_TOI_EQUAL)
        printf("exact = least published root to within 2^-%d: %s (%s)\n", CCD_SCENE_TOI_BITS,
               p->least_root, p->least_root_file);
    else
        printf("exact DIFFERS from the least published root %s (%s) by %.17g (root - exact)\n",
               p->least_root, p->least_root_file, p->toi_difference);
    printf("    roots files:  %zu VF + %zu EE (%zu + %zu roots t)\n", p->vf.root_files,
           p->ee.root_files, p->vf.roots, p->ee.roots);
}

static void json_published_kind(FILE *f, const ccd_scene_published_kind *x)
{
    if (!x->published) {
        fputs("null", f);
        return;
    }
    fprintf(f, "{\"pairs\": %zu, \"missing\": %zu, \"extra_candidates\": %zu, "
               "\"query_mismatches\": %zu, \"positives\": %zu, \"label_disagreements\": %zu, "
               "\"root_files\": %zu, \"roots\": %zu",
            x->pairs, x->missing, x->extra, x->query_mismatches, x->positives, x->disagreements,
            x->root_files, x->roots);
    if (x->missing)
        fprintf(f, ", \"first_missing\": %zu, \"first_missing_ids\": [%llu, %llu]",
                x->first_missing, (unsigned long long)x->first_missing_ids[0],
                (unsigned long long)x->first_missing_ids[1]);
    if (x->query_mismatches)
        fprintf(f, ", \"first_query_mismatch\": %zu", x->first_query_mismatch);
    if (x->disagreements)
        fprintf(f, ", \"first_label_disagreement\": %zu", x->first_disagreement);
    fputs("}", f);
}

static void json_published(FILE *f, const ccd_scene_published *p)
{
    fputs("{\"vf\": ", f);
    json_published_kind(f, &p->vf);
    fputs(", \"ee\": ", f);
    json_published_kind(f, &p->ee);
    fputs(", \"least_root\": ", f);
    if (p->least_root_hi == INFINITY) {
        fputs("null", f);
    } else {
        ccd_json_write_string(f, p->least_root);
        fputs(", \"least_root_file\": ", f);
        ccd_json_write_string(f, p->least_root_file);
    }
    json_double(f, "least_root_lo", p->least_root_lo);
    json_double(f, "least_root_hi", p->least_root_hi);
    fprintf(f, ", \"toi_check\": \"%s\", \"toi_bits\": %d",
            p->toi == CCD_SCENE_TOI_EQUAL       ? "equal"
            : p->toi == CCD_SCENE_TOI_DIFFERENT ? "different"
                                                : "not compared",
            CCD_SCENE_TOI_BITS);
    if (p->toi == CCD_SCENE_TOI_DIFFERENT)
        json_double(f, "toi_difference", p->toi_difference);
    fputs("}", f);
}

/* The check of a step of DIR against its published data: printed, and in the
 * JSON as "published" (null when none); *failed set when it found a difference. */
static ccd_status check_published(ccd_error *err, const step_source *src, const ccd_scene *s,
                                  const ccd_scene_candidates *c, const ccd_scene_step *step,
                                  double ms, FILE *json, int *failed)
{
    if (!src->dir || !ccd_scene_has_published(src->dir, src->number)) {
        if (src->dir)
            printf("  published data: none for step %lu (no boxes/%lu{vf,ee}.json)\n",
                   src->number, src->number);
        if (json)
            fputs(", \"published\": null", json);
        return CCD_OK;
    }
    if (ms != 0) {
        printf("  published data: not compared (it is for d = 0, the step ran with --ms)\n");
        if (json)
            fputs(", \"published\": null", json);
        return CCD_OK;
    }
    ccd_scene_published p;
    double t0 = ccd_clock_seconds();
    ccd_status st = ccd_scene_published_check(&p, err, src->dir, src->number, s, c, step);
    if (st != CCD_OK)
        return st;
    printf("  published data (boxes/, queries/, mma_bool/, roots/; checked in %.3f s):\n",
           ccd_clock_seconds() - t0);
    print_published(&p);
    if (json) {
        fputs(", \"published\": ", json);
        json_published(json, &p);
    }
    if (ccd_scene_published_failed(&p))
        *failed = 1;
    return CCD_OK;
}

/* One step: read, broad phase, narrow phase, print, check against the
 * published data.  *violation set when a conservative method reports a later
 * toi, *failed when the check finds a difference. */
static ccd_status run_step(ccd_error *err, const char *name, const char *frame0,
                           const char *frame1, const step_source *src, const scene_options *o,
                           const ccd_method_list *chosen,
                           const ccd_option_value *const *method_options, FILE *json, int first,
                           int *violation, int *failed)
{
    ccd_scene s;
    ccd_status st = ccd_scene_read(&s, err, frame0, frame1);
    if (st != CCD_OK)
        return st;
    ccd_scene_candidates c;
    double t0 = ccd_clock_seconds();
    st = ccd_scene_broad_phase(&c, err, &s, o->params.ms, (int)o->threads);
    double broad = ccd_clock_seconds() - t0;
    if (st != CCD_OK) {
        ccd_scene_free(&s);
        return st;
    }
    ccd_scene_step step;
    st = ccd_scene_step_run(&step, err, &s, &c, chosen->items, method_options, chosen->count,
                            &o->params, (int)o->threads);
    if (st == CCD_OK) {
        int threads = o->threads > 0 ? (int)o->threads : 0;
        print_step(name, &s, &step, broad, chosen->items, threads);
        if (json) {
            fputs(first ? "\n" : ",\n", json);
            json_step(json, name, frame0, frame1, &s, &step, broad, chosen->items, threads);
        }
        st = check_published(err, src, &s, &c, &step, o->params.ms, json, failed);
        if (json)
            fputs("}", json);
        for (size_t m = 0; m < step.method_count; m++)
            if (step.methods[m].toi_later && (chosen->items[m]->caps & CCD_CAP_CONSERVATIVE))
                *violation = 1;
        ccd_scene_step_free(&step);
    }
    ccd_scene_candidates_free(&c);
    ccd_scene_free(&s);
    return st;
}

/* FRAME0's name without directory and extension. */
static void frame_stem(char *out, size_t size, const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    snprintf(out, size, "%.*s", (int)n, base);
}

static int cmd_export(scene_options *o, int argc, char **argv)
{
    if (argc - optind != 3)
        return ccd_cli_usage_error("scene export: expected FRAME0 FRAME1 OUTDIR (--help)");
    if (!argv[optind + 2][0])
        return ccd_cli_usage_error("scene export: OUTDIR: an empty directory name");
    ccd_error err;
    ccd_scene s;
    if (ccd_scene_read(&s, &err, argv[optind], argv[optind + 1]) != CCD_OK)
        return ccd_cli_fail(&err);
    ccd_scene_candidates c;
    double t0 = ccd_clock_seconds();
    ccd_status st = ccd_scene_broad_phase(&c, &err, &s, o->params.ms, (int)o->threads);
    double broad = ccd_clock_seconds() - t0;
    char stem[256];
    frame_stem(stem, sizeof stem, argv[optind]);
    if (st == CCD_OK) {
        st = ccd_scene_export(&err, &s, &c, argv[optind + 2], stem);
        if (st == CCD_OK)
            printf("%s: %zu vertices, %zu edges, %zu faces: %zu VF + %zu EE candidates "
                   "(broad phase %.6f s) written to %s/queries and %s/boxes\n",
                   stem, s.vertex_count, s.edge_count, s.face_count, c.vf_count, c.ee_count,
                   broad, argv[optind + 2], argv[optind + 2]);
        ccd_scene_candidates_free(&c);
    }
    ccd_scene_free(&s);
    return st == CCD_OK ? CCD_EXIT_OK : ccd_cli_fail(&err);
}

static int cmd_run(scene_options *o, int argc, char **argv)
{
    int nargs = argc - optind;
    if (nargs != 1 && nargs != 2)
        return ccd_cli_usage_error("scene run: expected FRAME0 FRAME1 or DIR (--help)");
    ccd_error err;
    ccd_cli_methods available;
    ccd_method_list chosen = {0};
    ccd_scene_layout layout = {0};
    ccd_atomic_file json = {0};
    ccd_option_value **method_options = NULL;
    int status = CCD_EXIT_OK, violation = 0, failed = 0;
    if (o->json && ccd_atomic_file_open(&json, &err, o->json) != CCD_OK)
        return ccd_cli_fail(&err);
    if (ccd_cli_methods_load(&available, &err, o->plugins, o->plugin_count) != CCD_OK) {
        ccd_atomic_file_abort(&json);
        return ccd_cli_fail(&err);
    }
    ccd_status st = o->methods ? ccd_method_list_select(&chosen, &err, &available.available,
                                                        o->methods)
                               : default_methods(&chosen, &err, &available.available, o->params.ms);
    if (st == CCD_OK &&
        (status = ccd_cli_options_resolve(&method_options, &o->options, &available.available,
                                          chosen.items, chosen.count)) != 0) {
        ccd_atomic_file_abort(&json);
        ccd_method_list_free(&chosen);
        ccd_cli_methods_free(&available);
        return status;
    }
    const ccd_option_value *const *values = (const ccd_option_value *const *)method_options;
    if (st == CCD_OK && nargs == 1)
        st = ccd_scene_layout_read(&layout, &err, argv[optind]);
    if (st == CCD_OK && json.stream)
        fputs("{\"steps\": [", json.stream);
    if (st == CCD_OK && nargs == 2) {
        char stem[256];
        frame_stem(stem, sizeof stem, argv[optind]);
        step_source none = {NULL, 0};
        st = run_step(&err, stem, argv[optind], argv[optind + 1], &none, o, &chosen, values,
                      json.stream, 1, &violation, &failed);
    }
    for (size_t i = 0; st == CCD_OK && i < layout.count; i++) {
        char name[32];
        snprintf(name, sizeof name, "%lu", layout.steps[i].step);
        step_source src = {argv[optind], layout.steps[i].step};
        st = run_step(&err, name, layout.steps[i].frame0, layout.steps[i].frame1, &src, o,
                      &chosen, values, json.stream, i == 0, &violation, &failed);
    }
    if (st == CCD_OK && json.stream) {
        fputs("\n]}\n", json.stream);
        st = ccd_atomic_file_commit(&json, &err);
    }
    if (st != CCD_OK) {
        ccd_atomic_file_abort(&json);
        status = ccd_cli_fail(&err);
    } else if (violation || failed) {
        if (violation)
            fprintf(stderr, "ccdbench: scene run: a conservative method reported an earliest "
                            "toi later than the exact one (LATER! above)\n");
        if (failed)
            fprintf(stderr, "ccdbench: scene run: the step differs from the published data "
                            "(NOT, DIFFER above)\n");
        status = CCD_EXIT_FAILURE;
    }
    ccd_cli_options_free(method_options, chosen.count);
    ccd_scene_layout_free(&layout);
    ccd_method_list_free(&chosen);
    ccd_cli_methods_free(&available);
    return status;
}

int ccd_cmd_scene(int argc, char **argv)
{
    /* argv[0] is "scene"; argv[1] the subcommand */
    if (argc < 2 || (strcmp(argv[1], "run") && strcmp(argv[1], "export"))) {
        if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
            fputs(usage, stdout);
            return CCD_EXIT_OK;
        }
        return ccd_cli_usage_error("scene: expected run or export (--help)");
    }
    int is_run = !strcmp(argv[1], "run");
    scene_options o = {0};
    ccd_params_default(&o.params);
    o.plugins = calloc((size_t)argc + 1, sizeof *o.plugins);
    if (!o.plugins)
        return ccd_cli_out_of_memory();
    optind = 1;
    int status = parse(&o, argc - 1, argv + 1, is_run);
    if (status < 0) {
        optind += 1;
        status = is_run ? cmd_run(&o, argc, argv) : cmd_export(&o, argc, argv);
    }
    free(o.plugins);
    return status;
}
