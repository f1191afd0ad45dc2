//! One integration-test binary: the real `pplan` binary driven over temporary directories.
// Tests set up files directly and report what they skip.
#![allow(clippy::print_stderr, clippy::disallowed_methods)]

mod agents;
mod bad_input;
mod beside;
mod by_hand;
mod check;
mod concurrency;
mod corpus;
mod cycle;
mod discover;
mod failures;
mod fixtures;
mod fuzz;
mod gate;
mod git_merge;
mod harness;
mod hooks;
mod init;
mod install;
mod layers;
mod merge;
mod preservation;
mod props;
mod recovery;
mod report;
mod schema;
mod set;
mod setup;
mod skill;
mod status;
mod strikes;
mod trust;
mod watch;
