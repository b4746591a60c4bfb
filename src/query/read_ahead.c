/* SPDX-License-Identifier: MIT */
/* The input of a pass read ahead of its cutting (read_ahead.h). */
#include <config.h>

#include "query/read_ahead.h"
#include "core/assert.h"
#include "core/clock.h"
#include "core/hidden_memory.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

/* A block: bytes [offset, offset + bytes) of a file, at data + at (the
 * cutter takes a block from its start, and may take part of it: offset and
 * at then move on together).  Being read by a reader ahead until `read`;
 * `failed` when that read failed (the cutter reads those bytes itself).  A
 * block read in part (the rest not in memory: cached) leaves the rest to the
 * cutter too. */
typedef struct block {
    size_t file;
    uint64_t offset;
    size_t bytes, at;
    int read, failed;
    char *data;
} block;

/* What the readers ahead know of a file: whether it may be read ahead (not
 * yet looked at, open, or never: not a regular file, it could not be opened,
 * it is not the file the cutter opened); its descriptor while open, its
 * identity, and the cutter's once the cutter opened it; the blocks of it
 * being read. */
enum { FILE_UNSEEN, FILE_OPEN, FILE_NEVER };
typedef struct ahead_file {
    int state, fd, cut_known;
    dev_t dev, cut_dev;
    ino_t ino, cut_ino;
    size_t reading;
} ahead_file;

struct ccd_read_ahead {
    pthread_mutex_t lock;
    pthread_cond_t block_read; /* a block's read ended */
    const ccd_dataset *ds;
    size_t begin, end;
    const uint64_t *bytes;
    int readers;
    ahead_file *files; /* files[f - begin] */
    /* The blocks read ahead and not yet taken, in the cutter's order: ring[head
     * .. head + count) modulo CCD_AHEAD_BLOCKS, back to back from where the
     * cutter is; the memory of blocks taken, kept for the next ones. */
    block ring[CCD_AHEAD_BLOCKS];
    size_t head, count;
    char *spare[CCD_AHEAD_BLOCKS];
    size_t spare_count;
    /* The next block to read ahead starts at byte next_offset of file
     * next_file; the cutter is in file cut_file (the files before are done). */
    size_t next_file, cut_file;
    uint64_t next_offset;
    ccd_read_ahead_stats stats;
    /* Nothing to read ahead now (no readers, all read, or CCD_AHEAD_BLOCKS
     * waiting), as of the last unlock: what ccd_read_ahead_some looks at
     * before it takes the lock, which every thread of a pass would take
     * before each chunk of work (a hint: the lock's holder decides). */
    atomic_int idle;
};

/* Unlocks ra, the hint of idle readers set for what the holder left. */
static void unlock(ccd_read_ahead *ra)
{
    atomic_store_explicit(&ra->idle,
                          ra->readers == 0 || ra->next_file >= ra->end ||
                              ra->count == CCD_AHEAD_BLOCKS,
                          memory_order_relaxed);
    pthread_mutex_unlock(&ra->lock);
}

ccd_read_ahead *ccd_read_ahead_new(const ccd_dataset *ds, size_t begin, size_t end,
                                   const uint64_t *bytes, int readers)
{
    CCD_ASSERT(begin <= end && end <= ds->count);
    ccd_read_ahead *ra = calloc(1, sizeof *ra);
    if (!ra)
        return NULL;
    ra->files = calloc(end - begin ? end - begin : 1, sizeof *ra->files);
    if (!ra->files) {
        free(ra);
        return NULL;
    }
    for (size_t f = 0; f < end - begin; f++)
        ra->files[f].fd = -1;
    pthread_mutex_init(&ra->lock, NULL);
    pthread_cond_init(&ra->block_read, NULL);
    ra->ds = ds;
    ra->begin = ra->next_file = ra->cut_file = begin;
    ra->end = end;
    ra->bytes = bytes;
    ra->readers = readers;
    atomic_init(&ra->idle, readers == 0 || begin >= end);
    return ra;
}

/* The file's descriptor closed once the cutter is past it and no block of it
 * is being read.  Under the lock. */
