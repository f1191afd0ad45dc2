//! The binary: parse arguments, run the command, print, map the outcome to an exit code.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::Write;
use std::process::ExitCode as ProcessExit;

use clap::Parser;
use pplan::cli::Cli;
use pplan::{Error, ExitCode};

fn main() -> ProcessExit {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print(); // --help, --version
            return exit(ExitCode::Ok);
        }
        Err(e) if std::env::args_os().any(|a| a == "--json") => {
            let message = e.kind().as_str().unwrap_or("invalid arguments").to_lowercase();
            print_json_error("usage", &message, Some("see `pplan --help`".into()), ExitCode::Usage);
            return exit(ExitCode::Usage);
        }
        Err(e) => {
            let _ = e.print();
            return exit(ExitCode::Usage);
        }
    };
    let json = cli.json;
    let mut stream = std::io::stdout();
    match pplan::commands::run(cli, &mut stream) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`pplan status | head -1`) is a clean exit, not an error.
            let _ = stdout.write_all(out.stdout.as_bytes()).and_then(|()| stdout.flush());
            exit(out.code)
        }
        Err(e) => {
            report(&e, json);
            exit(e.exit_code())
        }
    }
}

fn exit(code: ExitCode) -> ProcessExit {
    ProcessExit::from(code as u8)
}

/// `error: …` and `hint: …` on stderr, or one JSON object under `--json`.
fn report(e: &Error, json: bool) {
    if json {
        print_json_error(e.code(), &e.to_string(), e.hint(), e.exit_code());
        return;
    }
    eprintln!("error: {e}");
    if let Some(hint) = e.hint() {
        eprintln!("hint: {hint}");
    }
}

#[derive(serde::Serialize)]
struct ErrorJson<'a> {
    schema_version: u32,
    kind: &'static str,
    code: &'static str,
    message: &'a str,
    hint: Option<String>,
    exit_code: u8,
}

fn print_json_error(code: &'static str, message: &str, hint: Option<String>, exit: ExitCode) {
    let body = ErrorJson { schema_version: 1, kind: "error", code, message, hint, exit_code: exit as u8 };
    eprintln!("{}", serde_json::to_string(&body).unwrap_or_default());
}
