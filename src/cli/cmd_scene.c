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
    "\n"
    "  --methods LIST     comma-separated method names or all (default: all but the\n"
    "                     slow interval root finders irf and uirf, and without --ms\n"
    "                     the separation-only methods)\n"
    "  --plugin FILE.so   load methods from a plugin (repeatable)\n"
    "  --ms D             minimum separation d >= 0 (default 0), L-infinity norm\n"
    "  --threads N        OpenMP threads (default: all cores)\n"
    "  --json FILE        also write the steps as JSON\n"
    "  --help             show this help\n"
    "\n"
    "Exit status: 0 done, 1 a method reported a later toi than the exact one while\n"
    "claiming to be conservative (or internal failure), 2 bad input or usage.\n";

enum { OPT_METHODS = 256, OPT_PLUGIN, OPT_MS, OPT_THREADS, OPT_JSON, OPT_HELP };

typedef struct scene_options {
    const char *methods, *json;
    char **plugins;
    size_t plugin_count;
    long threads;
    double ms;
} scene_options;

/* -1: go on; otherwise the exit status. */
static int parse(scene_options *o, int argc, char **argv, int is_run)
{
    static const struct option longopts[] = {
        {"methods", required_argument, NULL, OPT_METHODS},
        {"plugin", required_argument, NULL, OPT_PLUGIN},
        {"ms", required_argument, NULL, OPT_MS},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"json", required_argument, NULL, OPT_JSON},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0},
    };
    int c, status;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (!is_run && c != OPT_MS && c != OPT_THREADS && c != OPT_HELP && c != '?')
            return ccd_cli_usage_error("scene export: %s is an option of scene run",
                                       argv[optind - 1]);
        switch (c) {
        case OPT_METHODS: o->methods = optarg; break;
        case OPT_PLUGIN: o->plugins[o->plugin_count++] = optarg; break;
        case OPT_MS: {
            mpq_t d;
            if ((status = ccd_cli_parse_ms(d, optarg)) != 0)
                return status;
            o->ms = ccd_cli_ms_double(d);
            mpq_clear(d);
            break;
        }
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
    printf("  %-22s %8s %6s %6s %6s %24s %6s %10s %12s\n", "method", "reported", "FP", "FN",
           "failed", "earliest toi", "order", "seconds", "queries/s");
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
        printf("%24s %6s %10.6f %12.4g\n", toi, order, r->seconds,
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
        json_double(f, "seconds", r->seconds);
        fputs("}", f);
    }
    fputs("]}", f);
}

/* One step: read, broad phase, narrow phase, print.  *violation set when a
 * conservative method reports a later toi. */
static ccd_status run_step(ccd_error *err, const char *name, const char *frame0,
                           const char *frame1, const scene_options *o,
                           const ccd_method_list *chosen, FILE *json, int first, int *violation)
{
    ccd_scene s;
    ccd_status st = ccd_scene_read(&s, err, frame0, frame1);
    if (st != CCD_OK)
        return st;
    ccd_scene_candidates c;
    double t0 = ccd_clock_seconds();
    st = ccd_scene_broad_phase(&c, err, &s, o->ms, (int)o->threads);
    double broad = ccd_clock_seconds() - t0;
    if (st != CCD_OK) {
        ccd_scene_free(&s);
        return st;
    }
    ccd_params p;
    ccd_params_default(&p);
    p.ms = o->ms;
    ccd_scene_step step;
    st = ccd_scene_step_run(&step, err, &s, &c, chosen->items, chosen->count, &p,
                            (int)o->threads);
    if (st == CCD_OK) {
        int threads = o->threads > 0 ? (int)o->threads : 0;
        print_step(name, &s, &step, broad, chosen->items, threads);
        if (json) {
            fputs(first ? "\n" : ",\n", json);
            json_step(json, name, frame0, frame1, &s, &step, broad, chosen->items, threads);
        }
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
    ccd_error err;
    ccd_scene s;
    if (ccd_scene_read(&s, &err, argv[optind], argv[optind + 1]) != CCD_OK)
        return ccd_cli_fail(&err);
    ccd_scene_candidates c;
    double t0 = ccd_clock_seconds();
    ccd_status st = ccd_scene_broad_phase(&c, &err, &s, o->ms, (int)o->threads);
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
    int status = CCD_EXIT_OK, violation = 0;
    if (o->json && ccd_atomic_file_open(&json, &err, o->json) != CCD_OK)
        return ccd_cli_fail(&err);
    if (ccd_cli_methods_load(&available, &err, o->plugins, o->plugin_count) != CCD_OK) {
        ccd_atomic_file_abort(&json);
        return ccd_cli_fail(&err);
    }
    ccd_status st = o->methods ? ccd_method_list_select(&chosen, &err, &available.available,
                                                        o->methods)
                               : default_methods(&chosen, &err, &available.available, o->ms);
    if (st == CCD_OK && nargs == 1)
        st = ccd_scene_layout_read(&layout, &err, argv[optind]);
    if (st == CCD_OK && json.stream)
        fputs("{\"steps\": [", json.stream);
    if (st == CCD_OK && nargs == 2) {
        char stem[256];
        frame_stem(stem, sizeof stem, argv[optind]);
        st = run_step(&err, stem, argv[optind], argv[optind + 1], o, &chosen, json.stream, 1,
                      &violation);
    }
    for (size_t i = 0; st == CCD_OK && i < layout.count; i++) {
        char name[32];
        snprintf(name, sizeof name, "%lu", layout.steps[i].step);
        st = run_step(&err, name, layout.steps[i].frame0, layout.steps[i].frame1, o, &chosen,
                      json.stream, i == 0, &violation);
    }
    if (st == CCD_OK && json.stream) {
        fputs("\n]}\n", json.stream);
        st = ccd_atomic_file_commit(&json, &err);
    }
    if (st != CCD_OK) {
        ccd_atomic_file_abort(&json);
        status = ccd_cli_fail(&err);
    } else if (violation) {
        fprintf(stderr, "ccdbench: scene run: a conservative method reported an earliest toi "
                        "later than the exact one (LATER! above)\n");
        status = CCD_EXIT_FAILURE;
    }
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
