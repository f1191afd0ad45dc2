//! A three-way merge of lines: what each side changed against the common base, side by side.
//!
//! Each side's changes are the hunks of a line diff against the base. Hunks from the two sides
//! that overlap (share a base line, or insert at the same place) form a cluster; every other hunk
//! applies as it is. Unlike a plain text merge, hunks that only touch (a change on line 5 and one
//! on line 6) do not overlap: two checkboxes ticked on adjacent lines merge cleanly. A cluster is
//! resolved by the caller's [`Resolve`]: the same change on both sides is taken once; what the
//! resolver cannot settle becomes a conflict with markers.

use std::ops::Range;

use similar::{Algorithm, DiffOp, capture_diff_slices};

/// Lines of a file, each with its line ending (the last may have none).
pub fn lines(text: &[u8]) -> Vec<&[u8]> {
    text.split_inclusive(|&b| b == b'\n').collect()
}

/// A change of one side: base lines `base` became the side's lines `side`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Hunk {
    base: Range<usize>,
    side: Range<usize>,
    ours: bool,
}

/// The hunks that turn `base` into `side`, adjacent changes coalesced. Positions come from the
/// ops' lengths in order (the indices `similar` reports on some delete and insert ops do not
/// always match the equal runs around them).
fn hunks(base: &[&[u8]], side: &[&[u8]], ours: bool) -> Vec<Hunk> {
    let mut out: Vec<Hunk> = Vec::new();
    let (mut b, mut s) = (0, 0);
    for op in capture_diff_slices(Algorithm::Myers, base, side) {
        let (old_len, new_len) = match op {
            DiffOp::Equal { len, .. } => {
                b += len;
                s += len;
                continue;
            }
            DiffOp::Delete { old_len, .. } => (old_len, 0),
            DiffOp::Insert { new_len, .. } => (0, new_len),
            DiffOp::Replace { old_len, new_len, .. } => (old_len, new_len),
        };
        let (br, sr) = (b..b + old_len, s..s + new_len);
        (b, s) = (br.end, sr.end);
        match out.last_mut() {
            Some(h) if h.base.end == br.start && h.side.end == sr.start => {
                h.base.end = br.end;
                h.side.end = sr.end;
            }
            _ => out.push(Hunk { base: br, side: sr, ours }),
        }
    }
    debug_assert_eq!((b, s), (base.len(), side.len()), "the ops cover both sequences");
    out
}

/// Two base ranges overlap when they share a line, when both insert at the same place, or when
/// one inserts strictly inside the other. Ranges that only touch do not.
fn overlap(a: &Range<usize>, b: &Range<usize>) -> bool {
    if a.start.max(b.start) < a.end.min(b.end) {
        return true;
    }
    match (a.is_empty(), b.is_empty()) {
        (true, true) => a.start == b.start,
        (true, false) => b.start < a.start && a.start < b.end,
        (false, true) => a.start < b.start && b.start < a.end,
        (false, false) => false,
    }
}

/// A cluster both sides changed, with each side's version of the base lines it covers.
pub struct Cluster<'a, 'l> {
    pub base: &'l [&'a [u8]],
    pub ours: Vec<&'a [u8]>,
    pub theirs: Vec<&'a [u8]>,
}

impl Cluster<'_, '_> {
    /// Both sides only inserted, at the same place.
    pub fn both_insert(&self) -> bool {
        self.base.is_empty()
    }
}

/// How a cluster changed on both sides (and not identically) is settled.
pub trait Resolve {
    /// The merged lines, or `None` for a conflict.
    fn resolve(&mut self, cluster: &Cluster<'_, '_>) -> Option<Vec<Vec<u8>>>;
}

/// A plain text merge: any cluster changed differently on both sides is a conflict.
pub struct Plain;

impl Resolve for Plain {
    fn resolve(&mut self, _: &Cluster<'_, '_>) -> Option<Vec<Vec<u8>>> {
        None
    }
}

/// The merged lines and how many conflicts (marker blocks) they hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    pub lines: Vec<Vec<u8>>,
    pub conflicts: usize,
}

impl Merged {
    pub fn text(&self) -> Vec<u8> {
        self.lines.concat()
    }
}

/// Conflict markers of `size` characters, with the file's line ending.
pub struct Markers {
    pub size: usize,
    pub eol: &'static [u8],
}

impl Markers {
    fn line(&self, ch: u8, label: &str) -> Vec<u8> {
        let mut l = vec![ch; self.size];
        if !label.is_empty() {
            l.push(b' ');
            l.extend_from_slice(label.as_bytes());
        }
        l.extend_from_slice(self.eol);
        l
    }

    /// `ours` and `theirs` between markers; a side whose last line has no line ending gets one,
    /// so a marker never ends up on the same line as content.
    pub fn conflict(&self, ours: &[&[u8]], theirs: &[&[u8]], out: &mut Vec<Vec<u8>>) {
        let side = |lines: &[&[u8]], out: &mut Vec<Vec<u8>>| {
            for l in lines {
                let mut l = l.to_vec();
                if !l.ends_with(b"\n") {
                    l.extend_from_slice(self.eol);
                }
                out.push(l);
            }
        };
        out.push(self.line(b'<', "ours"));
        side(ours, out);
        out.push(self.line(b'=', ""));
        side(theirs, out);
        out.push(self.line(b'>', "theirs"));
    }
}

