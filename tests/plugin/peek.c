/* SPDX-License-Identifier: MIT */
/*
 * TEST FIXTURE — a method that cheats: "test-peek" answers each query with its
 * label when it can find it anywhere, and "no collision" otherwise.  It tries,
 * in order, every way a plugin has to the answers (tests/bench/peek.sh):
 *
 *   1. the query itself (q->label, in API versions ≤ 2);
 *   2. a data file named by the environment ($CCD_PEEK_DATA) or on the command
 *      line (/proc/self/cmdline), read again and its label column parsed;
 *   3. the descriptors it inherited (the file ccdbench is reading);
 *   4. the batch the query sits in (found on the stack: a ccd_batch whose
 *      queries array holds q), in the parent's memory — process_vm_readv and
 *      /proc/PPID/mem at the same address, a fork's parent has it there too —
 *      then in its own memory.
 *
 * $CCD_PEEK_VERBOSE set: each way that found a label says so on stderr, once.
 */
#define _GNU_SOURCE
#include "ccdbench.h"

#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

extern char **environ;

static void said(const char *how)
{
    static char told[8][32];
    if (!getenv("CCD_PEEK_VERBOSE"))
        return;
    for (int i = 0; i < 8; i++) {
        if (strcmp(told[i], how) == 0)
            return;
        if (!told[i][0]) {
            snprintf(told[i], sizeof told[i], "%s", how);
            fprintf(stderr, "test-peek: found labels through %s\n", how);
            return;
        }
    }
}

/* ------------------------------------------------ labels of a CSV file */

/* The labels of one file, by query: the 7th column of every 8th line. */
typedef struct file_labels {
    int tried;
    dev_t dev;
    ino_t ino;
    signed char *label;
    size_t count;
} file_labels;

/* The files read so far: named in the environment, on the command line, and
 * reached through an inherited descriptor.  Freed when the plugin is unloaded
 * (LeakSanitizer counts what an unloaded object still pointed to). */
static file_labels env, cmd, fds;

__attribute__((destructor)) static void free_file_labels(void)
{
    free(env.label);
    free(cmd.label);
    free(fds.label);
}

/* Parse the CSV read from fd with pread (the offset of a shared descriptor is
 * left alone); 0 when it has a label column. */
static int parse_labels(file_labels *fl, int fd)
{
    size_t cap = 0, line = 0, col = 0;
    char buf[65536];
    off_t at = 0;
    ssize_t n;
    int last = -1;
    while ((n = pread(fd, buf, sizeof buf, at)) > 0) {
        at += n;
        for (ssize_t i = 0; i < n; i++) {
            char c = buf[i];
            if (c == ',') {
                col++;
            } else if (c == '\n') {
                if (col != 6)
                    return -1; /* no label column */
                if (line % 8 == 0) {
                    if (fl->count == cap) {
                        cap = cap ? 2 * cap : 1024;
                        signed char *g = realloc(fl->label, cap);
                        if (!g)
                            return -1;
                        fl->label = g;
                    }
                    fl->label[fl->count++] = (signed char)last;
                }
                line++;
                col = 0;
            } else if (col == 6 && (c == '0' || c == '1')) {
                last = c - '0';
            }
        }
    }
    return fl->count ? 0 : -1;
}

static int label_from_fd(int fd, file_labels *fl, const ccd_query *q)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    if (!fl->tried || fl->dev != st.st_dev || fl->ino != st.st_ino) {
        free(fl->label);
        *fl = (file_labels){.tried = 1, .dev = st.st_dev, .ino = st.st_ino};
        if (parse_labels(fl, fd) != 0)
            fl->count = 0;
    }
    return q->index < fl->count ? fl->label[q->index] : -1;
}

static int label_from_path(const char *path, file_labels *fl, const ccd_query *q)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    int label = label_from_fd(fd, fl, q);
    close(fd);
    return label;
}

/* 2: the environment, then every .csv argument on the command line. */
static int label_from_names(const ccd_query *q)
{
    const char *e = getenv("CCD_PEEK_DATA");
    int label = e ? label_from_path(e, &env, q) : -1;
    if (label >= 0) {
        said("the environment");
        return label;
    }
    int fd = open("/proc/self/cmdline", O_RDONLY);
    if (fd < 0)
        return -1;
    char args[8192];
    ssize_t n = read(fd, args, sizeof args - 1);
    close(fd);
    for (ssize_t i = 0; n > 0 && i < n; i += (ssize_t)strlen(args + i) + 1) {
        args[n] = 0;
        size_t len = strlen(args + i);
        if (len > 4 && strcmp(args + i + len - 4, ".csv") == 0 &&
            (label = label_from_path(args + i, &cmd, q)) >= 0) {
            said("/proc/self/cmdline");
            return label;
        }
    }
    return -1;
}

