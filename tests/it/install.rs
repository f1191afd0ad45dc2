//! What an installed pplan brings beside the binary: shell completions and man pages, both
//! generated from the one clap surface so they cannot drift from it.

use std::fs;
use std::path::Path;
use std::process::Command;

use clap::CommandFactory as _;

use crate::harness::{TempDir, pplan};

#[test]
fn bash_loads_the_completion_script_and_completes_subcommands() {
    let dir = TempDir::new();
    let script = dir.path().join("pplan.bash");
    let (code, stdout, stderr) = pplan(dir.path(), &["completions", "bash"]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    fs::write(&script, stdout).expect("write script");
    let probe = format!(
        "source '{}'; complete -p pplan; COMP_WORDS=(pplan comp); COMP_CWORD=1; _pplan pplan comp pplan; echo \"${{COMPREPLY[@]}}\"",
        script.display()
    );
    let out = Command::new("bash").args(["--norc", "-c", &probe]).output().expect("run bash");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "complete -o bashdefault -o default -o nosort -F _pplan pplan\ncompletions\n"
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn every_shell_gets_a_script_that_names_every_subcommand() {
    let dir = TempDir::new();
    let names: Vec<String> =
        pplan::cli::Cli::command().get_subcommands().map(|c| c.get_name().to_string()).collect();
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let (code, stdout, stderr) = pplan(dir.path(), &["completions", shell]);
        assert_eq!((code, stderr.as_str()), (Some(0), ""), "{shell}");
        let missing: Vec<&String> = names.iter().filter(|n| !stdout.contains(n.as_str())).collect();
        assert!(missing.is_empty(), "{shell} script lacks {missing:?}");
    }
}

#[test]
fn completions_for_an_unknown_shell_is_a_usage_error() {
    let dir = TempDir::new();
    let (code, stdout, stderr) = pplan(dir.path(), &["completions", "tcsh"]);
    assert_eq!((code, stdout.as_str()), (Some(2), ""));
    assert_eq!(
        stderr,
        "error: invalid value 'tcsh' for '<SHELL>'\n  [possible values: bash, zsh, fish, powershell]\n\n  tip: a similar value exists: 'zsh'\n\nFor more information, try '--help'.\n"
    );
}

/// The checked-in pages in docs/man/ are what clap_mangen makes of the CLI today. After a
/// change to the help text, regenerate them: `PPLAN_BLESS=1 cargo test man_pages`.
#[test]
fn man_pages_match_the_cli() {
    let fresh = TempDir::new();
    clap_mangen::generate_to(pplan::cli::Cli::command(), fresh.path()).expect("generate pages");
    let checked_in = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/man");
    if std::env::var_os("PPLAN_BLESS").is_some() {
        let _ = fs::remove_dir_all(&checked_in);
        fs::create_dir_all(&checked_in).expect("create docs/man");
        for page in pages(fresh.path()) {
            fs::copy(fresh.path().join(&page), checked_in.join(&page)).expect("copy page");
        }
    }
    assert_eq!(pages(&checked_in), pages(fresh.path()), "run `PPLAN_BLESS=1 cargo test man_pages`");
    for page in pages(fresh.path()) {
        let want = fs::read_to_string(fresh.path().join(&page)).expect("fresh page");
        let have = fs::read_to_string(checked_in.join(&page)).expect("checked-in page");
        assert!(want == have, "docs/man/{page} is stale: run `PPLAN_BLESS=1 cargo test man_pages`");
    }
}

#[test]
fn man_renders_the_pages() {
    if Command::new("man").arg("--version").output().is_err() {
        eprintln!("skipped: no `man` here");
        return;
    }
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/man/pplan-completions.1");
    let out = Command::new("man")
        .arg("-l")
        .arg(&page)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "80")
        .env("LC_ALL", "C")
        .output()
        .expect("run man");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let first = text.lines().next().unwrap_or_default();
    assert_eq!(
        first.split_whitespace().collect::<Vec<_>>(),
        ["pplan-completions(1)", "General", "Commands", "Manual", "pplan-completions(1)"]
    );
    assert!(text.contains("pplan-completions - Print a shell completion script"), "{text}");
}

fn pages(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}
