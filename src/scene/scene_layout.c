/* SPDX-License-Identifier: MIT */
/* The steps of a Scalable-CCD scene directory (ccdbench/scene.h): frames/S.ply
 * (or .obj, .off) for integer S; step S goes from frame S to frame S + 1, for
 * every S whose successor is there. */
#include <config.h>

#include "ccdbench/scene.h"
#include "core/error.h"
#include "core/grow.h"
#include "core/path_join.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct frame_file {
    unsigned long number;
    char *name;
} frame_file;

static int by_number(const void *pa, const void *pb)
{
    const frame_file *a = pa, *b = pb;
    if (a->number != b->number)
        return a->number < b->number ? -1 : 1;
    return strcmp(a->name, b->name);
}

/* The frame number of a file name "S.ply", "S.obj" or "S.off"; 0 when it is
 * not one. */
static int frame_number(unsigned long *out, const char *name)
{
    const char *dot = strrchr(name, '.');
    if (!dot || dot == name || (strcmp(dot, ".ply") && strcmp(dot, ".obj") && strcmp(dot, ".off")))
        return 0;
    unsigned long n = 0;
    for (const char *p = name; p < dot; p++) {
        if (*p < '0' || *p > '9' || n > (unsigned long)-1 / 10 - 1)
            return 0;
        n = 10 * n + (unsigned long)(*p - '0');
    }
    *out = n;
    return 1;
}

void ccd_scene_layout_free(ccd_scene_layout *l)
{
    for (size_t i = 0; i < l->count; i++) {
        free(l->steps[i].frame0);
        free(l->steps[i].frame1);
    }
    free(l->steps);
    memset(l, 0, sizeof *l);
}

static ccd_status list_frames(frame_file **out, size_t *count, ccd_error *err, const char *frames)
{
    DIR *d = opendir(frames);
    if (!d)
        return ccd_error_set(err, CCD_ERR_INPUT, frames, 0, 0, "%s", strerror(errno));
    frame_file *f = NULL;
    size_t n = 0, cap = 0;
    ccd_status st = CCD_OK;
    for (struct dirent *e; st == CCD_OK && (e = readdir(d));) {
        unsigned long number;
        if (!frame_number(&number, e->d_name))
            continue;
        void *g = ccd_grow(f, &cap, n, sizeof *f, 16);
        if (!g) {
            st = ccd_error_oom(err, frames);
            break;
        }
        f = g;
        char *name = ccd_path_join(frames, e->d_name);
        if (!name) {
            st = ccd_error_oom(err, frames);
            break;
        }
        f[n++] = (frame_file){number, name};
    }
    closedir(d);
    if (st == CCD_OK)
        qsort(f, n, sizeof *f, by_number);
    *out = f;
    *count = n;
    return st;
}

ccd_status ccd_scene_layout_read(ccd_scene_layout *out, ccd_error *err, const char *dir)
{
    memset(out, 0, sizeof *out);
    char *frames = ccd_path_join(dir, "frames");
    if (!frames)
        return ccd_error_oom(err, dir);
    struct stat sb;
    if (stat(frames, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        free(frames);
        return ccd_error_set(err, CCD_ERR_INPUT, dir, 0, 0,
                             "no frames directory (the Scalable-CCD layout: DIR/frames/S.ply)");
    }
    frame_file *f = NULL;
    size_t n = 0;
    ccd_status st = list_frames(&f, &n, err, frames);
    free(frames);
    size_t cap = 0;
    for (size_t i = 0; st == CCD_OK && i + 1 < n; i++) {
        if (f[i + 1].number != f[i].number + 1)
            continue;
        void *g = ccd_grow(out->steps, &cap, out->count, sizeof *out->steps, 8);
        if (g)
            out->steps = g;
        char *a = g ? strdup(f[i].name) : NULL, *b = a ? strdup(f[i + 1].name) : NULL;
        if (!b) {
            free(a);
            st = ccd_error_oom(err, dir);
            break;
        }
        out->steps[out->count++] = (ccd_scene_step_files){f[i].number, a, b};
    }
    for (size_t i = 0; i < n; i++)
        free(f[i].name);
    free(f);
    if (st == CCD_OK && out->count == 0)
        st = ccd_error_set(err, CCD_ERR_INPUT, dir, 0, 0,
                           "no step: no two frames S and S+1 in %s/frames", dir);
    if (st != CCD_OK)
        ccd_scene_layout_free(out);
    return st;
}
