/* SPDX-License-Identifier: MIT */
/* Removing temporaries when a signal ends the program (cleanup.h).
 *
 * The table is read by a signal handler, which may run on any thread at any
 * moment, so it is a fixed array of atomic pointers: registration publishes a
 * complete string, and the handler calls only unlink, rmdir, sigaction and
 * raise (async-signal-safe).  A path must not be freed while the handler may be
 * reading it: ccd_cleanup_remove clears the slot and, when the handler has
 * already started, waits for it to end the process instead of returning. */
#include <config.h>

#include "core/cleanup.h"

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <unistd.h>

enum { CCD_CLEANUP_SLOTS = 256 };

/* slots[0]: files, slots[1]: directories; a slot number is 2 * index + is_dir */
static const char *slots[2][CCD_CLEANUP_SLOTS];
static int handler_running, installed;
static const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

static void on_signal(int sig)
{
    int saved = errno;
    __atomic_store_n(&handler_running, 1, __ATOMIC_SEQ_CST);
    for (int i = 0; i < CCD_CLEANUP_SLOTS; i++) {
        const char *p = __atomic_load_n(&slots[0][i], __ATOMIC_SEQ_CST);
        if (p)
            unlink(p);
    }
    for (int i = CCD_CLEANUP_SLOTS - 1; i >= 0; i--) {
        const char *p = __atomic_load_n(&slots[1][i], __ATOMIC_SEQ_CST);
        if (p)
            rmdir(p); /* fails, harmlessly, when something else is in it */
    }
    struct sigaction dfl = {.sa_handler = SIG_DFL};
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig); /* delivered when the handler returns: the default action ends us */
    errno = saved;
}

static void install(void)
{
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN)
            continue; /* ignored (nohup): leave it so */
        struct sigaction sa = {.sa_handler = on_signal};
        sigemptyset(&sa.sa_mask);
        for (size_t j = 0; j < sizeof signals / sizeof signals[0]; j++)
            sigaddset(&sa.sa_mask, signals[j]);
        sigaction(signals[i], &sa, NULL);
    }
}

int ccd_cleanup_add(const char *path, int is_dir)
{
    if (!__atomic_exchange_n(&installed, 1, __ATOMIC_SEQ_CST))
        install();
    is_dir = is_dir != 0;
    for (int i = 0; i < CCD_CLEANUP_SLOTS; i++) {
        const char *expected = NULL;
        if (__atomic_compare_exchange_n(&slots[is_dir][i], &expected, path, 0,
                                        __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            return 2 * i + is_dir;
    }
    return -1;
}

void ccd_cleanup_remove(int slot)
{
    if (slot < 0 || slot >= 2 * CCD_CLEANUP_SLOTS)
        return;
    __atomic_store_n(&slots[slot % 2][slot / 2], NULL, __ATOMIC_SEQ_CST);
    /* The handler may hold the path: it is about to end the process. */
    while (__atomic_load_n(&handler_running, __ATOMIC_SEQ_CST))
        pause();
}
