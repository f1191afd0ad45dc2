//! The files a plan's work touched, from its progress logs, in batches for final passes.
//!
//! Sources: `Files: a, b` lines (what `pplan log --files` writes, also inside merged blocks) and
//! `Files created/modified:` lists, in progress.md and every progress_ID.md. Paths are relative
//! to the plan directory; duplicates are dropped, and so are files that no longer exist.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct File {
    pub path: String,
    pub lines: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Batch {
    pub files: Vec<File>,
    pub lines: usize,
}

/// Files logged by more than one agent: `(path, agents)`, paths in order of first mention.
/// Two agents of one group writing one file is how work gets lost, so a merge names them.
pub fn shared(logs: &[(String, String)]) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for (agent, log) in logs {
        for path in mentioned(log) {
            match out.iter_mut().find(|(p, _)| *p == path) {
                Some((_, agents)) if !agents.contains(agent) => agents.push(agent.clone()),
                Some(_) => {}
                None => out.push((path, vec![agent.clone()])),
            }
        }
    }
    out.retain(|(_, agents)| agents.len() > 1);
    out
}

/// A file more than one agent of a group logged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shared {
    /// The group's key (`-` in a plan without groups).
    pub group: String,
    pub path: String,
    pub agents: Vec<String>,
}

impl Shared {
    /// The warning every command prints for it.
    pub fn warning(&self) -> String {
        format!(
            "`{}` was written by {}: check that one did not overwrite the other",
            self.path,
            self.agents.join(" and ")
        )
    }
}

/// Every file logged by more than one agent of a group, groups in order of first mention: from
/// the blocks merged into progress.md (`<!-- pplan:merge group=G agent=A … -->`) and the
/// progress files of agents still here (their header names the group). Without `merged`, only
/// the agents still here: `poll` reads no file that grows with the plan.
pub fn shared_by_group(dir: &Path, merged: bool) -> Vec<Shared> {
    let mut logs: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let mut add = |group: &str, agent: &str, log: String| match logs.iter_mut().find(|(g, _)| g == group) {
        Some((_, l)) => l.push((agent.to_string(), log)),
        None => logs.push((group.to_string(), vec![(agent.to_string(), log)])),
    };
    if let Some(text) = merged.then(|| std::fs::read_to_string(dir.join("progress.md")).ok()).flatten() {
        let mut rest = text.as_str();
        while let Some(at) = rest.find("<!-- pplan:merge group=") {
            let block = &rest[at..];
            let head_end = block.find("-->").unwrap_or(block.len());
            let attr = |name: &str| {
                block[..head_end]
                    .split_whitespace()
                    .find_map(|w| w.strip_prefix(name))
                    .unwrap_or_default()
                    .to_string()
            };
            let end = block.find("<!-- /pplan:merge").unwrap_or(block.len());
            add(&attr("group="), &attr("agent="), block[head_end.min(end)..end].to_string());
            rest = &block[end.max(1)..];
        }
    }
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    for name in names {
        let Some(id) = name.strip_prefix("progress_").and_then(|n| n.strip_suffix(".md")) else { continue };
        let Ok(text) = std::fs::read_to_string(dir.join(&name)) else { continue };
        let group = text
            .lines()
            .take(5)
            .find_map(|l| l.strip_prefix("> Task: "))
            .and_then(|l| l.rsplit_once(" · Group "))
            .map(|(_, g)| g.split(" · ").next().unwrap_or(g).trim().to_string())
            .unwrap_or_else(|| "-".to_string());
        add(&group, id, text);
    }
    logs.into_iter()
        .flat_map(|(group, logs)| {
            shared(&logs).into_iter().map(move |(path, agents)| Shared { group: group.clone(), path, agents })
        })
        .collect()
}