static void close_if_done(ccd_read_ahead *ra, size_t file)
{
    ahead_file *af = &ra->files[file - ra->begin];
    if (af->fd >= 0 && file < ra->cut_file && af->reading == 0) {
        close(af->fd);
        af->fd = -1;
    }
}

void ccd_read_ahead_free(ccd_read_ahead *ra)
{
    if (!ra)
        return;
    for (size_t k = 0; k < ra->count; k++) {
        const block *b = &ra->ring[(ra->head + k) % CCD_AHEAD_BLOCKS];
        CCD_ASSERT(b->read); /* no reader ahead is left: the pass is over */
        ccd_hidden_free(b->data, CCD_AHEAD_BLOCK);
    }
    for (size_t k = 0; k < ra->spare_count; k++)
        ccd_hidden_free(ra->spare[k], CCD_AHEAD_BLOCK);
    for (size_t f = 0; f < ra->end - ra->begin; f++)
        if (ra->files[f].fd >= 0)
            close(ra->files[f].fd);
    pthread_mutex_destroy(&ra->lock);
    pthread_cond_destroy(&ra->block_read);
    free(ra->files);
    free(ra);
}

/* The file opened for reading ahead, if it is a regular file (looked at
 * before it is opened: a pipe is never opened, which would take its bytes or
 * wake its writer) and, once the cutter has opened it, the same file.  Under
 * the lock: an open and two stats, a few microseconds, while the cutter reads
 * a block of 256 KiB. */
static void open_ahead(ccd_read_ahead *ra, size_t file)
{
    ahead_file *af = &ra->files[file - ra->begin];
    const char *path = ra->ds->files[file].csv_path;
    struct stat st;
    af->state = FILE_NEVER;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    int fd;
    do
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        (af->cut_known && (st.st_dev != af->cut_dev || st.st_ino != af->cut_ino))) {
        close(fd);
        return;
    }
    af->state = FILE_OPEN;
    af->fd = fd;
    af->dev = st.st_dev;
    af->ino = st.st_ino;
}

/* Reads bytes [offset, offset + cap) of fd into buf, in as many reads as it
 * takes: the count, fewer only at the end of the file, or -1 (errno). */
