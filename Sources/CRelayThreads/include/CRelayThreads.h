// Facts about the calling thread that Relay asks of the operating system.
//
// Everything here is a plain C-library call (POSIX and its documented platform
// extensions): no Swift-runtime entry point is declared or looked up by name, so the
// target behaves the same in a dynamically linked program and in a fully static one.

#ifndef CRELAY_THREADS_H
#define CRELAY_THREADS_H

#include <stddef.h>
#include <stdint.h>

#if defined(__APPLE__)
#include <pthread.h>
#else
#include <sys/syscall.h>
#include <unistd.h>
#endif

// Whether the calling thread is the process's main thread — where the main actor runs —
// asked of the operating system the way the Swift runtime asks it, for Relay's main-actor
// registrations (Sources/RelayContainer/Container/Internal/MainActorFactory.swift). Swift cannot
// call `syscall`, and Foundation's `Thread.isMainThread` on Linux trusts whichever thread
// first initialised CoreFoundation, which in a test process need not be the main one.
static inline int crelay_is_main_thread(void) {
#if defined(__APPLE__)
    return pthread_main_np() != 0;
#else
    // On Linux the main thread's kernel thread id is the process id.
    return (pid_t)syscall(SYS_gettid) == getpid();
#endif
}

// The calling thread's stack, for Relay's depth guard
// (Sources/RelayContainer/Container/Internal/Raw/ThreadStack.swift): stores its lowest address in
// `*low` and its size in bytes in `*size` and returns 0, or returns -1 (storing nothing)
// when the platform cannot say.
//
// On Linux (glibc, musl, Bionic) it asks `pthread_getattr_np`; on Darwin
// `pthread_get_stackaddr_np` (the stack's *highest* address) and `pthread_get_stacksize_np`.
// Defined out of line in CRelayThreads.c: `pthread_getattr_np` is a GNU extension that
// <pthread.h> declares only when `_GNU_SOURCE` is defined before it is included, which a
// source file can guarantee and a module header cannot (Swift's Glibc module, which
// Relay's Swift code imports, is built without it). It runs once per thread.
int crelay_thread_stack(uintptr_t *_Nonnull low, size_t *_Nonnull size);

#if defined(__GNUC__) || defined(__clang__)
#define CRELAY_THREADS_HIDDEN __attribute__((visibility("hidden")))
#else
#define CRELAY_THREADS_HIDDEN
#endif

// The calling thread's resolution state (`ResolutionThread.State`), NULL until the thread's
// first resolve: C11 thread-local storage, so that every resolve finds its thread's state
// with one load rather than a `pthread_getspecific` call. The state is owned by the
// engine's pthread key (`ResolutionEngine.threadKey`), whose destructor frees it when the
// thread exits and clears this first (Sources/RelayContainer/Container/Internal/Raw/ResolutionThread.swift).
// Defined in CRelayThreads.c; only these two functions touch it.
extern CRELAY_THREADS_HIDDEN _Thread_local void *_Nullable crelay_thread_state;

static inline void *_Nullable crelay_current_thread_state(void) {
    return crelay_thread_state;
}

static inline void crelay_set_current_thread_state(void *_Nullable state) {
    crelay_thread_state = state;
}

#endif
