//! Character-safe helpers for showing a plan's text: a cell unescaped, a line cut to a width
//! without splitting a character.

/// `\|` in a table cell reads as `|`.
pub fn unescape(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains("\\|") { s.replace("\\|", "|").into() } else { s.into() }
}

/// Cut `s` to at most `max` characters, marking the cut.
pub fn clip(s: &str, max: usize) -> String {
    let s = unescape(s);
    if s.chars().count() <= max {
        return s.into_owned();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}