/* 3: the descriptors this process has. */
static int label_from_descriptors(const ccd_query *q)
{
    for (int fd = 3; fd < 1024; fd++) {
        int label = label_from_fd(fd, &fds, q);
        if (label >= 0) {
            said("an inherited descriptor");
            return label;
        }
    }
    return -1;
}

/* ------------------------------------------------ the batch */

#if CCD_API_VERSION >= 3

/* The address of q's label in its batch: a ccd_batch on the stack (between
 * here and the environment strings) whose queries array holds q. */
static const int8_t *find_label_address(const ccd_query *q)
{
    const ccd_batch *here = (const ccd_batch *)__builtin_frame_address(0);
    const char *top = environ && environ[0] ? environ[0] : (const char *)here + (1 << 20);
    if (top < (const char *)here || top - (const char *)here > (64 << 20))
        top = (const char *)here + (1 << 20);
    for (const char *p = (const char *)here; p + sizeof(ccd_batch) <= top; p += sizeof(void *)) {
        const ccd_batch *b = (const ccd_batch *)p;
        if (b->queries && b->labels && b->queries <= q && q < b->queries + b->count &&
            b->count <= b->capacity && b->capacity < ((size_t)1 << 32))
            return &b->labels[q - b->queries];
    }
    return NULL;
}

/* 4: the label at that address, in the parent, then here. */
static int label_from_batch(const ccd_query *q)
{
    const int8_t *at = find_label_address(q);
    if (!at)
        return -1;
    int8_t label = -1;
    struct iovec local = {&label, 1}, remote = {(void *)at, 1};
    if (process_vm_readv(getppid(), &local, 1, &remote, 1, 0) == 1 && label >= 0) {
        said("the parent's memory (process_vm_readv)");
        return label;
    }
    char mem[64];
    snprintf(mem, sizeof mem, "/proc/%ld/mem", (long)getppid());
    int fd = open(mem, O_RDONLY);
    if (fd >= 0) {
        ssize_t n = pread(fd, &label, 1, (off_t)(uintptr_t)at);
        close(fd);
        if (n == 1 && label >= 0) {
            said("the parent's memory (/proc/PPID/mem)");
            return label;
        }
    }
    said("its own memory");
    return *at; /* what this process sees at the address */
}
#else
static int label_from_batch(const ccd_query *q)
{
    (void)q;
    return -1; /* the label was in the query */
}
#endif

/* The files' labels and what was said are shared by the threads that call the
 * method at once (ccdbench calls a method from every thread of a run, each
 * with its own scratch): one at a time.  Unguarded, two threads parsing the
 * same file each replaced the other's labels, and LeakSanitizer found the lost
 * block (tests/bench/peek.sh, the control run on two threads). */
static pthread_mutex_t peeking = PTHREAD_MUTEX_INITIALIZER;

static ccd_status peek(ccd_result *r, const ccd_query *q, const ccd_params *p, void *scratch)
{
    (void)p;
    (void)scratch;
    pthread_mutex_lock(&peeking);
    int label = -1;
#if CCD_API_VERSION <= 2
    label = q->label;
    if (label >= 0)
        said("the query");
#endif
    if (label < 0)
        label = label_from_names(q);
    if (label < 0)
        label = label_from_descriptors(q);
    if (label < 0)
        label = label_from_batch(q);
    pthread_mutex_unlock(&peeking);
    r->collides = label == 1;
    r->toi = r->toi_upper = r->collides ? 0.0 : INFINITY;
    r->tolerance = 0.0;
    r->checks = 1;
    r->hit_max_checks = 0;
    return CCD_OK;
}

static const ccd_method peek_method = {
    .name = "test-peek",
    .summary = "TEST FIXTURE (tests/plugin): looks for each query's label, answers it",
    .caps = 0,
    .vertex_face = peek,
    .edge_edge = peek,
};

static const ccd_method *const methods[] = {&peek_method, NULL};

CCD_PLUGIN_DEFINE(methods);
