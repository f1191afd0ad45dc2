//! Character-safe helpers: a cell unescaped, a line cut to a width without splitting a
//! character, and where a word may end in each script.

/// The escapes pplan writes read as what they escape: `\|` (in a table cell) as `|`, `\#` (a
/// heading's text ending in `#`) as `#`.
pub fn unescape(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains("\\|") || s.contains("\\#") {
        s.replace("\\|", "|").replace("\\#", "#").into()
    } else {
        s.into()
    }
}

/// The last place in `s` where one of `needles` starts, with the needle (the longest of those
/// starting there): `[…].iter().filter_map(|n| s.rfind(n)).max()` in one backward pass over
/// the bytes, without building a searcher per needle (a line is short, the needles shorter).
pub fn rfind_any<'n>(s: &str, needles: &[&'n str]) -> Option<(usize, &'n str)> {
    let firsts = first_bytes(needles);
    let bytes = s.as_bytes();
    (0..bytes.len()).rev().find_map(|i| at_any(bytes, i, &firsts, needles))
}

/// The first place in `s` where one of `needles` starts, with the needle (the longest of those
/// starting there): [`rfind_any`] from the front.
pub fn find_any<'n>(s: &str, needles: &[&'n str]) -> Option<(usize, &'n str)> {
    let firsts = first_bytes(needles);
    let bytes = s.as_bytes();
    (0..bytes.len()).find_map(|i| at_any(bytes, i, &firsts, needles))
}

/// Which bytes open one of `needles`, as a 256-bit set.
fn first_bytes(needles: &[&str]) -> [u64; 4] {
    let mut set = [0u64; 4];
    for b in needles.iter().filter_map(|n| n.as_bytes().first()) {
        set[usize::from(b >> 6)] |= 1 << (b & 63);
    }
    set
}

/// The longest of `needles` starting at byte `i`, with `i`. A needle is whole UTF-8, so it
/// starts only where a character does.
fn at_any<'n>(bytes: &[u8], i: usize, firsts: &[u64; 4], needles: &[&'n str]) -> Option<(usize, &'n str)> {
    let b = bytes[i];
    if firsts[usize::from(b >> 6)] & (1 << (b & 63)) == 0 {
        return None;
    }
    let rest = &bytes[i..];
    needles
        .iter()
        .filter(|n| !n.is_empty() && rest.starts_with(n.as_bytes()))
        .max_by_key(|n| n.len())
        .map(|n| (i, *n))
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

/// Cut a title to at most `max` characters at a word boundary, never inside a code span
/// (`` `…` ``), marking the cut; a single word longer than `max` is cut where it must be.
pub fn clip_words(s: &str, max: usize) -> String {
    let s = unescape(s);
    if s.chars().count() <= max {
        return s.into_owned();
    }
    let kept: String = s.chars().take(max.saturating_sub(1)).collect();
    // The cut falls inside a word unless the next character is a space.
    let next_is_space = s.chars().nth(max.saturating_sub(1)).is_some_and(char::is_whitespace);
    let mut end =
        if next_is_space { kept.len() } else { kept.rfind(char::is_whitespace).unwrap_or(kept.len()) };
    // An odd number of backticks before the cut: it would open a code span it never closes.
    if kept[..end].matches('`').count() % 2 == 1 {
        end = kept[..end].rfind('`').map_or(end, |i| kept[..i].trim_end().len());
    }
    if end == 0 {
        end = kept.len();
    }
    format!("{}…", kept[..end].trim_end())
}

/// `1 task`, `2 tasks`: a count with its noun in the right number.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `text` holds `word` as a whole id: no letter, digit, `-` or `_` right before or after it, and
/// no `.` followed by a letter or digit after it (`BE-001.5` is another id).
pub fn names_id(text: &str, word: &str) -> bool {
    let id_char = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let mut after = text[at + word.len()..].chars();
        let next = after.next();
        let dotted = next == Some('.') && after.next().is_some_and(char::is_alphanumeric);
        !before.is_some_and(id_char) && !next.is_some_and(id_char) && !dotted
    })
}

/// A combining mark of a script whose words carry them between letters (a Devanagari virama in
/// `वर्तमान`, a Thai vowel sign in `ที่`, Hebrew and Arabic points, Latin accents written apart):
/// part of a word, not punctuation (a danda `।`, a maqaf `־` are not).
pub fn is_combining(c: char) -> bool {
    let u = c as u32;
    // The nine Indic blocks (Devanagari to Malayalam) share one layout: signs before a block's
    // letters, vowel signs and virama after them, vowel signs again before its digits.
    let indic = (0x0900..=0x0D7F).contains(&u)
        && matches!(u % 0x80, 0x00..=0x03 | 0x3A..=0x4F | 0x51..=0x57 | 0x62..=0x63);
    indic
        || matches!(
            u,
            0x0300..=0x036F
                | 0x0591..=0x05BD
                | 0x05BF
                | 0x05C1..=0x05C2
                | 0x05C4..=0x05C5
                | 0x05C7
                | 0x0610..=0x061A
                | 0x064B..=0x065F
                | 0x0670
                | 0x0E31
                | 0x0E34..=0x0E3A
                | 0x0E47..=0x0E4E
        )
}

/// Does a word of this letter's script end at a space or punctuation? Not in scripts written
/// without spaces between words (Chinese, Japanese, Thai) nor in Korean, which joins particles
/// to a word (`완료됨`): there a word may run straight into the next.
pub fn spaced_script(c: char) -> bool {
    !matches!(c as u32, 0x0E00..=0x0E7F | 0x1100..=0x11FF | 0x2E80..=0x9FFF | 0xA960..=0xA97F | 0xAC00..=0xD7FF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF | 0x20000..=0x3FFFF)
}

