// Atomic words for the benchmark harness (BenchSupport), over C11 <stdatomic.h>:
// `Synchronization.Atomic` would need macOS 15 / iOS 18, above Relay's floor.
//
// A word lives in heap storage allocated by `bench_atomic_word_create`, which never
// moves; every access to its value is one of the atomic operations below.

#ifndef CBENCH_ATOMICS_H
#define CBENCH_ATOMICS_H

#include <stdint.h>

/// One pointer-sized atomic integer; Swift only passes it around by pointer.
typedef struct bench_atomic_word bench_atomic_word;

/// A new word holding `initial`. Never returns NULL (aborts if out of memory).
bench_atomic_word *bench_atomic_word_create(uintptr_t initial);
void bench_atomic_word_destroy(bench_atomic_word *word);

uintptr_t bench_atomic_word_load_relaxed(bench_atomic_word *word);
uintptr_t bench_atomic_word_load_acquire(bench_atomic_word *word);
void bench_atomic_word_store_release(bench_atomic_word *word, uintptr_t value);
/// Adds `operand` (wrapping) with release ordering.
void bench_atomic_word_add_release(bench_atomic_word *word, uintptr_t operand);
/// XORs `operand` in, relaxed.
void bench_atomic_word_xor_relaxed(bench_atomic_word *word, uintptr_t operand);

#endif // CBENCH_ATOMICS_H
