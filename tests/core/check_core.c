/* SPDX-License-Identifier: MIT */
/* Check suite of src/core: the invariant macro (fires and aborts with one
 * message when assertions are on, evaluates nothing when off), the monotonic
 * clock, the CSV line of a query, the out-of-memory error and the JSON
 * emitter. */
#include <config.h>

#include <check.h>
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/assert.h"
#include "core/text_line.h"
#include "core/atomic_file.h"
#include "core/clock.h"
#include "core/error.h"
#include "core/hidden_memory.h"
#include "core/json_out.h"
#include "core/team.h"
#include "core/query_line.h"

static int evaluations;

static int counted(int value)
{
    evaluations++;
    return value;
}

#ifdef CCD_ASSERTIONS
/* A false invariant, in a child whose stderr is a pipe: the child dies of
 * SIGABRT and has said which invariant, where. */
START_TEST(test_assert_fires_when_on)
{
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], STDERR_FILENO);
        CCD_ASSERT(counted(1) + 1 == 3);
        _exit(0); /* reached only when the macro did not fire */
    }
    close(fds[1]);
    char msg[512] = {0};
    size_t n = 0;
    ssize_t got;
    while (n < sizeof msg - 1 && (got = read(fds[0], msg + n, sizeof msg - 1 - n)) > 0)
        n += (size_t)got;
    close(fds[0]);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
                  "the child was not aborted (status %d)", status);
    ck_assert_ptr_nonnull(strstr(msg, "check_core.c:"));
    ck_assert_ptr_nonnull(strstr(msg, "invariant failed: counted(1) + 1 == 3"));
}
END_TEST

START_TEST(test_assert_true_evaluates_once)
{
    evaluations = 0;
    CCD_ASSERT(counted(2) == 2);
    ck_assert_int_eq(evaluations, 1);
}
END_TEST
#else
/* A release build: the condition is not even evaluated. */
START_TEST(test_assert_compiled_out_when_off)
{
    evaluations = 0;
    CCD_ASSERT(counted(0) == 1);
    ck_assert_int_eq(evaluations, 0);
}
END_TEST
#endif

/* ---------------------------------------------------------------- clock */

START_TEST(test_clock_monotonic)
{
    uint64_t prev = ccd_clock_ns();
    for (int i = 0; i < 1000; i++) {
        uint64_t now = ccd_clock_ns();
        ck_assert_uint_ge(now, prev);
        prev = now;
    }
    const double s0 = ccd_clock_seconds();
    ck_assert(ccd_clock_seconds() >= s0);
}
END_TEST

/* ----------------------------------------------------------- query line */

START_TEST(test_query_line)
{
    ccd_query q = {0};
    ck_assert_uint_eq(ccd_query_line(&q, 0), 1);
    ck_assert_uint_eq(ccd_query_line(&q, CCD_QUERY_ROWS - 1), 8);
    q.index = 2;
    ck_assert_uint_eq(ccd_query_line(&q, 0), 17);
    ck_assert_uint_eq(ccd_query_line(&q, 3), 20);
}
END_TEST

/* ---------------------------------------------------------------- errors */

START_TEST(test_out_of_memory_message)
{
    ccd_error err = {0};
    ck_assert_int_eq(ccd_error_oom(&err, "a.csv"), CCD_ERR_INTERNAL);
    ck_assert_int_eq(err.status, CCD_ERR_INTERNAL);
    ck_assert_str_eq(err.message, "a.csv: out of memory");
    ck_assert_int_eq(ccd_error_oom(NULL, "a.csv"), CCD_ERR_INTERNAL);
}
END_TEST

/* ------------------------------------------------------------ JSON emitter */

static char *emitted(void (*emit)(FILE *, const char *), const char *arg)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    emit(out, arg);
    fclose(out);
    return buf;
}

static void emit_double(FILE *out, const char *arg)
{
    ccd_json_write_double(out, strtod(arg, NULL));
}

static void expect_emitted(void (*emit)(FILE *, const char *), const char *arg, const char *want)
{
    char *got = emitted(emit, arg);
    ck_assert_msg(strcmp(got, want) == 0, "'%s' gave '%s', want '%s'", arg, got, want);
    free(got);
}

