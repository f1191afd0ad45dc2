//! The git merge driver's semantics: how plan files merge when two copies were edited apart.
//!
//! git calls `pplan merge-driver %O %A %B %L %P` with the base, ours and theirs versions. What a
//! file is comes from its name:
//! - `task_plan.md`: a line three-way merge ([`diff3`]) where a cluster changed on both sides is
//!   settled line by line (each task's or status line's own three-way), rows and tasks added at
//!   the same place by both sides are all kept (identical ones once), and error rows appended by
//!   both sides get their attempt numbers continued per task;
//! - `findings.md`, `progress.md` and the agents' files: append-only logs, so entries added at the
//!   same place by both sides are interleaved by their timestamps, identical entries kept once,
//!   and a merged block (`<!-- pplan:merge … sha=… -->`) present twice is kept once;
//! - anything else: a plain three-way text merge.
//!
//! A semantic merge is checked before it is trusted: every line either side added must be in the
//! result. If one is missing, the plain merge (which never drops a line) is the answer instead.

use std::collections::{HashMap, HashSet};

use crate::git::diff3::{self, Cluster, Markers, Merged, Plain, Resolve};
use crate::plan::rows::{self, Column};
use crate::plan::{Log, Plan};
use crate::text::Document;

/// The driver command git runs (`merge.pplan.driver`): exactly these placeholders, in this order.
pub const DRIVER: &str = "pplan merge-driver %O %A %B %L %P";
/// `merge.pplan.name`.
pub const DRIVER_NAME: &str = "pplan: semantic merge of plan files";
/// The `.gitattributes` patterns of the plan files (they match at any depth).
pub const PATTERNS: [&str; 5] =
    ["task_plan.md", "findings.md", "progress.md", "findings_*.md", "progress_*.md"];

/// How a file merges, from its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Plan,
    Log,
    Text,
}

impl Kind {
    pub fn of(path: &str) -> Kind {
        let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
        let agent_file = |prefix: &str| {
            name.strip_prefix(prefix).and_then(|r| r.strip_suffix(".md")).is_some_and(|id| !id.is_empty())
        };
        match name {
            "task_plan.md" => Kind::Plan,
            "findings.md" | "progress.md" => Kind::Log,
            _ if agent_file("findings_") || agent_file("progress_") => Kind::Log,
            _ => Kind::Text,
        }
    }
}

/// The result of a merge: the bytes for OURS and how many conflicts they hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub text: Vec<u8>,
    pub conflicts: usize,
    /// The semantic merge was set aside for the plain one (it would have lost a line).
    pub fell_back: bool,
    /// What the conflicts are about, when pplan can name it (a task id added on both sides).
    pub reports: Vec<String>,
}

/// Merge three versions of a file of `kind`, with conflict markers of `marker_size`.
pub fn merge(kind: Kind, base: &[u8], ours: &[u8], theirs: &[u8], marker_size: usize) -> Outcome {
    let eol: &'static [u8] = if ours.windows(2).any(|w| w == b"\r\n") { b"\r\n" } else { b"\n" };
    let markers = Markers { size: marker_size.max(1), eol };
    let (b, o, t) = (diff3::lines(base), diff3::lines(ours), diff3::lines(theirs));
    let plain = || diff3::merge(&b, &o, &t, &markers, &mut Plain);
    let utf8 = [base, ours, theirs].iter().all(|x| std::str::from_utf8(x).is_ok());
    if kind == Kind::Text || !utf8 {
        let m = plain();
        return Outcome { text: m.text(), conflicts: m.conflicts, fell_back: false, reports: Vec::new() };
    }
    let mut resolver = Semantic { kind, unioned: Vec::new() };
    let mut merged = diff3::merge(&b, &o, &t, &markers, &mut resolver);
    if kind == Kind::Log {
        drop_repeated_merge_blocks(&mut merged);
    }
    if !keeps_every_added_line(&b, &o, &t, &merged) {
        let m = plain();
        return Outcome { text: m.text(), conflicts: m.conflicts, fell_back: true, reports: Vec::new() };
    }
    let mut text = merged.text();
    if kind == Kind::Plan && merged.conflicts == 0 && !resolver.unioned.is_empty() {
        text = continue_attempts(text, &b, &resolver.unioned);
    }
    let mut out = Outcome { text, conflicts: merged.conflicts, fell_back: false, reports: Vec::new() };
    if kind == Kind::Plan {
        mark_duplicate_ids(&mut out, ours, theirs, &markers);
        report_double_claims(&mut out, base, ours, theirs, &markers);
    }
    out
}

