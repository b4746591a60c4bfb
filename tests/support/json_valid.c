/* SPDX-License-Identifier: MIT */
/* json_valid FILE: exit 0 when FILE holds exactly one JSON value, 1 otherwise
 * (with the reader's path:line:column message), 2 when it cannot be read. */
#include <config.h>

#include <stdio.h>

#include "bench/json_doc.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: json_valid FILE\n", stderr);
        return 2;
    }
    ccd_json *v = NULL;
    ccd_error err;
    ccd_status st = ccd_json_read_file(&v, &err, argv[1]);
    if (st != CCD_OK) {
        fprintf(stderr, "%s: not valid JSON: %s\n", argv[1], err.message);
        return st == CCD_ERR_INPUT ? 1 : 2;
    }
    ccd_json_free(v);
    return 0;
}
