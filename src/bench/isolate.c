/* SPDX-License-Identifier: MIT */
/* Methods run in child processes, one batch at a time (isolate.h). */
#include <config.h>

#include "bench/isolate.h"
#include "bench/confine.h"
#include "bench/cpu_span.h"
#include "core/error.h"
#include "core/clock.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { TASK_TODO = 0, TASK_RUNNING = 1, TASK_DONE = 2 };

/* In shared memory: one (query, isolated method) task. */
typedef struct task_slot {
    _Atomic int state;
    ccd_query_outcome outcome;
} task_slot;

/* In shared memory: what a child works on and since when.  The child stores
 * started_ns before task, so a parent that sees the task sees its start too. */
typedef struct watch_slot {
    _Atomic uint64_t started_ns;
    _Atomic uint64_t task;
} watch_slot;

/* A child as the parent sees it: it runs tasks [next, end) (pid 0: none). */
typedef struct child {
    pid_t pid;
    size_t next, end;
} child;

struct ccd_isolate {
    const ccd_method *const *methods;
    size_t method_count;
    size_t *iso;        /* indexes of the isolated methods */
    size_t iso_count;
    size_t capacity;    /* queries per batch */
    int children;
    uint64_t timeout_ns; /* 0: none */
    void *map;
    size_t map_size;
    task_slot *tasks;   /* shared: capacity × iso_count */
    watch_slot *watch;  /* shared: one per child */
    child *kids;
    size_t *query_of;   /* per run query k of the batch: its index in the batch */
    ccd_query_outcome *outcomes; /* capacity × method_count, for ccd_isolate_outcome */
    /* The batch being run (for the children). */
    const ccd_query *queries;
    const ccd_params *params;
};

ccd_status ccd_isolate_new(ccd_isolate **out, ccd_error *err, const ccd_method *const *methods,
                           size_t method_count, const unsigned char *isolated,
                           size_t capacity, int children, double timeout_s)
{
    *out = NULL;
    ccd_isolate *iso = calloc(1, sizeof *iso);
    if (!iso)
        return ccd_error_oom(err, "ccdbench");
    iso->methods = methods;
    iso->method_count = method_count;
    iso->capacity = capacity;
    iso->children = children > 0 ? children : 1;
    iso->timeout_ns = timeout_s > 0 ? (uint64_t)(timeout_s * 1e9) : 0;
    iso->iso = calloc(method_count + 1, sizeof *iso->iso);
    iso->kids = calloc((size_t)iso->children, sizeof *iso->kids);
    iso->query_of = calloc(capacity + 1, sizeof *iso->query_of);
    iso->outcomes = calloc(capacity * method_count + 1, sizeof *iso->outcomes);
    if (!iso->iso || !iso->kids || !iso->query_of || !iso->outcomes) {
        ccd_isolate_free(iso);
        return ccd_error_oom(err, "ccdbench");
    }
    for (size_t m = 0; m < method_count; m++)
        if (isolated[m])
            iso->iso[iso->iso_count++] = m;
    size_t tasks = capacity * iso->iso_count + 1;
    iso->map_size = tasks * sizeof(task_slot) + (size_t)iso->children * sizeof(watch_slot);
    iso->map = mmap(NULL, iso->map_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1,
                    0);
    if (iso->map == MAP_FAILED) {
        int e = errno;
        iso->map = NULL;
        ccd_isolate_free(iso);
        return ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                             "cannot map memory shared with the plugin processes: %s",
                             strerror(e));
    }
    iso->tasks = iso->map;
    iso->watch = (watch_slot *)(iso->tasks + tasks);
    *out = iso;
    return CCD_OK;
}

void ccd_isolate_free(ccd_isolate *iso)
{
    if (!iso)
        return;
    if (iso->map)
        munmap(iso->map, iso->map_size);
    free(iso->iso);
    free(iso->kids);
    free(iso->query_of);
    free(iso->outcomes);
    free(iso);
}

/* ------------------------------------------------------------------ the child */

#if defined(__GLIBC__)
/* A plugin calling exit() ends the child here, with its status: the handlers the
 * parent registered with atexit (removing its temporary files, the leak check of
 * a sanitizer build) are not the child's to run. */
static void exit_at_once(int status, void *arg)
{
    (void)arg;
    _exit(status);
}
#endif

/* Run tasks [from, to) and exit.  Only _exit: the parent's atexit handlers and
 * stdio buffers are not the child's to run or flush. */