/// Each task id's claimant and its line (without line ending), in a version of the plan.
fn claims_by_id(text: &[u8]) -> HashMap<String, (String, Vec<u8>)> {
    let doc = Document::from_text(String::from_utf8_lossy(text).into_owned());
    let plan = Plan::parse(&doc);
    plan.tasks
        .iter()
        .filter_map(|t| {
            let c = t.claim()?;
            let start = doc.text()[..t.at].rfind('\n').map_or(0, |i| i + 1);
            let end = doc.text()[start..].find('\n').map_or(doc.text().len(), |i| start + i + 1);
            Some((t.id?.to_string(), (c.by.to_string(), doc.text().as_bytes()[start..end].to_vec())))
        })
        .collect()
}

/// Two clones claimed the same task (`next --claim` on each side): never a silent pick. Both
/// claimants are named; when the lines merged anyway, the task's line becomes a conflict.
fn report_double_claims(out: &mut Outcome, base: &[u8], ours: &[u8], theirs: &[u8], markers: &Markers) {
    let (b, o, t) = (claims_by_id(base), claims_by_id(ours), claims_by_id(theirs));
    let mut ids: Vec<&String> = o
        .iter()
        .filter(|&(id, (by, _))| {
            let was = b.get(id).map(|(w, _)| w);
            t.get(id).is_some_and(|(other, _)| other != by && Some(other) != was && Some(by) != was)
        })
        .map(|(id, _)| id)
        .collect();
    ids.sort();
    for id in ids {
        let ((ours_by, ours_line), (theirs_by, theirs_line)) = (&o[id], &t[id]);
        let text = std::mem::take(&mut out.text);
        let both_kept = text.windows(ours_line.len()).any(|w| w == ours_line.as_slice())
            && text.windows(theirs_line.len()).any(|w| w == theirs_line.as_slice());
        if both_kept {
            out.text = text;
        } else {
            // One claim won silently: put both back, as a conflict.
            let keep = if text.windows(ours_line.len()).any(|w| w == ours_line.as_slice()) {
                ours_line
            } else {
                theirs_line
            };
            let mut lines = Vec::new();
            let mut done = false;
            for line in diff3::lines(&text) {
                if !done && trim_end(line) == trim_end(keep) {
                    markers.conflict(&[ours_line], &[theirs_line], &mut lines);
                    out.conflicts += 1;
                    done = true;
                } else {
                    lines.push(line.to_vec());
                }
            }
            out.text = lines.concat();
        }
        out.reports.push(format!(
            "task `{id}` was claimed on both sides: by {ours_by} (ours) and by {theirs_by} (theirs)"
        ));
    }
}

/// How many tasks carry each id, leaving out the tasks on theirs' side of a conflict (a
/// conflict keeps one side, not both); and the line starts of the tasks counted, by id.
fn id_lines(text: &str, marker_size: usize) -> HashMap<String, Vec<usize>> {
    let doc = Document::from_text(text.to_string());
    let plan = Plan::parse(&doc);
    let theirs = theirs_sides(doc.text(), marker_size);
    let mut out: HashMap<String, Vec<usize>> = HashMap::new();
    for t in &plan.tasks {
        let Some(id) = t.id else { continue };
        let start = doc.text()[..t.at].rfind('\n').map_or(0, |i| i + 1);
        if !theirs.iter().any(|r| r.contains(&start)) {
            out.entry(id.to_string()).or_default().push(start);
        }
    }
    out
}

