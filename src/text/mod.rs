//! The text layer, the lowest: a plan file as bytes, where its blocks are, and the
//! character-safe helpers for showing its text. It uses nothing else in the crate; every other
//! layer may use it.
//!
//! Everything above this layer works with byte ranges into the original text. This module
//! decodes the file ([`Document`]), locates its blocks with one pulldown-cmark pass
//! ([`Outline`]), and splices edits back into the original bytes ([`Edit`], [`apply`]). It keeps
//! one invariant: bytes outside an edit's range are never changed, and [`apply`] proves it.

mod chars;
mod document;
mod edit;
mod outline;
mod scan;

pub use chars::{
    clip, clip_words, count, find_any, folds_equal, is_combining, names_id, rfind_any, same_folded,
    same_script, spaced_script, strip_folded, unescape,
};
pub use document::{DecodeError, Document, Eol};
pub use edit::{Edit, EditError, apply};
pub use outline::{Block, Outline, unclosed_fence};
