/* SPDX-License-Identifier: MIT */
/* A team of plain threads for one parallel pass (team.h). */
#include <config.h>

#include "core/team.h"
#include "core/assert.h"

#include <pthread.h>
#include <stdlib.h>

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

int ccd_team_run(int threads, void (*body)(void *ctx, int t), void *ctx)
{
    CCD_ASSERT(threads >= 1);
    member *team = threads > 1 ? calloc((size_t)threads, sizeof *team) : NULL;
    int ran = 1;
    for (int t = 1; team && t < threads; t++) {
        team[t] = (member){.body = body, .ctx = ctx, .t = t};
        team[t].started = pthread_create(&team[t].thread, NULL, member_main, &team[t]) == 0;
        ran += team[t].started;
    }
    body(ctx, 0);
    for (int t = 1; team && t < threads; t++)
        if (team[t].started)
            pthread_join(team[t].thread, NULL);
    free(team);
    return ran;
}