/// The byte ranges between a `=======` and a `>>>>>>>` marker line.
fn theirs_sides(text: &str, size: usize) -> Vec<std::ops::Range<usize>> {
    let is = |line: &str, c: char| {
        line.len() >= size && line.chars().take(size).all(|x| x == c) && !line[size..].starts_with(c)
    };
    let mut out = Vec::new();
    let (mut at, mut open) = (0, None);
    for line in text.split_inclusive('\n') {
        if is(line, '=') {
            open = Some(at + line.len());
        } else if is(line, '>')
            && let Some(start) = open.take()
        {
            out.push(start..at);
        }
        at += line.len();
    }
    out
}

/// Both sides added a task with the same id (each continued the id scheme on its own): the
/// merge would hold that id twice. Never a silent duplicate: theirs' line is put inside
/// conflict markers (an empty ours beside it), counted as a conflict, and named.
fn mark_duplicate_ids(out: &mut Outcome, ours: &[u8], theirs: &[u8], markers: &Markers) {
    let count =
        |b: &[u8], id: &str| id_lines(&String::from_utf8_lossy(b), markers.size).get(id).map_or(0, Vec::len);
    let text = String::from_utf8_lossy(&out.text).into_owned();
    let merged = id_lines(&text, markers.size);
    let mut dup: Vec<&String> = merged
        .iter()
        .filter(|&(id, at)| at.len() > 1 && at.len() > count(ours, id).max(count(theirs, id)))
        .map(|(id, _)| id)
        .collect();
    if dup.is_empty() {
        return;
    }
    dup.sort();
    let ours_lines: HashSet<&[u8]> = diff3::lines(ours).into_iter().map(trim_end).collect();
    let line_at = |start: usize| {
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i + 1);
        trim_end(&text.as_bytes()[start..end])
    };
    // The lines of tasks with a duplicated id that only theirs has (the later one when both
    // sides wrote the same line at two places).
    let wrap: HashSet<usize> = dup
        .iter()
        .flat_map(|id| {
            let lines = &merged[*id];
            let theirs: Vec<usize> =
                lines.iter().copied().filter(|&s| !ours_lines.contains(line_at(s))).collect();
            if theirs.is_empty() { lines.last().copied().into_iter().collect() } else { theirs }
        })
        .collect();
    let mut at = 0;
    let mut lines = Vec::new();
    for line in diff3::lines(text.as_bytes()) {
        if wrap.contains(&at) {
            markers.conflict(&[], &[line], &mut lines);
            out.conflicts += 1;
        } else {
            lines.push(line.to_vec());
        }
        at += line.len();
    }
    out.text = lines.concat();
    for id in dup {
        out.reports.push(format!("task id `{id}` was added on both sides: give one of them another id"));
    }
}

/// Settles clusters changed on both sides, by the file's kind.
struct Semantic {
    kind: Kind,
    /// Lines theirs added next to ours' additions (their attempt numbers may need continuing).
    unioned: Vec<Vec<u8>>,
}

impl Resolve for Semantic {
    fn resolve(&mut self, c: &Cluster<'_, '_>) -> Option<Vec<Vec<u8>>> {
        if c.both_insert() {
            let (merged, theirs) = union(self.kind, &c.ours, &c.theirs);
            self.unioned.extend(theirs);
            return Some(merged);
        }
        line_by_line(c)
    }
}

/// Both sides changed the same lines one for one: each line's own three-way merge, a conflict
/// only where one line changed differently on both sides (then the whole cluster conflicts, so
/// the markers show the context).
fn line_by_line(c: &Cluster<'_, '_>) -> Option<Vec<Vec<u8>>> {
    if c.ours.len() != c.base.len() || c.theirs.len() != c.base.len() {
        return None;
    }
    c.base
        .iter()
        .zip(c.ours.iter().zip(&c.theirs))
        .map(|(b, (o, t))| match () {
            _ if o == t || t == b => Some(o.to_vec()),
            _ if o == b => Some(t.to_vec()),
            _ => None,
        })
        .collect()
}

