/* SPDX-License-Identifier: MIT */
/* What every libFuzzer target of a reader checks: a refused input is exactly one
 * "name:line:column: what" (or, for the whole file, "name: what") message naming
 * the input (header-only, no state). */
#ifndef CCD_FUZZ_CHECK_H
#define CCD_FUZZ_CHECK_H
#include <stdlib.h>
#include <string.h>

#include "ccdbench.h"

/* Abort unless err->message is "<name>:<digits>:<digits>: <something>" or
 * "<name>: <something>" for one of the n names, on one line. */
static inline void ccd_fuzz_check_message(const ccd_error *err, const char *const *names,
                                          size_t n)
{
    const char *m = err->message;
    size_t i;
    for (i = 0; i < n; i++) {
        size_t k = strlen(names[i]);
        if (strncmp(m, names[i], k) == 0 && m[k] == ':') {
            m += k + 1;
            break;
        }
    }
    if (i == n)
        abort();
    for (int field = 0; field < 2 && *m != ' '; field++) { /* " ": the whole file */
        if (*m < '0' || *m > '9')
            abort();
        while (*m >= '0' && *m <= '9')
            m++;
        if (*m++ != ':')
            abort();
    }
    if (m[0] != ' ' || m[1] == '\0' || strchr(m, '\n'))
        abort();
}

/* A file holding the current input, for readers that take a path: made once
 * (in /dev/shm when it can be written, else $TMPDIR or /tmp), rewritten for
 * every input, removed at exit.  It is rewritten in place and cut to size
 * (no truncation to zero, which makes ext4 flush the file on close: 3 ms). */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static char ccd_fuzz_path[4096];
static int ccd_fuzz_fd = -1;

static void ccd_fuzz_remove_file(void)
{
    if (ccd_fuzz_path[0])
        unlink(ccd_fuzz_path);
}

static inline const char *ccd_fuzz_write_file(const unsigned char *data, size_t size,
                                              const char *suffix)
{
    if (ccd_fuzz_fd < 0) {
        const char *dir = getenv("TMPDIR");
        if (access("/dev/shm", W_OK) == 0)
            dir = "/dev/shm";
        else if (!dir || !*dir)
            dir = "/tmp";
        snprintf(ccd_fuzz_path, sizeof ccd_fuzz_path, "%s/ccd-fuzz-XXXXXX%s", dir, suffix);
        ccd_fuzz_fd = mkstemps(ccd_fuzz_path, (int)strlen(suffix));
        if (ccd_fuzz_fd < 0)
            abort();
        atexit(ccd_fuzz_remove_file);
    }
    for (size_t done = 0; done < size;) {
        ssize_t n = pwrite(ccd_fuzz_fd, data + done, size - done, (off_t)done);
        if (n <= 0)
            abort();
        done += (size_t)n;
    }
    if (ftruncate(ccd_fuzz_fd, (off_t)size) != 0)
        abort();
    return ccd_fuzz_path;
}

#endif
