//! Insert a task or a group in the style the plan already uses: the checkbox form, list marker
//! and indent of the sibling it follows, its id scheme continued (`BE-002` after `BE-001`,
//! `T-051` after `T-050`, `3.4` after `3.3`), the plan's `(depends: …)` spelling, and a row or an
//! item where the plan keeps tasks or groups in tables or lists.
//!
//! These functions compute [`Edit`]s only; the store applies and verifies them. Every new line is
//! one line (user text cannot break out of it) in the file's line ending, and the bytes around it
//! stay as they were. [`verify_added`] is the check a writer runs on the result.

use std::ops::Range;

use super::annotations::{self, Kind};
use super::edit::{self, Target};
use super::{Group, GroupForm, Indicator, Place, Plan, Status, Task, TaskForm, status, syntax};
use crate::error::{Error, Result};
use crate::text::{Block, Document, Edit, Outline};

/// A task to add.
#[derive(Clone, Debug, Default)]
pub struct NewTask<'s> {
    /// Its text (one line; line breaks become spaces, a `|` in a table cell is escaped).
    pub text: &'s str,
    /// The id to write; `None` continues the group's scheme ([`next_id`]), or writes none when
    /// the plan's tasks have none.
    pub id: Option<&'s str>,
    /// Ids it depends on, written as the plan spells `(depends: …)`.
    pub depends: &'s [String],
    /// `(files: …)`.
    pub files: &'s [String],
    /// `(from: ID)`: the agent whose proposal this is.
    pub from: Option<&'s str>,
}

/// What [`insert_task`] computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Insertion {
    pub edits: Vec<Edit>,
    /// The id written, if any.
    pub id: Option<String>,
    /// The task's text as written (see [`as_written`]), as it reads back.
    pub text: String,
    /// The group was done (complete or skipped) and reads in progress after the insertion.
    pub reopened: bool,
}

/// What [`insert_group`] computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupInsertion {
    pub edits: Vec<Edit>,
    /// The new group's id (`3`, `C`, `三`).
    pub id: String,
}

/// The edits that add `new` to group `group` (to the plan's tasks when `None`, for a plan
/// without groups): after task `after` when given (an index into [`Plan::tasks`] of that
/// group), else after the group's last task. A done group is set back to in progress.
///
/// Refused: an id already taken, a text that carries annotations of its own, a group whose
/// tasks have no place in the file (a group that is a table row).
pub fn insert_task(
    plan: &Plan<'_>,
    doc: &Document,
    group: Option<usize>,
    new: &NewTask<'_>,
    after: Option<usize>,
) -> Result<Insertion> {
    let text = doc.text();
    let eol = doc.eol().as_str();
    refuse_lone_cr(text)?;
    let words = one_line(new.text);
    if words.is_empty() {
        return Err(usage("a task needs some text", "pplan add \"<text>\""));
    }
    let (_, notes) = annotations::read(&words, 0..words.len());
    if !notes.is_empty() {
        return Err(usage(
            &format!("the text `{words}` ends with an annotation; pass dependencies with --depends"),
            "pplan add \"<text>\" --depends A,B",
        ));
    }
    let id = match new.id {
        Some(id) => Some(checked_id(id)?),
        None => next_id(plan, group),
    };
    if let Some(id) = &id
        && let Some(t) = plan.tasks.iter().find(|t| t.id.is_some_and(|t| t.eq_ignore_ascii_case(id)))
    {
        return Err(Error::IdTaken { id: id.clone(), line: doc.line_of(t.at) });
    }
    let range = match group {
        Some(g) => plan.groups[g].tasks.clone(),
        None => 0..plan.tasks.len(),
    };
    let anchor = match after {
        Some(i) => Some(i),
        None => range.clone().rev().find(|&i| !plan.tasks[i].nested),
    };
    let tail = annotations_for(plan, new);
    let written = as_written(anchor.map_or(TaskForm::Checkbox, |i| plan.tasks[i].form), &words);
    let mut edits = match anchor.map(|i| (i, &plan.tasks[i])) {
        // The row escapes its cells, annotations included.
        Some((_, t)) if t.form == TaskForm::TableRow => {
            vec![table_row(plan, doc, t, id.as_deref(), &words, &tail)]
        }
        Some((_, t)) if t.form == TaskForm::Heading => {
            heading_task(plan, doc, t, id.as_deref(), &written, &tail)
        }
        Some((_, t)) => {
            let line = format!("{}{}", checkbox_prefix(plan, t, id.as_deref()), body(&words, &tail));
            vec![lines_at(text, item_end(text, t.at), &[line], eol)]
        }
        None => first_task(plan, doc, group, id.as_deref(), &words, &tail)?,
    };
    let mut reopened = false;
    if let Some(g) = group {
        let grp = &plan.groups[g];
        reopened = plan.status(grp).is_done();
        if reopened && grp.stored().is_some() {
            let mut counts = plan.counts(grp);
            counts.total += 1;
            edits.extend(edit::set_status(plan, doc, Target::Group(g), counts.derived())?);
        }
    }
    Ok(Insertion { edits, id, text: written, reopened })
}

