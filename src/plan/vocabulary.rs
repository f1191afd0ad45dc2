//! The words a plan writes its statuses with: every spelling the reader met, by the kind of place
//! (a heading, a label line, a table cell) and its shape (`Done`, `✔`, `🚧 In progress`), and
//! the spellings `pplan` itself took out of the file. A new status is written as the file
//! writes it, so a status set away and back reads as it did.
//!
//! The invariant: a spelling the file has beats a remembered one; a remembered one is a spelling
//! that file had in that kind of place until pplan replaced the last of its kind, and it is
//! read back from `.pplan/` as untrusted input (see [`Spelling::read_remembered`]).

use serde::{Deserialize, Serialize};

use super::status::{self, Case, Style};
use super::{Place, Status};
use crate::text::Edit;

/// What a status spelling is made of: a word (`done`, `Not started`), a symbol alone (`✔`,
/// `⏸️`), or a symbol and words (`🚧 In progress`). A spelling only stands in for one of its own
/// shape: the words around a symbol are the person's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Word,
    Symbol,
    SymbolWord,
}

impl Shape {
    pub fn of(spelling: &str) -> Shape {
        match spelling.chars().next() {
            Some(c) if c.is_alphanumeric() => Shape::Word,
            _ if spelling.chars().any(char::is_alphanumeric) => Shape::SymbolWord,
            _ => Shape::Symbol,
        }
    }
}

/// The places whose spellings are words a person chose (not a checkbox's mark).
const WRITTEN: [Place; 5] = [Place::Label, Place::Heading, Place::Cell, Place::Bracket, Place::Symbol];

/// The spellings of one place, status and shape.
#[derive(Clone, Copy, Debug, Default)]
struct Kind<'a> {
    /// The first the reader met.
    first: Option<&'a str>,
    /// The first other than `first`, to stand in for it when it turns out to spell another
    /// status (see [`Vocabulary::renote`]).
    second: Option<&'a str>,
    /// How many it met.
    count: u32,
}

/// How many kinds of place there are ([`Place`]'s last is the highest).
const PLACES: usize = Place::Share as usize + 1;

