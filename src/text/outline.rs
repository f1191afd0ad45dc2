//! One pulldown-cmark pass that says where the blocks a plan is made of are.
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

    fn outline(src: &str) -> Vec<(String, String)> {
        let doc = Document::from_text(src.to_string());
        let text = doc.text();
        Outline::new(&doc)
            .blocks
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
