/* SPDX-License-Identifier: MIT */
/* Candidates as files (ccdbench/scene.h): queries in the benchmark's CSV format
 * (the query writer) and Scalable-CCD box id pairs as JSON, so that a step's
 * broad phase can be compared with the published boxes/ and its queries run by
 * `ccdbench run`. */
#include <config.h>

#include "ccdbench/scene.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/make_dirs.h"
#include "core/path_join.h"

#include <stdio.h>
#include <stdlib.h>

/* dir/sub/STEMKIND.ext, malloc'd. */
static char *file_path(const char *dir, const char *sub, const char *stem, const char *kind,
                       const char *ext)
{
    char name[512];
    snprintf(name, sizeof name, "%s/%s%s.%s", sub, stem, kind, ext);
    return ccd_path_join(dir, name);
}

static ccd_status write_queries(ccd_error *err, const ccd_scene *s, const ccd_scene_pair *p,
                                size_t n, ccd_kind kind, const char *path)
{
    ccd_writer *w;
    ccd_status st = ccd_writer_open(&w, err, path, 0);
    if (st != CCD_OK)
        return st;
    for (size_t i = 0; i < n && st == CCD_OK; i++) {
        ccd_query q;
        ccd_scene_query(&q, s, kind, p[i]);
        q.index = i;
        st = ccd_writer_put(w, err, &q, -1);
    }
    if (st != CCD_OK) {
        ccd_writer_abort(w);
        return st;
    }
    return ccd_writer_close(w, err);
}

/* Box ids: vertices [0, V), edges [V, V + E), faces [V + E, …). */
static ccd_status write_boxes(ccd_error *err, const ccd_scene *s, const ccd_scene_pair *p,
                              size_t n, ccd_kind kind, const char *path)
{
    ccd_atomic_file f;
    ccd_status st = ccd_atomic_file_open(&f, err, path);
    if (st != CCD_OK)
        return st;
    size_t nv = s->vertex_count, ne = s->edge_count;
    size_t offset_a = kind == CCD_VF ? 0 : nv, offset_b = kind == CCD_VF ? nv + ne : nv;
    fputc('[', f.stream);
    for (size_t i = 0; i < n; i++)
        fprintf(f.stream, "%s[%zu, %zu]", i ? ",\n" : "\n", offset_a + p[i].a,
                offset_b + p[i].b);
    fputs(n ? "\n]\n" : "]\n", f.stream);
    return ccd_atomic_file_commit(&f, err);
}

ccd_status ccd_scene_export(ccd_error *err, const ccd_scene *s, const ccd_scene_candidates *c,
                            const char *dir, const char *stem)
{
    static const char *const subs[] = {"queries", "boxes"};
    ccd_status st = CCD_OK;
    for (int k = 0; k < 2 && st == CCD_OK; k++) {
        char *sub = ccd_path_join(dir, subs[k]);
        st = sub ? ccd_make_dirs(err, sub) : ccd_error_oom(err, dir);
        free(sub);
    }
    for (int k = 0; k < 4 && st == CCD_OK; k++) {
        ccd_kind kind = k % 2 ? CCD_EE : CCD_VF;
        const ccd_scene_pair *p = kind == CCD_VF ? c->vf : c->ee;
        size_t n = kind == CCD_VF ? c->vf_count : c->ee_count;
        char *path = file_path(dir, subs[k / 2], stem, kind == CCD_VF ? "vf" : "ee",
                               k < 2 ? "csv" : "json");
        if (!path)
            return ccd_error_oom(err, dir);
        st = k < 2 ? write_queries(err, s, p, n, kind, path) : write_boxes(err, s, p, n, kind, path);
        free(path);
    }
    return st;
}
