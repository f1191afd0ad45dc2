//! Quality gates between groups: run a command (tests, a linter, a build), retry transient
//! failures with exponential backoff and jitter, open a circuit breaker when transient failures
//! keep exhausting the retries, and record real failures under the 3-strike rule.
//!
//! The command runs in its own process group; a timeout or Ctrl-C kills the whole group, so no
//! child it started is left behind. Only the tail of its output is kept: it lands in a model's
//! context.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::plan::rows::{self, Values};
use crate::plan::{Log, Plan, edit};
use crate::protocol::strikes::{self, STRIKES};
use crate::store::config::{Config, GateRetry};
use crate::store::{self, Store};

const STATE: &str = "gate.json";
/// Output kept from a run (the tail).
const KEEP_BYTES: usize = 64 * 1024;
/// Lines of output shown to the caller from a failing run.
pub const TAIL_LINES: usize = 15;

/// The circuit breaker, across gate runs of a plan (`.pplan/gate.json`).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Breaker {
    pub consecutive_transient: u32,
    pub open: bool,
    pub reason: Option<String>,
}

/// How one run of the command ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub code: Option<i32>,
    pub timed_out: bool,
    pub interrupted: bool,
    /// The last lines of stdout and stderr together.
    pub tail: String,
    pub duration: Duration,
}

