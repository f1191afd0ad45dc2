//! A line-based scanner for the block structure of the markdown pplan reads: the same
//! [`Block`]s as the pulldown-cmark pass in [`super::outline`], without the inline parse of every
//! paragraph and without building pulldown-cmark's event tree (whose page faults were a fifth
//! of `pplan status` on a large plan).
//!
//! It follows pulldown-cmark's first pass (`parse_block`, `parse_paragraph`, `scan_containers`,
//! `scan_paragraph_interrupt`) for the constructs plans are made of: ATX and setext headings,
//! bullet and ordered lists and their nesting by indentation, block quotes, lazy continuation
//! lines, fenced and indented code, HTML comments, thematic breaks and GFM tables. What it cannot
//! decide exactly the way pulldown-cmark would, it does not guess: it returns `None` and the
//! caller runs pulldown-cmark. Those inputs are a tab in indentation, a lone `\r`, an HTML block
//! other than a comment, a link reference definition, a list item that starts with a blank line,
//! an ordered marker of 9 digits or more, a paragraph of a list item below the item's line
//! (whether it is one depends on the whole list being loose), a table row of no cells, and, in a paragraph of several
//! lines, what could hide a line break inside an inline construct (a code span, inline HTML or
//! an autolink, an inline link's destination or title). The differential tests in `outline.rs` hold it to
//! pulldown-cmark's outline on every plan in `fixtures/` and `../shared/corpus/` and on
//! mutations of them.
//!
//! It only ever slices at ASCII bytes and line ends, so it never splits a character.

use std::ops::Range;

use super::outline::Block;

#[derive(Clone, Copy, Debug)]
enum Container {
    Quote,
    /// A list item: the columns its content is indented by and its index in the blocks.
    Item {
        indent: usize,
        block: u32,
        line: usize,
    },
}

/// The open leaf block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Leaf {
    None,
    Paragraph,
    Fence { ch: u8, len: usize, indent: usize },
    Comment,
    Code,
    Table,
}

/// Not decidable here: pulldown-cmark decides.
struct Unsure;

type Scan<T> = Result<T, Unsure>;

/// What a line did to the open paragraph.
enum Para {
    Continued,
    Setext,
    Ended,
}

struct Scanner<'a> {
    bytes: &'a [u8],
    blocks: Vec<Block>,
    containers: Vec<Container>,
    leaf: Leaf,
    tables: u32,
    /// The line the scanner consumed ahead (a table's delimiter row).
    skip: usize,
    /// The open paragraph: its first line, whether that is a list item's line, the starts of
    /// its other lines, and what could hide a line break in it.
    para_first: usize,
    para_on_item: bool,
    para_lines: Vec<usize>,
    para_bracket: bool,
    para_unsure: bool,
    /// Backtick runs of the open paragraph: (its line, run length).
    ticks: Vec<(u32, usize)>,
}

/// The blocks of `text[base..]`, or `None` when pulldown-cmark must decide.
pub(super) fn scan(text: &str, base: usize) -> Option<Vec<Block>> {
    let bytes = text.as_bytes();
    // A lone `\r` ends a line for pulldown-cmark; here lines end at `\n`.
    if memchr::memchr_iter(b'\r', &bytes[base..]).any(|i| bytes.get(base + i + 1) != Some(&b'\n')) {
        return None;
    }
    // About one block a line (more only where items nest on one line, `- - [ ] x`): reserved
    // once, so a long plan's outline is not copied while it grows. Pages reserved for blank
    // lines are never touched.
    let lines = memchr::memchr_iter(b'\n', &bytes[base..]).count() + 1;
    let mut s = Scanner {
        bytes,
        blocks: Vec::with_capacity(lines),
        containers: Vec::new(),
        leaf: Leaf::None,
        tables: 0,
        skip: usize::MAX,
        para_first: 0,
        para_on_item: false,
        para_lines: Vec::new(),
        para_bracket: false,
        para_unsure: false,
        ticks: Vec::new(),
    };
    let mut pos = base;
    while pos < bytes.len() {
        let next = memchr::memchr(b'\n', &bytes[pos..]).map_or(bytes.len(), |i| pos + i + 1);
        if pos != s.skip {
            s.line(pos).ok()?;
        }
        pos = next;
    }
    if s.leaf == Leaf::Paragraph {
        s.end_paragraph(None).ok()?;
    }
    Some(s.blocks)
}

fn ws_no_nl(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | 0x0b | 0x0c)
}

