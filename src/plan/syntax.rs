//! Recognisers for the pieces of one line: list markers, checkboxes, task ids, status labels,
//! group and task headings, table cells. Each takes a `&str` and answers with byte ranges into
//! it; none allocates except where a list of ranges is the answer.

use std::ops::Range;

use super::status::{self, Status, Token};
use crate::text::{self, find_any, rfind_any};

/// Where a line's content starts, after indentation and blockquote markers (`> > `).
pub fn content_start(line: &str) -> usize {
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t' || b[i] == b'>') {
        i += 1;
    }
    i
}

/// Does `line` open a markdown heading (`## …`, perhaps in a quote)? Not a line a plan kept by
/// hand reads as one (`**data**  done`, `DESIGN - done`).
pub fn opens_heading(line: &str) -> bool {
    line[content_start(line)..].starts_with('#')
}

/// A list marker (`-`, `*`, `+`, `1.`, `1)`) and the spaces after it: its length.
pub fn list_marker(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let n = match b.first()? {
        b'-' | b'*' | b'+' => 1,
        // A checkbox line written without its marker (`[x] M0 – modding env`): see
        // `parse::shape::bare_boxes`.
        // So is a status word in brackets opening a line (`[done] 1. sensor wiring`).
        b'[' if checkbox(s).is_some() || unknown_checkbox(s).is_some() || bracket_word(s).is_some() => {
            return Some(0);
        }
        // And ballot boxes opening a line (`☑ order PCBs` over `☐ keymap`).
        _ if s.starts_with(['☑', '☐']) => return Some(0),
        b'0'..=b'9' => {
            let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
            if digits > 9 || !matches!(b.get(digits), Some(b'.' | b')')) {
                return None;
            }
            digits + 1
        }
        _ => return None,
    };
    match b.get(n) {
        None => Some(n),
        Some(b' ' | b'\t') => Some(n + spaces(&s[n..])),
        _ => None,
    }
}

/// Chinese numerals, as ids count in them (`第十二`, `三、`).
pub const CJK_NUMERALS: &str = "〇零一二三四五六七八九十百两";

/// A symbol standing for a bullet opening `t` (`■ 第一部「島」`, not a status symbol): its length
/// with the space after it.
pub fn bullet_len(t: &str) -> usize {
    t.split_once(' ')
        .filter(|(b, _)| b.chars().count() == 1 && !b.chars().any(char::is_alphanumeric))
        .filter(|_| status::at_start(t).is_none())
        .map_or(0, |(b, _)| b.len() + 1)
}

fn spaces(s: &str) -> usize {
    s.bytes().take_while(|&c| c == b' ' || c == b'\t').count()
}

/// A checkbox `[c]` at the start of `s`: the state, the offset of `c`, and the length of the
/// box with the spaces after it.
pub fn checkbox(s: &str) -> Option<(Status, usize, usize)> {
    let b = s.as_bytes();
    if b.len() < 3 || b[0] != b'[' || b[2] != b']' {
        return None;
    }
    let status = Status::from_checkbox(b[1])?;
    match b.get(3) {
        None => Some((status, 1, 3)),
        Some(b' ' | b'\t') => Some((status, 1, 3 + spaces(&s[3..]))),
        // An optional task of a spec list (`- [ ]* 3.3 Write contract tests`).
        Some(b'*') if matches!(b.get(4), Some(b' ' | b'\t')) => Some((status, 1, 4 + spaces(&s[4..]))),
        _ => None,
    }
}

/// A checkbox whose mark pplan does not know (`[?]`, `[/]`, `[>]`): one symbol that is not a
/// letter, digit or space, then a space or the end. The offset of the mark, its length, and the
/// length of the box with the spaces after it.
pub fn unknown_checkbox(s: &str) -> Option<(usize, usize, usize)> {
    let rest = s.strip_prefix('[')?;
    let mark = rest.chars().next()?;
    let after = &rest[mark.len_utf8()..];
    let tail = after.strip_prefix(']')?;
    if mark.is_alphanumeric() || mark.is_whitespace() || mark == ']' || mark == '[' {
        return None;
    }
    let boxed = 1 + mark.len_utf8() + 1;
    match tail.chars().next() {
        None => Some((1, mark.len_utf8(), boxed)),
        Some(' ' | '\t') => Some((1, mark.len_utf8(), boxed + spaces(tail))),
        _ => None,
    }
}

/// A status word in brackets (`[in_progress]`, `[completed]`, `(done)`): the word's range and
/// state, and the length consumed with the spaces after it.
pub fn bracket_word(s: &str) -> Option<(Status, Range<usize>, usize)> {
    // Set in bold (`**[DONE]** Enable i18n`).
    if let Some(inner) = s.strip_prefix("**").filter(|i| i.starts_with('['))
        && let Some((status, range, len)) = bracket_word(inner)
        && inner[..len].trim_end().ends_with(']')
        && inner[len..].starts_with("**")
    {
        let after = 2 + len + 2;
        return Some((status, 2 + range.start..2 + range.end, after + spaces(&s[after..])));
    }
    // (Or in round brackets, a status word as such: `(done)   Add pyarrow`, `(in progress)
    // Parquet exporter`; not a word of a title, `(Later)`, `(optional)`.)
    let (open, shut) = [('[', ']'), ('(', ')'), ('（', '）')].into_iter().find(|&(o, _)| s.starts_with(o))?;
    let rest = &s[open.len_utf8()..];
    let close = rest.find(shut)?;
    let word = &rest[..close];
    let status = match open {
        '[' => status::whole(word).or_else(|| status::lone(word.trim()))?,
        _ => status::whole(word)?,
    };
    let lead = word.len() - word.trim_start().len();
    let range = open.len_utf8() + lead..open.len_utf8() + word.trim_end().len();
    let end = open.len_utf8() + close + shut.len_utf8();
    Some((status, range, end + spaces(&s[end..])))
}

/// A heading struck through as a whole (`~~Phase 2: GraphQL layer~~`, `~~Phase 3~~ ✅`): only a
/// status or symbols after the strike, no new words (`~~Phase 2: GraphQL~~ REST instead` is the
/// phase renamed).
pub fn struck_whole(s: &str) -> bool {
    let Some(rest) = s.trim().strip_prefix("~~") else { return false };
    let Some(end) = rest.find("~~").filter(|&e| e > 0) else { return false };
    let after = rest[end + 2..].trim();
    after.is_empty() || !after.chars().any(char::is_alphanumeric) || status::whole(after).is_some()
}

/// A title struck through as a whole and nothing more (`## 6. ~~Live reload~~`): the work
/// dropped. Not a status struck (`~~blocked~~`, `~~Waiting on legal~~`: the block is over) nor
/// one struck and rewritten (`~~done~~ in progress`).
pub fn struck_title(title: &str) -> bool {
    let Some(inner) = title.trim().strip_prefix("~~").and_then(|t| t.strip_suffix("~~")) else {
        return false;
    };
    !inner.trim().is_empty() && !inner.contains("~~") && status::leading(inner).is_none()
}

/// Words struck through from the start (`~~GraphQL endpoint~~ not worth it`, `~~Themes~~
/// (cut)`): under an open box, work dropped by hand. Not when new words replace them (`~~Use
/// Redis~~ Use Postgres`, `~~Friday~~ Monday: load test`): that is the task reworded.
pub fn struck(s: &str) -> bool {
    let Some(rest) = s.trim_start().strip_prefix("~~") else { return false };
    let Some(end) = rest.find("~~").filter(|&e| e > 0) else { return false };
    let after = rest[end + 2..].trim_start();
    !after.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())
}

/// A task id at the start of `s` (`BE-001:`, `T-050`, `**B.5**`, `1.1`, `TODO-24:`): the id's
/// range and where the task text starts. An id starts with a digit or capital letter, contains
/// a digit, and is followed by a colon, or is bold, or contains `-`/`.`; a date is not an id.
pub fn task_id(s: &str) -> Option<(Range<usize>, usize)> {
    let b = s.as_bytes();
    let bold = s.starts_with("**");
    let start = if bold { 2 } else { 0 };
    let first = *b.get(start)?;
    if !(first.is_ascii_digit() || first.is_ascii_uppercase()) {
        return None;
    }
    let mut end = start;
    while end < b.len() && (b[end].is_ascii_alphanumeric() || matches!(b[end], b'-' | b'_' | b'.')) {
        end += 1;
    }
    while end > start && matches!(b[end - 1], b'.' | b'-' | b'_') {
        end -= 1;
    }
    let id = &s[start..end];
    if id.is_empty() || !id.bytes().any(|c| c.is_ascii_digit()) || is_date(id) {
        return None;
    }
    let mut after = end;
    if bold {
        if !s[after..].starts_with("**") {
            return None;
        }
        after += 2;
    }
    let colon = s[after..].starts_with(':') || s[after..].starts_with('：');
    let at_break = after == s.len() || matches!(b[after], b' ' | b'\t');
    let joined = id.contains(['-', '.']);
    if !(colon || (bold && (at_break || s[after..].starts_with(':'))) || (joined && at_break)) {
        return None;
    }
    if colon {
        after += if s[after..].starts_with(':') { 1 } else { '：'.len_utf8() };
    }
    let rest = &s[after..];
    let skip = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let mut text = after + skip;
    for dash in ["— ", "– ", "- "] {
        if s[text..].starts_with(dash) {
            text += dash.len();
            break;
        }
    }
    Some((start..end, text))
}

pub fn is_date(id: &str) -> bool {
    // Every byte of `YYYY-MM-DD` is checked: the text after it is sliced at byte 10, which must
    // not fall inside a character (`2026-05-1日`).
    let b = id.as_bytes();
    b.len() >= 10
        && b[4] == b'-'
        && b[7] == b'-'
        && [0, 1, 2, 3, 5, 6, 8, 9].iter().all(|&i| b[i].is_ascii_digit())
}

/// `(depends: A, B)` in a task's text: the whole parenthetical and the list inside (offsets into
/// `s`). The grammar lives in [`super::annotations`]; this answers for one string.
pub fn depends(s: &str) -> Option<(Range<usize>, Range<usize>)> {
    let (_, notes) = super::annotations::read(s, 0..s.len());
    notes.get(super::annotations::Kind::Depends).map(|a| {
        let open = a.range.start + 1;
        let inner = s[open..a.range.end - 1].find(':').map_or(a.value_range().start, |c| open + c + 1);
        (a.range.clone(), inner..a.range.end - 1)
    })
}

/// The ids listed in a `depends` inner text.
pub fn dependency_ids(inner: &str) -> impl Iterator<Item = &str> {
    super::annotations::dependency_ids(inner)
}

pub const STATUS_LABELS: &[&str] = &[
    "status",
    "state",
    "状态",
    "狀態",
    "状態",
    "状況",
    "ステータス",
    "상태",
    "estado",
    "stato",
    "stand",
    "статус",
    "statut",
    "état",
    "состояние",
    "stan",
    "durum",
    "trạng thái",
    "الحالة",
    "स्थिति",
    "κατάσταση",
    "стан",
    "stare",
    "állapot",
    "סטטוס",
    "מצב",
    "وضعیت",
    "สถานะ",
    "hali",
    "অবস্থা",
    "tillstånd",
    "stav",
    "situação",
    "situación",
    "situazione",
    "進捗",
    "진행 상태",
];

/// A status label line (`- **Status:** x`, `Status: x`, `**状态**: \`x\``, or one field among
/// several `**Owner:** A · **Status:** x`): the range of its value, which ends at ` · ` or
/// ` | ` or the end of the line.
pub fn status_label(s: &str) -> Option<Range<usize>> {
    // A label line in italics: `*Status: Done (AB)*`, `_Status: blocked — …_`. One level of
    // them: `_*_*…` nested without end is no label (and must not nest the reading).
    match italic_line(s) {
        Some(inner) => upright_status_label(inner).map(|v| v.start + 1..v.end + 1),
        None => upright_status_label(s),
    }
}

/// [`status_label`] on a line not in italics.
fn upright_status_label(s: &str) -> Option<Range<usize>> {
    label_value(s, STATUS_LABELS).or_else(|| {
        // `**Epic status:** Done`, `Phase status: complete`: the status of the unit it names.
        let bold = if s.starts_with("**") { 2 } else { 0 };
        let (word, _) = s[bold..].split_once(' ')?;
        let at = bold + word.len() + 1;
        if LABEL_SUBJECTS.iter().any(|w| text::same_folded(word, w))
            && STATUS_LABELS.iter().any(|l| starts_with_folded(s, at, l).is_some())
        {
            let unworded = format!("{}{}", &s[..bold], &s[at..]);
            let v = label_value(&unworded, STATUS_LABELS)?;
            return Some(v.start + word.len() + 1..v.end + word.len() + 1);
        }
        // `Estado general:`: the label, then a word for the whole plan, then the colon.
        let end = STATUS_LABELS.iter().find_map(|l| starts_with_folded(s, bold, l))?;
        let rest = s[end..].strip_prefix(' ')?;
        let qualifier = rest.split([' ', ':', '*']).next()?;
        if !LABEL_QUALIFIERS.iter().any(|w| text::same_folded(qualifier, w)) {
            return None;
        }
        let cut = 1 + qualifier.len();
        let unqualified = format!("{}{}", &s[..end], &s[end + cut..]);
        let v = label_value(&unqualified, STATUS_LABELS)?;
        Some(v.start + cut..v.end + cut)
    })
}

/// The inside of a line wrapped whole in single `*` or `_` (italics, not bold).
fn italic_line(s: &str) -> Option<&str> {
    let s = s.trim_end();
    let mark = s.chars().next().filter(|c| matches!(c, '*' | '_'))?;
    let inner = s.strip_prefix(mark)?.strip_suffix(mark)?;
    (!inner.starts_with(mark) && !inner.ends_with(mark) && !inner.starts_with(' ')).then_some(inner)
}

/// What a status label may name before the word "status" (`Epic status:`).
const LABEL_SUBJECTS: &[&str] = &[
    "phase",
    "stage",
    "step",
    "group",
    "wave",
    "sprint",
    "milestone",
    "epic",
    "story",
    "task",
    "feature",
    "track",
    "part",
    "chapter",
    "overall",
    // Where things stand now (`Current status: step 3, waiting on the board`, `Huidige stand:
    // stap 3`).
    "current",
    "huidige",
    "aktueller",
    "aktuelle",
    "project",
];

/// Words after a status label that say the same of the whole plan (`Estado general: Phase 3
/// in progress`, `Stato attuale: fase 2`).
const LABEL_QUALIFIERS: &[&str] =
    &["general", "geral", "generale", "actual", "atual", "attuale", "actuel", "aktuell", "globale", "global"];

/// What a person calls the current group, as a section heading (`## Current Phase`) or a label
/// (`**Current phase:** Phase 1 — …`); lowercase.
pub const CURRENT_LABELS: &[&str] = &[
    "current phase",
    "current group",
    "current stage",
    "current wave",
    "current milestone",
    "当前阶段",
    "當前階段",
    "現在のフェーズ",
    "현재 단계",
    "fase actual",
    "fase corrente",
    "current step",
    "current sprint",
    "current iteration",
    "current epic",
    "étape actuelle",
    "phase actuelle",
    "phase en cours",
    "aktuelle phase",
    "aktueller meilenstein",
    "aktuelle etappe",
    "текущий этап",
    "текущая фаза",
    "当前进度",
    "etapa actual",
    "fase atual",
    // "Under way:", "working on now:" (`> 正在进行：阶段三`, `Currently working on: **0.9.0**`).
    "正在进行",
    "正在進行",
    "currently working on",
    "now working on",
];

/// A `(current)`, `(Current Focus)`, `（当前）`, `(we are here)` mark in a heading, or one after
/// an arrow at its end (`← CURRENT`, `<- current`, `👈 we are here`, `← 現在`): its range, from
/// the space before it to its end.
pub fn current_mark(text: &str) -> Option<Range<usize>> {
    arrow_mark(text)
        .or_else(|| dash_mark(text))
        .or_else(|| symbol_mark(text))
        .map(|at| at..text.len())
        .or_else(|| paren_mark(text, false))
}

/// Where a word saying "current" after a status symbol closing the title starts, with the
/// space before it (`## Sprint 4: shell completions — 🔄 current`): the symbol is the status.
fn symbol_mark(text: &str) -> Option<usize> {
    let t = text.trim_end();
    let (before, word) = t.rsplit_once(' ')?;
    let symbol = before[before.rfind(' ').map_or(0, |i| i + 1)..].trim_end_matches('\u{fe0f}');
    let lower = word.to_lowercase();
    (matches!(lower.as_str(), "current" | "now")
        && status::emoji_at_start(symbol).is_some_and(|(_, len)| len == symbol.len()))
    .then_some(before.len())
}

/// Where a title's last part after a dash says it is the current one (`### Sprint 5 — current
/// (ends 2024-06-07)`, `## Fase 2 – ATTUALE`) starts, with the spaces before the dash.
fn dash_mark(text: &str) -> Option<usize> {
    let t = text.trim_end();
    // (Or `NOW` in capitals after a full stop, or a wide gap as in a list kept in columns:
    // `3) Windows. NOW`, `services   NOW`; not `Compare budget vs. actual`.)
    if let Some((at, _)) = rfind_any(t, &[". ", "   "])
        && t[at..].trim_start_matches(['.', ' ']) == "NOW"
    {
        return Some(text[..at].trim_end().len());
    }
    // (Or after a colon, that it is being done now: `Step 4 — fix the test: working on it now`.)
    // (Opening with the doing: not `Rule: nobody is working on prod now`.)
    if let Some(at) = t.rfind(": ")
        && let phrase = t[at + 2..].to_lowercase()
        && ["working ", "doing "].iter().any(|w| phrase.starts_with(w))
        && doing_now(&phrase)
    {
        return Some(at);
    }
    let (at, _) = rfind_any(t, &[" — ", " – ", " - ", " -- "])?;
    // (Or that it is being done now, `4) booking flow — doing now`, or the current one of its
    // kind: `## Sprint 3 (Feb 3 – Feb 14) — current sprint`.)
    let part = t[at..].trim_start_matches([' ', '—', '–', '-']);
    let lower = part.to_lowercase();
    let kind = current_group_word(&lower)
        || lower.strip_prefix("current ").is_some_and(|w| {
            ["sprint", "milestone", "step", "iteration", "week", "month", "cycle", "batch", "part", "chapter"]
                .contains(&w)
        });
    (says_current(part) || doing_now(&lower) || kind).then(|| text[..at].trim_end().len())
}

/// A title's part that only says it is the current one: `current`, `NOW`, `attuale`, perhaps
/// with a remark in brackets (`current (ends 2024-06-07)`).
fn says_current(part: &str) -> bool {
    let part = part.trim();
    let word = match part.strip_suffix([')', '）']) {
        Some(inner) => match inner.rfind(['(', '（']) {
            Some(open) => &part[..open],
            None => return false,
        },
        None => part,
    };
    let word = word.trim().trim_matches(['*', '_', '`']).trim();
    let lower = word.to_lowercase();
    // Not a word that could be the title itself (`— Focus`, `— Today`).
    let titles = ["focus", "fokus", "today", "this week", "active", "working on"];
    matches!(lower.as_str(), "current" | "now" | "we are here" | "you are here")
        || (CURRENT_WORDS.contains(&lower.as_str())
            && !titles.contains(&lower.as_str())
            && status::whole(word).is_none())
}

/// A hand pointing at a heading as the current one, before its words (`## 👉 Phase 3: …`): its
/// range with the spaces after it.
pub fn lead_current_mark(text: &str) -> Option<Range<usize>> {
    let rest = text.strip_prefix('👉')?;
    let rest = rest.strip_prefix('\u{fe0f}').unwrap_or(rest);
    let words = rest.trim_start();
    (words.len() < rest.len() && !words.is_empty()).then(|| 0..text.len() - words.len())
}

/// The same mark in a list item (`3. **Etap 3 – Eksport** (bieżący)`), where a parenthesis is
/// too often about something else (`（当前 HEAD）`): only an arrow, or a parenthesis holding
/// nothing but a word saying "current".
pub fn item_current_mark(text: &str) -> Option<Range<usize>> {
    arrow_mark(text).or_else(|| dash_mark(text)).map(|at| at..text.len()).or_else(|| paren_mark(text, true))
}

/// A parenthesis saying "current" (`(current)`, `（当前）`): its range with the spaces before it.
/// `exact`: nothing but a word saying it (`(bieżący)`), not a phrase opening with one (`(current
/// focus)`, `（当前 HEAD）`).
fn paren_mark(text: &str, exact: bool) -> Option<Range<usize>> {
    // (Or in square brackets, as a hand-kept list writes its statuses: `PART 3 - services
    // [NOW]`.)
    for (open, close) in [('(', ')'), ('（', '）'), ('[', ']')] {
        let mut from = 0;
        while let Some(i) = text[from..].find(open) {
            let start = from + i;
            let inner = &text[start + open.len_utf8()..];
            let end = inner.find(close)?;
            let word = inner[..end].trim();
            let lower = word.to_lowercase();
            // A word saying "current" that is not also a status (`(en cours)` is in progress).
            let only_current = matches!(lower.as_str(), "current" | "we are here" | "you are here")
                || doing_now(&lower)
                || ON_IT.contains(&lower.as_str())
                || CURRENT_PREFIXES.contains(&word)
                || current_group_word(&lower)
                || (CURRENT_WORDS.contains(&lower.as_str()) && status::whole(word).is_none());
            let loose = !exact
                && open != '['
                && (lower.starts_with("current ") || word.starts_with("当前") || word.starts_with("現在"));
            if only_current || loose {
                let lead = text[..start].len() - text[..start].trim_end().len();
                return Some(start - lead..start + open.len_utf8() + end + close.len_utf8());
            }
            from = start + open.len_utf8();
        }
    }
    None
}

/// What a person says of the line they are working on, in brackets after it (`### v0.3 —
/// cron jobs (working on it)`, `## 3. Dienste migrieren (läuft gerade)`); lowercase.
const ON_IT: &[&str] = &[
    "working on it",
    "working on this",
    "doing this week",
    "working on this week",
    "läuft gerade",
    "gerade dran",
    "estoy en ello",
    "estamos en ello",
    "ci sto lavorando",
    "j'y travaille",
    "en train de le faire",
];

/// "Current" and a word for a group, alone (`当前批次`, `현재 단계`, `current phase`): what a
/// parenthesis after a group's title says of it.
fn current_group_word(lower: &str) -> bool {
    let rest = CURRENT_PREFIXES.iter().chain(&["current "]).find_map(|p| lower.strip_prefix(p));
    rest.map(str::trim).is_some_and(|w| {
        GROUP_KEYWORDS.iter().any(|&(k, _)| k == w)
            || (1..=3).contains(&w.chars().count()) && w.chars().all(is_counter_char)
    })
}