/// The id the next task of `group` gets: the group's last id with its number raised past every
/// id of the same stem in the plan (`BE-002`, `T-051`, `3.4`), keeping its zero padding. A group
/// whose tasks have no ids gets none; a group without tasks continues the plan's one stem (`T-`)
/// if it has one, else takes
/// `<group id>.<n>` (`3.1`) when the plan's ids are per group or its heading groups have no task
/// at all yet (a plan being written with `add`);
/// `None` for a plan whose tasks carry no ids.
pub fn next_id(plan: &Plan<'_>, group: Option<usize>) -> Option<String> {
    let tasks = match group {
        Some(g) => plan.group_tasks(&plan.groups[g]),
        None => &plan.tasks[..],
    };
    if let Some(last) = tasks.iter().rev().filter_map(|t| t.id).find(|id| numbered(id).is_some()) {
        return Some(continued(plan, last));
    }
    if !tasks.is_empty() {
        // The group's tasks carry no ids: neither does a new one.
        return None;
    }
    let ids: Vec<&str> = plan.tasks.iter().filter_map(|t| t.id).collect();
    if ids.is_empty() && !plan.tasks.is_empty() {
        return None;
    }
    let stems: Vec<&str> = ids.iter().filter_map(|id| numbered(id).map(|(stem, _)| stem)).collect();
    if let Some(first) = stems.first()
        && stems.iter().all(|s| s == first)
        && !first.ends_with('.')
    {
        let last = ids.iter().rev().find(|id| numbered(id).is_some()).copied().unwrap_or(first);
        return Some(continued(plan, last));
    }
    let g = group?;
    if ids.is_empty() && plan.groups[g].form != GroupForm::Heading {
        // A plan of list or table groups without tasks is kept by hand: no ids are invented.
        return None;
    }
    let gid = &plan.groups[g].id;
    let prefix = if gid.starts_with(|c: char| c.is_ascii_digit() || c.is_ascii_uppercase())
        && gid.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        gid.to_string()
    } else {
        (g + 1).to_string()
    };
    Some(continued(plan, &format!("{prefix}.0")))
}

/// An id's stem and number: `BE-001` → (`BE-`, `001`).
fn numbered(id: &str) -> Option<(&str, &str)> {
    let digits = id.bytes().rev().take_while(u8::is_ascii_digit).count();
    (digits > 0 && digits < 10).then(|| id.split_at(id.len() - digits))
}

/// The id after `last` in its scheme, past every id of the plan with the same stem.
fn continued(plan: &Plan<'_>, last: &str) -> String {
    let Some((stem, num)) = numbered(last) else { return last.to_string() };
    let width = if num.starts_with('0') { num.len() } else { 1 };
    let top = plan
        .tasks
        .iter()
        .filter_map(|t| t.id.and_then(numbered))
        .filter(|(s, _)| *s == stem)
        .filter_map(|(_, n)| n.parse::<u64>().ok())
        .chain(num.parse::<u64>().ok())
        .max()
        .unwrap_or(0);
    format!("{stem}{:0width$}", top + 1)
}

/// An id given with `--id`: what a task id may be (it becomes a file name for agents).
fn checked_id(id: &str) -> Result<String> {
    let ok = !id.is_empty()
        && id.len() <= 64
        && id.starts_with(|c: char| c.is_ascii_alphanumeric())
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        && id.bytes().any(|b| b.is_ascii_digit());
    if ok {
        Ok(id.to_string())
    } else {
        Err(usage(
            &format!("`{id}` is not a task id pplan can write"),
            "an id is up to 64 of A-Z a-z 0-9 . _ - with a digit (BE-001, T-050, 3.4)",
        ))
    }
}

/// The lines pplan adds, moves and removes are found at LF; a line that ends in a lone CR (an old
/// Mac line ending, which markdown reads as a line break) would be taken for part of the next
/// one, and a line copied from it would carry half the file. Such a plan is refused.
pub(super) fn refuse_lone_cr(text: &str) -> Result<()> {
    let b = text.as_bytes();
    let lone = |i: usize| b[i] == b'\r' && b.get(i + 1) != Some(&b'\n');
    let Some(at) = memchr::memchr_iter(b'\r', b).find(|&i| lone(i)) else { return Ok(()) };
    let line = 1 + (0..at).filter(|&i| b[i] == b'\n' || lone(i)).count();
    Err(usage(
        &format!(
            "line {line} of the plan ends in a lone CR (an old Mac line ending): pplan does not add, move or remove lines in it"
        ),
        "convert the file's line endings to LF or CRLF first",
    ))
}

/// A group id given with `--id`: one word that stays one id where it is written (a heading, a
/// list item, a table cell), as the ids plans use do (`3`, `4b`, `C`, `三`, `0-1`, `C–H`).
fn checked_group_id(id: &str) -> Result<String> {
    let ok = !id.is_empty()
        && id.chars().count() <= 32
        && id.chars().all(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '–' | '_'));
    if ok {
        Ok(id.to_string())
    } else {
        Err(usage(
            &format!("`{id}` is not a group id pplan can write"),
            "a group id is one word of letters, digits, . - – _ (3, 4b, C, 三, 0-1)",
        ))
    }
}

fn usage(message: &str, hint: &'static str) -> Error {
    Error::Usage { message: message.to_string(), hint }
}

/// User text on one line: line breaks and tabs become spaces, runs of spaces one.
/// `words` (one line) as a task of `form` writes them, so that they read back whole: a `|`
/// escaped in a table cell; in a heading, a final run of `#` that would read as the heading's
/// closing sequence (`Port to C #`) escaped (`Port to C \#`).
pub fn as_written(form: TaskForm, words: &str) -> String {
    match form {
        TaskForm::TableRow => words.replace('|', "\\|"),
        TaskForm::Heading => match syntax::closing_sequence(words) {
            Some(at) => format!("{}\\{}", &words[..at], &words[at..]),
            None => words.to_string(),
        },
        _ => words.to_string(),
    }
}

pub(super) fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The annotations a new task carries, in the grammar's order, `depends` spelled as the plan
/// spells it.
fn annotations_for(plan: &Plan<'_>, new: &NewTask<'_>) -> String {
    let mut out = Vec::new();
    if let Some(from) = new.from {
        out.push(annotations::render(Kind::From, &annotations::clean_value(from)));
    }
    if !new.files.is_empty() {
        let files: Vec<String> = new.files.iter().map(|f| annotations::clean_value(f)).collect();
        out.push(annotations::render(Kind::Files, &files.join(", ")));
    }
    if !new.depends.is_empty() {
        out.push(depends_spelled(plan, new.depends));
    }
    out.join(" ")
}