/// Entries both sides added at the same place: all of ours, then theirs (a log interleaves them
/// by timestamp), an entry identical to one of ours kept once. Returns the merged lines and the
/// lines that came from theirs.
fn union(kind: Kind, ours: &[&[u8]], theirs: &[&[u8]]) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let ob = blocks(kind, ours);
    let seen: HashSet<&[u8]> = ob.iter().map(|b| trim_end(&b.text)).collect();
    let tb: Vec<Block> =
        blocks(kind, theirs).into_iter().filter(|b| !seen.contains(trim_end(&b.text))).collect();
    let from_theirs: Vec<Vec<u8>> = tb.iter().flat_map(|b| b.lines.iter().map(|l| l.to_vec())).collect();
    let mut out: Vec<Vec<u8>> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < ob.len() || j < tb.len() {
        let take_theirs = match (ob.get(i), tb.get(j)) {
            (None, _) => true,
            (_, None) => false,
            (Some(o), Some(t)) => {
                kind == Kind::Log && matches!((&t.stamp, &o.stamp), (Some(ts), Some(os)) if ts < os)
            }
        };
        let block = if take_theirs {
            j += 1;
            &tb[j - 1]
        } else {
            i += 1;
            &ob[i - 1]
        };
        // Keep a line ending between blocks, even when a side's last line had none.
        if let Some(last) = out.last_mut().filter(|l| !l.ends_with(b"\n")) {
            last.push(b'\n');
        }
        // One blank line between entries: a block's leading separator is dropped when the block
        // before already ends with one (both sides appended `\n### …\n…\n\n`).
        let blank = |l: &&&[u8]| trim_end(l).is_empty();
        let skip = match out.last() {
            Some(l) if trim_end(l).is_empty() => block.lines.iter().take_while(blank).count(),
            _ => 0,
        };
        out.extend(block.lines[skip..].iter().map(|l| l.to_vec()));
    }
    (out, from_theirs)
}

/// An entry of a file: lines from one start to the next.
struct Block<'a> {
    lines: Vec<&'a [u8]>,
    text: Vec<u8>,
    /// A log entry's timestamp (`### 2026-11-21T01:02:03Z`), for ordering.
    stamp: Option<String>,
}

