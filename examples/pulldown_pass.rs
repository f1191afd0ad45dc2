//! The floor `bench/status.sh` measures `pplan status` against: read a file and iterate every
//! event of one pulldown-cmark pass over it (tables on, as pplan's outline had it), nothing else.
//!
//! Usage: `cargo run --release --example pulldown_pass -- FILE` (prints the number of events).

use std::io::Write as _;

use pulldown_cmark::{Options, Parser};

fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        let _ = writeln!(std::io::stderr(), "usage: pulldown_pass FILE");
        return std::process::ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "pulldown_pass: {}: {e}", path.to_string_lossy());
            return std::process::ExitCode::from(2);
        }
    };
    let events = Parser::new_ext(&text, Options::ENABLE_TABLES).into_offset_iter().count();
    let _ = writeln!(std::io::stdout(), "{events}");
    std::process::ExitCode::SUCCESS
}