/// `(depends: A, B)` with the opener and separator of the plan's first trailing `(depends …)`.
pub fn depends_spelled(plan: &Plan<'_>, ids: &[String]) -> String {
    let seen = plan
        .tasks
        .iter()
        .filter_map(|t| t.annotations.get(Kind::Depends))
        .find(|a| a.trailing && !a.value.is_empty());
    let (opener, sep) = match seen {
        Some(a) => {
            let opener = &plan.text[a.range.start + 1..a.value_range().start];
            let sep = if a.value.contains(',') {
                if a.value.contains(", ") { ", " } else { "," }
            } else if a.value.contains(';') {
                "; "
            } else {
                ", "
            };
            (opener.to_string(), sep)
        }
        None => ("depends: ".to_string(), ", "),
    };
    format!("({opener}{})", ids.join(sep))
}

fn body(words: &str, tail: &str) -> String {
    if tail.is_empty() { words.to_string() } else { format!("{words} {tail}") }
}

pub(super) fn offset(text: &str, sub: &str) -> usize {
    offset_in(text, sub).unwrap_or(text.len())
}

/// Where `sub` starts in `text`, when it is a slice of it (the model's strs are; a `""` a parser
/// made up is not).
pub(super) fn offset_in(text: &str, sub: &str) -> Option<usize> {
    let at = (sub.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    (at + sub.len() <= text.len() && text.is_char_boundary(at)).then_some(at)
}

/// The start of the line holding `at`, and its end without the line ending.
pub(super) fn line_at(text: &str, at: usize) -> Range<usize> {
    // Inside a character (the last byte of a file with no final newline), its start.
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let end = if text[..end].ends_with('\r') { end - 1 } else { end };
    start..end
}

pub(super) fn next_line(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i + 1)
}

pub(super) fn indent(line: &str) -> usize {
    line.bytes().take_while(|&b| b == b' ' || b == b'\t').map(|b| if b == b'\t' { 4 } else { 1 }).sum()
}

/// The end of the list item on the line at `at`, with its nested items and continuation lines:
/// the start of the first line after it (blank lines between it and a less indented line are
/// not part of it).
pub(super) fn item_end(text: &str, at: usize) -> usize {
    let line = &text[line_at(text, at)];
    let lead = syntax::content_start(line);
    let content = lead + syntax::list_marker(&line[lead..]).unwrap_or(0);
    let column = indent(&line[..lead]) + (content - lead).max(1);
    let mut end = next_line(text, at);
    let mut p = end;
    while p < text.len() {
        let l = &text[line_at(text, p)];
        if l.trim().is_empty() {
            p = next_line(text, p);
            continue;
        }
        if indent(l) < column {
            break;
        }
        p = next_line(text, p);
        end = p;
    }
    end
}

/// Lines inserted at a line start (or at the end of the text), in the file's line ending; a
/// file that does not end with one keeps not ending with one.
pub(super) fn lines_at(text: &str, at: usize, lines: &[String], eol: &str) -> Edit {
    if at == text.len() && !text.is_empty() && !text.ends_with('\n') {
        return Edit::insert(at, format!("{eol}{}", lines.join(eol)));
    }
    Edit::insert(at, lines.iter().map(|l| format!("{l}{eol}")).collect::<String>())
}

/// The start of a checkbox task's line up to its text, with a pending box, the next number of an
/// ordered list, and the id written as the sibling writes its id.
fn checkbox_prefix(plan: &Plan<'_>, t: &Task<'_>, id: Option<&str>) -> String {
    let text = plan.text;
    let line = line_at(text, t.at);
    let text_at = offset(text, t.text).min(line.end).max(line.start);
    let (head_end, sep) = match t.id {
        Some(tid) => {
            let s = offset(text, tid);
            (s, &text[s + tid.len()..text_at])
        }
        None => (text_at, ""),
    };
    let mut head = text[line.start..head_end].to_string();
    if let Some(ind) = &t.indicator {
        let (s, e) = (ind.range.start - line.start, ind.range.end - line.start);
        if e <= head.len() {
            head.replace_range(s..e, &pending_mark(plan, ind));
        }
    }
    let lead = syntax::content_start(&head);
    let digits = head[lead..].bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0
        && let Ok(n) = head[lead..lead + digits].parse::<u64>()
    {
        head.replace_range(lead..lead + digits, &(n + 1).to_string());
    }
    match (id, t.id) {
        // A sibling without text (`2.1:`) ends at its separator: the new text needs a space.
        (Some(id), Some(_)) if t.text.is_empty() && !sep.ends_with(char::is_whitespace) => {
            format!("{head}{id}{sep} ")
        }
        (Some(id), Some(_)) => format!("{head}{id}{sep}"),
        (Some(id), None) => format!("{head}{id}: "),
        (None, _) => head,
    }
}

fn pending_box(plan: &Plan<'_>) -> String {
    plan.vocabulary.spelling(Place::Checkbox, Status::Pending).unwrap_or(" ").to_string()
}

/// An open mark for a new task written like `ind`: a box, or the file's open symbol (`⬜`).
fn pending_mark(plan: &Plan<'_>, ind: &Indicator) -> String {
    match ind.place {
        Place::Symbol => plan.vocabulary.spelling(Place::Symbol, Status::Pending).unwrap_or("⬜").to_string(),
        _ => pending_box(plan),
    }
}