static ptrdiff_t read_at(int fd, char *buf, size_t cap, uint64_t offset)
{
    size_t got = 0;
    while (got < cap) {
        const ssize_t n = pread(fd, buf + got, cap - got, (off_t)(offset + got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            break;
        got += (size_t)n;
    }
    return (ptrdiff_t)got;
}

/* Reads what of bytes [offset, offset + cap) of fd the page cache holds, from
 * the first on, without waiting for the disk (RWF_NOWAIT), and asks the kernel
 * to read the rest meanwhile (POSIX_FADV_WILLNEED: the cutter reads it,
 * later).  A reader ahead that waited for the disk kept its thread from the
 * pieces and chunks: with the shared data out of the page cache, a
 * two-thread d = 0 pass took 63.2–65.7 ms before the read-ahead, 67.0–69.3
 * with blocking reads ahead (16 runs each, the builds taking turns).  The
 * count read; *cached 0 when the rest was not in memory.  Where RWF_NOWAIT is
 * not known (or refused), a plain read. */
static ptrdiff_t read_cached(int *cached, int fd, char *buf, size_t cap, uint64_t offset)
{
    *cached = 1;
#ifdef RWF_NOWAIT
    static atomic_int refused; /* the kernel or the file system does not know it */
    if (!atomic_load_explicit(&refused, memory_order_relaxed)) {
        size_t got = 0;
        while (got < cap) {
            struct iovec io = {.iov_base = buf + got, .iov_len = cap - got};
            const ssize_t n = preadv2(fd, &io, 1, (off_t)(offset + got), RWF_NOWAIT);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && (errno == EOPNOTSUPP || errno == ENOSYS || errno == EINVAL)) {
                atomic_store_explicit(&refused, 1, memory_order_relaxed);
                break; /* read as below, from where it stopped */
            }
            if (n < 0 && errno == EAGAIN) {
                *cached = 0;
                posix_fadvise(fd, (off_t)(offset + got), (off_t)(cap - got), POSIX_FADV_WILLNEED);
                return (ptrdiff_t)got;
            }
            if (n < 0)
                return -1;
            if (n == 0)
                return (ptrdiff_t)got;
            got += (size_t)n;
        }
        if (got == cap)
            return (ptrdiff_t)got;
        const ptrdiff_t rest = read_at(fd, buf + got, cap - got, offset + got);
        return rest < 0 ? -1 : (ptrdiff_t)got + rest;
    }
#endif
    return read_at(fd, buf, cap, offset);
}

int ccd_read_ahead_some(ccd_read_ahead *ra)
{
    if (atomic_load_explicit(&ra->idle, memory_order_relaxed))
        return 0;
    pthread_mutex_lock(&ra->lock);
    ahead_file *af = NULL;
    for (;;) { /* the next file with bytes to read ahead */
        if (ra->readers == 0 || ra->count == CCD_AHEAD_BLOCKS || ra->next_file >= ra->end) {
            unlock(ra);
            return 0;
        }
        af = &ra->files[ra->next_file - ra->begin];
        if (ra->next_offset < ra->bytes[ra->next_file]) {
            if (af->state == FILE_UNSEEN)
                open_ahead(ra, ra->next_file);
            if (af->state == FILE_OPEN)
                break;
        }
        ra->next_file++;
        ra->next_offset = 0;
    }
    const size_t file = ra->next_file;
    const uint64_t left = ra->bytes[file] - ra->next_offset;
    block *b = &ra->ring[(ra->head + ra->count++) % CCD_AHEAD_BLOCKS];
    *b = (block){.file = file, .offset = ra->next_offset,
                 .bytes = left < CCD_AHEAD_BLOCK ? (size_t)left : CCD_AHEAD_BLOCK,
                 .data = ra->spare_count ? ra->spare[--ra->spare_count] : NULL};
    ra->next_offset += b->bytes;
    af->reading++;
    const int fd = af->fd;
    unlock(ra);

    /* the read, by this thread alone: the block is its until it is read */
    const uint64_t start = ccd_clock_ns();
    char *data = b->data ? b->data : ccd_hidden_alloc(CCD_AHEAD_BLOCK);
    int cached = 1;
    const ptrdiff_t n = data ? read_cached(&cached, fd, data, b->bytes, b->offset) : -1;
    const uint64_t ns = ccd_clock_ns() - start;

    pthread_mutex_lock(&ra->lock);
    b->data = data;
    b->failed = n < 0;
    if (cached && n >= 0 && (size_t)n < b->bytes && ra->next_file == file)
        ra->next_file++, ra->next_offset = 0; /* shorter now: read no more of it */
    b->bytes = n > 0 ? (size_t)n : 0;
    b->read = 1;
    ra->stats.read_ns += ns;
    ra->stats.ahead_bytes += b->bytes;
    af->reading--;
    close_if_done(ra, file);
    pthread_cond_broadcast(&ra->block_read);
    unlock(ra);
    return 1;
}

void ccd_read_ahead_open(ccd_read_ahead *ra, size_t file, dev_t dev, ino_t ino)
{
    CCD_ASSERT(file >= ra->begin && file < ra->end);
    pthread_mutex_lock(&ra->lock);
    CCD_ASSERT(file >= ra->cut_file); /* the files are cut in order */
    ahead_file *af = &ra->files[file - ra->begin];
    af->cut_known = 1;
    af->cut_dev = dev;
    af->cut_ino = ino;
    if (af->state == FILE_OPEN && (af->dev != dev || af->ino != ino))
        af->state = FILE_NEVER; /* replaced since: its blocks are not this file's */
    for (size_t f = ra->cut_file; f < file; f++) {
        ra->cut_file = f + 1;
        close_if_done(ra, f);
    }
    ra->cut_file = file;
    if (ra->next_file < file)
        ra->next_file = file, ra->next_offset = 0;
    unlock(ra);
}

/* The block at the ring's head given back (its memory kept for the next). */
static void drop_head(ccd_read_ahead *ra)
{
    block *b = &ra->ring[ra->head];
    CCD_ASSERT(ra->count > 0 && b->read);
    if (b->data)
        ra->spare[ra->spare_count++] = b->data;
    ra->head = (ra->head + 1) % CCD_AHEAD_BLOCKS;
    ra->count--;
}

ptrdiff_t ccd_read_ahead_take(ccd_read_ahead *ra, size_t file, int fd, uint64_t offset,
                              void *buf, size_t cap)
{
    char *out = buf;
    size_t got = 0;
    pthread_mutex_lock(&ra->lock);
    CCD_ASSERT(file == ra->cut_file);
    const ahead_file *af = &ra->files[file - ra->begin];
    while (got < cap) {
        const uint64_t at = offset + got;
        /* The blocks before `at`, or not of this file as the cutter opened it,
         * given back, once read (their reader writes them until then); a
         * block of a later file stays. */
        const block *b = NULL;
        while (ra->count > 0) {
            b = &ra->ring[ra->head];
            if (b->file > file)
                break;
            if (!b->read) {
                pthread_cond_wait(&ra->block_read, &ra->lock);
                continue;
            }
            if (b->file == file && af->state == FILE_OPEN && !b->failed && b->bytes > 0 &&
                b->offset >= at)
                break;
            drop_head(ra);
        }
        if (ra->count == 0 || b->file > file)
            b = NULL;
        if (b && b->offset == at) { /* read ahead: copied, the block the cutter's alone */
            const size_t n = cap - got < b->bytes ? cap - got : b->bytes;
            unlock(ra);
            memcpy(out + got, b->data + b->at, n);
            pthread_mutex_lock(&ra->lock);
            block *h = &ra->ring[ra->head];
            CCD_ASSERT(h == b);
            h->offset += n, h->at += n, h->bytes -= n;
            if (h->bytes == 0)
                drop_head(ra);
            ra->stats.read_bytes += n;
            got += n;
            continue;
        }
        /* Not read ahead: read here, up to the next block of the file, and
         * not read ahead by anyone else. */
        size_t want = cap - got;
        if (b && b->offset - at < want)
            want = (size_t)(b->offset - at);
        if (ra->next_file < file || (ra->next_file == file && ra->next_offset < at + want))
            ra->next_file = file, ra->next_offset = at + want;
        unlock(ra);
        const uint64_t start = ccd_clock_ns();
        const ptrdiff_t n = read_at(fd, out + got, want, at);
        const int saved = errno;
        const uint64_t ns = ccd_clock_ns() - start;
        pthread_mutex_lock(&ra->lock);
        ra->stats.read_ns += ns;
        ra->stats.own_ns += ns;
        if (n < 0) {
            unlock(ra);
            errno = saved;
            return -1;
        }
        ra->stats.read_bytes += (uint64_t)n;
        got += (size_t)n;
        if ((size_t)n < want) /* the end of the file */
            break;
    }
    unlock(ra);
    return (ptrdiff_t)got;
}

void ccd_read_ahead_release(ccd_read_ahead *ra)
{
    pthread_mutex_lock(&ra->lock);
    ra->next_file = ra->end; /* nothing more to read ahead */
    ra->cut_file = ra->end;
    while (ra->count > 0 && ra->ring[ra->head].read) /* a block still being read stays */
        drop_head(ra);
    char *spare[CCD_AHEAD_BLOCKS];
    const size_t n = ra->spare_count;
    memcpy(spare, ra->spare, n * sizeof *spare);
    ra->spare_count = 0;
    for (size_t f = ra->begin; f < ra->end; f++)
        close_if_done(ra, f);
    unlock(ra);
    for (size_t k = 0; k < n; k++) /* unmapped outside the lock */
        ccd_hidden_free(spare[k], CCD_AHEAD_BLOCK);
}

void ccd_read_ahead_stats_get(ccd_read_ahead_stats *out, ccd_read_ahead *ra)
{
    pthread_mutex_lock(&ra->lock);
    *out = ra->stats;
    pthread_mutex_unlock(&ra->lock);
}
