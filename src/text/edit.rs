//! Surgical edits: replace byte ranges of the original text, nothing else.
//!
//! [`apply`] refuses edits that overlap, fall outside the text or split a UTF-8 character, and
//! after splicing it re-walks the result to prove that every byte outside the edit ranges is the
//! original byte. A caller that gets `Ok` holds text that differs only where it asked.

use std::ops::Range;

/// Replace `range` of the original text with `text` (an empty range inserts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub range: Range<usize>,
    pub text: String,
}

impl Edit {
    pub fn replace(range: Range<usize>, text: impl Into<String>) -> Edit {
        Edit { range, text: text.into() }
    }

    pub fn insert(at: usize, text: impl Into<String>) -> Edit {
        Edit { range: at..at, text: text.into() }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("edit range {start}..{end} is outside the text ({len} bytes)")]
    OutOfBounds { start: usize, end: usize, len: usize },
    #[error("edit range {start}..{end} splits a UTF-8 character")]
    NotCharBoundary { start: usize, end: usize },
    #[error("edits at {first:?} and {second:?} overlap")]
    Overlap { first: Range<usize>, second: Range<usize> },
    #[error("bytes outside the edit ranges changed at offset {offset}")]
    Untouched { offset: usize },
}

/// Splice `edits` into `original`. Edits may come in any order; ranges refer to `original`.
pub fn apply(original: &str, edits: &[Edit]) -> Result<String, EditError> {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.range.start, e.range.end));
    for e in &sorted {
        let Range { start, end } = e.range;
        if start > end || end > original.len() {
            return Err(EditError::OutOfBounds { start, end, len: original.len() });
        }
        if !original.is_char_boundary(start) || !original.is_char_boundary(end) {
            return Err(EditError::NotCharBoundary { start, end });
        }
    }
    for pair in sorted.windows(2) {
        let (a, b) = (&pair[0].range, &pair[1].range);
        // Two insertions at one point have no defined order; an edit may not start inside another.
        if b.start < a.end || (a.is_empty() && b.is_empty() && a.start == b.start) {
            return Err(EditError::Overlap { first: a.clone(), second: b.clone() });
        }
    }
    let grown: usize = sorted.iter().map(|e| e.text.len()).sum();
    let mut out = String::with_capacity(original.len() + grown);
    let mut pos = 0;
    for e in &sorted {
        out.push_str(&original[pos..e.range.start]);
        out.push_str(&e.text);
        pos = e.range.end;
    }
    out.push_str(&original[pos..]);
    verify_untouched(original, &out, &sorted)?;
    Ok(out)
}

/// Walk `original` and `edited` side by side: outside the (sorted) edit ranges they must agree
/// byte for byte, and inside each range `edited` must hold exactly the edit's text.
fn verify_untouched(original: &str, edited: &str, sorted: &[&Edit]) -> Result<(), EditError> {
    let (old, new) = (original.as_bytes(), edited.as_bytes());
    let (mut o, mut n) = (0, 0);
    let mismatch = |offset| EditError::Untouched { offset };
    for e in sorted {
        let keep = e.range.start - o;
        if new.get(n..n + keep) != Some(&old[o..e.range.start]) {
            return Err(mismatch(o));
        }
        n += keep;
        if new.get(n..n + e.text.len()) != Some(e.text.as_bytes()) {
            return Err(mismatch(e.range.start));
        }
        n += e.text.len();
        o = e.range.end;
    }
    if new.get(n..) != Some(&old[o..]) {
        return Err(mismatch(o));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_apply_in_any_order() {
        let out = apply("a [ ] b [ ] c", &[Edit::replace(9..10, "x"), Edit::replace(3..4, "~")]);
        assert_eq!(out, Ok("a [~] b [x] c".to_string()));
    }

    #[test]
    fn insert_and_replace() {
        let out = apply("ab", &[Edit::insert(1, "--"), Edit::replace(1..2, "B")]);
        assert_eq!(out, Ok("a--B".to_string()));
    }

    #[test]
    fn overlapping_edits_are_refused() {
        let err = apply("abcdef", &[Edit::replace(1..4, "x"), Edit::replace(3..5, "y")]);
        assert_eq!(err, Err(EditError::Overlap { first: 1..4, second: 3..5 }));
        let err = apply("abc", &[Edit::insert(1, "x"), Edit::insert(1, "y")]);
        assert!(matches!(err, Err(EditError::Overlap { .. })));
    }

    #[test]
    fn char_boundaries_and_bounds_are_checked() {
        assert_eq!(
            apply("阶段", &[Edit::replace(1..3, "x")]),
            Err(EditError::NotCharBoundary { start: 1, end: 3 })
        );
        assert_eq!(
            apply("ab", &[Edit::replace(1..9, "x")]),
            Err(EditError::OutOfBounds { start: 1, end: 9, len: 2 })
        );
    }

    #[test]
    fn no_edits_is_identity() {
        assert_eq!(apply("x\r\ny", &[]), Ok("x\r\ny".to_string()));
    }

    #[test]
    fn verification_catches_a_changed_byte() {
        let e = Edit::replace(1..2, "X");
        assert_eq!(verify_untouched("abc", "aXc", &[&e]), Ok(()));
        assert_eq!(verify_untouched("abc", "aXd", &[&e]), Err(EditError::Untouched { offset: 2 }));
        assert_eq!(verify_untouched("abc", "bXc", &[&e]), Err(EditError::Untouched { offset: 0 }));
    }
}
