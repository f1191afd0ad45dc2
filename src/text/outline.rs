//! Where the blocks a plan is made of are: a line scanner ([`super::scan`]) that reads them
//! the way pulldown-cmark does, and one pulldown-cmark pass for what the scanner leaves to it.
//!
//! The outline is a flat list, in document order, of the lines that can carry plan structure:
//! headings, list items (with their enclosing item), lines of paragraphs and table rows. Code
//! blocks, HTML blocks and comments produce nothing, so a `### Phase` inside a fence is never
//! seen above this layer. Ranges are byte ranges of whole source lines without their line
//! ending; interpreting the text of a line is the plan layer's job.

use std::ops::Range;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use super::Document;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// `line` is the heading's (first) line; `end` is where the heading block ends (after a
    /// setext underline), without the line ending.
    Heading { level: u8, line: Range<usize>, end: usize },
    /// `line` runs from the list marker to the end of the item's first line. `parent` is the
    /// index in [`Outline::blocks`] of the item this one is nested in.
    Item { line: Range<usize>, parent: Option<u32> },
    /// A line of a paragraph that is not the first line of a list item.
    Text { line: Range<usize> },
    /// A table row; `table` numbers the tables of the document from 0.
    Row { line: Range<usize>, header: bool, table: u32 },
}

#[derive(Debug, Default)]
pub struct Outline {
    pub blocks: Vec<Block>,
}

impl Outline {
    pub fn new(doc: &Document) -> Outline {
        match super::scan::scan(doc.text(), doc.body()) {
            Some(blocks) => Outline { blocks },
            None => Outline::pulldown(doc),
        }
    }

    /// The outline from pulldown-cmark's events (what the scanner must agree with).
    fn pulldown(doc: &Document) -> Outline {
        let text = doc.text();
        let base = doc.body();
        let parser = Parser::new_ext(&text[base..], Options::ENABLE_TABLES);
        let mut blocks = Vec::new();
        let mut items: Vec<u32> = Vec::new();
        let mut tables: u32 = 0;
        let mut in_heading = false;
        for (event, range) in parser.into_offset_iter() {
            let (start, end) = (base + range.start, base + range.end);
            match event {
                Event::Start(Tag::Heading { level, .. }) => {
                    in_heading = true;
                    let line = line_at(text, line_start(text, base, start));
                    let last = line_start(text, base, end.saturating_sub(1).max(start));
                    let end = line_at(text, last).end.max(line.end);
                    blocks.push(Block::Heading { level: level as u8, line, end });
                }
                Event::End(TagEnd::Heading(_)) => in_heading = false,
                Event::Start(Tag::Item) => {
                    let parent = items.last().copied();
                    items.push(blocks.len() as u32);
                    blocks.push(Block::Item { line: start..line_at(text, start).end, parent });
                }
                Event::End(TagEnd::Item) => {
                    items.pop();
                }
                Event::Start(Tag::Paragraph) => {
                    let ls = line_start(text, base, start);
                    let on_item_line = items.last().is_some_and(|&i| match &blocks[i as usize] {
                        Block::Item { line, .. } => line_start(text, base, line.start) == ls,
                        _ => false,
                    });
                    if !on_item_line {
                        blocks.push(Block::Text { line: line_at(text, ls) });
                    }
                }
                Event::SoftBreak | Event::HardBreak if !in_heading => {
                    if let Some(nl) = memchr::memchr(b'\n', &text.as_bytes()[start..]) {
                        blocks.push(Block::Text { line: line_at(text, start + nl + 1) });
                    }
                }
                Event::Start(Tag::Table(_)) => tables += 1,
                Event::Start(Tag::TableHead) => blocks.push(Block::Row {
                    line: line_at(text, line_start(text, base, start)),
                    header: true,
                    table: tables - 1,
                }),
                Event::Start(Tag::TableRow) => blocks.push(Block::Row {
                    line: line_at(text, line_start(text, base, start)),
                    header: false,
                    table: tables - 1,
                }),
                _ => {}
            }
        }
        Outline { blocks }
    }
}

/// The 1-based line of a fenced code block that is never closed and so runs to the end of the
/// file, if there is one: anything appended at the end would be read as code.
pub fn unclosed_fence(doc: &Document) -> Option<usize> {
    let text = doc.text();
    let base = doc.body();
    let mut last = None;
    for (event, range) in Parser::new_ext(&text[base..], Options::ENABLE_TABLES).into_offset_iter() {
        if let Event::Start(Tag::CodeBlock(pulldown_cmark::CodeBlockKind::Fenced(_))) = event {
            last = Some(base + range.start..base + range.end);
        }
    }
    let block = last.filter(|b| b.end >= text.trim_end().len())?;
    let body = text[block.clone()].trim_end();
    let opener = body.trim_start().chars().next()?;
    let closing = body.lines().count() > 1
        && body.lines().last().is_some_and(|l| {
            let l = l.trim();
            l.len() >= 3 && l.chars().all(|c| c == opener)
        });
    (!closing).then(|| text[..block.start].matches('\n').count() + 1)
}