/// A new row after the task row `t`: its id and task cells written, its status cell pending in
/// the table's spelling, other cells empty.
fn table_row(
    plan: &Plan<'_>,
    doc: &Document,
    t: &Task<'_>,
    id: Option<&str>,
    words: &str,
    tail: &str,
) -> Edit {
    let text = plan.text;
    let line = line_at(text, t.at);
    let raw = &text[line.clone()];
    let cells = syntax::cells(raw);
    let task_cell = offset(text, t.text) - line.start;
    let id_cell = t.id.map(|i| offset(text, i) - line.start);
    let status_cell = t.indicator.as_ref().map(|i| i.range.start - line.start);
    let escaped = body(words, tail).replace('|', "\\|");
    let mut out = raw[..syntax::content_start(raw)].to_string();
    let piped = raw[syntax::content_start(raw)..].starts_with('|');
    for (n, c) in cells.iter().enumerate() {
        let inside = |p: Option<usize>| p.is_some_and(|p| c.contains(&p) || c.start == p);
        let value = if c.contains(&task_cell) || c.start == task_cell {
            escaped.clone()
        } else if inside(id_cell) {
            id.unwrap_or("").to_string()
        } else if inside(status_cell) {
            let old = &raw[c.clone()];
            status::leading(old).map_or("pending".to_string(), |tok| {
                plan.vocabulary
                    .spelling(Place::Cell, Status::Pending)
                    .map_or_else(|| status::restyle(&old[tok.range], Status::Pending), str::to_string)
            })
        } else {
            String::new()
        };
        if n > 0 || piped {
            out.push_str(if n == 0 { "| " } else { " | " });
        }
        out.push_str(&value);
    }
    if piped || raw.trim_end().ends_with('|') {
        out.push_str(" |");
    }
    lines_at(text, next_line(text, line.start), &[out], doc.eol().as_str())
}

/// A new task heading after the task heading `t` (and its section): the same heading marks,
/// keyword and separator, the next number, and its status line copied with a pending status.
fn heading_task(
    plan: &Plan<'_>,
    doc: &Document,
    t: &Task<'_>,
    id: Option<&str>,
    words: &str,
    tail: &str,
) -> Vec<Edit> {
    let text = plan.text;
    let eol = doc.eol().as_str();
    let line = line_at(text, t.at);
    let (id_at, id_len) = t.id.map_or((offset(text, t.text), 0), |i| (offset(text, i), i.len()));
    let title_at = offset(text, t.text);
    let new_id = id.map_or_else(|| next_number(t.id.unwrap_or("0")), str::to_string);
    let heading = format!(
        "{}{new_id}{}{}",
        &text[line.start..id_at],
        &text[id_at + id_len..title_at],
        body(words, tail)
    );
    let mut lines = vec![String::new(), heading];
    if let Some(ind) = t.indicator.as_ref().filter(|i| i.place != Place::Heading) {
        let sl = line_at(text, ind.range.start);
        let mut status_line = text[sl.clone()].to_string();
        let spelled = plan
            .vocabulary
            .spelling(ind.place, Status::Pending)
            .map_or_else(|| status::restyle(&text[ind.range.clone()], Status::Pending), str::to_string);
        status_line.replace_range(ind.range.start - sl.start..ind.range.end - sl.start, &spelled);
        lines.push(status_line);
    }
    let end = section_end(doc, t.at, 9);
    let at = last_content_end(text, t.at, end);
    vec![lines_at(text, at, &lines, eol)]
}

/// `3` → `4`, `3b` → `4`; anything else gets `1`.
fn next_number(id: &str) -> String {
    let digits: String = id.chars().take_while(char::is_ascii_digit).collect();
    digits.parse::<u64>().map_or_else(|_| "1".to_string(), |n| (n + 1).to_string())
}

/// The start of the first heading after the line at `at` whose level is `level` or above
/// (numerically at most), or the end of the text.
fn section_end(doc: &Document, at: usize, level: u8) -> usize {
    Outline::new(doc)
        .blocks
        .iter()
        .find_map(|b| match b {
            Block::Heading { level: l, line, .. } if line.start > at && *l <= level => Some(line.start),
            _ => None,
        })
        .unwrap_or(doc.text().len())
}

/// The start of the line after the last non-blank line in `from..end` (the line at `from`
/// counts).
fn last_content_end(text: &str, from: usize, end: usize) -> usize {
    let mut p = line_at(text, from).start;
    let mut last = next_line(text, from);
    while p < end {
        if !text[line_at(text, p)].trim().is_empty() {
            last = next_line(text, p).min(end.max(next_line(text, p)));
        }
        p = next_line(text, p);
    }
    last
}

/// The heading level of a heading line.
fn heading_level(line: &str) -> u8 {
    let s = &line[syntax::content_start(line)..];
    s.bytes().take_while(|&b| b == b'#').count().min(6) as u8
}

/// The first task of a group (or plan) with none: under a heading group, after its heading and
/// the list right below it (its status line); under a list-item group, as an item nested in it.
/// The line copies the marker and box of the plan's other tasks, else `- [ ] `.
/// Can group `g` take a task: it holds some, or has a place for a first one (a heading, an
/// item of a list of groups). A table row has none, nor an item of the overview list of a plan
/// whose groups are headings (`- [ ] Phase 2: Link` with no `## Phase 2` section).
pub fn takes_a_task(plan: &Plan<'_>, g: usize) -> bool {
    let grp = &plan.groups[g];
    !grp.tasks.is_empty()
        || match grp.form {
            GroupForm::Heading => true,
            GroupForm::ListItem => !plan.groups.iter().any(|o| o.form == GroupForm::Heading),
            GroupForm::TableRow => false,
        }
}

