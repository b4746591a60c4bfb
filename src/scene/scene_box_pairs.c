/* SPDX-License-Identifier: MIT */
/* Reading boxes/S{vf,ee}.json (scene/scene_box_pairs.h): a strict reader of
 * exactly the shape [[a, b], …] with JSON white space, keeping the line and
 * column of every byte for its messages. */
#include <config.h>

#include "core/error.h"
#include "core/grow.h"
#include "scene/scene_box_pairs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct json_in {
    FILE *f;
    const char *path;
    unsigned long line, column; /* of the next byte */
    int c;                      /* the next byte (EOF at the end) */
} json_in;

static void advance(json_in *in)
{
    if (in->c == '\n')
        in->line++, in->column = 1;
    else if (in->c != EOF)
        in->column++;
    in->c = getc(in->f);
}

static void skip_space(json_in *in)
{
    while (in->c == ' ' || in->c == '\t' || in->c == '\n' || in->c == '\r')
        advance(in);
}

static ccd_status expected(ccd_error *err, const json_in *in, const char *what)
{
    if (in->c == EOF)
        return ccd_error_set(err, CCD_ERR_INPUT, in->path, in->line, in->column,
                             "end of file, %s expected", what);
    return ccd_error_set(err, CCD_ERR_INPUT, in->path, in->line, in->column,
                         "'%c' where %s was expected", in->c, what);
}

/* A non-negative integer below 2^63. */
static ccd_status read_id(uint64_t *out, ccd_error *err, json_in *in)
{
    skip_space(in);
    if (in->c < '0' || in->c > '9')
        return expected(err, in, "a box id (an integer >= 0)");
    unsigned long line = in->line, column = in->column;
    uint64_t v = 0;
    while (in->c >= '0' && in->c <= '9') {
        if (v > (UINT64_C(1) << 59))
            return ccd_error_set(err, CCD_ERR_INPUT, in->path, line, column,
                                 "box id too large");
        v = 10 * v + (uint64_t)(in->c - '0');
        advance(in);
    }
    *out = v;
    return CCD_OK;
}

static ccd_status read_char(ccd_error *err, json_in *in, int c, const char *what)
{
    skip_space(in);
    if (in->c != c)
        return expected(err, in, what);
    advance(in);
    return CCD_OK;
}

ccd_status ccd_scene_box_pairs_read(uint64_t **ids, size_t *count, ccd_error *err,
                                    const char *path)
{
    *ids = NULL;
    *count = 0;
    json_in in = {fopen(path, "r"), path, 1, 1, 0};
    if (!in.f)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot open: %s", strerror(errno));
    in.c = getc(in.f);
    uint64_t *v = NULL;
    size_t n = 0, cap = 0;
    ccd_status st = read_char(err, &in, '[', "'['");
    skip_space(&in);
    if (st == CCD_OK && in.c == ']') {
        advance(&in);
    } else {
        while (st == CCD_OK) {
            uint64_t a, b;
            if ((st = read_char(err, &in, '[', "'[' (a pair [id, id])")) != CCD_OK ||
                (st = read_id(&a, err, &in)) != CCD_OK ||
                (st = read_char(err, &in, ',', "','")) != CCD_OK ||
                (st = read_id(&b, err, &in)) != CCD_OK ||
                (st = read_char(err, &in, ']', "']' (a pair has two ids)")) != CCD_OK)
                break;
            uint64_t *p = ccd_grow(v, &cap, n, 2 * sizeof *v, 1024);
            if (!p) {
                st = ccd_error_oom(err, path);
                break;
            }
            v = p;
            v[2 * n] = a;
            v[2 * n + 1] = b;
            n++;
            skip_space(&in);
            if (in.c == ']') {
                advance(&in);
                break;
            }
            st = read_char(err, &in, ',', "',' or ']'");
        }
    }
    if (st == CCD_OK) {
        skip_space(&in);
        if (in.c != EOF)
            st = ccd_error_set(err, CCD_ERR_INPUT, path, in.line, in.column,
                               "text after the array");
        else if (ferror(in.f))
            st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "read error: %s",
                               strerror(errno));
    }
    fclose(in.f);
    if (st != CCD_OK) {
        free(v);
        return st;
    }
    *ids = v;
    *count = n;
    return CCD_OK;
}