/// Start of the line holding `pos`, never before the body (so a BOM or front matter is never
/// part of a block's line).
fn line_start(text: &str, floor: usize, pos: usize) -> usize {
    memchr::memrchr(b'\n', &text.as_bytes()[floor..pos]).map_or(floor, |i| floor + i + 1)
}

/// The line starting at `start`, without its `\n` or `\r\n`.
fn line_at(text: &str, start: usize) -> Range<usize> {
    let bytes = text.as_bytes();
    let mut end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
    if end > start && bytes[end - 1] == b'\r' {
        end -= 1;
    }
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn outline(src: &str) -> Vec<(String, String)> {
        let doc = Document::from_text(src.to_string());
        let shown = shown(&doc, &Outline::new(&doc).blocks);
        assert_eq!(shown, self::shown(&doc, &Outline::pulldown(&doc).blocks), "scanner and pulldown-cmark");
        shown
    }

    pub(super) fn shown(doc: &Document, blocks: &[Block]) -> Vec<(String, String)> {
        let text = doc.text();
        blocks
            .iter()
            .map(|b| match b {
                Block::Heading { level, line, .. } => (format!("h{level}"), text[line.clone()].to_string()),
                Block::Item { line, parent } => (format!("item<{parent:?}"), text[line.clone()].to_string()),
                Block::Text { line } => ("text".into(), text[line.clone()].to_string()),
                Block::Row { line, header, table } => {
                    (format!("row{table}{header}"), text[line.clone()].to_string())
                }
            })
            .collect()
    }

    fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
        v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    #[test]
    fn fences_and_comments_hide_structure() {
        let src = "# T\n```\n### Phase 9\n- [ ] fake\n```\n<!--\n## Phase 8\n-->\n## Phase 1\n";
        assert_eq!(outline(src), pairs(&[("h1", "# T"), ("h2", "## Phase 1")]));
    }

    #[test]
    fn items_know_their_parent_and_lines_their_text() {
        let src = "- [x] a\r\n  - [ ] b\r\n- c\r\n  more\r\n\r\n> **Status**: x\r\n> y\r\n";
        assert_eq!(
            outline(src),
            pairs(&[
                ("item<None", "- [x] a"),
                ("item<Some(0)", "- [ ] b"),
                ("item<None", "- c"),
                ("text", "  more"),
                ("text", "> **Status**: x"),
                ("text", "> y"),
            ])
        );
    }

    #[test]
    fn table_rows_and_setext_headings() {
        let src = "Title\n=====\n\n| a | b |\n|---|---|\n| 1 \\| 2 | 3 |\n";
        assert_eq!(
            outline(src),
            pairs(&[("h1", "Title"), ("row0true", "| a | b |"), ("row0false", "| 1 \\| 2 | 3 |")])
        );
    }

    #[test]
    fn a_bom_is_not_part_of_the_first_line() {
        assert_eq!(outline("\u{feff}# T\n- [ ] a\n"), pairs(&[("h1", "# T"), ("item<None", "- [ ] a")]));
    }

    #[test]
    fn front_matter_is_not_markdown() {
        let src = "---\n# not a heading\n---\n# Real\n";
        assert_eq!(outline(src), pairs(&[("h1", "# Real")]));
    }
}

/// The scanner against pulldown-cmark on every plan we have and on mutations of them: wherever
/// the scanner answers, its outline is pulldown-cmark's.
#[cfg(test)]
mod differential {
    use super::tests::shown;
    use super::*;
    use std::path::{Path, PathBuf};

    fn files(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                files(&p, out);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }

    fn texts() -> Vec<(String, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut paths = Vec::new();
        files(&root.join("fixtures"), &mut paths);
        files(&root.join("../shared/corpus"), &mut paths);
        paths.sort();
        paths
            .into_iter()
            .filter_map(|p| Some((p.display().to_string(), String::from_utf8(std::fs::read(&p).ok()?).ok()?)))
            .collect()
    }

    /// `Some(false)` when the scanner answered differently, `None` when it left it to pulldown.
    fn agrees(text: &str) -> Option<bool> {
        let doc = Document::from_text(text.to_string());
        let scanned = crate::text::scan::scan(doc.text(), doc.body())?;
        Some(scanned == Outline::pulldown(&doc).blocks)
    }