fn first_task(
    plan: &Plan<'_>,
    doc: &Document,
    group: Option<usize>,
    id: Option<&str>,
    words: &str,
    tail: &str,
) -> Result<Vec<Edit>> {
    let text = plan.text;
    let eol = doc.eol().as_str();
    let Some(g) = group else {
        return Err(usage(
            "the plan has no groups and no tasks to add a task beside",
            "add a group first: pplan add --group-title \"<title>\"",
        ));
    };
    let grp = &plan.groups[g];
    let model = plan.tasks.iter().rev().find(|t| t.form == TaskForm::Checkbox && !t.nested);
    let mut prefix = match model {
        Some(t) => {
            let p = checkbox_prefix(plan, t, None);
            let lead = syntax::content_start(&p);
            p[lead..].to_string()
        }
        None => format!("- [{}] ", pending_box(plan)),
    };
    let lead = syntax::content_start(&prefix);
    let digits = prefix[lead..].bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 {
        prefix.replace_range(lead..lead + digits, "1");
    }
    if let Some(id) = id {
        let sep =
            model.and_then(|t| t.id.map(|tid| &text[offset(text, tid) + tid.len()..offset(text, t.text)]));
        let (open, close) = if sep.is_some_and(|s| s.starts_with("**")) { ("**", "") } else { ("", "") };
        let sep = sep.filter(|s| !s.trim().is_empty()).unwrap_or(": ");
        prefix = format!("{prefix}{open}{id}{close}{sep}");
    }
    match grp.form {
        GroupForm::TableRow => Err(Error::Usage {
            message: format!("group `{}` is a table row: its tasks have no place in the plan", grp.key),
            hint: "give the plan group headings, or add the task by hand under the table",
        }),
        GroupForm::ListItem if !takes_a_task(plan, g) => Err(Error::Usage {
            message: format!(
                "group `{}` is only an item of the plan's list of groups: its tasks have no place in the plan",
                grp.key
            ),
            hint: "give the group its heading like the others, or add the task by hand",
        }),
        GroupForm::ListItem => {
            let line = &text[line_at(text, grp.at)];
            let lead = syntax::content_start(line);
            let column = indent(&line[..lead]) + syntax::list_marker(&line[lead..]).unwrap_or(2);
            let new = format!("{}{prefix}{}", " ".repeat(column), body(words, tail));
            Ok(vec![lines_at(text, item_end(text, grp.at), &[new], eol)])
        }
        GroupForm::Heading => {
            let level = heading_level(&text[line_at(text, grp.at)]);
            let end = section_end(doc, grp.at, 6).min(section_end(doc, grp.at, level));
            let at = last_content_end(text, grp.at, end);
            let last = &text[line_at(text, at.saturating_sub(1).max(grp.at))];
            let is_list = at > 0 && {
                let l = syntax::content_start(last);
                syntax::list_marker(&last[l..]).is_some()
            };
            let right_below = line_at(text, at.saturating_sub(1)).start == grp.at;
            let new = format!("{prefix}{}", body(words, tail));
            let lines = if is_list || right_below { vec![new] } else { vec![String::new(), new] };
            Ok(vec![lines_at(text, at, &lines, eol)])
        }
    }
}

/// A group to add.
#[derive(Clone, Debug, Default)]
pub struct NewGroup<'s> {
    pub title: &'s str,
    /// The id to write; `None` takes the next in the plan's scheme ([`next_group_id`]).
    pub id: Option<&'s str>,
}

/// The edits that add a group titled `new.title` after group `after` (else after the last
/// group), in the plan's group style: a heading at its siblings' level with their keyword and
/// separator and a pending status line if they have one, a list item or a table row. A plan
/// with no groups gets `### Group 1: title` with a status line under its `## Groups` section
/// (one is added before the decisions and errors when there is none).
pub fn insert_group(
    plan: &Plan<'_>,
    doc: &Document,
    new: &NewGroup<'_>,
    after: Option<usize>,
) -> Result<GroupInsertion> {
    let text = plan.text;
    refuse_lone_cr(text)?;
    let title = one_line(new.title);
    if title.is_empty() {
        return Err(usage("a group needs a title", "pplan add --group-title \"<title>\""));
    }
    let id = match new.id {
        Some(id) => checked_group_id(id)?,
        None => next_group_id(plan),
    };
    if plan.groups.iter().any(|g| g.id == id.as_str() || g.key == id) {
        return Err(usage(&format!("group `{id}` exists already"), "leave the id out to take the next one"));
    }
    if plan.groups.is_empty() && plan.tasks.iter().any(|t| t.form == TaskForm::Heading) {
        return Err(Error::NoGroupPlace {
            why: "its tasks are headings outside any group, and a group heading would leave them out".into(),
            hint: "put the task headings under group headings by hand first",
        });
    }
    let Some(model) = after.or(plan.groups.len().checked_sub(1)) else {
        return Ok(GroupInsertion { edits: vec![first_group(plan, doc, &id, &title)], id });
    };
    let g = &plan.groups[model];
    if g.by_tasks {
        return Err(Error::NoGroupPlace {
            why: "its groups are numbered items that hold tasks, and an item without a task is not a group"
                .into(),
            hint: "write the new item with its first task under it",
        });
    }
    // A plan that writes its groups twice (a checklist or table of them beside their headings)
    // gets the new group in both places, each written after the model group's own line there.
    let forms: Vec<&Group<'_>> = std::iter::once(g).chain(g.twin.as_deref()).collect();
    let lines: Vec<Range<usize>> = forms.iter().map(|f| line_at(text, f.at)).collect();
    if let Some(other) = g
        .indicators
        .iter()
        .find(|i| i.place != Place::Label && !lines.iter().any(|l| l.contains(&i.range.start)))
    {
        return Err(Error::NoGroupPlace {
            why: format!(
                "group `{}` is written in two places (lines {} and {}), and pplan cannot tell how to write a new group in the second",
                g.key,
                doc.line_of(g.at),
                doc.line_of(other.range.start)
            ),
            hint: "add it to both by hand",
        });
    }
    let edits = forms.iter().map(|f| group_line(plan, doc, f, &id, &title)).collect();
    Ok(GroupInsertion { edits, id })
}

