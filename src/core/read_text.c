/* SPDX-License-Identifier: MIT */
/* A small text file read whole (read_text.h). */
#include <config.h>

#include "core/read_text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

char *ccd_read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t size = 0, used = 0;
    for (;;) {
        /* room for a read of 4096 bytes at least and the terminating NUL */
        if (used + 4096 + 1 > size) {
            char *bigger = realloc(text, size = 2 * size + 4096 + 1);
            if (!bigger) {
                free(text);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            text = bigger;
        }
        const size_t got = fread(text + used, 1, size - used - 1, f);
        used += got;
        if (got == 0)
            break;
    }
    const int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(text);
        errno = EIO;
        return NULL;
    }
    text[used] = '\0';
    return text;
}
