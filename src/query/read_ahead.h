/* SPDX-License-Identifier: MIT */
/*
 * The input of a pass read ahead of its cutting, by the threads that have
 * nothing else to do.
 *
 * The batch loop cuts the files into pieces on one thread at a time
 * (bench/batch_loop.c), and two thirds of that serial cutting were the read
 * calls themselves: 3–4 ms of 5 for the shared data's 12 MB on the VM of
 * docs/performance.md, where the page cache's pages are found again at every
 * pass, and more when they have to come from the disk.  So the threads that
 * find no piece to parse read the next blocks of the files (CCD_AHEAD_BLOCK
 * bytes each, at most CCD_AHEAD_BLOCKS of them ahead of the cutter, in the
 * order the cutter takes them) into memory of their own, and the cutter's
 * byte source (query/byte_source.h) copies a block read ahead instead of
 * reading the file, or reads the file itself where nothing was read ahead.
 *
 * What the cutter gets is what its own reads would have given: each of its
 * reads is filled from the blocks that start exactly where it reads, of the
 * very file it opened (the same device and inode: a block of a file replaced
 * since is never used), and from the file itself for the rest; a block
 * shorter than asked is not taken for the end of the file (only the cutter's
 * own read says where it ends), and a block that could not be read is read
 * again by the cutter, which then meets the error itself, at the same byte.
 * Only regular files are read ahead: a pipe is never opened by a reader
 * ahead.  A reader ahead never waits for the disk: it takes what the page
 * cache holds (RWF_NOWAIT) and asks the kernel to read the rest meanwhile,
 * which the cutter then reads itself.  The blocks are hidden from a forked child (core/hidden_memory.h):
 * they hold the labels.
 *
 * One cutter, any number of readers ahead; the blocks' memory (at most
 * CCD_AHEAD_BLOCKS × CCD_AHEAD_BLOCK) is made when first needed and freed
 * with the read-ahead.
 */
#ifndef CCD_QUERY_READ_AHEAD_H
#define CCD_QUERY_READ_AHEAD_H

#include "ccdbench.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum {
    CCD_AHEAD_BLOCK = 256 << 10, /* bytes a block read ahead, at most */
    CCD_AHEAD_BLOCKS = 16        /* blocks read ahead and not yet taken, at most */
};

typedef struct ccd_read_ahead ccd_read_ahead;

/* What the reading of a pass took: the time in read calls, by the readers
 * ahead and by the cutter (its own reads, also counted in own_ns); the bytes
 * the cutter took, read ahead or read itself (the same for any number of
 * readers), and those read ahead (a block the cutter never took among them). */
typedef struct ccd_read_ahead_stats {
    uint64_t read_ns, own_ns;
    uint64_t read_bytes, ahead_bytes;
} ccd_read_ahead_stats;

/* A read-ahead over files [begin, end) of ds, each of bytes[f] bytes as
 * discovery saw it (0: nothing read ahead of it), cut in that order; with
 * `readers` 0 nothing is read ahead (a pass on one thread: its cutter reads
 * everything, as timed by the stats).  NULL when out of memory. */
ccd_read_ahead *ccd_read_ahead_new(const ccd_dataset *ds, size_t begin, size_t end,
                                   const uint64_t *bytes, int readers);
void ccd_read_ahead_free(ccd_read_ahead *ra);

/* By a thread with nothing else to do: reads the next block ahead of the
 * cutter.  1 when it read one (or tried to), 0 when there was none to read
 * (all read, or CCD_AHEAD_BLOCKS waiting for the cutter). */
int ccd_read_ahead_some(ccd_read_ahead *ra);

/* The cutter has opened file `file` (a regular file, of that device and
 * inode) and reads it from byte 0 with ccd_read_ahead_take. */
void ccd_read_ahead_open(ccd_read_ahead *ra, size_t file, dev_t dev, ino_t ino);

/* The cutter's read of file `file` at byte `offset` into buf, up to cap
 * bytes: from the blocks read ahead that start there, the rest read from fd
 * (pread).  Returns the bytes read, fewer than cap only at the end of the
 * file, or -1 with errno set when a read failed. */
ptrdiff_t ccd_read_ahead_take(ccd_read_ahead *ra, size_t file, int fd, uint64_t offset,
                              void *buf, size_t cap);

void ccd_read_ahead_stats_get(ccd_read_ahead_stats *out, ccd_read_ahead *ra);

/* The cutter is done: nothing more is read ahead, and the memory of the
 * blocks read (those still being read: at ccd_read_ahead_free) and the files
 * are let go now, while the other threads compute (unmapping them took
 * 0.16–0.23 ms at the end of a two-thread pass). */
void ccd_read_ahead_release(ccd_read_ahead *ra);

#endif
