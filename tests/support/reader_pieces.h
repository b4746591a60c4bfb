/* SPDX-License-Identifier: MIT */
/* Reading a CSV in pieces (query/csv_piece.h) against reading it in one
 * stream: the same queries (coordinates, exact values, labels, indices) and
 * the same first error.  Header only: shared by the Check suite of the query
 * module and the reader's fuzz target. */
#ifndef CCD_TESTS_READER_PIECES_H
#define CCD_TESTS_READER_PIECES_H

#include "ccdbench.h"
#include "query/batch_store.h"
#include "query/csv_piece.h"
#include "query/reader_memory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether queries a[i] and b[i] (labels la, lb) are the same query. */
static int reader_pieces_same_query(const ccd_query *a, int8_t la, const ccd_query *b, int8_t lb)
{
    if (a->index != b->index || a->kind != b->kind || a->inexact != b->inexact || la != lb ||
        memcmp(a->v, b->v, sizeof a->v) != 0 || (a->exact == NULL) != (b->exact == NULL))
        return 0;
    if (a->exact)
        for (int row = 0; row < CCD_QUERY_ROWS; row++)
            for (int axis = 0; axis < 3; axis++)
                if (!mpq_equal(a->exact->q[row][axis], b->exact->q[row][axis]))
                    return 0;
    return 1;
}

/* Reads csv[0, csv_len) (labels from json when it is not NULL) in one stream
 * and again cut in pieces of at most `piece` queries; NULL when both agree,
 * else what differs (a static message). */
