/* SPDX-License-Identifier: MIT */
/* A primitive of the minimum-scaling method written as text (ccd_shape_parse,
 * <ccdbench/scaling.h>), e.g. "sphere,r=1" or "box,h=1:1:1,x=3:0:0". */
#include <config.h>

#include "ccdbench/scaling.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/pose.h"

/* "a:b:c" into n numbers; 0 on success. */
static int parse_vec(double *out, int n, const char *text)
{
    const char *p = text;
    for (int i = 0; i < n; i++) {
        char *end;
        errno = 0;
        out[i] = strtod(p, &end);
        if (end == p || errno || !isfinite(out[i]))
            return -1;
        if (i + 1 < n ? *end != ':' : *end != '\0')
            return -1;
        p = end + 1;
    }
    return 0;
}

/* KEY=VALUE into s; 0, or -1 for a value that is not KEY's. */
static int set_key(ccd_shape *s, const char *key, const char *val)
{
    double w[6] = {0};
    if (!strcmp(key, "x"))
        return parse_vec(s->position, 3, val);
    if (!strcmp(key, "rot")) {
        if (parse_vec(w + 3, 3, val))
            return -1;
        ccd_pose pose;
        ccd_pose_from_vector(&pose, w);
        memcpy(s->rotation, pose.rot, sizeof pose.rot);
        return 0;
    }
    if (!strcmp(key, "r"))
        return parse_vec(&s->radius, 1, val);
    if (!strcmp(key, "h"))
        return parse_vec(s->half_extents, 3, val);
    if (!strcmp(key, "len"))
        return parse_vec(&s->length, 1, val);
    if (!strcmp(key, "height"))
        return parse_vec(&s->height, 1, val);
    if (!strcmp(key, "angle"))
        return parse_vec(&s->half_angle, 1, val);
    if (!strcmp(key, "n"))
        return parse_vec(s->normals[0], 3, val);
    /* face: the caller has checked that there is room */
    if (parse_vec(w, 4, val))
        return -1;
    memcpy(s->normals[s->faces], w, 3 * sizeof *w);
    s->offsets[s->faces++] = w[3];
    return 0;
}

ccd_status ccd_shape_parse(ccd_shape *s, ccd_error *err, const char *name, const char *text)
{
    static const char *const keys[] = {"x", "rot", "r", "h", "len", "height", "angle", "n",
                                       "face"};
    memset(s, 0, sizeof *s);
    for (int i = 0; i < 3; i++)
        s->rotation[i][i] = 1;
    char buf[4096];
    if (strlen(text) >= sizeof buf)
        return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0, "too long");
    strcpy(buf, text);
    char *save = NULL, *tok = strtok_r(buf, ",", &save);
    int kind = -1;
    for (int k = 0; tok && k < CCD_SHAPE_KINDS; k++)
        if (!strcmp(tok, ccd_shape_kind_name((ccd_shape_kind)k)))
            kind = k;
    if (kind < 0)
        return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0, "unknown shape '%s'",
                             tok ? tok : "");
    s->kind = (ccd_shape_kind)kind;
    while ((tok = strtok_r(NULL, ",", &save))) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0, "expected KEY=VALUE, got '%s'",
                                 tok);
        *eq = '\0';
        const char *key = tok, *val = eq + 1;
        size_t k = 0;
        while (k < sizeof keys / sizeof *keys && strcmp(key, keys[k]))
            k++;
        if (k == sizeof keys / sizeof *keys)
            return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0, "unknown key '%s'", key);
        if (!strcmp(key, "face") && s->faces == CCD_SHAPE_MAX_FACES)
            return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0, "at most %d faces",
                                 CCD_SHAPE_MAX_FACES);
        if (set_key(s, key, val) != 0)
            return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0, "%s: bad value '%s'", key, val);
    }
    if (!ccd_shape_in_range(s))
        return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0,
                             "%s: a number beyond %g in magnitude (the range of the solver's "
                             "arithmetic)",
                             text, CCD_SHAPE_MAX_SCALE);
    ccd_scaling_status st = ccd_shape_check(s);
    if (st != CCD_SCALING_OK)
        return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0, "%s: %s", text,
                             ccd_scaling_status_name(st));
    return CCD_OK;
}