impl Run {
    /// Why the run failed, in a line (its last line of output), or `None` when it passed.
    pub fn failure(&self) -> Option<String> {
        let last = || self.tail.lines().rev().find(|l| !l.trim().is_empty()).map(|l| l.trim().to_string());
        match (self.code, self.timed_out, self.interrupted) {
            (_, true, _) => Some(format!("timed out{}", last().map_or(String::new(), |l| format!(" ({l})")))),
            (_, _, true) => Some("interrupted".into()),
            (Some(0), ..) => None,
            (code, ..) => Some(
                last().unwrap_or_else(|| code.map_or("killed by a signal".into(), |c| format!("exit {c}"))),
            ),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Pass,
    /// Transient every time, until the attempts ran out.
    Transient,
    /// A real failure: recorded as a strike.
    Fail,
    Interrupted,
    /// Not run: the circuit breaker is open.
    Refused,
}

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub outcome: Outcome,
    pub attempts: u32,
    pub duration_ms: u128,
    /// The tail of the last run's output (for failures).
    pub tail: String,
    /// For a real failure: the strike number of the group's gate.
    pub strike: Option<usize>,
    /// The task-like key the errors table records the gate under (`gate-1`).
    pub key: String,
    pub breaker_open: bool,
}

/// A flag set when SIGINT (Ctrl-C) or SIGTERM arrives, so a running gate kills its process group
/// before pplan exits (a small tokio listener per signal; the gate itself is synchronous).
pub fn interrupt_flag() -> Arc<std::sync::atomic::AtomicBool> {
    use crate::store::signals::{self, SignalKind};
    use std::sync::atomic::{AtomicBool, Ordering};
    let flag = Arc::new(AtomicBool::new(false));
    for kind in [SignalKind::interrupt(), SignalKind::terminate()] {
        let set = flag.clone();
        signals::on(kind, move || {
            set.store(true, Ordering::Relaxed);
            false
        });
    }
    flag
}

/// Kill the command and everything it started. On Unix that is its process group. On Windows it
/// is its process tree (`taskkill /T /F`), which finds only descendants while the command itself
/// still runs: what a command that already exited left behind keeps running there.
#[cfg(unix)]
fn kill_group(child: &std::process::Child) {
    let pgid = nix::unistd::Pid::from_raw(child.id() as i32);
    let _ = nix::sys::signal::killpg(pgid, nix::sys::signal::Signal::SIGKILL);
}

#[cfg(windows)]
fn kill_group(child: &std::process::Child) {
    let _ = Command::new("taskkill")
        .args(["/T", "/F", "/PID", &child.id().to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// Run the command once, in its own process group, within `timeout`; `stop` is polled for an
/// interruption (Ctrl-C).
pub fn run_once(
    cmd: &[String],
    cwd: &std::path::Path,
    timeout: Option<Duration>,
    stop: &dyn Fn() -> bool,
) -> Result<Run> {
    let (program, args) = cmd.split_first().ok_or_else(|| Error::Usage {
        message: "no gate command given".into(),
        hint: "pplan gate -- <COMMAND…>",
    })?;
    let start = Instant::now();
    let mut command = Command::new(program);
    command.args(args).current_dir(cwd).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().map_err(|e| Error::io("run", program, e))?;
    let buffer = Arc::new(Mutex::new(Vec::<u8>::new()));
    let readers: Vec<_> = [
        child.stdout.take().map(|s| Box::new(s) as Box<dyn Read + Send>),
        child.stderr.take().map(|s| Box::new(s) as Box<dyn Read + Send>),
    ]
    .into_iter()
    .flatten()
    .map(|mut stream| {
        let buffer = buffer.clone();
        std::thread::spawn(move || {
            let mut chunk = [0u8; 8192];
            while let Ok(n) = stream.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                let mut b = buffer.lock().unwrap_or_else(|e| e.into_inner());
                b.extend_from_slice(&chunk[..n]);
                if b.len() > 2 * KEEP_BYTES {
                    let cut = b.len() - KEEP_BYTES;
                    b.drain(..cut);
                }
            }
        })
    })
    .collect();
    let (mut timed_out, mut interrupted) = (false, false);
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| Error::io("wait for", program, e))? {
            break Some(status);
        }
        if timeout.is_some_and(|t| start.elapsed() >= t) {
            timed_out = true;
        } else if stop() {
            interrupted = true;
        }
        if timed_out || interrupted {
            kill_group(&child);
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    // Whatever the command left running in its group goes with it.
    kill_group(&child);
    for r in readers {
        let _ = r.join();
    }
    let bytes = buffer.lock().unwrap_or_else(|e| e.into_inner()).clone();
    Ok(Run {
        code: status.and_then(|s| s.code()),
        timed_out,
        interrupted,
        tail: tail(&String::from_utf8_lossy(&bytes), TAIL_LINES),
        duration: start.elapsed(),
    })
}

/// The last `n` lines (at most 2 KB).
pub fn tail(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().collect();
    let mut t = lines[lines.len().saturating_sub(n)..].join("\n");
    if t.len() > 2048 {
        let mut cut = t.len() - 2048;
        while !t.is_char_boundary(cut) {
            cut += 1;
        }
        t = format!("…{}", &t[cut..]);
    }
    t
}

/// How a command written in `pplan.yaml` (`gate:`, `agent_gate:`) runs: through the system's shell, `sh -c`
/// (`cmd /C` on Windows).
pub fn shell(command: &str) -> Vec<String> {
    let (sh, flag) = if cfg!(windows) { ("cmd", "/C") } else { ("sh", "-c") };
    vec![sh.to_string(), flag.to_string(), command.to_string()]
}

/// The command as recorded and shown: words quoted where a shell would need it; a command run
/// through the shell ([`shell`], how a gated merge runs `gate:` from pplan.yaml) shows as the
/// script.
pub fn shown(cmd: &[String]) -> String {
    if let [sh, c, script] = cmd
        && matches!((sh.as_str(), c.as_str()), ("sh", "-c") | ("cmd", "/C"))
    {
        return script.clone();
    }
    cmd.iter()
        .map(|w| {
            let plain = !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || "-_./=:,+@%".contains(c));
            if plain { w.clone() } else { format!("'{}'", w.replace('\'', "'\\''")) }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why a failed run counts as transient, if it does.
fn transient(run: &Run, retry: &GateRetry) -> Option<String> {
    if run.timed_out {
        return Some("timed out".into());
    }
    let lower = run.tail.to_lowercase();
    retry.patterns.iter().find(|p| contains_word(&lower, &p.to_lowercase())).map(|p| format!("`{p}`"))
}

/// `needle` occurs in `hay` as a whole word: not inside a longer word or number (`429` is in
/// `HTTP 429` but not in `1.429s`).
fn contains_word(hay: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return false;
    }
    let part_of_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '_');
    hay.match_indices(needle).any(|(at, _)| {
        let before = hay[..at].chars().next_back();
        let after = hay[at + needle.len()..].chars().next();
        // A dot only joins when a digit or letter is on its other side (`1.429`, not `429.`).
        let before_joins = part_of_word(before)
            && (before != Some('.') || hay[..at].chars().rev().nth(1).is_some_and(char::is_alphanumeric));
        let after_joins = part_of_word(after)
            && (after != Some('.')
                || hay[at + needle.len()..].chars().nth(1).is_some_and(char::is_alphanumeric));
        !before_joins && !after_joins
    })
}

/// The wait before retry `n` (1-based): base × factor^(n-1) plus up to `jitter`.
pub fn backoff(retry: &GateRetry, n: u32) -> Duration {
    let base = retry.base_secs.max(0.0) * retry.factor.max(1.0).powi(n.saturating_sub(1) as i32);
    let nanos = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let mix = u64::from(nanos ^ std::process::id().wrapping_mul(2_654_435_761))
        .wrapping_mul(6_364_136_223_846_793_005);
    let fraction = (mix >> 11) as f64 / (1u64 << 53) as f64;
    Duration::from_secs_f64((base + fraction * retry.jitter_secs.max(0.0)).min(3600.0))
}

pub fn load_breaker(store: &Store) -> Breaker {
    store.read_state(STATE).ok().flatten().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default()
}

fn save_breaker(store: &Store, b: &Breaker) -> Result<()> {
    let lock = store.lock()?;
    store.write_state(&lock, STATE, &(serde_json::to_string_pretty(b).unwrap_or_default() + "\n"))
}

pub fn reset(store: &Store) -> Result<()> {
    save_breaker(store, &Breaker::default())
}

/// Run a gate for `group` (its key) with retries; record the outcome. `say` gets one line per
/// retry as it happens.
pub fn run(
    store: &Store,
    config: &Config,
    cmd: &[String],
    group: &str,
    timeout: Option<Duration>,
    stop: &dyn Fn() -> bool,
    say: &mut dyn Write,
) -> Result<Report> {
    let mut breaker = load_breaker(store);
    if breaker.open {
        return Err(Error::BreakerOpen { reason: breaker.reason.clone().unwrap_or_default() });
    }
    let retry = &config.gate_retry;
    let started = Instant::now();
    let command = shown(cmd);
    let mut attempt = 0;
    let last = loop {
        attempt += 1;
        let run = run_once(cmd, store.dir(), timeout, stop)?;
        if run.interrupted || run.code == Some(0) {
            break run;
        }
        let Some(why) = transient(&run, retry) else { break run };
        if attempt >= retry.attempts.max(1) {
            break run;
        }
        let wait = backoff(retry, attempt);
        let _ = writeln!(
            say,
            "gate: run {attempt} of {} failed transiently ({why}); retrying in {:.1} s",
            retry.attempts,
            wait.as_secs_f64()
        );
        let _ = say.flush();
        let until = Instant::now() + wait;
        while Instant::now() < until {
            if stop() {
                break;
            }
            std::thread::sleep(
                Duration::from_millis(20).min(until.saturating_duration_since(Instant::now())),
            );
        }
    };
    let outcome = if last.interrupted {
        Outcome::Interrupted
    } else if last.code == Some(0) {
        Outcome::Pass
    } else if transient(&last, retry).is_some() {
        Outcome::Transient
    } else {
        Outcome::Fail
    };
    let key = format!("gate-{}", if group.is_empty() { "plan" } else { group });
    let mut report = Report {
        outcome: outcome.clone(),
        attempts: attempt,
        duration_ms: started.elapsed().as_millis(),
        tail: if outcome == Outcome::Pass { String::new() } else { last.tail.clone() },
        strike: None,
        key: key.clone(),
        breaker_open: false,
    };
    match outcome {
        Outcome::Transient => {
            breaker.consecutive_transient += 1;
            if breaker.consecutive_transient >= retry.breaker.max(1) {
                breaker.open = true;
                breaker.reason = Some(format!(
                    "{} gate runs in a row failed transiently (last: {}); `pplan gate --reset` when the outage is over",
                    breaker.consecutive_transient,
                    transient(&last, retry).unwrap_or_default()
                ));
                report.breaker_open = true;
            }
        }
        Outcome::Pass | Outcome::Fail => breaker = Breaker::default(),
        Outcome::Interrupted | Outcome::Refused => {}
    }
    save_breaker(store, &breaker)?;
    if outcome == Outcome::Fail {
        report.strike = Some(record_strike(store, &key, &command, &last.tail)?);
    }
    if outcome == Outcome::Pass {
        resolve_open(store, &key)?;
    }
    record_result(store, &command, attempt, &outcome, started.elapsed())?;
    Ok(report)
}

/// A real failure of the gate is an error row of its key; returns the strike number.
fn record_strike(store: &Store, key: &str, command: &str, tail: &str) -> Result<usize> {
    let error = tail.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("failed").trim().to_string();
    let error = crate::text::clip(&error, 200);
    let mut strike = 0;
    store.update_plan(
        store::PLAN_FILE,
        false,
        |plan, doc| {
            strike = open_strikes(plan, key).len() + 1;
            let values = Values {
                error: Some(error.clone()),
                task: Some(key.to_string()),
                attempt: Some(strike as u32),
                approach: Some(command.to_string()),
                stamp: crate::store::clock::now_stamp(),
                ..Values::default()
            };
            Ok(vec![rows::append(plan, doc, Log::Errors, &values)])
        },
        |before, after| {
            let (b, a) = (&before.plan, after.plan());
            if a.error_rows() != b.error_rows() + 1 {
                return Err("the gate's error row is not in the plan after the edit".into());
            }
            edit::verify_sets(b, a, &[])
        },
    )?;
    Ok(strike)
}

/// A passing gate ends its strike count: its open strike rows are resolved (`passed <date>`).
fn resolve_open(store: &Store, key: &str) -> Result<()> {
    let note = format!("passed {}", &crate::store::clock::now_stamp()[..10]);
    store.update_plan(
        store::PLAN_FILE,
        false,
        |plan, doc| {
            let open = open_strikes(plan, key);
            Ok(open.iter().filter_map(|a| strikes::resolve_edit(plan, doc, a.row, &note)).collect())
        },
        |before, after| {
            let (b, a) = (&before.plan, after.plan());
            if a.error_rows() != b.error_rows() || !open_strikes(a, key).is_empty() {
                return Err("the gate's strike rows are not resolved after the edit".into());
            }
            edit::verify_sets(b, a, &[])
        },
    )?;
    Ok(())
}

/// Every run is a row of progress.md's test results.
fn record_result(
    store: &Store,
    command: &str,
    attempts: u32,
    outcome: &Outcome,
    took: Duration,
) -> Result<()> {
    let lock = store.lock()?;
    let name = crate::protocol::merge::PROGRESS;
    if !store.path(name).exists() {
        store.create(&lock, name, include_str!("../../templates/progress.md"))?;
    }
    let values = Values {
        command: Some(format!("`{command}`")),
        attempt: Some(attempts),
        outcome: Some(
            serde_json::to_value(outcome)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
        ),
        duration: Some(format!("{:.1} s", took.as_secs_f64())),
        stamp: crate::store::clock::now_stamp(),
        ..Values::default()
    };
    store.update_plan_held(
        &lock,
        name,
        |plan, doc| Ok(vec![rows::append(plan, doc, Log::Tests, &values)]),
        |before, after| {
            let count = |p: &Plan<'_>| {
                p.tables.iter().filter(|t| t.log == Log::Tests).map(|t| t.rows.len()).sum::<usize>()
            };
            if count(after.plan()) == count(&before.plan) + 1 {
                Ok(())
            } else {
                Err("the test result row is missing".into())
            }
        },
    )?;
    Ok(())
}

/// A group held by its gate: the latest strike row of its gate key (`gate-1`) is unresolved.
/// It is read from task_plan.md alone, so every view and a fresh clone agree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RedGate {
    /// The group's index in the plan.
    #[serde(skip)]
    pub group: usize,
    /// The group's key as `status` shows it.
    #[serde(rename = "group", default)]
    pub group_key: String,
    /// The errors-table key of the gate (`gate-1`).
    pub key: String,
    /// Strikes since the gate last passed or a person resolved it.
    pub strike: usize,
    pub strikes: usize,
    /// The last line of the failing run, as recorded.
    pub last: String,
}

/// The gate key the errors table records a group's gate under.
pub fn key_of(group_key: &str) -> String {
    format!("gate-{}", if group_key.is_empty() { "plan" } else { group_key })
}

/// The unresolved rows of `key` since its last resolved one: the current run of strikes.
pub fn open_strikes(plan: &Plan<'_>, key: &str) -> Vec<strikes::Attempt> {
    let mut all = strikes::attempts(plan, key);
    let settled = all.iter().rposition(|a| a.resolution.is_some()).map_or(0, |i| i + 1);
    all.drain(..settled);
    all
}

/// The group's gate, when it last failed and nothing resolved it since.
pub fn red_gate(plan: &Plan<'_>, g: usize) -> Option<RedGate> {
    let grp = plan.groups.get(g)?;
    let key = key_of(&grp.key);
    let open = open_strikes(plan, &key);
    let last = open.last()?;
    Some(RedGate {
        group: g,
        group_key: grp.key.clone(),
        key,
        strike: open.len(),
        strikes: STRIKES,
        last: last.error.clone(),
    })
}

/// Every group held by a red gate, in plan order.
pub fn red_gates(plan: &Plan<'_>) -> Vec<RedGate> {
    // One pass over the errors table for the names its rows give: a plan of 2,000 groups does
    // not read every row once per group. (A key with a `:` is asked the long way: the pass
    // names a row by what comes before its first one.)
    let named = strikes::strike_counts(plan);
    (0..plan.groups.len())
        .filter(|&g| {
            let key = key_of(&plan.groups[g].key);
            key.contains(':') || named.contains_key(&key)
        })
        .filter_map(|g| red_gate(plan, g))
        .collect()
}

/// `gate of group 1: failed, strike 1 of 3: <last line>`.
pub fn describe(red: &RedGate) -> String {
    format!("gate of group {}: failed, strike {} of {}: {}", red.group_key, red.strike, red.strikes, red.last)
}

/// Done tasks over all tasks, in whole percent, with a group held by a red gate counted as
/// not done (its tasks may be ticked; the group is not): progress never reads 100% while a
/// gate is red.
pub fn progress_pct(plan: &Plan<'_>) -> u32 {
    progress_pct_with(plan, &red_gates(plan))
}

/// [`progress_pct`] for a caller that has the plan's [`red_gates`] already.
pub fn progress_pct_with(plan: &Plan<'_>, red: &[RedGate]) -> u32 {
    let (pct, _) = plan.progress();
    if red.is_empty() {
        return pct;
    }
    let counts = crate::plan::Counts::of(&plan.tasks);
    let held: usize = red
        .iter()
        .map(|r| {
            let c = plan.counts(&plan.groups[r.group]);
            c.done + c.skipped
        })
        .sum();
    if counts.total == 0 {
        return pct.min(99);
    }
    let done = (counts.done + counts.skipped).saturating_sub(held);
    (((200 * done + counts.total) / (2 * counts.total)) as u32).min(99)
}

/// Whether this key's strikes call for escalation.
pub fn escalates(strike: Option<usize>) -> bool {
    strike.is_some_and(|s| s >= STRIKES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transient_patterns_match_whole_words() {
        assert!(contains_word("http 429 too many requests", "429"));
        assert!(contains_word("status: 429.", "429"));
        assert!(contains_word("error: rate limit exceeded", "rate limit"));
        assert!(!contains_word("test result: ok. finished in 1.429s", "429"));
        assert!(!contains_word("id 14290", "429"));
        assert!(!contains_word("v429_x", "429"));
    }

    #[test]
    fn commands_are_shown_as_a_shell_would_read_them() {
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(shown(&words(&["cargo", "test", "--workspace"])), "cargo test --workspace");
        assert_eq!(shown(&words(&["sh", "-c", "make && make test"])), "make && make test");
        assert_eq!(shown(&words(&["grep", "it's a b", ""])), "grep 'it'\\''s a b' ''");
    }
}
