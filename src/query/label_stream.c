/* SPDX-License-Identifier: MIT */
/* Labels of the Scalable-CCD dataset: `[true,false,…]` (0/1 also accepted). */
#include <config.h>

#include "core/hidden_memory.h"

#include "query/label_stream.h"
#include "core/error.h"

#include <stdlib.h>
#include <string.h>

static ccd_status open_common(ccd_label_stream **out, ccd_error *err, const char *path,
                              const void *data, size_t len, int memory)
{
    *out = NULL;
    ccd_label_stream *ls = ccd_hidden_alloc(sizeof *ls); /* its buffer holds labels */
    char *p = strdup(path);
    if (!ls || !p) {
        ccd_hidden_free(ls, sizeof *ls);
        free(p);
        return ccd_error_oom(err, path);
    }
    ls->path = p;
    ls->line = 1;
    ls->column = 1;
    ccd_status st = memory ? ccd_byte_source_open_memory(&ls->src, err, path, data, len)
                           : ccd_byte_source_open_file(&ls->src, err, path);
    if (st != CCD_OK) {
        free(ls->path);
        ccd_hidden_free(ls, sizeof *ls);
        return st;
    }
    *out = ls;
    return CCD_OK;
}

ccd_status ccd_label_stream_open_file(ccd_label_stream **out, ccd_error *err, const char *path)
{
    return open_common(out, err, path, NULL, 0, 0);
}

ccd_status ccd_label_stream_open_memory(ccd_label_stream **out, ccd_error *err, const char *name,
                                        const void *data, size_t len)
{
    return open_common(out, err, name, data, len, 1);
}

/* Next character without consuming it: the byte, -1 at the end, -2 on error. */
static int peek(ccd_label_stream *ls, ccd_error *err)
{
    if (ls->pos == ls->len) {
        if (ls->eof)
            return -1;
        ptrdiff_t n = ccd_byte_source_read(&ls->src, ls->buf, sizeof ls->buf);
        if (n < 0) {
            ccd_error_set(err, ls->src.err_status, ls->path, ls->line, ls->column, "%s",
                          ls->src.err_message);
            return -2;
        }
        ls->pos = 0;
        ls->len = (size_t)n;
        if (n == 0) {
            ls->eof = 1;
            return -1;
        }
    }
    return ls->buf[ls->pos];
}

static void advance(ccd_label_stream *ls)
{
    if (ls->buf[ls->pos] == '\n') {
        ls->line++;
        ls->column = 1;
    } else {
        ls->column++;
    }
    ls->pos++;
}

/* Skip JSON white space; returns the next character as peek() does. */
static int skip_space(ccd_label_stream *ls, ccd_error *err)
{
    for (;;) {
        int c = peek(ls, err);
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            return c;
        advance(ls);
    }
}

static int unexpected(ccd_label_stream *ls, ccd_error *err, int c, const char *expected)
{
    if (c == -1)
        ccd_error_set(err, CCD_ERR_INPUT, ls->path, ls->line, ls->column,
                      "malformed JSON: unexpected end of file, expected %s", expected);
    else if (c >= 0x20 && c < 0x7f)
        ccd_error_set(err, CCD_ERR_INPUT, ls->path, ls->line, ls->column,
                      "malformed JSON: unexpected '%c', expected %s", c, expected);
    else
        ccd_error_set(err, CCD_ERR_INPUT, ls->path, ls->line, ls->column,
                      "malformed JSON: unexpected byte 0x%02x, expected %s", (unsigned)c,
                      expected);
    return -1;
}

/* A literal word; returns its label. */
static int read_value(ccd_label_stream *ls, ccd_error *err, int *label)
{
    static const char *const words[] = {"false", "true", "0", "1"};
    static const int values[] = {0, 1, 0, 1};
    const char *what = "true, false, 0 or 1";
    unsigned long line = ls->line, column = ls->column;
    ls->value_line = line;
    ls->value_column = column;
    char word[8];
    size_t n = 0;
    for (;;) {
        int c = peek(ls, err);
        if (c == -2)
            return -1;
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' ||
              c == '+' || c == 'E'))
            break;
        if (n + 1 >= sizeof word)
            break;
        word[n++] = (char)c;
        advance(ls);
    }
    word[n] = '\0';
    if (n == 0)
        return unexpected(ls, err, peek(ls, err), what);
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        if (strcmp(word, words[i]) == 0) {
            *label = values[i];
            return 1;
        }
    ccd_error_set(err, CCD_ERR_INPUT, ls->path, line, column,
                  "malformed JSON: label '%s%s' is not %s", word,
                  n + 1 >= sizeof word ? "…" : "", what);
    return -1;
}

int ccd_label_stream_next(ccd_label_stream *ls, ccd_error *err, int *label)
{
    int c = skip_space(ls, err);
    if (c == -2)
        return -1;
    if (ls->state == 0) {
        if (c != '[')
            return unexpected(ls, err, c, "'[' (a JSON array of labels)");
        advance(ls);
        ls->state = 1;
        c = skip_space(ls, err);
        if (c == -2)
            return -1;
        if (c == ']') {
            advance(ls);
            ls->state = 2;
            return 0;
        }
    } else if (ls->state == 2) {
        return 0;
    } else if (ls->need_comma) {
        if (c == ']') {
            advance(ls);
            ls->state = 2;
            return 0;
        }
        if (c != ',')
            return unexpected(ls, err, c, "',' or ']'");
        advance(ls);
        c = skip_space(ls, err);
        if (c == -2)
            return -1;
    }
    int r = read_value(ls, err, label);
    if (r != 1)
        return r;
    ls->need_comma = 1;
    ls->count++;
    return 1;
}

ccd_status ccd_label_stream_finish(ccd_label_stream *ls, ccd_error *err, uint64_t queries)
{
    int label;
    if (ls->state != 2) {
        int r = ccd_label_stream_next(ls, err, &label);
        if (r < 0)
            return err->status;
        if (r == 1)
            return ccd_error_set(err, CCD_ERR_INPUT, ls->path, ls->value_line, ls->value_column,
                                 "more labels than queries: the CSV holds %llu queries",
                                 (unsigned long long)queries);
    }
    int c = skip_space(ls, err);
    if (c == -2)
        return err->status;
    if (c != -1) {
        unexpected(ls, err, c, "nothing after the array");
        return CCD_ERR_INPUT;
    }
    return CCD_OK;
}

void ccd_label_stream_close(ccd_label_stream *ls)
{
    if (!ls)
        return;
    ccd_byte_source_close(&ls->src);
    free(ls->path);
    ccd_hidden_free(ls, sizeof *ls);
}