/// Merge `ours` and `theirs` against `base`.
pub fn merge(
    base: &[&[u8]],
    ours: &[&[u8]],
    theirs: &[&[u8]],
    markers: &Markers,
    resolver: &mut dyn Resolve,
) -> Merged {
    let mut all = hunks(base, ours, true);
    all.extend(hunks(base, theirs, false));
    all.sort_by_key(|h| (h.base.start, h.base.end, !h.ours));

    let mut out: Vec<Vec<u8>> = Vec::new();
    let mut conflicts = 0;
    let mut at = 0; // the next base line not yet copied
    let mut i = 0;
    while i < all.len() {
        // A cluster: hunks chained by overlap with the cluster's range so far.
        let mut range = all[i].base.clone();
        let mut j = i + 1;
        while j < all.len() && overlap(&range, &all[j].base) {
            range = range.start.min(all[j].base.start)..range.end.max(all[j].base.end);
            j += 1;
        }
        let members = &all[i..j];
        out.extend(base[at..range.start].iter().map(|l| l.to_vec()));
        at = range.end;
        let version = |of_ours: bool| -> Option<Vec<&[u8]>> {
            let side = if of_ours { ours } else { theirs };
            let mine: Vec<&Hunk> = members.iter().filter(|h| h.ours == of_ours).collect();
            if mine.is_empty() {
                return None;
            }
            let mut v = Vec::new();
            let mut b = range.start;
            for h in mine {
                v.extend_from_slice(&base[b..h.base.start]);
                v.extend_from_slice(&side[h.side.clone()]);
                b = h.base.end;
            }
            v.extend_from_slice(&base[b..range.end]);
            Some(v)
        };
        match (version(true), version(false)) {
            (Some(v), None) | (None, Some(v)) => out.extend(v.iter().map(|l| l.to_vec())),
            (Some(o), Some(t)) if o == t => out.extend(o.iter().map(|l| l.to_vec())),
            (Some(o), Some(t)) => {
                let cluster = Cluster { base: &base[range.clone()], ours: o, theirs: t };
                match resolver.resolve(&cluster) {
                    Some(lines) => out.extend(lines),
                    None => {
                        conflicts += 1;
                        markers.conflict(&cluster.ours, &cluster.theirs, &mut out);
                    }
                }
            }
            (None, None) => unreachable!("a cluster has at least one hunk"),
        }
        i = j;
    }
    out.extend(base[at..].iter().map(|l| l.to_vec()));
    // A side's last line may have no line ending (ours dropped the final newline) while the
    // other side added lines after it: it must end before the next line, or two lines become
    // one (`| e1 || e2 |`) and a row or heading is lost as such.
    let last = out.len().saturating_sub(1);
    for line in &mut out[..last] {
        if !line.ends_with(b"\n") {
            line.extend_from_slice(markers.eol);
        }
    }
    Merged { lines: out, conflicts }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(base: &str, ours: &str, theirs: &str) -> (String, usize) {
        let markers = Markers { size: 7, eol: b"\n" };
        let r = merge(
            &lines(base.as_bytes()),
            &lines(ours.as_bytes()),
            &lines(theirs.as_bytes()),
            &markers,
            &mut Plain,
        );
        (String::from_utf8(r.text()).unwrap(), r.conflicts)
    }

    #[test]
    fn adjacent_changes_merge_cleanly() {
        let base = "- [ ] A\n- [ ] B\n- [ ] C\n";
        let (text, n) = m(base, "- [x] A\n- [ ] B\n- [ ] C\n", "- [ ] A\n- [x] B\n- [ ] C\n");
        assert_eq!((text.as_str(), n), ("- [x] A\n- [x] B\n- [ ] C\n", 0));
    }

    #[test]
    fn the_same_change_is_taken_once() {
        let (text, n) = m("a\nb\n", "a\nB\n", "a\nB\n");
        assert_eq!((text.as_str(), n), ("a\nB\n", 0));
    }

    #[test]
    fn different_changes_of_one_line_conflict() {
        let (text, n) = m("a\nb\nc\n", "a\nX\nc\n", "a\nY\nc\n");
        assert_eq!(n, 1);
        assert_eq!(text, "a\n<<<<<<< ours\nX\n=======\nY\n>>>>>>> theirs\nc\n");
    }

    #[test]
    fn insertions_at_one_place_conflict_in_a_plain_merge() {
        let (text, n) = m("a\n", "a\nx\n", "a\ny\n");
        assert_eq!(n, 1);
        assert_eq!(text, "a\n<<<<<<< ours\nx\n=======\ny\n>>>>>>> theirs\n");
    }

    #[test]
    fn an_insertion_before_a_changed_line_does_not_overlap_it() {
        let (text, n) = m("a\nb\nc\n", "a\nnew\nb\nc\n", "a\nB\nc\n");
        assert_eq!((text.as_str(), n), ("a\nnew\nB\nc\n", 0));
    }

    #[test]
    fn hunk_positions_follow_the_equal_runs() {
        let (b, x) = ("s\nt\nt\nh\n-\n-\n", "s\nt\nt\n-\n-\nr\n-\n");
        let (text, n) = m(b, x, x);
        assert_eq!((text.as_str(), n), (x, 0));
        let h = hunks(&lines(b.as_bytes()), &lines(x.as_bytes()), true);
        assert_eq!(h[0], Hunk { base: 3..4, side: 3..3, ours: true });
        assert_eq!(h[1], Hunk { base: 6..6, side: 5..7, ours: true });
    }

    #[test]
    fn a_missing_final_line_ending_does_not_glue_a_marker() {
        let (text, n) = m("a", "b", "c");
        assert_eq!(n, 1);
        assert_eq!(text, "<<<<<<< ours\nb\n=======\nc\n>>>>>>> theirs\n");
    }
}
