//! `pplan files [--batches N]` and `pplan passes [--batches N]`: the files the work touched, in
//! balanced batches, and the briefs for the final simplification and review agents.

use std::fmt::Write as _;

use serde::Serialize;

use super::{Context, Output};
use crate::error::Result;
use crate::protocol::files::{self, Batch};

#[derive(Serialize)]
struct FilesJson<'a> {
    schema_version: u32,
    kind: &'static str,
    files: usize,
    lines: usize,
    dropped: &'a [String],
    batches: &'a [Batch],
    /// Files more than one agent of a group logged.
    shared_files: &'a [files::Shared],
}

pub fn files(ctx: &Context, n: usize) -> Result<Output> {
    let store = ctx.store()?;
    let (list, dropped) = files::collect(store.dir());
    let batches = files::batches(&list, n);
    let lines: usize = list.iter().map(|f| f.lines).sum();
    let shared = files::shared_by_group(store.dir(), true);
    if ctx.json {
        let json = FilesJson {
            schema_version: 1,
            kind: "files",
            files: list.len(),
            lines,
            dropped: &dropped,
            batches: &batches,
            shared_files: &shared,
        };
        return Ok(Output::json(&json));
    }
    let n = crate::text::count;
    let mut o = format!(
        "{}, {}, in {}\n",
        n(list.len(), "file", "files"),
        n(lines, "line", "lines"),
        n(batches.len(), "batch", "batches")
    );
    for (i, b) in batches.iter().enumerate() {
        let names: Vec<&str> = b.files.iter().map(|f| f.path.as_str()).collect();
        let _ = writeln!(
            o,
            "batch {} ({}): {}",
            i + 1,
            n(b.lines, "line", "lines"),
            crate::text::clip(&names.join(", "), 300)
        );
    }
    if !dropped.is_empty() {
        let _ = writeln!(
            o,
            "dropped (gone, or outside the project): {}",
            crate::text::clip(&dropped.join(", "), 200)
        );
    }
    for s in &shared {
        let _ = writeln!(o, "warning: {} (group {})", s.warning(), s.group);
    }
    Ok(Output::ok(o))
}

pub fn passes(ctx: &Context, n: usize) -> Result<Output> {
    let store = ctx.store()?;
    let (list, _) = files::collect(store.dir());
    let batches = files::batches(&list, n);
    if batches.is_empty() {
        return Ok(Output::ok("no files recorded in the progress logs (`pplan log --files`)\n".into()));
    }
    let total = batches.len();
    let mut o = String::new();
    for (kind, id, look) in [
        (
            "Simplify",
            "SIMPLIFY",
            "Make these files simpler without changing behaviour: reuse what the project already has instead of \
             new copies, remove dead code and needless state, flatten deep nesting. Run the tests after each change.",
        ),
        (
            "Review",
            "REVIEW",
            "Review these files; do not edit them. Look for bugs, unhandled errors, unsafe writes, missing tests and \
             unclear names. Report each finding as `file:line: problem`.",
        ),
    ] {
        for (i, b) in batches.iter().enumerate() {
            let names: Vec<&str> = b.files.iter().map(|f| f.path.as_str()).collect();
            let agent = format!("{id}-{}", i + 1);
            let _ = writeln!(
                o,
                "## {kind} pass {} of {total} ({}, {})",
                i + 1,
                crate::text::count(b.files.len(), "file", "files"),
                crate::text::count(b.lines, "line", "lines")
            );
            let _ = writeln!(o, "Files: {}", names.join(", "));
            let _ = writeln!(o, "{look}");
            let _ = writeln!(
                o,
                "Report as {agent} in your final reply, one line per item (`file:line: what`); write no plan files.\n"
            );
        }
    }
    Ok(Output::ok(o))
}
