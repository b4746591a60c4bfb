/* SPDX-License-Identifier: MIT */
/* File stamps (file_stamp.h). */
#include <config.h>

#include "core/file_stamp.h"

void ccd_file_stamp_of(ccd_file_stamp *out, const struct stat *st)
{
    *out = (ccd_file_stamp){
        .device = (uint64_t)st->st_dev,
        .inode = (uint64_t)st->st_ino,
        .bytes = st->st_size > 0 ? (uint64_t)st->st_size : 0,
        .mtime_sec = (int64_t)st->st_mtim.tv_sec,
        .mtime_nsec = st->st_mtim.tv_nsec,
        .known = 1,
    };
}

int ccd_file_stamp_get(ccd_file_stamp *out, const ccd_file_stamp *stamp, const char *path)
{
    if (stamp && stamp->known) {
        *out = *stamp;
        return 0;
    }
    struct stat st;
    if (stat(path, &st) != 0) {
        *out = (ccd_file_stamp){0};
        return -1;
    }
    ccd_file_stamp_of(out, &st);
    return 0;
}