/// `scan_hrule` on the rest of a line.
fn hrule(rest: &[u8]) -> bool {
    let Some(&c) = rest.first() else { return false };
    if !matches!(c, b'*' | b'-' | b'_') {
        return false;
    }
    let mut n = 0;
    for &b in rest {
        if b == c {
            n += 1;
        } else if b != b' ' && b != b'\t' {
            return false;
        }
    }
    n >= 3
}

/// `scan_atx_heading`: the level.
fn atx(rest: &[u8]) -> Option<u8> {
    let n = rest.iter().take_while(|&&b| b == b'#').count();
    let after = rest.get(n).copied();
    ((1..=6).contains(&n) && after.is_none_or(|b| b.is_ascii_whitespace())).then_some(n as u8)
}

/// `scan_code_fence`: the fence character and length.
fn fence(rest: &[u8]) -> Option<(u8, usize)> {
    let c = *rest.first()?;
    if c != b'`' && c != b'~' {
        return None;
    }
    let n = rest.iter().take_while(|&&b| b == c).count();
    (n >= 3 && (c == b'~' || !rest[n..].contains(&b'`'))).then_some((c, n))
}

/// `scan_closing_code_fence` on the rest of a line.
fn closing_fence(rest: &[u8], ch: u8, len: usize) -> bool {
    let n = rest.iter().take_while(|&&b| b == ch).count();
    n >= len && rest[n..].iter().all(|&b| b == b' ')
}

/// `scan_setext_heading`.
fn setext(rest: &[u8]) -> bool {
    let Some(&c) = rest.first() else { return false };
    if c != b'=' && c != b'-' {
        return false;
    }
    let n = rest.iter().take_while(|&&b| b == c).count();
    rest[n..].iter().all(|&b| ws_no_nl(b))
}

/// A list marker at the start of `rest`: (marker width, bullet, number, rest blank after it).
/// `Err` for what pulldown-cmark reads with tab stops or a long number.
fn list_marker(rest: &[u8]) -> Scan<Option<(usize, bool, u64, bool)>> {
    let Some(&c) = rest.first() else { return Ok(None) };
    let (w, bullet, n) = match c {
        b'-' | b'+' | b'*' => (1, true, 0),
        b'0'..=b'9' => {
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits >= 9 {
                return Err(Unsure);
            }
            if !matches!(rest.get(digits), Some(b'.' | b')')) {
                return Ok(None);
            }
            let n = rest[..digits].iter().fold(0u64, |a, &d| a * 10 + u64::from(d - b'0'));
            (digits + 1, false, n)
        }
        _ => return Ok(None),
    };
    match rest.get(w) {
        None => Ok(Some((w, bullet, n, true))),
        Some(b' ') => {
            let blank = rest[w..].iter().all(|&b| ws_no_nl(b));
            if !blank && rest[w..].iter().take_while(|&&b| ws_no_nl(b)).any(|&b| b != b' ') {
                return Err(Unsure);
            }
            Ok(Some((w, bullet, n, blank)))
        }
        Some(b'\t') => Err(Unsure),
        Some(_) => Ok(None),
    }
}

/// `scan_table_head`: the number of columns of a delimiter row, or 0.
fn table_head(rest: &[u8]) -> usize {
    let spaces = rest.iter().take_while(|&&b| b == b' ').count();
    if spaces > 3 || spaces == rest.len() || rest.get(spaces) == Some(&b'\t') {
        return 0;
    }
    let mut i = spaces;
    let (mut cols, mut start_col, mut found_pipe, mut found_hyphen, mut hyphen_in_col) =
        (0, true, false, false, false);
    if rest[i] == b'|' {
        i += 1;
        found_pipe = true;
    }
    for &c in &rest[i..] {
        match c {
            b' ' => {}
            b':' => start_col = false,
            b'-' => {
                start_col = false;
                found_hyphen = true;
                hyphen_in_col = true;
            }
            b'|' => {
                start_col = true;
                found_pipe = true;
                cols += 1;
                if !hyphen_in_col {
                    return 0;
                }
                hyphen_in_col = false;
            }
            _ => return 0,
        }
    }
    if !start_col {
        cols += 1;
    }
    if found_pipe && found_hyphen { cols } else { 0 }
}

/// The header columns a line with pipes has (`count_header_cols`), or `None` without pipes.
fn header_cols(rest: &[u8]) -> Option<usize> {
    let mut pipes = 0;
    let mut last = 0;
    for i in memchr::memchr_iter(b'|', rest) {
        if i == 0 || rest[i - 1] != b'\\' {
            pipes += 1;
            last = i;
        }
    }
    if pipes == 0 {
        return None;
    }
    if rest.first() == Some(&b'|') {
        pipes -= 1;
    }
    Some(if rest[last + 1..].iter().all(|&b| ws_no_nl(b)) { pipes } else { pipes + 1 })
}

