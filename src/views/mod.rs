//! The views layer: what people and agent hosts see — `pplan check`'s diagnostics, the HTML
//! report, the `watch` frame and the agent-host hooks. A view reads the plan and the protocol's
//! state and renders it; it may use every layer below (text, error, plan, store, protocol, git),
//! and commands call it.

pub mod check;
pub mod hooks;
pub mod hosts;
pub mod report;
pub mod watch;
