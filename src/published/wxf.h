/* SPDX-License-Identifier: MIT */
/* Wolfram Exchange Format (WXF), the binary serialisation of Mathematica
 * expressions, parsed into a tree: functions (a head and arguments), symbols,
 * strings and integers (machine 8/16/32/64-bit and big).  Reals, packed arrays,
 * associations and compressed files ("8C:") are not read.  Errors are input
 * errors "where:offset: what", offset the byte of the token in the file. */
#ifndef CCD_PUBLISHED_WXF_H
#define CCD_PUBLISHED_WXF_H
#include "ccdbench.h"

#include <gmp.h>
#include <stddef.h>

typedef enum ccd_wxf_type {
    CCD_WXF_FUNCTION,
    CCD_WXF_SYMBOL,
    CCD_WXF_STRING,
    CCD_WXF_INTEGER
} ccd_wxf_type;

typedef struct ccd_wxf {
    ccd_wxf_type type;
    size_t offset;              /* of its token in the file */
    char *text;                 /* symbol or string (NUL-terminated) */
    mpz_t z;                    /* integer */
    struct ccd_wxf *head;       /* function */
    struct ccd_wxf **args;
    size_t nargs;
} ccd_wxf;

/* Deeper nesting is refused (the parser recurses). */
enum { CCD_WXF_MAX_DEPTH = 512 };

/* The one expression of a WXF file b[0, len) ("8:" and the expression, nothing
 * after it) into *out; where names the file in errors. */
ccd_status ccd_wxf_parse(ccd_wxf **out, ccd_error *err, const unsigned char *b, size_t len,
                         const char *where);
void ccd_wxf_free(ccd_wxf *n);

/* 1 when n is head[...] with nargs arguments (nargs (size_t)-1: any number). */
int ccd_wxf_is(const ccd_wxf *n, const char *head, size_t nargs);

/* An input error at node e of a tree read from `where`: "where:offset: what",
 * the offset that of e's token (the readers of Mathematica's values use it). */
ccd_status ccd_wxf_error(ccd_error *err, const char *where, const ccd_wxf *e, const char *what);

#endif