    #[test]
    fn the_scanner_reads_every_plan_as_pulldown_cmark_does() {
        let texts = texts();
        assert!(texts.len() > 100, "fixtures and ../shared/corpus: {} files", texts.len());
        let mut scanned = 0;
        for (name, text) in &texts {
            match agrees(text) {
                Some(true) => scanned += 1,
                Some(false) => panic!("the scanner misreads {name}"),
                None => {}
            }
        }
        // Most plans are read without pulldown-cmark (this is a floor, not a target).
        assert!(scanned * 100 >= texts.len() * 95, "{scanned} of {} files scanned", texts.len());
    }

    /// Lines that make block structure, spliced into real plans.
    const PIECES: &[&str] = &[
        "",
        " ",
        "> ",
        ">",
        "- ",
        "-",
        "* ",
        "+ x",
        "1. ",
        "2) x",
        "10. y",
        "  - nested",
        "    - deep",
        "   - three",
        "     five",
        "```",
        "~~~",
        "```rust",
        "   ```",
        "    code",
        "<!--",
        "-->",
        "<!-- c -->",
        "---",
        "===",
        "***",
        "- - -",
        "_ _ _",
        "| a | b |",
        "|---|---|",
        "a | b",
        "--|--",
        "| x |",
        "|:-:|",
        "# H",
        "###### six",
        "####### seven",
        "#nospace",
        "text `code",
        "`",
        "``",
        "x``y",
        "[x]: /u",
        "[link](x)",
        "<div>",
        "< 3",
        "a\\",
        "trailing  ",
        "- [ ] T-1: t",
        "- [x] done",
        "### Phase 9: p",
        "- **Status:** complete",
        "> - [ ] q",
        "1. [ ] n",
        "\\`x",
        "[a](b \"t",
        "<b>",
        "&amp;",
        "  > quote",
        "-- ",
        "- # h",
        "- ```",
        "> ```",
        ">> x",
    ];

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 16) as usize
        }
    }

    fn mutate(text: &str, rng: &mut Rng) -> String {
        let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        for _ in 0..1 + rng.next() % 4 {
            let n = lines.len().max(1);
            let i = rng.next() % n;
            let piece = PIECES[rng.next() % PIECES.len()];
            match rng.next() % 7 {
                0 => lines.insert(i, piece.to_string()),
                1 if i < lines.len() => lines[i] = format!("{piece}{}", lines[i]),
                2 if i < lines.len() => lines[i] = format!("{}{}", " ".repeat(1 + rng.next() % 5), lines[i]),
                3 if i < lines.len() => lines[i] = lines[i].trim_start().to_string(),
                4 if i < lines.len() => {
                    lines.remove(i);
                }
                5 if i + 1 < lines.len() => lines.swap(i, i + 1),
                _ if i < lines.len() => lines[i] = format!("{}{piece}", lines[i]),
                _ => lines.push(piece.to_string()),
            }
        }
        lines.join("\n")
    }

    #[test]
    fn the_scanner_agrees_with_pulldown_cmark_on_mutated_plans() {
        let texts = texts();
        let rounds: usize =
            std::env::var("PPLAN_SCAN_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut tried, mut scanned) = (0, 0);
        for (name, text) in &texts {
            // Mutate a window of a long plan, so every mutation lands near the others.
            let text: String = text.split_inclusive('\n').take(150).collect();
            for round in 0..rounds {
                let mutated = mutate(&text, &mut rng);
                tried += 1;
                match agrees(&mutated) {
                    Some(true) => scanned += 1,
                    Some(false) => {
                        let doc = Document::from_text(mutated.clone());
                        let ours =
                            shown(&doc, &crate::text::scan::scan(doc.text(), doc.body()).unwrap_or_default());
                        let theirs = shown(&doc, &Outline::pulldown(&doc).blocks);
                        let at = ours.iter().zip(&theirs).take_while(|(a, b)| a == b).count();
                        let from = at.saturating_sub(3);
                        panic!(
                            "the scanner misreads mutation {round} of {name}:\n{mutated}\n--- scanner from block {from}:\n{:#?}\n--- pulldown:\n{:#?}",
                            &ours[from..(at + 3).min(ours.len())],
                            &theirs[from..(at + 3).min(theirs.len())]
                        )
                    }
                    None => {}
                }
            }
        }
        assert!(scanned * 10 >= tried * 8, "{scanned} of {tried} mutations scanned");
    }
}