START_TEST(test_json_emitter)
{
    expect_emitted(ccd_json_write_string, "a\"b\\c\n\x01\xc3\xa9", "\"a\\\"b\\\\c\\u000a\\u0001\xc3\xa9\"");
    /* bytes that are not UTF-8 (a Latin-1 name, a lone continuation byte, an
     * overlong form, a surrogate, a cut sequence) as lone low surrogates
     * \udc80..\udcff, which the reader turns back into the bytes; every
     * well-formed sequence verbatim, up to U+10FFFF */
    expect_emitted(ccd_json_write_string, "caf\xe9.csv", "\"caf\\udce9.csv\"");
    expect_emitted(ccd_json_write_string, "\x80\xc0\xaf\xed\xa0\x80\xe2\x82",
                   "\"\\udc80\\udcc0\\udcaf\\udced\\udca0\\udc80\\udce2\\udc82\"");
    expect_emitted(ccd_json_write_string, "\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf",
                   "\"\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf\"");
    expect_emitted(ccd_json_write_string, "\xf4\x90\x80\x80", "\"\\udcf4\\udc90\\udc80\\udc80\"");
    expect_emitted(emit_double, "0.1", "0.10000000000000001");
    expect_emitted(emit_double, "-inf", "null");
    expect_emitted(emit_double, "nan", "null");
    expect_emitted(ccd_json_write_number_text, "1.5e-3", "1.5e-3");
    expect_emitted(ccd_json_write_number_text, "", "null");
    expect_emitted(ccd_json_write_number_text, "inf", "null");
    expect_emitted(ccd_json_write_number_text, "-", "null");
    expect_emitted(ccd_json_write_number_text, "12 µs", "null");
}
END_TEST

START_TEST(test_atomic_file)
{
    char dir[] = "/tmp/ccd-atomic-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    ccd_atomic_file f;
    ccd_error err;
    ck_assert_int_eq(ccd_atomic_file_open(&f, &err, path), CCD_OK);
    fputs("half", f.stream);
    ck_assert_int_ne(access(path, F_OK), 0); /* nothing at the target while writing */
    ccd_atomic_file_abort(&f);
    ck_assert_int_ne(access(path, F_OK), 0);
    ck_assert_int_eq(ccd_atomic_file_open(&f, &err, path), CCD_OK);
    fputs("whole\n", f.stream);
    ck_assert_int_eq(ccd_atomic_file_commit(&f, &err), CCD_OK);
    FILE *in = fopen(path, "r");
    char line[16] = "";
    ck_assert_ptr_nonnull(fgets(line, sizeof line, in));
    fclose(in);
    ck_assert_str_eq(line, "whole\n");
    /* unsynced (a cache): replaced whole the same, no temporary left */
    ck_assert_int_eq(ccd_atomic_file_open(&f, &err, path), CCD_OK);
    fputs("again\n", f.stream);
    ck_assert_int_eq(ccd_atomic_file_commit_unsynced(&f, &err), CCD_OK);
    in = fopen(path, "r");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, in));
    fclose(in);
    ck_assert_str_eq(line, "again\n");
    /* unsynced through a link (the old file removed first, then renamed over):
     * the link stays a link, its target is replaced and keeps its mode */
    char link_path[256];
    snprintf(link_path, sizeof link_path, "%s/link.txt", dir);
    ck_assert_int_eq(symlink("out.txt", link_path), 0);
    ck_assert_int_eq(chmod(path, 0640), 0);
    ck_assert_int_eq(ccd_atomic_file_open(&f, &err, link_path), CCD_OK);
    fputs("linked\n", f.stream);
    ck_assert_int_eq(ccd_atomic_file_commit_unsynced(&f, &err), CCD_OK);
    struct stat lst, tst;
    ck_assert_int_eq(lstat(link_path, &lst), 0);
    ck_assert(S_ISLNK(lst.st_mode));
    ck_assert_int_eq(stat(path, &tst), 0);
    ck_assert(S_ISREG(tst.st_mode));
    ck_assert_int_eq(tst.st_mode & 07777, 0640);
    in = fopen(path, "r");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, in));
    fclose(in);
    ck_assert_str_eq(line, "linked\n");
    unlink(link_path);
    unlink(path);
    ck_assert_int_eq(rmdir(dir), 0); /* no temporary left behind */
    /* A directory that does not exist: an input error naming the path. */
    ck_assert_int_eq(ccd_atomic_file_open(&f, &err, "/nonexistent/dir/out.txt"), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "/nonexistent/dir/out.txt: cannot create"));
}
END_TEST