static const char *reader_pieces_compare(const void *csv, size_t csv_len, const void *json,
                                         size_t json_len, ccd_kind kind, size_t max_digits,
                                         size_t piece)
{
    static char why[2200];
    ccd_reader *stream = NULL, *cutter = NULL;
    ccd_error es = {0}, ep = {0};
    ccd_status ss = CCD_OK, sp = CCD_OK;
    /* one stream, a query at a time (a failed read keeps none of its own):
     * first to count the queries before the first error, then to keep them */
    size_t n = 0;
    ccd_batch kept, whole; /* the stream's queries, the pieces' */
    for (int pass = 0; pass < 2; pass++) {
        if (ccd_batch_init(&kept, pass ? n + 1 : 1) != CCD_OK)
            abort();
        if (ccd_reader_open_memory(&stream, &es, "t.csv", csv, csv_len, "t.json", json,
                                   json_len, kind) != CCD_OK)
            abort();
        ccd_reader_set_max_digits(stream, max_digits);
        const size_t cap = kept.capacity;
        for (size_t got = 0;; got = kept.count) {
            if (pass == 0)
                kept.count = 0, ccd_batch_store_reset(kept.store);
            kept.capacity = kept.count + 1;
            ss = ccd_reader_read_more(&kept, &es, stream);
            if (ss != CCD_OK || kept.count == (pass ? got : 0))
                break;
            n += pass == 0;
        }
        kept.capacity = cap;
        if (pass == 0) {
            ccd_batch_free(&kept);
            ccd_reader_close(stream);
        }
    }
    /* the pieces that hold the stream's queries and the one after them */
    const size_t cap = n + piece + 1, pieces_max = 2 * cap + 2;
    if (ccd_batch_init(&whole, cap) != CCD_OK)
        abort();
    /* cut, then each piece parsed on its own; the pieces two by two in two
     * arenas in turn, as the batch loop's batches take its two texts (the
     * cutter reads into the arena it cuts into, and takes what it read and
     * did not cut to the other one), the first small (it grows as it is read
     * into); each piece parsed from where it was cut (the batch loop hands
     * pieces out as they are cut: the blocks a text grew out of are kept) */
    ccd_text_arena texts[2] = {{0}, {0}};
    if (ccd_text_arena_reserve(&texts[0], 1) != 0 || /* data is never NULL */
        ccd_text_arena_reserve(&texts[1], 1 << 20) != 0)
        abort();
    size_t *in_text = calloc(pieces_max, sizeof *in_text);
    const char **cut_at = calloc(pieces_max, sizeof *cut_at);
    int8_t *piece_labels = calloc(cap, 1);
    ccd_csv_piece *pieces = calloc(pieces_max, sizeof *pieces);
    ccd_error *deferred = calloc(pieces_max, sizeof *deferred);
    struct ccd_batch_store *stores = calloc(pieces_max, sizeof *stores);
    if (!piece_labels || !pieces || !deferred || !stores || !in_text || !cut_at)
        abort();
    if (ccd_reader_open_memory(&cutter, &ep, "t.csv", csv, csv_len, "t.json", json, json_len,
                               kind) != CCD_OK)
        abort();
    size_t np = 0, count = 0, m = 0;
    while (count <= n) {
        if (np >= pieces_max)
            abort(); /* pieces without queries come one a file, after one with */
        in_text[np] = np / 2 % 2;
        if (ccd_reader_cut(&pieces[np], &ep, &texts[in_text[np]], piece_labels + count,
                           &deferred[np], cutter, piece) != CCD_OK)
            abort();
        cut_at[np] = texts[in_text[np]].data + pieces[np].offset;
        count += pieces[np].queries;
        if (pieces[np++].end != CCD_PIECE_MORE)
            break;
    }
    for (size_t k = 0, first = 0; k < np; first += pieces[k++].queries) {
        if (pieces[k].labels) /* the cutter's labels, where this piece reads them */
            pieces[k].labels = piece_labels + first;
        ccd_batch view = {.queries = whole.queries + first, .labels = whole.labels + first,
                          .capacity = pieces[k].queries, .store = &stores[k]};
        ccd_reader *r;
        if (ccd_reader_open_piece(&r, &ep, "t.csv", kind, cut_at[k], &pieces[k]) != CCD_OK)
            abort();
        ccd_reader_set_max_digits(r, max_digits);
        sp = pieces[k].queries ? ccd_reader_read_more(&view, &ep, r) : CCD_OK;
        if (sp == CCD_OK)
            sp = ccd_reader_read_end(&ep, r);
        ccd_reader_close(r);
        if (sp != CCD_OK)
            break;
        m = first + view.count;
    }
    why[0] = '\0';
    if (ss != sp || (ss != CCD_OK && strcmp(es.message, ep.message) != 0))
        snprintf(why, sizeof why, "stream: %d \"%s\"; pieces of %zu: %d \"%s\"", (int)ss,
                 ss ? es.message : "", piece, (int)sp, sp ? ep.message : "");
    else if (ss == CCD_OK ? m != n : m > n)
        snprintf(why, sizeof why, "stream: %zu queries, pieces of %zu: %zu", n, piece, m);
    /* both read the whole input: the same bytes counted (ccd_reader_bytes_read,
     * which a piece's first_byte continues) */
    if (!why[0] && ss == CCD_OK && ccd_reader_bytes_read(stream) != ccd_reader_bytes_read(cutter))
        snprintf(why, sizeof why, "stream: %llu bytes read, the cutter of pieces of %zu: %llu",
                 (unsigned long long)ccd_reader_bytes_read(stream), piece,
                 (unsigned long long)ccd_reader_bytes_read(cutter));
    for (size_t i = 0; i < m && i < n && !why[0]; i++)
        if (!reader_pieces_same_query(&kept.queries[i], kept.labels[i], &whole.queries[i],
                                      whole.labels[i]))
            snprintf(why, sizeof why, "query %zu differs (pieces of %zu)", i, piece);
    ccd_reader_close(stream);
    ccd_reader_close(cutter);
    for (size_t k = 0; k < pieces_max; k++)
        ccd_batch_store_clear(&stores[k]);
    free(stores);
    free(deferred);
    free(pieces);
    free(piece_labels);
    free(in_text);
    free(cut_at);
    ccd_text_arena_free(&texts[0]);
    ccd_text_arena_free(&texts[1]);
    ccd_batch_free(&kept);
    ccd_batch_free(&whole);
    return why[0] ? why : NULL;
}

#endif
