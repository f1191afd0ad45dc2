//! One module per subcommand: each reads through the core, writes through the store, and
//! returns its output as a string. Nothing here prints; `main` does.

mod init;
mod set;
mod status;

use std::path::PathBuf;

use crate::cli::{Cli, Command};
use crate::error::{ExitCode, Result};
use crate::store::{self, Limits, Store};

/// What a command says on stdout, and how the process should exit.
#[derive(Debug)]
pub struct Output {
    pub stdout: String,
    pub code: ExitCode,
}

impl Output {
    pub fn ok(stdout: String) -> Output {
        Output { stdout, code: ExitCode::Ok }
    }
}

/// Everything a command needs from the command line and the environment.
#[derive(Debug)]
pub struct Context {
    pub dir: Option<PathBuf>,
    pub json: bool,
    pub limits: Limits,
}

impl Context {
    /// The store of the resolved plan directory (which must hold a plan).
    pub fn store(&self) -> Result<Store> {
        Ok(Store::new(store::resolve(self.dir.as_deref())?, self.limits.clone()))
    }
}

pub fn run(cli: Cli) -> Result<Output> {
    let ctx = Context { dir: cli.dir, json: cli.json, limits: Limits::from_env() };
    match cli.command {
        Command::Init { title, goal, dry_run } => init::run(&ctx, title, goal, dry_run),
        Command::Status => status::run(&ctx),
        Command::Set { args, group, text, dry_run } => set::run(&ctx, args, group, text, dry_run),
    }
}

/// `\|` in a table cell reads as `|`.
pub(crate) fn unescape(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains("\\|") { s.replace("\\|", "|").into() } else { s.into() }
}

/// Cut `s` to at most `max` characters, marking the cut.
pub(crate) fn clip(s: &str, max: usize) -> String {
    let s = unescape(s);
    if s.chars().count() <= max {
        return s.into_owned();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}
