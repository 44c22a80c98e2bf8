#include "CRelayAtomics.h"

// Static storage: never moves, initialised before any code runs. See the header.
crelay_atomic_word crelay_resolution_generation = { 1 };
crelay_atomic_word crelay_active_overrides = { 0 };
crelay_atomic_word crelay_outermost_work_possible = { 0 };
crelay_atomic_word crelay_unit_of_work_possible = { 0 };
crelay_atomic_word crelay_layers_made = { 0 };
