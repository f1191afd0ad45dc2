//! The protocol layer: the planning protocol over the plan and the store — agents and their
//! files, the locked merge of a group, the 3-strike rule, quality gates, the reboot test,
//! `.pplan/progress.json`, dependency waves and the files the work touched. It may use text,
//! error, plan and store; it does not use git (which stands beside it) or anything above.

pub mod agents;
pub mod claims;
pub mod files;
pub mod gate;
pub mod merge;
pub mod progress;
pub mod proposals;
pub mod reboot;
pub mod strikes;
pub mod waves;

/// What `## Current Group` says once the last group is merged (merge writes it; `check` and
/// `status` read it).
pub const ALL_COMPLETE: &str = "All groups complete";
