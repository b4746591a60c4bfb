/* SPDX-License-Identifier: MIT */
/* Zeroed memory whose pages cost nothing until written (zeroed_pages.h). */
#include <config.h>

#include "core/zeroed_pages.h"
#include "core/assert.h"

#include <sys/mman.h>

void *ccd_zeroed_pages_alloc(size_t size)
{
    CCD_ASSERT(size > 0);
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void ccd_zeroed_pages_free(void *p, size_t size)
{
    if (p)
        munmap(p, size);
}
