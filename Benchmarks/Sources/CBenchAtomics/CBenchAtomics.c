#include "CBenchAtomics.h"

#include <stdatomic.h>
#include <stdlib.h>

struct bench_atomic_word {
    _Atomic(uintptr_t) value;
};

bench_atomic_word *bench_atomic_word_create(uintptr_t initial) {
    bench_atomic_word *word = malloc(sizeof *word);
    if (word == NULL) abort();
    atomic_init(&word->value, initial);
    return word;
}

void bench_atomic_word_destroy(bench_atomic_word *word) {
    free(word);
}

uintptr_t bench_atomic_word_load_relaxed(bench_atomic_word *word) {
    return atomic_load_explicit(&word->value, memory_order_relaxed);
}

uintptr_t bench_atomic_word_load_acquire(bench_atomic_word *word) {
    return atomic_load_explicit(&word->value, memory_order_acquire);
}

void bench_atomic_word_store_release(bench_atomic_word *word, uintptr_t value) {
    atomic_store_explicit(&word->value, value, memory_order_release);
}

void bench_atomic_word_add_release(bench_atomic_word *word, uintptr_t operand) {
    atomic_fetch_add_explicit(&word->value, operand, memory_order_release);
}

void bench_atomic_word_xor_relaxed(bench_atomic_word *word, uintptr_t operand) {
    atomic_fetch_xor_explicit(&word->value, operand, memory_order_relaxed);
}