/// Spellings by place, status and shape.
#[derive(Clone, Debug, Default)]
pub struct Vocabulary<'a> {
    /// The first spelling of each status in each kind of place, whatever its shape.
    seen: [[Option<&'a str>; 5]; PLACES],
    /// By place, status and shape.
    shaped: [[[Kind<'a>; 3]; 5]; PLACES],
    /// Statuses stated in prose (`Shipped 2026-01-28.` opening a group): by status and shape.
    /// No spelling to copy, but remembered when pplan replaces the last of its kind, so a
    /// status set away and back reads as it did.
    prose: [[Kind<'a>; 3]; 5],
    /// The symbols a legend line of the file gives the statuses (`🟢 done · 🔴 blocked`).
    legend: Vec<(&'a str, Status)>,
    /// Spellings that left the file, remembered: used only where the file has none of theirs.
    recalled: Vec<Spelling>,
}

impl<'a> Vocabulary<'a> {
    pub(super) fn note(&mut self, place: Place, status: Status, text: &'a str) {
        // Only the words that spell the status, not what it is blocked by or waits for (a
        // checkbox's mark is all spelling, and there is one on every task line).
        let text = match place {
            Place::Checkbox => text,
            _ => match status::spelling(text) {
                Some(spelled) => spelled,
                None => return,
            },
        };
        let slot = &mut self.seen[place as usize][status as usize];
        if slot.is_none() {
            *slot = Some(text);
        }
        // A checkbox's mark is written from the marks alone (`x`, `X`, `[]`): one a task of
        // every line, so nothing more is counted for them; but a started one (`~`, `/`) is
        // rare, and kept when it leaves the file like a word.
        if place == Place::Checkbox && status != Status::InProgress {
            return;
        }
        let kind = &mut self.shaped[place as usize][status as usize][Shape::of(text) as usize];
        if kind.first.is_some_and(|f| f != text) && kind.second.is_none() {
            kind.second = Some(text);
        }
        kind.first.get_or_insert(text);
        kind.count += 1;
    }

    /// A spelling met as `from` read again as `to` (a symbol whose meaning its words beside it
    /// settle): it spells `to` in the file, not `from`.
    pub(super) fn renote(&mut self, place: Place, from: Status, to: Status, text: &'a str) {
        self.forget(place, from, text);
        self.note(place, to, text);
    }

    /// A spelling met as `from` that does not spell it here (a symbol the words under it read
    /// as another of its meanings): not copied for `from`, nor for what it reads there, since
    /// alone it would read as `from` again.
    pub(super) fn forget(&mut self, place: Place, from: Status, text: &'a str) {
        let Some(text) = status::spelling(text) else { return };
        let (p, f) = (place as usize, from as usize);
        let kind = &mut self.shaped[p][f][Shape::of(text) as usize];
        if kind.first == Some(text) {
            kind.count = kind.count.saturating_sub(1);
            // The other spelling of `from` stands first now (`⬜` once `⏳` spells in progress);
            // with none, the rest are the same as this one.
            if kind.count == 0 {
                (kind.first, kind.second) = (None, None);
            } else if let Some(second) = kind.second.take() {
                kind.first = Some(second);
            }
        } else if kind.second == Some(text) {
            kind.count = kind.count.saturating_sub(1);
        }
        if self.seen[p][f] == Some(text) {
            self.seen[p][f] = self.shaped[p][f].iter().find_map(|k| k.first);
        }
    }

    /// A status stated in prose: counted, never copied (see [`Vocabulary::prose`]).
    pub(super) fn note_prose(&mut self, status: Status, text: &'a str) {
        let Some(text) = status::spelling(text) else { return };
        let kind = &mut self.prose[status as usize][Shape::of(text) as usize];
        kind.first.get_or_insert(text);
        kind.count += 1;
    }

    /// Take in a legend's symbols (the first legend of the file).
    pub(super) fn learn(&mut self, legend: Vec<(&'a str, Status)>) {
        if self.legend.is_empty() {
            self.legend = legend;
        }
    }

    pub(super) fn legend_is_empty(&self) -> bool {
        self.legend.is_empty()
    }

    /// What a symbol stands for in the file's legend (`🔴` → blocked), a variation selector
    /// after either ignored.
    pub fn legend_status(&self, symbol: &str) -> Option<Status> {
        let bare = |s: &'_ str| s.trim_end_matches('\u{fe0f}').len();
        let symbol = &symbol[..bare(symbol)];
        self.legend.iter().find(|(s, _)| &s[..bare(s)] == symbol).map(|&(_, status)| status)
    }

    /// What a status spelling reads as in this file: a symbol alone (`⏸`) means what the file's
    /// legend says it means, whatever the built-in tables say (`⏸ blocked` in the legend of a
    /// plan that writes ⏸ for blocked, not for paused); a spelling with words is read by its words.
    pub fn reading(&self, spelling: &str, status: Status) -> Status {
        match Shape::of(spelling) {
            Shape::Symbol => self.legend_status(spelling).unwrap_or(status),
            _ => status,
        }
    }

    /// The first spelling of `status` in this kind of place.
    pub fn spelling(&self, place: Place, status: Status) -> Option<&'a str> {
        self.seen[place as usize][status as usize]
    }

    /// `status` as the file writes it in this kind of place and shape, else as it wrote it there
    /// before pplan replaced the last one (remembered), unless the file now writes its statuses
    /// there in another case (`done`, `in progress` since): the file's case beats a memory.
    pub fn spelled(&self, place: Place, status: Status, shape: Shape) -> Option<&str> {
        let own = self.shaped[place as usize][status as usize][shape as usize].first;
        own.or_else(|| {
            let here: Vec<&str> =
                self.shaped[place as usize].iter().flatten().filter_map(|k| k.first).collect();
            let case = Case::of(here.iter().copied());
            let fits = |text| case.is_none() || Case::of(here.iter().copied().chain([text])).is_some();
            self.recalled
                .iter()
                .find(|r| {
                    r.group.is_none()
                        && r.place == place
                        && r.status == status
                        && Shape::of(&r.text) == shape
                        && fits(&r.text)
                })
                .map(|r| r.text.as_str())
        })
    }

    /// How group `key` wrote `status` in this kind of place and shape before pplan replaced it,
    /// when the file spells that status another way too (`DONE` beside `done`): a group set away
    /// and back reads as it did, not as its siblings.
    pub fn spelled_for(&self, key: &str, place: Place, status: Status, shape: Shape) -> Option<&str> {
        self.recalled
            .iter()
            .find(|r| {
                r.group.as_deref() == Some(key)
                    && r.place == place
                    && r.status == status
                    && Shape::of(&r.text) == shape
            })
            .map(|r| r.text.as_str())
    }

    /// How to write `status` where the file has no spelling of it to copy: in the letter case of
    /// the file's status words in this kind of place, with the symbol the file gives `status`
    /// here, in its legend, in another place (`🚧` from `🚧 In progress` in a table), or gave it
    /// before.
    pub fn style(&self, place: Place, status: Status) -> Style<'_> {
        let case = Case::of(self.shaped[place as usize].iter().flatten().filter_map(|k| k.first));
        let symbol_of = |s: &'a str| {
            let symbol = s.split(' ').next().unwrap_or(s);
            let reads = status::emoji_at_start(symbol) == Some((status, symbol.len()))
                || self.legend_status(symbol) == Some(status);
            (!symbol.is_empty() && reads).then_some(symbol)
        };
        let file = |p: Place| {
            let by_shape = &self.shaped[p as usize][status as usize];
            [Shape::Symbol, Shape::SymbolWord].into_iter().find_map(|shape| by_shape[shape as usize].first)
        };
        let legend = self.legend.iter().find(|&&(_, s)| s == status).map(|&(symbol, _)| symbol);
        // A checklist's symbols (`✓ Parse`) are no heading's.
        let others = WRITTEN.into_iter().filter(|&p| p != place && p != Place::Symbol);
        let symbol = file(place)
            .and_then(symbol_of)
            .or(legend)
            .or_else(|| others.filter_map(file).find_map(symbol_of))
            .or_else(|| {
                self.recalled.iter().find_map(|r| {
                    let symbol = r.text.split(' ').next().unwrap_or(&r.text);
                    (status::emoji_at_start(symbol) == Some((status, symbol.len()))).then_some(symbol)
                })
            });
        Style { case, symbol }
    }

    /// Take in the spellings remembered for this file (see [`Spelling::read_remembered`]).
    pub fn recall(&mut self, spellings: Vec<Spelling>) {
        self.recalled = spellings;
    }

    /// The spellings `edits` take out of `text` (the text this vocabulary was read from) for
    /// good: each edit that replaces the only spelling of its place, status and shape. Cheap:
    /// it looks at the edits and the kinds of spelling, never at the text again.
    pub fn leaving(&self, text: &str, edits: &[Edit]) -> Vec<Spelling> {
        let base = text.as_ptr() as usize;
        let mut out = Vec::new();
        // (Prose goes back in a status line's words.)
        let places = WRITTEN.into_iter().chain([Place::Checkbox]).map(|p| (p, &self.shaped[p as usize]));
        for (place, kinds) in places.chain([(Place::Label, &self.prose)]) {
            for status in Status::ALL {
                for kind in &kinds[status as usize] {
                    let Some(first) = kind.first.filter(|_| kind.count == 1) else { continue };
                    let at = (first.as_ptr() as usize).wrapping_sub(base);
                    // The edit may take more than the spelling: `blocked by A` goes as one.
                    let end = at.wrapping_add(first.len());
                    if edits.iter().any(|e| e.range.start == at && e.range.end >= end && e.text != first) {
                        out.push(Spelling { place, status, text: first.to_string(), group: None });
                    }
                }
            }
        }
        out
    }

    /// The spellings `edits` take from `groups`' statuses that the file may not give back: where
    /// it spells that status another way too (`done` beside this group's `DONE`), the group's
    /// own, under its [`super::Group::memory_key`]. Only the replaced indicators are looked at.
    pub fn leaving_groups(&self, text: &str, edits: &[Edit], groups: &[super::Group<'_>]) -> Vec<Spelling> {
        let mut out = Vec::new();
        for g in groups {
            for i in g.indicators.iter().filter(|i| WRITTEN.contains(&i.place) || i.place == Place::Share) {
                // (The edit may take more than the status: `(working on this now)` goes whole.)
                let Some(edit) = edits.iter().find(|e| e.range.start == i.range.start) else { continue };
                let whole = &text[i.range.start..edit.range.end.max(i.range.end)];
                if edit.text == whole {
                    continue;
                }
                let keep = if i.place == Place::Share {
                    // A share under way (`80%`): `set` writes only 100% and 0%.
                    i.status == Status::InProgress
                } else {
                    // (A status read from what it waits on has no spelling of its own.)
                    let spelled = status::spelling(whole);
                    let old = spelled.unwrap_or(whole);
                    let kind = &self.shaped[i.place as usize][i.status as usize][Shape::of(old) as usize];
                    // (Or what it waits on with it, `Waiting on the timber merchant`: gone with the
                    // status, back with it; or prose, `✅ feito em agosto.`, no spelling of the
                    // file's.)
                    let kept = kind.first == Some(old) || kind.second == Some(old);
                    // (Or the file's only spelling of it, `— OK` among lowercase words: the file's
                    // memory of it gives way to the case the file writes, the group's does not.)
                    kind.second.is_some() || !kept || spelled != Some(whole) || kind.count == 1
                };
                if keep {
                    let (place, status, text) = (i.place, i.status, whole.to_string());
                    out.push(Spelling { place, status, text, group: Some(g.memory_key()) });
                }
            }
        }
        out
    }
}

/// A status as a file spelled it in one kind of place, kept in `.pplan/` after pplan replaced
/// the last of its kind, or (with `group`) after it replaced a group's own where the file spells
/// that status another way first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spelling {
    pub place: Place,
    pub status: Status,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct Remembered {
    schema_version: u32,
    spellings: Vec<Spelling>,
}

/// Longer than any status spelling: a remembered one this long was not written by pplan (a
/// group's own, with what it waits on, may be four times as long).
const MAX_SPELLING: usize = 64;

/// How many groups' own spellings are remembered (the oldest go first).
const MAX_GROUP_SPELLINGS: usize = 256;

impl Spelling {
    /// The spellings a state file remembers that may stand in a plan: each is short, plain text
    /// (nothing markdown reads as structure), not a checkbox mark but a started one's (`~`,
    /// `/`), and reads as its status.
    /// Anything else in the file is ignored, and so is a file that is not what pplan writes.
    pub fn read_remembered(json: &str) -> Vec<Spelling> {
        let Ok(file) = serde_json::from_str::<Remembered>(json) else { return Vec::new() };
        if file.schema_version != 1 {
            return Vec::new();
        }
        file.spellings.into_iter().filter(Spelling::trusted).collect()
    }

    fn trusted(&self) -> bool {
        // Of the checkbox marks, only a started one is remembered (`[/]` set done and back).
        if self.place == Place::Checkbox {
            return self.status == Status::InProgress && matches!(self.text.as_str(), "~" | "/" | "-");
        }
        // (A group's key: short, on one line.)
        let keyed = |k: &String| k.len() <= 3 * MAX_SPELLING && !k.chars().any(char::is_control);
        // A share is a group's own, under way: `set` writes the others.
        if self.place == Place::Share {
            return self.group.as_ref().is_some_and(keyed)
                && self.status == Status::InProgress
                && super::syntax::share_word(&self.text) == Some(self.status);
        }
        let text = self.text.as_str();
        // (A group's own may say what it waits on at length: `waiting on Sponsored Programs to
        // send the rates for FY25, nothing I can do till then`.)
        let most = if self.group.is_some() { 4 * MAX_SPELLING } else { MAX_SPELLING };
        let short = text.len() <= most && super::edit::inert(text);
        // A word that is a status only standing alone (`済`) is one here.
        let spells = |s: &str| {
            status::whole(s) == Some(self.status)
                || status::lone(s) == Some(self.status)
                || status::meanings(s).contains(&self.status)
                || status::word_and_symbol(s) == Some(self.status)
                // (A hammer or tools, work under way after a title: `Solado 🔨 (…)`.)
                || (status::only_tools(s) && self.status == Status::InProgress)
        };
        // (Or a symbol no table knows before its words: `✘ abandonné`.)
        let spells = |s: &str| {
            spells(s)
                || s.split_once(' ').is_some_and(|(symbol, words)| {
                    !symbol.is_empty() && !symbol.chars().any(char::is_alphanumeric) && spells(words)
                })
        };
        match &self.group {
            None => short && spells(text) && status::spelling(text) == Some(text),
            // A group's own may hold what it waits on (`Waiting on the timber merchant`): it
            // opens with its status.
            Some(key) => {
                short
                    && keyed(key)
                    && (spells(text)
                        || status::leading(text)
                            .is_some_and(|t| t.range.start == 0 && t.status == self.status))
            }
        }
    }

    /// The state file after `leaving` joins `known` (a newer spelling replaces one of the same
    /// place, status and shape); `None` when it stays as it is.
    pub fn remember(known: &[Spelling], leaving: &[Spelling]) -> Option<String> {
        let key = |s: &Spelling| (s.group.clone(), s.place, s.status, Shape::of(&s.text));
        let mut spellings = known.to_vec();
        for new in leaving.iter().filter(|s| s.trusted()) {
            match spellings.iter_mut().find(|s| key(s) == key(new)) {
                Some(old) if old == new => continue,
                Some(old) => *old = new.clone(),
                None => spellings.push(new.clone()),
            }
        }
        // A group's own spellings are kept for the last groups set, a few hundred at most.
        let groups = spellings.iter().filter(|s| s.group.is_some()).count();
        let mut over = groups.saturating_sub(MAX_GROUP_SPELLINGS);
        spellings.retain(|s| {
            let drop = over > 0 && s.group.is_some();
            over -= usize::from(drop);
            !drop
        });
        (spellings != known).then(|| {
            let file = Remembered { schema_version: 1, spellings };
            serde_json::to_string_pretty(&file).unwrap_or_default() + "\n"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(Shape::of("Not started"), Shape::Word);
        assert_eq!(Shape::of("✔"), Shape::Symbol);
        assert_eq!(Shape::of("⏸️"), Shape::Symbol);
        assert_eq!(Shape::of("🚧 In progress"), Shape::SymbolWord);
    }

    #[test]
    fn a_remembered_spelling_is_checked_before_use() {
        let json = r#"{"schema_version":1,"spellings":[
            {"place":"cell","status":"in_progress","text":"🚧 In progress"},
            {"place":"heading","status":"complete","text":"✔"},
            {"place":"heading","status":"complete","text":"| x |"},
            {"place":"label","status":"pending","text":"done"},
            {"place":"checkbox","status":"complete","text":"x"},
            {"place":"label","status":"blocked","text":"blocked\n## Phase 9"},
            {"place":"label","status":"blocked","text":"blocked by 2"},
            {"place":"label","status":"blocked","text":"waiting on legal"}
        ]}"#;
        let read = Spelling::read_remembered(json);
        let texts: Vec<&str> = read.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts, ["🚧 In progress", "✔"]);
        assert!(Spelling::read_remembered("not json").is_empty());
        assert!(Spelling::read_remembered(r#"{"schema_version":2,"spellings":[]}"#).is_empty());
    }

    #[test]
    fn a_groups_own_spelling_is_checked_before_use_and_kept_for_the_last_groups() {
        let long = "9: ".to_string() + &"x".repeat(200);
        let json = format!(
            r#"{{"schema_version":1,"spellings":[
            {{"place":"heading","status":"blocked","text":"Waiting on the timber merchant","group":"3: frame"}},
            {{"place":"heading","status":"blocked","text":"the timber merchant","group":"3: frame"}},
            {{"place":"heading","status":"complete","text":"DONE","group":"1: a\nb"}},
            {{"place":"heading","status":"complete","text":"DONE","group":"{long}"}},
            {{"place":"label","status":"complete","text":"✅ feito","group":"3: Diagramação"}},
            {{"place":"share","status":"in_progress","text":"80% [pay](https://evil.example)","group":"2: b"}},
            {{"place":"share","status":"complete","text":"100%","group":"2: b"}},
            {{"place":"share","status":"in_progress","text":"80%"}},
            {{"place":"label","status":"complete","text":"done: https://evil.example","group":"2: b"}}
        ]}}"#
        );
        let read = Spelling::read_remembered(&json);
        let kept: Vec<(&str, Option<&str>)> =
            read.iter().map(|s| (s.text.as_str(), s.group.as_deref())).collect();
        // Words opening with their status, under a short key with no line break in it; a share
        // only under way and a group's, and nothing a link could be made of.
        assert_eq!(
            kept,
            [("Waiting on the timber merchant", Some("3: frame")), ("✅ feito", Some("3: Diagramação"))]
        );
        let mut v = Vocabulary::default();
        v.recall(read);
        assert_eq!(
            v.spelled_for("3: frame", Place::Heading, Status::Blocked, Shape::Word),
            Some("Waiting on the timber merchant")
        );
        // Only for that group, and not as the file's spelling for all.
        assert_eq!(v.spelled_for("3: roof", Place::Heading, Status::Blocked, Shape::Word), None);
        assert_eq!(v.spelled(Place::Heading, Status::Blocked, Shape::Word), None);
        // The newest few hundred groups are kept, the oldest go first.
        let one = |g: usize| Spelling {
            place: Place::Heading,
            status: Status::Complete,
            text: "DONE".into(),
            group: Some(format!("{g}: step")),
        };
        let known: Vec<Spelling> = (0..MAX_GROUP_SPELLINGS).map(one).collect();
        let json = Spelling::remember(&known, &[one(MAX_GROUP_SPELLINGS)]).unwrap_or_default();
        let after = Spelling::read_remembered(&json);
        assert_eq!(after.len(), MAX_GROUP_SPELLINGS);
        assert_eq!(after.first().and_then(|s| s.group.as_deref()), Some("1: step"));
        assert_eq!(after.last(), Some(&one(MAX_GROUP_SPELLINGS)));
    }

    #[test]
    fn a_remembered_spelling_gives_way_to_the_file() {
        let mut v = Vocabulary::default();
        v.note(Place::Cell, Status::Complete, "✅ done");
        v.note(Place::Cell, Status::Pending, "not started");
        v.note(Place::Cell, Status::Pending, "⏳");
        let remembered = |t: &str| Spelling {
            place: Place::Cell,
            status: Status::InProgress,
            text: t.into(),
            group: None,
        };
        v.recall(vec![remembered("🚧 In Progress"), remembered("WIP")]);
        // The file writes its statuses in lower case now: a title-case memory is not used, and
        // neither is one of another shape or place.
        assert_eq!(v.spelled(Place::Cell, Status::InProgress, Shape::SymbolWord), None);
        assert_eq!(v.spelled(Place::Label, Status::InProgress, Shape::Word), None);
        assert_eq!(
            v.style(Place::Cell, Status::InProgress),
            Style { case: Some(Case::Lower), symbol: Some("🚧") }
        );
        v.recall(vec![remembered("🚧 in progress")]);
        assert_eq!(v.spelled(Place::Cell, Status::InProgress, Shape::SymbolWord), Some("🚧 in progress"));
        // The file's own spelling of that kind beats any memory.
        v.note(Place::Cell, Status::InProgress, "🔄 running");
        assert_eq!(v.spelled(Place::Cell, Status::InProgress, Shape::SymbolWord), Some("🔄 running"));
    }

    #[test]
    fn remembering_replaces_a_spelling_of_the_same_kind() {
        let tick =
            Spelling { place: Place::Heading, status: Status::Complete, text: "✔".into(), group: None };
        let check = Spelling { text: "✅".into(), ..tick.clone() };
        let word = Spelling { text: "Done".into(), ..tick.clone() };
        let once = std::slice::from_ref(&tick);
        assert_eq!(Spelling::remember(once, once), None);
        let json =
            Spelling::remember(&[tick.clone(), word.clone()], std::slice::from_ref(&check)).expect("changed");
        assert_eq!(Spelling::read_remembered(&json), [check, word]);
    }
}
