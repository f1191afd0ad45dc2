//! The plan's shape, decided before the walk: which headings are groups, rounds of groups or
//! tasks, by structure (keywords, runs of sibling headings whose ids count up or that hold
//! work), and which numbered items carry tasks.

use super::super::Status;
use super::syntax::{self, Titled};
use crate::text::Block;

#[derive(Clone, Debug)]
pub(super) enum Role {
    Group(Titled),
    Round(Titled),
    Task(Titled),
    Plain,
}

/// A paragraph line that is all bold and starts like a group (`**1. Cross-Platform**`,
/// `**Phase 2: Build**`) is a heading its author did not mark up: in a plan whose headings hold
/// no groups, two or more of them are read as the deepest headings. Whether they are groups is
/// then decided like any heading's. True when any was found.
pub(super) fn bold_headings(text: &str, blocks: &mut [Block]) -> bool {
    // A status standing alone after the bold (`**第1段階：記事の移行**　済`) makes a heading only
    // where no such line goes on with other words (`**Step 2: Cache** see notes`): the lines
    // are all headings or none.
    // Lines that go on with other words are headings all the same when they are a run: two or
    // more opening with the same word and distinct ids (`**Part 1: legal stuff.** Permit came
    // through…` over `**Part 2: recipes.** …`, `**Fase 1 — Demolizione**: fatto`), a plan kept
    // as one paragraph a step.
    // Each line is read once: its block, its kind and its key.
    let lines: Vec<(usize, Bold, (String, &str))> = blocks
        .iter()
        .enumerate()
        .filter_map(|(i, b)| match b {
            Block::Text { line } => {
                bold_line(text[line.clone()].trim_end()).map(|(bold, key)| (i, bold, key))
            }
            _ => None,
        })
        .collect();
    let in_run = |key: &(String, &str)| {
        !key.0.is_empty() && lines.iter().any(|(_, _, (word, id))| *word == key.0 && *id != key.1)
    };
    let stray = lines.iter().any(|(_, bold, key)| *bold == Bold::Worded && !in_run(key));
    let found = lines
        .iter()
        .filter(|(_, bold, key)| match bold {
            Bold::Heading => true,
            Bold::Lone => !stray,
            Bold::Worded => in_run(key),
        })
        .map(|(i, _, _)| *i)
        .collect();
    promote(blocks, found)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bold {
    /// A group's words in bold, perhaps with its status or a remark after them.
    Heading,
    /// A group's words in bold, then a status alone after a space.
    Lone,
    /// A group's words in bold, then other words.
    Worded,
}

/// A paragraph line opening with a group's words in bold (`**Phase 2: Build**`), what follows
/// them, and their word (lowercase) and id.
fn bold_line(t: &str) -> Option<(Bold, (String, &str))> {
    // Its status may open it, a symbol before the bold (`🟢 **Wave 1 — Research**: …`).
    let lead = t
        .split_once(' ')
        .filter(|(symbol, rest)| {
            !symbol.is_empty() && !symbol.chars().any(char::is_alphanumeric) && rest.starts_with("**")
        })
        .map_or(0, |(symbol, _)| symbol.len() + 1);
    // The bold part may be followed by its status (`**Sprint 1: Sync** — DONE`).
    let close = t[lead..].strip_prefix("**").and_then(|r| r.find("**")).map(|c| lead + c + 2)?;
    let inner = &t[lead + 2..close];
    if inner.contains("**") {
        return None;
    }
    let keyed = syntax::numbered_heading(inner)
        .or_else(|| syntax::dotted_heading(inner))
        .or_else(|| syntax::group_heading(inner))
        .or_else(|| syntax::word_heading(inner))?;
    let key = (inner[keyed.word].to_lowercase(), &inner[keyed.id]);
    let (rest, _) = syntax::strip_trailing_statuses(t, close + 2..t.len());
    // Or by a mark saying it is the current one (`**Phase 2 – API**  (current)`).
    let after = &t[close + 2..];
    let marked = syntax::current_mark(after).is_some_and(|m| after[..m.start].trim().is_empty());
    // Or by a remark after a dash (`**Sprint 3 · Members' area** — waiting on the client`),
    // or, after a bold label, by its status as a sentence (`**Phase 0 – engine:** done. …`).
    let remark = after.trim_start().starts_with(['—', '–'])
        || t[..close].ends_with([':', '：']) && syntax::sentence_status(after).is_some();
    // (A status opening the line sets the words after the bold apart as a remark.)
    let bold = if rest.is_empty() || marked || remark || lead > 0 {
        Bold::Heading
    } else if syntax::status_after_bold(after).is_some() {
        Bold::Lone
    } else {
        Bold::Worded
    };
    Some((bold, key))
}

/// A callout's title line that names a group (`> [!todo] Phase 1 — Base`, `> [!note] Step 2:
/// …`): a plan kept as callouts, each holding its checklist. Two or more are read as the
/// deepest headings, like [`bold_headings`].
pub(super) fn callout_headings(text: &str, blocks: &mut [Block]) -> bool {
    pseudo_headings(text, blocks, |t| {
        let s = &t[syntax::content_start(t)..];
        let kind = syntax::callout_type(s);
        let title = &s[kind..];
        kind > 0
            && (syntax::group_heading(title).is_some()
                || syntax::word_heading(title).is_some()
                || syntax::numbered_heading(title).is_some())
    })
}

/// A title that is an amount, digits and a unit (`KW 11: 5h15`, `Day 3: 12 km (hilly)`): a log's
/// entry, no step. Not a name opening with digits (`2FA`, `4K`, `1.0`).
fn amount(title: &str) -> bool {
    const UNITS: &[&str] = &["h", "hr", "hrs", "min", "km", "mi", "k", "kg", "lb", "lbs", "m"];
    let title = title.split(['(', '（']).next().unwrap_or_default().trim();
    let unit: String =
        title.chars().filter(|c| !c.is_ascii_digit() && !matches!(c, '.' | ',' | ':' | ' ')).collect();
    title.starts_with(|c: char| c.is_ascii_digit()) && UNITS.contains(&unit.as_str())
}

/// A paragraph line that opens with a word, an id and a separator (`step 1 (done): add the
/// flag`, `iteration 5: CLI polish`, `STEP 2 — LFS  [IN PROGRESS]`, `Part III. Ranking — DONE`): in a plan where nothing
/// else is a group, a plan kept in plain lines; two or more are read as the deepest headings,
/// like [`bold_headings`].
pub(super) fn plain_headings(text: &str, blocks: &mut [Block]) -> bool {
    // Its status closes it, set apart (`Part III. Ranking — DONE`, `Week 1–4 (base) — done`),
    // not a sentence's last word (`… once the parser is done.`).
    let closed = |t: &str, w: &Titled| {
        w.statuses.iter().any(|f| {
            f.range.start >= w.title.end
                && t[w.title.end..f.range.start].contains(['—', '–', '-', ':', '(', '[', '（', '【'])
        })
    };
    // The line's word (lowercase) when it opens on a word and an id (at the line's start, or
    // after its status: `[DONE] Part 1 — Inventory`), and, when `strict`, a separator or a status
    // sets its title apart.
    let keyed = |t: &str, strict: bool| {
        let w = worded(t)?;
        let lead = syntax::bracket_word(t).map_or(0, |(_, _, len)| len);
        let between = &t[w.id.end..w.title.start];
        let apart = between.contains([':', '：', '—', '–']) || between.starts_with(" - ") || closed(t, &w);
        let numbered = t[w.id.clone()].starts_with(|c: char| c.is_ascii_digit());
        // (Unstated, its id closes on a full stop or a bracket, or a remark in brackets follows
        // it: `Этап 4. Комментарии`, `Week 4 (Mar 25): sow tomatoes`, not `Phase 4 needs the
        // plumber`.)
        let closed_id = between.starts_with(['.', ')']) || t[w.id.end..].starts_with(" (");
        (w.word.start == lead
            && !w.word.is_empty()
            && (apart || (!strict && numbered && closed_id))
            && !amount(&t[w.title.clone()]))
        .then(|| t[w.word].to_lowercase())
    };
    // Once two lines of a word are so set apart, its other lines are steps too, stated or not
    // (`Этап 4. Комментарии` after `Этап 3. Перенос контента — в процессе`): how many each
    // word has, counted once.
    // A lettered line (`A. Inventory — done`; a numbered one is a list's item): whether its
    // status closes it.
    let lettered = |t: &str| {
        let w = syntax::numbered_heading(t).filter(|w| w.id.start == 0)?;
        // (Unstated, no sentence: not `E. coli samples went to the lab.`)
        let said = closed(t, &w);
        (t[w.id.clone()].bytes().all(|b| b.is_ascii_alphabetic()) && (said || !t.ends_with('.')))
            .then_some(said)
    };
    let mut stated: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    // The numbers of the lines set apart, by word: a line going on the run takes none of them.
    let mut taken: std::collections::HashSet<(String, u32)> = std::collections::HashSet::new();
    for b in blocks.iter() {
        if let Block::Text { line } = b {
            let t = text[line.clone()].trim_end();
            if let Some(word) = keyed(t, true) {
                if let Some(n) = worded(t).and_then(|w| t[w.id].parse::<u32>().ok()) {
                    taken.insert((word.clone(), n));
                }
                *stated.entry(word).or_default() += 1;
            } else if lettered(t) == Some(true) {
                *stated.entry(String::new()).or_default() += 1;
            }
        }
    }
    let twice = |kind: &str| stated.get(kind).is_some_and(|&n| n >= 2);
    // A line's word (lowercase) and number when it opens on them (`Schritt 5 Auspflanzen`).
    let numbered = |t: &str| {
        let w = worded(t).filter(|w| w.word.start == 0)?;
        let n = t[w.id].parse::<u32>().ok()?;
        (!w.word.is_empty()).then(|| (t[w.word].to_lowercase(), n))
    };
    // The number each word's next line would have in its run, and where the last step's line
    // ends.
    let mut next: std::collections::HashMap<String, u32> = std::collections::HashMap::new();
    let mut last_end = usize::MAX;
    pseudo_headings(text, blocks, |t| {
        let start = t.as_ptr() as usize - text.as_ptr() as usize;
        // Once a word has two lines set apart, a line of it right under a step, whose number
        // comes next in their run, is a step too, its title right after the id (`Schritt 5
        // Auspflanzen nach den Eisheiligen` after `Schritt 4 Vorziehen … - läuft seit 1.4.`);
        // not a sentence naming it (`Phase 4 needs the plumber, call him Monday.`, `Step 3 and
        // Step 4 can run in parallel` over `Step 3 build - in progress`).
        let under = text.get(last_end..start).is_some_and(|gap| {
            gap.trim_end_matches('\n').trim_end_matches('\r').is_empty() && gap.matches('\n').count() == 1
        });
        let run = numbered(t);
        let sentence = t.ends_with(['.', '!', '?', ':', '：']);
        let follows = || {
            under
                && !sentence
                && run.as_ref().is_some_and(|(w, n)| {
                    twice(w) && next.get(w) == Some(n) && !taken.contains(&(w.clone(), *n))
                })
        };
        let step = keyed(t, true).is_some() || keyed(t, false).is_some_and(|w| twice(&w)) || follows();
        if step && let Some((w, n)) = run {
            next.insert(w, n + 1);
        }
        if step {
            last_end = start + t.len();
        }
        step
            // A lettered line with its status closing it (`A. Inventory — done`), and once two
            // do, the others (`D. Digital work`).
            || lettered(t).is_some_and(|said| said || twice(""))
    })
}

/// The number opening `t` before an enumeration comma in digits, as Chinese and Japanese
/// count (`2、水电 —— ✅`).
fn enumerated(t: &str) -> Option<u32> {
    let (n, _) = t.split_once('、')?;
    n.parse::<u32>().ok()
}

/// A plain line naming a plan's stages (`Steps`, `stages (Kev's numbering)`, `Etapas:`) right
/// over a list, flush and short: in a plan kept by hand, the heading of its phases section. It
/// becomes a heading of the deepest level; true when one did.
pub(super) fn section_lines(text: &str, blocks: &mut [Block]) -> bool {
    let found: Vec<usize> = (0..blocks.len().saturating_sub(1))
        .filter(|&i| match (&blocks[i], &blocks[i + 1]) {
            (Block::Text { line }, Block::Item { parent: None, .. }) => {
                let t = text[line.clone()].trim_end();
                !t.starts_with([' ', '\t'])
                    && t.split_whitespace().count() <= 4
                    && super::sections::section_of(t) == super::sections::Section::Groups
            }
            _ => false,
        })
        .collect();
    to_headings(blocks, &found)
}

/// Paragraph lines that open, flush, with one word and the numbers 1, 2, 3… (or 0, 1, 2…, or
/// I, II, III…, or the letters A, B, C…), or with roman numerals alone (`I.   Talk to the program
/// officer`), in order, three or more with no heading between them: a plan's steps kept in
/// plain lines, whatever else they say (`Fase 1 – smontaggio. Fatto a gennaio`, `tappa 2
/// Hakone (1 notte) – ryokan prenotato OK`, `M3. Reproduce Table 2`). They become headings of
/// the deepest level; true when any did. Not a sentence naming a step (`Phase 4 needs the
/// plumber, call him Monday.`).
pub(super) fn numbered_runs(text: &str, blocks: &mut [Block]) -> bool {
    // The runs a line may be in: its word (or none) and its number, read as a numeral and, a
    // single capital, as a letter counted from A (`Part A.`, `Part B.`; `Part I.` may be either).
    let numbered = |t: &str| -> Vec<(String, u32)> {
        if let Some(n) = enumerated(t) {
            return vec![(String::new(), n)];
        }
        // (Roman numerals alone, set apart: `I.   Talk to the program officer`, `II.  …`.)
        let roman = t.split_once(['.', ')']).filter(|(_, rest)| rest.starts_with([' ', '\t']));
        if let Some(n) = roman.and_then(|(id, _)| syntax::roman_number(id)) {
            return vec![("\u{1}roman".to_string(), n)];
        }
        let Some(w) = worded(t).filter(|w| w.word.start == 0 && !w.word.is_empty()) else {
            return Vec::new();
        };
        // (A title set apart from its id, or opening on a capital, or no sentence.)
        let between = &t[w.id.end..w.title.start];
        let set_apart = between.trim() != "" || t[w.title.clone()].starts_with(|c: char| !c.is_lowercase());
        if !set_apart && t.ends_with(['.', '!', '?', ':', '：']) {
            return Vec::new();
        }
        // (A code's letters are its word: `M3` is the third of the Ms.)
        let id = t[w.id.clone()].strip_prefix(&t[w.word.clone()]).unwrap_or(&t[w.id.clone()]);
        let word = t[w.word].to_lowercase();
        let letter = match id.as_bytes() {
            [b @ b'A'..=b'Z'] => Some((format!("{word}\u{1}letter"), u32::from(b - b'A' + 1))),
            _ => None,
        };
        id.parse::<u32>()
            .ok()
            .or_else(|| syntax::roman_number(id))
            .map(|n| (word, n))
            .into_iter()
            .chain(letter)
            .collect()
    };
    // Each word's run so far: the number its next line would have, and its lines.
    let mut open: std::collections::HashMap<String, (u32, Vec<usize>)> = std::collections::HashMap::new();
    let mut found = Vec::new();
    let close = |run: Vec<usize>, found: &mut Vec<usize>| {
        if run.len() >= 3 {
            found.extend(run);
        }
    };
    for b in blocks.iter() {
        match b {
            Block::Heading { .. } => {
                for (_, (_, run)) in open.drain() {
                    close(run, &mut found);
                }
            }
            Block::Text { line } if !text[line.clone()].starts_with([' ', '\t']) => {
                for (word, n) in numbered(text[line.clone()].trim_end()) {
                    match open.get_mut(&word) {
                        Some((next, run)) if *next == n => {
                            run.push(line.start);
                            *next += 1;
                        }
                        _ => {
                            let first = n <= 1;
                            if let Some((_, run)) = open.remove(&word) {
                                close(run, &mut found);
                            }
                            if first {
                                open.insert(word, (n + 1, vec![line.start]));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    for (_, (_, run)) in open.drain() {
        close(run, &mut found);
    }
    found.sort_unstable();
    let found: Vec<usize> = (0..blocks.len())
        .filter(|&i| matches!(&blocks[i], Block::Text { line } if found.binary_search(&line.start).is_ok()))
        .collect();
    promote(blocks, found)
}

/// A paragraph line that is a label in bold (`**Backend**`, `**iOS** — Karol`, `**Release**
/// (mostly unchanged)`) with a checklist right under it, or a short plain line with boxes
/// indented under it (`Sat (hours 6-30)` over `  [x] lose condition`): in a plan kept by hand
/// with no group in any form, the heading of an area. Two or more become headings of the deepest level;
/// whether they are groups is then decided like any bare heading's. True when any was found.
pub(super) fn bold_labels(text: &str, blocks: &mut [Block]) -> bool {
    // (The list under it may open with the status line `set` writes: `- **Status:** blocked`.)
    let checklist = |i: usize| {
        blocks[i + 1..]
            .iter()
            .map_while(|b| match b {
                Block::Item { line, .. } => Some(line),
                _ => None,
            })
            .any(|line| checkbox_item(text, line))
    };
    let found: Vec<usize> = (0..blocks.len().saturating_sub(1))
        .filter(|&i| match (&blocks[i], &blocks[i + 1]) {
            (Block::Text { line }, Block::Item { parent: None, .. }) => {
                !text[line.clone()].starts_with([' ', '\t'])
                    && bold_label(text[line.clone()].trim_end()).is_some()
                    && checklist(i)
            }
            // Or a short plain line over boxes indented under it with no list marker (`Sat
            // (hours 6-30)` over `  [x] food sources spawn`).
            (Block::Text { line }, Block::Text { line: under }) => {
                let t = text[line.clone()].trim_end();
                let u = &text[under.clone()];
                !t.starts_with([' ', '\t'])
                    && u.starts_with([' ', '\t'])
                    && syntax::checkbox(u.trim_start()).is_some()
                    && syntax::checkbox(t).is_none()
                    && t.chars().count() <= 60
                    && !t.ends_with(['.', ':', '：', '?', '!'])
            }
            _ => false,
        })
        .collect();
    promote(blocks, found)
}

/// The words of a label in bold (`**Backend**`, `**iOS** — Karol`, `**Release** (mostly
/// unchanged)`): nothing after the bold but a remark after a dash or in brackets, and no colon
/// closing it (`**Note:**` leads a sentence).
fn bold_label(t: &str) -> Option<&str> {
    let inner = t.strip_prefix("**").and_then(|r| r.split_once("**")).map(|(b, _)| b)?;
    let after = t[inner.len() + 4..].trim();
    let label = !inner.trim().is_empty()
        && !inner.trim_end().ends_with([':', '：'])
        && inner.chars().count() <= 60
        && (after.is_empty() || after.starts_with(['—', '–', '(', '（']) || after.starts_with("- "));
    label.then(|| inner.trim())
}

/// Paragraph lines that are a label in bold, most saying how they stand after it or inside it
/// (`**Corpus construction**  ✔ done`, `**data**  done`, `**storage — 60%**`, `**analysis**  ←
/// current`) over their notes, prose or checklists: a plan kept by hand in bold lines. When two
/// or more state a status, each such line opening a paragraph becomes a heading of the deepest
/// level, and each is a group, stated or not (`**Validation**` over its plain bullets), unless it
/// names a section of its own (`**Notes**`): those groups, each with its place among the
/// headings.
pub(super) fn bold_steps(text: &str, blocks: &mut [Block]) -> Vec<(usize, Titled)> {
    // A plan that writes its bold lines as labels with a colon (`**Flights**: done`) keeps no
    // steps in them.
    let labelled = blocks.iter().any(|b| {
        matches!(b, Block::Text { line } if {
            let t = &text[line.clone()];
            t.starts_with("**") && t[2..].find("**").is_some_and(|c| {
                t[2..2 + c].ends_with([':', '：']) || t[4 + c..].starts_with([':', '：'])
            }) && super::super::status::find(t).is_some()
        })
    });
    if labelled {
        return Vec::new();
    }
    // Each paragraph line's reading: is it such a line, and does it state how it stands? Not
    // under a heading naming notes, a log or another section of its own (`## Notes`).
    let mut aside = false;
    let steps: Vec<Option<bool>> = (blocks.iter())
        .map(|b| {
            if let Block::Heading { line, level, .. } = b
                && *level > 1
            {
                let raw = &text[line.clone()];
                let h = &raw[syntax::heading_text(raw)];
                aside = names_a_list(&h.to_lowercase())
                    || !matches!(
                        super::sections::section_of(h),
                        super::sections::Section::Other | super::sections::Section::Groups
                    );
            }
            let Block::Text { line } = b else { return None };
            if aside {
                return None;
            }
            let raw = &text[line.clone()];
            let step = (!raw.starts_with([' ', '\t'])).then(|| syntax::bold_step(raw.trim_end()))??;
            let stated = !step.statuses.is_empty() || syntax::current_mark(raw).is_some();
            // (Unstated, not a line naming notes or other asides: `**Notes**`, `**Ideas**`.)
            let title = raw[step.title].to_lowercase();
            let aside = names_a_list(&title) || title.split_whitespace().any(|w| ASIDES.contains(&w));
            (stated || !aside).then_some(stated)
        })
        .collect();
    let read = openers(text, blocks, &steps);
    if read.iter().filter(|(_, stated)| *stated).count() < 2 {
        return Vec::new();
    }
    let found: Vec<usize> = read.iter().map(|(i, _)| *i).collect();
    promote(blocks, found.clone());
    let heads = headings(text, blocks);
    (0..heads.len())
        .filter(|&h| found.binary_search(&heads[h].0).is_ok() && bare_name(&heads, h))
        .filter_map(|h| Some((h, syntax::bold_step(heads[h].2)?)))
        .collect()
}

/// Plain paragraph lines that say how a step stands after its title (`DESIGN - done`, `week 1
/// (ch 1-4) ok`, `PART TWO — The Crossing   60%`, [`syntax::plain_step`]): a plan kept by hand in
/// plain lines over its notes. When two or more do, they become headings of the deepest level,
/// each a group, and so do the lines written like them that state nothing yet: in capitals
/// (`SHOP`), opening with a month (`jul-aug - graded readers`) or with the same first word
/// (`week 6 (ch 17-20)`) as two stated ones. Those groups, each with its place among the
/// headings.
pub(super) fn plain_steps(text: &str, blocks: &mut [Block]) -> Vec<(usize, Titled)> {
    // What a line is written like: in capitals, opening with a month or a symbol, or its first
    // word.
    let like = |t: &str| {
        let first = t.split_whitespace().next().unwrap_or_default();
        if first.chars().filter(|c| c.is_alphabetic()).count() >= 2
            && first.chars().all(|c| !c.is_alphabetic() || c.is_uppercase())
        {
            "\u{1}caps".to_string()
        } else if syntax::opens_with_month(t) {
            "\u{1}month".to_string()
        } else if let Some(c) = t.chars().next().filter(|c| !c.is_alphanumeric()) {
            // Or the symbol it opens with (`■ 第四部「帰港」`, not `・メモ`).
            format!("\u{1}{c}")
        } else {
            // (A code's letters: `M1  prereg` and `M3  ethics` are written alike; so are numerals
            // before a list comma, `五、杭州那边安顿` after `四、搬运 ⏳`.)
            let word = t.split(|c: char| !c.is_alphanumeric()).next().unwrap_or_default();
            let cjk = |c: char| syntax::CJK_NUMERALS.contains(c);
            if !word.is_empty() && word.chars().all(cjk) && t[word.len()..].starts_with('、') {
                "\u{1}number".to_string()
            } else if word.bytes().all(|b| b.is_ascii_digit()) {
                // (Digits alone are no kind of line: `3 people are needed`, `2024-06-01 call`.)
                word.to_string()
            } else {
                word.trim_end_matches(|c: char| c.is_ascii_digit()).to_lowercase()
            }
        }
    };
    // (Lines counted in digits and an enumeration comma, `2、水电 —— ✅`, are a numbered run's:
    // see [`numbered_runs`].)
    let line = |b: &Block| match b {
        Block::Text { line } if !text[line.clone()].starts_with([' ', '\t']) => {
            Some(text[line.clone()].trim_end()).filter(|t| enumerated(t).is_none())
        }
        _ => None,
    };
    let mut stated: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for t in blocks.iter().filter_map(line) {
        if syntax::plain_step(t).is_some() {
            *stated.entry(like(t)).or_default() += 1;
        }
    }
    if stated.values().sum::<usize>() < 2 {
        return Vec::new();
    }
    // (Unstated: a short line, no sentence nor label, nor one naming notes or asides.)
    let unstated = |t: &str| {
        // (Question marks alone after a dash say nothing is settled: `CLIENT GALLERIES - ???`.)
        let t = t.trim_end_matches('?').trim_end().strip_suffix(" -").unwrap_or(t);
        let lower = t.to_lowercase();
        stated.get(&like(t)).is_some_and(|&n| n >= 2)
            && t.chars().count() <= 80
            && !t.ends_with(['.', ':', '：', '?', '!'])
            && !names_a_list(&lower)
            && !lower.split_whitespace().any(|w| ASIDES.contains(&w))
    };
    let steps: Vec<Option<bool>> = blocks
        .iter()
        .map(|b| {
            line(b).and_then(|t| {
                if syntax::plain_step(t).is_some() { Some(true) } else { unstated(t).then_some(false) }
            })
        })
        .collect();
    let found: Vec<usize> = openers(text, blocks, &steps).into_iter().map(|(i, _)| i).collect();
    promote(blocks, found.clone());
    let heads = headings(text, blocks);
    (0..heads.len())
        .filter(|&h| found.binary_search(&heads[h].0).is_ok() && bare_name(&heads, h))
        .map(|h| {
            let t = heads[h].2;
            // (Not a bullet symbol before it, nor leaders after it: `■ 全体推敲 …`.)
            let end = t.trim_end_matches(['.', '…', ' ', '\u{3000}']).len();
            let start = syntax::bullet_len(t).min(end);
            let whole = start..end;
            (
                h,
                syntax::plain_step(t).unwrap_or(Titled {
                    word: 0..0,
                    id: 0..0,
                    title: whole,
                    statuses: Vec::new(),
                    lead_in: false,
                }),
            )
        })
        .collect()
}

/// The paragraph lines `steps` reads as steps (whether each states how it stands) that open
/// their paragraph or follow another step (`**1 design pcb**  ok` over `**2 order**  ok`); not
/// a wrapped line of prose.
fn openers(text: &str, blocks: &[Block], steps: &[Option<bool>]) -> Vec<(usize, bool)> {
    (0..blocks.len())
        .filter_map(|i| {
            let Block::Text { line } = &blocks[i] else { return None };
            let wrapped = i.checked_sub(1).is_some_and(|p| {
                steps[p].is_none()
                    && matches!(&blocks[p], Block::Text { line: prev }
                        if text.get(prev.end..line.start).is_none_or(|b| b.bytes().filter(|&b| b == b'\n').count() < 2))
            });
            steps[i].filter(|_| !wrapped).map(|stated| (i, stated))
        })
        .collect()
}

/// Words naming what a plan keeps beside its work (`**Ideas**`, `**Open questions**`); lowercase.
const ASIDES: &[&str] = &[
    "ideas",
    "idea",
    "links",
    "questions",
    "resources",
    "references",
    "misc",
    "parking",
    "someday",
    "maybe",
];

/// Checkbox lines written without a list marker (`[x] M0 – modding env` over `[/] M1 – soil
/// moisture`), or opening on a status word in brackets (`[done] 1. sensor wiring` over `[doing]
/// 2. enclosure`), each at the start of its line: the items of a list, when two or more are.
/// True when any was found.
pub(super) fn bare_boxes(text: &str, blocks: &mut [Block]) -> bool {
    let boxed = |line: &std::ops::Range<usize>| {
        let s = &text[line.clone()];
        let len = syntax::checkbox(s).map(|(_, _, len)| len).or(syntax::unknown_checkbox(s).map(|b| b.2));
        let len = len.or(syntax::bracket_word(s).map(|b| b.2));
        len.is_some_and(|len| len < s.len() && s[len..].chars().any(char::is_alphanumeric))
    };
    let mut found: Vec<usize> = (blocks.iter().enumerate())
        .filter(
            |(_, b)| matches!(b, Block::Text { line } if text.as_bytes().get(line.start) == Some(&b'[') && boxed(line)),
        )
        .map(|(i, _)| i)
        .collect();
    // Ballot boxes (`☑ order PCBs`, `☐ keymap`), when both are written: a checklist's boxes.
    let ballot = |mark: char| move |b: &Block| matches!(b, Block::Text { line } if text[line.clone()].strip_prefix(mark).is_some_and(|r| r.starts_with(' ') && r.chars().any(char::is_alphanumeric)));
    if blocks.iter().any(ballot('☑')) && blocks.iter().any(ballot('☐')) {
        found.extend((0..blocks.len()).filter(|&i| ballot('☑')(&blocks[i]) || ballot('☐')(&blocks[i])));
    }
    if found.len() < 2 {
        return false;
    }
    for i in found {
        if let Block::Text { line } = &blocks[i] {
            blocks[i] = Block::Item { line: line.clone(), parent: None };
        }
    }
    true
}

/// Paragraph lines that pass `looks` become headings of the deepest level, when two or more do.
fn pseudo_headings(text: &str, blocks: &mut [Block], mut looks: impl FnMut(&str) -> bool) -> bool {
    let found: Vec<usize> = blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| matches!(b, Block::Text { line } if looks(text[line.clone()].trim_end())))
        .map(|(i, _)| i)
        .collect();
    promote(blocks, found)
}

/// The paragraph lines `found` become headings of the deepest level, when two or more are.
fn promote(blocks: &mut [Block], found: Vec<usize>) -> bool {
    found.len() >= 2 && to_headings(blocks, &found)
}

/// The paragraph lines `found` become headings of the deepest level; true when any was found.
fn to_headings(blocks: &mut [Block], found: &[usize]) -> bool {
    for &i in found {
        if let Block::Text { line } = &blocks[i] {
            let line = line.clone();
            blocks[i] = Block::Heading { level: 6, end: line.end, line };
        }
    }
    !found.is_empty()
}

/// A line opening on a word and an id (`Phase 2: …`, `Schritt 5 …`, `M3. …`): a group keyword's
/// ([`syntax::group_heading`]), else any word's ([`syntax::word_heading`]).
fn worded(t: &str) -> Option<Titled> {
    syntax::group_heading(t).or_else(|| syntax::word_heading(t))
}

pub(super) fn group_words(text: &str, blocks: &[Block], roles: &[Role]) -> Vec<String> {
    let lines = blocks.iter().filter_map(|b| match b {
        Block::Heading { line, .. } => Some(line.clone()),
        _ => None,
    });
    let mut words: Vec<String> = Vec::new();
    for (line, role) in lines.zip(roles) {
        if let Role::Group(g) = role {
            let raw = &text[line];
            let word = raw[syntax::heading_text(raw)][g.word.clone()].to_lowercase();
            if !word.is_empty() && !words.contains(&word) {
                words.push(word);
            }
        }
    }
    words
}

/// The top-level items that hold checkbox items and are no tasks themselves, as groups written
/// without a phases section: numbered ones (`1. Backend ✓` over `- [x] …`), two or more anywhere;
/// ones that open with a bold title (`- **Experiments** (@wei)` over `  - [x] 350M`), two or more
/// under one heading that is the title or a phases section (bold categories elsewhere, or
/// spread over sections, are details: `## Follow-ups` › `- **Ops**`).
pub(super) fn carriers(text: &str, blocks: &[Block]) -> Vec<u32> {
    // (item, opens in bold, the heading it sits under)
    let mut found: Vec<(u32, bool, usize)> = Vec::new();
    let mut section = 0;
    // Bold items may be groups under the title or a phases section only.
    let mut open = true;
    for (i, b) in blocks.iter().enumerate() {
        if let Block::Heading { level, line, .. } = b {
            section = i;
            let raw = &text[line.clone()];
            open = *level == 1
                || super::sections::section_of(&raw[syntax::heading_text(raw)])
                    == super::sections::Section::Groups;
        }
        let Block::Item { line, parent: Some(parent) } = b else { continue };
        let mut top = *parent;
        if !checkbox_item(text, line) {
            continue;
        }
        while let Block::Item { parent: Some(p), .. } = &blocks[top as usize] {
            top = *p;
        }
        if found.last().map(|f| f.0) != Some(top)
            && let Block::Item { line, .. } = &blocks[top as usize]
        {
            let raw = &text[line.clone()];
            let s = &raw[syntax::content_start(raw)..];
            if s.starts_with(|c: char| c.is_ascii_digit()) {
                found.push((top, false, section));
            } else if let Some(m) = syntax::list_marker(s)
                && open
                && !checkbox_item(text, line)
                && s[m..].starts_with("**")
                && s[m + 2..].contains("**")
            {
                found.push((top, true, section));
            }
        }
    }
    let numbered = found.iter().filter(|f| !f.1).count();
    let bold: Vec<&(u32, bool, usize)> = found.iter().filter(|f| f.1).collect();
    let one_section = bold.windows(2).all(|w| w[0].2 == w[1].2);
    let bold_kept = bold.len() >= 2 && one_section;
    found.retain(|f| if f.1 { bold_kept } else { numbered >= 2 });
    found.into_iter().map(|f| f.0).collect()
}

/// A spec's task list (`- [x] 1. Set up the module` over `  - [x] 2.1 Create the model`), or a
/// person's (`- [x] **HTML / CSS**` over `  - [x] freeCodeCamp course`): the top-level checkbox
/// items numbered `N.` or titled in bold, in one stretch between headings, when two or more
/// hold checkbox items of their own; each is a group, its box its status, and only the nested
/// items are tasks. (In such lists `[-]` marks work under way.)
pub(super) fn spec_items(text: &str, blocks: &[Block]) -> Vec<u32> {
    let numbered = |line: &std::ops::Range<usize>| {
        let raw = &text[line.clone()];
        let s = &raw[syntax::content_start(raw)..];
        syntax::list_marker(s).is_some_and(|m| {
            syntax::checkbox(&s[m..]).is_some_and(|(_, _, len)| {
                // (Or titled in bold, perhaps struck through: `- [x] **HTML / CSS**`, `- [ ]
                // ~~**Python / Django**~~ — abandonné`; not a phase's item, `- [x] **Phase 1:
                // Audit**`, read as a list's group.)
                let title = s[m + len..].trim_start();
                let bold = title.strip_prefix("~~").unwrap_or(title).strip_prefix("**");
                let inner = bold.and_then(|b| Some(&b[..b.find("**")?])).filter(|i| !i.is_empty());
                syntax::numbered_heading(&s[m + len..]).is_some()
                    || inner.is_some_and(|i| syntax::group_heading(i).is_none())
            })
        })
    };
    let mut found = Vec::new();
    // The stretch's numbered top-level items, and how many hold checkbox items.
    let (mut stretch, mut holding): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    let flush = |stretch: &mut Vec<u32>, holding: &mut Vec<u32>, found: &mut Vec<u32>| {
        if holding.len() >= 2 && stretch.len() >= 2 {
            found.append(stretch);
        }
        stretch.clear();
        holding.clear();
    };
    for (i, b) in blocks.iter().enumerate() {
        match b {
            Block::Heading { .. } => flush(&mut stretch, &mut holding, &mut found),
            Block::Item { line, parent: None } if numbered(line) => stretch.push(i as u32),
            Block::Item { line, parent: Some(parent) } if checkbox_item(text, line) => {
                let mut top = *parent;
                while let Block::Item { parent: Some(p), .. } = &blocks[top as usize] {
                    top = *p;
                }
                if stretch.last() == Some(&top) && holding.last() != Some(&top) {
                    holding.push(top);
                }
            }
            _ => {}
        }
    }
    flush(&mut stretch, &mut holding, &mut found);
    found
}

/// Top-level items that start with the same word and an id and a separator (`- Step 1: …`,
/// `- Etapa 2 — …`), two or more between two headings, with distinct ids, one of which at least
/// states a status (`- [x] Step 1: …`, `… Status: complete.`): a run of groups written as a
/// list, whatever the word. The word's own items elsewhere in the stretch are plain.
pub(super) fn item_runs(text: &str, blocks: &[Block]) -> Vec<u32> {
    let mut found = Vec::new();
    // (word lowercase, item index, id, has status) of the current stretch between headings.
    let mut stretch: Vec<(String, u32, &str, bool)> = Vec::new();
    let flush = |stretch: &mut Vec<(String, u32, &str, bool)>, found: &mut Vec<u32>| {
        stretch.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        for run in stretch.chunk_by(|a, b| a.0 == b.0) {
            let mut ids: Vec<&str> = run.iter().map(|r| r.2).collect();
            ids.sort_unstable();
            ids.dedup();
            if run.len() >= 2 && ids.len() == run.len() && run.iter().any(|r| r.3) {
                found.extend(run.iter().map(|r| r.1));
            }
        }
        stretch.clear();
    };
    for (i, b) in blocks.iter().enumerate() {
        match b {
            Block::Heading { .. } => flush(&mut stretch, &mut found),
            Block::Item { line, parent: None } => {
                let raw = &text[line.clone()];
                let s = &raw[syntax::content_start(raw)..];
                let Some(m) = syntax::list_marker(s) else { continue };
                let s = &s[m..];
                let (boxed, skip) = match (syntax::checkbox(s), syntax::bracket_word(s)) {
                    (Some((_, _, len)), _) | (None, Some((_, _, len))) => (true, len),
                    (None, None) => (false, 0),
                };
                let rest = &s[skip..];
                let Some(w) = syntax::word_heading(rest) else { continue };
                let after = rest[w.id.end..].trim_start();
                if w.word.is_empty() || ![":", "：", "—", "–", "- "].iter().any(|sep| after.starts_with(sep))
                {
                    continue;
                }
                let word = rest[w.word.clone()].to_lowercase();
                stretch.push((word, i as u32, &rest[w.id.clone()], boxed || !w.statuses.is_empty()));
            }
            _ => {}
        }
    }
    flush(&mut stretch, &mut found);
    found.sort_unstable();
    found
}

/// Top-level items that open with a status in brackets (`1. [completed] Reproduce the failure`,
/// `- [in_progress] Port the tests`), hold a bold title and a status (`2. **Port the rule
/// engine** — done`) or a title and a status after it (`- hardware: done`, `1. Buscar piso
/// (hecho)`, `5. Roof trusses — in progress`), two or more between two headings and at least
/// half of the top-level items there (or opening one numbered list): a plan's steps written as a
/// status list (an agent's update-plan form, a person's own list), each a group. The list's other items of the same kind
/// (`- services` over its notes, `6. ~~Vender el sofá~~`) are steps too, not yet stated; a
/// checkbox item is a task.
pub(super) fn status_items(text: &str, blocks: &[Block]) -> Vec<u32> {
    let mut found = Vec::new();
    // The plan's own symbols (`Legend: ✅ done, 🔴 blocked`) state a status after a title too.
    let legend: Vec<&str> = blocks
        .iter()
        .find_map(|b| {
            let Block::Text { line } = b else { return None };
            let raw = &text[line.clone()];
            let s = &raw[syntax::content_start(raw)..];
            Some(syntax::legend(s)?.into_iter().map(|(r, _)| &s[r]).collect())
        })
        .unwrap_or_default();
    let symbol_closes = |s: &str| {
        let last = s.trim_end().rsplit(' ').next().unwrap_or_default();
        !last.is_empty() && legend.contains(&last)
    };
    // The stretch's top-level items that are no checkbox, and how many top-level items it has.
    let (mut stretch, mut items): (Vec<Step>, usize) = (Vec::new(), 0);
    let flush = |stretch: &mut Vec<Step>, items: &mut usize, found: &mut Vec<u32>, planned: bool| {
        // Numbered steps opened by their symbols (`1. ✅ Reproduce`, `2. 🔄 Fix`) are an agent's
        // plan of steps under a heading naming a plan (`## Plan`, `## Implementation plan`) or
        // its steps, when every numbered one is so opened; elsewhere a checklist (`# Groceries`
        // › `1. ✅ Milk`), a list of dos and don'ts (`2. ❌ Push to main`) or release notes.
        let symbols = planned && stretch.iter().filter(|s| s.numbered).all(|s| s.symbol.is_some());
        let is_stated = |s: &Step| s.stated || (symbols && s.symbol.is_some());
        let stated = stretch.iter().filter(|s| is_stated(s)).count();
        // (Or fewer, when they open a numbered list: the steps done so far, the others not
        // begun. One list, not a second one numbered from 1 again below it.)
        let counted = stretch.iter().all(|s| s.number.is_some())
            && stretch.windows(2).all(|w| w[0].number < w[1].number);
        let opening = counted && stretch.iter().take(stated).all(is_stated);
        if stated >= 2 && (stated * 2 >= *items || opening) {
            // The stated items' kind of list (numbered or bulleted) is the steps'.
            let numbered = stretch.iter().filter(|s| is_stated(s) && s.numbered).count() * 2 > stated;
            // A numbered step written with a box among numbered steps (`6. [ ] email templates`
            // after `5. [blocked] iCal sync`) is one of them, its box a status.
            let step = |s: &&Step| (is_stated(s) || s.numbered == numbered) && (!s.boxed || numbered);
            found.extend(stretch.iter().filter(step).map(|s| s.item));
        }
        stretch.clear();
        *items = 0;
    };
    // Under a heading that names its list (`## Tasks`, `## Log`, `## Notes`) the items are that.
    let mut named = false;
    let mut planned = false;
    let mut last: Option<u32> = None;
    for (i, b) in blocks.iter().enumerate() {
        match b {
            Block::Heading { line, .. } => {
                last = None;
                flush(&mut stretch, &mut items, &mut found, planned);
                let raw = &text[line.clone()];
                let h = raw[syntax::heading_text(raw)].to_lowercase();
                let words = h.trim_end_matches([':', ' ']);
                planned = words.ends_with("plan")
                    || super::sections::section_of(&raw[syntax::heading_text(raw)])
                        == super::sections::Section::Groups;
                // A plan's own title (`# Task Plan`, `# task_plan.md`) names no list.
                named = !h.contains("plan") && names_a_list(&h);
            }
            // A paragraph of its own after a list (`notes`, `Feedback to work in:`) ends it.
            Block::Text { line } if !text[line.clone()].starts_with([' ', '\t']) && !stretch.is_empty() => {
                last = None;
                flush(&mut stretch, &mut items, &mut found, planned);
            }
            Block::Item { parent: None, .. } if named => {}
            Block::Item { line, parent: None } => {
                let raw = &text[line.clone()];
                let s = &raw[syntax::content_start(raw)..];
                let Some(m) = syntax::list_marker(s) else { continue };
                let (marker, s) = (&s[..m], &s[m..]);
                let numbered = marker.starts_with(|c: char| c.is_ascii_digit());
                // Its number, and the one before it in this list.
                let number = marker.trim_end().trim_end_matches(['.', ')']).parse::<u32>().ok();
                let before = std::mem::replace(&mut last, number);
                // A checkbox is a task, of the step before it: no step, stated or not. Numbered,
                // it may be a step among numbered ones (see `flush`) when it counts on from the
                // step before it (`6. [ ]` after `5. …`; not a checklist numbered from 1 again).
                if syntax::checkbox(s).is_some() || syntax::unknown_checkbox(s).is_some() {
                    if numbered && number.is_some_and(|n| before.is_some_and(|b| n == b + 1)) {
                        stretch.push(Step {
                            item: i as u32,
                            numbered,
                            number,
                            stated: false,
                            symbol: None,
                            boxed: true,
                        });
                    }
                    continue;
                }
                items += 1;
                // (A bullet opened by a symbol is a checklist's task.)
                let symbol = syntax::status_symbol(s).filter(|_| numbered).map(|(status, _, _)| status);
                // (A step pointed at as the one under way states where it stands too: `4.
                // services  <- doing this now`.)
                let stated = syntax::bracket_word(s).is_some()
                    || bold_then_status(s)
                    || title_then_status(s)
                    || symbol_closes(s)
                    || syntax::item_current_mark(s).is_some();
                stretch.push(Step { item: i as u32, numbered, number, stated, symbol, boxed: false });
            }
            _ => {}
        }
    }
    flush(&mut stretch, &mut items, &mut found, planned);
    found
}

/// Words of a heading that name its list as something else than steps (`## Tasks`, `## Log`,
/// `## To-dos`, `## Work-log`), lowercase.
const LIST_NAMES: &[&str] = &[
    "task",
    "tasks",
    "todo",
    "todos",
    "log",
    "logs",
    "logbook",
    "note",
    "notes",
    "history",
    "changelog",
    "backlog",
    "worklog",
    "devlog",
    "timelog",
    "tasklist",
    "todolist",
];

/// Does the lowercase heading `h` name its list ([`LIST_NAMES`]) by a whole word, or a
/// hyphenated one's parts joined or alone? (`# blog migration` names no log.)
fn names_a_list(h: &str) -> bool {
    h.contains("to do")
        || h.split(|c: char| !c.is_alphanumeric() && c != '-').any(|w| {
            let joined: String = w.chars().filter(|&c| c != '-').collect();
            LIST_NAMES.contains(&joined.as_str()) || w.split('-').any(|p| LIST_NAMES.contains(&p))
        })
}

/// A top-level item of a list that may be a plan's steps (see [`status_items`]).
struct Step {
    item: u32,
    /// Its marker is a number (`1.`), not a bullet.
    numbered: bool,
    /// That number.
    number: Option<u32>,
    /// It states a status in words, brackets or after its title.
    stated: bool,
    /// The status of the symbol a numbered step opens with (`1. ✅ Reproduce`).
    symbol: Option<Status>,
    /// It opens with a checkbox: a step only among numbered steps that state theirs.
    boxed: bool,
}

/// A title, then its status (`hardware: done`, `Buscar piso (hecho)`, `Felt — not yet`).
fn title_then_status(s: &str) -> bool {
    let (title, found) = syntax::strip_trailing_statuses(s, 0..s.len());
    !found.is_empty() && s[title].chars().any(char::is_alphanumeric)
}

/// Headings that name no group over a plan's checklists (`## Backend`, `## Doing`, `## v0.2`):
/// a person's own plan, kept by hand without ids. Asked only of a plan whose headings hold no
/// group: the headings of the shallowest level where two or more hold checkboxes or a status
/// line (`status: blocked — …`) in their section are its groups, numbered by their place.
/// A heading naming a section of its own (goal, errors, decisions, tests, current) or the
/// criteria work is judged by is none. Each with its place among the headings.
pub(super) fn bare_groups(text: &str, blocks: &[Block], roles: &[Role]) -> Vec<(usize, Titled)> {
    let heads = headings(text, blocks);
    let parents = parents(&heads);
    // A heading holds work when it or a heading under it carries some.
    let mut holds = vec![false; heads.len()];
    // The status a heading states in its title (see [`title_status`]). A plan whose titles all
    // say complete is a report of work done (`## 历史任务：Sprint 4 ✅ 已完成` over `### 修复的
    // Bug`), not kept in them; but a plan finished is still its groups when each of them holds
    // its own list of work (`## Frontend ✅` over `- cart page`), as it did before the last one
    // was set done.
    let titled: Vec<Option<Status>> = heads.iter().map(|head| title_status(head.2)).collect();
    let listed = |head: &(usize, u8, &str)| {
        blocks[head.0 + 1..]
            .iter()
            .take_while(|b| !matches!(b, Block::Heading { .. }))
            .any(|b| matches!(b, Block::Item { .. }))
    };
    let reports = titled.iter().flatten().all(|s| *s == Status::Complete)
        && !heads.iter().zip(&titled).filter(|(_, t)| t.is_some()).all(|(head, _)| listed(head));
    for (h, head) in heads.iter().enumerate() {
        // Checkboxes, or a table of tasks with their status (`| Task | Status |`).
        let checklist = blocks[head.0 + 1..].iter().take_while(|b| !matches!(b, Block::Heading { .. })).any(
            |b| match b {
                Block::Item { line, .. } => checkbox_item(text, line),
                Block::Row { line, header: true, .. } => {
                    let raw = &text[line.clone()];
                    let names: Vec<String> = syntax::cells(raw)
                        .into_iter()
                        .map(|c| raw[c].trim_matches(['*', '_', ' ']).to_lowercase())
                        .collect();
                    let has = |set: &[&str]| names.iter().any(|n| set.contains(&n.as_str()));
                    has(super::TASK_COLUMNS) && has(super::STATUS_COLUMNS)
                }
                _ => false,
            },
        );
        // Or a status line of its own (`status: blocked — …` under `## Images`), or a status in
        // its title.
        if checklist || states_status(text, blocks, head.0) || (titled[h].is_some() && !reports) {
            let mut p = Some(h);
            while let Some(j) = p.filter(|&j| !holds[j] || j == h) {
                holds[j] = true;
                p = parents[j];
            }
        }
    }
    // The title (a first `#` heading) names the file; a board's `## Now` or `## Current sprint`
    // over a checklist is a column like the others; a task heading over its own checklist (`##
    // 任务 1：接口设计` over `- [x] 1.1 …`) is a group written with the word for task.
    let named = |h: usize| matches!(roles.get(h), Some(Role::Plain | Role::Task(_))) && bare_name(&heads, h);
    let eligible = |h: usize| holds[h] && named(h);
    let stated_title = |h: usize| titled[h].is_some();
    // Two or more, and at least half of the level's headings: a plan whose checklists sit in two
    // of its seven sections (`## Implementation Tasks`, `## Backlog` beside a spec) is not kept
    // in groups. Headings after the last one that holds work (a devlog, a budget) are the plan's
    // appendix: they do not count against it.
    // Months in a row (`### January — Hangul ✔`, `### April — level 3`, `### Sept–Oct`): a
    // month not yet reached is one of them, once two of them hold work.
    let is_month: Vec<bool> = (0..heads.len())
        .map(|h| named(h) && syntax::opens_with_month(heads[h].2.trim_start_matches(['#', ' ', '*', '_'])))
        .collect();
    let month = |h: usize| is_month[h];
    // (Two hold work or say how they stand, one at least in its title or by a mark saying it
    // is the current one, `## April  ← now`: not dated notes.) Whether each level has such a run.
    let month_runs: Vec<bool> = (0..=6u8)
        .map(|l| {
            let at = |f: &dyn Fn(usize) -> bool| {
                (0..heads.len()).filter(|&h| heads[h].1 == l && month(h) && f(h)).count()
            };
            let said = |h: usize| stated_title(h) || syntax::current_mark(heads[h].2).is_some();
            at(&|h| eligible(h) || stated_title(h)) >= 2 && at(&said) >= 1
        })
        .collect();
    let months = |l: u8| month_runs.get(usize::from(l)).copied().unwrap_or(false);
    let last = (0..heads.len()).rev().find(|&h| eligible(h) || (month(h) && months(heads[h].1)));
    let Some(level) = (1..=6u8).find(|&l| {
        let at = |f: &dyn Fn(usize) -> bool| {
            (0..heads.len()).filter(|&h| heads[h].1 == l && Some(h) <= last && f(h)).count()
        };
        let carriers = if months(l) { at(&|h| eligible(h) || month(h)) } else { at(&eligible) };
        carriers >= 2 && carriers * 2 >= at(&named)
    }) else {
        return Vec::new();
    };
    let months = months(level);
    // At that level, a heading that states its status holds no checklist and is a group all the
    // same (`## Rollback — SKIPPED (not needed)` over the steps it would have taken).
    let stated = |h: usize| named(h) && !syntax::bare_heading(heads[h].2).statuses.is_empty();
    // Releases in a row (`## 0.8.0 ✔`, `## 0.9.0 (in progress)`, `## 0.10.0`): a release not
    // yet started is one of them.
    let release = |h: usize| {
        named(h)
            && heads[h].2.trim_start_matches(['#', ' ']).split(' ').next().is_some_and(syntax::is_version)
    };
    let releases =
        (0..heads.len()).filter(|&h| heads[h].1 == level && (eligible(h) || stated(h)) && release(h)).count()
            >= 2;
    (0..heads.len())
        .filter(|&h| {
            heads[h].1 == level
                && (eligible(h) || stated(h) || (releases && release(h)) || (months && month(h)))
        })
        .map(|h| match &roles[h] {
            Role::Task(t) => (h, t.clone()),
            _ => (h, bold_title(heads[h].2, syntax::bare_heading(heads[h].2))),
        })
        .collect()
}

/// A title that is a label in bold with a remark after it (`**iOS** — Karol`, see
/// [`bold_label`]) is the bold words; bold words opening a title (`## **Must** have`) are part
/// of it.
fn bold_title(heading: &str, mut t: Titled) -> Titled {
    let title = &heading[t.title.clone()];
    if let Some(inner) = bold_label(title) {
        let start = t.title.start + 2 + (title[2..].len() - title[2..].trim_start().len());
        t.title = start..start + inner.len();
    }
    t
}

/// May heading `h` be a group with no id: not the title (a first `#` heading names the file),
/// not a section of its own (goal, errors, decisions, tests), not the criteria work is judged
/// by. A board's `## Now` or `## Current sprint` over a checklist is a column like the others.
fn bare_name(heads: &[(usize, u8, &str)], h: usize) -> bool {
    use super::sections::{Section, section_of};
    !(h == 0 && heads[0].1 == 1)
        && matches!(
            section_of(heads[h].2),
            Section::Other | Section::Issues | Section::Current | Section::CurrentLike | Section::Status
        )
        && !criteria(heads[h].2)
}

/// Headings with no id after a plan's groups that hold a checklist no group holds (`## Later`
/// after `## Q3` and `## Q4`, `## Backlog (unsorted)` after the sprints, `## Done (archive)`):
/// groups too, numbered by their place. Only at the groups' level or above, and only over
/// checkboxes of their own (`orphans`: the line starts of tasks in no group).
pub(super) fn straggler_groups(
    text: &str,
    blocks: &[Block],
    roles: &[Role],
    orphans: &[usize],
) -> Vec<(usize, Titled)> {
    let heads = headings(text, blocks);
    let is_group = |h: usize| matches!(roles.get(h), Some(Role::Group(_)));
    let Some(first) = (0..heads.len()).find(|&h| is_group(h)) else { return Vec::new() };
    let level = (0..heads.len()).filter(|&h| is_group(h)).map(|h| heads[h].1).min().unwrap_or(1);
    // Groups named without ids (`## 基础阶段`, `## 冲刺阶段`): a heading of theirs over a
    // checklist after them (`## 复试准备`) is one more, whatever its name.
    let unnumbered = roles.iter().all(|r| !matches!(r, Role::Group(g) if !g.id.is_empty()));
    let starts: Vec<usize> = heads
        .iter()
        .map(|h| match &blocks[h.0] {
            Block::Heading { line, .. } => line.start,
            _ => 0,
        })
        .collect();
    // Each orphan's heading: the last one starting before it (both in file order).
    let mut found: Vec<usize> = orphans
        .iter()
        .filter_map(|&at| starts.partition_point(|&s| s < at).checked_sub(1))
        .filter(|&h| {
            h > first
                && heads[h].1 <= level
                && matches!(roles[h], Role::Plain)
                && (bin(heads[h].2) || (unnumbered && heads[h].1 == level))
                && bare_name(&heads, h)
                && !(h + 1..section_end(&heads, h)).any(is_group)
        })
        .collect();
    // And one beside the groups, at their level, that states its status in its title over a
    // checklist of its own (`### Back matter — NOT STARTED`, `## 付録【保留】` after the chapters), whatever the
    // status (a `set` must not make a group come or go). Not a report's section over no
    // checklist (`## Critical Fixes Completed ✅` over fixes, `## 5. 3D field status ⏳`), a
    // dated one (`## 2026-04-28 全部旧任务 ✅ 完成`), nor one that is only a status, which
    // names a bin or a section (`## Out of scope`).
    let parents = parents(&heads);
    let group_parents: std::collections::HashSet<Option<usize>> =
        (0..heads.len()).filter(|&g| is_group(g)).map(|g| parents[g]).collect();
    let beside_groups = |h: usize| group_parents.contains(&parents[h]);
    let ahead = |h: usize| {
        if !beside_groups(h) {
            return false;
        }
        let t = syntax::bare_heading(heads[h].2);
        !t.statuses.is_empty()
            && t.statuses.iter().all(|f| f.range != t.title)
            && !syntax::is_date(heads[h].2)
            && carries(text, blocks, heads[h].0, false)
    };
    found.extend((first + 1..heads.len()).filter(|&h| {
        heads[h].1 == level
            && matches!(roles[h], Role::Plain)
            && bare_name(&heads, h)
            && ahead(h)
            && !(h + 1..section_end(&heads, h)).any(is_group)
    }));
    found.sort_unstable();
    found.dedup();
    found.into_iter().map(|h| (h, syntax::bare_heading(heads[h].2))).collect()
}

/// A bin work waits or ends up in (`## Later`, `## Backlog (unsorted)`, `## Done (archive)`,
/// `## Final`): after a plan's groups, one more of them. Other checklists there (`## Known
/// Defect`, `## Global Completion Checklist`, `## Nice-to-have`, a dated audit) are notes
/// beside the groups in the plans people commit.
fn bin(heading: &str) -> bool {
    let h = heading.trim_start_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    let word = h.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
    matches!(
        word,
        "later"
            | "backlog"
            | "icebox"
            | "done"
            | "archive"
            | "archived"
            | "final"
            | "finished"
            | "shipped"
            | "später"
            | "después"
            | "depois"
            | "以后"
            | "以後"
            | "待办"
            | "归档"
            | "完成"
    )
}

/// Is the list item on `line` a checkbox (`- [x] …`, `1. [ ] …`)?
fn checkbox_item(text: &str, line: &std::ops::Range<usize>) -> bool {
    let raw = &text[line.clone()];
    let s = &raw[syntax::content_start(raw)..];
    syntax::list_marker(s).is_some_and(|m| syntax::checkbox(&s[m..]).is_some())
}

/// `Acceptance criteria`, `Definition of done`, `验收标准`: the bar work is measured by, not work.
fn criteria(heading: &str) -> bool {
    let h = heading.to_lowercase();
    ["acceptance", "criteria", "definition of done", "验收", "受け入れ", "abnahme", "critères", "criterios"]
        .iter()
        .any(|w| h.contains(w))
}

/// `**Port the rule engine** — done`, `**Packaging** (pending)`: a bold title and only a status
/// after it (an agent's numbered steps).
fn bold_then_status(s: &str) -> bool {
    let Some(close) = s.strip_prefix("**").and_then(|r| r.find("**")) else { return false };
    let after = close + 4;
    let (rest, found) = syntax::strip_trailing_statuses(s, after..s.len());
    // (Or opening a remark: `**裝潢** 施工中，約 60%`.)
    close > 0
        && (rest.is_empty() && !found.is_empty()
            || syntax::bold_step(s).is_some_and(|b| !b.statuses.is_empty()))
}

/// Does the plan write its checklists with status symbols for boxes (`- ✓ **T1.1:** …`, `- ⬜
/// **T5.3:** …)? Only when it has no checkbox at all, and items start with both a done symbol
/// and an open box: a bullet that merely starts with ✅ is a remark.
pub(super) fn symbol_marks(text: &str, blocks: &[Block]) -> bool {
    let (mut done, mut open) = (false, false);
    for b in blocks {
        let Block::Item { line, .. } = b else { continue };
        let raw = &text[line.clone()];
        let s = &raw[syntax::content_start(raw)..];
        let Some(m) = syntax::list_marker(s) else { continue };
        let s = &s[m..];
        if syntax::checkbox(s).is_some() || syntax::unknown_checkbox(s).is_some() {
            return false;
        }
        if let Some((status, len, _)) = syntax::status_symbol(s) {
            let symbol = s[..len].trim_end_matches('\u{fe0f}');
            done |= status == Status::Complete;
            open |= matches!(symbol, "☐" | "⬜");
        }
    }
    done && open
}

/// Decide for every heading whether it is a group, a round holding groups, a task, or plain.
///
/// Groups are recognised by structure: headings that start with a group keyword (`Phase 2`,
/// `阶段 3`, `第一阶段`); beside them or alone, runs of sibling headings that start with the same
/// word and an id (`Milestone 1`, `Milestone 2`; `Sprint A`, `Sprint B`; see [`in_runs`]); when
/// neither finds any, runs of sibling numbered headings (`### 1. Setup`, `### 2. Build`) of which
/// one at least carries checkboxes or a status line. Nesting then decides rounds, parts and
/// demoted siblings.
pub(super) fn classify_headings(text: &str, blocks: &[Block]) -> Vec<Role> {
    let heads = headings(text, blocks);
    // A title (`# Task Plan — Phase 1-4 Remaining Work`) names the plan, not a group after its
    // lead-in.
    let mut groups: Vec<Option<Titled>> =
        heads.iter().map(|h| syntax::group_heading(h.2).filter(|g| h.1 > 1 || !g.lead_in)).collect();
    // A later heading naming a group already read, with no status and no work of its own
    // (`## Phase 1 Summary`, `### Phase 1 complete (2024-08-02)` in a log, `### Phase 2` under
    // acceptance criteria), is about that group, not another one.
    // An earlier one too, when nothing in its whole section is work and a later one carries
    // the group's work (`### Phase 1 acceptance criteria` above `### Phase 1: Storage`).
    // A group heading's word, lowercase, and id: what names it.
    let word_id =
        |i: usize, g: &Titled| (heads[i].2[g.word.clone()].to_lowercase(), &heads[i].2[g.id.clone()]);
    let name = |i: usize| groups[i].as_ref().map(|g| word_id(i, g));
    let bare = |i: usize| {
        groups[i].as_ref().is_some_and(|g| g.statuses.is_empty()) && !carries_work(text, blocks, heads[i].0)
    };
    let worked: std::collections::HashSet<_> =
        (0..heads.len()).filter(|&i| !bare(i)).filter_map(name).collect();
    let mut seen = std::collections::HashSet::new();
    let mut drop = Vec::new();
    for i in 0..heads.len() {
        let Some(n) = name(i) else { continue };
        let first = seen.insert(n.clone());
        // `## Phase 5 notes` over a few remarks: notes on a group (stated in a list), not one.
        // With no separator after the id: `## Phase 2: Notes` is a group titled so.
        let notes = groups[i].as_ref().is_some_and(|g| {
            let h = heads[i].2;
            let title = h[g.title.clone()].trim_matches(['*', '_', ' ', '(', ')']).to_lowercase();
            h[g.id.end..g.title.start].trim().is_empty() && NOTE_TITLES.contains(&title.as_str())
        });
        if bare(i) && (notes || !first || (worked.contains(&n) && !section_works(text, blocks, &heads, i))) {
            drop.push(i);
        }
    }
    for i in drop {
        groups[i] = None;
    }
    let parents = parents(&heads);
    // Under acceptance criteria (`## Acceptance criteria` › `### Phase 1 checks`), a heading
    // naming a group that stands elsewhere is the bar that group is measured by, not a group (a
    // `### Phase 8` of its own filed there is one).
    let bars: Vec<bool> = (0..heads.len()).map(|i| groups[i].is_none() && criteria(heads[i].2)).collect();
    let under_criteria = |i: usize| above(&parents, i, |j| bars[j]);
    let under: Vec<bool> = match bars.contains(&true) {
        true => (0..heads.len()).map(under_criteria).collect(),
        false => vec![false; heads.len()],
    };
    let name = |i: usize| groups[i].as_ref().map(|g| word_id(i, g));
    let elsewhere: std::collections::HashSet<_> = match under.contains(&true) {
        true => (0..heads.len()).filter(|&i| !under[i]).filter_map(name).collect(),
        false => std::collections::HashSet::new(),
    };
    let judged: Vec<bool> =
        (0..heads.len()).map(|i| under[i] && name(i).is_some_and(|n| elsewhere.contains(&n))).collect();
    for (g, _) in groups.iter_mut().zip(&judged).filter(|(_, j)| **j) {
        *g = None;
    }
    let keyworded = groups.iter().any(Option::is_some);
    // Runs of any word (`Sprint 1`, `Sprint 2`), beside the keyword headings too, but never
    // inside or around one: there they are the detail of a phase.
    let inside_keyword = |i: usize| above(&parents, i, |j| groups[j].is_some());
    let words: Vec<Option<Titled>> = (0..heads.len())
        .map(|i| {
            if groups[i].is_some() || (keyworded && inside_keyword(i)) || judged[i] {
                return None;
            }
            // A project's long key (`FEAT-401`, `EPIC-2`) names groups only in a plan with no
            // keyword headings: beside phases it is a backlog's items.
            syntax::code_heading(heads[i].2).filter(|t| {
                syntax::task_heading(heads[i].2).is_none()
                    && !(keyworded && t.word.start == t.id.start && t.word.len() > 3)
            })
        })
        .collect();
    // (One word, in the singular or the plural: `### Weeks 9–11` then `### Week 12`.)
    let singular = |w: String| match w.strip_suffix('s') {
        Some(one) if one.len() >= 3 && one.bytes().all(|b| b.is_ascii_alphabetic()) => one.to_string(),
        _ => w,
    };
    let keys: Vec<_> = (0..heads.len())
        .map(|i| {
            let word = heads[i].2[words[i].as_ref()?.word.clone()].to_lowercase();
            Some((parents[i], heads[i].1, singular(word)))
        })
        .collect();
    let ids: Vec<&str> =
        (0..heads.len()).map(|i| words[i].as_ref().map_or("", |t| &heads[i].2[t.id.clone()])).collect();
    // Beside keyword headings a run must hold tasks: `Agent A` … `Agent E` counting up, each
    // with a status line, is a list of workers, not of groups.
    let work = |i: usize| {
        (!keyworded
            && (words[i].as_ref().is_some_and(|t| !t.statuses.is_empty())
                || opens_with_status(text, blocks, heads[i].0)))
            || carries(text, blocks, heads[i].0, !keyworded)
    };
    let mut runs = in_runs(&heads, &keys, &ids, !keyworded, work);
    // A dashed code (`### T-05: Upload`, `## WS-1 Access control`) names a task as often as a
    // group: a run of them is groups only when it counts up one at a time (WS-1, WS-2, WS-3).
    let dashed = |i: usize| {
        words[i]
            .as_ref()
            .is_some_and(|w| w.word.start == w.id.start && ids[i][w.word.len()..].starts_with('-'))
    };
    // Nor under a heading of another run: `### BE-01` … under `## WS-1` are the workstream's.
    let under_run = |i: usize| above(&parents, i, |j| runs[j]);
    // Each dashed run's count is judged once (a run of many would otherwise be walked per member).
    let mut counts_up: std::collections::HashMap<&Option<RunKey>, bool> = std::collections::HashMap::new();
    let mut uncounted = Vec::new();
    for i in (0..heads.len()).filter(|&i| runs[i] && dashed(i)) {
        let in_order = *counts_up.entry(&keys[i]).or_insert_with(|| {
            in_sequence((0..heads.len()).filter(|&j| runs[j] && keys[j] == keys[i]).map(|j| ids[j]))
        });
        if under_run(i) || !in_order {
            uncounted.push(i);
        }
    }
    for i in uncounted {
        runs[i] = false;
    }
    // A heading one level too deep that continues the count of the run it sits in (`####
    // Chapter 5` under `### Chapter 4`) is the run's next member, demoted by hand.
    let mut named: std::collections::HashMap<(&str, &str), usize> = std::collections::HashMap::new();
    for (k, key) in keys.iter().enumerate() {
        if let Some(key) = key {
            *named.entry((key.2.as_str(), ids[k])).or_default() += 1;
        }
    }
    for i in 0..heads.len() {
        let (Some(w), Some(j)) = (&keys[i], parents[i]) else { continue };
        if runs[i] || !runs[j] || keys[j].as_ref().is_none_or(|k| k.2 != w.2) {
            continue;
        }
        let next = matches!((ordinal_of(ids[j]), ordinal_of(ids[i])), (Some((a, m)), Some((b, n))) if a == b && n == m + 1);
        // Not when another heading of the word has that id (`#### Sprint 3 prep` before `###
        // Sprint 3`).
        let taken = named.get(&(w.2.as_str(), ids[i])).is_some_and(|&n| n > 1);
        runs[i] = next && !taken && work(i);
    }
    // A run around keyword headings would make rounds of them: not a run.
    let holds_keyword = |i: usize| {
        heads[i + 1..]
            .iter()
            .zip(&groups[i + 1..])
            .take_while(|(h, _)| h.1 > heads[i].1)
            .any(|(_, g)| g.is_some())
    };
    let runs: Vec<bool> =
        runs.iter().enumerate().map(|(i, &r)| r && !(keyworded && holds_keyword(i))).collect();
    // Under a phases section, a heading of another word beside the groups (`### Step 0:
    // Bootstrap` before `### Phase 1: …`) is one of them.
    let with_groups: std::collections::HashSet<(Option<usize>, u8)> =
        (0..heads.len()).filter(|&j| groups[j].is_some()).map(|j| (parents[j], heads[j].1)).collect();
    let beside = |i: usize| {
        let Some(p) = parents[i] else { return false };
        let separated = words[i].as_ref().is_some_and(|w| {
            let after = heads[i].2[w.id.end..].trim_start();
            after.is_empty() || [":", "：", "—", "–", "- ", "."].iter().any(|s| after.starts_with(s))
        });
        separated
            && with_groups.contains(&(Some(p), heads[i].1))
            && super::sections::section_of(heads[p].2) == super::sections::Section::Groups
            && !holds_keyword(i)
    };
    let beside: Vec<bool> = (0..heads.len()).map(|i| groups[i].is_none() && beside(i)).collect();
    if runs.iter().chain(&beside).any(|&r| r) {
        for (i, w) in words.into_iter().enumerate() {
            if runs[i] || beside[i] {
                groups[i] = w;
            }
        }
    }
    if groups.iter().all(Option::is_none) {
        {
            let numbered: Vec<Option<Titled>> = heads.iter().map(|h| syntax::numbered_heading(h.2)).collect();
            let keys: Vec<_> = (0..heads.len())
                .map(|i| numbered[i].as_ref().map(|_| (parents[i], heads[i].1, String::new())))
                .collect();
            let ids: Vec<&str> = (0..heads.len())
                .map(|i| numbered[i].as_ref().map_or("", |t| &heads[i].2[t.id.clone()]))
                .collect();
            // A member works when it holds work or states its status (`**4. Terras leggen** 🚧`).
            // (Or on the line under it, alone: `### 3) merch store` over `blocked`.)
            let work = |i: usize| {
                carries_work(text, blocks, heads[i].0)
                    || numbered[i].as_ref().is_some_and(|t| !t.statuses.is_empty())
                    || opens_with_status(text, blocks, heads[i].0)
            };
            let runs = in_runs(&heads, &keys, &ids, false, work);
            groups = numbered.into_iter().zip(runs).map(|(n, r)| n.filter(|_| r)).collect();
        }
    }
    // Or two or more sibling headings naming stages by a word before the keyword (`## 基础阶段`,
    // `## 强化阶段`), one of them at least over work: groups, numbered by their place.
    if groups.iter().all(Option::is_none) {
        let named: Vec<Option<Titled>> = heads.iter().map(|h| syntax::suffixed_group(h.2)).collect();
        let mut siblings: std::collections::HashMap<(Option<usize>, u8), (usize, bool)> = Default::default();
        for i in (0..heads.len()).filter(|&i| named[i].is_some()) {
            let e = siblings.entry((parents[i], heads[i].1)).or_default();
            e.0 += 1;
            e.1 |= carries_work(text, blocks, heads[i].0);
        }
        for (i, n) in named.into_iter().enumerate() {
            if siblings.get(&(parents[i], heads[i].1)).is_some_and(|&(count, work)| count >= 2 && work) {
                groups[i] = n;
            }
        }
    }
    // Sub-phases that state their own status (`#### 2.1 Schema changes` over `**Status:** …`
    // in `### Phase 2`, or `#### Phase 2.1`): groups of their own, after their phase, which
    // stays a group.
    let part_of = |i: usize, t: &Titled| {
        let mut p = parents[i];
        while let Some(j) = p.filter(|&j| groups[j].is_none()) {
            p = parents[j];
        }
        let j = p?;
        let phase = &heads[j].2[groups[j].as_ref()?.id.clone()];
        let id = &heads[i].2[t.id.clone()];
        // (`Step 3a` under `M3`: the phase's number, then a letter.)
        let number = phase.trim_start_matches(|c: char| !c.is_ascii_digit());
        let dotted =
            |r: &str| r.strip_prefix('.').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
        let lettered = |r: &str| r.len() == 1 && r.bytes().all(|b| b.is_ascii_lowercase());
        let within = id.strip_prefix(phase).is_some_and(|r| dotted(r) || lettered(r))
            || (!number.is_empty() && id.strip_prefix(number).is_some_and(|r| dotted(r) || lettered(r)));
        within.then_some(j)
    };
    let part_heading = |i: usize| {
        groups[i].clone().or_else(|| syntax::dotted_heading(heads[i].2)).or_else(|| {
            syntax::code_heading(heads[i].2).filter(|_| syntax::task_heading(heads[i].2).is_none())
        })
    };
    let mut sub = vec![false; heads.len()];
    let mut parts: std::collections::BTreeMap<usize, Vec<(usize, Titled, bool)>> = Default::default();
    for (i, head) in heads.iter().enumerate() {
        let Some(t) = part_heading(i) else { continue };
        let Some(j) = part_of(i, &t) else { continue };
        let states = !t.statuses.is_empty() || states_status(text, blocks, head.0);
        parts.entry(j).or_default().push((i, t, states));
    }
    for (j, parts) in parts {
        // A phase that is only their container (no status, no work of its own, and each heading
        // under it one of its parts, two at least stating how they stand: `### Phase 2:
        // Indexing` over a line of prose and `#### Phase 2.1` … `2.3`; `## M3 — k3s cluster`
        // over `### Step 3a: … — done`) is no group: its parts are, each of them.
        let children = (j + 1..section_end(&heads, j)).filter(|&c| parents[c] == Some(j)).count();
        let container = groups[j].as_ref().is_some_and(|g| g.statuses.is_empty())
            && !carries_work(text, blocks, heads[j].0)
            && !opens_with_status(text, blocks, heads[j].0)
            && parts.iter().all(|p| parents[p.0] == Some(j))
            && parts.len() == children
            && parts.iter().filter(|p| p.2).count() >= 2;
        if container {
            groups[j] = None;
        }
        for (i, t, states) in parts {
            // (A stated phase keeps its parts that only hold tasks, or say how they stand in
            // their title, as its tasks.)
            if container || (states_status(text, blocks, heads[i].0) && states) {
                groups[i] = Some(t);
                sub[i] = true;
            }
        }
    }
    // A group struck through and split into parts (`### ~~Phase 4: Sync~~` above `### Phase 4a`
    // and `### Phase 4b`) is replaced by them: no group of its own, when it holds no work (an
    // inserted `Phase 2.5` is no part of it).
    for i in 0..heads.len() {
        let Some(g) = &groups[i] else { continue };
        let h = heads[i].2;
        if !(syntax::struck_whole(h) || syntax::struck_title(&h[g.title.clone()]))
            || carries_work(text, blocks, heads[i].0)
        {
            continue;
        }
        let (word, id) = word_id(i, g);
        let split = groups[i + 1..].iter().enumerate().any(|(k, o)| {
            o.as_ref().is_some_and(|o| {
                let (ow, oid) = word_id(i + 1 + k, o);
                ow == word
                    && oid.strip_prefix(id).is_some_and(|r| r.starts_with(|c: char| c.is_ascii_lowercase()))
            })
        });
        if split {
            groups[i] = None;
        }
    }
    let mut roles = Vec::new();
    let mut open: Vec<(usize, u8)> = Vec::new();
    // Groups whose word and level also name a group holding its own checklist (`## Group A`
    // over `- [x] A1 …`): such a group is a group wherever it stands, and groups of another word
    // inside one of its kind (`#### Wave B-1` under `## Group B`) are its parts, not groups
    // making it a round.
    let leaves: std::collections::HashSet<(String, u8)> = (0..heads.len())
        .filter(|&i| groups[i].is_some() && carries(text, blocks, heads[i].0, false))
        .filter_map(|i| Some((word_id(i, groups[i].as_ref()?).0, heads[i].1)))
        .collect();
    for (h, ((_, level, t), group)) in heads.iter().zip(groups).enumerate() {
        while open.last().is_some_and(|&(_, l)| l >= *level) {
            open.pop();
        }
        let inner = group.as_ref().map(|g| word_id(h, g));
        let ancestors = || {
            open.iter().filter_map(|&(i, _)| match &roles[i] {
                Role::Group(g) | Role::Round(g) => Some((i, word_id(i, g))),
                _ => None,
            })
        };
        // `### Phase 1 Exit Criteria` inside `## Phase 1` is part of it, and so is `### Phase
        // 2.1` inside `## Phase 2` (a dated `## 2026-05-01 阶段 H` is a round of work, and what it
        // holds is its group).
        let within = |a: &(String, &str), w: &(String, &str)| {
            a.0 == w.0 && w.1.strip_prefix(a.1).is_some_and(|rest| rest.starts_with('.'))
        };
        let part = inner.as_ref().is_some_and(|w| {
            ancestors().any(|(i, a)| {
                ((a == *w || (within(&a, w) && !sub[h])) && !syntax::is_date(heads[i].2))
                    || (!sub[h]
                        && a.0 != w.0
                        && matches!(roles[i], Role::Group(_))
                        && leaves.contains(&(a.0, heads[i].1)))
            })
        });
        // `### Story E1-S2` inside `## Epic E1`, over its own status line and no checklist: a
        // unit of the epic's work, named from the epic's id (a task heading of another word).
        // Alone in its epic too, where it makes no run, when it states its own status on a line
        // (not `### Steps 8.1 – 8.4 (not started)`, a summary of the phase's steps).
        let coded = || {
            syntax::code_heading(t).filter(|_| {
                group.is_none()
                    && syntax::task_heading(t).is_none()
                    && states_status(text, blocks, heads[h].0)
            })
        };
        let unit = group.clone().or_else(coded).filter(|g| {
            let (w, id) = word_id(h, g);
            // The cheap look at the open headings first: scanning the section is the dearer.
            ancestors().any(|(i, (aw, aid))| {
                matches!(roles[i], Role::Group(_))
                    && aw != w
                    && id.strip_prefix(aid).is_some_and(|r| r.starts_with(['-', '.', '/']))
            }) && !carries(text, blocks, heads[h].0, false)
        });
        let role = if let Some(g) = unit {
            Role::Task(g)
        } else if let Some(g) = group.filter(|_| !part) {
            let (word, id) = inner.unwrap_or_default();
            for &(i, _) in &open {
                // `### Phase 2` under `## Phase 1` continues the count: a demoted sibling, not
                // a group inside a round.
                let continues = match &roles[i] {
                    Role::Group(p) => {
                        let (pw, pid) = word_id(i, p);
                        pw == word
                            && matches!((ordinal_of(pid), ordinal_of(id)), (Some((a, m)), Some((b, n))) if a == b && n > m)
                    }
                    _ => false,
                };
                if let Role::Group(g) = &roles[i]
                    && !continues
                    && !sub[h]
                {
                    roles[i] = Role::Round(g.clone());
                }
            }
            open.push((roles.len(), *level));
            Role::Group(g)
        } else if let Some(t) = syntax::task_heading(t) {
            Role::Task(t)
        } else {
            Role::Plain
        };
        roles.push(role);
    }
    roles
}

/// Titles that make a heading naming a group notes on it (`## Phase 5 notes`); lowercase.
#[rustfmt::skip]
const NOTE_TITLES: &[&str] = &[
    "notes", "note", "details", "detail", "remarks", "notas", "notizen", "anmerkungen", "détails",
    "remarques", "note di lavoro", "заметки", "примечания", "备注", "笔记", "メモ", "메모", "비고",
];

type RunKey = (Option<usize>, u8, String);

/// Which headings belong to a run of groups: two or more siblings with the same key (parent,
/// level, word) and distinct ids, one of which at least carries work (checkboxes, a status);
/// or, when `counted`, three or more whose ids count up (`Sprint A`, `Sprint B`, `Sprint C`).
/// Numbered chapters count up in every document, so plain numbers need work.
/// An enumeration that restarts under other parents (`#### Bug 1` … under every sprint, `Step 1`
/// under every phase) is detail inside something else, not the plan's groups.
fn in_runs(
    heads: &[(usize, u8, &str)],
    keys: &[Option<RunKey>],
    ids: &[&str],
    counted: bool,
    work: impl Fn(usize) -> bool,
) -> Vec<bool> {
    use std::collections::{HashMap, HashSet};
    // Parents alike (`### Sprint 1`, `### Sprint 2`) are an enumeration the run restarts under;
    // unlike ones (`## Sprints`, `## Success Criteria`) are two places naming the same groups.
    let alike = |ps: &HashSet<Option<usize>>| {
        let mut seen = HashSet::new();
        ps.iter().any(|p| {
            let key = p.map(|p| {
                let (_, level, t) = heads[p];
                (level, t.split_whitespace().next().unwrap_or("").to_lowercase())
            });
            !seen.insert(key)
        })
    };
    let mut members: HashMap<&RunKey, Vec<usize>> = HashMap::new();
    let mut parents_of_id: HashMap<(u8, &str, &str), HashSet<Option<usize>>> = HashMap::new();
    for (i, k) in keys.iter().enumerate() {
        if let Some(k) = k {
            members.entry(k).or_default().push(i);
            parents_of_id.entry((k.1, k.2.as_str(), ids[i])).or_default().insert(k.0);
        }
    }
    let mut out = vec![false; keys.len()];
    // A shorter run whose ids all name groups of a longer one (`### Sprint 7 Success Criteria`
    // under `## Success Criteria`) refers to those groups.
    let refers = |k: &RunKey, m: &[usize]| {
        members.iter().any(|(o, om)| {
            o.1 == k.1
                && o.2 == k.2
                && o.0 != k.0
                && om.len() > m.len()
                && m.iter().all(|&i| om.iter().any(|&j| ids[j] == ids[i]))
        })
    };
    for (k, m) in &members {
        let k = *k;
        let distinct: HashSet<&str> = m.iter().map(|&i| ids[i]).collect();
        let restarts = refers(k, m) || m.iter().any(|&i| alike(&parents_of_id[&(k.1, k.2.as_str(), ids[i])]));
        let counted = counted && m.len() >= 3 && in_sequence(m.iter().map(|&i| ids[i]));
        let worked = distinct.len() == m.len() && m.len() >= 2 && m.iter().any(|&i| work(i));
        if !restarts && (worked || counted) {
            for &i in m {
                out[i] = true;
            }
        }
    }
    // One count split over sections (`### Step 1`–`3` under `## Pre-window`, `### Step 7`
    // alone under `## Post-window`): a member alone under its parent continues the run.
    let mut across: HashMap<(u8, &str), Vec<usize>> = HashMap::new();
    for (i, k) in keys.iter().enumerate() {
        if let Some(k) = k {
            across.entry((k.1, k.2.as_str())).or_default().push(i);
        }
    }
    for m in across.values() {
        let distinct: HashSet<&str> = m.iter().map(|&i| ids[i]).collect();
        if m.iter().any(|&i| out[i])
            && m.iter().any(|&i| !out[i])
            && distinct.len() == m.len()
            && in_sequence(m.iter().map(|&i| ids[i]))
        {
            for &i in m {
                out[i] = true;
            }
        }
    }
    out
}

/// Ids that count up one at a time (`M0 M1 M2`, `A B C`, `#8 #9 #10 #10`): a repeat is a part
/// two, not a restart.
pub(super) fn in_sequence<'s>(ids: impl Iterator<Item = &'s str>) -> bool {
    let ids: Vec<&str> = ids.collect();
    // Roman numerals, when one has two letters or more: `I` is one, not the ninth letter.
    let roman = ids.iter().any(|id| id.len() > 1 && syntax::roman_number(id).is_some());
    let mut last: Option<(&str, u32)> = None;
    let mut steps = 0;
    for id in ids {
        let numeral = syntax::roman_number(id).filter(|_| roman).map(|n| ("", n));
        let Some((prefix, n)) = numeral.or_else(|| ordinal_of(id)) else {
            return false;
        };
        if let Some((p, l)) = last {
            if p != prefix || !(n == l || n == l + 1) {
                return false;
            }
            steps += usize::from(n == l + 1);
        }
        last = Some((prefix, n));
    }
    steps >= 2
}

/// An id as a prefix and a place in a count: `M3` → (`M`, 3), `#10` → (`#`, 10), `C` → (``, 3),
/// `三` → (``, 3), `十二` → (``, 12).
fn ordinal_of(id: &str) -> Option<(&str, u32)> {
    let digits = id.len() - id.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let (prefix, n) = id.split_at(id.len() - digits);
        return Some((prefix, n.parse().ok()?));
    }
    if let Some(n) = syntax::cjk_number(id).or_else(|| syntax::word_number(id)) {
        return Some(("", n));
    }
    let mut chars = id.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    c.is_ascii_uppercase().then(|| ("", u32::from(c) - u32::from('A') + 1))
}

/// Every heading: its block, its level and its text without the markers.
fn headings<'t>(text: &'t str, blocks: &[Block]) -> Vec<(usize, u8, &'t str)> {
    blocks
        .iter()
        .enumerate()
        .filter_map(|(i, b)| match b {
            Block::Heading { level, line, .. } => {
                let t = &text[line.clone()];
                Some((i, *level, &t[syntax::heading_text(t)]))
            }
            _ => None,
        })
        .collect()
}

/// For each heading, in order: does it say how it stands, in its title (`## PAY-110 Epic: 3DS2
/// — IN PROGRESS`, not in brackets) or on a status line of its own?
pub(super) fn stating_headings(text: &str, blocks: &[Block]) -> Vec<bool> {
    headings(text, blocks)
        .into_iter()
        .map(|(block, _, title)| {
            // A heading that is a status and nothing more (`## In progress`, `## ✅ Done`) is a
            // board's column, not a group saying how it stands.
            let t = syntax::bare_heading(title);
            let column = t.statuses.first().is_some_and(|f| f.range == t.title)
                || !title[t.title].chars().any(char::is_alphanumeric);
            (!column && title_status(title).is_some()) || states_status(text, blocks, block)
        })
        .collect()
}

/// The status a heading states in its title (`## ✅ Concept`, `## Artwork — on hold`), not in
/// brackets (`### Out of Scope (Future)` names a section) unless a share, nor in a dated one.
fn title_status(title: &str) -> Option<Status> {
    let f = syntax::bare_heading(title).statuses.first()?.clone();
    // (A share done in brackets after a version says how far the work is: `## 0.2 watch mode
    // (80%)`; not after a name, `## Results (95%)`. So does a status after a release's version:
    // `## 0.9.0 (in progress)`.)
    let lead = title.trim_start_matches(['#', ' ']);
    let versioned = lead.starts_with(|c: char| c.is_ascii_digit());
    let release = lead.split(' ').next().is_some_and(syntax::is_version);
    let bracketed =
        title[..f.range.start].trim_end().ends_with(['(', '（']) && !(f.share && versioned) && !release;
    (!bracketed && !syntax::is_date(title)).then_some(f.status)
}

/// Is some heading that heading `i` sits under (see [`parents`]) one that `is` picks?
fn above(parents: &[Option<usize>], i: usize, is: impl Fn(usize) -> bool) -> bool {
    std::iter::successors(parents[i], |&j| parents[j]).any(is)
}

/// For every heading, the index of the nearest heading above it of a lower level.
fn parents(heads: &[(usize, u8, &str)]) -> Vec<Option<usize>> {
    let mut stack: Vec<usize> = Vec::new();
    heads
        .iter()
        .enumerate()
        .map(|(i, h)| {
            while stack.last().is_some_and(|&j| heads[j].1 >= h.1) {
                stack.pop();
            }
            let parent = stack.last().copied();
            stack.push(i);
            parent
        })
        .collect()
}

/// Where the section of heading `h` ends: the next heading of its level or above (an index
/// into `heads`), or the end.
fn section_end(heads: &[(usize, u8, &str)], h: usize) -> usize {
    (h + 1..heads.len()).find(|&j| heads[j].1 <= heads[h].1).unwrap_or(heads.len())
}

/// Does anything in the section of heading `h` hold checkboxes or a status line?
fn section_works(text: &str, blocks: &[Block], heads: &[(usize, u8, &str)], h: usize) -> bool {
    (h..section_end(heads, h)).any(|j| carries_work(text, blocks, heads[j].0))
}

/// Does the heading at `block` hold checkboxes or a status line before the next heading?
fn carries_work(text: &str, blocks: &[Block], block: usize) -> bool {
    carries(text, blocks, block, true)
}

/// Does the heading at `block` state a status on a line of its own (`**Status:** done`) before
/// the next heading?
fn states_status(text: &str, blocks: &[Block], block: usize) -> bool {
    blocks[block + 1..].iter().take_while(|b| !matches!(b, Block::Heading { .. })).any(|b| match b {
        Block::Item { line, .. } | Block::Text { line } => {
            let raw = &text[line.clone()];
            let s = &raw[syntax::content_start(raw)..];
            let s = syntax::list_marker(s).map_or(s, |m| &s[m..]);
            syntax::status_label(s).is_some()
        }
        _ => false,
    })
}

/// Does the heading at `block` open on a line saying how it stands, in words and nothing more
/// (`done`, `Blocked on the vendor's key.`, [`syntax::sentence_status`]), or hold one after an
/// arrow (`→ fatto`)?
fn opens_with_status(text: &str, blocks: &[Block], block: usize) -> bool {
    let opens = match blocks.get(block + 1) {
        Some(Block::Text { line }) => {
            let raw = &text[line.clone()];
            syntax::sentence_status(&raw[syntax::content_start(raw)..]).is_some()
        }
        _ => false,
    };
    // Or sums it up after an arrow (`→ fatto`) anywhere in its section.
    opens
        || blocks[block + 1..]
            .iter()
            .take_while(|b| !matches!(b, Block::Heading { .. }))
            .any(|b| matches!(b, Block::Text { line } if syntax::arrow_status(&text[line.clone()]).is_some()))
}

/// Does the heading at `block` hold checkboxes, a table with a status column (or, with
/// `labels`, a status line) before the next heading?
fn carries(text: &str, blocks: &[Block], block: usize, labels: bool) -> bool {
    blocks[block + 1..].iter().take_while(|b| !matches!(b, Block::Heading { .. })).any(|b| match b {
        Block::Item { line, .. } | Block::Text { line } => {
            let raw = &text[line.clone()];
            let s = &raw[syntax::content_start(raw)..];
            let s = syntax::list_marker(s).map_or(s, |m| &s[m..]);
            syntax::checkbox(s).is_some() || (labels && syntax::status_label(s).is_some())
        }
        Block::Row { line, header: true, .. } => {
            let raw = &text[line.clone()];
            syntax::cells(raw).into_iter().any(|c| {
                let name = raw[c].trim_matches(['*', '_', ' ']).to_lowercase();
                syntax::STATUS_LABELS.contains(&name.as_str())
            })
        }
        _ => false,
    })
}