/// Where an arrow pointing at the line as the current one starts (`… ← **CURRENT**`), with the
/// spaces before it: the arrow, then nothing but a word saying "current" or "here".
pub fn arrow_mark(text: &str) -> Option<usize> {
    let t = text.trim_end();
    let (at, arrow) = rfind_any(
        t,
        &["←", "⟵", "<<<", "<--", "<-", "👈", "⬅️", "⬅", "👉", "▶️", "▶", "◀️", "◀", "◄", "📍", "→", "->"],
    )?;
    let arrow = arrow.len();
    let word = t[at + arrow..].trim();
    // A remark in brackets may follow the mark (`<- NOW (ch 15)`, `← here (draft 2)`, `←いまここ
    // （下書きと並行）`).
    let open = word
        .strip_suffix(')')
        .and_then(|w| w.rfind(" ("))
        .or_else(|| word.strip_suffix('）').and_then(|w| w.rfind('（')));
    let word = match open {
        Some(open) if open > 0 => &word[..open],
        _ => word,
    };
    let word = word.trim_matches(['*', '_', '`', '(', ')']).trim().to_lowercase();
    // A rightward arrow is as often "into" (`from Confluence → here`, `release -> current`):
    // only `→ NOW`, or a mark in capitals (`→ CURRENT`), points at the line.
    if matches!(&t[at..at + arrow], "→" | "->") {
        let capitals = t[at + arrow..].trim().trim_matches(['*', '_', '`', '(', ')']) == "CURRENT";
        return (word == "now" || capitals).then(|| text[..at].trim_end().len());
    }
    // `← here`, `← I'm here`, `← we are here`, `◀ siamo qui`, `← いまここ`.
    let here = word
        .strip_suffix("here")
        .is_some_and(|w| w.is_empty() || (w.ends_with(' ') && w.split(' ').count() <= 3))
        || HERE.iter().any(|h| word.strip_suffix(h).is_some_and(|w| w.is_empty() || WE_ARE.contains(&w)))
        // Or the person saying they work there (`← sto lavorando qui`, `← je travaille ici`),
        // not a pointer (`← voir ici`) nor a day (`← relue hier`, read yesterday).
        || HERE.iter().any(|h| {
            word.strip_suffix(h).is_some_and(|w| {
                w.ends_with(' ')
                    && (2..=4).contains(&w.split(' ').count())
                    && WORKING.iter().any(|p| w.starts_with(p))
                    && (*h != "hier" || ["ich ", "wir ", "gerade "].iter().any(|p| w.starts_with(p)))
            })
        })
        // Or "here" first (`← acá estoy`, `← hier bin ich`).
        || HERE.iter().any(|h| {
            word.strip_prefix(h).and_then(|w| w.strip_prefix(' ')).is_some_and(|w| {
                ["estoy", "estamos", "estou", "bin ich", "sind wir", "siamo", "sono"].contains(&w)
            })
        });
    // Not a mark saying the line is not where the work is (`← not now`).
    let negated =
        word.split_whitespace().any(|w| ["not", "no", "niet", "nicht", "pas", "nie", "не"].contains(&w));
    // Being worked on (`← lagi dikerjain`), or today's (`⬅ today`).
    let worked = WORKED_ON.contains(&word.as_str())
        || ["today", "heute", "hoy", "oggi", "hoje", "aujourd'hui", "今日", "今天", "сегодня"]
            .contains(&word.as_str());
    let current = here || worked || is_current_name(&word) || word.starts_with("进行中") || doing_now(&word);
    (current && !negated).then(|| text[..at].trim_end().len())
}

/// An arrow closing a task's line that says the work is there: `← here`, `← current`, `<-- doing
/// this now`, `← hier ben ik nu mee bezig`; not a remark that mentions now (`<- fails right
/// now`), which [`arrow_mark`] takes on a group's own line.
pub fn task_current_mark(text: &str) -> bool {
    let Some(at) = arrow_mark(text) else { return false };
    let phrase = text[at..].trim_start_matches(|c: char| !c.is_alphanumeric()).trim_end();
    let lower = phrase.trim_end_matches(['*', '_', '`', ')', ' ']).to_lowercase();
    says_current(&lower)
        || doing_now(&lower)
        || lower.ends_with("here")
        || HERE.iter().any(|h| lower.ends_with(h))
        || lower.starts_with("进行中")
}

/// A short phrase saying the line is what is being done now (`doing this now`, `hier ben ik nu
/// mee bezig`).
fn doing_now(phrase: &str) -> bool {
    let words: Vec<&str> = phrase.split_whitespace().collect();
    let now = ["now", "nu", "jetzt", "ahora", "agora", "maintenant", "adesso", "teraz", "сейчас", "şimdi"];
    let busy = words.contains(&"bezig") && words.contains(&"nu");
    // (Not a remark on the task: `fails right now`, `works now`, `must fix now`.)
    let doing =
        words.iter().any(|w| ["doing", "working", "haciendo", "fazendo", "machen", "mache"].contains(w));
    (2..=6).contains(&words.len()) && (doing && words.last().is_some_and(|w| now.contains(w)) || busy)
}

/// Words for "here" after an arrow at the current line, alone or after a "we are" of their
/// language (`◀ siamo qui`, `← いまここ`, `👈 现在在这里`); lowercase. English `here` may follow
/// any few words (`← I'm here`).
#[rustfmt::skip]
const HERE: &[&str] = &[
    "burada", "buradayız", "ici", "là", "hier", "aquí", "aqui", "acá", "qui", "здесь", "тут", "tutaj",
    "här", "ở đây", "đang ở đây", "di sini", "ここ", "这里", "這裡", "这儿", "여기", "यहाँ", "यहां",
    "هنا", "כאן",
];

/// How a person says they are at work, before a few words and a word for "here" (`sto
/// lavorando qui`, `je travaille ici`), or that it is right there (`gerade hier`); lowercase,
/// with their space.
#[rustfmt::skip]
const WORKING: &[&str] = &[
    "i'm ", "i am ", "we're ", "we are ", "working ", "sto ", "stiamo ", "je ", "j'", "nous ",
    "on ", "estoy ", "estamos ", "trabajando ", "estou ", "trabalhando ", "ich ",
    "wir ", "arbeite ", "jestem ", "pracuję ", "я ", "мы ", "работаю ",
    // "Right" here (`← gerade hier`, `← justo aquí`).
    "gerade ", "justo ", "proprio ", "juste ",
];

/// "We are", "I am", "now" before a word for "here" ([`HERE`]); lowercase, with their space.
#[rustfmt::skip]
const WE_ARE: &[&str] = &[
    "siamo ", "sono ", "estamos ", "estoy ", "estou ", "nous sommes ", "je suis ", "on est ",
    "wir sind ", "ich bin ", "we zijn ", "ik ben ", "мы ", "мы сейчас ", "я ", "ми ", "jesteśmy ",
    "jestem ", "vi är ", "jag är ", "kita ", "saya ", "chúng ta ", "tôi ", "いま", "今", "现在在",
    "现在", "我们在", "在", "지금 ", "지금", "हम ", "نحن ",
];

/// A label line naming the current group (`**Current phase:** Phase 1 — …`, `当前阶段：阶段 1`,
/// `**Current:** Sprint 3`, `**Bieżący etap:** Etap 2`): the range of its value. Beside the
/// listed labels, any short label one of whose words says "current" ([`is_current_name`]).
pub fn current_label(s: &str) -> Option<Range<usize>> {
    // After a pointing emoji (`👉 当前任务组：三`), and as a field of a line of fields (`Owner:
    // @jlee · Current epic: E2`).
    let lead = decoration(s);
    let fields = std::iter::once((lead, false))
        .chain(s.match_indices(" · ").map(|(i, sep)| (i + sep.len(), false)))
        // A sentence after another on a labelled line (`Estado general: en curso. Fase actual →
        // **Fase 3**.`), when its label is a name of two words or more; not in a dated entry
        // (`2024-05-01: Kickoff. Current phase → Phase 1.`).
        .chain(
            any_label(s)
                .filter(|(l, _)| !s[l.clone()].bytes().any(|b| b.is_ascii_digit()))
                .into_iter()
                .flat_map(|_| s.match_indices(". ").map(|(i, sep)| (i + sep.len(), true))),
        );
    fields.into_iter().find_map(|(at, sentence)| {
        let f = &s[at..];
        let named = |name: &str| is_current_name(name) && (!sentence || name.split_whitespace().count() >= 2);
        let value = label_value(f, CURRENT_LABELS).filter(|_| !sentence).or_else(|| {
            let (label, value) = any_label(f)?;
            named(&f[label]).then_some(value)
        });
        // `current → P3`: an arrow for the colon; a dash (`Текущий этап — **Этап 3**.`).
        let value = value.or_else(|| {
            let (name, sep) = [" → ", " -> ", " — ", " – "]
                .iter()
                .filter_map(|&sep| f.find(sep).map(|at| (&f[..at], sep)))
                .min_by_key(|(name, _)| name.len())?;
            let value = name.len() + sep.len();
            // After a dash, a name of two words or more and a value opening with a word
            // (`Текущий этап — **Этап 3**`), not a note (`Today – 3 PRs merged`, `Now — Phase
            // 3 can only start after the audit`).
            let dashed = matches!(sep, " — " | " – ");
            let worded = name.split_whitespace().count() >= 2
                && f[value..].trim_start_matches(['*', '_', ' ']).starts_with(char::is_alphabetic);
            (named(name) && (!dashed || worded)).then(|| value_from(f, value))
        })?;
        // An arrow opening the value points at it (`ahora mismo: → experimentos`).
        let v = &f[value.clone()];
        let arrow = ["→", "->", "=>", "➡️", "➡"].iter().find_map(|a| v.strip_prefix(a)).map(str::trim_start);
        let start = arrow.filter(|rest| !rest.is_empty()).map_or(value.start, |rest| value.end - rest.len());
        Some(at + start..at + value.end)
    })
}

/// Words that say "current" or "now", lowercase, by language: in a label or a section heading
/// of at most four words (`Current`, `Étape en cours`, `Huidige fase`, `Şu anki aşama`), they
/// name the current group. Easy to extend: one word (or a fixed pair) per entry.
#[rustfmt::skip]
const CURRENT_WORDS: &[&str] = &[
    // English
    "current", "currently", "now", "active", "working on", "resume at", "resume from", "resume point",
    "pick up at", "pick up from", "continue from", "today", "this week", "focus", "we are here",
    // Where a person says they are (`where I am: week 3`, `Gdzie jestem: rozdział 3`).
    "where i am", "where i'm at", "where we are", "gdzie jestem", "nu bezig met", "où j'en suis",
    "où on en est", "dónde estoy", "onde estou", "dove sono", "wo ich bin", "wo ich stehe",
    "kde jsem", "var jag är", "đang làm",
    // Japanese "now" as a label of its own (`今：フェーズ3の途中`), "now, here" (`いまここ → 3.`).
    "今", "いま", "いまここ", "今ここ",
    "actuellement",
    // Words for "now" and "today" in other languages
    "ahora", "hoy", "agora", "hoje", "adesso", "oggi", "maintenant", "aujourd'hui", "jetzt",
    "heute", "diese woche", "fokus", "vandaag", "deze week", "teraz", "dzisiaj", "сейчас",
    "сегодня", "अभी", "आज", "şimdi", "bugün", "bây giờ", "hôm nay", "hari ini",
    // German
    "aktuell", "aktuelle", "aktueller", "aktuelles", "derzeitige", "derzeitiger",
    // French
    "en cours", "actuel", "actuelle", "courant", "courante",
    // Spanish, Portuguese, Italian
    "actual", "vigente", "atual", "corrente", "attuale", "in corso",
    // Dutch
    "huidig", "huidige",
    // Polish
    "bieżący", "bieżąca", "bieżące", "obecny", "obecna", "aktualny", "aktualna",
    // Turkish
    "şu an", "şu anki", "mevcut", "güncel",
    // Russian
    "текущий", "текущая", "текущее", "текущие",
    // Czech
    "aktuální", "současný", "současná", "teď", "nyní",
    // Nordic
    "nåværende", "nuvarande", "nuværende", "nykyinen",
    // Vietnamese, Indonesian
    "hiện tại", "saat ini", "sekarang",
    // Hindi, Arabic, Persian, Bengali, Hebrew
    "वर्तमान", "मौजूदा", "الحالية", "الحالي", "فعلی", "جاری", "বর্তমান", "נוכחי", "נוכחית",
    // Greek, Ukrainian, Romanian, Hungarian, Malay, Swahili
    "τρέχουσα", "τρέχον", "τρέχων", "поточний", "поточна", "поточне", "curent", "curentă",
    "curente", "jelenlegi", "aktuális", "semasa", "sasa",
];

/// Prefixes that say "current" in scripts written without spaces (`当前步骤`, `現在のフェーズ`).
const CURRENT_PREFIXES: &[&str] = &[
    "当前",
    "當前",
    "目前",
    "现在",
    "現在",
    "현재",
    "지금",
    "今天",
    "本周",
    "今日",
    "今週",
    "오늘",
    "이번 주",
    // "In progress" before the group word (`진행 중인 웨이브: 웨이브 2`).
    "진행 중인",
    "ตอนนี้",
    "ขณะนี้",
];

/// Where a person says they have got to, the whole label (`> Estoy en: Hito 3`, `I'm at:
/// chapter 4`; not `We are at risk: …`); lowercase.
#[rustfmt::skip]
const GOT_TO: &[&str] = &[
    "i'm at", "i am at", "we're at", "we are at", "i'm on", "i am on", "estoy en", "estamos en",
    "estou em", "estamos em", "je suis à", "on en est à", "ich bin bei", "wir sind bei", "sono a",
    "siamo a", "jestem na", "jesteśmy na", "ik ben bij", "we zijn bij", "я на", "мы на", "voy por",
    "vamos por",
];

/// "Being worked on", in Indonesian, formal and casual (`Sedang dikerjakan: Tahap 3`, `←
/// lagi dikerjain`): a label naming the current group, or a mark after an arrow; lowercase.
#[rustfmt::skip]
const WORKED_ON: &[&str] = &[
    "sedang dikerjakan", "sedang dikerjain", "lagi dikerjakan", "lagi dikerjain",
    // (`<-- sto facendo`, `← doing this`, `← on it`.)
    "sto facendo", "sto facendo questo", "lo sto facendo", "ci sto lavorando", "doing this", "doing it",
    "working on it",
    "working on this", "on it", "estoy en ello", "estoy con esto", "je suis dessus",
];

/// The first sentence under a step's heading saying it is the one being done (`Currently doing
/// this.`, `Working on this now.`, `Ci sto lavorando.`)?
pub fn doing_this(s: &str) -> bool {
    let first = s.split(['.', '!', '。', '！']).next().unwrap_or(s);
    let lower = first.trim().trim_matches(['*', '_']).trim().to_lowercase();
    DOING_THIS.contains(&lower.as_str()) || WORKED_ON.contains(&lower.as_str()) || doing_now(&lower)
}

/// Sentences saying "this is being done now", lowercase, without their full stop.
#[rustfmt::skip]
const DOING_THIS: &[&str] = &[
    "currently doing this", "currently working on this", "currently working on it", "currently on this",
    "this is where i am", "i am here", "i'm here", "we are here", "you are here", "in progress now",
    "estoy aquí", "je suis ici", "ich bin hier", "sono qui", "estou aqui", "я здесь", "我在这里",
];

/// Words that say "current" inside a name written without spaces, wherever they stand (Thai
/// puts it after the noun: `ระยะปัจจุบัน`).
const CURRENT_INFIXES: &[&str] = &["ปัจจุบัน"];

/// Is `name` (a label or a section heading) a short name of the current group: at most four
/// words, one of them (or a pair of them) a word saying "current", none saying "next" or
/// "previous"?
pub fn is_current_name(name: &str) -> bool {
    let name = name.trim().trim_matches(['*', '_', ':', '：', ' ']).trim();
    // A label with a digit is an id or a date (`T-000123: …`, every task line of a plan), not a
    // name of the current group: said before anything is lowercased.
    if name.is_empty() || name.bytes().any(|b| b.is_ascii_digit()) {
        return false;
    }
    // A key written as one word (`current_stage: C`).
    let lower = name.to_lowercase().replace('_', " ");
    let name = if name.contains('_') { lower.as_str() } else { name };
    // `## Current Status` sums up where things stand: a report, not a pointer to a group.
    if [
        "status",
        "state",
        "situation",
        "stato",
        "estado",
        "statut",
        "zustand",
        "stand",
        "состояние",
        "статус",
        "durum",
        "stan",
        "状态",
        "狀態",
        "状況",
        "상태",
        "κατάσταση",
        "стан",
        "stare",
        "állapot",
        "מצב",
        "وضعیت",
        "สถานะ",
    ]
    .iter()
    .any(|w| lower.split_whitespace().any(|x| x == *w) || (!w.is_ascii() && lower.ends_with(w)))
    {
        return false;
    }
    if GOT_TO.contains(&lower.trim())
        || WORKED_ON.contains(&lower.trim())
        || CURRENT_PREFIXES.iter().any(|p| lower.starts_with(p))
        || CURRENT_INFIXES.iter().any(|w| lower.contains(w))
    {
        return true;
    }
    let words: Vec<&str> = lower.split_whitespace().collect();
    if words.is_empty()
        || words.len() > 4
        || !name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '\'' | '’') || text::is_combining(c))
    {
        return false;
    }
    // One word, or a fixed pair (`en cours`, `şu an`) standing in the name.
    let said = words.iter().any(|w| CURRENT_WORDS.contains(w))
        || CURRENT_WORDS.iter().filter(|c| c.contains(' ')).any(|c| {
            lower.match_indices(c).any(|(i, _)| {
                (i == 0 || lower[..i].ends_with(' '))
                    && (i + c.len() == lower.len() || lower[i + c.len()..].starts_with(' '))
            })
        });
    // A group word, then "in progress" (`Etapa em andamento`, `Phase in progress`): the one
    // being worked on (not `Tasks in progress`, `Nothing in progress`).
    let doing =
        ["in progress", "em andamento", "en curso", "en progreso", "in arbeit", "en cours"].iter().any(|p| {
            lower.strip_suffix(p).is_some_and(|w| {
                let w = w.trim();
                w.len() < lower.len() && GROUP_KEYWORDS.iter().any(|&(k, _)| k == w)
            })
        });
    (said || doing)
        && !words.iter().any(|w| matches!(*w, "next" | "previous" | "last" | "prior" | "upcoming"))
}

/// A line that starts with a label (`Label: value`, `**Label:** value`, `**Label**: value`):
/// the label's range (without its bold marks) and the value's, which ends at ` · `, ` | ` or
/// the end of the line. The label is short: a colon within its first 40 bytes.
fn any_label(s: &str) -> Option<(Range<usize>, Range<usize>)> {
    let bold = s.starts_with("**");
    let p = if bold { 2 } else { 0 };
    let head = &s[p..];
    let colon = head.char_indices().take_while(|&(i, _)| i <= 40).find(|&(_, c)| c == ':' || c == '：')?;
    let mut label_end = p + colon.0;
    let mut q = label_end + colon.1.len_utf8();
    if bold {
        // `**Label:** value` or `**Label**: value`.
        if s[q..].starts_with("**") {
            q += 2;
        } else if let Some(l) = s[p..label_end].trim_end().strip_suffix("**") {
            // (French sets a space before the colon: `**Où j'en suis** : semaine 3`.)
            label_end = p + l.len();
        } else if let Some(whole) = s.trim_end().strip_suffix("**").filter(|w| w.len() > q) {
            // `**Resume at: Phase 3 — task 3.3**`: the whole line bold.
            let value = value_from(whole, q);
            return Some((p..label_end, value));
        } else {
            return None;
        }
    }
    let label = p..label_end;
    if s[label.clone()].trim().is_empty() || s[label.clone()].contains("**") {
        return None;
    }
    Some((label, value_from(s, q)))
}

/// A label's value starting at `q` (after its colon): spaces skipped, up to ` · ` or ` | ` (the
/// next field) or the end of the line, trailing space trimmed.
fn value_from(s: &str, q: usize) -> Range<usize> {
    let q = q + spaces(&s[q..]);
    let stop = [" · ", " | "].iter().filter_map(|sep| s[q..].find(sep)).min();
    let v_end = stop.map_or(s.len(), |i| q + i);
    q..q + s[q..v_end].trim_end().len()
}

/// What a person calls the plan's goal, as a label (`**Goal:** …`) or a section heading;
/// lowercase.
pub const GOAL_LABELS: &[&str] = &[
    "project goal",
    "goal",
    "目标",
    "目標",
    "目的",
    "objective",
    "purpose",
    "aim",
    "meta",
    "objetivo",
    "obiettivo",
    "ziel",
    "목표",
    "objectif",
    "цель",
    "ゴール",
    "doel",
    "cel",
    "hedef",
    "amaç",
    "cíl",
    "mål",
    "tavoite",
    "mục tiêu",
    "tujuan",
    "लक्ष्य",
    "उद्देश्य",
    "الهدف",
    "هدف",
    "στόχος",
    "мета",
    "מטרה",
    "matlamat",
    "objektif",
    "lengo",
    "obiectiv",
    "scop",
    "cél",
    "เป้าหมาย",
    "লক্ষ্য",
];

/// A goal label line (`**Goal:** …`, `目标：…`), also after a log line's timestamp
/// (`2026-05-12 00:34:12:781 :目标：…`).
pub fn goal_label(s: &str) -> Option<Range<usize>> {
    let at = timestamp_len(s);
    label_value(&s[at..], GOAL_LABELS)
        .map(|r| at + r.start..at + r.end)
        .or_else(|| dashed_goal(s, at))
        .or_else(|| qualified_goal(s))
}

/// `Quarter goal: …`, `**Main objective:** …`: a short label (three words at most) whose last
/// word is a goal word.
fn qualified_goal(s: &str) -> Option<Range<usize>> {
    let (label, value) = any_label(s)?;
    let words: Vec<String> = s[label].split_whitespace().map(str::to_lowercase).collect();
    let last = words.last()?;
    let worded = words.iter().all(|w| !w.bytes().any(|b| b.is_ascii_digit()));
    (words.len() <= 3 && worded && GOAL_LABELS.contains(&last.as_str())).then_some(value)
}

/// `Goal — be able to review Go services by March`: a goal word opening the line, then a dash
/// where a colon would be; the range of the text after it.
fn dashed_goal(s: &str, at: usize) -> Option<Range<usize>> {
    let bold = s[at..].starts_with("**");
    let p = at + if bold { 2 } else { 0 };
    let end = GOAL_LABELS.iter().find_map(|label| starts_with_folded(s, p, label))?;
    let end = if bold { end + s[end..].strip_prefix("**").map(|_| 2)? } else { end };
    let rest = &s[end..];
    let dash = [" — ", " – ", " - "].iter().find(|d| rest.starts_with(**d))?;
    let q = end + dash.len();
    let value = s[q..].trim_end();
    (!value.is_empty()).then(|| q..q + value.len())
}