/// Does `b` hold `]:` (a link reference definition may end its label there)? Every task line
/// starts with `[`, so this runs on each: a search for `]` is cheaper than building a two-byte
/// substring searcher per line.
fn link_definition_colon(b: &[u8]) -> bool {
    memchr::memchr_iter(b']', b).any(|i| b.get(i + 1) == Some(&b':'))
}

impl Scanner<'_> {
    /// The end of the line starting at `start`, without its `\n` or `\r\n`.
    fn line_end(&self, start: usize) -> usize {
        let mut end = memchr::memchr(b'\n', &self.bytes[start..]).map_or(self.bytes.len(), |i| start + i);
        if end > start && self.bytes[end - 1] == b'\r' {
            end -= 1;
        }
        end
    }

    fn whole(&self, start: usize) -> Range<usize> {
        start..self.line_end(start)
    }

    /// The start of the line after the one that ends at `end`, if there is one.
    fn next_line(&self, end: usize) -> Option<usize> {
        let nl = memchr::memchr(b'\n', &self.bytes[end..])?;
        Some(end + nl + 1).filter(|&n| n < self.bytes.len())
    }

    /// Is `[at, end)` only spaces?
    fn blank(&self, at: usize, end: usize) -> Scan<bool> {
        for &b in &self.bytes[at..end] {
            match b {
                b' ' => {}
                b'\t' => return Err(Unsure),
                _ => return Ok(false),
            }
        }
        Ok(true)
    }

    /// How many of at most `max` spaces start at `at`.
    fn spaces(&self, at: usize, end: usize, max: usize) -> Scan<usize> {
        let mut n = 0;
        while n < max && at + n < end {
            match self.bytes[at + n] {
                b' ' => n += 1,
                b'\t' => return Err(Unsure),
                _ => break,
            }
        }
        Ok(n)
    }

    /// Match the open containers against the line `[start, end)`: how many match, and where
    /// the rest of the line starts (`scan_containers`).
    fn matched(&self, start: usize, end: usize) -> Scan<(usize, usize)> {
        let mut at = start;
        for (i, c) in self.containers.iter().enumerate() {
            match *c {
                Container::Quote => {
                    let n = self.spaces(at, end, 3)?;
                    if at + n < end && self.bytes[at + n] == b'>' {
                        at += n + 1;
                        at += self.spaces(at, end, 1)?;
                    } else {
                        return Ok((i, at));
                    }
                }
                Container::Item { indent, .. } => {
                    let n = self.spaces(at, end, indent)?;
                    if n == indent || self.blank(at + n, end)? {
                        at += n;
                    } else {
                        return Ok((i, at));
                    }
                }
            }
        }
        Ok((self.containers.len(), at))
    }

    fn line(&mut self, start: usize) -> Scan<()> {
        let end = self.line_end(start);
        let (m, at) = self.matched(start, end)?;
        let all = m == self.containers.len();
        match self.leaf {
            Leaf::Paragraph => match self.paragraph_line(start, end, all, at)? {
                Para::Continued => return Ok(()),
                Para::Setext => {
                    self.end_paragraph(Some(end))?;
                    return Ok(());
                }
                Para::Ended => self.end_paragraph(None)?,
            },
            Leaf::Fence { ch, len, indent } if all => {
                let n = self.spaces(at, end, indent)?;
                let k = self.spaces(at + n, end, 4 - indent)?;
                if k < 4 - indent && closing_fence(&self.bytes[at + n + k..end], ch, len) {
                    self.leaf = Leaf::None;
                }
                return Ok(());
            }
            Leaf::Comment if all => {
                if memchr::memmem::find(&self.bytes[at..end], b"-->").is_some() {
                    self.leaf = Leaf::None;
                }
                return Ok(());
            }
            Leaf::Code if all => {
                let n = self.spaces(at, end, 4)?;
                if n == 4 || self.blank(at + n, end)? {
                    return Ok(());
                }
            }
            Leaf::Table if all => {
                let rest = at + self.spaces(at, end, usize::MAX)?;
                // In a table any list item interrupts, as outside the current container.
                if !self.interrupts(rest, end, false, false)? {
                    let cells = &self.bytes[rest..end];
                    if cells.iter().all(|&b| b == b' ' || b == b'|')
                        && cells.iter().filter(|&&b| b == b'|').count() <= 1
                    {
                        // A row of no cells ends the table and is read again; leave it.
                        return Err(Unsure);
                    }
                    let table = self.tables - 1;
                    self.blocks.push(Block::Row { line: start..end, header: false, table });
                    return Ok(());
                }
            }
            _ => {}
        }
        self.leaf = Leaf::None;
        self.fresh(start, end, m, at)
    }

    /// A line while a paragraph is open (`parse_paragraph`'s loop).
    fn paragraph_line(&mut self, start: usize, end: usize, all: bool, at: usize) -> Scan<Para> {
        let k = self.spaces(at, end, 4)?;
        if k < 4 {
            let rest = &self.bytes[at + k..end];
            if all && setext(rest) {
                return Ok(Para::Setext);
            }
            if self.interrupts(at + k, end, all, true)? {
                return Ok(Para::Ended);
            }
        }
        if self.blank(at, end)? {
            return Ok(Para::Ended);
        }
        let n = self.para_lines.len() as u32 + 1;
        self.para_lines.push(start);
        self.inline(at, end, n);
        Ok(Para::Continued)
    }

    /// Note what in a paragraph line could hide a line break from the outline.
    fn inline(&mut self, from: usize, end: usize, line: u32) {
        let b = &self.bytes[from..end];
        if self.para_bracket && link_definition_colon(b) {
            self.para_unsure = true;
        }
        for i in memchr::memchr3_iter(b'`', b'<', b']', b) {
            match b[i] {
                b'`' => {
                    if i > 0 && b[i - 1] == b'`' {
                        continue;
                    }
                    if i > 0 && b[i - 1] == b'\\' {
                        self.para_unsure = true;
                    }
                    let n = b[i..].iter().take_while(|&&c| c == b'`').count();
                    self.ticks.push((line, n));
                }
                b'<' => {
                    if b.get(i + 1)
                        .is_some_and(|&c| c.is_ascii_alphabetic() || matches!(c, b'/' | b'!' | b'?'))
                    {
                        self.para_unsure = true;
                    }
                }
                _ => {
                    if b.get(i + 1) == Some(&b'(') {
                        let rest = &b[i + 2..];
                        if !rest.contains(&b')')
                            || rest.iter().any(|c| matches!(c, b'"' | b'\'' | b'(' | b'`'))
                        {
                            self.para_unsure = true;
                        }
                    }
                }
            }
        }
    }

    /// `scan_paragraph_interrupt` at `rest` (after the containers and up to 3 spaces).
    fn interrupts(&self, rest: usize, end: usize, current: bool, tables: bool) -> Scan<bool> {
        let b = &self.bytes[rest..end];
        let Some(&first) = b.first() else { return Ok(true) };
        if hrule(b) || atx(b).is_some() || fence(b).is_some() || first == b'>' {
            return Ok(true);
        }
        if let Some((_, bullet, n, blank)) = list_marker(b)?
            && (!current || ((bullet || n == 1) && !blank))
        {
            return Ok(true);
        }
        if first == b'<' {
            if b.starts_with(b"<!--") {
                return Ok(true);
            }
            if b.get(1).is_some_and(|&c| c.is_ascii_alphabetic() || matches!(c, b'/' | b'!' | b'?')) {
                return Err(Unsure);
            }
        }
        if tables && first == b'|' {
            return Ok(self.table_follows(b, end));
        }
        Ok(false)
    }

    /// Does the line `head` (ending at `end`) head a table: the next line, inside every open
    /// container, a delimiter row with as many columns?
    fn table_follows(&self, head: &[u8], end: usize) -> bool {
        let Some(cols) = header_cols(head) else { return false };
        if head.last() == Some(&b'\\') && head.iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 1 {
            return false;
        }
        let Some(next) = self.next_line(end) else { return false };
        let next_end = self.line_end(next);
        match self.matched(next, next_end) {
            Ok((m, at)) if m == self.containers.len() => {
                let delims = table_head(&self.bytes[at..next_end]);
                delims > 0 && delims == cols
            }
            _ => false,
        }
    }

    /// A line that no open leaf block takes (`parse_block`): close the containers it does not
    /// match, open the ones it starts, and start its leaf block.
    fn fresh(&mut self, start: usize, end: usize, m: usize, at: usize) -> Scan<()> {
        self.containers.truncate(m);
        let mut pos = at;
        loop {
            let k = self.spaces(pos, end, 4)?;
            if k >= 4 {
                break;
            }
            let p = pos + k;
            let rest = &self.bytes[p..end];
            if !hrule(rest)
                && let Some((w, _, _, blank)) = list_marker(rest)?
            {
                if blank {
                    return Err(Unsure);
                }
                let post = self.spaces(p + w + 1, end, 4)?;
                let post = if post < 4 { post } else { 0 };
                let parent = self.containers.iter().rev().find_map(|c| match c {
                    Container::Item { block, .. } => Some(*block),
                    Container::Quote => None,
                });
                let block = self.blocks.len() as u32;
                self.blocks.push(Block::Item { line: pos..end, parent });
                self.containers.push(Container::Item { indent: k + w + 1 + post, block, line: start });
                pos = p + w + 1 + post;
                continue;
            }
            if rest.first() == Some(&b'>') {
                self.containers.push(Container::Quote);
                pos = p + 1 + self.spaces(p + 1, end, 1)?;
                continue;
            }
            break;
        }
        if self.blank(pos, end)? {
            return Ok(());
        }
        let k = self.spaces(pos, end, 4)?;
        if k == 4 {
            self.leaf = Leaf::Code;
            return Ok(());
        }
        let p = pos + k;
        let rest = &self.bytes[p..end];
        if rest[0] == b'<' {
            if rest.starts_with(b"<!--") {
                if memchr::memmem::find(rest, b"-->").is_none() {
                    self.leaf = Leaf::Comment;
                }
                return Ok(());
            }
            if rest.get(1).is_some_and(|&c| c.is_ascii_alphabetic() || matches!(c, b'/' | b'!' | b'?')) {
                return Err(Unsure);
            }
        }
        if hrule(rest) {
            return Ok(());
        }
        if let Some(level) = atx(rest) {
            self.blocks.push(Block::Heading { level, line: start..end, end });
            return Ok(());
        }
        if let Some((ch, len)) = fence(rest) {
            self.leaf = Leaf::Fence { ch, len, indent: k };
            return Ok(());
        }
        if rest[0] == b'[' && link_definition_colon(rest) {
            return Err(Unsure);
        }
        if self.table_follows(rest, end) {
            self.blocks.push(Block::Row { line: start..end, header: true, table: self.tables });
            self.tables += 1;
            self.leaf = Leaf::Table;
            self.skip = self.next_line(end).unwrap_or(usize::MAX);
            return Ok(());
        }
        // A paragraph of a list item below the item's line has a Paragraph event only when the
        // list is loose, which the rest of the list decides: left to pulldown-cmark.
        if let Some(Container::Item { line, .. }) = self.containers.last()
            && *line != start
        {
            return Err(Unsure);
        }
        self.leaf = Leaf::Paragraph;
        self.para_first = start;
        self.para_on_item = self
            .containers
            .iter()
            .rev()
            .find_map(|c| match c {
                Container::Item { line, .. } => Some(*line),
                Container::Quote => None,
            })
            .is_some_and(|line| line == start);
        self.para_lines.clear();
        self.ticks.clear();
        self.para_bracket = rest[0] == b'[';
        self.para_unsure = false;
        self.inline(p, end, 0);
        Ok(())
    }

    /// Close the open paragraph: its text lines, or a setext heading ending at `setext`.
    fn end_paragraph(&mut self, setext: Option<usize>) -> Scan<()> {
        self.leaf = Leaf::None;
        let first = self.whole(self.para_first);
        if let Some(end) = setext {
            // The level is the underline's character.
            let start = self.bytes[..end].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let under = self.bytes[start..end].iter().find(|&&b| b == b'=' || b == b'-');
            let level = if under == Some(&b'=') { 1 } else { 2 };
            self.blocks.push(Block::Heading { level, line: first, end });
            return Ok(());
        }
        if !self.para_lines.is_empty() && (self.para_unsure || code_span_spans_lines(&self.ticks)) {
            return Err(Unsure);
        }
        if !self.para_on_item {
            self.blocks.push(Block::Text { line: first });
        }
        for i in 0..self.para_lines.len() {
            let line = self.whole(self.para_lines[i]);
            self.blocks.push(Block::Text { line });
        }
        Ok(())
    }
}

/// Backtick runs in order: does a run open a code span that a run of the same length closes on
/// a later line?
fn code_span_spans_lines(ticks: &[(u32, usize)]) -> bool {
    let mut i = 0;
    while i < ticks.len() {
        let (line, n) = ticks[i];
        match ticks[i + 1..].iter().position(|&(_, m)| m == n) {
            Some(j) if ticks[i + 1 + j].0 != line => return true,
            Some(j) => i += j + 2,
            None => i += 1,
        }
    }
    false
}