/* ccd_text_line_read: lines as fgets gives them, and what fgets cannot tell apart:
 * a NUL byte (with its column) and a line longer than the buffer. */
START_TEST(test_text_line)
{
    static const char data[] = "ab\n\ncd\nx\0y\n";
    FILE *f = fmemopen((void *)data, sizeof data - 1, "r");
    ck_assert_ptr_nonnull(f);
    char buf[8];
    size_t column = 0;
    ck_assert_int_eq(ccd_text_line_read(buf, sizeof buf, &column, f), CCD_TEXT_LINE);
    ck_assert_str_eq(buf, "ab\n");
    ck_assert_int_eq(ccd_text_line_read(buf, sizeof buf, &column, f), CCD_TEXT_LINE);
    ck_assert_str_eq(buf, "\n");
    ck_assert_int_eq(ccd_text_line_read(buf, sizeof buf, &column, f), CCD_TEXT_LINE);
    ck_assert_str_eq(buf, "cd\n");
    ck_assert_int_eq(ccd_text_line_read(buf, sizeof buf, &column, f), CCD_TEXT_NUL);
    ck_assert_uint_eq(column, 2);
    fclose(f);
    /* 6 characters and the newline fill 8 bytes; 7 do not; a last line without '\n' */
    static const char fit[] = "123456\n1234567\n";
    f = fmemopen((void *)fit, sizeof fit - 1, "r");
    ck_assert_int_eq(ccd_text_line_read(buf, sizeof buf, &column, f), CCD_TEXT_LINE);
    ck_assert_str_eq(buf, "123456\n");
    ck_assert_int_eq(ccd_text_line_read(buf, sizeof buf, &column, f), CCD_TEXT_TOO_LONG);
    fclose(f);
    static const char last[] = "end";
    f = fmemopen((void *)last, sizeof last - 1, "r");
    ck_assert_int_eq(ccd_text_line_read(buf, sizeof buf, &column, f), CCD_TEXT_LINE);
    ck_assert_str_eq(buf, "end");
    ck_assert_int_eq(ccd_text_line_read(buf, sizeof buf, &column, f), CCD_TEXT_END);
    fclose(f);
}
END_TEST

/* An error message is one line: control characters of quoted input or a path are
 * escaped (a shape string with a newline printed a message in two lines). */
START_TEST(test_error_message_is_one_line)
{
    ccd_error err;
    ck_assert_int_eq(ccd_error_set(&err, CCD_ERR_INPUT, "A", 0, 0, "bad value '%s'", "2:2\n3\t\x01"),
                     CCD_ERR_INPUT);
    ck_assert_str_eq(err.message, "A: bad value '2:2\\n3\\t\\x01'");
    ccd_error_set(&err, CCD_ERR_INPUT, "dir\r/f.csv", 2, 3, "what");
    ck_assert_str_eq(err.message, "dir\\r/f.csv:2:3: what");
    /* at the buffer's end an escape is cut whole, never half */
    char big[2000];
    memset(big, 'x', sizeof big);
    big[1016] = '\n';
    big[sizeof big - 1] = '\0';
    ccd_error_set(&err, CCD_ERR_INPUT, "p", 0, 0, "%s", big);
    ck_assert_ptr_null(strchr(err.message, '\n'));
    ck_assert_uint_lt(strlen(err.message), sizeof err.message);
    const size_t n = strlen(err.message);
    ck_assert(n < 2 || err.message[n - 1] != '\\');
}
END_TEST

/* Hidden memory: zeroed when given, zeros in a forked child, and a block freed
 * is given again (zeroed) to the next allocation of its size, still hidden: the
 * cache that spares the reading a mapping per file (src/core/hidden_memory.c). */
static int child_sees_zeros(const unsigned char *p, size_t n)
{
    fflush(NULL);
    const pid_t pid = fork();
    if (pid == 0) {
        for (size_t i = 0; i < n; i++)
            if (p[i] != 0)
                _exit(1);
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static int all_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != 0)
            return 0;
    return 1;
}