/// The new group `id`/`title` written after group `g`'s line in `g`'s form: its line copied with
/// the id, title and statuses replaced (statuses pending), and for a heading its status line too.
fn group_line(plan: &Plan<'_>, doc: &Document, g: &Group<'_>, id: &str, title: &str) -> Edit {
    let text = plan.text;
    let eol = doc.eol().as_str();
    let line = line_at(text, g.at);
    let raw = &text[line.clone()];
    let mut new_line = raw.to_string();
    // Replace from the right so earlier offsets stay valid: statuses, title, id.
    let mut parts: Vec<(Range<usize>, String)> = Vec::new();
    for ind in g.indicators.iter().filter(|i| line.contains(&i.range.start)) {
        let spelled = match ind.place {
            Place::Checkbox => pending_box(plan),
            _ => status::restyle(&text[ind.range.clone()], Status::Pending),
        };
        parts.push((ind.range.start - line.start..ind.range.end - line.start, spelled));
    }
    let escape = |s: &str| if g.form == GroupForm::TableRow { s.replace('|', "\\|") } else { s.to_string() };
    let title_at = offset_in(text, g.title).unwrap_or(usize::MAX);
    let title_in_line = title_at >= line.start && title_at <= line.end && !g.title.is_empty();
    let id_at = match &g.id {
        std::borrow::Cow::Borrowed(s) if !s.is_empty() => offset_in(text, s),
        std::borrow::Cow::Borrowed(_) => None,
        std::borrow::Cow::Owned(_) => None,
    };
    if let Some(at) = id_at.filter(|&a| a >= line.start && a <= line.end) {
        parts.push((at - line.start..at - line.start + g.id.len(), id.to_string()));
    }
    if title_in_line && id_at != Some(title_at) {
        parts.push((title_at - line.start..title_at - line.start + g.title.len(), escape(title)));
    }
    parts.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    for (r, s) in &parts {
        new_line.replace_range(r.clone(), s);
    }
    if g.form == GroupForm::TableRow {
        // Cells that are neither id, title nor status (dates, owners) start empty.
        new_line = blank_other_cells(raw, &parts);
    }
    let mut lines = vec![new_line];
    match g.form {
        GroupForm::Heading => {
            if let Some(ind) = g.indicators.iter().find(|i| i.place == Place::Label) {
                let sl = line_at(text, ind.range.start);
                let mut status_line = text[sl.clone()].to_string();
                let spelled = status::restyle(&text[ind.range.clone()], Status::Pending);
                status_line.replace_range(ind.range.start - sl.start..ind.range.end - sl.start, &spelled);
                lines.push(status_line);
            }
            let level = heading_level(raw);
            let end = section_end(doc, g.at, level);
            let at = last_content_end(text, g.at, end);
            lines.insert(0, String::new());
            lines_at(text, at, &lines, eol)
        }
        GroupForm::ListItem => lines_at(text, item_end(text, g.at), &lines, eol),
        GroupForm::TableRow => lines_at(text, next_line(text, g.at), &lines, eol),
    }
}

/// A table row rebuilt from `raw` with the replaced cells' new text and every other cell empty.
fn blank_other_cells(raw: &str, parts: &[(Range<usize>, String)]) -> String {
    let cells = syntax::cells(raw);
    let lead = syntax::content_start(raw);
    let piped = raw[lead..].starts_with('|');
    let mut out = raw[..lead].to_string();
    for (n, c) in cells.iter().enumerate() {
        let mut cell = raw[c.clone()].to_string();
        let mut hit = false;
        let mut inner: Vec<&(Range<usize>, String)> =
            parts.iter().filter(|(r, _)| c.start <= r.start && r.end <= c.end).collect();
        inner.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        for (r, s) in inner {
            cell.replace_range(r.start - c.start..r.end - c.start, s);
            hit = true;
        }
        if !hit {
            cell.clear();
        }
        if n > 0 || piped {
            out.push_str(if n == 0 { "| " } else { " | " });
        }
        out.push_str(&cell);
    }
    if piped || raw.trim_end().ends_with('|') {
        out.push_str(" |");
    }
    out
}

/// The first group of a plan: `### Group <id>: title` and a pending status line at the end of
/// its `## Groups` (`## Phases`, …) section, or in a new such section before the decisions and
/// errors.
fn first_group(plan: &Plan<'_>, doc: &Document, id: &str, title: &str) -> Edit {
    let text = plan.text;
    let eol = doc.eol().as_str();
    let headings: Vec<(u8, Range<usize>)> = Outline::new(doc)
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::Heading { level, line, .. } => Some((*level, line.clone())),
            _ => None,
        })
        .collect();
    let named = |names: &[&str]| {
        headings.iter().find(|(_, l)| {
            let t = &text[l.clone()];
            let words = text_of_heading(t).to_lowercase();
            names.iter().any(|n| words == *n)
        })
    };
    let group = format!("Group {id}: {title}");
    if let Some((level, line)) = named(&["groups", "phases", "stages", "waves", "milestones", "阶段"]) {
        let end = headings
            .iter()
            .find(|(l, h)| h.start > line.start && *l <= *level)
            .map_or(text.len(), |(_, h)| h.start);
        let at = last_content_end(text, line.start, end);
        let marks = "#".repeat(usize::from(*level) + 1);
        return lines_at(
            text,
            at,
            &[String::new(), format!("{marks} {group}"), "- **Status:** pending".into()],
            eol,
        );
    }
    let before = headings
        .iter()
        .find(|(_, l)| {
            let w = text_of_heading(&text[l.clone()]).to_lowercase();
            w.starts_with("decisions") || w.starts_with("errors")
        })
        .map(|(_, l)| l.start);
    let lines = [
        "## Groups".to_string(),
        String::new(),
        format!("### {group}"),
        "- **Status:** pending".into(),
        String::new(),
    ];
    match before {
        Some(at) => lines_at(text, at, &lines, eol),
        None => {
            let mut l = vec![String::new()];
            l.extend(lines[..4].iter().cloned());
            lines_at(text, text.len(), &l, eol)
        }
    }
}

fn text_of_heading(line: &str) -> &str {
    &line[syntax::heading_text(line)]
}

