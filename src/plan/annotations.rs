//! The annotations at the end of a task line — one grammar, read here and nowhere else:
//!
//! ```text
//! - [ ] BE-002: Retry the webhook (from: BE-001) (files: src/hook.rs, tests/hook.rs) (claimed: ana 2026-11-23T21:04Z) (depends: BE-001)
//! ```
//!
//! A task's text ends where a run of parentheticals `(KEY: VALUE)` with a known key begins; the
//! run is the task's annotations, in any order, separated by spaces. Keys are case-insensitive,
//! the colon may be full-width (`：`):
//!
//! - `depends` (also spelled `depends on:`, `depends on `, `deps:`): ids separated by `,`, `;`
//!   or spaces, backticks ignored. For plans written before this grammar, a `(depends: …)` in the
//!   middle of the text is read too (and left in the text).
//! - `files`: paths or globs separated by `,`, backticks ignored.
//! - `from`: the id of the agent (or task) whose proposal the task came from.
//! - `claimed`: `NAME STAMP` — who took the task with `pplan next --claim`, and when
//!   (`YYYY-MM-DDTHH:MMZ`, UTC). NAME is 1–64 of `A-Z a-z 0-9 . _ @ -`.
//!
//! A parenthetical with any other key (`(optional)`, `(see #12)`) is text, and so is everything
//! before it. pplan writes new annotations in the order of [`Kind`] (`from`, `files`, `claimed`,
//! `depends`), each as `(key: value)`; an annotation already in the line keeps its spelling and
//! place, only its value is replaced.

use smallvec::SmallVec;
use std::ops::Range;

use crate::text::Edit;

/// What an annotation says; the declaration order is the order pplan writes them in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// `(from: BE-001)`: the proposal of this agent.
    From,
    /// `(files: a, b)`: the files the task will touch.
    Files,
    /// `(claimed: NAME STAMP)`: a session working the task.
    Claimed,
    /// `(depends: A, B)`: tasks that must be done first.
    Depends,
}

impl Kind {
    /// The key pplan writes (`depends`, `files`, `from`, `claimed`).
    pub fn key(self) -> &'static str {
        match self {
            Kind::From => "from",
            Kind::Files => "files",
            Kind::Claimed => "claimed",
            Kind::Depends => "depends",
        }
    }
}

/// How each key may be opened, lowercase, longest first where one is a prefix of another.
const OPENERS: &[(&str, Kind)] = &[
    ("depends on:", Kind::Depends),
    ("depends on：", Kind::Depends),
    ("depends:", Kind::Depends),
    ("depends：", Kind::Depends),
    ("deps:", Kind::Depends),
    ("depends on ", Kind::Depends),
    ("files:", Kind::Files),
    ("files：", Kind::Files),
    ("from:", Kind::From),
    ("from：", Kind::From),
    ("claimed:", Kind::Claimed),
    ("claimed：", Kind::Claimed),
];

/// One annotation as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Annotation<'a> {
    pub kind: Kind,
    /// The whole parenthetical, `(` to `)`, as offsets into the plan's text.
    pub range: Range<usize>,
    /// Where the value starts, counted from the `(`: a word, not a second range, in every
    /// annotated task of a large plan (see [`Annotation::value_range`]).
    value_at: u32,
    /// The value inside it, trimmed (`BE-001, FE-001`).
    pub value: &'a str,
    /// In the trailing run (not a legacy `(depends: …)` in the middle of the text).
    pub trailing: bool,
}

impl Annotation<'_> {
    /// The value inside it, trimmed, as offsets into the plan's text.
    pub fn value_range(&self) -> Range<usize> {
        let start = self.range.start + self.value_at as usize;
        start..start + self.value.len()
    }
}

/// A claim: who took the task and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim<'a> {
    pub by: &'a str,
    /// When it was taken or last renewed, as written (`2026-11-23T21:30Z`).
    pub at: &'a str,
    /// The whole `(claimed: …)`, as offsets into the plan's text.
    pub range: Range<usize>,
}

