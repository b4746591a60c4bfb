/* SPDX-License-Identifier: MIT */
/* libFuzzer target of the result-file reader (src/bench/json_doc.c and
 * src/bench/result_file.c, what `report`, `gate` and `merge` read).
 *
 * Input: the bytes of a result file.  Checked:
 * - the JSON parser returns a tree or CCD_ERR_INPUT with "name:line:column: "
 *   (never a crash, leak or out-of-bounds read), and writing a tree it returned
 *   gives text it reads back and writes again byte for byte (the writer's output
 *   is a fixed point);
 * - the result-file reader accepts it or refuses it the same way, and a result
 *   it accepts, written again by the result writer (as `merge` does), is read
 *   back and written again identically: whatever the reader lets through, the
 *   writer can express, and nothing is lost or changed on the way;
 * - both refuse a NUL byte anywhere (JSON is text). */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/json_doc.h"
#include "bench/result_file.h"
#include "fuzz_check.h"

static const char *const json_name[] = {"fuzz.json"};

/* Text of v written by ccd_json_write (malloc'd). */
static char *json_text(const ccd_json *v, size_t *len)
{
    char *text = NULL;
    FILE *out = open_memstream(&text, len);
    if (!out)
        abort();
    ccd_json_write(out, v);
    if (fclose(out) != 0)
        abort();
    return text;
}

static void check_json(const unsigned char *data, size_t size)
{
    ccd_json *v = NULL;
    ccd_error err;
    ccd_status st = ccd_json_parse(&v, &err, json_name[0], (const char *)data, size);
    if (st != CCD_OK) {
        if (st != CCD_ERR_INPUT || v)
            abort();
        ccd_fuzz_check_message(&err, json_name, 1);
        return;
    }
    if (memchr(data, '\0', size))
        abort();
    size_t len1, len2;
    char *once = json_text(v, &len1);
    ccd_json *w = NULL;
    if (ccd_json_parse(&w, &err, json_name[0], once, len1) != CCD_OK)
        abort(); /* the writer wrote what the reader refuses */
    char *twice = json_text(w, &len2);
    if (len1 != len2 || memcmp(once, twice, len1) != 0)
        abort();
    free(once);
    free(twice);
    ccd_json_free(w);
    ccd_json_free(v);
}

/* The document written again, as `merge` writes the runs it read (malloc'd). */
static char *result_text(const ccd_result_doc *doc, size_t *len)
{
    char *text = NULL;
    FILE *out = open_memstream(&text, len);
    if (!out)
        abort();
    int per_query = doc->run_count > 0 && doc->runs[0].queries != NULL;
    ccd_result_writer w;
    ccd_result_write_header(&w, out, &doc->header, per_query);
    for (size_t i = 0; i < doc->run_count; i++) {
        const ccd_result_run *run = &doc->runs[i];
        ccd_result_write_run_begin_read(&w, run);
        if (per_query && run->queries)
            for (size_t k = 0; k < run->queries->count; k++)
                ccd_result_write_query_json(&w, run->queries->items[k]);
        ccd_result_write_run_end(&w, &run->stats);
    }
    ccd_result_write_finish(&w);
    if (fclose(out) != 0)
        abort();
    return text;
}

static void check_result(const unsigned char *data, size_t size)
{
    const char *path = ccd_fuzz_write_file(data, size, ".json");
    ccd_result_doc doc;
    ccd_error err;
    ccd_status st = ccd_result_read(&doc, &err, path);
    if (st != CCD_OK) {
        if (st != CCD_ERR_INPUT)
            abort();
        ccd_fuzz_check_message(&err, &path, 1);
        return;
    }
    if (doc.run_count == 0 || memchr(data, '\0', size))
        abort();
    for (size_t i = 0; i < doc.run_count; i++)
        if (doc.runs[i].stats.method_count != doc.header.method_count)
            abort();
    size_t len1, len2;
    char *once = result_text(&doc, &len1);
    ccd_result_doc_free(&doc);
    path = ccd_fuzz_write_file((const unsigned char *)once, len1, ".json");
    if (ccd_result_read(&doc, &err, path) != CCD_OK) {
        fprintf(stderr, "the result writer wrote what the reader refuses: %s\n", err.message);
        abort();
    }
    char *twice = result_text(&doc, &len2);
    if (len1 != len2 || memcmp(once, twice, len1) != 0) {
        fprintf(stderr, "a result file written again differs\n");
        abort();
    }
    free(once);
    free(twice);
    ccd_result_doc_free(&doc);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    check_json(data, size);
    check_result(data, size);
    return 0;
}