static void child_main(ccd_isolate *iso, size_t k, size_t from, size_t to)
{
#if defined(__GLIBC__)
    on_exit(exit_at_once, NULL); /* registered last, so it runs first */
#endif
    /* Interrupts are the parent's to handle; the child just dies with them.  So
     * with a crash: a handler inherited from the parent (a sanitizer's, say) would
     * turn the signal into an exit status or a hang, and the parent names the signal. */
    static const int deadly[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGSEGV,
                                 SIGBUS, SIGFPE,  SIGILL, SIGABRT};
    for (size_t i = 0; i < sizeof deadly / sizeof deadly[0]; i++)
        signal(deadly[i], SIG_DFL);
    /* The methods get their queries and nothing else: no label (hidden memory),
     * no data file, no other process (confine.h). */
    ccd_confine_child();
    void **scratch = calloc(iso->iso_count + 1, sizeof *scratch);
    if (!scratch)
        _exit(127);
    /* Runs of tasks of one method are timed as spans of on-CPU time (cpu_span.h):
     * all of the child's tasks with one isolated method, one task each with
     * several (their tasks alternate).  A span's shares are written when it
     * ends, so the tasks of a span cut short by a crash or a time-out keep
     * cpu_ns 0 (the gate fails on such a query anyway). */
    ccd_cpu_span span;
    size_t span_from = from;
    ccd_cpu_span_begin(&span);
    for (size_t t = from; t < to; t++) {
        size_t j = t % iso->iso_count;
        const ccd_method *m = iso->methods[iso->iso[j]];
        const ccd_query *q = &iso->queries[iso->query_of[t / iso->iso_count]];
        task_slot *slot = &iso->tasks[t];
        atomic_store(&iso->watch[k].started_ns, ccd_clock_ns());
        atomic_store(&iso->watch[k].task, (uint64_t)t);
        atomic_store(&slot->state, TASK_RUNNING);
        ccd_query_outcome *o = &slot->outcome;
        memset(o, 0, sizeof *o);
        o->result.toi = o->result.toi_upper = INFINITY;
        o->toi_order = CCD_TOI_NOT_COMPARED;
        if (!scratch[j] && m->scratch_new && !(scratch[j] = m->scratch_new())) {
            o->failure = CCD_FAILURE_STATUS;
            o->failure_detail = CCD_ERR_INTERNAL;
        } else {
            uint64_t start = ccd_clock_ns();
            ccd_status st = ccd_method_run(&o->result, m, q, &iso->params[iso->iso[j]], scratch[j]);
            o->time_ns = ccd_clock_ns() - start;
            if (st != CCD_OK) {
                o->failure = CCD_FAILURE_STATUS;
                o->failure_detail = (int)st;
            }
        }
        ccd_cpu_span_add(&span, o->time_ns);
        if (iso->iso_count > 1 || t + 1 == to || span.calls == 1024) {
            ccd_cpu_span_end(&span);
            size_t seen = 0;
            for (size_t u = span_from; u <= t; u++)
                iso->tasks[u].outcome.cpu_ns =
                    ccd_cpu_span_share(&span, &seen, iso->tasks[u].outcome.time_ns);
            span_from = t + 1;
            ccd_cpu_span_begin(&span);
        }
        atomic_store(&slot->state, TASK_DONE);
    }
    for (size_t j = 0; j < iso->iso_count; j++)
        if (scratch[j] && iso->methods[iso->iso[j]]->scratch_free)
            iso->methods[iso->iso[j]]->scratch_free(scratch[j]);
    free(scratch);
    _exit(0);
}

/* ------------------------------------------------------------------ the parent */

static void kill_all(ccd_isolate *iso)
{
    for (int k = 0; k < iso->children; k++)
        if (iso->kids[k].pid > 0) {
            kill(iso->kids[k].pid, SIGKILL);
            waitpid(iso->kids[k].pid, NULL, 0);
            iso->kids[k].pid = 0;
        }
}

/* Start child k on its tasks [next, end), or mark it finished when none are left. */
static ccd_status spawn(ccd_isolate *iso, ccd_error *err, int k)
{
    child *c = &iso->kids[k];
    c->pid = 0;
    if (c->next >= c->end)
        return CCD_OK;
    atomic_store(&iso->watch[k].task, (uint64_t)c->next);
    atomic_store(&iso->watch[k].started_ns, ccd_clock_ns());
    fflush(NULL); /* nothing buffered may be written twice if a plugin calls exit */
    pid_t pid = fork();
    if (pid < 0)
        return ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                             "cannot start a process for the plugin methods: %s",
                             strerror(errno));
    if (pid == 0)
        child_main(iso, (size_t)k, c->next, c->end);
    c->pid = pid;
    return CCD_OK;
}

/* The first task of child k not done: the one it was on when it stopped. */
static size_t unfinished(const ccd_isolate *iso, int k)
{
    const child *c = &iso->kids[k];
    size_t t = c->next;
    while (t < c->end && atomic_load(&iso->tasks[t].state) == TASK_DONE)
        t++;
    return t;
}

/* Child k stopped with wait status `status`, or was killed for its time limit
 * (timed_out, on task `late`): fail the task it stopped on and go on after it. */
