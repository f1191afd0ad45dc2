//! `pplan completions SHELL`: the completion script for a shell, generated from the clap surface
//! itself, so it can never name a flag the binary does not take. Reads and writes nothing.

use clap::CommandFactory as _;
use clap_complete::Shell as Target;

use crate::cli::{Cli, Shell};
use crate::commands::Output;
use crate::error::Result;

pub fn run(shell: Shell) -> Result<Output> {
    let target = match shell {
        Shell::Bash => Target::Bash,
        Shell::Zsh => Target::Zsh,
        Shell::Fish => Target::Fish,
        Shell::Powershell => Target::PowerShell,
    };
    let mut script = Vec::new();
    clap_complete::generate(target, &mut Cli::command(), "pplan", &mut script);
    Ok(Output::ok(String::from_utf8_lossy(&script).into_owned()))
}