/// `c.to_lowercase() == want.to_lowercase()`, without the Unicode tables when one side is ASCII:
/// an ASCII character lowercases to one ASCII character, and the only other character that does
/// is the Kelvin sign (`K` → `k`). Callers compare many short words this way, so this is hot.
pub fn folds_equal(c: char, want: char) -> bool {
    const KELVIN: char = '\u{212A}';
    // Turkish writes the capital of `ı` as `I` and the capital of `i` as `İ` (`TAMAMLANDI`,
    // `ENGELLENDİ`).
    if matches!((c, want), ('I', 'ı') | ('İ', 'i')) {
        return true;
    }
    match (c.is_ascii(), want.is_ascii()) {
        (true, true) => c.eq_ignore_ascii_case(&want),
        (true, false) | (false, true) if c != KELVIN && want != KELVIN => false,
        _ => c.to_lowercase().eq(want.to_lowercase()),
    }
}

/// Are two words the same but for case, in any script (`Шаг` and `шаг`, `Phase` and `PHASE`)?
pub fn same_folded(a: &str, b: &str) -> bool {
    a.chars().count() == b.chars().count()
        && a.chars().zip(b.chars()).all(|(x, y)| folds_equal(x, y) || folds_equal(y, x))
}

/// `s` after a prefix that is `word` but for case ([`same_folded`]), whose bytes may differ in
/// length from the word's (`ADIM 3` after `Adım`).
pub fn strip_folded<'s>(s: &'s str, word: &str) -> Option<&'s str> {
    let n = word.chars().count();
    let end = s.char_indices().nth(n).map_or(s.len(), |(i, _)| i);
    (s.chars().count() >= n && same_folded(&s[..end], word)).then(|| &s[end..])
}

/// Are two words written in the same script (`در انتظار` and `در حال انجام`, not
/// `กำลังดำเนินการ`)? Symbols say nothing; only the first letters are compared. A script, not a
/// language: one word is often several languages' (`finalizado`, `selesai`).
pub fn same_script(a: &str, b: &str) -> bool {
    let script = |s: &str| {
        let c = s.chars().find(|c| c.is_alphabetic())? as u32;
        Some(match c {
            0..=0x024F => 0,
            0x3000..=0x9FFF | 0xF900..=0xFAFF => 0x30,
            0xAC00..=0xD7AF | 0x1100..=0x11FF => 0xAC,
            _ => c >> 7,
        })
    };
    match (script(a), script(b)) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::{clip_words, find_any, folds_equal, names_id, rfind_any, same_script};

    #[test]
    fn words_are_compared_by_their_script() {
        assert!(same_script("Finalizado", "Concluído"));
        assert!(same_script("✅ done", "⏳"));
        assert!(same_script("در انتظار", "در حال انجام"));
        assert!(!same_script("در انتظار", "กำลังดำเนินการ"));
        assert!(!same_script("進行中", "in progress"));
    }

    #[test]
    fn the_nearest_of_several_needles_is_found_as_the_searches_one_by_one_find_it() {
        let needles = ["←", "<--", "<-", "→", "->", " - ", " -- ", "👈", "。"];
        let lines = [
            "",
            "plain",
            "a <-- b <- c",
            "x -> y → z",
            "Phase 2 -- done - ok",
            "阶段一。完成 ← 👈",
            "a<--",
            "-",
            "é←é",
            "--> <!-- -->",
        ];
        for line in lines {
            let last = needles.iter().filter_map(|n| line.rfind(n).map(|i| (i, n.len()))).max();
            assert_eq!(rfind_any(line, &needles).map(|(i, n)| (i, n.len())), last, "{line:?}");
            let first = needles
                .iter()
                .filter_map(|n| line.find(n).map(|i| (i, n.len())))
                .min_by_key(|&(i, len)| (i, std::cmp::Reverse(len)));
            assert_eq!(find_any(line, &needles).map(|(i, n)| (i, n.len())), first, "{line:?}");
        }
    }

    #[test]
    fn only_the_kelvin_sign_folds_to_ascii() {
        // What `folds_equal` relies on to skip the Unicode tables when one side is ASCII.
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let lower: Vec<char> = c.to_lowercase().collect();
            let ascii = matches!(lower.as_slice(), [l] if l.is_ascii());
            assert_eq!(ascii, c == '\u{212A}', "{c:?} lowercases to {lower:?}");
        }
        for (c, want, same) in [
            ('K', 'k', true),
            ('\u{212A}', 'k', true),
            ('k', '\u{212A}', true),
            ('S', 's', true),
            ('ſ', 's', false),
            ('Ä', 'ä', true),
            ('状', 's', false),
            ('s', '状', false),
        ] {
            assert_eq!(folds_equal(c, want), same, "{c:?} {want:?}");
        }
    }

    #[test]
    fn an_id_is_named_only_whole() {
        assert!(names_id("ship BE-001 first", "BE-001"));
        assert!(names_id("`BE-001`.", "BE-001"));
        assert!(!names_id("BE-0010 and XBE-001", "BE-001"));
        assert!(!names_id("BE-001.5 is later", "BE-001"));
        assert!(!names_id("阶段BE-001", "BE-001"));
    }

    #[test]
    fn titles_are_cut_at_a_word_and_never_inside_a_code_span() {
        assert_eq!(clip_words("Build the payment endpoints", 60), "Build the payment endpoints");
        assert_eq!(clip_words("Build the payment endpoints for cards", 20), "Build the payment…");
        assert_eq!(clip_words("Wire `cart_total_from_api` into the page", 20), "Wire…");
        assert_eq!(clip_words("Supercalifragilistic", 10), "Supercali…");
        assert_eq!(clip_words("阶段一 构建支付接口 与 购物车页面", 9), "阶段一…");
    }
}
