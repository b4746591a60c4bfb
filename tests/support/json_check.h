/* SPDX-License-Identifier: MIT */
/* json_valid(text) for the tests of `--format json`: 1 when text is exactly one
 * JSON value (RFC 8259), read by the library's own strict reader
 * (bench/json_doc.c) — one JSON grammar in the tree.  check_runner.c holds the
 * hand-made invalid documents (trailing comma, inf, two values, …) that keep
 * the reader strict. */
#ifndef CCD_TEST_JSON_CHECK_H
#define CCD_TEST_JSON_CHECK_H
#include <string.h>

#include "bench/json_doc.h"

static inline int json_valid(const char *text)
{
    ccd_json *v = NULL;
    ccd_error err;
    if (ccd_json_parse(&v, &err, "json", text, strlen(text)) != CCD_OK)
        return 0;
    ccd_json_free(v);
    return 1;
}
#endif