/// A leading `2026-05-12`, `2026-05-12 00:34`, `2026-05-12 00:34:12:781 :` or `[2026-05-12]`
/// with the separator after it: its length, or 0.
fn timestamp_len(s: &str) -> usize {
    let b = s.as_bytes();
    let open = usize::from(b.first() == Some(&b'['));
    let digits = |from: usize| b[from.min(b.len())..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut p = open;
    for (n, sep) in [(4, b'-'), (2, b'-'), (2, 0)] {
        if digits(p) != n {
            return 0;
        }
        p += n;
        if sep != 0 {
            if b.get(p) != Some(&sep) {
                return 0;
            }
            p += 1;
        }
    }
    // The time: `00:34`, `00:34:12`, `00:34:12:781`, `00:34:12.781`.
    if b.get(p) == Some(&b' ')
        && (1..=2).contains(&digits(p + 1))
        && b.get(p + 1 + digits(p + 1)) == Some(&b':')
    {
        p += 1;
        while (1..=3).contains(&digits(p)) {
            p += digits(p);
            if matches!(b.get(p), Some(b':' | b'.')) && digits(p + 1) > 0 {
                p += 1;
            } else {
                break;
            }
        }
    }
    if open == 1 {
        if b.get(p) != Some(&b']') {
            return 0;
        }
        p += 1;
    }
    let rest = &s[p..];
    let rest = rest.trim_start();
    let rest = rest
        .strip_prefix(':')
        .or_else(|| rest.strip_prefix('—'))
        .or_else(|| rest.strip_prefix("- "))
        .unwrap_or(rest);
    s.len() - rest.trim_start().len()
}

fn label_value(s: &str, labels: &[&str]) -> Option<Range<usize>> {
    // Plain `Label:` only at the start, or as a field after another (`Owner: @lina · Status:
    // done`); `**Label:**` / `**Label**:` anywhere.
    let bold_at = s.as_bytes().contains(&b'*').then(|| s.match_indices("**").map(|(i, _)| i));
    // (A few fields: a line of thousands is a note, and each is tried with every label.)
    let fields = any_label(s).is_some().then(|| {
        s.match_indices(" · ").chain(s.match_indices(" | ")).take(8).map(|(i, sep)| (i + sep.len(), true))
    });
    let starts = std::iter::once((0, true)).chain(bold_at.into_iter().flatten().map(|i| (i, false)));
    for (at, plain) in starts.chain(fields.into_iter().flatten()) {
        let (bold, p) = if s[at..].starts_with("**") { (true, at + 2) } else { (false, at) };
        if !bold && !plain {
            continue;
        }
        for label in labels {
            let Some(mut end) = starts_with_folded(s, p, label) else {
                continue;
            };
            // A bilingual label names itself twice: `**Status / 状态:**`.
            if let Some(alt) = s[end..].strip_prefix(" / ").or_else(|| s[end..].strip_prefix('/')) {
                let at = s.len() - alt.len();
                if let Some(e) = labels.iter().find_map(|l| starts_with_folded(s, at, l)) {
                    end = e;
                }
            }
            let mut q = end;
            if bold && s[q..].starts_with("**") {
                q += 2;
            }
            // French puts a space before the colon (`Étape actuelle : 2`), often a no-break one.
            q += s[q..].len() - s[q..].trim_start_matches([' ', '\u{a0}', '\u{202f}']).len();
            q += if s[q..].starts_with(':') {
                1
            } else if s[q..].starts_with('：') {
                '：'.len_utf8()
            } else {
                continue;
            };
            if bold && s[q..].starts_with("**") {
                q += 2;
            } else if bold && !s[end..q].contains("**") {
                // The whole field in bold (`**Status: Done**`): its value ends with the bold.
                match s[q..].find("**") {
                    Some(close) if !s[q..q + close].trim().is_empty() => {
                        return Some(value_from(&s[..q + close], q));
                    }
                    _ => continue,
                }
            }
            return Some(value_from(s, q));
        }
    }
    None
}

/// Does `s[p..]` start with `label` (lowercase), ignoring case in any script (`Статус`)? The
/// end of the match.
fn starts_with_folded(s: &str, p: usize, label: &str) -> Option<usize> {
    let end = p + label.len();
    if label.is_ascii() {
        return (end <= s.len() && s.is_char_boundary(end) && s[p..end].eq_ignore_ascii_case(label))
            .then_some(end);
    }
    let mut chars = s[p..].char_indices();
    for want in label.chars() {
        let (_, c) = chars.next()?;
        if c != want && !text::folds_equal(c, want) {
            return None;
        }
    }
    Some(chars.next().map_or(s.len(), |(i, _)| p + i))
}

/// The status in a label's value: the token at its start, skipping wrapping backticks and bold;
/// else one parenthetical that is a status and nothing more, closing the value or its first
/// clause, with no other status word in the value (`cut from MVP (skipped) — revisit in Q4`;
/// not `backend API (done), cart page not started yet`). A status word loose in the value's
/// prose is not read (`20% - Issue #14 offen`).
pub fn value_status(value: &str) -> Option<Token> {
    status::leading(value).map(|tok| reasoned_wait(value, tok)).or_else(|| {
        let mut found = value.match_indices(['(', '（']).filter_map(|(open, p)| {
            let inner_start = open + p.len();
            let close = value[inner_start..].find([')', '）'])?;
            let inner = &value[inner_start..inner_start + close];
            let status = status::whole(inner)?;
            let after = inner_start + close + value[inner_start + close..].chars().next()?.len_utf8();
            let lead = inner.len() - inner.trim_start().len();
            let start = inner_start + lead;
            Some((open, after, Token { status, range: start..start + inner.trim().len() }))
        });
        let (open, after, first) = found.next()?;
        let rest = value[after..].trim_start();
        let closes = rest.is_empty() || rest.starts_with(['—', '–', ';']) || rest.starts_with("- ");
        let alone = status::find(&value[..open]).is_none() && status::find(&value[after..]).is_none();
        (found.next().is_none() && closes && alone).then_some(first)
    })
}

/// A wait read in `s` as blocked when its reason follows set apart ([`status::waits_for_reason`]).
fn reasoned_wait(s: &str, tok: Token) -> Token {
    if tok.status == Status::Pending && status::waits_for_reason(&s[tok.range.clone()], &s[tok.range.end..]) {
        Token { status: Status::Blocked, ..tok }
    } else {
        tok
    }
}

/// Phrases that say where the work is, in prose, right before the group they name (`we are in
/// Phase 2`, `estamos en la fase 2`, `Şu anda Aşama 2'deyiz`); lowercase, by language.
#[rustfmt::skip]
const POINTER_PHRASES: &[&str] = &[
    "we are in ", "we're in ", "we are on ", "we're on ", "we are at ", "we're at ",
    "we are now in ", "we're now in ", "we are now on ", "we're now on ",
    "we are currently in ", "we're currently in ", "we are currently on ", "we're currently on ",
    "estamos en ", "estamos na ", "estamos no ", "estamos em ",
    "nous sommes à ", "nous sommes en ", "nous sommes dans ", "on est à ", "on en est à ",
    "wir sind in ", "wir sind im ", "wir sind bei ", "wir sind gerade in ", "wir sind gerade bei ",
    "siamo alla ", "siamo nella ", "siamo al ", "siamo nel ", "siamo in ",
    "we zitten in ", "we zitten nu in ", "we zijn bij ", "we zijn nu bij ",
    "jesteśmy na ", "jesteśmy w ", "şu anda ", "şu an ", "현재 ", "지금 ",
    "мы на ", "мы сейчас на ", "сейчас на ", "ми на ", "зараз на ",
    "kita di ", "saat ini di ", "đang ở ", "đang ở: ", "hiện đang ở ", "jsme ve ", "jsme v ",
    "arbeite gerade an ", "arbeiten gerade an ", "ich arbeite an ", "wir arbeiten an ",
    "vi är i ", "vi är på ", "vi er i ",
    // A person keeping their own plan says I (`ik zit nu in fase 3`, `I'm on Phase 2`).
    "i am in ", "i'm in ", "i am on ", "i'm on ", "i am now in ", "i'm now in ", "i am now on ", "i'm now on ",
    "i am currently in ", "i'm currently in ", "i am currently on ", "i'm currently on ",
    "ik zit in ", "ik zit nu in ", "ik ben bij ", "ik ben nu bij ",
    "estoy en ", "estou na ", "estou no ", "estou em ",
    "je suis à ", "je suis en ", "je suis dans ", "j'en suis à ",
    "ich bin in ", "ich bin im ", "ich bin bei ", "ich bin gerade in ", "ich bin gerade bei ",
    "sono alla ", "sono nella ", "sono al ", "sono nel ",
    // Working on it (`Stiamo lavorando sullo Sprint 2`, `ahora mismo con el Hito 3`).
    "stiamo lavorando sullo ", "stiamo lavorando sulla ", "stiamo lavorando al ", "stiamo lavorando alla ",
    "sto lavorando sullo ", "sto lavorando sulla ", "sto lavorando al ", "sto lavorando alla ",
    "ahora mismo con ", "ando con ", "estoy con ",
    // Arabic "we are now in", Persian "now on", Hindi "now we (are)".
    "نحن الآن في ", "نحن في ", "الآن في ", "الان روی ", "الآن روی ", "अभी हम ",
];

/// Articles that may stand between such a phrase and the group (`estamos en la fase 2`).
const ARTICLES: &[&str] = &["the ", "la ", "el ", "le ", "a ", "o ", "die ", "der ", "il ", "de ", "het "];

/// [`POINTER_PHRASES`] sorted by their first two letters: a word is compared with the few that
/// start as it does (most words start no phrase; `in`, `is`, `it` must cost nothing).
fn pointer_phrases() -> &'static [((char, char), &'static str)] {
    static SORTED: std::sync::OnceLock<Vec<((char, char), &'static str)>> = std::sync::OnceLock::new();
    SORTED.get_or_init(|| {
        let mut v: Vec<_> = POINTER_PHRASES
            .iter()
            .map(|p| {
                let mut cs = p.chars();
                ((cs.next().unwrap_or(' '), cs.next().unwrap_or(' ')), *p)
            })
            .collect();
        v.sort_unstable();
        v
    })
}

/// Where the group named after a phrase saying where the work is (see [`POINTER_PHRASES`])
/// starts in `s`: after the phrase (at the start of a word, compared letter by letter in any
/// case) and an article.
pub fn prose_pointer(s: &str) -> Option<usize> {
    // Opening the line, with no one named before it (`Currently on **Phase 3** — modals`; not
    // `The vendor is currently in Fase 3`).
    if let Some(end) = ["currently on ", "currently in ", "currently at ", "currently working on "]
        .iter()
        .find_map(|p| starts_with_folded(s, 0, p))
    {
        return Some(end);
    }
    let mut prev = ' ';
    let starts = s.char_indices().filter(|&(_, c)| {
        let start = !prev.is_alphanumeric() && starts_pointer(c);
        prev = c;
        start
    });
    let phrases = pointer_phrases();
    let lower = |c: char| c.to_lowercase().next().unwrap_or(c);
    for (at, c) in starts {
        let key = (lower(c), s[at + c.len_utf8()..].chars().next().map_or(' ', lower));
        let from = phrases.partition_point(|(k, _)| *k < key);
        let found = phrases[from..]
            .iter()
            .take_while(|(k, _)| *k == key)
            .find_map(|(_, p)| starts_with_folded(s, at, p));
        let Some(end) = found else {
            continue;
        };
        let article = ARTICLES.iter().find_map(|a| starts_with_folded(s, end, a)).unwrap_or(end);
        return Some(article);
    }
    // Chinese and Japanese write the phrase without spaces, anywhere in the line.
    let joined = ["目前处于", "目前在", "现在在", "现在处于", "目前處於", "現在は", "今は", "ตอนนี้กำลังทำ"];
    joined.iter().find_map(|p| s.find(p).map(|i| i + p.len())).or_else(|| named_current(s))
}

/// The verb "is" between a name of the current group and the group, by language.
const COPULAS: &[&str] = &[" is ", " é ", " es ", " ist ", " est ", " è ", " jest ", " je ", " är ", " er "];

/// Where the group starts after a clause that names the current one and says what it is
/// (`the current phase is Phase 2`, `fase atual é a **Fase 2**`): the name opens its clause.
fn named_current(s: &str) -> Option<usize> {
    COPULAS.iter().flat_map(|c| s.match_indices(c)).find_map(|(i, c)| {
        let clause = s[..i]
            .rfind(['.', ':', ';', ',', '!', '?', '(', '—', '>'])
            .map_or(0, |b| b + s[b..].chars().next().map_or(1, char::len_utf8));
        let name = s[clause..i].trim();
        if name.split_whitespace().count() > 4 || !is_current_name(name) {
            return None;
        }
        let end = i + c.len();
        Some(ARTICLES.iter().find_map(|a| starts_with_folded(s, end, a)).unwrap_or(end))
    })
}

/// Can a phrase of [`POINTER_PHRASES`] start with `c`? Most words cannot: each line's words are
/// tried, and a plan may have 100,000 lines.
fn starts_pointer(c: char) -> bool {
    let c = c.to_lowercase().next().unwrap_or(c);
    let phrases = pointer_phrases();
    phrases.get(phrases.partition_point(|(k, _)| k.0 < c)).is_some_and(|(k, _)| k.0 == c)
}

/// The length of the clause `s` starts with: up to a sentence's end, a semicolon, a comma or a
/// dash between words.
pub fn clause(s: &str) -> usize {
    find_any(s, &[". ", "; ", ", ", " — ", " - ", "。", "；", "，"]).map_or(s.len(), |(at, _)| at)
}

/// Words that tie a deferral or a block to what it waits for (`Blocked on the vendor's key`,
/// `Deferred until Q3`, `Відкладено до наступного року`); lowercase.
const WAITS_FOR: &[&str] = &[
    "on",
    "until",
    "till",
    "bis",
    "hasta",
    "até",
    "jusqu'à",
    "jusqu’à",
    "fino",
    "до",
    "do",
    "tot",
    "sampai",
    "hingga",
    "đến",
];

/// Words opening an exception to a status (`Done, except the Android build`).
const EXCEPT: &[&str] =
    &["except", "but", "excluding", "besides", "sauf", "excepto", "salvo", "außer", "tranne", "кроме"];

/// A remark that takes back part of a status (`Done (mostly).`): then it is no status.
const PARTLY: &[&str] = &[
    "mostly",
    "partly",
    "partially",
    "almost",
    "nearly",
    "half",
    "some",
    "casi",
    "fast",
    "presque",
    "quasi",
    "部分",
    "大部分",
];

/// A line that sums up how a group stands after an arrow, anywhere under its heading (`→
/// fatto`, `-> in progress`): the status, when the words after the arrow are one and nothing
/// more, or open a sentence ([`sentence_status`]; `→ blocked: vendor` is a note, which `set`
/// could not rewrite as a status).
pub fn arrow_status(s: &str) -> Option<Token> {
    let rest = ["→", "->", "=>", "⇒"].iter().find_map(|a| s.strip_prefix(a))?;
    let words = rest.trim_start_matches(' ');
    if words.len() == rest.len() {
        return None;
    }
    let at = s.len() - words.len();
    // Alone, or opening a sentence (`=> ON HOLD. Helen has to check the examples first.`).
    let tok = status::leading(words)?;
    let rest = words[tok.range.end..].trim_matches(['*', '_', '.', '!', ' ']);
    let tok = match rest.is_empty() {
        true => tok,
        // (A closed sentence: not `→ Done, once both boxes are ticked`, nor a label's colon.)
        false => sentence_status(words).filter(|t| {
            words[t.range.end..].trim_start_matches(['*', '_']).starts_with(['.', '!', '。', '！'])
        })?,
    };
    Some(Token { status: tok.status, range: tok.range.start + at..tok.range.end + at })
}

/// Does a list item open with a status said on its own: after a status symbol, or a word
/// closing its sentence or the item (`отложено.`, `Done`), or what it waits on (`wartet auf
/// Rückmeldung`); not a label (`Skipped: 2 flaky tests`) nor a word a remark goes on from
/// (`Cancelled — refund the payment`, `Done, see PR`).
pub fn states_alone(s: &str) -> bool {
    let s = s.trim_start_matches([' ', '*', '_']);
    let Some(tok) = status::leading(s) else { return false };
    let symbol = s.chars().next().is_some_and(|c| !c.is_alphanumeric());
    let after = s[tok.range.end..].trim_start_matches(['*', '_']);
    // (A comma after what a wait waits on goes on about it: `wartet auf Rückmeldung von Frau
    // Hollmann, Testdatei geschickt`.)
    let comma = after.starts_with([',', '，']) && tok.status != Status::Blocked;
    // (So does a dash after what it waits on: `waiting on the mobile team's runtime — they said
    // Q3`.)
    let waited = tok.status == Status::Blocked && s[tok.range.clone()].trim_end().contains(' ');
    let dash = !waited && [" — ", " – ", " - "].iter().any(|d| after.starts_with(d));
    let label = comma || after.starts_with([':', '：']) || dash;
    symbol || !label
}

/// A group's status stated in prose, as the first words of the first line under its heading:
/// the whole first sentence, perhaps with a remark in parentheses (`Done (Feb 12). 64 imports…`,
/// `In progress.`, `Not started.`), or a block or deferral and what it waits for (`Blocked on
/// the vendor's key.`, `Відкладено до наступного навчального року.`). Not a sentence that only
/// starts with a status word (`Complete rewrite of the parser.`, `Complete by March 3`, `Done
/// for iOS; Android has not started`, `Running on the staging cluster`, `Done (mostly).`).
pub fn sentence_status(s: &str) -> Option<Token> {
    let tok = reasoned_wait(s, status::leading(s)?);
    // Before it only markup, or a status struck through (`~~en curso~~ descartado: …`).
    let lead = s.trim_start_matches([' ', '*', '_']);
    let lead = s.len() - lead.len() + status::past_struck(lead);
    if s[lead.min(tok.range.start)..tok.range.start].chars().any(char::is_alphanumeric) {
        return None;
    }
    // A symbol saying the same after the word closes the status: any notes may follow (`Готово
    // ✔ справка получена 15.01`, `Done ✔ — all 28 lessons.`).
    if let Some(after) = s[tok.range.end..].strip_prefix(' ')
        && let Some((status, len)) = status::emoji_at_start(after).filter(|(st, _)| *st == tok.status)
    {
        return Some(Token { status, range: tok.range.start..tok.range.end + 1 + len });
    }
    let mut rest = s[tok.range.end..].trim_start_matches(['*', '_']);
    let remark = rest.trim_start();
    if let Some(open) = remark.chars().next().filter(|&c| c == '(' || c == '（') {
        let inner = &remark[open.len_utf8()..];
        let close = inner.find([')', '）'])?;
        let words = inner[..close].to_lowercase();
        if words.split(|c: char| !c.is_alphanumeric()).any(|w| PARTLY.contains(&w)) {
            return None;
        }
        let c = inner[close..].chars().next()?;
        rest = &inner[close + c.len_utf8()..];
    }
    // (Or symbols alone after it, `Done 🎉`; not a label's colon or a question: `Done:`, `Done?`.)
    let ends = rest.starts_with(['.', '!', '。', '！'])
        || !rest.chars().any(|c| c.is_alphanumeric() || c.is_ascii_punctuation() || matches!(c, '：' | '？'));
    // Since or on a day (`shipped 2026-01-28 🎉`, `done 3/14`).
    // (`terminado el 12/03 (casi, …)`: a remark in brackets after the day.)
    let dated = rest.strip_prefix(' ').is_some_and(|r| {
        let r =
            ["on ", "el ", "le ", "am ", "il ", "em "].iter().find_map(|w| r.strip_prefix(w)).unwrap_or(r);
        let date = r.find(' ').map_or(r, |e| &r[..e]);
        let after = after_paren(r[date.len()..].trim_start()).unwrap_or(&r[date.len()..]);
        short_date(date.trim_end_matches(['.', ','])) && !after.chars().any(char::is_alphanumeric)
    });
    // In a month, then the sentence's end or a remark after a comma (`Done in April, the skip
    // hired`, `Fatto a gennaio, tutto fotografato`, `feito em agosto.`), in words that say the
    // work is past: not a deadline (`Complete in June, if the budget holds`, `Fertig im Mai,
    // hoffentlich`), an exception (`Done in March, except the boiler`), nor what comes next
    // (`Done in March and April`).
    let past = !["complete", "fertig", "ready", "listo", "lista", "pronto", "pronta", "prêt", "prête"]
        .contains(&s[tok.range.clone()].to_lowercase().as_str());
    let in_month = past
        && rest.strip_prefix(' ').and_then(|r| r.split_once(' ')).is_some_and(|(word, r)| {
            let end = r.find([',', '.', '!', '，', '。']).unwrap_or(r.len());
            let mut when = r[..end].split(' ');
            let remark = r[end..].strip_prefix([',', '，']).unwrap_or("").to_lowercase();
            let taken_back = remark
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| PARTLY.contains(&w) || EXCEPT.contains(&w) || IF_WORDS.contains(&w))
                || remark.contains("bis auf");
            IN_WORDS.contains(&word.to_lowercase().as_str())
                && when.next().is_some_and(is_month)
                && when.next().is_none_or(|y| y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()))
                && when.next().is_none()
                && !taken_back
        });
    // A remark set apart after a dash or a comma that does not take the status back (`in
    // progress – Adyen config done`, `not started, after EPIC-2`; not `done — mostly`).
    // After a comma, a remark stating another status takes it back too (`Done, except the
    // Android build, which has not started`).
    let remarked = [" — ", " – ", " - ", ", "].iter().any(|d| {
        rest.strip_prefix(d).is_some_and(|r| {
            let words = r.to_lowercase();
            !r.trim().is_empty()
                && !words
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|w| PARTLY.contains(&w) || EXCEPT.contains(&w))
                && (*d != ", " || status::find(r).is_none())
        })
    });
    let word = s[tok.range.clone()].to_lowercase();
    let waiting = match tok.status {
        // (`Bloqueada: falta la clave.`, not `Stuck in traffic`.)
        Status::Blocked => {
            word.starts_with("blocked") || word.starts_with("on hold") || !status::english_at_start(&word)
        }
        Status::Skipped => true,
        _ => false,
    };
    // What it waits for (`Blocked on the vendor's key.`), or why, after a dash (`BLOCKED — calf
    // strain 12 Feb`).
    let waits = waiting
        && (rest.strip_prefix(' ').and_then(|r| r.split(' ').next()).is_some_and(|w| {
            let w = w.to_lowercase();
            WAITS_FOR.contains(&w.as_str())
        }) || [" — ", " – ", ": ", "：", "了：", "了，"].iter().any(|d| rest.starts_with(d)));
    // A status set apart in bold may take any remark after a dash (`**in progress** — £1,900 /
    // £4,500`).
    let bolded = s[..tok.range.start].trim_start().starts_with("**")
        && s[tok.range.end..].starts_with("**")
        && [" — ", " – ", ": ", ", "].iter().any(|d| rest.starts_with(d));
    (ends || dated || in_month || remarked || waits || bolded).then_some(tok)
}

/// A status word alone as the last sentence of `s`, after another (`Draft done, Marta read it,
/// comments addressed. DONE.`, `Alles gebucht. Erledigt!`): its token. Not a word a sentence
/// only ends on (`… and then it was done.`), nor one after a question.
pub fn closing_sentence_status(s: &str) -> Option<Token> {
    let body = s.trim_end();
    let body = body.strip_suffix(['.', '!', '。', '！']).unwrap_or(body);
    let (stop, _) = rfind_any(body, &[". ", "! ", "。", "！"])?;
    let start = body[stop..].char_indices().find(|&(_, c)| c.is_alphanumeric()).map(|(i, _)| stop + i)?;
    let word = &body[start..];
    let status = status::whole(word)?;
    (body[..stop].chars().any(char::is_alphanumeric) && !body[..stop].ends_with('?'))
        .then_some(Token { status, range: start..body.len() })
}

/// Words making a remark a condition or a hope (`if the budget holds`, `hoffentlich`), lowercase.
const IF_WORDS: &[&str] = &[
    "if",
    "unless",
    "hopefully",
    "si",
    "wenn",
    "falls",
    "hoffentlich",
    "se",
    "ojalá",
    "sperabilmente",
    "espérons",
];

/// Words saying "in" before a month, lowercase, by language.
const IN_WORDS: &[&str] = &["in", "en", "em", "no", "a", "im", "au", "à", "nel", "ad", "во", "в", "w", "i"];

/// A month's name, in any case, in the languages of the month tables.
fn is_month(w: &str) -> bool {
    let w = w.to_lowercase();
    [SHORT_MONTHS, FULL_MONTHS, OTHER_MONTHS].iter().any(|names| names.contains(&w.as_str()))
}

/// The words before a day written with its month's name closing `t` (`done 14 Nov`, `done Nov
/// 14`, `done 2 December`).
fn month_day(t: &str) -> Option<&str> {
    let month = |w: &str| {
        let w = w.trim_end_matches('.').to_ascii_lowercase();
        SHORT_MONTHS.contains(&w.as_str()) || FULL_MONTHS.contains(&w.as_str())
    };
    let day = |w: &str| w.parse::<u8>().is_ok_and(|d| (1..=31).contains(&d)) && w.len() <= 2;
    let (rest, last) = t.rsplit_once(' ')?;
    let (before, first) = rest.rsplit_once(' ')?;
    ((day(first) && month(last)) || (month(first) && day(last.trim_end_matches(',')))).then_some(before)
}

/// Months' names shortened, in English, lowercase.
const SHORT_MONTHS: &[&str] =
    &["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"];

const FULL_MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Months' names in a few more languages, lowercase (beside [`FULL_MONTHS`] and
/// [`SHORT_MONTHS`]).
#[rustfmt::skip]
const OTHER_MONTHS: &[&str] = &[
    // French
    "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
    "octobre", "novembre", "décembre",
    // Spanish, Portuguese, Italian
    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
    "octubre", "noviembre", "diciembre", "janeiro", "fevereiro", "março", "maio", "junho", "julho",
    "setembro", "outubro", "novembro", "dezembro", "gennaio", "febbraio", "aprile", "maggio",
    "giugno", "luglio", "settembre", "ottobre", "dicembre",
    // German, Dutch
    "januar", "februar", "märz", "juni", "juli", "oktober", "dezember", "januari", "februari",
    "maart", "mei", "augustus",
];

/// Does a title open with a month's name (`April (now)`, `Jul–Sep`, `Juin – Juillet : …`,
/// `Sept–Oct — TOPIK prep`)?
pub fn opens_with_month(title: &str) -> bool {
    is_month(title.split(|c: char| !c.is_alphabetic()).next().unwrap_or_default())
}

/// A release's version: `2.0.0-alpha.1`, `v1.2`, not a lone number.
pub fn is_version(s: &str) -> bool {
    let s = s.strip_prefix(['v', 'V']).unwrap_or(s);
    s.starts_with(|c: char| c.is_ascii_digit())
        && s.split(['-', '+']).next().is_some_and(|core| core.contains('.'))
        && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+'))
}

/// A date written short (`2026-01-28`, `3/14`, `12.03.`, `14/11/2025`): digits in two or three
/// parts.
fn short_date(s: &str) -> bool {
    let parts: Vec<&str> = s.split(['-', '/', '.']).collect();
    let digits = (2..=3).contains(&parts.len())
        && parts.iter().all(|p| (1..=4).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()));
    // Two numbers over a slash count as often as they date (`Done 3/5`): a day only when the
    // first is the larger (`12/03`).
    let number = |p: &str| p.parse::<u32>().unwrap_or(0);
    digits && !(parts.len() == 2 && s.contains('/') && number(parts[0]) <= number(parts[1]))
}