START_TEST(test_hidden_memory)
{
    const size_t sizes[] = {1, 4096, 65536, 262144, 262145, (size_t)4 << 20};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        const size_t n = sizes[k];
        unsigned char *p = ccd_hidden_alloc(n);
        ck_assert_ptr_nonnull(p);
        ck_assert(all_zero(p, n));
        memset(p, 0xab, n);
        ck_assert(child_sees_zeros(p, n));
        ccd_hidden_free(p, n);
        unsigned char *q = ccd_hidden_alloc(n);
        ck_assert_ptr_nonnull(q);
        if (n <= 262144) /* kept and given again */
            ck_assert_ptr_eq(q, p);
        ck_assert_msg(all_zero(q, n), "a block of %zu bytes given again is not zeroed", n);
        memset(q, 0xcd, n);
        ck_assert(child_sees_zeros(q, n));
        ccd_hidden_free(q, n);
    }
    /* more blocks freed than the cache keeps: the rest are unmapped, and the
     * blocks given again are distinct and zeroed */
    enum { MANY = 20 };
    unsigned char *blocks[MANY];
    for (int i = 0; i < MANY; i++) {
        blocks[i] = ccd_hidden_alloc(65536);
        ck_assert_ptr_nonnull(blocks[i]);
        memset(blocks[i], i + 1, 65536);
    }
    for (int i = 0; i < MANY; i++)
        ccd_hidden_free(blocks[i], 65536);
    for (int i = 0; i < MANY; i++) {
        blocks[i] = ccd_hidden_alloc(65536);
        ck_assert(all_zero(blocks[i], 65536));
        for (int j = 0; j < i; j++)
            ck_assert_ptr_ne(blocks[i], blocks[j]);
    }
    for (int i = 0; i < MANY; i++)
        ccd_hidden_free(blocks[i], 65536);
    ccd_hidden_free(NULL, 10); /* nothing */
}
END_TEST

/* A team runs body once for each t, t = 0 on the caller, all done on return. */
typedef struct team_probe {
    pthread_t caller;
    _Atomic int runs[9];
    _Atomic int caller_was_zero;
} team_probe;

static void team_body(void *ctx, int t)
{
    team_probe *p = ctx;
    ck_assert_int_ge(t, 0);
    ck_assert_int_lt(t, 9);
    p->runs[t]++;
    if (pthread_equal(pthread_self(), p->caller))
        p->caller_was_zero += t == 0 ? 1 : 100;
    struct timespec nap = {0, 1000000}; /* 1 ms: the others overlap it */
    nanosleep(&nap, NULL);
}

START_TEST(test_team)
{
    for (int threads = 1; threads <= 9; threads += 4) {
        team_probe p = {.caller = pthread_self()};
        ck_assert_int_eq(ccd_team_run(threads, team_body, &p), threads);
        for (int t = 0; t < 9; t++)
            ck_assert_int_eq(p.runs[t], t < threads);
        ck_assert_int_eq(p.caller_was_zero, 1);
    }
}
END_TEST

/* A team's threads bound one to a CPU of the caller's mask when it has one
 * thread a CPU, the caller given its mask back; not bound when it has more,
 * or fewer (on machines of three CPUs or more: on two, one thread fewer is
 * one thread), or with OMP_PROC_BIND=false.  Run with OMP_PROC_BIND set
 * (tests/core/team-places.sh), the OpenMP runtime bound this thread to a
 * place before main: the team's threads take the places in turn. */
typedef struct bind_probe {
    cpu_set_t mask[64];
} bind_probe;

static void bind_body(void *ctx, int t)
{
    bind_probe *p = ctx;
    ck_assert_int_lt(t, 64);
    ck_assert_int_eq(pthread_getaffinity_np(pthread_self(), sizeof p->mask[t], &p->mask[t]), 0);
}

/* The CPUs of OpenMP place `place`. */
static cpu_set_t place_cpus(int place)
{
    int ids[CPU_SETSIZE];
    cpu_set_t set;
    CPU_ZERO(&set);
    omp_get_place_proc_ids(place, ids);
    for (int k = 0; k < omp_get_place_num_procs(place); k++)
        CPU_SET(ids[k], &set);
    return set;
}

