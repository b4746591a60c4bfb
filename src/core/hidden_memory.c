/* SPDX-License-Identifier: MIT */
/* Memory a forked child sees as zeros (hidden_memory.h). */
#include <config.h>

#include "core/hidden_memory.h"

#include <sys/mman.h>

void *ccd_hidden_alloc(size_t size)
{
#ifdef MADV_WIPEONFORK
    if (size == 0)
        size = 1;
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    if (madvise(p, size, MADV_WIPEONFORK) != 0) { /* a kernel before Linux 4.14 */
        munmap(p, size);
        return NULL;
    }
    return p;
#else
    (void)size;
    return NULL; /* no way to hide memory from a child: refuse rather than leak labels */
#endif
}

void ccd_hidden_free(void *p, size_t size)
{
    if (p)
        munmap(p, size ? size : 1);
}