/// The status after a label's first one in a bilingual value (`complete / 已完成`, `**done** /
/// **完成** ✅`, `complete／已完成`): after a slash, markup around either half passed over.
pub fn second_status(rest: &str) -> Option<Token> {
    let r = rest.trim_start_matches(['*', '`', '_']).trim_start_matches(' ');
    let r = r.strip_prefix('/').or_else(|| r.strip_prefix('／'))?;
    let r = r.trim_start_matches(' ').trim_start_matches(['*', '`', '_']);
    let tok = status::at_start(r)?;
    let at = rest.len() - r.len();
    Some(Token { status: tok.status, range: tok.range.start + at..tok.range.end + at })
}

/// A heading line's text without `#` marks, closing `#`s or surrounding space.
pub fn heading_text(line: &str) -> Range<usize> {
    let start = content_start(line);
    let b = line.as_bytes();
    let mut p = start;
    let hashes = b[p..].iter().take_while(|&&c| c == b'#').count();
    if hashes > 0 {
        p += hashes;
        p += spaces(&line[p..]);
    }
    p += callout_type(&line[p..]);
    let mut end = line.trim_end().len().max(p);
    if hashes > 0
        && let Some(at) = closing_sequence(&line[p..end])
    {
        end = p + line[p..p + at].trim_end().len();
    }
    p..end
}

/// The type of a callout's title line (`[!todo] `, `[!note]- `: Obsidian's, GitHub's alerts) with
/// its fold mark and the spaces after it: its length, 0 when `s` opens no callout.
pub fn callout_type(s: &str) -> usize {
    let Some(rest) = s.strip_prefix("[!") else { return 0 };
    let Some(close) = rest.find(']') else { return 0 };
    if close == 0 || !rest[..close].chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_') {
        return 0;
    }
    let mut n = 2 + close + 1;
    if s[n..].starts_with(['+', '-']) {
        n += 1;
    }
    n + spaces(&s[n..])
}

/// Where the closing sequence of an ATX heading's text (trailing space trimmed) starts: a final
/// run of `#` that is the whole text or follows a space or tab (CommonMark); `None` without one.
pub fn closing_sequence(text: &str) -> Option<usize> {
    let at = text.trim_end_matches('#').len();
    (at < text.len() && (at == 0 || text[..at].ends_with([' ', '\t']))).then_some(at)
}

const GROUP_KEYWORDS: &[(&str, bool)] = &[
    ("group", false),
    ("phase", false),
    ("stage", false),
    ("wave", false),
    ("fase", false),
    ("etapa", false),
    // Stage, in Swedish, Norwegian and Danish (`Etapp 1`, `Etappe 2`): before `etap`, which
    // they start with.
    ("etappe", false),
    ("etapp", false),
    // Stage, in Polish (`Etap 1`), Russian, Ukrainian, Turkish, French and Czech.
    ("etap", false),
    ("этап", false),
    ("етап", false),
    ("aşama", false),
    ("étape", false),
    ("fáze", false),
    ("giai đoạn", false),
    ("阶段", true),
    ("階段", true),
    // Stage and step, in Japanese (`第1段階`, `ステップ 2`).
    ("段階", true),
    ("ステップ", true),
    // An orchestrator's task group (`## 任务组 G1：接口定义`).
    ("任务组", true),
    ("任務組", true),
    ("フェーズ", true),
    ("단계", true),
];

/// The word for a task before its id (`### Task 2.1: …`, `### Görev 1.2:`), by language.
const TASK_KEYWORDS: &[(&str, bool)] = &[
    ("task", false),
    ("tarea", false),
    ("tarefa", false),
    ("tâche", false),
    ("aufgabe", false),
    ("taak", false),
    ("zadanie", false),
    ("úkol", false),
    ("görev", false),
    ("tugas", false),
    ("nhiệm vụ", false),
    ("задача", false),
    ("завдання", false),
    ("任务", true),
    ("任務", true),
    ("タスク", true),
    ("작업", true),
];

/// A status in a heading, or a status emoji / word in a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub status: Status,
    pub range: Range<usize>,
    /// Written as a checkbox (`` `[ ]` `` after a title): a new state is a checkbox character.
    pub boxed: bool,
    /// Written as a share done (`(80%)`, [`share_status`]).
    pub share: bool,
}

impl Found {
    fn new(status: Status, range: Range<usize>) -> Found {
        Found { status, range, boxed: false, share: false }
    }
}

/// A group or task heading taken apart; ranges are into the heading text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Titled {
    /// The word before the id (`Phase`, `Milestone`, `阶段`).
    pub word: Range<usize>,
    pub id: Range<usize>,
    pub title: Range<usize>,
    /// Status indicators in the heading, leftmost first.
    pub statuses: Vec<Found>,
    /// Words stood before the keyword (`Next: Phase 2`): a title (`# Task Plan — Phase 1-4 …`)
    /// may read so too, and is not a group.
    pub lead_in: bool,
}

/// A line that is a label in bold, with nothing after it but its status, a mark saying it is the
/// current one or a remark after a dash or in brackets (`**data**  done`, `**Gear** — done (thx
/// Mia)`, `**analysis**  ← current`, `**Validation**`), taken apart as a heading: the bold words
/// are its title; its status stands after them or inside them after a dash (`**storage —
/// 60%**`). Not a label opening a sentence (`**Note:** …`, `**Important** read this`).
pub fn bold_step(t: &str) -> Option<Titled> {
    let rest = t.strip_prefix("**")?;
    let close = rest.find("**")?;
    let (inner, after) = (&rest[..close], &rest[close + 2..]);
    // (Not a term that is itself a status, as a glossary defines them: `**Blocked** — …`.)
    let label = !inner.is_empty()
        && inner.trim() == inner
        && !inner.ends_with([':', '：'])
        && inner.chars().count() <= 60
        && !after.starts_with([':', '：', '*'])
        && status::whole(inner).is_none()
        && status::lone(inner).is_none();
    if !label {
        return None;
    }
    let title = 2..2 + inner.len();
    let a = after.trim_start();
    if !(a.is_empty() || a.starts_with(['—', '–', '(', '（']) || a.starts_with("- ")) {
        let at = title.end + 2;
        let alone = status_after_bold(after)
            .or_else(|| remarked_after_bold(after))
            .map(|tok| Found::new(tok.status, at + tok.range.start..at + tok.range.end));
        let marked = current_mark(after).is_some_and(|m| after[..m.start].trim().is_empty());
        // (A question mark alone says nothing is settled: `**case**  ?`.)
        let asked = a.bytes().all(|b| b == b'?');
        return (alone.is_some() || marked || asked).then(|| Titled {
            word: title.start..title.start,
            id: title.start..title.start,
            title,
            statuses: alone.into_iter().collect(),
            lead_in: false,
        });
    }
    let mut head = bare_heading(t);
    if head.statuses.is_empty() {
        let inside = bare_heading(inner);
        if !inside.statuses.is_empty() {
            let shift = |r: &Range<usize>| r.start + 2..r.end + 2;
            return Some(Titled {
                word: shift(&inside.word),
                id: shift(&inside.id),
                title: shift(&inside.title),
                statuses: inside
                    .statuses
                    .iter()
                    .map(|f| Found { range: shift(&f.range), ..f.clone() })
                    .collect(),
                lead_in: false,
            });
        }
    }
    head.title = title;
    Some(head)
}

/// A plain line of a plan kept by hand that says how a step stands after its title, set apart
/// (`DESIGN - done`, `jan - kana cleanup  ✔`, `PART TWO — The Crossing   60%`, `week 1 (ch 1-4)
/// ok`), taken apart as a heading: its title and its status. Not a label of the whole plan
/// (`Overall: ~45%`, `Status: on track`) nor a sentence.
pub fn plain_step(t: &str) -> Option<Titled> {
    // (A line opening in bold or italics is [`bold_step`]'s.)
    // (A long remark may follow a status the leaders set apart, `…… [blocked]  composer
    // contract not signed yet`; else a long line is a sentence, `Note - blocked on the vendor
    // for most of March, …`.)
    let leaders = t.contains(" ..") || t.contains('…');
    if t.len() > 400
        || (!leaders && t.chars().count() > 100)
        || t.starts_with(['*', '_'])
        || status_label(t).is_some()
        || current_label(t).is_some()
    {
        return None;
    }
    let (title, found) = match strip_trailing_statuses(t, 0..t.len()) {
        (_, found) if found.is_empty() => closing_status(t).or_else(|| opening_symbol(t))?,
        read => read,
    };
    let words = t[title.clone()].trim();
    if !words.chars().any(char::is_alphanumeric)
        || words.ends_with(['.', ':', '：'])
        || words.chars().count() > 100
    {
        return None;
    }
    // A symbol standing for a bullet (`■ 第一部「島」… 100%`) is no part of the title.
    let title = title.start + bullet_len(&t[title.clone()])..title.end;
    Some(Titled {
        word: title.start..title.start,
        id: title.start..title.start,
        title,
        statuses: found,
        lead_in: false,
    })
}

/// A status symbol opening a line before its title (`✅ record 3 pilot eps`, `⬜ launch`): the
/// title's range after it, and the status.
fn opening_symbol(t: &str) -> Option<(Range<usize>, Vec<Found>)> {
    let (status, len) = status::emoji_at_start(t)?;
    let at = len + spaces(&t[len..]);
    (at > len && t[at..].starts_with(char::is_alphanumeric))
        .then(|| (at..t.trim_end().len(), vec![Found::new(status, 0..len)]))
}

/// A share done closing a line after a gap of two spaces or more (`…   60%`), or a status after
/// a bracket (`week 1 (ch 1-4) ok`), where a title's statuses are not read: the title's range
/// before it, and the status.
fn closing_status(t: &str) -> Option<(Range<usize>, Vec<Found>)> {
    let end = t.trim_end().len();
    let found = |at: usize, len: usize, status: Status| {
        Some((0..t[..at].trim_end().len(), vec![Found::new(status, at..at + len)]))
    };
    // (Not after a label: `メモ：予算消化率 80%`.)
    if any_label(t).is_some() {
        return None;
    }
    // (Or an ideographic space: `■ STEP1 現状調査　100%`.)
    if let Some(gap) = t[..end].rfind("  ").into_iter().chain(t[..end].rfind('\u{3000}')).max() {
        let word = t[gap..end].trim_start_matches([' ', '\u{3000}']);
        if let Some(status) = share_word(word) {
            let at = end - word.len();
            return Some((
                0..t[..at].trim_end().len(),
                vec![Found { share: true, ..Found::new(status, at..end) }],
            ));
        }
    }
    // (After a bracket, perhaps with a remark after a dash: `week 3 (ch 9-10) ok — generics`.)
    let at = t[..end].rfind(") ")? + 2;
    let tok = status::leading(&t[at..end]).filter(|tok| tok.range.start == 0)?;
    let rest = &t[at + tok.range.end..end];
    (rest.is_empty() || [" — ", " – ", ", "].iter().any(|p| rest.starts_with(p)))
        .then(|| found(at, tok.range.end, tok.status))
        .flatten()
}

/// A heading naming a stage by a word before the keyword (`基础阶段 ✅ 已完成`, `冲刺阶段`): read
/// as a heading with no id, its name whole. Whether a run of them is the plan's groups (rather
/// than a section of stages, `## 开发阶段`) is the reader's call.
pub fn suffixed_group(text: &str) -> Option<Titled> {
    let t = bare_heading(text);
    let name = &text[t.title.clone()];
    GROUP_KEYWORDS.iter().any(|&(k, cjk)| cjk && name.len() > k.len() && name.ends_with(k)).then_some(t)
}

pub fn group_heading(text: &str) -> Option<Titled> {
    keyed(text, GROUP_KEYWORDS, true, Words::Listed)
}

/// Any word followed by an id (`Milestone 2: …`, `Sprint A`, `Faz B —`, `Этап 3.`): a group when
/// its siblings start with the same word (the reader decides; this only takes the line apart).
pub fn word_heading(text: &str) -> Option<Titled> {
    keyed(text, GROUP_KEYWORDS, true, Words::Any)
}

/// [`word_heading`], and a heading that starts with a code of capitals, a dash and digits
/// (`WS-1 Access control`): the code is the id. Only a heading: in a list, `- [ ] T-1: one` is
/// a task's id.
pub fn code_heading(text: &str) -> Option<Titled> {
    keyed(text, GROUP_KEYWORDS, true, Words::AnyOrCode)
}

/// An org-mode keyword opening a heading before a group's word (`## DONE Phase 1: …`, `###
/// WAITING Milestone 4`), in capitals: what it says, and where the words after it start.
fn org_keyword(text: &str) -> Option<(Found, usize)> {
    let (word, _) = text.split_once(' ')?;
    let status = match word {
        "TODO" | "NEXT" => Status::Pending,
        "DOING" | "STARTED" | "WIP" => Status::InProgress,
        "DONE" => Status::Complete,
        // (Not `WAITING`: a word the tables read as pending, so `set` could not give it back.)
        "BLOCKED" => Status::Blocked,
        "CANCELLED" | "CANCELED" | "SKIPPED" => Status::Skipped,
        _ => return None,
    };
    Some((Found::new(status, 0..word.len()), word.len() + spaces(&text[word.len()..])))
}

/// A status opening a heading, as a box (`[x] Networking`) or a word in brackets (`[DONE] Part
/// 1`): what it says, and where the heading's words start.
fn opening_status(text: &str) -> Option<(Found, usize)> {
    if let Some((status, at, len)) = checkbox(text) {
        return Some((Found { status, range: at..at + 1, boxed: true, share: false }, len));
    }
    let (status, range, len) = bracket_word(text)?;
    Some((Found::new(status, range), len))
}

/// A heading with no group word (`Backend`, `[x] Networking`, `v0.2（进行中）`, `Doing`), taken
/// apart as a group's: statuses before and after the title, and as id a version the title is
/// (`v0.2`), else none (an empty range: the group is numbered by its place). A title that is
/// only a status (a board's `Doing`, `Done`) is both title and status. Whether such a heading is
/// a group is the reader's call.
pub fn bare_heading(text: &str) -> Titled {
    let (mut statuses, mut p) = opening_status(text).map_or((Vec::new(), 0), |(f, len)| (vec![f], len));
    if let Some(tok) = leading_emoji(&text[p..]) {
        let range = p + tok.range.start..p + tok.range.end;
        p = range.end + spaces(&text[range.end..]);
        statuses.push(Found::new(tok.status, range));
    }
    p += decoration(&text[p..]);
    let (mut title, trailing) = titled_rest(text, p, false);
    statuses.extend(trailing);
    // A column named by its status (`Done`, `🚧 In Progress`, `Done ✅`): the status is the title.
    if title.is_empty()
        && let [only] = statuses.as_slice()
    {
        title = only.range.clone();
    } else if let Some(status) = status::whole(&text[title.clone()]) {
        statuses.push(Found::new(status, title.clone()));
    }
    // The number may open a title set in bold (`**4.1 Data & sample** — 100%`): then the id
    // and the words are read inside the bold.
    let whole = title.clone();
    let t = &text[title.clone()];
    if t.len() > 4 && t.starts_with("**") && t.ends_with("**") && !t[2..t.len() - 2].contains("**") {
        title = title.start + 2..title.end - 2;
    }
    let t = &text[title.clone()];
    // `一、需求分析`, `2. Build`: the number is the id, the rest the title.
    let numeral: usize = t
        .chars()
        .take_while(|c| c.is_ascii_digit() || "一二三四五六七八九十".contains(*c))
        .map(char::len_utf8)
        .sum();
    if numeral > 0
        && let Some(sep) = ["、", ". ", "．"].iter().find(|sep| t[numeral..].starts_with(**sep))
    {
        let id = title.start..title.start + numeral;
        let rest = title.start + numeral + sep.len();
        let title = rest + spaces(&text[rest..title.end])..title.end;
        return Titled { word: p..p, id, title, statuses, lead_in: false };
    }
    // `v0.2`, `1.3 (已发布)`: a version names its group.
    let token = t.find([' ', '(', '（', ':', '：']).unwrap_or(t.len());
    let version = t[..token].strip_prefix(['v', 'V']);
    let digits = version.unwrap_or(&t[..token]);
    let is_version = digits.starts_with(|c: char| c.is_ascii_digit())
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && !digits.ends_with('.')
        && (version.is_some() || digits.contains('.'));
    if !is_version {
        return Titled { word: p..p, id: whole.start..whole.start, title: whole, statuses, lead_in: false };
    }
    // `v0.1 — MVP`: the words after the version's separator are the title.
    let id = title.start..title.start + token;
    let (rest, _) = titled_rest(text, id.end, false);
    // Only words inside the title: the statuses already taken off its end stay off
    // (`v1.2 – klaar ✔` is titled by its version).
    let title = if rest.is_empty() || rest.start == id.end || rest.start >= title.end {
        title
    } else {
        rest.start..title.end
    };
    Titled { word: p..p, id, title, statuses, lead_in: false }
}

pub fn task_heading(text: &str) -> Option<Titled> {
    keyed(text, TASK_KEYWORDS, false, Words::Listed)
}

/// A numbered heading `1. Setup` / `2) Build` / `三、数据同步` / `B. Ensaio` / `IV. Budget` (one
/// number, capital letter or roman numeral, not `1.1`): the number and title.
pub fn numbered_heading(text: &str) -> Option<Titled> {
    // Its status may open it, as a box or a word in brackets (`### [WIP] 3b. Delta sync`), or a
    // symbol (`✅ **1. Laptop** — arrived`).
    let lead = opening_status(text).or_else(|| {
        let tok = leading_emoji(text)?;
        let end = tok.range.end + spaces(&text[tok.range.end..]);
        Some((Found::new(tok.status, tok.range), end))
    });
    let mut p = lead.as_ref().map_or(0, |(_, len)| *len);
    p += decoration(&text[p..]);
    let with = |mut t: Titled| {
        t.statuses.splice(0..0, lead.iter().map(|(found, _)| found.clone()));
        t
    };
    let bold = text[p..].starts_with("**");
    if bold {
        p += 2;
    }
    // A CJK numeral before `、` (`一、调研与评估`).
    let numeral: usize =
        text[p..].chars().take_while(|&c| "零一二三四五六七八九十".contains(c)).map(char::len_utf8).sum();
    if numeral > 0
        && cjk_number(&text[p..p + numeral]).is_some()
        && let Some(rest) = text[p + numeral..].strip_prefix('、')
    {
        let q = text.len() - rest.len() + spaces(rest);
        let (title, statuses) = titled_rest(text, q, bold);
        return Some(with(Titled { word: p..p, id: p..p + numeral, title, statuses, lead_in: false }));
    }
    // A phase before the first may be numbered below zero (`-1. Project selection`).
    let minus =
        usize::from(text[p..].starts_with('-') && text[p + 1..].starts_with(|c: char| c.is_ascii_digit()));
    let digits = minus + text[p + minus..].bytes().take_while(u8::is_ascii_digit).count();
    // Or lettered (`A. Preparação`, `B) Ensaio`): one capital.
    let lettered = digits == 0
        && text[p..].starts_with(|c: char| c.is_ascii_uppercase())
        && (text[p + 1..].starts_with(". ") || text[p + 1..].starts_with(") "));
    // Or in roman numerals (`II.  Specific aims page`, `VIII) Submit`).
    let romans = text[p..].bytes().take_while(|b| matches!(b, b'I' | b'V' | b'X')).count();
    let roman = digits == 0
        && romans > 1
        && roman_number(&text[p..p + romans]).is_some()
        && (text[p + romans..].starts_with(". ") || text[p + romans..].starts_with(") "));
    let digits = if roman {
        romans
    } else if lettered {
        1
    } else {
        digits
    };
    if digits == minus || (digits > 3 && !roman) {
        return None;
    }
    // A sub-step's letter after its number (`3a. Initial sync`, `2b) Delta`).
    let digits = digits
        + usize::from(
            !lettered
                && !roman
                && text[p + digits..].starts_with(|c: char| c.is_ascii_lowercase())
                && [". ", ") "].iter().any(|s| text[p + digits + 1..].starts_with(s)),
        );
    let id = p..p + digits;
    let after = &text[p + digits..];
    if !(after.starts_with(". ") || after.starts_with(") ") || after.starts_with("、")) {
        return None;
    }
    let mut q = p + digits + if after.starts_with("、") { '、'.len_utf8() } else { 2 };
    q += spaces(&text[q..]);
    let (title, statuses) = titled_rest(text, q, bold);
    Some(with(Titled { word: p..p, id, title, statuses, lead_in: false }))
}

/// A heading numbered like a part of another (`2.1 Schema changes`, `3.2: Write policies`,
/// `**2.1** Schema`): the dotted number is the id. Whether it is a group is the reader's call.
pub fn dotted_heading(text: &str) -> Option<Titled> {
    let mut p = decoration(text);
    let bold = text[p..].starts_with("**");
    if bold {
        p += 2;
    }
    let b = text.as_bytes();
    let mut q = p;
    let mut parts = 0;
    loop {
        let digits = b[q..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 3 {
            return None;
        }
        q += digits;
        parts += 1;
        if b.get(q) == Some(&b'.') && b.get(q + 1).is_some_and(u8::is_ascii_digit) {
            q += 1;
        } else {
            break;
        }
    }
    if parts < 2 {
        return None;
    }
    let id = p..q;
    // A closing dot (`2.1.`), then a space or a separator before the title.
    if b.get(q) == Some(&b'.') {
        q += 1;
    }
    let rest = &text[q..];
    let after_bold = bold && rest.starts_with("**");
    if !(rest.starts_with([' ', ':', '：']) || after_bold) {
        return None;
    }
    let (title, statuses) = titled_rest(text, q, bold);
    Some(Titled { word: p..p, id, title, statuses, lead_in: false })
}

/// Does `rest` (after an apostrophe) open an English possessive (`s goals`, `s`)?
fn possessive(rest: &str) -> bool {
    rest.strip_prefix('s').is_some_and(|r| !r.starts_with(char::is_alphabetic))
}

/// Symbols before a heading's first word that are decoration (`📌`, `🏗️`, `🚀`), with the
/// spaces after them: their length.
fn decoration(text: &str) -> usize {
    let mut p = 0;
    for (i, c) in text.char_indices() {
        if c.is_alphanumeric() || c.is_ascii() {
            break;
        }
        p = i + c.len_utf8();
    }
    if p == 0 {
        return 0;
    }
    p + spaces(&text[p..])
}

/// Words that join a group word to its number (`Awamu ya 1`, `Fasi ya 2`), lowercase.
const LINKING_WORDS: &[&str] = &["ya", "wa", "la", "cha"];

/// Which words may start a group line: only the listed keywords, any word, or any word and a
/// dashed code (`WS-1`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Words {
    Listed,
    Any,
    AnyOrCode,
}

