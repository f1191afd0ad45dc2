//! Seeded fuzzing of every reading command and every write over mutated corpus plans and fixtures.