/// A task's annotations, in line order, and where its line's content ends.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotations<'a> {
    /// The first, kept inline: most task lines have one annotation or none, and a plan of
    /// 100,000 tasks should not make 100,000 allocations for them.
    first: Option<Annotation<'a>>,
    /// The others, rare: behind one thin pointer, a word in every task (a boxed slice takes
    /// two, a `Vec` three).
    #[expect(clippy::box_collection, reason = "a thin pointer in every task, not three words")]
    rest: Option<Box<Vec<Annotation<'a>>>>,
    /// Where a new trailing annotation goes (after `" "`): the end of the task's text and
    /// annotations, trailing whitespace excluded; an offset into the plan's text.
    pub end: usize,
}

impl<'a> Annotations<'a> {
    /// Every annotation, in line order.
    pub fn iter(&self) -> impl Iterator<Item = &Annotation<'a>> {
        self.first.iter().chain(self.rest.iter().flat_map(|rest| rest.iter()))
    }

    /// The first annotation of the line.
    pub fn first(&self) -> Option<&Annotation<'a>> {
        self.first.as_ref()
    }

    pub fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    /// The first annotation of this kind.
    pub fn get(&self, kind: Kind) -> Option<&Annotation<'a>> {
        self.iter().find(|a| a.kind == kind)
    }

    /// The `depends` value (the list inside), `""` when there is none.
    pub fn depends(&self) -> &'a str {
        self.get(Kind::Depends).map_or("", |a| a.value)
    }

    /// The paths of `(files: …)`, in order.
    pub fn files(&self) -> Vec<&'a str> {
        self.get(Kind::Files).map_or_else(Vec::new, |a| list(a.value, &[',']).collect())
    }

    /// The id in `(from: …)`.
    pub fn from(&self) -> Option<&'a str> {
        self.get(Kind::From).map(|a| a.value).filter(|v| !v.is_empty())
    }

    /// The claim, when the line has a well-formed one.
    pub fn claim(&self) -> Option<Claim<'a>> {
        let a = self.get(Kind::Claimed)?;
        let (by, at) = a.value.split_once(' ')?;
        let at = at.trim();
        (valid_name(by) && !at.is_empty()).then(|| Claim { by, at, range: a.range.clone() })
    }
}

/// A claimant's name: 1–64 of `A-Z a-z 0-9 . _ @ -`.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'@' | b'-'))
}

/// Items of a list value, split at any of `seps` and spaces for dependencies, trimmed, backticks
/// dropped, empties skipped.
fn list<'s>(value: &'s str, seps: &'static [char]) -> impl Iterator<Item = &'s str> {
    value.split(seps).map(|d| d.trim().trim_matches('`').trim()).filter(|d| !d.is_empty())
}

/// The ids of a `depends` value (`A, B`, `A; B`, `A B`, `` `A` ``).
pub fn dependency_ids(value: &str) -> impl Iterator<Item = &str> {
    list(value, &[',', ';', ' '])
}

/// The kind a parenthetical's inner text opens with, and the length of its opener.
fn opener(inner: &str) -> Option<(Kind, usize)> {
    let lead = inner.len() - inner.trim_start().len();
    let s = &inner.as_bytes()[lead..];
    // The openers are lowercase and at most `HEAD` bytes: the text's first bytes are lowercased
    // once, not once for each opener tried (a task line of a large plan tries several).
    let mut head = [0u8; HEAD];
    let n = s.len().min(HEAD);
    head[..n].copy_from_slice(&s[..n]);
    head.make_ascii_lowercase();
    OPENERS
        .iter()
        .find_map(|(o, kind)| head[..n].starts_with(o.as_bytes()).then_some((*kind, lead + o.len())))
}

/// The longest opener's length in bytes, or more.
const HEAD: usize = 16;