/// `[status emoji] [decoration] [**] [date] KEYWORD ID [separator] title [status]`, or the
/// ordinal `第 N 阶段`.
fn keyed(text: &str, keywords: &[(&str, bool)], allow_date: bool, words: Words) -> Option<Titled> {
    let any_word = words != Words::Listed;
    // A checkbox before the keyword (`## [x] Phase 1: Import`) is the group's status, or a
    // status in brackets (`[DONE] Part 1 — Inventory`).
    let (mut statuses, mut p) = opening_status(text)
        .or_else(|| org_keyword(text))
        .filter(|&(_, len)| len < text.len())
        .map_or((Vec::new(), 0), |(f, len)| (vec![f], len));
    if let Some(tok) = leading_emoji(&text[p..]) {
        let tok = Token { status: tok.status, range: p + tok.range.start..p + tok.range.end };
        p = tok.range.end + spaces(&text[tok.range.end..]);
        statuses.push(Found::new(tok.status, tok.range));
    }
    p += decoration(&text[p..]);
    // Struck through (`~~Phase 1: Inventory~~`): still the group, crossed off by hand.
    let struck = text[p..].starts_with("~~");
    if struck {
        p += 2;
    }
    let bold = text[p..].starts_with("**");
    if bold {
        p += 2;
    }
    let dated = allow_date && is_date(&text[p..]) && text[p + 10..].starts_with(' ');
    if dated {
        p += 10 + spaces(&text[p + 10..]);
    }
    let unstrike = |title: Range<usize>| match struck && text[title.clone()].ends_with("~~") {
        true => title.start..title.end - 2,
        false => title,
    };
    // Any counter (`第一章`) only in an undated heading: `2026-05-15 第三卷第二十二章…` is a log's.
    if let Some(t) = ordinal(text, p, keywords, any_word && !dated) {
        let (title, trailing) = titled_rest(text, t.title.start, bold);
        statuses.extend(trailing);
        return Some(Titled { title: unstrike(title), statuses, ..t });
    }
    // The keyword in any case (`Phase`, `PHASE`, `Этап`, `Étape`): its length as written.
    let keyword_at = |p: usize| {
        keywords.iter().find_map(|&(k, cjk)| starts_with_folded(text, p, k).map(|end| (end - p, cjk)))
    };
    let listed = keyword_at(p);
    // A short lead-in before the keyword (`Next: Phase 2 — …`, `Build Steps — Phase 0 (…)`).
    let mut led = false;
    let listed = listed.or_else(|| {
        if any_word || !allow_date {
            return None;
        }
        let lead = lead_in(&text[p..])?;
        let at = p + lead;
        let k = keyword_at(at)?;
        // `Status: PHASE 9B …` is a plan-level status, `Current phase: …` a pointer.
        if status_label(&text[p..]).is_some() || current_label(&text[p..]).is_some() {
            return None;
        }
        p = at;
        led = true;
        Some(k)
    });
    let (kw_len, cjk) = match listed {
        Some(k) => k,
        None if any_word => {
            let n = text[p..]
                .char_indices()
                .find(|&(_, c)| !c.is_alphabetic() && !text::is_combining(c))
                .map_or(text.len() - p, |(i, _)| i);
            if n == 0 {
                return None;
            }
            // A short word cut short with a full stop (`Ch. 3`, `Wk. 2`, `Kap. 4`), perhaps
            // joined to its number (`Ch.3`).
            let abbreviated = n <= 4
                && text[p + n..]
                    .strip_prefix('.')
                    .is_some_and(|r| r.starts_with(' ') || r.starts_with(|c: char| c.is_ascii_digit()));
            (n + usize::from(abbreviated), false)
        }
        None => return None,
    };
    let mut word = p..p + kw_len;
    // A code whose letters are the word (`M0：…`, `S2 —`, `WS-1 Access control`): the whole
    // code is the id.
    let after = &text.as_bytes()[p + kw_len..];
    // (Dashed, up to five capitals: `EPIC-1`, `STORY-12`.)
    let code = any_word
        && listed.is_none()
        && kw_len <= 5
        && text[p..p + kw_len].bytes().all(|b| b.is_ascii_uppercase())
        && ((kw_len <= 3 && after.first().is_some_and(u8::is_ascii_digit))
            || (words == Words::AnyOrCode
                && kw_len >= 2
                && after.first() == Some(&b'-')
                && after.get(1).is_some_and(u8::is_ascii_digit)));
    if !code {
        p += kw_len;
        let gap = spaces(&text[p..]) + text[p..].strip_prefix('\u{a0}').map_or(0, |_| 2);
        // (Joined only in a heading: `- [x] Ch.1: …` in a list is a chapter's task.)
        let joined = words == Words::AnyOrCode
            && text[..p].ends_with('.')
            && text[p..].starts_with(|c: char| c.is_ascii_digit());
        if gap == 0 && !cjk && !joined {
            return None;
        }
        p += gap;
        // A word joined to its number by a linking word (`Awamu ya 1`, Swahili "phase of 1"),
        // not by any short word (`Move to 2 replicas`).
        if any_word && listed.is_none() {
            let link = LINKING_WORDS.iter().find(|w| {
                text[p..].starts_with(**w)
                    && text[p + w.len()..].starts_with(' ')
                    && text[p + w.len() + 1..].starts_with(|c: char| c.is_ascii_digit())
            });
            if let Some(w) = link {
                word.end = p + w.len();
                p += w.len() + 1;
            }
        }
    }
    let id_start = p;
    let numeral = |c: char| c.is_ascii_digit() || CJK_NUMERALS.contains(c);
    for (i, c) in text[p..].char_indices() {
        let stop = c.is_whitespace()
            || matches!(
                c,
                ':' | '：'
                    | '('
                    | '（'
                    | ','
                    | '、'
                    | '—'
                    | ')'
                    | '）'
                    | '*'
                    | '`'
                    | '|'
                    | '｜'
                    | '\u{fe0f}'
                    | '\u{20e3}'
            )
            || (c == '.' && text[id_start + i + 1..].chars().next().is_none_or(char::is_whitespace))
            // After a CJK word the id is a number, and a possessive may follow it at once
            // (`阶段三的通知`, stage three's notice; `フェーズ2の…`).
            || (cjk && i > 0 && "的之の".contains(c) && text[id_start..id_start + i].chars().all(numeral))
            // A case ending after an apostrophe (Turkish `Aşama 2'ye`, to stage 2), not an
            // English possessive (`Week 1's goals`).
            || (matches!(c, '\'' | '’')
                && i > 0
                && text[id_start..id_start + i].bytes().all(|b| b.is_ascii_digit())
                && !possessive(&text[id_start + i + c.len_utf8()..]));
        if stop {
            break;
        }
        p = id_start + i + c.len_utf8();
    }
    let mut id_end = p;
    while id_end > id_start && text.as_bytes()[id_end - 1] == b'.' {
        id_end -= 1;
    }
    // A Greek numeral's keraia (`Φάση Α΄`) marks the letter as a number: not part of the id.
    if let Some(id) = text[id_start..id_end].strip_suffix(['ʹ', '΄'])
        && id.chars().count() == 1
        && id.chars().all(|c| matches!(c, 'Α'..='Ω'))
    {
        id_end = id_start + id.len();
    }
    if !is_group_id(&text[id_start..id_end]) {
        return None;
    }
    // A keycap (`1️⃣`) is decoration on its digit.
    while let Some(c) = text[p..].chars().next().filter(|c| matches!(c, '\u{fe0f}' | '\u{20e3}')) {
        p += c.len_utf8();
    }
    // A closing bracket after the id as its separator, as in an enumeration (`Fase 1)
    // Formalização`), not one closing a bracket the id is in (`(Phase 2) Build`).
    if let Some(c) = text[p..].chars().next().filter(|c| matches!(c, ')' | '）'))
        && !text[..word.start].trim_end().ends_with(['(', '（'])
    {
        p += c.len_utf8();
    }
    // A status between the id and the title's separator (`Phase 1 (done): Parse`, `Phase 3
    // [blocked] — Replication`).
    if let Some((found, end)) = status_before_separator(text, p) {
        statuses.push(found);
        p = end;
    }
    let (title, trailing) = titled_rest(text, p, bold);
    statuses.extend(trailing);
    Some(Titled { word, id: id_start..id_end, title: unstrike(title), statuses, lead_in: led })
}

/// `(done):`, `[blocked] —` after an id: the status in the brackets, and where the separator
/// starts.
fn status_before_separator(text: &str, p: usize) -> Option<(Found, usize)> {
    let at = p + spaces(&text[p..]);
    let (open, close) = match text[at..].chars().next()? {
        '(' => ("(", ")"),
        '（' => ("（", "）"),
        '[' => ("[", "]"),
        _ => return None,
    };
    let inner_start = at + open.len();
    let inner_end = inner_start + text[inner_start..].find(close)?;
    let end = inner_end + close.len();
    if !text[end..].trim_start().starts_with([':', '：', '—', '–']) {
        return None;
    }
    let inner = &text[inner_start..inner_end];
    let lead = inner.len() - inner.trim_start().len();
    let range = inner_start + lead..inner_start + lead + inner.trim().len();
    // `(blocked on legal)`: what it waits on goes with the token, as `blocked by X` does.
    let waits = || {
        status::at_start(inner.trim())
            .filter(|t| t.status == Status::Blocked && inner.trim()[t.range.end..].starts_with(" on "))
            .map(|t| t.status)
    };
    let status = status::whole(inner).or_else(waits)?;
    Some((Found::new(status, range), end))
}

/// One to three words and a separator (`Next: `, `Build Steps — `): the length to skip.
fn lead_in(s: &str) -> Option<usize> {
    let end = (0..=s.len().min(40)).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0);
    let window = &s[..end];
    for sep in [": ", " — ", " – ", " - "] {
        if let Some(at) = window.find(sep) {
            let words = &s[..at];
            let plain = words.chars().all(|c| c.is_alphanumeric() || c == ' ');
            if at > 0 && plain && words.split_whitespace().count() <= 3 {
                return Some(at + sep.len());
            }
        }
    }
    None
}

/// `第 N 阶段` / `第一阶段` (the id between the ordinal mark and a CJK keyword).
fn ordinal(text: &str, p: usize, keywords: &[(&str, bool)], any_counter: bool) -> Option<Titled> {
    // `1단계: …`: the number before a CJK keyword; in a run of headings, before a Korean or
    // Japanese counter (`1주차 – 기획`, `2週目`), not a date's (`3월 5일`, `5日`).
    let digits = text[p..].bytes().take_while(u8::is_ascii_digit).count();
    let after = &text[p + digits..];
    let keyword = || keywords.iter().find(|(k, cjk)| *cjk && after.starts_with(k)).map(|(k, _)| k.len());
    let counter = || {
        let len = after.find(|c: char| !is_counter_char(c)).unwrap_or(after.len());
        let word = &after[..len];
        ((1..=2).contains(&word.chars().count())
            && !word.starts_with(['월', '일', '년', '年', '月', '日', '時', '시', '분'])
            && after[len..].chars().next().is_none_or(|c| !c.is_alphanumeric()))
        .then_some(len)
    };
    if (1..=3).contains(&digits)
        && let Some(len) = keyword().or_else(|| any_counter.then(counter).flatten())
    {
        let end = p + digits + len;
        return Some(Titled {
            word: p + digits..end,
            id: p..p + digits,
            title: end..end,
            statuses: Vec::new(),
            lead_in: false,
        });
    }
    let rest = text[p..].strip_prefix('第')?;
    let start = p + '第'.len_utf8();
    for (i, _) in rest.char_indices().take(12) {
        let at = start + i;
        if let Some((k, _)) = keywords.iter().find(|(k, cjk)| *cjk && text[at..].starts_with(k)) {
            let raw = &text[start..at];
            let lead = raw.len() - raw.trim_start().len();
            let id = start + lead..start + raw.trim_end().len();
            if id.is_empty() || !is_group_id(&text[id.clone()]) {
                return None;
            }
            let end = at + k.len();
            return Some(Titled { word: at..end, id, title: end..end, statuses: Vec::new(), lead_in: false });
        }
    }
    // In a run of headings, any counter after the number (`第一章`, `第2周`, `第 3 批`): its word.
    let lead = rest.len() - rest.trim_start_matches(' ').len();
    let numeral = lead
        + rest[lead..].find(|c: char| !c.is_ascii_digit() && !"一二三四五六七八九十百零〇".contains(c))?;
    let gap = rest[numeral..].len() - rest[numeral..].trim_start_matches(' ').len();
    let counter = rest[numeral + gap..].chars().next()?;
    if !any_counter || numeral == lead || !matches!(counter as u32, 0x4E00..=0x9FFF) {
        return None;
    }
    let at = start + numeral + gap;
    let end = at + counter.len_utf8();
    // The title after an ideographic space (`第一章　開発環境の準備`).
    let title = end + text[end..].len() - text[end..].trim_start_matches('\u{3000}').len();
    let id = start + lead..start + numeral;
    Some(Titled { word: at..end, id, title: title..title, statuses: Vec::new(), lead_in: false })
}

/// A Hangul syllable, a kanji or kana: what a counter after a number is written in (`주차`,
/// `週目`).
fn is_counter_char(c: char) -> bool {
    matches!(c as u32, 0xAC00..=0xD7A3 | 0x4E00..=0x9FFF | 0x3040..=0x30FF)
}

/// The separator, title and trailing statuses after an id at `p`; a bold group (`**Phase 1:
/// Build** ✅`) ends its title at the closing `**`, and what follows may still carry the status.
fn titled_rest(text: &str, mut p: usize, bold: bool) -> (Range<usize>, Vec<Found>) {
    if bold && text[p..].starts_with("**") {
        p += 2;
    }
    p += spaces(&text[p..]);
    let mut separated = false;
    for sep in [":", "：", "—", "–", "--", "-", ".", "、", "|", "｜", "·", "•"] {
        if text[p..].starts_with(sep) {
            separated = true;
            p += sep.len();
            p += spaces(&text[p..]);
            break;
        }
    }
    if bold && text[p..].starts_with("**") {
        p += 2;
        p += spaces(&text[p..]);
    }
    // A status in brackets between the id and the title (`### Step 7 [SKIP] Port box blur`).
    let mut found = Vec::new();
    if let Some((status, range, len)) = bracket_word(&text[p..]).filter(|(_, _, len)| p + len < text.len()) {
        found.push(Found::new(status, p + range.start..p + range.end));
        p += len;
    } else if let Some((status, len)) = status::emoji_at_start(&text[p..])
        && text[p + len..].starts_with(' ')
        && text[p + len..].trim_start().starts_with(char::is_alphanumeric)
        && status::at_start(&text[p..]).is_some_and(|t| t.range.end == len)
    {
        // Or a symbol (`### Step 2a ✅ Tenant middleware`), not one with a status word after it
        // (`## Part 5 — ❌ 취소` states its status, with no title).
        found.push(Found::new(status, p..p + len));
        p += len + spaces(&text[p + len..]);
    }
    if bold && let Some(close) = text[p..].find("**") {
        let after = p + close + 2;
        // The bold part only a status in capitals, the title after it (`**Step 1 — DONE** —
        // map resources`).
        let inner = &text[p..p + close];
        if let Some(status) = status::whole(inner).filter(|_| !inner.chars().any(char::is_lowercase))
            && let Some(r) = [" — ", " – "].iter().find_map(|r| text[after..].strip_prefix(r))
            && r.starts_with(|c: char| !c.is_whitespace())
        {
            let name = text.len() - r.len()..text.len();
            let (title, trailing) = strip_trailing_statuses(text, name);
            found.push(Found::new(status, p..p + close));
            found.extend(trailing);
            return (title, found);
        }
        let (_, mut trailing) = strip_trailing_statuses(text, after..text.len());
        // A bold title as a label, then its status as a sentence (`**Phase 0 – engine:** done.
        // Pagefind, no server.`).
        // Or the label's colon after the bold (`**Fase 3 — Doccia**: in corso, seconda mano
        // domani`).
        let colon =
            [":", "："].iter().find_map(|c| text[after..].strip_prefix(c)).map(|r| text.len() - r.len());
        let sentence = match colon {
            Some(at) => Some(at + spaces(&text[at..])),
            None => text[..after - 2].trim_end().ends_with([':', '：']).then_some(after),
        };
        if trailing.is_empty()
            && let Some(at) = sentence
            && let Some(tok) = sentence_status(&text[at..])
        {
            trailing.push(Found::new(tok.status, at + tok.range.start..at + tok.range.end));
        }
        // Or its status alone after a space (`**第1段階：記事の移行**　済`), perhaps before a mark
        // saying it is the current one (`作業中 ← 今ここ`).
        if trailing.is_empty()
            && let Some(token) =
                status_after_bold(&text[after..]).or_else(|| remarked_after_bold(&text[after..]))
        {
            trailing.push(Found::new(token.status, after + token.range.start..after + token.range.end));
        }
        // Or a share before a remark (`**M2 Invoice editor** — 70% (PDF export left)`).
        if trailing.is_empty()
            && let Some((status, range)) = remarked_share(&text[after..])
        {
            trailing
                .push(Found { share: true, ..Found::new(status, after + range.start..after + range.end) });
        }
        let (title, inner) = strip_trailing_statuses(text, p..p + close);
        let title = title.start..title.start + text[title].trim_end_matches([':', '：', ' ']).len();
        found.extend(inner);
        found.extend(trailing);
        return (title, found);
    }
    let (title, trailing) = strip_trailing_statuses(text, p..text.len());
    found.extend(trailing);
    // `Phase 1 — complete`, `Sprint 2: in progress`: after the separator, only a status, perhaps
    // struck and rewritten (`Phase 1 — ~~done~~ in progress`).
    let struck = status::past_struck(&text[title.clone()]);
    let rest = title.start + struck..title.end;
    // (Or a word that is a status only alone, after a dash, in lowercase and nothing more:
    // `Спринт 1 — закрыт`. Not a step named by a verb, `Step 2: cut (30 min)`, `Этап 1 — план (2
    // недели)`, nor a title, `Fase 2 — Later`.)
    // (Perhaps before a day in brackets, saying until or since when: `Спринт 3 — идёт (до
    // 27.10)`; not a span, `план (2 недели)`.)
    let words = text[rest.clone()].trim();
    let dated = words.rfind(" (").filter(|&open| {
        let inner = words[open + 2..].strip_suffix(')').unwrap_or_default();
        inner.split_whitespace().any(|w| day_like(w.trim_end_matches([',', '.'])))
    });
    let alone = || {
        let dashed = ["—", "–"].iter().any(|d| text[..title.start].trim_end().ends_with(d));
        let word = dated.map_or(words, |open| &words[..open]);
        let lower = !word.chars().any(char::is_uppercase);
        status::lone(word).filter(|_| separated && dashed && lower)
    };
    let whole = status::whole(&text[rest.clone()]);
    if found.is_empty()
        && let Some(status) = whole.or_else(alone)
    {
        let lead = text[rest.clone()].len() - text[rest.clone()].trim_start().len();
        let len = match (whole, dated) {
            (None, Some(open)) => open,
            _ => words.len(),
        };
        let token = rest.start + lead..rest.start + lead + len;
        return (title.start..title.start, vec![Found::new(status, token)]);
    }
    // `Phase 4: blocked — needs beat 2.5`, `Phase 3 (4.0 → 4.1): blocked — waiting for the
    // release`: a status in lowercase opening the words after the separator or the title's
    // colon, a remark after a dash. A title opening with a capital word (`Cancelled (orders)
    // flow`, `Done — definition and checklist`) is a title.
    if found.is_empty() {
        let t = &text[title.clone()];
        let colons = t.match_indices([':', '：']).map(|(i, c)| (i, i + c.len() + spaces(&t[i + c.len()..])));
        for (end, at) in std::iter::once((0, 0)).chain(colons) {
            let Some(tok) = status::at_start(&t[at..]) else { continue };
            let word = &t[at + tok.range.start..at + tok.range.end];
            let after = &t[at + tok.range.end..];
            let lower = word.chars().any(char::is_lowercase) && !word.chars().any(char::is_uppercase);
            // (Or in capitals: `Step 1 — DONE — map resources`.)
            let upper = word.chars().filter(|c| c.is_alphabetic()).count() >= 2
                && !word.chars().any(char::is_lowercase);
            // (Or a remark in brackets closing the line: `Phase 1: done (token is read-only)`;
            // not a log's `Phase 1 complete (2024-08-02)`.)
            let remark = trailing_paren(after.trim_end()).is_some_and(|(open, _)| after[..open] == *" ");
            if remark && (end > 0 || separated) && (end == 0 || lower || upper) {
                let token = title.start + at + tok.range.start..title.start + at + tok.range.end;
                return (
                    title.start..title.start + t[..end].trim_end().len(),
                    vec![Found::new(tok.status, token)],
                );
            }
            if let Some(dash) = [" — ", " – "].iter().find(|r| after.starts_with(**r))
                && (lower || upper)
            {
                let token = title.start + at + tok.range.start..title.start + at + tok.range.end;
                let name = match end {
                    // Capitals before all else are the status, the words after it the title.
                    0 if upper => token.end + dash.len()..title.end,
                    _ => title.start..title.start + t[..end].trim_end().len(),
                };
                return (name, vec![Found::new(tok.status, token)]);
            }
        }
    }
    // A status opening the sentence after the title's full stop (`Fase 1 – smontaggio. Fatto a
    // gennaio, tutto fotografato`, `Stage 2 – slab. Finished! Poured on the 3rd.`).
    if found.is_empty()
        && let t = &text[title.clone()]
        && let Some(stop) = t.find(". ")
        && t[..stop].chars().any(char::is_alphanumeric)
        && !abbreviation(&t[..stop])
        && let Some(tok) = sentence_status(&t[stop + 2..]).filter(|tok| tok.range.start == 0)
        // (Not a label: `Network. Blocked: none, cables ordered.`)
        && !t[stop + 2 + tok.range.end..].starts_with([':', '：'])
    {
        let at = title.start + stop + 2;
        return (title.start..title.start + stop, vec![Found::new(tok.status, at..at + tok.range.end)]);
    }
    (title, found)
}

/// Do the words before a full stop end on a word it shortens (`approx. 3 days`, `e.g. Paris`,
/// `ca. 40`, `Nr. 5`), one letter (`J. Smith`) or a number (`ch. 3. Done`)?
fn abbreviation(before: &str) -> bool {
    let last = before.rsplit([' ', '(']).next().unwrap_or(before);
    let lower = last.to_lowercase();
    last.chars().count() == 1
        || last.bytes().all(|b| b.is_ascii_digit())
        || ["approx", "e.g", "i.e", "ca", "nr", "no", "vs", "etc", "cf", "z.b", "bzw", "ch", "p", "pp", "vol"]
            .contains(&lower.as_str())
}

/// The status standing alone after a bold title and a space (`　済`, ` これから`, ` 作業中 ←
/// 今ここ`): its token, in `after`.
pub fn status_after_bold(after: &str) -> Option<Token> {
    let word = after.trim_start();
    if word.len() == after.len() {
        return None;
    }
    let word = current_mark(word).map_or(word, |m| &word[..m.start]).trim_end();
    let status = status::whole(word).or_else(|| status::lone(word))?;
    let start = after.len() - after.trim_start().len();
    Some(Token { status, range: start..start + word.len() })
}

/// The status after a bold title and a space, opening a remark after a comma or in brackets
/// (`**solder**  ok, two cold joints`, `**Paso 6 — Exportación SII** ❌ descartado, lo hace otro
/// equipo`): its token, in `after`.
fn remarked_after_bold(after: &str) -> Option<Token> {
    let tok = status::leading(after).filter(|tok| tok.range.start > 0)?;
    let rest = &after[tok.range.end..];
    // (A full-width colon sets a reason apart, `卡住了：…`; a colon, a definition: `**Note**
    // Blocked: means waiting on someone`.)
    [", ", " (", "; ", " — ", " – ", "，", "（", "、", "："]
        .iter()
        .any(|p| rest.starts_with(p))
        .then_some(tok)
}

fn leading_emoji(text: &str) -> Option<Token> {
    if text.starts_with(|c: char| c.is_alphanumeric()) {
        return None;
    }
    status::at_start(text)
}

