/* SPDX-License-Identifier: MIT */
/*
 * A small JSON reader (RFC 8259) for result files: the whole text becomes a tree
 * of values, each remembering the line and column where it starts, so that
 * whoever checks the contents can say "path:line:column: what is wrong".
 * Numbers keep their text, so a value read and written again is unchanged.
 */
#ifndef CCD_BENCH_JSON_DOC_H
#define CCD_BENCH_JSON_DOC_H
#include <stdint.h>
#include <stdio.h>

#include "ccdbench.h"
#include "core/json_out.h" /* the emitter ccd_json_write uses */

typedef enum ccd_json_type {
    CCD_JSON_NULL,
    CCD_JSON_FALSE,
    CCD_JSON_TRUE,
    CCD_JSON_NUMBER,
    CCD_JSON_STRING,
    CCD_JSON_ARRAY,
    CCD_JSON_OBJECT
} ccd_json_type;

typedef struct ccd_json ccd_json;
struct ccd_json {
    ccd_json_type type;
    unsigned long line, column; /* 1-based, where the value starts */
    char *text;                 /* number: its literal; string: decoded UTF-8 */
    char **keys;                /* object: member names, in file order */
    ccd_json **items;           /* array items or object member values */
    size_t count;
};

/* Parse a whole file (path is used in error messages). */
ccd_status ccd_json_read_file(ccd_json **out, ccd_error *err, const char *path);
ccd_status ccd_json_parse(ccd_json **out, ccd_error *err, const char *path, const char *text,
                          size_t length);
/* Free a document: v is what ccd_json_parse or ccd_json_read_file gave (its
 * values are freed with it, never one by one). */
void ccd_json_free(ccd_json *v);

/* Member `key` of an object (NULL when absent or v is not an object). */
const ccd_json *ccd_json_get(const ccd_json *v, const char *key);

/* Write v compactly on one line: `{"a": 1, "b": [2, 3]}` (numbers verbatim,
 * strings with ccd_json_write_string). */
void ccd_json_write(FILE *out, const ccd_json *v);

#endif
