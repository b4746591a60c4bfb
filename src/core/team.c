/* SPDX-License-Identifier: MIT */
/* A team of plain threads for one parallel pass (team.h). */
#include <config.h>

#include "core/team.h"
#include "core/assert.h"

#include <omp.h>
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

/* *mask: the CPUs of the OpenMP place `place`. */
static void place_mask(cpu_set_t *mask, int place)
{
    int ids[CPU_SETSIZE];
    const int n = omp_get_place_num_procs(place);
    CPU_ZERO(mask);
    if (n <= 0 || n > CPU_SETSIZE)
        return;
    omp_get_place_proc_ids(place, ids);
    for (int k = 0; k < n; k++)
        if (ids[k] >= 0 && ids[k] < CPU_SETSIZE)
            CPU_SET(ids[k], mask);
}

int ccd_team_masks(cpu_set_t *masks, int threads)
{
    CCD_ASSERT(threads >= 1);
    if (threads < 2 || !ccd_team_binds())
        return 0;
    /* OMP_PROC_BIND given (and OMP_PLACES, or the runtime's default places):
     * the OpenMP runtime bound this thread to its first place when the
     * program started, so that the caller's mask is that place alone; the
     * team takes the places in turn from the caller's */
    const int places = omp_get_num_places(), here = omp_get_place_num();
    if (places >= 2 && here >= 0) {
        for (int t = 0; t < threads; t++) {
            place_mask(&masks[t], (here + t) % places);
            if (CPU_COUNT(&masks[t]) == 0)
                return 0;
        }
        return 1;
    }
    /* else a team of one thread a CPU of the caller's mask: a smaller one is
     * left to the scheduler, so that several at once (processes, MPI ranks
     * without binding) do not pile on the same first CPUs */
    cpu_set_t mask;
    if (pthread_getaffinity_np(pthread_self(), sizeof mask, &mask) != 0 ||
        CPU_COUNT(&mask) != threads)
        return 0;
    /* the CPUs of the mask in order, from the caller's own (where it runs
     * now, so that it does not move) round to the one before it */
    int cpu = sched_getcpu();
    if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &mask))
        for (cpu = 0; !CPU_ISSET(cpu, &mask); cpu++)
            ;
    for (int t = 0; t < threads; cpu = (cpu + 1) % CPU_SETSIZE)
        if (CPU_ISSET(cpu, &mask)) {
            CPU_ZERO(&masks[t]);
            CPU_SET(cpu, &masks[t]);
            t++;
        }
    return 1;
}

int ccd_team_run(int threads, void (*body)(void *ctx, int t), void *ctx)
{
    CCD_ASSERT(threads >= 1);
    member *team = threads > 1 ? calloc((size_t)threads, sizeof *team) : NULL;
    cpu_set_t *masks = team ? malloc((size_t)threads * sizeof *masks) : NULL;
    const int bound = masks && ccd_team_masks(masks, threads);
    cpu_set_t caller_mask; /* the caller's, given back when the team is done */
    const int restore = bound &&
                        pthread_getaffinity_np(pthread_self(), sizeof caller_mask,
                                               &caller_mask) == 0 &&
                        pthread_setaffinity_np(pthread_self(), sizeof masks[0], &masks[0]) == 0;
    int ran = 1;
    for (int t = 1; team && t < threads; t++) {
        team[t] = (member){.body = body, .ctx = ctx, .t = t};
        /* created on its CPUs, not moved there once it runs: it starts at once */
        pthread_attr_t attr;
        int have_attr = bound && pthread_attr_init(&attr) == 0;
        if (have_attr && pthread_attr_setaffinity_np(&attr, sizeof masks[t], &masks[t]) != 0) {
            pthread_attr_destroy(&attr);
            have_attr = 0;
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
    free(masks);
    free(team);
    return ran;
}