/// Read the task text in `text[span]`: the range its own words take (annotations excluded) and
/// its annotations. Everything is offsets into `text`.
pub fn read(text: &str, span: Range<usize>) -> (Range<usize>, Annotations<'_>) {
    let s = &text[span.clone()];
    let end = span.start + s.trim_end().len();
    let mut cut = end;
    let mut list: SmallVec<[Annotation<'_>; 4]> = SmallVec::new();
    loop {
        let t = &text[span.start..cut];
        let Some(close) = t.strip_suffix(')').map(str::len) else { break };
        let Some(open) = t[..close].rfind('(') else { break };
        let inner = &t[open + 1..close];
        let Some((kind, len)) = opener(inner) else { break };
        let value = &inner[len..];
        let lead = value.len() - value.trim_start().len();
        let v_start = span.start + open + 1 + len + lead;
        let v_end = v_start + value.trim().len();
        list.push(Annotation {
            kind,
            range: span.start + open..span.start + close + 1,
            // Within one line of a file no larger than the store's cap: it fits.
            value_at: (v_start - (span.start + open)) as u32,
            value: &text[v_start..v_end],
            trailing: true,
        });
        cut = span.start + t[..open].trim_end().len();
    }
    list.reverse();
    if !list.iter().any(|a| a.kind == Kind::Depends)
        && let Some((whole, inner)) = legacy_depends(&text[span.start..cut])
    {
        let value = &text[span.start + inner.start..span.start + inner.end];
        let lead = value.len() - value.trim_start().len();
        let v_start = span.start + inner.start + lead;
        let v_end = v_start + value.trim().len();
        list.push(Annotation {
            kind: Kind::Depends,
            range: span.start + whole.start..span.start + whole.end,
            value_at: (v_start - (span.start + whole.start)) as u32,
            value: &text[v_start..v_end],
            trailing: false,
        });
    }
    let mut list = list.into_iter();
    let first = list.next();
    let rest: Vec<Annotation<'_>> = list.collect();
    let rest = (!rest.is_empty()).then(|| Box::new(rest));
    (span.start..cut, Annotations { first, rest, end })
}

/// `(depends: A, B)` anywhere in a text: the whole parenthetical and the list inside.
fn legacy_depends(s: &str) -> Option<(Range<usize>, Range<usize>)> {
    for at in memchr::memchr_iter(b'(', s.as_bytes()) {
        if let Some((Kind::Depends, len)) = opener(&s[at + 1..]) {
            let inner_start = at + 1 + len;
            let close = s[inner_start..].find(')')? + inner_start;
            return Some((at..close + 1, inner_start..close));
        }
    }
    None
}

/// `(key: value)` as pplan writes it.
pub fn render(kind: Kind, value: &str) -> String {
    format!("({}: {value})", kind.key())
}

/// `(claimed: NAME STAMP)`.
pub fn render_claim(by: &str, at: &str) -> String {
    render(Kind::Claimed, &format!("{by} {at}"))
}

/// Make a value safe inside a parenthetical on one line: line breaks become spaces and
/// parentheses, which would end the annotation, become brackets.
pub fn clean_value(value: &str) -> String {
    value
        .chars()
        .map(|c| match c {
            '\r' | '\n' => ' ',
            '(' => '[',
            ')' => ']',
            c => c,
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// The edit that gives a task the annotation `kind` = `value`: the value of the one it has is
/// replaced (its key spelled as it is), else a new `(key: value)` goes into the trailing run in
/// [`Kind`] order, or at its end. `value` should be [`clean_value`]d first.
pub fn set(notes: &Annotations<'_>, kind: Kind, value: &str) -> Edit {
    if let Some(a) = notes.get(kind) {
        return Edit::replace(a.value_range(), value.to_string());
    }
    let new = render(kind, value);
    match notes.iter().find(|a| a.trailing && a.kind > kind) {
        Some(after) => Edit::insert(after.range.start, format!("{new} ")),
        None => Edit::insert(notes.end, format!(" {new}")),
    }
}

/// The edit that removes the annotation `kind` and the space before it; `None` when the task
/// has none.
pub fn clear(text: &str, notes: &Annotations<'_>, kind: Kind) -> Option<Edit> {
    let a = notes.get(kind)?;
    let before = &text[..a.range.start];
    let start = before.trim_end_matches([' ', '\t']).len();
    // A legacy annotation in the middle of the text keeps one space between the words around it.
    let start =
        if a.trailing || text[a.range.end..].starts_with([' ', '\t']) { start } else { a.range.start };
    Some(Edit::replace(start..a.range.end, String::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(s: &str) -> (&str, Vec<(Kind, &str, bool)>) {
        let (words, notes) = read(s, 0..s.len());
        (&s[words], notes.iter().map(|a| (a.kind, a.value, a.trailing)).collect())
    }

    #[test]
    fn openers_are_lowercase_and_fit_the_head() {
        for (o, _) in OPENERS {
            assert!(o.len() <= HEAD && o.to_lowercase() == *o, "{o}");
        }
        assert_eq!(opener("  DePends On：A"), Some((Kind::Depends, 2 + "depends on：".len())));
        assert_eq!(opener("Files: a"), Some((Kind::Files, 6)));
        assert_eq!(opener("dep"), None);
    }

    #[test]
    fn a_run_of_annotations_ends_the_text() {
        let s = "Retry it (see #3) (from: BE-001) (files: `a.rs`, b/*.md) (claimed: ana 2026-11-23T21:04Z) (depends: A-1; B-2)  ";
        let (words, notes) = parts(s);
        assert_eq!(words, "Retry it (see #3)");
        assert_eq!(
            notes,
            vec![
                (Kind::From, "BE-001", true),
                (Kind::Files, "`a.rs`, b/*.md", true),
                (Kind::Claimed, "ana 2026-11-23T21:04Z", true),
                (Kind::Depends, "A-1; B-2", true),
            ]
        );
        let (_, n) = read(s, 0..s.len());
        assert_eq!(n.files(), vec!["a.rs", "b/*.md"]);
        assert_eq!(n.from(), Some("BE-001"));
        assert_eq!(n.claim().map(|c| (c.by, c.at)), Some(("ana", "2026-11-23T21:04Z")));
        assert_eq!(dependency_ids(n.depends()).collect::<Vec<_>>(), vec!["A-1", "B-2"]);
        assert_eq!(n.end, s.trim_end().len());
    }

    #[test]
    fn spellings_and_legacy_places() {
        assert_eq!(parts("Wire (Depends On: A, B)"), ("Wire", vec![(Kind::Depends, "A, B", true)]));
        assert_eq!(parts("Wire (deps: A)"), ("Wire", vec![(Kind::Depends, "A", true)]));
        assert_eq!(parts("Wire (depends on A)"), ("Wire", vec![(Kind::Depends, "A", true)]));
        assert_eq!(parts("Wire（files： a）"), ("Wire（files： a）", vec![]));
        assert_eq!(
            parts("Wire (depends: A) then test"),
            ("Wire (depends: A) then test", vec![(Kind::Depends, "A", false)])
        );
        assert_eq!(parts("Wire (optional)"), ("Wire (optional)", vec![]));
        assert_eq!(parts("(from: X)"), ("", vec![(Kind::From, "X", true)]));
    }

    #[test]
    fn a_bad_claim_is_no_claim() {
        let s = "x (claimed: a b c d (e) 2026)";
        assert_eq!(read(s, 0..s.len()).1.claim(), None);
        let s = "x (claimed: nobody)";
        assert_eq!(read(s, 0..s.len()).1.claim(), None);
    }

    #[test]
    fn set_and_clear_keep_order_and_spelling() {
        let apply = |s: &str, e: Edit| crate::text::apply(s, &[e]).expect("apply");
        let s = "T (depends on: A)";
        let (_, n) = read(s, 0..s.len());
        assert_eq!(apply(s, set(&n, Kind::Depends, "B, C")), "T (depends on: B, C)");
        assert_eq!(apply(s, set(&n, Kind::From, "X-1")), "T (from: X-1) (depends on: A)");
        assert_eq!(apply(s, clear(s, &n, Kind::Depends).expect("has")), "T");
        let s = "T (from: X-1)";
        let (_, n) = read(s, 0..s.len());
        assert_eq!(apply(s, set(&n, Kind::Depends, "A")), "T (from: X-1) (depends: A)");
        assert_eq!(clear(s, &n, Kind::Files), None);
        let s = "T (depends: A) later";
        let (_, n) = read(s, 0..s.len());
        assert_eq!(apply(s, clear(s, &n, Kind::Depends).expect("has")), "T later");
        assert_eq!(clean_value("a (b)\nc"), "a [b] c");
    }
}