/// The id the next group gets: one past the highest number (`4` after `3` and `3b`), the next
/// letter (`C` after `B`) or CJK numeral (`三` after `二`); else the count of groups plus one.
pub fn next_group_id(plan: &Plan<'_>) -> String {
    const CJK: &str = "一二三四五六七八九十";
    let numbers: Vec<u64> = plan
        .groups
        .iter()
        .filter_map(|g| {
            let d: String = g.id.chars().take_while(char::is_ascii_digit).collect();
            d.parse().ok()
        })
        .collect();
    // A code counted on from the last group's own prefix (`M3` → `M4`, `P3.6` → `P3.7`, `#10`
    // → `#11`); plain numbers are past every number taken (`1`, `3b`, `2` → `4`).
    if let Some(last) = plan.groups.last() {
        let prefix = last.id.trim_end_matches(|c: char| c.is_ascii_digit());
        let max = plan.groups.iter().filter_map(|g| g.id.strip_prefix(prefix)?.parse::<u64>().ok()).max();
        if let Some(max) = max.filter(|_| !prefix.is_empty() && prefix.len() < last.id.len()) {
            return format!("{prefix}{}", max + 1);
        }
    }
    if let Some(max) = numbers.iter().max() {
        return (max + 1).to_string();
    }
    let single: Vec<char> = plan
        .groups
        .iter()
        .filter_map(|g| {
            let mut chars = g.id.chars();
            chars.next().filter(|_| chars.next().is_none())
        })
        .collect();
    if let Some(&top) = single.iter().filter(|c| c.is_ascii_uppercase()).max()
        && top != 'Z'
    {
        return char::from(top as u8 + 1).to_string();
    }
    if let Some(i) = single.iter().filter_map(|&c| CJK.chars().position(|k| k == c)).max()
        && let Some(next) = CJK.chars().nth(i + 1)
    {
        return next.to_string();
    }
    (plan.groups.len() + 1).to_string()
}

/// What a writer checks after adding tasks (and groups): the plan reads every task it read
/// before, in order, with the same id, text, status, dependencies and group key, plus exactly
/// the `added` ones (id, text, group key, dependencies as given); groups as before plus
/// `new_groups`, every old group's status unchanged except the `reopened` ones (by key), which
/// read not done.
pub fn verify_added(
    before: &Plan<'_>,
    after: &Plan<'_>,
    added: &[Added],
    new_groups: usize,
    reopened: &[String],
) -> std::result::Result<(), String> {
    if after.groups.len() != before.groups.len() + new_groups {
        return Err(format!(
            "{} groups read back, not {}",
            after.groups.len(),
            before.groups.len() + new_groups
        ));
    }
    if after.tasks.len() != before.tasks.len() + added.len() {
        return Err(format!(
            "{} tasks read back, not {}",
            after.tasks.len(),
            before.tasks.len() + added.len()
        ));
    }
    let key = |p: &Plan<'_>, t: &Task<'_>| t.group.map(|g| p.groups[g].key.clone());
    let mut fresh = vec![false; after.tasks.len()];
    for a in added {
        let hit = (0..after.tasks.len()).find(|&i| {
            let t = &after.tasks[i];
            !fresh[i]
                && t.id.map(str::to_string) == a.id
                && t.text == a.text
                && key(after, t) == a.group
                && t.dependencies().map(str::to_string).collect::<Vec<_>>() == a.depends
                && t.status == Status::Pending
        });
        match hit {
            Some(i) => fresh[i] = true,
            None => {
                return Err(format!(
                    "the new task `{}` does not read back with its id, group and dependencies",
                    a.id.as_deref().unwrap_or(&a.text)
                ));
            }
        }
    }
    let old = after.tasks.iter().enumerate().filter(|(i, _)| !fresh[*i]).map(|(_, t)| t);
    for (a, b) in before.tasks.iter().zip(old) {
        if a.id != b.id
            || a.text != b.text
            || a.status != b.status
            || a.depends() != b.depends()
            || key(before, a) != key(after, b)
        {
            return Err(format!("task `{}` would change too", a.id.unwrap_or(a.text)));
        }
    }
    for a in &before.groups {
        let Some(b) = after.groups.iter().find(|b| b.key == a.key) else {
            return Err(format!("group `{}` would be lost", a.key));
        };
        let (sa, sb) = (before.status(a), after.status(b));
        if sa != sb && !(reopened.contains(&a.key) && sa.is_done() && !sb.is_done()) {
            return Err(format!("group `{}` would change from {sa} to {sb}", a.key));
        }
    }
    Ok(())
}

/// A task [`verify_added`] expects to read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Added {
    pub id: Option<String>,
    /// The text as it reads back (on one line, escaped as its form needs).
    pub text: String,
    pub group: Option<String>,
    pub depends: Vec<String>,
}