/// `1`, `-1`, `3b`, `4A`, `A`, `IV`, `0-1`, `C–H`, `一`, `1後`: a digit, a short capital or single
/// letter, or CJK numerals; ranges of those.
pub fn is_group_id(id: &str) -> bool {
    if id.is_empty() || id.chars().count() > 16 || id.contains(char::is_whitespace) {
        return false;
    }
    if let Some(below_zero) = id.strip_prefix('-') {
        return !below_zero.is_empty() && below_zero.bytes().all(|b| b.is_ascii_digit());
    }
    // (A project's key before its number may be longer: `EPIC-1`, `STORY-12`.)
    let keyed =
        id.split_once('-').is_some_and(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    id.split(['-', '–', '~']).all(|part| {
        let letters = part.chars().count();
        !part.is_empty()
            && (part.bytes().any(|b| b.is_ascii_digit())
                || (letters == 1 && part.chars().all(char::is_alphabetic))
                || (letters <= if keyed { 5 } else { 3 } && part.chars().all(|c| c.is_ascii_uppercase()))
                || part.chars().all(|c| "一二三四五六七八九十百零〇".contains(c))
                || script_number(part).is_some()
                || roman_number(part).is_some()
                || word_number(part).is_some())
    })
}

/// A group's bare id, a colon and how it stands (`A: done (token in SSM)`, `3: not started`),
/// as a status list beside the groups' headings writes it: taken apart as a heading of no word.
pub fn id_status(text: &str) -> Option<Titled> {
    let colon = text.find([':', '：'])?;
    let id = &text[..colon];
    if !(is_group_id(id) || is_code(id)) {
        return None;
    }
    let (title, statuses) = titled_rest(text, colon, false);
    (!statuses.is_empty()).then_some(Titled { word: 0..0, id: 0..colon, title, statuses, lead_in: false })
}

/// A code naming a group: one to three capitals, then digits, then a letter perhaps (`M1`,
/// `Q2`, `MS3`, `S4b`).
pub fn is_code(id: &str) -> bool {
    let capitals = id.len() - id.trim_start_matches(|c: char| c.is_ascii_uppercase()).len();
    let rest = &id[capitals..];
    let rest = rest.strip_suffix(|c: char| c.is_ascii_lowercase()).unwrap_or(rest);
    (1..=3).contains(&capitals) && (1..=3).contains(&rest.len()) && rest.bytes().all(|b| b.is_ascii_digit())
}

/// A code opening a cell, and the words after it (`M1 Discovery interviews`).
pub fn split_code(cell: &str) -> Option<(&str, &str)> {
    let (code, title) = cell.split_once(' ')?;
    (is_code(code) && !title.trim().is_empty()).then(|| (code, title.trim()))
}

/// Does `asked`, in digits, name the group whose id is written as a numeral of another kind
/// (`2` names `二`, `12` names `十二`, `4` names `IV`)?
pub fn numeral_names(written: &str, asked: &str) -> bool {
    let digits = !asked.is_empty() && asked.bytes().all(|b| b.is_ascii_digit());
    digits
        && cjk_number(written)
            .or_else(|| script_number(written))
            .or_else(|| word_number(written))
            .or_else(|| roman_number(written))
            .is_some_and(|n| asked.parse() == Ok(n))
}

/// The number an id spells as an English word (`Phase Two`), one to twenty, in any case.
pub fn word_number(id: &str) -> Option<u32> {
    const WORDS: [&str; 20] = [
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    WORDS.iter().position(|w| w.eq_ignore_ascii_case(id)).map(|i| i as u32 + 1)
}

/// The number a Roman numeral writes, one to thirty-nine in capitals (`VIII` → 8).
pub fn roman_number(id: &str) -> Option<u32> {
    const ONES: [&str; 10] = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"];
    if id.is_empty() || !id.bytes().all(|b| matches!(b, b'I' | b'V' | b'X')) {
        return None;
    }
    let tens = id.bytes().take_while(|&b| b == b'X').count();
    let ones = ONES.iter().position(|o| *o == &id[tens..])?;
    let n = tens * 10 + ones;
    (tens <= 3 && n > 0).then_some(n as u32)
}

/// The number an id writes in another script's decimal digits (`۲` → 2 in Persian, `١٢` → 12
/// in Arabic, `३` in Devanagari, `৩` in Bengali, `๓` in Thai, `３` full-width).
pub fn script_number(id: &str) -> Option<u32> {
    const ZEROS: [u32; 6] = [0x0660, 0x06F0, 0x0966, 0x09E6, 0x0E50, 0xFF10];
    let digit = |c: char| ZEROS.iter().find_map(|&z| (z..z + 10).contains(&(c as u32)).then(|| c as u32 - z));
    let mut n: u32 = 0;
    for c in id.chars() {
        n = n.checked_mul(10)?.checked_add(digit(c)?)?;
    }
    (!id.is_empty()).then_some(n)
}

/// The number a CJK numeral id writes (`二` → 2, `十二` → 12), up to 99.
pub fn cjk_number(id: &str) -> Option<u32> {
    const DIGITS: &str = "零一二三四五六七八九";
    let digit = |c: char| DIGITS.chars().position(|d| d == c).map(|n| n as u32);
    let cs: Vec<char> = id.chars().collect();
    match cs.as_slice() {
        [a] if *a == '十' => Some(10),
        [a] => digit(*a),
        ['十', b] => Some(10 + digit(*b)?),
        [a, '十'] => Some(digit(*a)? * 10),
        [a, '十', b] => Some(digit(*a)? * 10 + digit(*b)?),
        _ => None,
    }
}

/// Peel status indicators off the end of a title: `` `done` ``, `(COMPLETE)`, `（完了）`,
/// `— COMPLETE`, `⏸️ pending`, `✅`. Returns the title left and the indicators, leftmost first.
pub fn strip_trailing_statuses(text: &str, title: Range<usize>) -> (Range<usize>, Vec<Found>) {
    let mut found = Vec::new();
    let start = title.start;
    // A title that only says the group is the current one (`### Sprint 5 — current`).
    if says_current(&text[title.clone()]) {
        return (start..start, found);
    }
    let mut end = start + text[title].trim_end().len();
    // A title closes on a few statuses at most (`— ~~done~~ in progress ✅`); each look reads the
    // whole title, so a title of thousands (`word ✅ word ✅ …`) is not peeled one by one.
    for _ in 0..8 {
        let t = &text[start..end];
        // A trailing HTML comment (`<!-- id: 4 -->`) is not part of the title, nor an arrow
        // marking the current group (`← CURRENT`).
        if let Some(open) = t.strip_suffix("-->").and_then(|c| c.rfind("<!--")) {
            end = start + t[..open].trim_end().len();
            continue;
        }
        if let Some(at) = arrow_mark(t).or_else(|| dash_mark(t)) {
            end = start + at;
            continue;
        }
        let read = |t: &str| {
            leader_status(t)
                .or_else(|| backtick_status(t))
                .or_else(|| bracket_status(t))
                .or_else(|| paren_status(t))
                .or_else(|| dash_status(t))
                .or_else(|| label_status(t))
                .or_else(|| colon_status(t))
                .or_else(|| comma_status(t).filter(|_| found.is_empty()))
                .or_else(|| struck_status(t))
                .or_else(|| bold_status(t))
                .or_else(|| tail_emoji_status(t))
                .or_else(|| qualified_status(t))
                .or_else(|| remarked_symbol_status(t))
                .or_else(|| share_status(t))
                .or_else(|| gap_status(t))
                .or_else(|| dash_sentence_status(t))
        };
        // A status and the day it came (`## Ch.1 Introduction ✅ 2026-02-06`): the day is no
        // part of the title.
        // Or the release it came in (`— ✅ shipped in 2.0.0-alpha.1`).
        let dated = || {
            let (before, day) = t.rsplit_once(' ')?;
            let release = before.strip_suffix(" in").filter(|_| is_version(day));
            let before = match release {
                Some(before) => before,
                None if short_date(day) || is_date(day) => before,
                None => month_day(t)?,
            };
            // (`— fait le 3/02`, `— done on 12/03`.)
            let before = [" on", " le", " el", " am", " il", " em"]
                .iter()
                .find_map(|w| before.strip_suffix(w))
                .filter(|_| release.is_none())
                .unwrap_or(before);
            found.is_empty().then_some(())?;
            read(before.trim_end())
        };
        // (After the day nothing more is peeled off: the status and its day close the title.)
        let (hit, last) = match read(t) {
            Some(hit) => (hit, false),
            None => match dated() {
                Some(hit) => (hit, true),
                None => break,
            },
        };
        let (cut, f) = hit;
        found.push(Found { range: start + f.range.start..start + f.range.end, ..f });
        end = start + t[..cut].trim_end_matches([' ', '—', '–', '-', ':', '：', '·']).len();
        if end <= start {
            end = start;
            break;
        }
        if last {
            break;
        }
    }
    found.reverse();
    (start..end, found)
}

fn backtick_status(t: &str) -> Option<(usize, Found)> {
    let inner_end = t.strip_suffix('`')?.len();
    let open = t[..inner_end].rfind('`')?;
    let inner = &t[open + 1..inner_end];
    let status = status::whole(inner)?;
    let lead = inner.len() - inner.trim_start().len();
    Some((open, Found::new(status, open + 1 + lead..open + 1 + inner.trim_end().len())))
}

/// `[COMPLETE]`, `` `[ completed ]` ``, `[IN_PROGRESS]`, or a checkbox `` `[ ]` `` / `[x]` at the
/// end of a title.
fn bracket_status(t: &str) -> Option<(usize, Found)> {
    // Japanese and Chinese lenticular brackets (`第一章　環境構築【済】`).
    if let Some(inner_end) = t.strip_suffix('】').map(str::len) {
        let open = t[..inner_end].rfind('【')?;
        let inner = &t[open + '【'.len_utf8()..inner_end];
        let status = status::whole(inner).or_else(|| status::lone(inner))?;
        let start = open + '【'.len_utf8();
        return Some((open, Found::new(status, start..inner_end)));
    }
    let ticked = t.ends_with("]`");
    let close = t.strip_suffix("]`").or_else(|| t.strip_suffix(']'))?.len();
    let open = t[..close].rfind('[')?;
    let inner = &t[open + 1..close];
    let cut = match ticked {
        true if t[..open].ends_with('`') => open - 1,
        true => return None,
        false => open,
    };
    if inner.len() == 1
        && let Some(status) = Status::from_checkbox(inner.as_bytes()[0])
    {
        return Some((cut, Found { status, range: open + 1..close, boxed: true, share: false }));
    }
    let lead = inner.len() - inner.trim_start().len();
    let Some(status) = status::whole(inner).or_else(|| status::lone(inner.trim())) else {
        // A status, then what it waits on: `[BLOCKED - waiting on the platform team]`.
        let tok = status::find(inner).filter(|t| t.range.start == lead)?;
        let rest = &inner[tok.range.end..];
        // A remark after a comma (`[done, with caveats]`), not a list of states (`[Done,
        // Cancel]`, `[pending, active, done]`); the day it was done (`[done 2024-04-10]`).
        let said = [" - ", " — ", " – ", ": ", "; "].iter().any(|s| rest.starts_with(s))
            || (rest.strip_prefix(", ").is_some_and(|r| r.starts_with(char::is_lowercase))
                && status::find(rest).is_none())
            || (rest.starts_with(' ') && {
                let day = rest.trim();
                day.len() == 10 && is_date(day) || day_like(day)
            });
        let at = open + 1 + tok.range.start;
        return said.then(|| (cut, Found::new(tok.status, at..open + 1 + tok.range.end)));
    };
    Some((cut, Found::new(status, open + 1 + lead..open + 1 + inner.trim_end().len())))
}

fn paren_status(t: &str) -> Option<(usize, Found)> {
    let (open, inner) = trailing_paren(t)?;
    let inner_start = inner.start;
    let inner = &t[inner];
    let lead = inner.len() - inner.trim_start().len();
    // `(status: blocked)`: a status label inside the parentheses.
    if let Some(value) = status_label(inner.trim_start()).map(|v| lead + v.start..lead + v.end)
        && let Some(tok) = status::leading(&inner[value.clone()]).filter(|t| t.range.end == value.len())
    {
        let at = inner_start + value.start;
        return Some((open, Found::new(tok.status, at + tok.range.start..at + tok.range.end)));
    }
    // A word that is a status only alone, alone in them (`Calendar & contacts (later)`); not
    // one that speaks of what the title names (`Port the fix from PR #123 (merged)`).
    let of_the_title = ["merged", "closed", "half"].iter().any(|w| inner.trim().eq_ignore_ascii_case(w));
    if let Some(status) = status::lone(inner.trim()).filter(|_| !of_the_title) {
        let at = inner_start + lead;
        return Some((open, Found::new(status, at..at + inner.trim().len())));
    }
    let tok = status::find(inner)?;
    (tok.range.start == lead)
        .then(|| (open, Found::new(tok.status, inner_start + tok.range.start..inner_start + tok.range.end)))
}

/// A share done closing a title, in brackets or after a dash (`0.2 watch mode (80%)`, `graphs +
/// heaps — 70%`, `Chiffres (sino + natifs) — 70 %`): 100% complete, 0% pending, any other share
/// in progress.
pub fn share_status(t: &str) -> Option<(usize, Found)> {
    let share = |status, range| Found { status, range, boxed: false, share: true };
    if let Some((open, inner)) = trailing_paren(t) {
        let word = t[inner.clone()].trim();
        let at = inner.start + t[inner.clone()].len() - t[inner].trim_start().len();
        if let Some(status) = share_word(word) {
            return Some((open, share(status, at..at + word.len())));
        }
    }
    // (Alone after the dash: a remark after it may make it an amount, `— 5% (eu-west only)`,
    // `— 40% (of income)`.)
    let (at, dash) = rfind_any(t, &[" — ", " – ", " - "])?;
    let tail = at + dash.len();
    let word = t[tail..].trim();
    let at_word = tail + t[tail..].len() - t[tail..].trim_start().len();
    if let Some(status) = share_word(word) {
        return Some((at, share(status, at_word..at_word + word.len())));
    }
    bold_share(t).map(|(at, status, range)| (at, share(status, range)))
}

/// A share after a title in bold and a dash, before a remark (`**M3 Invoice editor** — 70% (PDF
/// export left)`, `— 40%, mocks sent`): the bold sets the title apart, so the remark is about the
/// work, not what the share is of. Where the title ends, the status and the share's range.
fn bold_share(t: &str) -> Option<(usize, Status, Range<usize>)> {
    let close = t.strip_prefix("**")?.find("**")? + 4;
    let (status, share) = remarked_share(&t[close..])?;
    Some((close, status, close + share.start..close + share.end))
}

/// A dash, a share and a remark after a title in bold (` — 70% (PDF export left)`): the status
/// and the share's range.
fn remarked_share(t: &str) -> Option<(Status, Range<usize>)> {
    let dash = [" — ", " – "].into_iter().find(|d| t.starts_with(d))?;
    let at = dash.len();
    let end = at + t[at..].find('%')? + 1;
    let status = share_word(&t[at..end])?;
    let rest = &t[end..];
    [" (", ", ", " — "].iter().any(|r| rest.starts_with(r)).then_some((status, at..end))
}

/// A table cell saying how far its row is, perhaps after a symbol and before a remark (`45%`,
/// `🔨 45%`, `100 % (reviewed)`): its status and the share's range.
pub fn share_cell(cell: &str) -> Option<(Status, Range<usize>)> {
    let lead = cell.len() - cell.trim_start().len();
    let t = &cell[lead..];
    // (A symbol no table knows before it: `🔨 45%`.)
    let skip = match t.split_once(' ') {
        Some((symbol, _)) if !symbol.chars().any(char::is_alphanumeric) && !symbol.is_empty() => {
            symbol.len() + 1
        }
        _ => 0,
    };
    let t = &t[skip..];
    let end = t.find('%')? + 1;
    let after = t[end..].trim();
    if !(after.is_empty() || after.starts_with(['(', '（', ',', '，', '—', '–'])) {
        return None;
    }
    let status = share_word(&t[..end])?;
    let at = lead + skip;
    Some((status, at..at + end))
}

/// The status a share done states (`100%`, `~60%`, `0%`): 100% complete, 0% pending, any
/// other share in progress.
pub fn share_word(word: &str) -> Option<Status> {
    // (French sets the sign apart: `100 %`, often with a no-break space.)
    let number = word.strip_suffix('%')?.trim_end_matches([' ', '\u{a0}', '\u{202f}']);
    let n: u32 = number.strip_prefix('~').unwrap_or(number).parse().ok()?;
    match n {
        0 => Some(Status::Pending),
        100 => Some(Status::Complete),
        1..=99 => Some(Status::InProgress),
        _ => None,
    }
}

/// The parenthetical closing `t` (`(…)` or full-width `（…）`): where it opens, and its inside.
fn trailing_paren(t: &str) -> Option<(usize, Range<usize>)> {
    let (inner_end, open_ch) = match t.strip_suffix(')') {
        Some(inner) => (inner.len(), '('),
        None => (t.strip_suffix('）')?.len(), '（'),
    };
    let open = t[..inner_end].rfind(open_ch)?;
    Some((open, open + open_ch.len_utf8()..inner_end))
}

/// `— COMPLETE`, or a status with a parenthetical qualifier after it (`— complete (user
/// approved)`): the token alone is the status.
fn dash_status(t: &str) -> Option<(usize, Found)> {
    // (` -- ` is a dash typed on a keyboard without one: `hardware  -- done`; ` —— ` the
    // Chinese dash, two wide: `2、水电 —— ✅ 验收通过`.)
    let (at, dash) = rfind_any(t, &[" — ", " – ", " - ", " -- ", " —— "])?;
    status_apart(t, at, at + dash.len())
}

/// A status opening a sentence after the title's first dash or arrow, the sentence
/// closed and more prose after it (`fix checkout.spec — WIP. it's the stripe iframe …`, `sso —
/// blocked. Ticket PLAT-2231 open`): the person's notes on the step follow its status.
fn dash_sentence_status(t: &str) -> Option<(usize, Found)> {
    let (at, dash) =
        [" — ", " – ", " - ", " → "].iter().filter_map(|d| t.find(d).map(|at| (at, d.len()))).min()?;
    let tail = &t[at + dash..];
    let tok = sentence_status(tail)?;
    let after = past_when(&tail[tok.range.end..]);
    let closed = after.trim_start_matches(['*', '_']).starts_with(['.', '!', '。', '！']);
    let titled = t[..at].chars().any(char::is_alphanumeric);
    let start = at + dash;
    (closed && titled).then(|| (at, Found::new(tok.status, start + tok.range.start..start + tok.range.end)))
}

/// A status set apart from the title by a wide gap, as in a list kept in columns (`core
/// services   ok`, `Units + worktop   IN PROGRESS`, `Electrics (Dave)  ✔ 16 Mar`): two
/// spaces or more, then a status read as after a dash.
fn gap_status(t: &str) -> Option<(usize, Found)> {
    t.match_indices("  ").take(4).find_map(|(gap, _)| {
        let end = gap + t[gap..].len() - t[gap..].trim_start_matches(' ').len();
        let titled = t[..gap].chars().any(char::is_alphanumeric);
        (titled && end < t.len()).then(|| status_apart(t, gap, end)).flatten()
    })
}

/// The status after a separator (`t[at..tail_start]`) closing a title, perhaps with a remark.
fn status_apart(t: &str, at: usize, tail_start: usize) -> Option<(usize, Found)> {
    // A status struck and rewritten (`— ~~done~~ in progress`): the new one.
    let tail_start = tail_start + status::past_struck(&t[tail_start..]);
    let tail = &t[tail_start..];
    if let Some(status) = status::whole(tail) {
        return Some((at, Found::new(status, tail_start..t.len())));
    }
    // `Phase 1 (Pipeline) — NEXT` beside `Phase 0 (Scaffolding) — COMPLETE`: in this place only,
    // "next" is the status of work not started (`(Next 6 Months)` is a title).
    if tail.eq_ignore_ascii_case("next") {
        return Some((at, Found::new(Status::Pending, tail_start..t.len())));
    }
    // A status set apart in bold takes any remark (`— **bloqueada**: subagente parado …`).
    if let Some(inner) = tail.strip_prefix("**")
        && let Some(close) = inner.find("**")
        && let Some(status) = status::whole(&inner[..close])
    {
        let rest = inner[close + 2..].trim_start();
        let remark = rest.is_empty() || rest.starts_with([':', '：', '—', '–', '(', '（', ',', ';']);
        let lead = inner.len() - inner.trim_start().len();
        let range = tail_start + 2 + lead..tail_start + 2 + inner[..close].trim_end().len();
        return remark.then(|| (at, Found::new(status, range)));
    }
    // A symbol no table knows may stand before the word (`— 🔴 blocked on legal review`).
    let lead = decoration(tail);
    let tok = status::at_start(tail)
        .or_else(|| {
            let tok = status::at_start(&tail[lead..]).filter(|_| lead > 0)?;
            Some(Token { status: tok.status, range: lead + tok.range.start..lead + tok.range.end })
        })
        .or_else(|| {
            let word = tail.split([' ', ',', ';', '(']).next().unwrap_or(tail);
            // (`— half, then full` is an amount, `— OK, Cancel` a button.)
            let status =
                status::lone(word).filter(|_| status::lone_apart(word, tail[word.len()..].trim_start()))?;
            Some(Token { status, range: 0..word.len() })
        })
        // (Or a hammer or tools, no word after them: `— 🔨 (12 failing)`.)
        .or_else(|| status::tools(tail))?;
    let rest = tail[tok.range.end..].trim();
    // A status symbol sets itself apart: any remark may follow it (`— ✅ Booked the hall, £60`).
    // Not a coloured circle, as often a priority as a state (`— 🟡 medium, vendor is slow`).
    let symbol = sets_apart(&tail[tok.range.clone()]);
    // Dropped, the work named as "this" (`— not doing this`, `— won't do it`): all of it is
    // the status, which a new one replaces.
    let end = if tok.status == Status::Skipped && THE_WORK.contains(&rest) {
        tail.trim_end().len()
    } else {
        tok.range.end
    };
    (symbol || end > tok.range.end || qualifies(rest, tok.status == Status::Skipped))
        .then(|| (at, Found::new(tok.status, tail_start + tok.range.start..tail_start + end)))
}

/// A status after dotted leaders, as in a table of contents (`Ch. III  Methods ........ done`,
/// `Phase 4: ETag …… not started`): the leaders set the status apart from the title, so a remark
/// may follow it after a dash or in brackets (`not started — needs the OSL dates`, `writing
/// (about 60%)`). The status must start right after the leaders.
fn leader_status(t: &str) -> Option<(usize, Found)> {
    let dots = t.rfind(" ..").or_else(|| t.rfind("…"))?;
    let lead = t[..dots].trim_end_matches(['.', '…', ' ']).len();
    let tail_start = dots + (t[dots..].len() - t[dots..].trim_start_matches(['.', '…', ' ']).len());
    let leaders = &t[lead..tail_start];
    // (An ellipsis is three dots: `第一部「島」… 100%`.)
    if lead == 0 || leaders.matches('.').count() + 3 * leaders.matches('…').count() < 3 {
        return None;
    }
    let tail = &t[tail_start..];
    // Or a share done (`Logo refinement ...... 90%   — one more round`, `… 100%（88枚）`).
    let share = || {
        let word = tail.split([' ', ',', ';', '(', '（', '\u{3000}']).next()?;
        // (Its sign perhaps set apart: `L'hiver chez Hélène ..... 100 %`.)
        let word = [" %", "\u{a0}%", "\u{202f}%"]
            .iter()
            .find(|sign| tail[word.len()..].starts_with(**sign))
            .map_or(word, |sign| &tail[..word.len() + sign.len()]);
        let status = share_word(word)?;
        Some(Token { status, range: 0..word.len() })
    };
    // (Or a word that is a status only standing apart: `visites ....... OK — 14 visites`.)
    let lone = || {
        let word = tail.split([' ', ',', ';', '(', '.']).next()?;
        let status =
            status::lone(word).filter(|_| status::lone_apart(word, tail[word.len()..].trim_start()))?;
        Some(Token { status, range: 0..word.len() })
    };
    // (Or a status in brackets, `....... [shipped]`: the brackets set it apart from any remark
    // after them, `[wip]  mirrors ✓ prisms ✗`.)
    let bracketed = || {
        let (open, close) = [('[', ']'), ('(', ')'), ('【', '】'), ('（', '）')]
            .into_iter()
            .find(|&(open, _)| tail.starts_with(open))?;
        let inner = &tail[open.len_utf8()..];
        let end = inner.find(close)?;
        let status = status::whole(&inner[..end]).or_else(|| status::lone(&inner[..end]))?;
        let range = open.len_utf8()..open.len_utf8() + end;
        Some((Token { status, range }, close.len_utf8()))
    };
    if let Some((tok, close)) = bracketed() {
        let found = Found::new(tok.status, tail_start + tok.range.start..tail_start + tok.range.end);
        let rest = &tail[tok.range.end + close..];
        return (rest.is_empty() || rest.starts_with([' ', '\u{3000}'])).then_some((lead, found));
    }
    let (tok, shared) = match status::at_start(tail).or_else(lone) {
        Some(tok) => (tok, false),
        None => (share()?, true),
    };
    let rest = tail[tok.range.end..].trim();
    // (Or symbols alone after it: `published 🎉`; or, the leaders setting the status apart, any
    // notes that say no other status: `offre ...... OK acceptée à 289k !!!`.)
    let remark = !rest.chars().any(char::is_alphanumeric)
        || rest.starts_with(['—', '–', '(', '（', ',', ';', '，', '；'])
        || rest.starts_with("- ")
        || qualifies(rest, tok.status == Status::Skipped)
        || status::find(rest).is_none_or(|t| t.status == tok.status);
    let found = Found { share: shared, ..Found::new(tok.status, tail_start..tail_start + tok.range.end) };
    remark.then_some((lead, found))
}

/// A title, a colon and its status (`hardware: done`, `Produk & Resep: SELESAI`, `Backups: not
/// started (need a disk)`): the status is all that follows, or a status and a qualifier.
fn colon_status(t: &str) -> Option<(usize, Found)> {
    let (colon, c) = t.char_indices().rev().find(|&(_, c)| c == ':' || c == '：')?;
    let tail_start = colon + c.len_utf8() + spaces(&t[colon + c.len_utf8()..]);
    // `Step 2: done` is read with its separator; `10:30 done` is a time.
    if tail_start == colon + c.len_utf8() && c == ':' || !t[..colon].chars().any(char::is_alphanumeric) {
        return None;
    }
    let tail = &t[tail_start..];
    // A word that is a status only alone, alone after the colon or before a remark in
    // brackets (`Lot 2 — Maquettes : OK (validé 04/10)`).
    let word = tail.split(" (").next().unwrap_or(tail);
    let remark = tail[word.len()..].trim();
    let alone = (remark.is_empty() || remark.starts_with('(') && remark.ends_with(')'))
        .then(|| status::lone(word))
        .flatten();
    let found = match (status::whole(tail), alone) {
        (Some(status), _) => Found::new(status, tail_start..t.len()),
        (None, Some(status)) => Found::new(status, tail_start..tail_start + word.len()),
        (None, None) => {
            // `Reminder: done by Friday` is a due date, not a status.
            let tok = status::at_start(tail)?;
            let rest = tail[tok.range.end..].trim();
            let due = rest.split(' ').next().is_some_and(|w| w.eq_ignore_ascii_case("by"));
            // A status symbol sets itself apart: any remark may follow it (`format: ✔ 30 min,
            // 2 guests max`), not a coloured circle, as often a priority.
            let symbol = sets_apart(&tail[tok.range.clone()]);
            if due || !(symbol || qualifies(rest, tok.status == Status::Skipped)) {
                return None;
            }
            Found::new(tok.status, tail_start..tail_start + tok.range.end)
        }
    };
    // A status label's value is read by `label_status`, which knows a label inside a sentence
    // (`Report the status: done`) from one closing the title.
    let before = t[..colon].trim_end_matches(['*', ' ']).to_lowercase();
    (!STATUS_LABELS.iter().any(|l| before.ends_with(l))).then_some((colon, found))
}

/// A status word after a title struck through: `~~Extract load_sources()~~ done`, or after a
/// heading struck from its keyword on (`## ~~Phase 1: parts~~ done`), whose title is the words
/// before the strike closes.
fn struck_status(t: &str) -> Option<(usize, Found)> {
    let close = t.rfind("~~ ")?;
    let tail_start = close + 3;
    // Or opening a sentence (`~~step 1: collect failures~~ DONE. script in scripts/`).
    let found = match status::whole(&t[tail_start..]) {
        Some(status) => Found::new(status, tail_start..t.len()),
        None => {
            // (Or qualified as after a dash: `~~Build eval harness~~ done 3/11`, `~~Generate
            // labels~~ done, 41h on 8×A100`.)
            let tail = &t[tail_start..];
            let tok = sentence_status(tail).filter(|tok| tok.range.start == 0).or_else(|| {
                let tok = status::at_start(tail)?;
                qualifies(tail[tok.range.end..].trim(), tok.status == Status::Skipped).then_some(tok)
            })?;
            Found::new(tok.status, tail_start..tail_start + tok.range.end)
        }
    };
    if t.starts_with("~~") {
        return (close > 2).then_some((close + 2, found));
    }
    (close > 0 && !t[..close].contains("~~")).then_some((close, found))
}

/// A status set apart in bold after a title struck through (`~~Drop tables~~ **DONE**`). After
/// words not struck, a bold word is the title's own (`Delete rows flagged **DONE**`).
fn bold_status(t: &str) -> Option<(usize, Found)> {
    let inner = t.strip_suffix("**")?;
    let open = inner.rfind(" **")?;
    let word = &inner[open + 3..];
    let status = status::whole(word).filter(|_| word.trim() == word)?;
    let struck = t[..open].starts_with("~~") && t[..open].ends_with("~~") && open > 4;
    struck.then(|| (open, Found::new(status, open + 3..inner.len())))
}

/// A status word alone after a title's one comma, closing it: `Week 8 — vacation, skipped`.
/// Only one saying the work is over or stopped: a list of things (`parse, check, done`) has
/// more commas than one, and `Walking, running`, `Passive, active`, `Past, future` are titles.
/// Or any status as a sentence of its own after the title's last full stop (`1) Config file
/// support. done`).
fn comma_status(t: &str) -> Option<(usize, Found)> {
    if let Some(stop) = t.rfind(". ") {
        let tail_start = stop + 2;
        let tail = t[tail_start..].trim_end_matches(['.', '!']);
        if let Some(status) = status::whole(tail).or_else(|| status::lone(tail))
            && t[..stop].chars().any(char::is_alphanumeric)
            && !t[..stop].ends_with('.')
        {
            return Some((stop, Found::new(status, tail_start..tail_start + tail.len())));
        }
    }
    let comma = t.find(", ")?;
    let tail_start = comma + 2;
    let status = status::whole(&t[tail_start..])
        .filter(|s| matches!(s, Status::Complete | Status::Skipped | Status::Blocked))
        .filter(|_| !t[tail_start..].contains([',', '，']))?;
    t[..comma].chars().any(char::is_alphanumeric).then(|| (comma, Found::new(status, tail_start..t.len())))
}

/// Words saying where work is deferred to (`to`, `aufs`, `p/`), lowercase.
const DEFERRED_TO: &[&str] = &["to", "p/", "para", "pro", "auf", "aufs", "au", "à", "al", "alla", "до", "на"];

/// The work itself, after a word that drops it (`not doing this`, `won't do it`).
const THE_WORK: &[&str] = &["this", "it", "that"];

/// Can `rest` follow a status after a title's last dash and leave it the status? A bracketed
/// remark (`— complete (user approved)`), a date (`— done 1/20`, `— done 2024-04-06`), a remark
/// after a comma or semicolon (`— CUT, folded into Part IV`, `— cancelled (strike week), …`),
/// or one that opens with a word saying until when or on what (`— on hold until we decide`,
/// `— blocked on the vendor`). Not words that go on the title (`— complete rewrite`).
fn qualifies(rest: &str, deferral: bool) -> bool {
    // `now` closing the status's clause stands with it (`— working on it now. Two themes.`).
    let when = past_when(rest);
    if when.len() < rest.len() {
        return qualifies(when, deferral);
    }
    let after = after_paren(rest).unwrap_or(rest);
    if after.is_empty() || after.starts_with([',', ';', '，', '；']) {
        return true;
    }
    // The status closes a sentence or opens a list of what it covers: `— done. 3 acts: …`,
    // `— done: flights and hotel booked`.
    if after.len() == rest.len() && (rest == "." || rest.starts_with(". ") || rest.starts_with(": ")) {
        return true;
    }
    if after.len() < rest.len() {
        return false;
    }
    let (first, more) = rest.split_once(' ').unwrap_or((rest, ""));
    // The day, then a remark after a comma (`— done 12/11, sent to Sarah`): a day written as
    // one (`12/11`, `2024-01-06`), not a count (`done 3, two to go`).
    if let Some(day) = first.strip_suffix([',', ';']) {
        return day_like(day);
    }
    let dated = first.starts_with(|c: char| c.is_ascii_digit())
        && first.len() <= 10
        && first.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'/' | b'-' | b'.'));
    if dated {
        return after_paren(more.trim_start()).unwrap_or(more).trim().is_empty();
    }
    const LEADS: &[&str] = &[
        "until", "till", "since", "on", "by", "for", "pending", "awaiting", "waiting", "after", "bis",
        "seit", "hasta", "desde", "até",
    ];
    // Deferred to where (`deferred to v4.14`, `adiado p/ o próximo semestre`): only a deferral,
    // never how far a thing is done (`terminé à 80 %`) or when it is due (`terminado para el
    // lunes`).
    let first = first.to_lowercase();
    !more.is_empty()
        && (LEADS.contains(&first.as_str())
            || (deferral
                && DEFERRED_TO.contains(&first.as_str())
                && !more.starts_with(|c: char| c.is_ascii_digit())
                && !more.contains('%')))
}

