/* SPDX-License-Identifier: MIT */
/*
 * Reading a CSV file in pieces, so that many threads parse it at once.
 *
 * Parsing the numbers is most of what reading costs; finding where lines end
 * and copying them is the rest (on the shared data, 20–30 ms of cutting where
 * reading in one stream took 45–60).  So one reader, the cutter,
 * only cuts the file's text into pieces of whole queries (8 lines each),
 * their bytes as they are in an arena (the cutter reads the file into the
 * arena it cuts into: its reads are those of a streaming reader, and what it
 * read and did not cut moves with it to the next arena), and pulls their
 * labels from the labels file; each piece is then parsed on its own
 * (ccd_reader_open_piece) by any thread, into its place in the batch.
 *
 * A piece's reader gives the very answers and errors the streaming reader
 * gives for those lines: it starts at the piece's line and query number, knows
 * the file's column count (decided by the first line), takes each query's label
 * from the piece, and is told what the streaming reader would have found after
 * the piece's last line (more queries; the end of the file, with its label
 * check; or the error that stopped the cutting: a line too long, a read error,
 * a label missing).  So a file's first error is found at the same line,
 * column and query whether it is read in one piece or many.
 */
#ifndef CCD_QUERY_CSV_PIECE_H
#define CCD_QUERY_CSV_PIECE_H

#include "ccdbench.h"

#include <stddef.h>
#include <stdint.h>

/* Text in memory a forked child does not see (the text holds the labels).
 * When it grows (moves) with text in it, its old blocks are kept, unchanged,
 * until it is reset or freed: a piece handed out as soon as it is cut (the
 * batch loop does, bench/batch_loop.c) is parsed from the block it was cut
 * in while the cutting goes on.  Each block kept is at most half the next
 * (ccd_text_arena_reserve grows it twofold at least when it holds text), so
 * they take less than the arena itself, and there are fewer than 64. */
enum { CCD_TEXT_KEPT_MAX = 64 };
typedef struct ccd_text_arena {
    char *data;
    size_t cap, used;
    struct {
        char *data;
        size_t cap;
    } kept[CCD_TEXT_KEPT_MAX];
    int kept_count;
} ccd_text_arena;

/* What follows a piece's last line in its file. */
typedef enum ccd_piece_end {
    CCD_PIECE_MORE,     /* more pieces: the text ends after a whole query     */
    CCD_PIECE_LAST,     /* the end of the file: its end checks are this piece's */
    CCD_PIECE_CUT_SHORT /* the cutting failed here: `deferred` is the error     */
} ccd_piece_end;

typedef struct ccd_csv_piece {
    size_t offset, len;    /* its text: arena.data[offset, offset + len) */
    uint64_t first_line;   /* lines of the file before it */
    uint64_t first_index;  /* queries of the file before it */
    uint64_t first_byte;   /* decompressed bytes of the file before it */
    uint64_t source_bytes; /* raw bytes of the file taken in once it was cut (progress) */
    size_t queries;        /* whole queries (8 lines) it holds */
    int columns;           /* the file's column count: 6 or 7, 0 when this piece decides it */
    ccd_piece_end end;
    /* Labels from a labels file (NULL: from the CSV's 7th column, or none):
     * labels[i] for query i of the piece, i < label_error_at; at query
     * label_error_at the labels file failed (`deferred`); label_error_at ==
     * queries on a last piece: the file's end check of the labels failed. */
    const int8_t *labels;
    uint64_t label_error_at; /* UINT64_MAX: none */
    const ccd_error *deferred;
} ccd_csv_piece;

/* Room for `bytes` bytes in all (the text kept); -1 when memory ran out.  The
 * pages are the system's until they are written. */
int ccd_text_arena_reserve(ccd_text_arena *a, size_t bytes);
/* Empty again, the blocks it grew out of freed: no piece of its text is read
 * any more. */
void ccd_text_arena_reset(ccd_text_arena *a);
void ccd_text_arena_free(ccd_text_arena *a);

/* Cuts the next piece of the reader's file: at most max_queries whole queries
 * (max_queries ≥ 1), their text the arena's next bytes (the reader reads into
 * the arena of its last cut until it is given another, or reopened) and their
 * labels (from a labels file) written to labels[0 ..).  The arena may grow
 * (move) while it is cut into: a piece's text stays where it was cut
 * (arena->data + piece->offset, taken right after the cut) until the arena
 * is reset.  *deferred receives the error a piece carries (see
 * above).  After a piece that is not CCD_PIECE_MORE the reader
 * has nothing more to cut.  Returns CCD_OK, or an error (err) when memory ran
 * out. */
ccd_status ccd_reader_cut(ccd_csv_piece *piece, ccd_error *err, ccd_text_arena *arena,
                          int8_t *labels, ccd_error *deferred, ccd_reader *r, size_t max_queries);

/* The reader r of ccd_reader_open, done with its file, opened on the next one
 * as ccd_reader_open would open a new reader — its read buffer, exact numbers
 * and limit (ccd_reader_set_max_digits) kept: a new reader was 4 µs of the
 * serial cutting a file.  On an error r has no file (close it). */
ccd_status ccd_reader_reopen(ccd_reader *r, ccd_error *err, const char *csv_path,
                             const char *labels_path, ccd_kind kind);

/* ccd_reader_open and ccd_reader_reopen of file `file` of a read-ahead
 * (query/read_ahead.h), whose blocks read ahead the reader takes where it
 * reads a regular file (a cutting reader: the files in the read-ahead's
 * order). */
struct ccd_read_ahead;
ccd_status ccd_reader_open_ahead(ccd_reader **out, ccd_error *err, const char *csv_path,
                                 const char *labels_path, ccd_kind kind,
                                 struct ccd_read_ahead *ahead, size_t file);
ccd_status ccd_reader_reopen_ahead(ccd_reader *r, ccd_error *err, const char *csv_path,
                                   const char *labels_path, ccd_kind kind,
                                   struct ccd_read_ahead *ahead, size_t file);

/* A reader over one piece (its text: arena.data + piece->offset), with the
 * name and kind of its file; read it with ccd_reader_read_more into a batch of
 * piece->queries slots, then ccd_reader_read_end.  The piece and its text must
 * outlive the reader. */
ccd_status ccd_reader_open_piece(ccd_reader **out, ccd_error *err, const char *csv_name,
                                 ccd_kind kind, const char *text, const ccd_csv_piece *piece);

/* After a piece's whole queries are read: the checks at its end (a partial
 * query, the labels' end, the error that cut it short).  CCD_OK or the error. */
ccd_status ccd_reader_read_end(ccd_error *err, ccd_reader *r);

#endif