impl Added {
    /// What `new`, inserted as `ins` into group key `group`, reads back as.
    pub fn of(new: &NewTask<'_>, ins: &Insertion, group: Option<String>) -> Added {
        Added { id: ins.id.clone(), text: ins.text.clone(), group, depends: new.depends.to_vec() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(text: &str, group: &str, words: &str, depends: &[&str]) -> String {
        let doc = Document::from_text(text.to_string());
        let plan = Plan::parse(&doc);
        let g = edit::find_group(&plan, group).ok();
        let depends: Vec<String> = depends.iter().map(|d| d.to_string()).collect();
        let new = NewTask { text: words, depends: &depends, ..NewTask::default() };
        let ins = insert_task(&plan, &doc, g, &new, None).expect("insert");
        let out = crate::text::apply(text, &ins.edits).expect("apply");
        let after_doc = Document::from_text(out.clone());
        let after = Plan::parse(&after_doc);
        let key = g.map(|g| plan.groups[g].key.clone());
        let added = Added::of(&new, &ins, key.clone());
        let reopened: Vec<String> = key.into_iter().filter(|_| ins.reopened).collect();
        verify_added(&plan, &after, &[added], 0, &reopened).expect("verify");
        out
    }

    fn group(text: &str, title: &str) -> String {
        let doc = Document::from_text(text.to_string());
        let plan = Plan::parse(&doc);
        let ins = insert_group(&plan, &doc, &NewGroup { title, id: None }, None).expect("insert");
        let out = crate::text::apply(text, &ins.edits).expect("apply");
        let after_doc = Document::from_text(out.clone());
        let after = Plan::parse(&after_doc);
        verify_added(&plan, &after, &[], 1, &[]).expect("verify");
        out
    }

    const CANON: &str = "## Groups\n\n### Group 1: A\n- **Status:** complete\n- [x] BE-001: Build\n  - [x] nested\n- [x] FE-001: Page\n\n### Group 2: B\n- **Status:** pending\n- [ ] INT-001: Wire (depends: BE-001, FE-001)\n\n## Decisions Made\n";

    #[test]
    fn a_task_continues_the_scheme_and_the_depends_spelling() {
        let out = add(CANON, "2", "Docs", &["INT-001"]);
        assert!(out.contains("- [ ] INT-001: Wire (depends: BE-001, FE-001)\n- [ ] INT-002: Docs (depends: INT-001)\n\n## Decisions"), "{out}");
        let out = add(CANON, "1", "Retry", &[]);
        assert!(out.contains("- [x] FE-001: Page\n- [ ] FE-002: Retry\n\n### Group 2"), "{out}");
        assert!(out.contains("- **Status:** in_progress\n- [x] BE-001"), "reopened: {out}");
    }

    #[test]
    fn global_and_dotted_schemes() {
        let t = "## Phase 1: X\n- [x] T-050 one\n## Phase 2: Y\n- [ ] T-049 two\n";
        assert!(add(t, "2", "three", &[]).ends_with("- [ ] T-049 two\n- [ ] T-051 three\n"));
        let t = "## Phase 3: X\n1. [ ] **3.3** one\n";
        assert_eq!(add(t, "3", "two", &[]), "## Phase 3: X\n1. [ ] **3.3** one\n2. [ ] **3.4** two\n");
    }

    #[test]
    fn rows_headings_and_list_groups() {
        let t = "### Phase 1: A\n\n| # | Task | Status |\n|---|------|--------|\n| 1.1 | Define | done |\n\nAfter.\n";
        assert!(
            add(t, "1", "a | b", &[])
                .contains("| 1.1 | Define | done |\n| 1.2 | a \\| b | pending |\n\nAfter.")
        );
        let t = "## Phase 1: A\n\n### Task 1 — Fetch\n- **Status:** ✅ complete\n\n## Phase 2: B\n";
        assert_eq!(
            add(t, "1", "Draft", &[]),
            "## Phase 1: A\n\n### Task 1 — Fetch\n- **Status:** ✅ complete\n\n### Task 2 — Draft\n- **Status:** ⏳ pending\n\n## Phase 2: B\n"
        );
        let t = "## 进度\n- [x] 阶段 1：盘点\n  - [x] 导出\n- [ ] 阶段 2：上线\n";
        assert_eq!(
            add(t, "2", "发布", &[]),
            "## 进度\n- [x] 阶段 1：盘点\n  - [x] 导出\n- [ ] 阶段 2：上线\n  - [ ] 发布\n"
        );
    }

    #[test]
    fn an_empty_group_and_crlf() {
        let t = "### Group 1: A\r\n- **Status:** pending\r\n- [ ] BE-001: x\r\n\r\n### Group 2: B\r\n- **Status:** pending\r\n\r\n## Decisions Made\r\n";
        assert!(
            add(t, "2", "y", &[])
                .contains("### Group 2: B\r\n- **Status:** pending\r\n- [ ] BE-002: y\r\n\r\n## Decisions")
        );
        let t = "### Group 1: A\n- [ ] BE-001: x\n- [ ] FE-001: y\n### Group 2: B\n";
        assert_eq!(add(t, "2", "z", &[]), format!("{t}- [ ] 2.1: z\n"));
        let t = "### Group 1: A\n- [ ] do it";
        assert_eq!(add(t, "1", "again", &[]), "### Group 1: A\n- [ ] do it\n- [ ] again");
    }

    #[test]
    fn the_next_group_id_is_past_every_one_taken() {
        let id = |t: &str| next_group_id(&Plan::parse(&Document::from_text(t.to_string())));
        assert_eq!(id("## Phase 1: a\n## Phase 3b: b\n## Phase 2: c\n"), "4");
        assert_eq!(id("## Phase A: a\n## Phase D: b\n## Phase C: c\n"), "E");
        assert_eq!(id("## 阶段一：a\n## 阶段三：b\n"), "四");
        assert_eq!(id("## M0: a\n## M1: b\n## M2: c\n"), "M3");
        assert_eq!(id("## P3.4: a\n## P3.5: b\n## P3.6: c\n"), "P3.7");
    }

    #[test]
    fn groups_in_the_plan_style() {
        assert!(group(CANON, "Ship").contains("- [ ] INT-001: Wire (depends: BE-001, FE-001)\n\n### Group 3: Ship\n- **Status:** pending\n\n## Decisions"));
        let t = "| Phase | Description | Status |\n|---|---|---|\n| 1 | Build | ✅ Complete |\n";
        assert_eq!(group(t, "Ship"), format!("{t}| 2 | Ship | ⏳ Pending |\n"));
        let t = "# P\n\n## Groups\n<!-- none yet -->\n\n## Decisions Made\n";
        assert_eq!(
            group(t, "Build"),
            "# P\n\n## Groups\n<!-- none yet -->\n\n### Group 1: Build\n- **Status:** pending\n\n## Decisions Made\n"
        );
    }
}