/// What follows `now` or `today` closing the clause that opens `s`, perhaps after spaces
/// (`now.`, `right now, …`, `today (Sat 14th)`); `s` itself when it does not open so. (Not a
/// word saying when that goes on: `today by the outage`, which a new status would leave saying
/// the wrong thing.)
fn past_when(s: &str) -> &str {
    let t = s.trim_start();
    ["right now", "now", "today", "at the moment"]
        .iter()
        .find_map(|w| {
            let rest = &t[starts_with_folded(t, 0, w)?..];
            let closes = rest.is_empty() || rest.trim_start().starts_with(['.', ',', ';', '!', '(', '（']);
            closes.then(|| rest.trim_start())
        })
        .unwrap_or(s)
}

/// Is a status token a symbol that sets itself apart, so any remark may follow it (`✅ Booked
/// the hall`)? Not a coloured circle, as often a priority as a state (`🟡 medium`).
fn sets_apart(token: &str) -> bool {
    status::emoji_at_start(token).is_some_and(|(_, len)| len == token.len() && !priority_circle(token))
}

/// A day written with its separators (`12/11`, `3.5.`, `2024-01-06`): two or three numbers,
/// none of them a day or month out of range but a year.
fn day_like(s: &str) -> bool {
    let parts: Vec<&str> = s.trim_end_matches('.').split(['/', '-', '.']).collect();
    (2..=3).contains(&parts.len())
        && parts.iter().all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
        && parts
            .iter()
            .filter(|p| p.len() <= 2)
            .all(|p| p.parse::<u32>().is_ok_and(|n| (1..=31).contains(&n)))
        && parts.iter().filter(|p| p.len() <= 2).any(|p| p.parse::<u32>().is_ok_and(|n| n <= 12))
}

/// What follows a parenthetical that opens `s` (`(strike week), content merged`), trimmed.
pub fn after_paren(s: &str) -> Option<&str> {
    let (inner, close) = match s.strip_prefix('(') {
        Some(inner) => (inner, ')'),
        None => (s.strip_prefix('（')?, '）'),
    };
    let end = inner.find(close)?;
    Some(inner[end + close.len_utf8()..].trim_start())
}

/// A status label closing the title's last sentence: `Migrate the DB. Status: complete.`,
/// `核对入口。状态：complete（qualifier）。`. The label starts the title or follows a space or a
/// sentence end; its value is a status word, then at most a bracketed qualifier and a full stop.
fn label_status(t: &str) -> Option<(usize, Found)> {
    // A qualifier may hold colons of its own, so try the last few.
    t.rmatch_indices([':', '：']).take(4).find_map(|(colon, _)| label_status_at(t, colon))
}

fn label_status_at(t: &str, colon: usize) -> Option<(usize, Found)> {
    let label_end = t[..colon].trim_end_matches('*').len();
    let at = STATUS_LABELS.iter().find_map(|label| {
        let start = label_end.checked_sub(label.len())?;
        let lead = t.is_char_boundary(start).then(|| t[..start].trim_end_matches('*'))?;
        let before = lead.trim_end();
        let after_break = before.is_empty()
            || before.ends_with(['。', '.', ';', '；', '，', ',', '|', '｜', '—', '–', '-'])
            || before.ends_with(|c: char| !c.is_alphanumeric() && !c.is_ascii());
        (after_break && starts_with_folded(t, start, label) == Some(label_end)).then_some(lead.len())
    })?;
    let after = colon + t[colon..].chars().next()?.len_utf8();
    let value_start = after + (t[after..].len() - t[after..].trim_start_matches(['*', ' ']).len());
    let value = &t[value_start..];
    let tok = status::at_start(value)?;
    let rest = value[tok.range.end..].trim_end_matches(['。', '.']).trim();
    let qualifier = rest.is_empty()
        || (rest.starts_with('(') && rest.ends_with(')'))
        || (rest.starts_with('（') && rest.ends_with('）'));
    qualifier.then(|| (at, Found::new(tok.status, value_start..value_start + tok.range.end)))
}

/// A bracketed or emoji status followed by a parenthetical qualifier: `⛔ blocked (needs Wave 2
/// merged)`, `[BLOCKED] (needs keys)`, `✅ complete (user approved)`. The token alone is the
/// status; the qualifier is neither title nor status. (A dash or label status reads its own.)
fn qualified_status(t: &str) -> Option<(usize, Found)> {
    let (open, _) = trailing_paren(t)?;
    let before = t[..open].trim_end();
    bracket_status(before).or_else(|| tail_emoji_status(before))
}

fn tail_emoji_status(t: &str) -> Option<(usize, Found)> {
    // One of the last few words starts an emoji status that runs to the end: `✅`,
    // `⏸️ pending`, `🔄 in progress`, `⏸ waiting on worktop delivery`.
    let mut end = t.len();
    for _ in 0..6 {
        let start = t[..end].trim_end().rfind(' ').map_or(0, |i| i + 1);
        let tail = &t[start..];
        // (A hammer or tools closing a title is work under way there: `## Week 2 (first half)
        // 🔨`, `3. Solado y alicatado 🔨 (empezó el lunes)`.)
        let closing_tools = || status::tools(tail).filter(|_| start > 0);
        if !tail.starts_with(char::is_alphanumeric)
            && let Some(tok) = status::at_start(tail).or_else(closing_tools)
            && tok.range.end == tail.len()
        {
            return Some((start, Found::new(tok.status, start..t.len())));
        }
        // A status symbol, then a one-word remark closing a title of two words or more
        // (`Tokens and S-expressions ✅ published`): the symbol sets itself apart. Not inside a
        // title (`Migrate ✓ entries to new schema`, `Build 🚧 scaffolding`), nor a coloured
        // circle, as often a priority as a state.
        let remark = tail.split_once(' ').map(|(_, r)| r.trim());
        if start > 0
            && let Some((status, len)) = status::emoji_at_start(tail)
            && tail[len..].starts_with(' ')
            && !priority_circle(tail)
            && t[..start].split_whitespace().count() >= 2
            && t[..start].trim_end().ends_with(|c: char| c.is_alphanumeric() || ")）`*".contains(c))
        {
            // The symbol with its word, when one follows (`⛔ blocked (needs Wave 2)`), or a
            // one-word remark in lowercase.
            let worded = status::at_start(tail).map_or(len, |t| t.range.end.max(len));
            if worded > len || remark.is_some_and(|r| !r.contains(' ') && r.starts_with(char::is_lowercase)) {
                return Some((start, Found::new(status, start..start + worded)));
            }
        }
        // An emoji no table knows, then a status word: `🟣 complete`; only the word is the
        // token. Or a cross the tables leave out, then words that drop the work (`✖ やらない`,
        // `✗ not doing this`): the cross and its words are the token a new status replaces.
        if start > 0 {
            let before = t[..start].trim_end();
            let sym = before.rfind(' ').map_or(0, |i| i + 1);
            let symbol = &before[sym..];
            let unknown = !symbol.is_empty()
                && symbol.chars().all(|c| !c.is_alphanumeric() && !c.is_ascii())
                && status::find(symbol).is_none();
            let cross = symbol.starts_with(status::CROSSES);
            let dropping = || {
                status::lone(tail.trim())
                    .or_else(|| {
                        let (words, it) = tail.trim().rsplit_once(' ')?;
                        status::whole(words).filter(|_| THE_WORK.contains(&it))
                    })
                    .filter(|&s| s == Status::Skipped)
            };
            if unknown && let Some(status) = status::whole(tail).or_else(|| dropping().filter(|_| cross)) {
                let from = if cross && status == Status::Skipped {
                    sym
                } else {
                    start + (tail.len() - tail.trim_start().len())
                };
                return Some((sym, Found::new(status, from..t.len())));
            }
        }
        if start == 0 {
            break;
        }
        end = start - 1;
    }
    None
}

/// A status symbol and its word after a title, then a remark saying when or why: `Sprint 16 —
/// referrals ❌ dropped after the pricing change, sprint cancelled`. The symbol and word are
/// the token; the remark is neither title nor status.
fn remarked_symbol_status(t: &str) -> Option<(usize, Found)> {
    if t.is_ascii() {
        return None;
    }
    t.match_indices(' ').find_map(|(i, _)| {
        let tail = &t[i + 1..];
        let (status, len) = status::emoji_at_start(tail)?;
        // Or the symbol alone, a remark after a dash (`~~py-spy profile~~ ✓ — 38% in
        // serialize`), after a title's words or its closing markup.
        let head = t[..i].trim_end();
        let titled = head.ends_with(char::is_alphanumeric) || head.ends_with(['~', '*', ')', '`']);
        let dashed = |rest: &str| [" — ", " – "].iter().any(|d| rest.starts_with(d));
        if dashed(&tail[len..])
            && titled
            && !priority_circle(tail)
            && status::at_start(tail).is_none_or(|tok| tok.range.end == len)
        {
            let at = i + 1;
            return Some((at, Found::new(status, at..at + len)));
        }
        // Or the symbol and its word (`**找店面** ✔ 完成 — 簽約 3/1`), a remark after them.
        let tok = status::at_start(tail).filter(|tok| tok.range.end > len)?;
        let rest = &tail[tok.range.end..];
        let at = i + 1;
        (titled
            && !priority_circle(tail)
            && (dashed(rest) || qualifies(rest.trim(), tok.status == Status::Skipped)))
        .then(|| (at, Found::new(tok.status, at..at + tok.range.end)))
    })
}

/// A coloured circle opening `s` (`🟡`, `⚪`): as often a priority as a state, so it takes no
/// free remark after it.
fn priority_circle(s: &str) -> bool {
    s.starts_with(['🟡', '⚪'])
}

/// A status symbol standing for a checkbox at the start of an item's text (`✓ Parse`, `⬜
/// Tune`): its state, the symbol's length, and where the text after it starts.
pub fn status_symbol(s: &str) -> Option<(Status, usize, usize)> {
    let (status, len) = status::emoji_at_start(s)?;
    let gap = spaces(&s[len..]);
    (gap > 0).then_some((status, len, len + gap))
}

/// A legend of status symbols (`Legend: 🟢 done · 🟡 in progress · 🔴 blocked`): after an
/// optional `Word:` lead, two or more entries, each a symbol and the status word it stands for
/// (`🟢 done`, `🔴 = blocked`), for two statuses or more, and nothing else (an entry in words
/// it does not know is passed over). Each symbol's range
/// (a variation selector after it included) and its status.
pub fn legend(line: &str) -> Option<Vec<(Range<usize>, Status)>> {
    /// Words naming a legend, lowercase, that may lead it without a colon.
    const LEGEND_WORDS: &[&str] =
        &["legenda", "legende", "legend", "key", "凡例", "图例", "圖例", "범례", "légende", "leyenda"];
    let t = line.trim_end();
    // Cheap refusals first: this is asked of every paragraph line.
    let first = t.chars().next()?;
    let lead = if first.is_ascii() || first.is_alphanumeric() {
        let word = |c: char| c.is_alphabetic() || matches!(c, ' ' | '*' | '_');
        // A label of five words at most (`Status legend I actually use:`).
        let window = (0..=t.len().min(64)).rev().find(|&i| t.is_char_boundary(i)).unwrap_or(0);
        let colon = t[..window]
            .find([':', '：'])
            .filter(|&c| t[..c].chars().all(word) && t[..c].split_whitespace().count() <= 5);
        // Or the word `Legend` and a space (`凡例　◎済　○作業中`).
        let named = || {
            let lower = t[..window].to_lowercase();
            let name = LEGEND_WORDS.iter().find(|w| lower.starts_with(*w))?;
            let rest = &t[name.len()..];
            rest.starts_with([' ', '\u{3000}'])
                .then(|| t.len() - rest.trim_start_matches([' ', '\u{3000}']).len())
        };
        let after = match colon {
            Some(colon) => colon + t[colon..].chars().next().map_or(1, char::len_utf8),
            None => named()?,
        };
        after + t[after..].len() - t[after..].trim_start_matches(['*', '_']).len()
    } else {
        0
    };
    let mut entries = Vec::new();
    let mut symbols = 0;
    let mut rest = lead;
    while rest < t.len() {
        let entry_start = rest + spaces(&t[rest..]);
        // The entry ends at a separator, or where the next symbol after a word starts, when
        // entries are set apart by spaces alone (`🟢 done 🟡 doing ⚪ todo`). One pass: whether a
        // word came yet is carried along.
        const SEPARATORS: [char; 11] = ['·', '|', ',', ';', '/', '•', '，', '、', '；', '\u{3000}', '／'];
        let mut worded = false;
        let mut found = None;
        let mut chars = t[entry_start..].char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if SEPARATORS.contains(&c) {
                found = Some((entry_start + i, entry_start + i + c.len_utf8()));
                break;
            }
            let symbol_next = chars
                .peek()
                .is_some_and(|&(_, n)| !n.is_ascii() && !n.is_alphanumeric() && !SEPARATORS.contains(&n));
            if c == ' ' && symbol_next && worded {
                found = Some((entry_start + i, entry_start + i));
                break;
            }
            worded |= c.is_alphanumeric();
        }
        let (end, next) = found.unwrap_or((t.len(), t.len()));
        let entry = &t[entry_start..end];
        // (Two separators in a row, `◎済　　○作業中`, part no entry.)
        if entry.trim().is_empty() && next > end {
            rest = next;
            continue;
        }
        let symbol =
            entry.find(|c: char| c == ' ' || c.is_ascii() || c.is_alphanumeric()).unwrap_or(entry.len());
        // Words with no symbol go on with the entry before (`📝 drafted, not revised`).
        // What no symbol means (`(rien) = pas commencé`) teaches no symbol.
        if symbol == 0
            && ((!entries.is_empty() && entry.starts_with(|c: char| c.is_alphanumeric()))
                || entry.starts_with(['(', '（']))
        {
            rest = next;
            continue;
        }
        if symbol == 0 {
            return None;
        }
        let words = entry[symbol..].trim_start_matches([' ', '=', ':', '—', '–']).trim();
        // An entry in words the reader does not know (`⚪ nie zaczęte`) teaches nothing; the
        // others still do.
        // A status and a few words more (`❌ not doing this year`) says that status.
        let qualified = || {
            let tok = status::at_start(words)?;
            (words[tok.range.end..].split_whitespace().count() <= 3).then_some(tok.status)
        };
        symbols += 1;
        if let Some(status) = status::whole(words).or_else(|| status::lone(words)).or_else(qualified) {
            entries.push((entry_start..entry_start + symbol, status));
        } else if words.is_empty() {
            return None;
        }
        rest = next;
    }
    let mut statuses: Vec<Status> = entries.iter().map(|e| e.1).collect();
    statuses.sort();
    statuses.dedup();
    // Two statuses it teaches, or one among three symbols or more (`✅ final · 🖊 revising · ⬜
    // not written`: the others in words the reader does not know).
    (statuses.len() >= 2 || (!statuses.is_empty() && symbols >= 3)).then_some(entries)
}

/// The cells of a table row: ranges of their trimmed text. A `\|` does not split.
pub fn cells(line: &str) -> Vec<Range<usize>> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let start = content_start(line);
    let mut cell = if b.get(start) == Some(&b'|') { start + 1 } else { start };
    let mut i = cell;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'|' => {
                out.push(trim_range(line, cell..i));
                cell = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    let last = trim_range(line, cell..b.len());
    if !last.is_empty() {
        out.push(last);
    }
    out
}

