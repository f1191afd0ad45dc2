//! One integration-test binary: the real `pplan` binary driven over temporary directories.

mod bad_input;
mod concurrency;
mod corpus;
mod fixtures;
mod harness;
mod init;
mod preservation;
mod set;
mod status;
