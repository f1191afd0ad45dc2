//! pplan: filesystem-as-memory planning for parallel AI agents, as exact, atomic commands.
//!
//! Data flows one way: bytes ([`text::Document`]) → spans ([`text::Outline`]) → the plan model
//! ([`plan::Plan`]) → edits ([`plan::edit`]) → the store ([`store::Store`]), the only writer.
//! Commands ([`commands`]) call the core and format output; nothing in the library prints.
//!
//! Each folder is a layer and imports only the layers below it (ARCHITECTURE.md):
//! text ← error ← plan ← store ← protocol | git ← views ← cli ← commands.

pub mod cli;
pub mod commands;
pub mod error;
pub mod git;
pub mod plan;
pub mod protocol;
pub mod store;
pub mod text;
pub mod views;

pub use error::{Error, ExitCode, Result};