/// Split added lines into entries (lines before the first entry lead into it). In a plan, every heading, list item and table row starts
/// one (blank lines and continuations belong to the entry before). In a log, headings start
/// entries, and a merged block (`<!-- pplan:merge … -->` to `<!-- /pplan:merge … -->`) is one
/// entry whatever headings it holds.
fn blocks<'a>(kind: Kind, lines: &[&'a [u8]]) -> Vec<Block<'a>> {
    let mut out: Vec<Block<'a>> = Vec::new();
    let mut pending: Vec<&'a [u8]> = Vec::new();
    let mut inside_merge = false;
    for &line in lines {
        let s = String::from_utf8_lossy(line);
        let t = s.trim_start();
        let starts = match kind {
            _ if inside_merge => false,
            Kind::Log => t.starts_with('#') || t.starts_with("<!-- pplan:merge "),
            _ => {
                t.starts_with('#')
                    || t.starts_with('|')
                    || (!s.starts_with([' ', '\t'])
                        && (t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ ")))
            }
        };
        if t.starts_with("<!-- pplan:merge ") {
            inside_merge = true;
        } else if t.starts_with("<!-- /pplan:merge") {
            inside_merge = false;
        }
        if starts {
            let mut lines = std::mem::take(&mut pending);
            lines.push(line);
            let text = lines.concat();
            let stamp = (kind == Kind::Log).then(|| stamp(t)).flatten();
            out.push(Block { lines, text, stamp });
        } else if let Some(b) = out.last_mut() {
            b.lines.push(line);
            b.text.extend_from_slice(line);
        } else {
            // Lines before the first entry (a blank separator) lead into it.
            pending.push(line);
        }
    }
    if !pending.is_empty() {
        let text = pending.concat();
        out.push(Block { lines: pending, text, stamp: None });
    }
    out
}

/// The ISO timestamp in a log heading, if it has one.
fn stamp(heading: &str) -> Option<String> {
    if !heading.starts_with('#') {
        return None;
    }
    let b = heading.as_bytes();
    (0..b.len().saturating_sub(15)).find_map(|i| {
        let w = &b[i..i + 16];
        let shape = w.iter().enumerate().all(|(k, c)| match k {
            4 | 7 => *c == b'-',
            10 => *c == b'T' || *c == b' ',
            13 => *c == b':',
            _ => c.is_ascii_digit(),
        });
        shape.then(|| heading[i..].split_whitespace().next().unwrap_or_default().to_string())
    })
}

fn trim_end(b: &[u8]) -> &[u8] {
    let end = b.iter().rposition(|c| !c.is_ascii_whitespace()).map_or(0, |i| i + 1);
    &b[..end]
}

/// A merged block (`<!-- pplan:merge … sha=X -->` to `<!-- /pplan:merge sha=X -->`) that is in
/// the result twice, whole and identical, is kept once (the first).
fn drop_repeated_merge_blocks(m: &mut Merged) {
    let sha_of = |l: &[u8], open: bool| -> Option<String> {
        let s = std::str::from_utf8(l).ok()?.trim();
        let rest = s.strip_prefix(if open { "<!-- pplan:merge " } else { "<!-- /pplan:merge " })?;
        rest.split_whitespace().find_map(|w| w.strip_prefix("sha=")).map(str::to_string)
    };
    let mut seen: HashMap<String, Vec<Vec<u8>>> = HashMap::new();
    let mut out: Vec<Vec<u8>> = Vec::with_capacity(m.lines.len());
    let mut i = 0;
    while i < m.lines.len() {
        if let Some(sha) = sha_of(&m.lines[i], true) {
            let close = (i + 1..m.lines.len()).find(|&k| sha_of(&m.lines[k], false).as_deref() == Some(&sha));
            if let Some(end) = close {
                let block = m.lines[i..=end].to_vec();
                if seen.get(&sha) == Some(&block) {
                    // Drop it, with the blank line that separated it from what came before.
                    i = end + 1;
                    if out.last().is_some_and(|l| trim_end(l).is_empty())
                        && m.lines.get(i).is_none_or(|l| trim_end(l).is_empty())
                    {
                        out.pop();
                    }
                    continue;
                }
                seen.entry(sha).or_insert(block);
            }
        }
        out.push(std::mem::take(&mut m.lines[i]));
        i += 1;
    }
    m.lines = out;
}

/// Every line that ours or theirs added (one not in the base) is a whole line of the merged
/// text (read back from the bytes, so two lines glued into one fail the check).
fn keeps_every_added_line(base: &[&[u8]], ours: &[&[u8]], theirs: &[&[u8]], m: &Merged) -> bool {
    let norm = |l: &[u8]| trim_end(l).to_vec();
    let base: HashSet<Vec<u8>> = base.iter().map(|l| norm(l)).collect();
    let text = m.text();
    let result: HashSet<Vec<u8>> = diff3::lines(&text).iter().map(|l| norm(l)).collect();
    ours.iter().chain(theirs).map(|l| norm(l)).filter(|l| !base.contains(l)).all(|l| result.contains(&l))
}

/// Error rows theirs appended beside ours' may repeat an attempt number ours already used for the
/// same task: continue the count in the order the rows now stand (`2`, `2` becomes `2`, `3`).
/// Only rows that came from theirs in such a union are renumbered; every other byte stays.
fn continue_attempts(text: Vec<u8>, base: &[&[u8]], unioned: &[Vec<u8>]) -> Vec<u8> {
    let Ok(s) = String::from_utf8(text) else { unreachable!("merged from UTF-8 inputs") };
    let doc = Document::from_text(s);
    let plan = Plan::parse(&doc);
    let Some(table) = rows::target_table(&plan, Log::Errors) else { return doc.into_text().into_bytes() };
    let col = |c: Column| table.columns.iter().position(|x| rows::column(x) == c);
    let (Some(task_col), Some(attempt_col)) = (col(Column::Task), col(Column::Attempt)) else {
        return doc.into_text().into_bytes();
    };
    let text = doc.text();
    let theirs: HashSet<&[u8]> = unioned.iter().map(|l| trim_end(l)).collect();
    let base: HashSet<&[u8]> = base.iter().map(|l| trim_end(l)).collect();
    let mut last: HashMap<String, u64> = HashMap::new();
    let mut edits = Vec::new();
    for row in table.rows.iter().filter(|r| !r.placeholder) {
        let (Some(task), Some(cell)) = (row.cells.get(task_col), row.cells.get(attempt_col)) else {
            continue;
        };
        let task = text[task.clone()].trim_matches(['`', '*', ' ']).to_string();
        let Ok(n) = text[cell.clone()].trim().parse::<u64>() else { continue };
        let line = trim_end(text[row.line.clone()].as_bytes());
        let prev = last.get(&task).copied().unwrap_or(0);
        let n = if theirs.contains(line) && !base.contains(line) && n <= prev {
            edits.push(crate::text::Edit::replace(cell.clone(), (prev + 1).to_string()));
            prev + 1
        } else {
            n
        };
        last.insert(task, n.max(prev));
    }
    match crate::text::apply(text, &edits) {
        Ok(t) => t.into_bytes(),
        Err(_) => doc.into_text().into_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(kind: Kind, base: &str, ours: &str, theirs: &str) -> (String, usize) {
        let r = merge(kind, base.as_bytes(), ours.as_bytes(), theirs.as_bytes(), 7);
        (String::from_utf8(r.text).unwrap(), r.conflicts)
    }

    #[test]
    fn kinds_come_from_file_names() {
        assert_eq!(Kind::of("a/b/task_plan.md"), Kind::Plan);
        assert_eq!(Kind::of("progress.md"), Kind::Log);
        assert_eq!(Kind::of("x/findings_BE-001.md"), Kind::Log);
        assert_eq!(Kind::of("findings_.md"), Kind::Text);
        assert_eq!(Kind::of("README.md"), Kind::Text);
    }

    #[test]
    fn rows_appended_by_both_sides_are_unioned_and_attempts_continued() {
        let base = "## Errors Encountered\n| Error | Task | Attempt | Approach | Resolution |\n|---|---|---|---|---|\n| e1 | T-1 | 1 | a | |\n";
        let ours = format!("{base}| e2 | T-1 | 2 | b | |\n| same | T-2 | 1 | z | |\n");
        let theirs = format!("{base}| e3 | T-1 | 2 | c | |\n| same | T-2 | 1 | z | |\n");
        let (text, n) = m(Kind::Plan, base, &ours, &theirs);
        assert_eq!(n, 0);
        assert_eq!(
            text,
            format!("{base}| e2 | T-1 | 2 | b | |\n| same | T-2 | 1 | z | |\n| e3 | T-1 | 3 | c | |\n")
        );
    }

    #[test]
    fn a_status_changed_differently_on_both_sides_conflicts() {
        let base = "- [ ] A\n- [ ] B\n";
        let (text, n) = m(Kind::Plan, base, "- [x] A\n- [ ] B\n", "- [!] A\n- [ ] B\n");
        assert_eq!(n, 1);
        assert_eq!(text, "<<<<<<< ours\n- [x] A\n=======\n- [!] A\n>>>>>>> theirs\n- [ ] B\n");
    }

    #[test]
    fn line_by_line_settles_overlapping_clusters() {
        let base = "a\nb\nc\n";
        let (text, n) = m(Kind::Plan, base, "A\nB\nc\n", "a\nB\nC\n");
        assert_eq!((text.as_str(), n), ("A\nB\nC\n", 0));
    }

    #[test]
    fn log_entries_interleave_by_timestamp() {
        let base = "# Progress\n";
        let ours =
            format!("{base}### 2026-11-21T01:00:00Z\nours one\n\n### 2026-11-21T03:00:00Z\nours two\n");
        let theirs = format!("{base}### 2026-11-21T02:00:00Z\ntheirs\n");
        let (text, n) = m(Kind::Log, base, &ours, &theirs);
        assert_eq!(n, 0);
        assert_eq!(
            text,
            format!(
                "{base}### 2026-11-21T01:00:00Z\nours one\n\n### 2026-11-21T02:00:00Z\ntheirs\n### 2026-11-21T03:00:00Z\nours two\n"
            )
        );
    }

    #[test]
    fn entries_appended_by_both_sides_keep_one_blank_line_between_them() {
        let base = "# Progress\n";
        let ours = format!("{base}\n### 2026-11-21T01:00:00Z\nours\n\n");
        let theirs = format!("{base}\n### 2026-11-21T01:00:01Z\ntheirs\n\n");
        let (text, n) = m(Kind::Log, base, &ours, &theirs);
        assert_eq!(n, 0);
        assert_eq!(
            text,
            format!("{base}\n### 2026-11-21T01:00:00Z\nours\n\n### 2026-11-21T01:00:01Z\ntheirs\n\n")
        );
    }

    #[test]
    fn a_merge_block_present_on_both_sides_is_kept_once() {
        let block = "<!-- pplan:merge group=1 agent=A sha=abc -->\n### A\nx\n<!-- /pplan:merge sha=abc -->\n";
        let base = "# Findings\n";
        let ours = format!("{base}### 2026-11-21T01:00:00Z\nmine\n\n{block}");
        let theirs = format!("{base}{block}");
        let (text, n) = m(Kind::Log, base, &ours, &theirs);
        assert_eq!(n, 0);
        assert_eq!(text.matches("sha=abc -->").count(), 2, "{text}");
        assert_eq!(text.matches("<!-- pplan:merge").count(), 1, "{text}");
    }

    #[test]
    fn a_task_id_added_on_both_sides_is_a_named_conflict() {
        let base = "### Group 1: A\n- [ ] T-1: one\n\n### Group 2: B\n- [ ] T-5: five\n";
        let ours = base.replace("- [ ] T-1: one\n", "- [ ] T-1: one\n- [ ] T-2: ours\n");
        let theirs = base.replace("- [ ] T-5: five\n", "- [ ] T-5: five\n- [ ] T-2: theirs\n");
        let r = merge(Kind::Plan, base.as_bytes(), ours.as_bytes(), theirs.as_bytes(), 7);
        assert_eq!(r.conflicts, 1);
        assert_eq!(
            String::from_utf8(r.text).unwrap(),
            "### Group 1: A\n- [ ] T-1: one\n- [ ] T-2: ours\n\n### Group 2: B\n- [ ] T-5: five\n<<<<<<< ours\n=======\n- [ ] T-2: theirs\n>>>>>>> theirs\n"
        );
        assert_eq!(r.reports, ["task id `T-2` was added on both sides: give one of them another id"]);
        let same = merge(Kind::Plan, base.as_bytes(), ours.as_bytes(), ours.as_bytes(), 7);
        assert_eq!((same.conflicts, same.reports.len()), (0, 0));
    }

    #[test]
    fn a_task_claimed_on_both_sides_names_both_claimants() {
        let base = "- [ ] T-1: one\n- [ ] T-2: two\n";
        let ours = "- [~] T-1: one (claimed: alice 2026-11-23T10:00Z)\n- [ ] T-2: two\n";
        let theirs = "- [~] T-1: one (claimed: bob 2026-11-23T10:01Z)\n- [ ] T-2: two\n";
        let r = merge(Kind::Plan, base.as_bytes(), ours.as_bytes(), theirs.as_bytes(), 7);
        assert_eq!(r.conflicts, 1);
        assert_eq!(r.reports, ["task `T-1` was claimed on both sides: by alice (ours) and by bob (theirs)"]);
        let same = merge(Kind::Plan, base.as_bytes(), ours.as_bytes(), ours.as_bytes(), 7);
        assert_eq!((same.conflicts, same.reports.len()), (0, 0));
        // A steal on one side after a claim both saw is no conflict.
        let stolen = ours.replace("alice 2026-11-23T10:00Z", "carol 2026-11-23T11:00Z");
        let r = merge(Kind::Plan, ours.as_bytes(), ours.as_bytes(), stolen.as_bytes(), 7);
        assert_eq!((r.conflicts, r.reports.len()), (0, 0));
    }

    #[test]
    fn a_text_file_merges_plainly() {
        let (_, n) = m(Kind::Text, "a\n", "a\nx\n", "a\ny\n");
        assert_eq!(n, 1);
    }
}
