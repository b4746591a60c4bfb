/* SPDX-License-Identifier: MIT */
/* A team of plain threads for one parallel pass (team.h). */
#include <config.h>

#include "core/team.h"
#include "core/assert.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <strings.h>

typedef struct member {
    pthread_t thread;
    void (*body)(void *ctx, int t);
    void *ctx;
    int t, started;
} member;

static void *member_main(void *arg)
{
    const member *m = arg;
    m->body(m->ctx, m->t);
    return NULL;
}

int ccd_team_binds(void)
{
    const char *bind = getenv("OMP_PROC_BIND");
    return !bind || strcasecmp(bind, "false") != 0;
}

int ccd_team_cpus(int *cpus, int threads)
{
    CCD_ASSERT(threads >= 1);
    if (threads < 2 || !ccd_team_binds())
        return 0;
    cpu_set_t mask;
    if (pthread_getaffinity_np(pthread_self(), sizeof mask, &mask) != 0 ||
        CPU_COUNT(&mask) < threads)
        return 0;
    /* the CPUs of the mask in order, from the caller's own (where it runs
     * now, so that it does not move) round to the one before it */
    int here = sched_getcpu();
    if (here < 0 || here >= CPU_SETSIZE || !CPU_ISSET(here, &mask))
        for (here = 0; !CPU_ISSET(here, &mask); here++)
            ;
    int t = 0;
    for (int k = 0; k < CPU_SETSIZE && t < threads; k++) {
        const int cpu = (here + k) % CPU_SETSIZE;
        if (CPU_ISSET(cpu, &mask))
            cpus[t++] = cpu;
    }
    CCD_ASSERT(t == threads && cpus[0] == here);
    return 1;
}

/* Thread `thread` on `cpu` alone: 0, or an error number (then it is left as
 * it was). */
static int bind_to(pthread_t thread, int cpu)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    return pthread_setaffinity_np(thread, sizeof one, &one);
}

int ccd_team_run(int threads, void (*body)(void *ctx, int t), void *ctx)
{
    CCD_ASSERT(threads >= 1);
    member *team = threads > 1 ? calloc((size_t)threads, sizeof *team) : NULL;
    int *cpus = team ? malloc((size_t)threads * sizeof *cpus) : NULL;
    const int bound = cpus && ccd_team_cpus(cpus, threads);
    cpu_set_t caller_mask; /* the caller's, given back when the team is done */
    const int restore = bound && pthread_getaffinity_np(pthread_self(), sizeof caller_mask,
                                                        &caller_mask) == 0 &&
                        bind_to(pthread_self(), cpus[0]) == 0;
    int ran = 1;
    for (int t = 1; team && t < threads; t++) {
        team[t] = (member){.body = body, .ctx = ctx, .t = t};
        /* created on its CPU, not moved there once it runs: it starts at once */
        pthread_attr_t attr;
        int have_attr = bound && pthread_attr_init(&attr) == 0;
        if (have_attr) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(cpus[t], &one);
            if (pthread_attr_setaffinity_np(&attr, sizeof one, &one) != 0) {
                pthread_attr_destroy(&attr);
                have_attr = 0;
            }
        }
        team[t].started = pthread_create(&team[t].thread, have_attr ? &attr : NULL,
                                         member_main, &team[t]) == 0;
        if (have_attr)
            pthread_attr_destroy(&attr);
        ran += team[t].started;
    }
    body(ctx, 0);
    for (int t = 1; team && t < threads; t++)
        if (team[t].started)
            pthread_join(team[t].thread, NULL);
    if (restore) /* what the caller forks or starts after the pass may run anywhere */
        (void)pthread_setaffinity_np(pthread_self(), sizeof caller_mask, &caller_mask);
    free(cpus);
    free(team);
    return ran;
}
