//! A plan's own status symbols: a legend line (`Legend: 🟢 done · 🔴 blocked · ⚪ not started`)
//! teaches the reader what symbols no table knows mean in this file, where they stand after a
//! group's title (`# Iteration 3: Backfill 🔴`) or as a status line's value (`**Status:** 🔴`).
//! They are read as statuses there, and written back as the file spells them.

use super::super::{Group, GroupForm, Indicator, Place, Status, Vocabulary, status, syntax};
use super::Walk;
use crate::text::Block;

impl<'a> Walk<'a> {
    /// The file's first paragraph line that is a legend of status symbols, wherever it stands:
    /// the vocabulary learns them before any status is read, so a symbol reads the same above
    /// the legend and below it.
    pub(super) fn learn_legend(&mut self, blocks: &[Block]) {
        let text = self.text;
        for b in blocks {
            let Block::Text { line } = b else { continue };
            let start = line.start + syntax::content_start(&text[line.clone()]);
            if let Some(entries) = syntax::legend(&text[start..line.end]) {
                let symbols = entries
                    .into_iter()
                    .map(|(r, status)| (&text[r.start + start..r.end + start], status))
                    .collect();
                self.plan.vocabulary.learn(symbols);
                return;
            }
        }
    }

    /// A status cell opening on a symbol only the file's legend knows (`| M1 | WAL | 🟢 |`): that
    /// symbol, as a status token in the cell.
    pub(super) fn legend_cell(&self, cell: &str) -> Option<status::Token> {
        if self.plan.vocabulary.legend_is_empty() {
            return None;
        }
        let lead = cell.len() - cell.trim_start().len();
        let symbol = cell[lead..].split(char::is_whitespace).next()?;
        if symbol.is_empty() || symbol.chars().any(char::is_alphanumeric) {
            return None;
        }
        let status = self.plan.vocabulary.legend_status(symbol)?;
        Some(status::Token { status, range: lead..lead + symbol.len() })
    }

    /// A symbol only the file's legend knows opening an item (`🟢 MS1 data`), as
    /// [`syntax::status_symbol`] reads a symbol the tables know: its status, its length, and
    /// where the words after it start.
    pub(super) fn legend_symbol(&self, s: &str) -> Option<(Status, usize, usize)> {
        let tok = self.legend_cell(s).filter(|tok| tok.range.start == 0)?;
        let gap = s[tok.range.end..].len() - s[tok.range.end..].trim_start_matches(' ').len();
        (gap > 0).then_some((tok.status, tok.range.end, tok.range.end + gap))
    }

    /// Read the legend's symbols where groups state no status the reader knew: after a title, or
    /// as the value of a status line. Cheap: it looks at the groups, not at the text again.
    pub(super) fn read_legend_marks(&mut self) {
        if self.plan.vocabulary.legend_is_empty() {
            return;
        }
        let (text, vocabulary) = (self.text, &mut self.plan.vocabulary);
        for g in self.plan.groups.iter_mut().chain(self.list_groups.iter_mut().map(|(g, _)| g)) {
            legend_mark(text, vocabulary, g);
        }
    }

    /// A hammer or tools closing a title ([`status::tools`]) say work under way only where
    /// nothing says otherwise: beside another status of the group they are its icon (`## Phase
    /// 1: Build 🔨` over `**Status:** done`), and so are they in a plan whose titles close on
    /// other symbols no table knows (`## Phase 2: Test 🧪`, `## Phase 3: Ship 🚀`).
    pub(super) fn drop_tool_icons(&mut self) {
        let text = self.text;
        // (Not when the file's legend says what they mean.)
        if ["🔨", "🛠", "🛠\u{fe0f}"].iter().any(|t| self.plan.vocabulary.legend_status(t).is_some()) {
            return;
        }
        let tools = |i: &Indicator| status::only_tools(&text[i.range.clone()]);
        let mut groups = self.plan.groups.iter().chain(self.list_groups.iter().map(|(g, _)| g));
        if !groups.clone().flat_map(|g| &g.indicators).any(tools) {
            return;
        }
        let icons = groups.any(|g| {
            let last = g.title.rsplit(' ').next().unwrap_or_default();
            !last.is_empty()
                && last.chars().all(|c| !c.is_alphanumeric() && !c.is_ascii())
                && status::find(last).is_none()
        });
        for g in self.plan.groups.iter_mut().chain(self.list_groups.iter_mut().map(|(g, _)| g)) {
            let others = g.indicators.iter().any(|i| !tools(i));
            if icons || others {
                g.indicators.retain(|i| !tools(i));
            }
        }
    }

