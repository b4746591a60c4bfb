/* SPDX-License-Identifier: MIT */
/* The size of a dataset before it is read (dataset_size.h). */
#include <config.h>

#include "query/dataset_size.h"

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { ROWS_PER_QUERY = 8, GUESS_BYTES_PER_QUERY = 8 * 40, GZIP_RATIO = 4 };

static int is_gzip(const char *path)
{
    size_t n = strlen(path);
    return n >= 3 && strcmp(path + n - 3, ".gz") == 0;
}

/* Rows of the file at path (newlines, and a last row without one); -1 when it
 * cannot be read. */
static int64_t count_rows(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    char buf[1 << 14];
    int64_t rows = 0;
    char last = '\n';
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0) {
            close(fd);
            return -1;
        }
        if (n == 0)
            break;
        for (const char *p = buf, *end = buf + n; (p = memchr(p, '\n', (size_t)(end - p))); ++p)
            ++rows;
        last = buf[n - 1];
    }
    close(fd);
    return rows + (last != '\n');
}

void ccd_dataset_size_of(ccd_dataset_size *out, const ccd_dataset *ds, size_t begin, size_t end,
                         uint64_t count_limit)
{
    if (end == 0 || end > ds->count)
        end = ds->count;
    uint64_t counted_bytes = 0, counted_queries = 0, unknown_plain = 0, unknown_gzip = 0;
    *out = (ccd_dataset_size){0, 0, 1};
    for (size_t i = begin; i < end; i++) {
        struct stat sb;
        const char *path = ds->files[i].csv_path;
        if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue;
        const uint64_t bytes = (uint64_t)sb.st_size;
        out->bytes += bytes;
        int64_t rows = -1;
        if (!is_gzip(path) && counted_bytes + bytes <= count_limit)
            rows = count_rows(path);
        if (rows >= 0) {
            counted_bytes += bytes;
            counted_queries += ((uint64_t)rows + ROWS_PER_QUERY - 1) / ROWS_PER_QUERY;
            continue;
        }
        out->exact = 0;
        if (is_gzip(path))
            unknown_gzip += bytes;
        else
            unknown_plain += bytes;
    }
    out->queries = counted_queries;
    if (!out->exact) {
        const double per_query = counted_queries ? (double)counted_bytes / (double)counted_queries
                                                 : GUESS_BYTES_PER_QUERY;
        out->queries += (uint64_t)(((double)unknown_plain + GZIP_RATIO * (double)unknown_gzip) /
                                   per_query + 0.5);
    }
}