START_TEST(test_team_bound)
{
    cpu_set_t before, after;
    ck_assert_int_eq(pthread_getaffinity_np(pthread_self(), sizeof before, &before), 0);
    static bind_probe p;
    static cpu_set_t planned[64];
    if (getenv("OMP_PROC_BIND") && ccd_team_binds()) { /* bound to places before main */
        const int places = omp_get_num_places(), here = omp_get_place_num();
        ck_assert_int_ge(here, 0);
        if (places < 2)
            return; /* one place: nothing to bind to */
        cpu_set_t mine = place_cpus(here);
        ck_assert(CPU_EQUAL(&before, &mine));
        const int threads = places + 1; /* one place taken twice */
        ck_assert_int_eq(ccd_team_masks(planned, threads), 1);
        ck_assert_int_eq(ccd_team_run(threads, bind_body, &p), threads);
        for (int t = 0; t < threads; t++) {
            cpu_set_t want = place_cpus((here + t) % places);
            ck_assert(CPU_EQUAL(&p.mask[t], &want));
            ck_assert(CPU_EQUAL(&planned[t], &want));
        }
        ck_assert_int_eq(pthread_getaffinity_np(pthread_self(), sizeof after, &after), 0);
        ck_assert(CPU_EQUAL(&before, &after));
        return;
    }
    const int cpus = CPU_COUNT(&before);
    const char *was = getenv("OMP_PROC_BIND");
    char *saved = was ? strdup(was) : NULL;
    unsetenv("OMP_PROC_BIND");
    ck_assert(ccd_team_binds());
    if (cpus >= 2 && cpus <= 64) { /* a thread a CPU: each on its own, the caller on its own */
        const int threads = cpus;
        ck_assert_int_eq(ccd_team_masks(planned, threads), 1);
        ck_assert_int_eq(ccd_team_run(threads, bind_body, &p), threads);
        for (int t = 0; t < threads; t++) {
            ck_assert_int_eq(CPU_COUNT(&p.mask[t]), 1);
            ck_assert(CPU_EQUAL(&p.mask[t], &planned[t]));
            cpu_set_t both;
            CPU_AND(&both, &planned[t], &before);
            ck_assert_int_eq(CPU_COUNT(&both), 1);
            for (int u = 0; u < t; u++)
                ck_assert(!CPU_EQUAL(&planned[t], &planned[u]));
        }
        ck_assert_int_eq(pthread_getaffinity_np(pthread_self(), sizeof after, &after), 0);
        ck_assert(CPU_EQUAL(&before, &after));
    }
    /* more threads than CPUs, fewer (but one), one, or OMP_PROC_BIND=false:
     * as they were */
    const int sizes[2] = {cpus + 1 < 64 ? cpus + 1 : 64, cpus - 1};
    for (int k = 0; k < 2; k++) {
        if (sizes[k] < 2)
            continue;
        ck_assert_int_eq(ccd_team_masks(planned, sizes[k]), 0);
        ck_assert_int_eq(ccd_team_run(sizes[k], bind_body, &p), sizes[k]);
        for (int t = 0; t < sizes[k]; t++)
            ck_assert(CPU_EQUAL(&p.mask[t], &before));
    }
    ck_assert_int_eq(ccd_team_masks(planned, 1), 0);
    setenv("OMP_PROC_BIND", "FALSE", 1);
    ck_assert(!ccd_team_binds());
    ck_assert_int_eq(ccd_team_masks(planned, 2), 0);
    ck_assert_int_eq(ccd_team_run(2, bind_body, &p), 2);
    for (int t = 0; t < 2; t++)
        ck_assert(CPU_EQUAL(&p.mask[t], &before));
    if (saved)
        setenv("OMP_PROC_BIND", saved, 1);
    else
        unsetenv("OMP_PROC_BIND");
    free(saved);
    ck_assert_int_eq(pthread_getaffinity_np(pthread_self(), sizeof after, &after), 0);
    ck_assert(CPU_EQUAL(&before, &after));
}
END_TEST

static Suite *core_suite(void)
{
    Suite *s = suite_create("core");
    TCase *as = tcase_create("assert");
#ifdef CCD_ASSERTIONS
    tcase_add_test(as, test_assert_fires_when_on);
    tcase_add_test(as, test_assert_true_evaluates_once);
#else
    tcase_add_test(as, test_assert_compiled_out_when_off);
#endif
    suite_add_tcase(s, as);
    TCase *misc = tcase_create("helpers");
    tcase_add_test(misc, test_clock_monotonic);
    tcase_add_test(misc, test_query_line);
    tcase_add_test(misc, test_out_of_memory_message);
    tcase_add_test(misc, test_json_emitter);
    tcase_add_test(misc, test_atomic_file);
    tcase_add_test(misc, test_text_line);
    tcase_add_test(misc, test_error_message_is_one_line);
    tcase_add_test(misc, test_hidden_memory);
    tcase_add_test(misc, test_team);
    tcase_add_test(misc, test_team_bound);
    suite_add_tcase(s, misc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(core_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
