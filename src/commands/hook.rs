//! `pplan hook <event>`: the agent host's hook entry point. Never fails: exit 0, and output only
//! when there is something for the host to act on (see `crate::views::hooks`).

use std::io::Read;

use super::{Context, Output};
use crate::error::Result;
use crate::views::hooks::Host;

/// Payloads are small; a larger stdin is not a hook payload.
const MAX_PAYLOAD: u64 = 4 * 1024 * 1024;

pub fn run(ctx: &Context, host: Option<&str>, event: &str) -> Result<Output> {
    let mut payload = String::new();
    let _ = std::io::stdin().lock().take(MAX_PAYLOAD).read_to_string(&mut payload);
    let answer = match host.map_or(Some(Host::default()), Host::parse) {
        Some(host) => crate::views::hooks::answer(host, event, &payload, &ctx.limits, ctx.dir.as_deref()),
        None => None,
    };
    Ok(Output::ok(answer.map_or_else(String::new, |a| a + "\n")))
}