/// Paths named in a progress log, in order of first mention.
pub fn mentioned(log: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_list = false;
    for line in log.lines() {
        let t = line.trim().trim_start_matches(['-', '*']).trim();
        let lower = t.to_lowercase();
        let label =
            ["files created/modified:", "files modified:", "files created:", "files changed:", "files:"]
                .iter()
                .find(|l| lower.starts_with(*l))
                .map(|l| l.len());
        if let Some(len) = label {
            let rest = t[len..].trim();
            out.extend(rest.split(',').map(clean).filter(|p| !p.is_empty()));
            in_list = rest.is_empty();
            continue;
        }
        if in_list {
            let item = line.trim_start();
            if (item.starts_with("- ") || item.starts_with("* ")) && line.starts_with([' ', '\t']) {
                out.push(clean(&item[2..]));
                continue;
            }
            in_list = false;
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

/// `src/a.rs` from `` `src/a.rs` (new) `` and the like.
fn clean(s: &str) -> String {
    let s = s.trim().trim_matches('`');
    let s = s.split(" (").next().unwrap_or(s).split(" — ").next().unwrap_or(s);
    s.trim().trim_matches(['`', '*']).trim_start_matches("./").to_string()
}

/// A path the project can hand to a pass: relative, and not climbing out with `..`.
fn inside(path: &str) -> bool {
    let p = Path::new(path);
    p.is_relative()
        && p.components().all(|c| matches!(c, std::path::Component::Normal(_) | std::path::Component::CurDir))
}

/// Every file the logs of `dir` mention that still exists (and lies inside `dir`), with its line count; and the ones
/// dropped because they are gone or outside.
pub fn collect(dir: &Path) -> (Vec<File>, Vec<String>) {
    let mut logs = vec![dir.join("progress.md")];
    let mut agents: Vec<_> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("progress_") && n.ends_with(".md"))
                })
                .collect()
        })
        .unwrap_or_default();
    agents.sort();
    logs.extend(agents);
    let mut seen = HashSet::new();
    let (mut files, mut dropped) = (Vec::new(), Vec::new());
    for log in logs {
        let Ok(text) = std::fs::read_to_string(&log) else { continue };
        for path in mentioned(&text) {
            if !seen.insert(path.clone()) {
                continue;
            }
            if !inside(&path) {
                dropped.push(path);
                continue;
            }
            match std::fs::read(dir.join(&path)) {
                Ok(bytes) if dir.join(&path).is_file() => {
                    let lines = bytes.iter().filter(|&&b| b == b'\n').count()
                        + usize::from(!bytes.is_empty() && !bytes.ends_with(b"\n"));
                    files.push(File { path, lines });
                }
                _ => dropped.push(path),
            }
        }
    }
    (files, dropped)
}

/// `n` batches balanced by lines, keeping a directory's files together when its share fits.
pub fn batches(files: &[File], n: usize) -> Vec<Batch> {
    let n = n.max(1);
    let total: usize = files.iter().map(|f| f.lines.max(1)).sum();
    let target = total.div_ceil(n).max(1);
    let mut by_dir: BTreeMap<String, Vec<File>> = BTreeMap::new();
    for f in files {
        let dir = Path::new(&f.path).parent().map(|p| p.display().to_string()).unwrap_or_default();
        by_dir.entry(dir).or_default().push(f.clone());
    }
    let mut groups: Vec<Vec<File>> = by_dir.into_values().collect();
    let weight = |g: &[File]| g.iter().map(|f| f.lines.max(1)).sum::<usize>();
    groups.sort_by(|a, b| weight(b).cmp(&weight(a)).then_with(|| a[0].path.cmp(&b[0].path)));
    let mut out = vec![Batch::default(); n];
    let lightest = |out: &[Batch]| (0..out.len()).min_by_key(|&i| (out[i].lines, i)).unwrap_or(0);
    for g in groups {
        let w = weight(&g);
        let i = lightest(&out);
        if out[i].lines + w <= target + target / 10 {
            out[i].lines += w;
            out[i].files.extend(g);
            continue;
        }
        // Too big to keep together: its files go one by one, largest first.
        let mut g = g;
        g.sort_by(|a, b| b.lines.cmp(&a.lines).then_with(|| a.path.cmp(&b.path)));
        for f in g {
            let i = lightest(&out);
            out[i].lines += f.lines.max(1);
            out[i].files.push(f);
        }
    }
    for b in &mut out {
        b.files.sort_by(|a, b| a.path.cmp(&b.path));
    }
    out.retain(|b| !b.files.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_from_files_lines_and_lists() {
        let log = "### t\ndid it\nFiles: src/a.rs, `src/b.rs`\n\n- Files created/modified:\n  - `web/cart.tsx` (new)\n  - ./web/api.ts\n- Tests: pass\n";
        assert_eq!(mentioned(log), ["src/a.rs", "src/b.rs", "web/cart.tsx", "web/api.ts"]);
    }

    #[test]
    fn batches_balance_lines_and_keep_small_directories_together() {
        let f = |p: &str, l| File { path: p.into(), lines: l };
        let files = [f("a/1", 100), f("a/2", 100), f("b/1", 150), f("c/1", 50), f("c/2", 50), f("d/1", 150)];
        let b = batches(&files, 3);
        let lines: Vec<usize> = b.iter().map(|b| b.lines).collect();
        assert_eq!(lines, [200, 200, 200]);
        assert!(
            b.iter().any(|b| b.files.iter().map(|f| f.path.as_str()).collect::<Vec<_>>() == ["a/1", "a/2"])
        );
    }
}
