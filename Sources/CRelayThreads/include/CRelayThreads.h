// Facts about the calling thread that Relay asks of the operating system and the Swift
// runtime.
//
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

// Whether a Swift task is running on the calling thread, for Relay's override layers
// (Sources/Relay/Container/Internal/ResolutionThread.swift): a thread that runs no task
// can only see a layer that a synchronous `withInjectedDependencies` call on that same
// thread installed, which Relay tracks per thread, so such a thread needs no task-local
// read. The answer comes from `swift_task_getCurrent`, the concurrency runtime's exported
// entry point behind the standard library's `withUnsafeCurrentTask` and its public
// `_getCurrentAsyncTask()`; it reads one thread-local word. It is declared here as the
// runtime's own header declares it (the Swift calling convention, no arguments, an
// unretained `AsyncTask *`): from C no reference counting applies to the result, which
// is only compared with NULL. Where the compiler has no `swiftcall` attribute the answer
// is "maybe", and Relay reads the task-local value as it would inside a task.
#if defined(__has_attribute)
#if __has_attribute(swiftcall)
#define CRELAY_CAN_ASK_FOR_TASK 1
#endif
#endif

#if defined(CRELAY_CAN_ASK_FOR_TASK)
extern void *swift_task_getCurrent(void) __attribute__((swiftcall));

static inline int crelay_thread_may_run_task(void) {
    return swift_task_getCurrent() != 0;
}
#else
static inline int crelay_thread_may_run_task(void) {
    return 1;
}
#endif

#endif