fn trim_range(s: &str, r: Range<usize>) -> Range<usize> {
    let t = &s[r.clone()];
    let lead = t.len() - t.trim_start().len();
    let start = r.start + lead;
    start..start + t.trim().len()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_pointer_phrase_passes_the_first_letter_filter() {
        for p in super::POINTER_PHRASES {
            let c = p.chars().next().expect("a phrase");
            assert!(super::starts_pointer(c), "{p}");
            assert!(super::starts_pointer(c.to_uppercase().next().expect("upper")), "{p}");
        }
        assert_eq!(super::prose_pointer("Update: Şu anda Aşama 2"), Some("Update: Şu anda ".len()));
        assert_eq!(super::prose_pointer("programmy на Phase 2"), None);
    }

    /// A clause naming the current group, then "is": the group follows (after an article). The
    /// clause starts after punctuation of any width (`—` is three bytes).
    #[test]
    fn a_clause_naming_the_current_group_points_at_it() {
        let at = |s: &str| super::prose_pointer(s).map(|i| s[i..].to_string());
        assert_eq!(at("Checked — the current phase is Phase 2."), Some("Phase 2.".into()));
        assert_eq!(at("Estado conferido: fase atual é a **Fase 2**."), Some("**Fase 2**.".into()));
        assert_eq!(at("It produced zero findings — not because the target is secure"), None);
        assert_eq!(at("The next phase is Phase 3"), None);
        assert_eq!(at("The status is green"), None);
    }

    #[test]
    fn legends_of_status_symbols() {
        let symbols = |line: &'static str| {
            super::legend(line).map(|e| e.into_iter().map(|(r, s)| (&line[r], s)).collect::<Vec<_>>())
        };
        use super::Status::*;
        assert_eq!(
            symbols("Legend: 🟢 done · 🟡 in progress · 🔴 blocked · ⚪ not started"),
            Some(vec![("🟢", Complete), ("🟡", InProgress), ("🔴", Blocked), ("⚪", Pending)])
        );
        assert_eq!(symbols("🟩 = complete | 🟥 = blocked"), Some(vec![("🟩", Complete), ("🟥", Blocked)]));
        assert_eq!(symbols("**Key:** 🟩 done, ⬛ skipped"), Some(vec![("🟩", Complete), ("⬛", Skipped)]));
        assert_eq!(symbols("图例：🟢 完成，🔴 阻塞"), Some(vec![("🟢", Complete), ("🔴", Blocked)]));
        assert_eq!(symbols("Legend: 🟢 done · 🟢 done"), None, "one status is no legend");
        assert_eq!(symbols("Legend: 🟢 done · 🔴 ask finance"), None);
        assert_eq!(
            symbols("Legend: 🟢 done · 🔴 waiting on finance"),
            Some(vec![("🟢", Complete), ("🔴", Blocked)])
        );
        assert_eq!(symbols("Status: ✅ done"), None);
        assert_eq!(symbols("We shipped it, done / blocked"), None);
    }

    use super::*;

    type Parts = Option<(String, String, Vec<(Status, String)>)>;

    fn heading(s: &str) -> Parts {
        group_heading(s).map(|h| {
            (
                s[h.id].to_string(),
                s[h.title].to_string(),
                h.statuses.into_iter().map(|f| (f.status, s[f.range].to_string())).collect(),
            )
        })
    }

    fn h(id: &str, title: &str, st: &[(Status, &str)]) -> Parts {
        Some((id.into(), title.into(), st.iter().map(|(a, b)| (*a, b.to_string())).collect()))
    }

    /// Headings with no group word: the version or numeral is the id, else none (the place
    /// numbers the group); statuses before and after the title; a column's title is its status.
    #[test]
    fn bare_headings() {
        use Status::*;
        let bare = |s: &str| {
            let h = bare_heading(s);
            let statuses = h.statuses.into_iter().map(|f| (f.status, s[f.range].to_string())).collect();
            Some((s[h.id].to_string(), s[h.title].to_string(), statuses))
        };
        assert_eq!(bare("Backend"), h("", "Backend", &[]));
        assert_eq!(bare("[x] Networking"), h("", "Networking", &[(Complete, "x")]));
        assert_eq!(bare("[DONE] Storage"), h("", "Storage", &[(Complete, "DONE")]));
        assert_eq!(bare("2024 Q2 🚧"), h("", "2024 Q2", &[(InProgress, "🚧")]));
        assert_eq!(bare("v0.2（进行中）"), h("v0.2", "v0.2", &[(InProgress, "进行中")]));
        assert_eq!(bare("1.3 (shipped)"), h("1.3", "1.3", &[(Complete, "shipped")]));
        assert_eq!(bare("一、需求分析（状态：已完成）"), h("一", "需求分析", &[(Complete, "已完成")]));
        assert_eq!(bare("Doing"), h("", "Doing", &[(InProgress, "Doing")]));
        assert_eq!(bare("已放弃"), h("", "已放弃", &[(Skipped, "已放弃")]));
        assert_eq!(bare("Backlog / maybe"), h("", "Backlog / maybe", &[]));
        assert_eq!(
            heading("Phase 3 (blocked on legal): Payments"),
            h("3", "Payments", &[(Blocked, "blocked on legal")])
        );
        assert_eq!(
            heading("Phase 4 (started 2024-05-02): Rollout"),
            h("4", "(started 2024-05-02): Rollout", &[])
        );
    }

    #[test]
    fn group_headings_in_the_wild() {
        use Status::*;
        assert_eq!(heading("Phase 1: Requirements & Discovery"), h("1", "Requirements & Discovery", &[]));
        assert_eq!(
            heading("Phase 3b: Redesign — `complete`"),
            h("3b", "Redesign", &[(Complete, "complete")])
        );
        assert_eq!(heading("Phase 4A: UI (COMPLETE)"), h("4A", "UI", &[(Complete, "COMPLETE")]));
        assert_eq!(heading("Phase A: Fixes — COMPLETE"), h("A", "Fixes", &[(Complete, "COMPLETE")]));
        assert_eq!(
            heading("✅ Phase 0-1: MVP（完了）"),
            h("0-1", "MVP", &[(Complete, "✅"), (Complete, "完了")])
        );
        assert_eq!(
            heading("Phase 1: 设计新的配置结构 ⏸️ pending"),
            h("1", "设计新的配置结构", &[(Pending, "⏸️ pending")])
        );
        assert_eq!(
            heading("Phase 2: Sync engine 🔄 in progress"),
            h("2", "Sync engine", &[(InProgress, "🔄 in progress")])
        );
        assert_eq!(heading("Phase 3: Done ✅"), h("3", "Done", &[(Complete, "✅")]));
        // A status label closing the title's last sentence; its qualifier may hold a colon.
        assert_eq!(
            heading("阶段 1：核对入口。状态：complete（66 passed）。"),
            h("1", "核对入口。", &[(Complete, "complete")])
        );
        assert_eq!(
            heading("Phase 2: Build it. Status: in progress (audit: pending)."),
            h("2", "Build it.", &[(InProgress, "in progress")])
        );
        assert_eq!(heading("Phase 3: **Status:** done"), h("3", "", &[(Complete, "done")]));
        // Only a status after the separator; a box before the keyword; a number before a CJK
        // keyword; struck through.
        assert_eq!(heading("Phase 1 — complete"), h("1", "", &[(Complete, "complete")]));
        assert_eq!(heading("Phase 2: in progress"), h("2", "", &[(InProgress, "in progress")]));
        assert_eq!(heading("[x] Phase 1: Import"), h("1", "Import", &[(Complete, "x")]));
        assert_eq!(heading("1단계: 현황 분석"), h("1", "현황 분석", &[]));
        assert_eq!(heading("~~Phase 1: Inventory~~ ✅"), h("1", "Inventory", &[(Complete, "✅")]));
        assert_eq!(heading("Phase 2: Planning"), h("2", "Planning", &[]));
        // A label inside a sentence, or a value that goes on as prose, is not a status.
        assert_eq!(heading("Phase 4: Report the status: done"), h("4", "Report the status: done", &[]));
        assert_eq!(
            heading("Phase 5: Fix. Status: done but flaky"),
            h("5", "Fix. Status: done but flaky", &[])
        );
        assert_eq!(heading("阶段一：资源准备"), h("一", "资源准备", &[]));
        assert_eq!(heading("2026-05-01 阶段 F：剩余缺陷"), h("F", "剩余缺陷", &[]));
        assert_eq!(heading("阶段 H 补充"), h("H", "补充", &[]));
        assert_eq!(
            heading("Phase C–H: All pipeline TODOs complete."),
            h("C–H", "All pipeline TODOs complete.", &[])
        );
        assert_eq!(heading("Fase 1 — SCOPE (completata)"), h("1", "SCOPE", &[(Complete, "completata")]));
        assert_eq!(
            heading("PHASE 17 — Make It Usable (Next 6 Months)"),
            h("17", "Make It Usable (Next 6 Months)", &[])
        );
        assert_eq!(
            heading("Phase 1後: 品質改善（部分完了）"),
            h("1後", "品質改善", &[(InProgress, "部分完了")])
        );
        assert_eq!(heading("Phase 1: 项目骨架 (M1)"), h("1", "项目骨架 (M1)", &[]));
        assert_eq!(heading("Phase 2: Rename `done`"), h("2", "Rename", &[(Complete, "done")]));
        assert_eq!(heading("Phases"), None);
        assert_eq!(heading("Phase boundaries"), None);
        assert_eq!(heading("Phasing rationale"), None);
        assert_eq!(heading("V3 阶段"), None);
        // A short lead-in, but not a status line or a pointer to the current group.
        assert_eq!(heading("Next: Phase 2 — Storage ✅"), h("2", "Storage", &[(Complete, "✅")]));
        assert_eq!(
            heading("Build Steps — Phase 0 (Scaffolding) — COMPLETE"),
            h("0", "(Scaffolding)", &[(Complete, "COMPLETE")])
        );
        assert_eq!(heading("Status: PHASE 9B — parsers in review"), None);
        assert_eq!(heading("Current phase: Phase 2"), None);
        assert!(group_heading("Task Plan — Phase 1-4 Remaining").is_some_and(|t| t.lead_in));
        assert!(group_heading("2026-05-01 Phase 1: Import").is_some_and(|t| !t.lead_in));
        assert_eq!(heading("Phase 4: Sync <!-- id: 4 -->"), h("4", "Sync", &[]));
    }

    #[test]
    fn names_of_the_current_group_in_any_language() {
        for yes in [
            "Current",
            "Étape en cours",
            "Bieżący etap",
            "Huidige fase",
            "当前步骤",
            "Şu anki aşama",
            "Aktuell",
            "वर्तमान चरण",
            "المرحلة الحالية",
        ] {
            assert!(is_current_name(yes), "{yes}");
        }
        for no in [
            "Current Status",
            "当前状态",
            "Aktualny stan",
            "Next current phase",
            "Owner",
            "Goal",
            "Currency (EUR)",
        ] {
            assert!(!is_current_name(no), "{no}");
        }
        let value = |s: &str| current_label(s).map(|r| s[r].to_string());
        assert_eq!(value("**Current:** Sprint 3"), Some("Sprint 3".into()));
        assert_eq!(value("**Bieżący etap:** Etap 2 · właściciel: Ola"), Some("Etap 2".into()));
        assert_eq!(value("**Étape en cours :** Étape 3"), Some("Étape 3".into()));
        assert_eq!(value("**当前步骤：** 步骤 3"), Some("步骤 3".into()));
        assert_eq!(value("Current Status: Phase 2"), None);
        assert_eq!(value("**Depends on:** Phase 2"), None);
        // After a pointing emoji, with an arrow for a colon, as a field, in a short phrase.
        assert_eq!(value("👉 当前任务组：三"), Some("三".into()));
        assert_eq!(value("current → P3"), Some("P3".into()));
        assert_eq!(value("Owner: @jlee · Last updated: 2024-10-14 · Current epic: E2"), Some("E2".into()));
        assert_eq!(value("Working on: step 4"), Some("step 4".into()));
        assert_eq!(value("Next → Phase 4"), None);
        assert_eq!(
            arrow_mark("## Sprint 2 (devam ediyor) ← şu an"),
            Some("## Sprint 2 (devam ediyor)".len())
        );
    }

    #[test]
    fn a_goal_after_a_dash_and_a_two_word_group_word() {
        let goal = |s: &str| goal_label(s).map(|r| s[r].to_string());
        assert_eq!(goal("Goal — ship it by March."), Some("ship it by March.".into()));
        assert_eq!(goal("**Goal** - ship it"), Some("ship it".into()));
        assert_eq!(goal("Goalkeeper — Ana"), None);
        assert_eq!(goal("Goal —"), None);
        let g = group_heading("Giai đoạn 2: Triển khai").expect("a group");
        assert_eq!(&"Giai đoạn 2: Triển khai"[g.id], "2");
    }

    #[test]
    fn codes_and_current_marks() {
        let code = |s: &str| word_heading(s).map(|t| (s[t.word].to_string(), s[t.id].to_string()));
        assert_eq!(code("M0：仓库"), Some(("M".into(), "M0".into())));
        assert_eq!(code("P3.6: Sync"), Some(("P".into(), "P3.6".into())));
        assert_eq!(code("Issue #8 実行計画"), Some(("Issue".into(), "#8".into())));
        let mark = |s: &str| current_mark(s).map(|r| s[r].to_string());
        assert_eq!(mark("Foundations (Current)"), Some(" (Current)".into()));
        assert_eq!(mark("Journal（当前）"), Some("（当前）".into()));
        assert_eq!(mark("Core (Current Focus) — next"), Some(" (Current Focus)".into()));
        assert_eq!(mark("Currency (USD) support"), None);
        assert_eq!(mark("Open (current"), None);
        assert_eq!(mark("Sync engine ← **CURRENT**"), Some(" ← **CURRENT**".into()));
        assert_eq!(mark("構築（進行中）← 現在"), Some("← 現在".into()));
        assert_eq!(mark("Build <- current"), Some(" <- current".into()));
        assert_eq!(mark("Ship (we are here)"), Some(" (we are here)".into()));
        assert_eq!(mark("Map ← the old one"), None);
        assert_eq!(mark("Members — current (ends 2024-06-07)"), Some(" — current (ends 2024-06-07)".into()));
        assert_eq!(mark("Export – ATTUALE"), Some(" – ATTUALE".into()));
        assert_eq!(mark("Deep work - Focus"), None);
        assert_eq!(mark("Build — in progress"), None);
        assert_eq!(
            heading("フェーズ 2：構築（進行中）← 現在"),
            h("2", "構築", &[(Status::InProgress, "進行中")])
        );
    }

    #[test]
    fn digits_name_cjk_numeral_ids() {
        assert!(numeral_names("二", "2"));
        assert!(numeral_names("十二", "12"));
        assert!(!numeral_names("二", "3"));
        assert!(!numeral_names("2", "二"));
        assert!(!numeral_names("二", ""));
        assert!(!numeral_names("B", "2"));
    }

    #[test]
    fn group_ids_below_zero() {
        assert!(is_group_id("-1"));
        assert!(!is_group_id("-"));
        assert!(!is_group_id("-a"));
        let t = numbered_heading("-1. Choose the project").expect("numbered");
        assert_eq!(&"-1. Choose the project"[t.id], "-1");
        assert_eq!(numbered_heading("- 1. a bullet"), None);
    }

    #[test]
    fn task_ids() {
        let id = |s: &'static str| task_id(s).map(|(r, t)| (&s[r], &s[t..]));
        assert_eq!(id("BE-001: Build it"), Some(("BE-001", "Build it")));
        assert_eq!(id("**B.5** State held"), Some(("B.5", "State held")));
        assert_eq!(id("1.1 `POError` class"), Some(("1.1", "`POError` class")));
        assert_eq!(id("T-050 Geocoding"), Some(("T-050", "Geocoding")));
        assert_eq!(id("TODO-24: Remap"), Some(("TODO-24", "Remap")));
        assert_eq!(id("P1 M  **Default parameters**"), None);
        assert_eq!(id("2026-05-01 did things"), None);
        assert_eq!(id("Build the cart"), None);
        assert_eq!(id("v2.0 release"), None);
    }

    #[test]
    fn goal_labels_after_a_timestamp() {
        let v = |s: &'static str| goal_label(s).map(|r| &s[r]);
        assert_eq!(v("2026-05-12 00:34:12:781 :目标：梳理结构。"), Some("梳理结构。"));
        assert_eq!(v("[2026-05-12 10:00] Goal: ship it"), Some("ship it"));
        assert_eq!(v("2026-05-12 - **Goal:** ship it"), Some("ship it"));
        assert_eq!(v("**Goal:** ship it"), Some("ship it"));
        assert_eq!(v("2026-05-12 we discussed the goal: none"), None);
        assert_eq!(v("2026-5-12 Goal: x"), None);
        assert_eq!(v("Quarter goal: move off Jenkins"), Some("move off Jenkins"));
        assert_eq!(v("**Main objective:** ship"), Some("ship"));
        assert_eq!(v("The team has one goal: none"), None);
    }

    #[test]
    fn status_labels() {
        let v = |s: &'static str| status_label(s).map(|r| &s[r]);
        assert_eq!(v("**Status:** complete"), Some("complete"));
        assert_eq!(v("Status: complete (qualifier)"), Some("complete (qualifier)"));
        assert_eq!(v("**Status**: IN PROGRESS"), Some("IN PROGRESS"));
        assert_eq!(v("**状态：** 已完成"), Some("已完成"));
        assert_eq!(v("**状态**: `pending`"), Some("`pending`"));
        assert_eq!(v("**Owner:** TBD · **Branch:** TBD · **Status:** blocked by A"), Some("blocked by A"));
        assert_eq!(v("**Status:** x · **Owner:** y"), Some("x"));
        assert_eq!(v("The Status: of things"), None);
        assert_eq!(v("**Blocked by:** —"), None);
        // A value that opens with prose: its one parenthetical status, else none.
        let st = |s: &'static str| value_status(s).map(|t| (t.status, &s[t.range]));
        assert_eq!(st("cut from the MVP (skipped) — revisit in Q3"), Some((Status::Skipped, "skipped")));
        assert_eq!(st("draft (see the wiki) (blocked)"), Some((Status::Blocked, "blocked")));
        assert_eq!(st("half (done) or (blocked)"), None);
        assert_eq!(st("backend API (done), cart page not started yet"), None);
        assert_eq!(st("backend API (done), cart page open"), None);
        assert_eq!(st("20% - Issue #14 offen"), None);
    }

    #[test]
    fn ids_in_other_scripts_and_dashed_codes() {
        assert_eq!(script_number("۲"), Some(2));
        assert_eq!(script_number("١٢"), Some(12));
        assert_eq!(script_number("৩"), Some(3));
        assert_eq!(script_number("2"), None);
        assert!(numeral_names("۳", "3") && !numeral_names("۳", "4"));
        let id = |t: Option<Titled>, s: &'static str| t.map(|t| &s[t.id]);
        let h = "WS-1 Access control — complete";
        assert_eq!(id(code_heading(h), h), Some("WS-1"));
        assert_eq!(id(word_heading(h), h), None);
        let h = "ระยะที่ 2: LINE Bot";
        assert_eq!(word_heading(h).map(|t| (&h[t.word], &h[t.id])), Some(("ระยะที่", "2")));
        let h = "Awamu ya 3: Mikopo";
        assert_eq!(word_heading(h).map(|t| (&h[t.word], &h[t.id])), Some(("Awamu ya", "3")));
        let strip =
            |s: &'static str| strip_trailing_statuses(s, 0..s.len()).1.first().map(|f| &s[f.range.clone()]);
        assert_eq!(strip("Address & shipping  (status: blocked)"), Some("blocked"));
    }

    #[test]
    fn a_status_with_a_qualifier_after_it() {
        let strip = |s: &'static str| {
            let (title, found) = strip_trailing_statuses(s, 0..s.len());
            (&s[title], found.iter().map(|f| (f.status, &s[f.range.clone()])).collect::<Vec<_>>())
        };
        assert_eq!(
            strip("apps ⛔ blocked (needs Wave 2 merged)"),
            ("apps", vec![(Status::Blocked, "⛔ blocked")])
        );
        assert_eq!(strip("More [BLOCKED] (needs keys)"), ("More", vec![(Status::Blocked, "BLOCKED")]));
        assert_eq!(strip("Setup (optional)"), ("Setup (optional)", vec![]));
        // After dotted leaders, as in a table of contents: a remark may follow the status.
        assert_eq!(
            strip("endpoint inventory ........ done"),
            ("endpoint inventory", vec![(Status::Complete, "done")])
        );
        assert_eq!(
            strip("Results II ...... not started — needs the OSL dates"),
            ("Results II", vec![(Status::Pending, "not started")])
        );
        assert_eq!(strip("ETag …… in progress (60%)"), ("ETag", vec![(Status::InProgress, "in progress")]));
        // Two dots, or leaders before words that are no status, set nothing apart.
        assert_eq!(strip("Wait.. done"), ("Wait.. done", vec![]));
        // After a colon: the status is all that follows, or a status and a qualifier.
        assert_eq!(strip("hardware: done"), ("hardware", vec![(Status::Complete, "done")]));
        assert_eq!(strip("Produk & Resep: SELESAI"), ("Produk & Resep", vec![(Status::Complete, "SELESAI")]));
        assert_eq!(strip("backups: not started (disk)"), ("backups", vec![(Status::Pending, "not started")]));
        assert_eq!(strip("Fix: done button missing"), ("Fix: done button missing", vec![]));
        assert_eq!(strip("Reminder: done by Friday"), ("Reminder: done by Friday", vec![]));
        assert_eq!(strip("at 10:30done"), ("at 10:30done", vec![]));
        // A status closing a sentence, or a list of what it covers.
        assert_eq!(strip("Outline — done. 3 acts: a / b"), ("Outline", vec![(Status::Complete, "done")]));
        assert_eq!(strip("Travel — done: flights booked"), ("Travel", vec![(Status::Complete, "done")]));
        // A status set apart in bold opens a group's first line with any remark after a dash.
        let first = |s: &'static str| sentence_status(s).map(|t| (t.status, &s[t.range]));
        assert_eq!(first("**in progress** — £1,900 / £4,500"), Some((Status::InProgress, "in progress")));
        // Not in bold too, when the remark does not take the status back; or a day.
        assert_eq!(first("in progress — £1,900 / £4,500"), Some((Status::InProgress, "in progress")));
        assert_eq!(first("not started, after EPIC-2"), Some((Status::Pending, "not started")));
        assert_eq!(first("done — mostly"), None);
        assert_eq!(first("shipped 2026-01-28 🎉"), Some((Status::Complete, "shipped")));
        assert_eq!(first("done on 14/3."), Some((Status::Complete, "done")));
        // A block and why, after a full-width colon (`卡住了：…`, stuck: …).
        assert_eq!(first("卡住了：iOS 上需要付费账号，先等等。"), Some((Status::Blocked, "卡住了")));
        assert_eq!(first("卡住的问题都解决了"), None);
        // Not a count, a label's colon, a question, or an exception stating another status.
        assert_eq!(first("Done 3/5"), None);
        assert_eq!(first("Done:"), None);
        assert_eq!(first("Done?"), None);
        assert_eq!(first("Done, except the Android build which has not started."), None);
        assert_eq!(first("done 3 of 5 steps"), None);
        assert_eq!(first("done 2026-01-28 except the docs"), None);
        assert_eq!(first("**Done** rewriting the parser"), None);
        // (A share done closing it says how far the work is.)
        assert_eq!(
            strip("Methods .... writing (60%)"),
            ("Methods .... writing", vec![(Status::InProgress, "60%")])
        );
    }

    #[test]
    fn markers_and_boxes() {
        assert_eq!(list_marker("- [x] a"), Some(2));
        assert_eq!(list_marker("12. a"), Some(4));
        assert_eq!(list_marker("-a"), None);
        assert_eq!(checkbox("[~] a"), Some((Status::InProgress, 1, 4)));
        assert_eq!(checkbox("[x]"), Some((Status::Complete, 1, 3)));
        assert_eq!(checkbox("[y] a"), None);
        assert_eq!(unknown_checkbox("[?] a"), Some((1, 1, 4)));
        assert_eq!(unknown_checkbox("[/]"), Some((1, 1, 3)));
        assert_eq!(unknown_checkbox("[y] a"), None);
        assert_eq!(unknown_checkbox("[?]a"), None);
        assert_eq!(bracket_word("[in_progress] Build"), Some((Status::InProgress, 1..12, 14)));
        assert_eq!(bracket_word("[link] x"), None);
    }

    #[test]
    fn cells_respect_escaped_pipes() {
        let line = "| a \\| b | c |  |   |";
        let got: Vec<&str> = cells(line).into_iter().map(|r| &line[r]).collect();
        assert_eq!(got, vec!["a \\| b", "c", "", ""]);
    }

    #[test]
    fn heading_marks_are_stripped() {
        let line = "### Phase 1 ###";
        assert_eq!(&line[heading_text(line)], "Phase 1");
        let line = "> ## C# notes #";
        assert_eq!(&line[heading_text(line)], "C# notes");
        let line = "### Task 2.1: Build\t#\t";
        assert_eq!(&line[heading_text(line)], "Task 2.1: Build");
        let line = "### Build \\#";
        assert_eq!(&line[heading_text(line)], "Build \\#");
    }

    #[test]
    fn depends_lists() {
        let s = "Wire it (depends: BE-001, FE-001)";
        let (whole, inner) = depends(s).expect("depends");
        assert_eq!(&s[whole], "(depends: BE-001, FE-001)");
        assert_eq!(dependency_ids(&s[inner]).collect::<Vec<_>>(), vec!["BE-001", "FE-001"]);
    }
}