    /// A symbol whose meaning varies from plan to plan (⏳: waiting to start, or under way; ⏸:
    /// not yet, or on hold) means, beside a status in words on the same group, what the words
    /// say when they say one of its meanings (`### Phase 3 ⏳` over `**Statut :** en cours`):
    /// one status, stated twice, not two that disagree.
    pub(super) fn read_paired_symbols(&mut self) {
        let (text, vocabulary) = (self.text, &mut self.plan.vocabulary);
        for g in self.plan.groups.iter_mut().chain(self.list_groups.iter_mut().map(|(g, _)| g)) {
            if g.indicators.len() < 2 {
                continue;
            }
            let worded = |i: &Indicator| text[i.range.clone()].chars().any(char::is_alphabetic);
            let Some(said) =
                g.indicators.iter().find(|i| i.place != Place::Checkbox && worded(i)).map(|i| i.status)
            else {
                continue;
            };
            for i in &mut g.indicators {
                let symbol = &text[i.range.clone()];
                if i.place != Place::Checkbox
                    && i.status != said
                    && status::meanings(symbol).contains(&said)
                    && vocabulary.legend_status(symbol).is_none()
                {
                    vocabulary.renote(i.place, i.status, said, &text[i.range.clone()]);
                    i.status = said;
                }
            }
        }
    }
}

/// A group that states no status the reader knew, read again with the legend's symbols; and a
/// wait after a symbol of the legend (`**Status:** 🔴 waiting on finance`): the symbol is the
/// status, the wait the person's words on it, which a new status leaves as they are.
fn legend_mark<'a>(text: &'a str, vocabulary: &mut Vocabulary<'a>, g: &mut Group<'a>) {
    // A status symbol opening the line says how the group stands; a wait after its title is the
    // person's words on it (`⚪ **Wave 3 — Email** — waiting on Marketing`).
    if g.indicators.len() > 1
        && let Some((range, _)) = opening_symbol(text, vocabulary, g).or_else(|| {
            let first = g.indicators.first()?;
            let at = title_at(text, g)?;
            (g.form == GroupForm::Heading
                && first.range.end <= at
                && !text[first.range.clone()].chars().any(char::is_alphanumeric))
            .then(|| (first.range.clone(), first.status))
        })
        && g.indicators.iter().any(|i| i.range == range)
    {
        g.indicators.retain(|i| i.range == range || status::spelling(&text[i.range.clone()]).is_some());
    }
    if let [wait] = g.indicators.as_mut_slice()
        && status::spelling(&text[wait.range.clone()]).is_none()
    {
        let before = text[..wait.range.start].trim_end_matches(' ');
        let symbol = &before[before.rfind([' ', '\n']).map_or(0, |i| i + 1)..];
        if let Some(status) = vocabulary.legend_status(symbol).filter(|_| !symbol.is_empty()) {
            let range = before.len() - symbol.len()..before.len();
            vocabulary.note(wait.place, status, &text[range.clone()]);
            *wait = Indicator { status, range, place: wait.place };
        } else if let Some((range, status)) = opening_symbol(text, vocabulary, g) {
            // Or the symbol opening the heading (`🔴 **Wave 4 — Email drip** — waiting on
            // Marketing`).
            vocabulary.note(Place::Heading, status, &text[range.clone()]);
            g.indicators = vec![Indicator { status, range, place: Place::Heading }];
        }
        return;
    }
    if !g.indicators.is_empty() {
        return;
    }
    if let Some(value) = g.free_status.clone() {
        let symbol = text[value.clone()].split(' ').next().unwrap_or_default();
        if let Some(status) = vocabulary.legend_status(symbol) {
            let range = value.start..value.start + symbol.len();
            vocabulary.note(Place::Label, status, &text[range.clone()]);
            g.indicators.push(Indicator { status, range, place: Place::Label });
            g.free_status = None;
            return;
        }
    }
    // The title as written in the file (an offset into it), ending in a symbol after a space.
    let Some(at) = title_at(text, g) else { return };
    if let Some((before, symbol)) = g.title.rsplit_once(' ')
        && let Some(status) = vocabulary.legend_status(symbol)
    {
        let start = at + before.len() + 1;
        let range = start..start + symbol.len();
        vocabulary.note(Place::Heading, status, &text[range.clone()]);
        g.indicators.push(Indicator { status, range, place: Place::Heading });
        g.title = before.trim_end_matches([' ', '—', '–', '-', ':', '·']);
        return;
    }
    // Or opening the heading, before its word and id (`## 🔴 M4 API reference`).
    if let Some((range, status)) = opening_symbol(text, vocabulary, g) {
        vocabulary.note(Place::Heading, status, &text[range.clone()]);
        g.indicators.push(Indicator { status, range, place: Place::Heading });
    }
}

/// A symbol of the legend opening a heading group's line, before its word and id (`## 🔴 M4 API
/// reference`, `🔴 **Wave 4 — Email drip**`): where it stands, and what it says.
fn opening_symbol(
    text: &str,
    vocabulary: &Vocabulary<'_>,
    g: &Group<'_>,
) -> Option<(std::ops::Range<usize>, Status)> {
    let at = title_at(text, g)?;
    if g.form != GroupForm::Heading || at < g.at {
        return None;
    }
    let start = g.at + syntax::heading_text(&text[g.at..at]).start;
    let symbol = text[start..at].split(' ').next().filter(|s| !s.is_empty())?;
    let status = vocabulary.legend_status(symbol)?;
    Some((start..start + symbol.len(), status))
}

/// Where the group's title stands in the file (an offset into `text`), when it is a slice of it.
fn title_at(text: &str, g: &Group<'_>) -> Option<usize> {
    let at = (g.title.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    (text.get(at..at + g.title.len()) == Some(g.title)).then_some(at)
}
