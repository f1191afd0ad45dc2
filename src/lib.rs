//! pplan: filesystem-as-memory planning for parallel AI agents, as exact, atomic commands.
//!
//! Data flows one way: bytes ([`md::Document`]) → spans ([`md::Outline`]) → the plan model
//! ([`plan::Plan`]) → edits ([`plan::edit`]) → the store ([`store::Store`]), the only writer.
//! Commands ([`commands`]) call the core and format output; nothing in the library prints.

pub mod agents;
mod atomic;
pub mod check;
pub mod cli;
pub mod clock;
pub mod commands;
pub mod config;
pub mod diff3;
pub mod error;
pub mod fault;
pub mod files;
pub mod gate;
pub mod git;
pub mod git_merge;
pub mod hooks;
pub mod md;
pub mod merge;
pub mod plan;
pub mod progress;
pub mod reboot;
pub mod report;
pub mod signals;
pub mod store;
pub mod strikes;
pub mod watch;
pub mod waves;

pub use error::{Error, ExitCode, Result};
