/* SPDX-License-Identifier: MIT */
/* Memory a forked child sees as zeros (hidden_memory.h). */
#include <config.h>

#include "core/hidden_memory.h"

#include <pthread.h>
#include <string.h>
#include <sys/mman.h>

/* Blocks freed and kept for the next allocation of their size.  Reading the
 * shared data opens some hundred files, and each reader, byte source and label
 * stream used to map its buffer (64 KiB to 256 KiB) afresh: a mapping, a
 * madvise, a page fault for every page written and an unmapping each time.
 * Cutting the shared data's 42 files (a serial step of the batch loop,
 * bench/batch_loop.c) took 8.6 ms on one thread; the kept blocks took 2.9 ms
 * off it.  A handful of blocks is enough: the reading holds at most a reader
 * and a label stream open at once per thread.  Larger blocks are unmapped:
 * they are few (a batch's text, its labels, a reader's buffer grown for long
 * lines) and kept by their owners. */
enum { CACHE_BLOCKS = 8, CACHE_BLOCK_MAX = 256 << 10 }; /* 2 MiB kept at most */

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    void *p;
    size_t size;
} cache[CACHE_BLOCKS];
static int cached;

/* A kept block of exactly `size` bytes, or NULL. */
static void *take_cached(size_t size)
{
    void *p = NULL;
    pthread_mutex_lock(&cache_lock);
    for (int i = 0; i < cached; i++)
        if (cache[i].size == size) {
            p = cache[i].p;
            cache[i] = cache[--cached];
            break;
        }
    pthread_mutex_unlock(&cache_lock);
    return p;
}

/* Keeps p (size bytes) for later: 1, or 0 when the cache is full. */
static int keep(void *p, size_t size)
{
    int kept = 0;
    pthread_mutex_lock(&cache_lock);
    if (cached < CACHE_BLOCKS) {
        cache[cached].p = p;
        cache[cached].size = size;
        cached++;
        kept = 1;
    }
    pthread_mutex_unlock(&cache_lock);
    return kept;
}

void *ccd_hidden_alloc(size_t size)
{
#ifdef MADV_WIPEONFORK
    if (size == 0)
        size = 1;
    if (size <= CACHE_BLOCK_MAX) {
        void *p = take_cached(size);
        if (p) /* still wiped on fork: the advice stays with the mapping */
            return memset(p, 0, size);
    }
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    if (madvise(p, size, MADV_WIPEONFORK) != 0) { /* a kernel before Linux 4.14 */
        munmap(p, size);
        return NULL;
    }
    /* No MADV_HUGEPAGE for the large ones (a batch's text, 4 MiB): a huge
     * page's first write took 0.1 ms mostly, but 4 to 7 ms in a third of the
     * passes on the VM of docs/performance.md (memory the host lends again),
     * in the serial cutting at the start of a pass; in 4 KiB pages the faults
     * of a batch's text (about 0.6 MiB of the shared data) take some 0.2 ms,
     * once for each of the two texts.  Measured on 16 passes of Tight
     * Inclusion at d = 0 on two threads: the service's time 7.7 to 19.9 ms in
     * huge pages, 7.9 to 12.6 ms in small ones. */
    return p;
#else
    (void)size;
    return NULL; /* no way to hide memory from a child: refuse rather than leak labels */
#endif
}

void ccd_hidden_free(void *p, size_t size)
{
    if (!p)
        return;
    if (size == 0)
        size = 1;
    if (size <= CACHE_BLOCK_MAX && keep(p, size))
        return;
    munmap(p, size);
}
