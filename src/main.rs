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
        Err(e) => {
            let code = if e.use_stderr() {
                ExitCode::Usage
            } else {
                ExitCode::Ok
            };
            let _ = e.print();
            return ProcessExit::from(code as u8);
        }
    };
    let json = cli.json;
    match pplan::commands::run(cli) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`pplan status | head -1`) is a clean exit, not an error.
            let _ = stdout
                .write_all(out.stdout.as_bytes())
                .and_then(|()| stdout.flush());
            ProcessExit::from(out.code as u8)
        }
        Err(e) => {
            report(&e, json);
            ProcessExit::from(e.exit_code() as u8)
        }
    }
}

#[derive(serde::Serialize)]
struct ErrorJson {
    schema_version: u32,
    kind: &'static str,
    code: &'static str,
    message: String,
    hint: Option<String>,
    exit_code: u8,
}

fn report(e: &Error, json: bool) {
    if json {
        let body = ErrorJson {
            schema_version: 1,
            kind: "error",
            code: e.code(),
            message: e.to_string(),
            hint: e.hint(),
            exit_code: e.exit_code() as u8,
        };
        eprintln!("{}", serde_json::to_string(&body).unwrap_or_default());
        return;
    }
    eprintln!("error: {e}");
    if let Some(hint) = e.hint() {
        eprintln!("hint: {hint}");
    }
}