static ccd_status stopped(ccd_isolate *iso, ccd_error *err, int k, int status, int timed_out,
                          size_t late)
{
    child *c = &iso->kids[k];
    size_t t = unfinished(iso, k);
    c->pid = 0;
    if (t >= c->end)
        return CCD_OK; /* all done (an exit after the last task is no task's failure) */
    c->next = t;
    if (timed_out && t != late)
        return spawn(iso, err, k); /* it finished the late task as it was killed: rerun t */
    ccd_query_outcome *o = &iso->tasks[t].outcome;
    memset(o, 0, sizeof *o);
    o->result.toi = o->result.toi_upper = INFINITY;
    o->toi_order = CCD_TOI_NOT_COMPARED;
    if (timed_out) {
        o->failure = CCD_FAILURE_TIMEOUT;
        o->failure_detail = (int)(iso->timeout_ns / 1000000u);
        o->time_ns = iso->timeout_ns;
    } else if (WIFSIGNALED(status)) {
        o->failure = CCD_FAILURE_SIGNAL;
        o->failure_detail = WTERMSIG(status);
    } else {
        o->failure = CCD_FAILURE_EXIT;
        o->failure_detail = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    atomic_store(&iso->tasks[t].state, TASK_DONE);
    c->next = t + 1;
    return spawn(iso, err, k);
}

/* Kill child k when its current task has run past the time limit. */
static ccd_status check_time(ccd_isolate *iso, ccd_error *err, int k, uint64_t now)
{
    if (!iso->timeout_ns)
        return CCD_OK;
    size_t t = (size_t)atomic_load(&iso->watch[k].task);
    if (atomic_load(&iso->tasks[t].state) != TASK_RUNNING)
        return CCD_OK;
    uint64_t started = atomic_load(&iso->watch[k].started_ns);
    if (now < started || now - started <= iso->timeout_ns)
        return CCD_OK;
    int status;
    kill(iso->kids[k].pid, SIGKILL);
    waitpid(iso->kids[k].pid, &status, 0);
    return stopped(iso, err, k, status, 1, t);
}

ccd_status ccd_isolate_run(ccd_isolate *iso, ccd_error *err, const ccd_query *queries,
                           size_t count, const unsigned char *run, const ccd_params *p)
{
    if (iso->iso_count == 0)
        return CCD_OK;
    size_t n = 0;
    for (size_t i = 0; i < count && i < iso->capacity; i++)
        if (run[i])
            iso->query_of[n++] = i;
    size_t tasks = n * iso->iso_count;
    if (tasks == 0)
        return CCD_OK;
    iso->queries = queries;
    iso->params = p;
    for (size_t t = 0; t < tasks; t++)
        atomic_store(&iso->tasks[t].state, TASK_TODO);
    /* Contiguous shares: task t always lands in slot t, whatever the share. */
    size_t kids = (size_t)iso->children < tasks ? (size_t)iso->children : tasks;
    ccd_status st = CCD_OK;
    for (size_t k = 0; k < kids && st == CCD_OK; k++) {
        iso->kids[k].next = tasks * k / kids;
        iso->kids[k].end = tasks * (k + 1) / kids;
        st = spawn(iso, err, (int)k);
    }
    /* Poll: soon after the start (short batches end in microseconds), then less
     * often (a slow plugin should not share its core with a busy parent). */
    long pause_ns = 20000;
    for (int alive = 1; alive && st == CCD_OK;) {
        alive = 0;
        uint64_t now = ccd_clock_ns();
        for (size_t k = 0; k < kids && st == CCD_OK; k++) {
            if (iso->kids[k].pid <= 0)
                continue;
            int status;
            pid_t r = waitpid(iso->kids[k].pid, &status, WNOHANG);
            if (r == iso->kids[k].pid)
                st = stopped(iso, err, (int)k, status, 0, 0);
            else if (r < 0 && errno != EINTR)
                st = ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                                   "lost a plugin process: %s", strerror(errno));
            else
                st = check_time(iso, err, (int)k, now);
            alive |= iso->kids[k].pid > 0;
        }
        if (alive && st == CCD_OK) {
            nanosleep(&(struct timespec){0, pause_ns}, NULL);
            pause_ns = pause_ns < 5000000 ? pause_ns * 2 : 5000000; /* up to 5 ms */
        }
    }
    if (st != CCD_OK) {
        kill_all(iso);
        return st;
    }
    for (size_t t = 0; t < tasks; t++)
        iso->outcomes[iso->query_of[t / iso->iso_count] * iso->method_count +
                      iso->iso[t % iso->iso_count]] = iso->tasks[t].outcome;
    return CCD_OK;
}

const ccd_query_outcome *ccd_isolate_outcome(const ccd_isolate *iso, size_t i, size_t m)
{
    return &iso->outcomes[i * iso->method_count + m];
}
