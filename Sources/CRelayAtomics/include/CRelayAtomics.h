// Atomic words for Relay, over C11 <stdatomic.h>.
//
// Relay needs a few process-wide atomic integers (the resolve fast path reads three of
// them on every call). `Synchronization.Atomic` would need macOS 15 / iOS 18; C11
// atomics work on every platform Relay supports, at the Swift concurrency floor. The
// Swift side is `AtomicWord` (Sources/RelayContainer/Container/Internal/Raw/AtomicWord.swift); nothing else
// should use these functions.
//
// Every word is a C object with static storage duration: it never moves, is never
// copied, and is initialised before any code runs (so Swift reaches it without a lazy
// global's `swift_once` call). Each function is `static inline` so that the optimizer
// sees through it from Swift: a load is a plain `mov` on x86-64 and `ldar`/`ldr` on ARM,
// exactly what `Synchronization.Atomic` compiles to.
//
// Every access to a word's value goes through one of the `_Atomic` operations below;
// there are no plain reads or writes, so no access can race.

#ifndef CRELAY_ATOMICS_H
#define CRELAY_ATOMICS_H

#include <stdatomic.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define CRELAY_HIDDEN __attribute__((visibility("hidden")))
#else
#define CRELAY_HIDDEN
#endif

/// One pointer-sized atomic integer. Swift sees it as an opaque type it only passes
/// around by pointer.
typedef struct crelay_atomic_word {
    _Atomic(uintptr_t) value;
} crelay_atomic_word;

// MARK: Relay's words (defined in CRelayAtomics.c)

/// `ResolutionEngine.generation`: bumped after every change to a registration table.
/// Starts at 1 (per-thread caches start at 0, i.e. stale).
extern CRELAY_HIDDEN crelay_atomic_word crelay_resolution_generation;


/// `ResolutionEngine.activeOverrides`: how many override layers (`withInjectedDependencies`)
/// are alive anywhere (an `Int`, stored as its bit pattern). Starts at 0.
extern CRELAY_HIDDEN crelay_atomic_word crelay_active_overrides;

/// `ResolutionEngine.outermostWorkPossible`: 0 until a registration that can leave work
/// for the end of an outermost resolve (a `graph` lifecycle or a completion hook) is made,
/// then 1 for the rest of the process.
extern CRELAY_HIDDEN crelay_atomic_word crelay_outermost_work_possible;

/// `ResolutionEngine.unitOfWorkPossible`: 0 until a registration with the `unitOfWork`
/// lifecycle is made, then 1 for the rest of the process.
extern CRELAY_HIDDEN crelay_atomic_word crelay_unit_of_work_possible;

/// `ResolutionEngine.layersMade`: how many override layers and units of work were ever
/// made. Starts at 0 (0 is "no layer" in the per-thread layer cache).
extern CRELAY_HIDDEN crelay_atomic_word crelay_layers_made;

static inline crelay_atomic_word *crelay_layers_made_word(void) {
    return &crelay_layers_made;
}

static inline crelay_atomic_word *crelay_unit_of_work_possible_word(void) {
    return &crelay_unit_of_work_possible;
}

static inline crelay_atomic_word *crelay_outermost_work_possible_word(void) {
    return &crelay_outermost_work_possible;
}

static inline crelay_atomic_word *crelay_resolution_generation_word(void) {
    return &crelay_resolution_generation;
}

static inline crelay_atomic_word *crelay_active_overrides_word(void) {
    return &crelay_active_overrides;
}

// MARK: Operations

static inline uintptr_t crelay_atomic_word_load_relaxed(crelay_atomic_word *word) {
    return atomic_load_explicit(&word->value, memory_order_relaxed);
}

static inline uintptr_t crelay_atomic_word_load_acquire(crelay_atomic_word *word) {
    return atomic_load_explicit(&word->value, memory_order_acquire);
}

static inline void crelay_atomic_word_store_relaxed(crelay_atomic_word *word, uintptr_t value) {
    atomic_store_explicit(&word->value, value, memory_order_relaxed);
}

static inline void crelay_atomic_word_store_release(crelay_atomic_word *word, uintptr_t value) {
    atomic_store_explicit(&word->value, value, memory_order_release);
}

/// Adds `operand` (wrapping) and returns the value before the addition.
static inline uintptr_t crelay_atomic_word_fetch_add_relaxed(crelay_atomic_word *word, uintptr_t operand) {
    return atomic_fetch_add_explicit(&word->value, operand, memory_order_relaxed);
}

/// Adds `operand` (wrapping) and returns the value before the addition.
static inline uintptr_t crelay_atomic_word_fetch_add_release(crelay_atomic_word *word, uintptr_t operand) {
    return atomic_fetch_add_explicit(&word->value, operand, memory_order_release);
}

/// Subtracts `operand` (wrapping) and returns the value before the subtraction.
static inline uintptr_t crelay_atomic_word_fetch_sub_relaxed(crelay_atomic_word *word, uintptr_t operand) {
    return atomic_fetch_sub_explicit(&word->value, operand, memory_order_relaxed);
}

/// Subtracts `operand` (wrapping) and returns the value before the subtraction.
static inline uintptr_t crelay_atomic_word_fetch_sub_release(crelay_atomic_word *word, uintptr_t operand) {
    return atomic_fetch_sub_explicit(&word->value, operand, memory_order_release);
}

#endif // CRELAY_ATOMICS_H
