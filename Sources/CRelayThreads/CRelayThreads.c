// The header is the whole target: its one function is `static inline`.
