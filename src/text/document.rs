//! A decoded plan file: UTF-8 text with its BOM, line ending and front matter located.
//!
//! The text is kept whole (BOM included) so that offsets everywhere are offsets into the file's
//! bytes; `body()` is where markdown structure may start.

use std::ops::Range;

/// The line ending a file uses, taken from its first line break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eol {
    Lf,
    CrLf,
}

impl Eol {
    pub fn as_str(self) -> &'static str {
        match self {
            Eol::Lf => "\n",
            Eol::CrLf => "\r\n",
        }
    }
}

/// Why bytes could not become a [`Document`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// Not UTF-8; `line` is 1-based.
    InvalidUtf8 { offset: usize, line: usize },
    /// A NUL byte: a binary file, not markdown.
    Binary { offset: usize },
}

#[derive(Debug, Clone)]
pub struct Document {
    text: String,
    bom: bool,
    eol: Eol,
    front_matter: Option<Range<usize>>,
    body: usize,
}

const BOM: &str = "\u{feff}";

impl Document {
    pub fn decode(bytes: Vec<u8>) -> Result<Document, DecodeError> {
        Document::decode_keeping(bytes).map_err(|(e, _)| e)
    }

    /// [`Document::decode`] that gives the bytes back when they are not UTF-8 text.
    pub fn decode_keeping(bytes: Vec<u8>) -> Result<Document, (DecodeError, Vec<u8>)> {
        if let Some(offset) = memchr::memchr(0, &bytes) {
            return Err((DecodeError::Binary { offset }, bytes));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let offset = e.utf8_error().valid_up_to();
            let line = 1 + memchr::memchr_iter(b'\n', &e.as_bytes()[..offset]).count();
            (DecodeError::InvalidUtf8 { offset, line }, e.into_bytes())
        })?;
        Ok(Document::from_text(text))
    }

    /// Bytes that are not UTF-8 but are text in a legacy encoding (GBK, Shift_JIS, EUC-KR,
    /// Big5…): the encoding a detector names, when the bytes decode in it without a single
    /// error, and the text. A reader may show such a file; a writer must not (see the store).
    pub fn decode_legacy(bytes: &[u8]) -> Option<(Document, &'static str)> {
        if memchr::memchr(0, bytes).is_some() {
            return None;
        }
        let mut detector = chardetng::EncodingDetector::new();
        detector.feed(bytes, true);
        let encoding = detector.guess(None, true);
        // Only the multi-byte legacy encodings: their byte sequences are structured enough that
        // a clean decode means text. In a single-byte code page every byte decodes, so a damaged
        // UTF-8 file would "decode" too; it stays an error.
        let multibyte = [
            encoding_rs::GBK,
            encoding_rs::GB18030,
            encoding_rs::BIG5,
            encoding_rs::SHIFT_JIS,
            encoding_rs::EUC_JP,
            encoding_rs::EUC_KR,
        ];
        if !multibyte.contains(&encoding) {
            return None;
        }
        let text = encoding.decode_without_bom_handling_and_without_replacement(bytes)?;
        Some((Document::from_text(text.into_owned()), encoding.name()))
    }

    pub fn from_text(text: String) -> Document {
        let bom = text.starts_with(BOM);
        let start = if bom { BOM.len() } else { 0 };
        let eol = match memchr::memchr(b'\n', text.as_bytes()) {
            Some(i) if i > 0 && text.as_bytes()[i - 1] == b'\r' => Eol::CrLf,
            _ => Eol::Lf,
        };
        let front_matter = front_matter(&text, start);
        let body = front_matter.as_ref().map_or(start, |r| r.end);
        Document { text, bom, eol, front_matter, body }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn into_text(self) -> String {
        self.text
    }

    pub fn has_bom(&self) -> bool {
        self.bom
    }

    pub fn eol(&self) -> Eol {
        self.eol
    }

    /// The YAML front matter, fences included.
    pub fn front_matter(&self) -> Option<Range<usize>> {
        self.front_matter.clone()
    }

    /// Offset where the markdown body starts (after BOM and front matter).
    pub fn body(&self) -> usize {
        self.body
    }

    /// 1-based line number of a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        1 + memchr::memchr_iter(b'\n', &self.text.as_bytes()[..offset.min(self.text.len())]).count()
    }
}

/// Strict front matter: the first line is exactly `---`, closed by a line that is exactly `---`
/// or `...`. Anything else is markdown (a `---` first line with no closer is a thematic break).
fn front_matter(text: &str, start: usize) -> Option<Range<usize>> {
    let rest = &text[start..];
    let first_len = if rest.starts_with("---\n") {
        4
    } else if rest.starts_with("---\r\n") {
        5
    } else {
        return None;
    };
    let mut pos = start + first_len;
    while pos < text.len() {
        let end = memchr::memchr(b'\n', &text.as_bytes()[pos..]).map_or(text.len(), |i| pos + i + 1);
        let line = text[pos..end].trim_end_matches(['\n', '\r']);
        if line == "---" || line == "..." {
            return Some(start..end);
        }
        pos = end;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bom_crlf_and_front_matter_are_located() {
        let doc = Document::from_text("\u{feff}---\r\ntitle: x\r\n---\r\n# T\r\n".into());
        assert!(doc.has_bom());
        assert_eq!(doc.eol(), Eol::CrLf);
        assert_eq!(doc.front_matter(), Some(3..23));
        assert_eq!(&doc.text()[doc.body()..], "# T\r\n");
    }

    #[test]
    fn unclosed_front_matter_is_markdown() {
        let doc = Document::from_text("---\n# T\n".into());
        assert_eq!(doc.front_matter(), None);
        assert_eq!(doc.body(), 0);
    }

    #[test]
    fn front_matter_must_be_the_first_line() {
        let doc = Document::from_text("\n---\na: b\n---\n".into());
        assert_eq!(doc.front_matter(), None);
    }

    #[test]
    fn invalid_utf8_names_its_line() {
        let err = Document::decode(b"a\nb\n\xff\n".to_vec()).unwrap_err();
        assert_eq!(err, DecodeError::InvalidUtf8 { offset: 4, line: 3 });
    }

    #[test]
    fn nul_is_binary() {
        let err = Document::decode(b"ab\0".to_vec()).unwrap_err();
        assert_eq!(err, DecodeError::Binary { offset: 2 });
    }
}
