// Whether the calling thread is the process's main thread — where the main actor runs —
// asked of the operating system the way the Swift runtime asks it, for Relay's main-actor
// registrations (Sources/Relay/Container/Internal/MainActorFactory.swift). Swift cannot
// call `syscall`, and Foundation's `Thread.isMainThread` on Linux trusts whichever thread
// first initialised CoreFoundation, which in a test process need not be the main one.

#ifndef CRELAY_THREADS_H
#define CRELAY_THREADS_H

#if defined(__APPLE__)
#include <pthread.h>
#else
#include <sys/syscall.h>
#include <unistd.h>
#endif

static inline int crelay_is_main_thread(void) {
#if defined(__APPLE__)
    return pthread_main_np() != 0;
#else
    // On Linux the main thread's kernel thread id is the process id.
    return (pid_t)syscall(SYS_gettid) == getpid();
#endif
}

#endif
