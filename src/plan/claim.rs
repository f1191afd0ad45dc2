//! The task-line annotations claims and discovered work use: `(claimed: NAME STAMP)` — a
//! session took the task with `pplan next --claim` — and `(from: ID)` — the task came from
//! agent ID's proposal. Both sit at the end of the task's line, before a `(depends: …)`.
//!
//! Interim: issue-m1 builds the one annotation grammar for task-line suffixes; when it lands,
//! these readers and writers move onto it.

use std::ops::Range;

use super::{Plan, Task};
use crate::text::Edit;

/// A claim written on a task's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim<'a> {
    pub by: &'a str,
    /// When it was taken or last renewed, as written (`2026-11-23T21:30Z`).
    pub at: &'a str,
    /// The whole `(claimed: …)`, in the plan's text.
    pub range: Range<usize>,
}

const CLAIMED: &str = "(claimed: ";
const FROM: &str = "(from: ";

/// A claimant's name: 1-64 of `A-Z a-z 0-9 . _ @ -`.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'@' | b'-'))
}

/// The line a task is written on, without its line ending.
fn line<'a>(plan: &Plan<'a>, t: &Task<'a>) -> Range<usize> {
    let end = plan.text[t.at..].find('\n').map_or(plan.text.len(), |i| t.at + i);
    let end = if plan.text[..end].ends_with('\r') { end - 1 } else { end };
    t.at..end
}

/// `(open …)` on a task's line: the whole parenthetical and its inner text.
fn find<'a>(plan: &Plan<'a>, t: &Task<'a>, open: &str) -> Option<(Range<usize>, &'a str)> {
    let r = line(plan, t);
    let text = &plan.text[r.clone()];
    let at = text.find(open)?;
    let close = text[at..].find(')')? + at;
    Some((r.start + at..r.start + close + 1, text[at + open.len()..close].trim()))
}

/// The claim on a task's line, if it has a well-formed one.
pub fn claim<'a>(plan: &Plan<'a>, t: &Task<'a>) -> Option<Claim<'a>> {
    let (range, inner) = find(plan, t, CLAIMED)?;
    let (by, at) = inner.split_once(' ')?;
    (valid_name(by) && !at.trim().is_empty()).then(|| Claim { by, at: at.trim(), range })
}

/// The agent a task came from (`(from: BE-001)`).
pub fn from<'a>(plan: &Plan<'a>, t: &Task<'a>) -> Option<&'a str> {
    find(plan, t, FROM).map(|(_, id)| id)
}

/// A task's text without the annotations of this module (for showing it, and for comparing a
/// folded proposal with its source).
pub fn plain_text(t: &Task<'_>) -> String {
    let mut s = t.text.to_string();
    for open in [CLAIMED, FROM, "(depends: "] {
        if let Some(at) = s.find(open)
            && let Some(close) = s[at..].find(')')
        {
            s.replace_range(at..at + close + 1, "");
        }
    }
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `(claimed: NAME STAMP)`.
pub fn render(by: &str, at: &str) -> String {
    format!("{CLAIMED}{by} {at})")
}

/// The edit that writes the claim on a task's line: replacing the claim there, or before a
/// `(depends: …)` at the end of the line, or at the end of the line.
pub fn set(plan: &Plan<'_>, t: &Task<'_>, by: &str, at: &str) -> Edit {
    let claim = render(by, at);
    if let Some((range, _)) = find(plan, t, CLAIMED) {
        return Edit::replace(range, claim);
    }
    let r = line(plan, t);
    let text = &plan.text[r.clone()];
    let trimmed = text.trim_end();
    if let Some((whole, _)) = super::syntax::depends(trimmed)
        && whole.end == trimmed.len()
    {
        return Edit::insert(r.start + whole.start, format!("{claim} "));
    }
    Edit::insert(r.start + trimmed.len(), format!(" {claim}"))
}

/// `(from: ID)`.
pub fn render_from(id: &str) -> String {
    format!("{FROM}{id})")
}
