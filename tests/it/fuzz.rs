//! Seeded fuzzing of every reading command and every write over mutated corpus plans and fixtures.
//!
//! Every corpus file (`../shared/corpus/*{task_plan,findings,progress}.md`, skipped with a message
//! when absent) and every fixture (`fixtures/plans/*/input.md`) is mutated by a seeded generator
//! (byte flips, shuffled lines, inserted fences and comments, ragged tables, deep nesting, CR/LF/CRLF
//! mixes, BOMs, invalid UTF-8, long lines, zero-width and RTL marks, combining marks, dates cut
//! inside multibyte characters, truncation, plan-shaped lines, duplicated lines) into one plan
//! directory (with the other plan files of its repository, or others, sometimes mutated too, and
//! most often a sub-agent's files). On each, in-process through `pplan::commands::run` (panics
//! caught, on a worker thread with a time limit), run once each, in one of their forms: the
//! readers (`status` and `status --json`, `check`, `list`, `reboot`, `waves`, `poll`, `files`,
//! `report --html -o`), the writes with their dry runs (`set` of a task, again as a no-op, of a
//! group and by text; one to three `error` rows for one task, so a third strike happens; `error
//! --resolve`; `decide`; `checkpoint`; `spawn --dry-run` and `spawn` of one task), the sub-agent's
//! `note`, `log`, `checkpoint --agent` and `mark`, and `merge --dry-run`: about 27 runs an input,
//! a few thousand in all. A few dozen more cases go through the real binary, which also covers
//! what only a real process has: its own arguments (the lock-holder line, a non-UTF-8 `-C`).
//!
//! What must hold for every run:
//! - no panic, and it ends within [`RUN_LIMIT`] of CPU time (and [`WALL_LIMIT`] of wall time);
//! - the exit code is one of the documented 0-5 (130 is only for an interrupted `wait`/`watch`,
//!   which are not run, like the other commands that block or read stdin);
//! - with `--json` (or `check --format json`) a result on stdout is JSON, and through the binary
//!   stderr holds nothing but JSON;
//! - the plan directory's files (not `.pplan/`, which is pplan's own state) change only as the
//!   command says. Readers, dry runs and failed commands (but a third strike, which writes its row)
//!   leave every file byte-identical. A write that succeeds changes only its target file (and
//!   `spawn` creates its agent's two), in a bounded number of runs of changed lines (a line diff,
//!   where a line ends at LF, CRLF or a lone CR; changes at most [`MERGE_GAP`] lines apart are one
//!   run), each of a bounded size: a status set changes one line or inserts one status line (a
//!   group may hold its status in a few places); `error` and `decide` append one row (or one new
//!   section with its table), and a third strike also sets the task's status; `note`/`log`/
//!   `checkpoint` add one entry; `mark` replaces the marker block. One deleted line is allowed
//!   where lines are added after a last line without a line ending (that line gains one). A no-op
//!   (the same `set` again, or JSON saying `"changed": false`) leaves the bytes identical.
//!
//! Environment: in-process runs share the test's environment, which this test does not change
//! (`set_var` is unsafe and the crate forbids unsafe code): they take locks with the default
//! timeout, and never contend for one (each input has its own directory, its runs one at a time).
//! The binary runs get `PPLAN_LOCK_TIMEOUT_MS=2000` and no `PPLAN_DIR`. A warning pplan prints on
//! stderr in-process (a write whose plan is unreadable cannot refresh `.pplan/progress.json`) goes
//! straight to the test's stderr.
//!
//! Replay: every failure names its seed and input index; `PPLAN_FUZZ_SEED=<seed>
//! PPLAN_FUZZ_ONLY=<index>` runs that one input again (its directory is kept and named; through
//! the binary, the cases of that input). Base files are cut to [`DEFAULT_CAP`] bytes by default.
//! Long mode: `PPLAN_FUZZ_CASES=<n>` runs `n` mutated inputs in-process (rounds over the base
//! files, each a new mutation) with the base files whole, and `PPLAN_FUZZ_BINARY=<n>` sets how
//! many cases go through the binary. The counts and the time are printed (`--nocapture`).
//! `fuzz_reproducers` runs, every time, the exact inputs of the panics this fuzz exists to catch.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::os::unix::ffi::OsStringExt as _;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser as _;
use pplan::cli::Cli;

const DEFAULT_SEED: u64 = 0x00C0_FFEE_5EED_2026;
/// Rounds over the base files by default: each corpus plan and fixture is mutated this many times.
const DEFAULT_ROUNDS: usize = 1;
/// Cases through the real binary by default (each is `status --json` then one random command).
const DEFAULT_BINARY_CASES: usize = 36;
/// The most CPU time one command may use (a debug build); more is a hang. CPU time, not wall
/// time, so that a machine busy with other work does not fail the test; where it cannot be read
/// (no `/proc`), wall time.
const RUN_LIMIT: Duration = Duration::from_secs(5);
/// The most wall time one command may take whatever its CPU time (it may wait on a lock for up
/// to `PPLAN_LOCK_TIMEOUT_MS`, default 10 s, but nothing here holds one for long).
const WALL_LIMIT: Duration = Duration::from_secs(60);
/// The name of the threads that run a command in-process (and, with a suffix, of the threads that
/// drive them); the panic hook is silent only there.
const CASE_THREAD: &str = "pplan-fuzz-case";
/// Failures listed in full; the rest are counted.
const MAX_REPORTED: usize = 20;

// ---------------------------------------------------------------------------------------------
// A small deterministic generator (splitmix64).

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }

    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True `num` times in `den`.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next() % den < num
    }

    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// The seed of one input (or binary case): independent streams from one seed.
fn case_seed(seed: u64, salt: u64, index: usize) -> u64 {
    let mut r =
        Rng::new(seed ^ salt.wrapping_mul(0xD6E8_FEB8_6659_FD93) ^ (index as u64).wrapping_mul(0x9E37_79B9));
    r.next()
}

fn env_number(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => v.parse().ok(),
    }
}

/// `PPLAN_FUZZ_CASES` set: more inputs, and base files used whole.
fn long_mode() -> bool {
    std::env::var_os("PPLAN_FUZZ_CASES").is_some()
}

fn seed() -> u64 {
    env_number("PPLAN_FUZZ_SEED").unwrap_or(DEFAULT_SEED)
}

// ---------------------------------------------------------------------------------------------
// Inputs: the base files, and one mutated plan directory per input index.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Plan,
    Findings,
    Progress,
}

impl Kind {
    fn file(self) -> &'static str {
        match self {
            Kind::Plan => "task_plan.md",
            Kind::Findings => "findings.md",
            Kind::Progress => "progress.md",
        }
    }
}

struct Base {
    name: String,
    kind: Kind,
    bytes: Vec<u8>,
}

struct Bases {
    all: Vec<Base>,
    /// The most bytes of a base file a case uses (a window of whole lines); [`usize::MAX`] in
    /// the long mode. A debug build reads ~100 KB plans slowly, and every command reads them.
    cap: usize,
}

/// Base files are cut to this many bytes by default (the long mode uses them whole).
const DEFAULT_CAP: usize = 16 * 1024;

/// At most `cap` bytes of whole lines: from the start (where the title, goal and current group
/// are) or from a random line.
fn window(rng: &mut Rng, bytes: &[u8], cap: usize) -> Vec<u8> {
    if bytes.len() <= cap {
        return bytes.to_vec();
    }
    let starts: Vec<usize> = std::iter::once(0)
        .chain(bytes.iter().enumerate().filter(|(_, b)| **b == b'\n').map(|(i, _)| i + 1))
        .collect();
    let start = if rng.chance(1, 2) { 0 } else { *rng.pick(&starts) }.min(bytes.len());
    let mut end = (start + cap).min(bytes.len());
    if let Some(nl) = bytes[start..end].iter().rposition(|&b| b == b'\n') {
        end = start + nl + 1;
    }
    bytes[start..end].to_vec()
}

impl Bases {
    fn load(cap: usize) -> Bases {
        let mut all = Vec::new();
        let files = crate::corpus::corpus_files(".md");
        if files.is_empty() {
            eprintln!("fuzz: no corpus at ../shared/corpus; mutating the fixtures only");
        }
        for path in files {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let kind = if name.ends_with("task_plan.md") {
                Kind::Plan
            } else if name.ends_with("findings.md") {
                Kind::Findings
            } else if name.ends_with("progress.md") {
                Kind::Progress
            } else {
                continue;
            };
            all.push(Base { name, kind, bytes: fs::read(&path).expect("read corpus file") });
        }
        for case in crate::fixtures::cases() {
            let input = case.join("input.md");
            if let Ok(bytes) = fs::read(&input) {
                let name = format!("fixture {}", case.file_name().unwrap_or_default().to_string_lossy());
                all.push(Base { name, kind: Kind::Plan, bytes });
            }
        }
        assert!(!all.is_empty(), "no fixtures to fuzz");
        Bases { all, cap }
    }

    /// The other file of the same corpus repository (`owner__repo__…findings.md`), if any.
    fn companion(&self, base: &Base, kind: Kind) -> Option<&Base> {
        let stem = base.name.strip_suffix(base.kind.file())?;
        let want = format!("{stem}{}", kind.file());
        self.all.iter().find(|b| b.name == want)
    }

    fn of_kind(&self, kind: Kind) -> Vec<&Base> {
        self.all.iter().filter(|b| b.kind == kind).collect()
    }
}

/// One mutated input: the files of its plan directory and how they were made.
struct Case {
    index: usize,
    base: String,
    files: Vec<(String, Vec<u8>)>,
    mutations: Vec<String>,
    /// The agent whose files the case holds (`FZ-1`), if it holds them.
    agent_files: bool,
    /// The plan directory's name is not UTF-8.
    non_utf8_dir: bool,
}

const AGENT: &str = "FZ-1";

fn template(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("templates").join(name);
    fs::read_to_string(path)
        .expect("agent template")
        .replace("{{id}}", AGENT)
        .replace("{{task}}", "fuzz the plan")
        .replace("{{group}}", "1")
        .replace("{{spawned}}", "2026-05-14T12:34")
        .replace("{{attempt}}", "1")
}

fn build_case(bases: &Bases, seed: u64, index: usize) -> Case {
    let mut rng = Rng::new(case_seed(seed, 1, index));
    let base = &bases.all[index % bases.all.len()];
    let mut mutations = Vec::new();
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    // The base file, heavily mutated.
    let mut main = window(&mut rng, &base.bytes, bases.cap);
    let n = if rng.chance(1, 10) { rng.range(5, 9) } else { rng.range(1, 4) };
    for _ in 0..n {
        mutations.push(format!("{}:{}", base.kind.file(), mutate(&mut rng, &mut main)));
    }
    files.push((base.kind.file().to_string(), main));
    // The other plan files: from the same repository, else from anywhere (or missing), lightly
    // mutated now and then.
    for kind in [Kind::Plan, Kind::Findings, Kind::Progress] {
        if kind == base.kind {
            continue;
        }
        let other = bases.companion(base, kind).or_else(|| {
            let pool = bases.of_kind(kind);
            let missing = kind != Kind::Plan && rng.chance(1, 3);
            (!pool.is_empty() && !missing).then(|| *rng.pick(&pool))
        });
        let Some(other) = other else { continue };
        let mut bytes = window(&mut rng, &other.bytes, bases.cap);
        if rng.chance(1, 3) {
            mutations.push(format!("{}:{}", kind.file(), mutate(&mut rng, &mut bytes)));
        }
        files.push((kind.file().to_string(), bytes));
    }
    let agent_files = !rng.chance(1, 5);
    if agent_files {
        for (name, template_name) in [
            (format!("findings_{AGENT}.md"), "agent_findings.md"),
            (format!("progress_{AGENT}.md"), "agent_progress.md"),
        ] {
            let mut bytes = template(template_name).into_bytes();
            if rng.chance(1, 3) {
                mutations.push(format!("{name}:{}", mutate(&mut rng, &mut bytes)));
            }
            files.push((name, bytes));
        }
    }
    Case { index, base: base.name.clone(), files, mutations, agent_files, non_utf8_dir: rng.chance(1, 8) }
}

impl Case {
    fn describe(&self, seed: u64) -> String {
        format!(
            "seed {seed:#x} input {} (PPLAN_FUZZ_SEED={seed:#x} PPLAN_FUZZ_ONLY={}{}): {} mutated by [{}]{}",
            self.index,
            self.index,
            if long_mode() { " PPLAN_FUZZ_CASES=1" } else { "" },
            self.base,
            self.mutations.join(", "),
            if self.non_utf8_dir { ", in a directory whose name is not UTF-8" } else { "" }
        )
    }

    /// Write the case into a fresh directory under `root`.
    fn materialize(&self, root: &Path, tag: &str) -> PathBuf {
        let mut name = format!("{tag}-{}", self.index).into_bytes();
        if self.non_utf8_dir {
            name.extend_from_slice(b"-\xff\xfe\xe6\x97");
        }
        let dir = root.join(OsString::from_vec(name));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("create case dir");
        for (name, bytes) in &self.files {
            fs::write(dir.join(name), bytes).expect("write case file");
        }
        dir
    }
}

// ---------------------------------------------------------------------------------------------
// Mutations, on bytes (a plan file may be anything).

type Mutator = fn(&mut Rng, &mut Vec<u8>);

const MUTATORS: &[(&str, Mutator, u64)] = &[
    ("byte-flips", byte_flips, 3),
    ("shuffled-lines", shuffled_lines, 3),
    ("fence", fence, 3),
    ("comment", comment, 3),
    ("ragged-table", ragged_table, 3),
    ("deep-nesting", deep_nesting, 2),
    ("eol-mix", eol_mix, 3),
    ("bom", bom, 2),
    ("invalid-utf8", invalid_utf8, 1),
    ("long-line", long_line, 2),
    ("zero-width-rtl", invisible_marks, 3),
    ("combining-marks", combining_marks, 2),
    ("cut-date", cut_date, 6),
    ("truncate", truncate, 1),
    ("plan-lines", plan_lines, 6),
    ("duplicate-lines", duplicate_lines, 2),
];

fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) -> &'static str {
    let total: u64 = MUTATORS.iter().map(|m| m.2).sum();
    let mut roll = rng.next() % total;
    for &(name, f, weight) in MUTATORS {
        if roll < weight {
            f(rng, bytes);
            return name;
        }
        roll -= weight;
    }
    unreachable!("weights cover the roll")
}

fn split_lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes.split_inclusive(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
}

fn eol_of(bytes: &[u8]) -> &'static [u8] {
    if bytes.windows(2).any(|w| w == b"\r\n") { b"\r\n" } else { b"\n" }
}

/// Insert whole lines at a random line start.
fn insert_lines(rng: &mut Rng, bytes: &mut Vec<u8>, new: &[String]) {
    let eol = eol_of(bytes);
    let mut lines = split_lines(bytes);
    if let Some(last) = lines.last_mut().filter(|l| !l.ends_with(b"\n")) {
        last.extend_from_slice(eol);
    }
    let at = rng.below(lines.len() + 1);
    let block: Vec<Vec<u8>> = new
        .iter()
        .map(|l| {
            let mut v = l.clone().into_bytes();
            v.extend_from_slice(eol);
            v
        })
        .collect();
    lines.splice(at..at, block);
    *bytes = lines.concat();
}

/// A byte position at a character start (moved forward past continuation bytes).
fn boundary(bytes: &[u8], mut pos: usize) -> usize {
    while pos < bytes.len() && (bytes[pos] & 0xC0) == 0x80 {
        pos += 1;
    }
    pos
}

fn byte_flips(rng: &mut Rng, bytes: &mut Vec<u8>) {
    if bytes.is_empty() {
        bytes.push(b'#');
    }
    for _ in 0..rng.range(1, 8) {
        let at = rng.below(bytes.len());
        // Mostly the low bits, so the file usually stays ASCII where it was.
        let bit = if rng.chance(1, 8) { 7 } else { rng.below(7) };
        bytes[at] ^= 1 << bit;
    }
}

fn shuffled_lines(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let mut lines = split_lines(bytes);
    if lines.len() < 2 {
        return;
    }
    let start = rng.below(lines.len() - 1);
    let end = (start + rng.range(2, 16)).min(lines.len());
    for i in (start + 1..end).rev() {
        let j = start + rng.below(i - start + 1);
        lines.swap(i, j);
    }
    *bytes = lines.concat();
}

fn fence(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let opener = *rng.pick(&["```", "~~~", "```rust", "````", "   ```", "```markdown", "~~~~~~"]);
    insert_lines(rng, bytes, &[opener.to_string()]);
    if rng.chance(1, 2) {
        let closer = *rng.pick(&["```", "~~~", "````", "    ```"]);
        insert_lines(rng, bytes, &[closer.to_string()]);
    }
}

fn comment(rng: &mut Rng, bytes: &mut Vec<u8>) {
    match rng.below(4) {
        0 => insert_lines(rng, bytes, &["<!--".to_string()]),
        1 => {
            insert_lines(rng, bytes, &["<!-- ".to_string()]);
            insert_lines(rng, bytes, &["-->".to_string()]);
        }
        2 => insert_lines(
            rng,
            bytes,
            &["<!-- pplan:merge group=1 agent=FZ-1 sha=00 --> - [ ] X-1: hidden".to_string()],
        ),
        _ => {
            let at = boundary(bytes, rng.below(bytes.len() + 1));
            let text: &[u8] = rng.pick::<&[u8]>(&[&b"<!--"[..], b"-->", b"<!-- x -->", b"<!---->"]);
            bytes.splice(at..at, text.iter().copied());
        }
    }
}

fn ragged_table(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let cols = rng.range(1, 7);
    let cell = |rng: &mut Rng| -> String {
        (*rng.pick(&[
            "",
            "x",
            "T-1",
            "✅ Complete",
            "in_progress",
            "\\|",
            "`a|b`",
            "pending",
            "1",
            "Phase 2",
            "阶段 2",
            "-",
            "**Status**",
            "blocked",
        ]))
        .to_string()
    };
    let row = |rng: &mut Rng, n: usize| -> String {
        let lead = if rng.chance(1, 5) { "" } else { "|" };
        let tail = if rng.chance(1, 5) { "" } else { "|" };
        let cells: Vec<String> = (0..n).map(|_| cell(rng)).collect();
        format!("{lead} {} {tail}", cells.join(" | "))
    };
    let mut lines = Vec::new();
    if rng.chance(1, 2) {
        lines.push(
            (*rng.pick(&["## Errors Encountered", "## Decisions Made", "## Phases", "## Progress"]))
                .to_string(),
        );
    }
    lines.push(row(rng, cols));
    let delim = rng.range(0, cols + 2);
    lines.push(format!("|{}", "---|".repeat(delim)));
    for _ in 0..rng.range(0, 6) {
        let n = rng.range(0, cols + 3);
        lines.push(row(rng, n));
    }
    insert_lines(rng, bytes, &lines);
}

fn deep_nesting(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let depth = rng.range(8, 120);
    let mut lines = Vec::new();
    match rng.below(4) {
        0 => {
            for d in 0..depth.min(60) {
                lines.push(format!("{}- [ ] N-{d}: nested task", "  ".repeat(d)));
            }
        }
        1 => lines.push(format!("{} - [x] Q-1: quoted", ">".repeat(depth))),
        2 => {
            for d in 0..depth.min(40) {
                lines.push(format!("{}{}. step {d}", "   ".repeat(d), d + 1));
            }
        }
        _ => lines.push(format!("{} Phase 9: deep {}", "#".repeat(rng.range(1, 12)), "[".repeat(depth))),
    }
    insert_lines(rng, bytes, &lines);
}

fn eol_mix(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let mode = rng.below(5);
    let lines = split_lines(bytes);
    let mut out = Vec::with_capacity(bytes.len() + lines.len());
    for line in lines {
        let body = line.strip_suffix(b"\n").unwrap_or(&line);
        let had_eol = line.ends_with(b"\n");
        let body = body.strip_suffix(b"\r").unwrap_or(body);
        out.extend_from_slice(body);
        if !had_eol {
            continue;
        }
        let eol: &[u8] = match mode {
            0 => b"\r\n",
            1 => b"\r",
            2 => b"\n",
            _ => rng.pick::<&[u8]>(&[&b"\n"[..], b"\r\n", b"\r", b"\n\r"]),
        };
        out.extend_from_slice(eol);
    }
    if mode == 4 {
        while out.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
            out.pop();
        }
    }
    *bytes = out;
}

fn bom(rng: &mut Rng, bytes: &mut Vec<u8>) {
    match rng.below(4) {
        0 => {
            bytes.splice(0..0, [0xEF, 0xBB, 0xBF]);
        }
        1 => {
            bytes.splice(0..0, [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]);
        }
        2 => {
            bytes.splice(0..0, [0xFF, 0xFE]);
        }
        _ => {
            let at = boundary(bytes, rng.below(bytes.len() + 1));
            bytes.splice(at..at, [0xEF, 0xBB, 0xBF]);
        }
    }
}

fn invalid_utf8(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let bad: &[u8] = rng.pick::<&[u8]>(&[
        &[0xFF][..],
        &[0xC3],
        &[0xE6, 0x97],
        &[0xED, 0xA0, 0x80],
        &[0xC0, 0xAF],
        &[0xF4, 0x90, 0x80, 0x80],
        &[0x00],
        &[0x80],
    ]);
    let at = rng.below(bytes.len() + 1);
    bytes.splice(at..at, bad.iter().copied());
}

fn long_line(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let len = *rng.pick(&[300, 2_000, 20_000, 100_000]);
    let unit = *rng.pick(&["a", "修复", "| x ", "- [ ] ", "*", "`", "[", "🚀", "e\u{301}", "\\|", " "]);
    let mut line = (*rng.pick(&["", "- [ ] L-1: ", "## Phase 1: ", "| ", "> ", "**Status:** "])).to_string();
    while line.len() < len {
        line.push_str(unit);
    }
    insert_lines(rng, bytes, &[line]);
}

const INVISIBLE: &[&str] = &[
    "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{200E}", "\u{200F}", "\u{202A}",
    "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    "\u{061C}", "\u{00AD}",
];

/// Insert short strings at character starts.
fn sprinkle(rng: &mut Rng, bytes: &mut Vec<u8>, pool: &[&str], times: usize) {
    for _ in 0..times {
        let at = boundary(bytes, rng.below(bytes.len() + 1));
        let s = *rng.pick(pool);
        bytes.splice(at..at, s.bytes());
    }
}

fn invisible_marks(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let times = rng.range(1, 30);
    sprinkle(rng, bytes, INVISIBLE, times);
    if rng.chance(1, 2) {
        let mark = *rng.pick(INVISIBLE);
        insert_lines(
            rng,
            bytes,
            &[format!("## {mark}Phase {mark}3{mark}: rtl {mark}"), format!("- [{mark}x] R{mark}-1: mark")],
        );
    }
}

fn combining_marks(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let pool =
        ["\u{0301}", "\u{0308}", "\u{20DD}", "\u{FE0F}", "\u{1F3FB}", "\u{0327}", "\u{0489}", "\u{3099}"];
    let times = rng.range(1, 20);
    sprinkle(rng, bytes, &pool, times);
    if rng.chance(1, 3) {
        let stack: String = std::iter::repeat_n("\u{0301}", rng.range(10, 300)).collect();
        insert_lines(
            rng,
            bytes,
            &[format!("### Phase 4{stack}: zalgo{stack}"), format!("- [ ] Z-1{stack}: z")],
        );
    }
}

/// A date cut inside a multibyte character: `2026-05-1日`, `2026-03-01T1日`. Two cuts in three
/// are where a parser that checks a date by some of its bytes then slices at byte 10 (or 16, after
/// a `T`) lands inside the character: in the day, or in the time.
fn cut_date_text(rng: &mut Rng) -> String {
    let full = "2026-05-14T12:34:56";
    let cut = if rng.chance(2, 3) {
        *rng.pick(&[8, 9, 9, 9, 11, 12, 13, 15])
    } else {
        rng.range(5, full.len() - 1)
    };
    let tail = *rng.pick(&["日", "年", "é", "🚀", "١", "ー", "〇", "\u{200B}", "Ⅻ"]);
    format!("{}{tail}", &full[..cut])
}

fn cut_date(rng: &mut Rng, bytes: &mut Vec<u8>) {
    if rng.chance(1, 4) {
        // Cut a date already in the file, if there is one.
        let starts: Vec<usize> = bytes
            .windows(5)
            .enumerate()
            .filter(|(_, w)| {
                w[0] == b'2' && w[1] == b'0' && w[2].is_ascii_digit() && w[3].is_ascii_digit() && w[4] == b'-'
            })
            .map(|(i, _)| i)
            .collect();
        if !starts.is_empty() {
            let at = *rng.pick(&starts) + rng.range(5, 15);
            if at < bytes.len() && bytes[at].is_ascii() {
                let c = *rng.pick(&["日", "é", "🚀"]);
                bytes.splice(at..=at, c.bytes());
                return;
            }
        }
    }
    let d = cut_date_text(rng);
    let n = rng.range(1, 9);
    let line = match rng.below(10) {
        0 => format!("## {d} Phase {n}"),
        1 => format!("## Review {d}"),
        2 => format!("### {d}"),
        3 => format!("- [ ] {d} task"),
        4 => format!("| {d} | note | x |"),
        5 => format!("**Last Updated:** {d}"),
        6 => format!("## {d}"),
        7 => format!("### Phase {n}: ship {d}"),
        8 => format!("- [x] T-{n}: done {d}"),
        _ => format!("# Session {d}"),
    };
    insert_lines(rng, bytes, &[line]);
}

fn truncate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let at = rng.below(bytes.len() + 1);
    bytes.truncate(at);
}

const STATUSES: &[&str] = &[
    "pending",
    "in_progress",
    "complete",
    "blocked",
    "skipped",
    "✅ Complete",
    "🔄 In Progress",
    "⏸️ pending",
    "`done`",
    "(COMPLETE)",
    "已完成",
    "进行中",
    "完了",
    "TODO",
    "deferred (x)",
    "",
];

fn plan_lines(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let mut lines = Vec::new();
    for _ in 0..rng.range(1, 6) {
        let n = rng.range(1, 12);
        let id = *rng.pick(&["T-", "BE-", "FE-", "", "阶段 ", "Phase ", "P", "1.", "task-"]);
        let st = *rng.pick(STATUSES);
        let line = match rng.below(9) {
            0 => format!("### Phase {n}: Work {st}"),
            1 => format!("## Group {n} — {st}"),
            2 => format!(
                "- [{}] {id}{n}: do it (depends: {id}{})",
                rng.pick(&[" ", "x", "X", "~", "!", "-", "/"]),
                n + 1
            ),
            3 => format!("- **Status:** {st}"),
            4 => format!("**Status**: {st}"),
            5 => "## Current Group".to_string(),
            6 => format!("Group {n}"),
            7 => format!("| {n} | {id}{n} thing | {st} |"),
            _ => format!("{}- [ ] {id}{n}{}: sub", "  ".repeat(rng.below(4)), rng.pick(&["", ".1", "a"])),
        };
        lines.push(line);
    }
    insert_lines(rng, bytes, &lines);
}

fn duplicate_lines(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let mut lines = split_lines(bytes);
    if lines.is_empty() {
        return;
    }
    let start = rng.below(lines.len());
    let end = (start + rng.range(1, 20)).min(lines.len());
    let copy: Vec<Vec<u8>> = lines[start..end].to_vec();
    let at = rng.below(lines.len() + 1);
    lines.splice(at..at, copy);
    *bytes = lines.concat();
}

// ---------------------------------------------------------------------------------------------
// Arguments.

/// Text for a note, a decision, an error: mostly ordinary, often hostile.
fn text_arg(rng: &mut Rng, in_process: bool) -> String {
    let mut s = String::new();
    if !in_process && rng.chance(1, 2) {
        // Through the binary, often a long CJK text first: the lock-holder line is the command
        // line cut at byte 160, which then falls inside the text (and one time in three or more
        // inside a character, as the prefix before it varies).
        let prefix = "x".repeat(rng.below(4));
        let n = rng.range(60, 200);
        s.push_str(&format!(
            "{prefix}{} ",
            "修复解析器的日期处理".chars().cycle().take(n).collect::<String>()
        ));
    }
    for _ in 0..rng.range(1, 3) {
        let piece = match rng.below(14) {
            0 | 1 => "fixed the parser".to_string(),
            2 | 3 => {
                // Long CJK text after an ASCII prefix of varying length, so that byte 160 of a
                // command line falls inside a character one time in three or more.
                let prefix = "x".repeat(rng.below(4));
                let n = rng.range(60, 200);
                format!("{prefix}{}", "修复解析器的日期处理".chars().cycle().take(n).collect::<String>())
            }
            4 => "a | b \\| c || d".to_string(),
            5 => "line one\nline two\r\nline three\rfour".to_string(),
            6 => (*rng.pick(&[
                "## Heading",
                "```",
                "<!--",
                "---",
                "ORCHESTRATOR STATUS: COMPLETE",
                "| x | y |",
            ]))
            .to_string(),
            7 => format!("\u{202E}evil\u{200B}{}\u{2066}", rng.pick(INVISIBLE)),
            8 => format!("e{}", "\u{0301}".repeat(rng.range(1, 50))),
            9 => cut_date_text(rng),
            10 => "🚀✅ done 👍🏽".to_string(),
            11 => "y".repeat(rng.range(200, 5000)),
            12 => (*rng.pick(&["   ", "\t", "-x", "--json", "", "\u{3000}"])).to_string(),
            _ => (*rng.pick(&["<script>alert(1)</script>", "&amp; <b>", "\u{0}nul", "\u{7}\u{1b}[31m"]))
                .to_string(),
        };
        s.push_str(&piece);
        s.push(' ');
    }
    let s = s.trim_end_matches(' ').to_string();
    if in_process {
        // `-` reads stdin, which the test's process must not wait on.
        if s.trim() == "-" { "dash".to_string() } else { s }
    } else {
        // A process argument cannot hold NUL.
        s.replace('\0', "\\0")
    }
}

fn state_arg(rng: &mut Rng) -> String {
    (*rng.pick(&[
        "pending",
        "in_progress",
        "complete",
        "blocked",
        "skipped",
        "complete",
        "in_progress",
        "done",
        "todo",
        "x",
        "✅",
        "IN_PROGRESS",
        "wip",
        "完了",
        "",
    ]))
    .to_string()
}

fn agent_state_arg(rng: &mut Rng) -> String {
    (*rng.pick(&["IN_PROGRESS", "COMPLETE", "BLOCKED", "CONTINUATION_REQUIRED", "complete", "DONE", ""]))
        .to_string()
}

/// The ids and texts of the plan's tasks, as the library parses them. (The one place this test
/// uses the library's modules beyond `cli` and `commands`.)
fn parsed_tasks(text: &str) -> (Vec<String>, Vec<String>) {
    let doc = pplan::text::Document::from_text(text.to_string());
    let plan = pplan::plan::Plan::parse(&doc);
    let ids = plan.tasks.iter().filter_map(|t| t.id.map(str::to_string)).collect();
    let texts = plan.tasks.iter().map(|t| t.text.to_string()).collect();
    (ids, texts)
}

/// What `status --json` and the plan's text offer as targets.
#[derive(Default)]
struct Targets {
    tasks: Vec<String>,
    groups: Vec<String>,
    texts: Vec<String>,
    tokens: Vec<String>,
}

impl Targets {
    fn from(status_json: &str, plan: &[u8]) -> Targets {
        let mut t = Targets::default();
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(status_json) {
            for list in ["next_tasks", "in_progress"] {
                for task in v[list].as_array().into_iter().flatten() {
                    if let Some(id) = task["id"].as_str() {
                        t.tasks.push(id.to_string());
                    }
                    if let Some(text) = task["text"].as_str() {
                        t.texts.push(text.to_string());
                    }
                }
            }
            for g in v["groups"].as_array().into_iter().flatten() {
                for k in ["id", "key"] {
                    if let Some(id) = g[k].as_str() {
                        t.groups.push(id.to_string());
                    }
                }
            }
        }
        // Every task's id and text as pplan parses them (`status` lists only the open tasks).
        // (A panic here is the commands' to report, not this test's.)
        let parsed =
            std::str::from_utf8(plan).ok().and_then(|text| panic::catch_unwind(|| parsed_tasks(text)).ok());
        if let Some((ids, texts)) = parsed {
            t.tasks.extend(ids);
            t.texts.extend(texts);
        }
        // Words shaped like task ids (`BE-001:`, `**1.2**`, `T-3 `): `status` lists only the
        // open tasks, and an id it does not list is still a target.
        let text = String::from_utf8_lossy(plan);
        for word in text.split(|c: char| c.is_whitespace() || matches!(c, '|' | '`' | '[' | ']' | '(' | ')'))
        {
            let id = word.trim_matches('*').trim_end_matches([':', '：', '.', '-']);
            let shaped = id.len() <= 24
                && id.starts_with(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit())
                && id.bytes().any(|b| b.is_ascii_digit())
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
            if shaped && !t.tokens.iter().any(|k| k == id) {
                t.tokens.push(id.to_string());
            }
        }
        t
    }

    fn task(&self, rng: &mut Rng) -> String {
        match rng.below(10) {
            0..6 if !self.tasks.is_empty() => rng.pick(&self.tasks).clone(),
            0..9 if !self.tokens.is_empty() => rng.pick(&self.tokens).clone(),
            _ => (*rng.pick(&["T-1", "1", "Phase 1", "nope", "阶段 1", "2026-05-1日", "..", "a/b"]))
                .to_string(),
        }
    }

    fn group(&self, rng: &mut Rng) -> String {
        match rng.below(10) {
            0..7 if !self.groups.is_empty() => rng.pick(&self.groups).clone(),
            _ => (*rng.pick(&["1", "2", "Phase 1", "Group 9", "一", ""])).to_string(),
        }
    }

    fn text(&self, rng: &mut Rng) -> String {
        if self.texts.is_empty() || rng.chance(1, 5) {
            return (*rng.pick(&["the", "x", "修复", "|", ""])).to_string();
        }
        let chars: Vec<char> = rng.pick(&self.texts).chars().collect();
        let start = rng.below(chars.len());
        let end = (start + rng.range(1, 12)).min(chars.len());
        chars[start..end].iter().collect()
    }
}

// ---------------------------------------------------------------------------------------------
// Steps: one command, and what it may change.

/// A file a command may change: in at most `hunks` runs of lines, each deleting at most `del` and
/// inserting at most `ins` lines; `create`: it may appear (its content is then not bounded).
#[derive(Clone, Debug)]
struct May {
    file: String,
    hunks: usize,
    del: usize,
    ins: usize,
    create: bool,
}

fn may(file: &str, hunks: usize, del: usize, ins: usize) -> May {
    May { file: file.to_string(), hunks, del, ins, create: false }
}

struct Step {
    args: Vec<OsString>,
    /// Files it may change when it succeeds; empty for readers and dry runs.
    may: Vec<May>,
    /// stdout must be JSON when the command returns a result.
    json: bool,
    /// Run it a second time right after a success: nothing may change (a no-op).
    again_is_noop: bool,
    /// `report -o`: the page, which must be well-formed.
    report: Option<PathBuf>,
    /// A successful run makes this the agent of the agent commands.
    spawns: Option<String>,
}

fn step(args: &[&str]) -> Step {
    let json = args.contains(&"--json") || args.windows(2).any(|w| w == ["--format", "json"]);
    Step {
        args: args.iter().map(OsString::from).collect(),
        may: Vec::new(),
        json,
        again_is_noop: false,
        report: None,
        spawns: None,
    }
}

fn owned_step(args: Vec<String>, may: Vec<May>) -> Step {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut s = step(&refs);
    s.may = may;
    s
}

/// Lines a text adds (each LF, CR or CRLF ends one), for the bound of an entry.
fn line_count(s: &str) -> usize {
    s.bytes().filter(|&b| b == b'\n' || b == b'\r').count() + 1
}

fn maybe_json(rng: &mut Rng, args: &mut Vec<String>) {
    if rng.chance(1, 2) {
        args.push("--json".into());
    }
}

/// The reading commands, each once, in one of its forms.
fn read_steps(rng: &mut Rng, report: &Path) -> Vec<Step> {
    let forms: [&[&[&str]]; 6] = [
        &[&["check"], &["check", "--format", "json"], &["check", "--format", "github"], &["check", "--json"]],
        &[&["list"], &["list", "--all"], &["list", "--json"], &["list", "--all", "--json"]],
        &[
            &["reboot"],
            &["reboot", "--json"],
            &["reboot", "--budget", "64"],
            &["reboot", "--budget", "0", "--json"],
        ],
        &[&["waves"], &["waves", "--json"]],
        &[&["poll"], &["poll", "--json"], &["poll", "--group", "1"]],
        &[&["files"], &["files", "--json", "--batches", "2"], &["files", "--batches", "0"]],
    ];
    // Both forms of `status`: the JSON one names the targets of the writes.
    let mut steps = vec![step(&["status"]), step(&["status", "--json"])];
    steps.extend(forms.iter().map(|f| step(rng.pick::<&[&str]>(f))));
    let mut r = step(&["report", "--html", "-o"]);
    r.args.push(report.as_os_str().to_owned());
    if rng.chance(1, 3) {
        r.args.push("--json".into());
        r.json = true;
    }
    r.report = Some(report.to_path_buf());
    steps.push(r);
    steps
}

/// Writes to task_plan.md and progress.md (and their dry runs), in order.
fn plan_write_steps(rng: &mut Rng, t: &Targets, in_process: bool) -> Vec<Step> {
    let plan = "task_plan.md";
    let mut steps = Vec::new();
    // set, dry run first, then for real, then the same again (a no-op).
    let (id, state) = (t.task(rng), state_arg(rng));
    steps.push(owned_step(vec!["set".into(), "--dry-run".into(), id.clone(), state.clone()], Vec::new()));
    let mut args = vec!["set".into(), id, state];
    maybe_json(rng, &mut args);
    let mut s = owned_step(args, vec![may(plan, 1, 1, 2)]);
    s.again_is_noop = true;
    steps.push(s);
    let mut args = vec!["set".into(), "--group".into(), t.group(rng), state_arg(rng)];
    maybe_json(rng, &mut args);
    let mut s = owned_step(args, vec![may(plan, 8, 4, 5)]);
    s.again_is_noop = true;
    steps.push(s);
    let mut args = vec!["set".into(), "--text".into(), t.text(rng), state_arg(rng)];
    maybe_json(rng, &mut args);
    steps.push(owned_step(args, vec![may(plan, 1, 1, 2)]));
    // error: a row (and on a third strike the task's status); its dry run; a resolution.
    // Up to three real rows for one task, so that a third strike (exit 3) happens now and then.
    let task = t.task(rng);
    let real = if rng.chance(1, 3) { 3 } else { rng.range(1, 2) };
    let dry = rng.chance(1, 3);
    for dry in std::iter::once(true).filter(|_| dry).chain(std::iter::repeat_n(false, real)) {
        let mut args = vec![
            "error".into(),
            task.clone(),
            "--error".into(),
            text_arg(rng, in_process),
            "--approach".into(),
            text_arg(rng, in_process),
        ];
        if rng.chance(1, 3) {
            args.extend(["--resolution".into(), text_arg(rng, in_process)]);
        }
        if dry {
            args.push("--dry-run".into());
        }
        maybe_json(rng, &mut args);
        steps.push(owned_step(args, if dry { Vec::new() } else { vec![may(plan, 2, 1, 8)] }));
    }
    let mut args = vec!["error".into(), task, "--resolve".into(), text_arg(rng, in_process)];
    maybe_json(rng, &mut args);
    steps.push(owned_step(args, vec![may(plan, 1, 1, 1)]));
    // decide, dry run and real.
    let dry = rng.chance(1, 3);
    for dry in std::iter::once(true).filter(|_| dry).chain([false]) {
        let mut args =
            vec!["decide".into(), text_arg(rng, in_process), "--why".into(), text_arg(rng, in_process)];
        if dry {
            args.push("--dry-run".into());
        }
        maybe_json(rng, &mut args);
        steps.push(owned_step(args, if dry { Vec::new() } else { vec![may(plan, 1, 1, 8)] }));
    }
    // checkpoint into progress.md (created from the template if missing).
    let text = text_arg(rng, in_process);
    let mut args = vec!["checkpoint".into(), text.clone()];
    if rng.chance(1, 3) {
        args.extend(["--files".into(), "src/a.rs,docs/b.md".into()]);
    }
    maybe_json(rng, &mut args);
    let mut m = may("progress.md", 1, 1, line_count(&text) + 6);
    m.create = true;
    steps.push(owned_step(args, vec![m]));
    steps
}

/// `spawn --dry-run`, then a real spawn of one task.
fn spawn_steps(rng: &mut Rng, t: &Targets) -> Vec<Step> {
    let id = t.task(rng);
    // The dry run of the group's ready tasks, or of the one task.
    let mut args = vec!["spawn".into(), "--dry-run".into()];
    if rng.chance(1, 2) {
        args.push(id.clone());
    }
    maybe_json(rng, &mut args);
    let mut steps = vec![owned_step(args, Vec::new())];
    let mut args = vec!["spawn".into(), id.clone()];
    maybe_json(rng, &mut args);
    let created = |name: String| May { file: name, hunks: 0, del: 0, ins: 0, create: true };
    let mut s = owned_step(
        args,
        vec![
            // The task's marker, and the group's stated status when it was pending.
            may("task_plan.md", 2, 2, 2),
            created(format!("findings_{id}.md")),
            created(format!("progress_{id}.md")),
        ],
    );
    s.spawns = Some(id);
    steps.push(s);
    steps
}

/// The sub-agent's writes to its own files.
fn agent_steps(rng: &mut Rng, agent: &str, in_process: bool) -> Vec<Step> {
    let (findings, progress) = (format!("findings_{agent}.md"), format!("progress_{agent}.md"));
    let mut steps = Vec::new();
    let text = text_arg(rng, in_process);
    let mut args = vec!["note".into(), "--agent".into(), agent.into(), text.clone()];
    maybe_json(rng, &mut args);
    steps.push(owned_step(args, vec![may(&findings, 1, 1, line_count(&text) + 6)]));
    let text = text_arg(rng, in_process);
    let mut args =
        vec!["log".into(), "--agent".into(), agent.into(), text.clone(), "--files".into(), "src/x.rs".into()];
    maybe_json(rng, &mut args);
    steps.push(owned_step(args, vec![may(&progress, 1, 1, line_count(&text) + 6)]));
    let text = text_arg(rng, in_process);
    let mut args = vec!["checkpoint".into(), text.clone(), "--agent".into(), agent.into()];
    maybe_json(rng, &mut args);
    steps.push(owned_step(args, vec![may(&progress, 1, 1, line_count(&text) + 6)]));
    let mut args = vec!["mark".into(), "--agent".into(), agent.into(), agent_state_arg(rng)];
    if rng.chance(1, 2) {
        args.extend(["--resume-from".into(), text_arg(rng, in_process)]);
    }
    if rng.chance(1, 3) {
        args.extend(["--reason".into(), text_arg(rng, in_process)]);
    }
    maybe_json(rng, &mut args);
    steps.push(owned_step(args, vec![may(&progress, 1, 5, 6)]));
    steps
}

fn final_steps(rng: &mut Rng) -> Vec<Step> {
    let forms: &[&[&str]] = &[
        &["merge", "--dry-run"],
        &["merge", "--dry-run", "--json"],
        &["merge", "--dry-run", "--partial", "--strict"],
    ];
    vec![step(rng.pick::<&[&str]>(forms))]
}

// ---------------------------------------------------------------------------------------------
// Running a step, in-process or through the binary.

enum Ran {
    /// `result`: the command returned a result (not an error), so stdout is its answer.
    Done {
        code: i32,
        result: bool,
        stdout: String,
        stderr: String,
    },
    Panicked(String),
    TimedOut,
}

thread_local! {
    static LAST_PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

type Hook = Box<dyn Fn(&panic::PanicHookInfo<'_>) + Sync + Send + 'static>;

/// While alive, panics on the fuzz's own threads are recorded, not printed; others go to the hook
/// that was there before, which is put back on drop.
struct QuietPanics {
    previous: Arc<Hook>,
}

impl QuietPanics {
    fn install() -> QuietPanics {
        let previous: Arc<Hook> = Arc::new(panic::take_hook());
        let chained = Arc::clone(&previous);
        panic::set_hook(Box::new(move |info| {
            if std::thread::current().name().is_some_and(|n| n.starts_with(CASE_THREAD)) {
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
            } else {
                chained(info);
            }
        }));
        QuietPanics { previous }
    }
}

impl Drop for QuietPanics {
    fn drop(&mut self) {
        let _ = panic::take_hook();
        let previous = Arc::clone(&self.previous);
        panic::set_hook(Box::new(move |info| previous(info)));
    }
}

fn run_in_process(dir: &Path, args: &[OsString]) -> Ran {
    let mut argv: Vec<OsString> = vec!["pplan".into(), "-C".into(), dir.as_os_str().to_owned()];
    argv.extend(args.iter().cloned());
    let (tx, rx) = mpsc::channel();
    let (tid_tx, tid_rx) = mpsc::channel();
    let worker = std::thread::Builder::new().name(CASE_THREAD.into()).spawn(move || {
        // Its thread id, so that its CPU time can be read from /proc.
        let _ = tid_tx.send(
            fs::read_to_string("/proc/thread-self/stat")
                .ok()
                .and_then(|s| s.split_whitespace().next().map(str::to_string)),
        );
        let result = panic::catch_unwind(AssertUnwindSafe(|| match Cli::try_parse_from(argv) {
            Err(e) => (if e.use_stderr() { 2 } else { 0 }, false, String::new()),
            Ok(cli) => match pplan::commands::run(cli, &mut std::io::sink()) {
                Ok(out) => (out.code as i32, true, out.stdout),
                Err(e) => (e.exit_code() as i32, false, String::new()),
            },
        }));
        let sent = match result {
            Ok((code, result, stdout)) => Ran::Done { code, result, stdout, stderr: String::new() },
            Err(payload) => {
                let hooked = LAST_PANIC.with(|p| p.borrow_mut().take());
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Ran::Panicked(hooked.unwrap_or(message))
            }
        };
        let _ = tx.send(sent);
    });
    let worker = worker.expect("spawn a case thread");
    let stat = tid_rx.recv().ok().flatten().map(|tid| PathBuf::from(format!("/proc/self/task/{tid}/stat")));
    let started = Instant::now();
    loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(ran) => {
                let _ = worker.join();
                return ran;
            }
            Err(RecvTimeoutError::Timeout) => {
                if over_limit(stat.as_deref(), started) {
                    return Ran::TimedOut;
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Ran::Panicked("the case thread ended without a result".into());
            }
        }
    }
}

/// CPU time (user and system) of a thread or process from its `/proc/…/stat`, at 100 ticks a
/// second (Linux's `USER_HZ` everywhere in practice).
fn cpu_time(stat: &Path) -> Option<Duration> {
    let text = fs::read_to_string(stat).ok()?;
    let fields: Vec<&str> = text.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Whether a run has used up its time: [`RUN_LIMIT`] of CPU time (of wall time where CPU time
/// cannot be read), or [`WALL_LIMIT`].
fn over_limit(stat: Option<&Path>, started: Instant) -> bool {
    let wall = started.elapsed();
    let used = stat.and_then(cpu_time).unwrap_or(wall);
    used > RUN_LIMIT || wall > WALL_LIMIT
}

fn run_binary(dir: &Path, args: &[OsString]) -> Ran {
    let mut cmd = Command::new(crate::harness::BIN);
    cmd.arg("-C")
        .arg(dir)
        .args(args)
        .env_remove("PPLAN_DIR")
        .env("PPLAN_LOCK_TIMEOUT_MS", "2000")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("run pplan");
    // Read both pipes on threads so a big output cannot block the child.
    let mut out_pipe = child.stdout.take().expect("stdout");
    let mut err_pipe = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut out_pipe, &mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut err_pipe, &mut v);
        v
    });
    let started = Instant::now();
    let stat = PathBuf::from(format!("/proc/{}/stat", child.id()));
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if !over_limit(Some(&stat), started) => std::thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let stdout = String::from_utf8_lossy(&out.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err.join().unwrap_or_default()).into_owned();
    match status {
        None => Ran::TimedOut,
        Some(s) => match s.code() {
            Some(101) if stderr.contains("panicked at") => Ran::Panicked(stderr),
            Some(code) => Ran::Done { code, result: code == 0 || !stdout.is_empty(), stdout, stderr },
            None => Ran::Panicked(format!("killed by a signal ({s}); stderr: {stderr}")),
        },
    }
}

// ---------------------------------------------------------------------------------------------
// Checks.

/// The plan directory's regular files (not `.pplan/`).
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.file_type().is_ok_and(|t| t.is_file()) {
            let name = entry.file_name().to_string_lossy().into_owned();
            files.insert(name, fs::read(entry.path()).unwrap_or_default());
        }
    }
    files
}

/// Lines as the bytes they are: each ends at LF, CRLF or a lone CR.
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let end = match bytes[i] {
            b'\n' => Some(i + 1),
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => Some(i + 2),
            b'\r' => Some(i + 1),
            _ => None,
        };
        match end {
            Some(e) => {
                out.push(&bytes[start..e]);
                start = e;
                i = e;
            }
            None => i += 1,
        }
    }
    if start < bytes.len() {
        out.push(&bytes[start..]);
    }
    out
}

/// Changed lines this close (unchanged lines between them) are one run: a rewritten block whose
/// minimal diff keeps a line of it (a marker block's `---`) is still one edit.
const MERGE_GAP: usize = 2;

/// The runs of changed lines between two versions: (deleted, inserted) for each, where changes at
/// most [`MERGE_GAP`] unchanged lines apart are one run.
fn hunks(before: &[u8], after: &[u8]) -> Vec<(usize, usize)> {
    let (a, b) = (lines(before), lines(after));
    let mut out = Vec::new();
    let mut cur: Option<(usize, usize)> = None;
    let mut gap = 0;
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &a, &b) {
        let (del, ins) = match op {
            similar::DiffOp::Equal { len, .. } => {
                gap += len;
                continue;
            }
            similar::DiffOp::Delete { old_len, .. } => (old_len, 0),
            similar::DiffOp::Insert { new_len, .. } => (0, new_len),
            similar::DiffOp::Replace { old_len, new_len, .. } => (old_len, new_len),
        };
        match cur.as_mut() {
            Some(c) if gap <= MERGE_GAP => {
                c.0 += del;
                c.1 += ins;
            }
            Some(c) => {
                out.push(*c);
                *c = (del, ins);
            }
            None => cur = Some((del, ins)),
        }
        gap = 0;
    }
    out.extend(cur);
    out
}

/// Whether the files changed only as `may` allows (`may` empty: not at all).
fn check_files(
    before: &BTreeMap<String, Vec<u8>>,
    after: &BTreeMap<String, Vec<u8>>,
    may: &[May],
) -> Result<(), String> {
    let names: std::collections::BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    for name in names {
        let (b, a) = (before.get(name), after.get(name));
        if b == a {
            continue;
        }
        let allowed = may.iter().find(|m| &m.file == name);
        match (b, a, allowed) {
            (_, _, None) => {
                return Err(format!(
                    "`{name}` {} though this command may change only [{}]",
                    match (b, a) {
                        (None, _) => "appeared",
                        (_, None) => "disappeared",
                        _ => "changed",
                    },
                    may.iter().map(|m| m.file.as_str()).collect::<Vec<_>>().join(", ")
                ));
            }
            (None, Some(_), Some(m)) if m.create => {}
            (Some(_), None, Some(_)) => return Err(format!("`{name}` disappeared")),
            (None, Some(_), Some(_)) => return Err(format!("`{name}` appeared")),
            (Some(b), Some(a), Some(m)) => {
                let hs = hunks(b, a);
                let too_big = hs.iter().find(|(d, i)| *d > m.del || *i > m.ins);
                if hs.len() > m.hunks.max(1) || too_big.is_some() {
                    return Err(format!(
                        "`{name}` changed in {} run(s) of lines {hs:?} (deleted, inserted); at most {} of at most ({}, {}) allowed:\n{}",
                        hs.len(),
                        m.hunks.max(1),
                        m.del,
                        m.ins,
                        show_diff(b, a)
                    ));
                }
            }
            (None, None, _) => {}
        }
    }
    Ok(())
}

/// A short unified diff, for a failure message.
fn show_diff(before: &[u8], after: &[u8]) -> String {
    let (b, a) = (String::from_utf8_lossy(before), String::from_utf8_lossy(after));
    let diff = similar::TextDiff::from_lines(b.as_ref(), a.as_ref());
    let text = diff.unified_diff().context_radius(1).to_string();
    let shown: Vec<String> = text.lines().take(40).map(|l| format!("    {}", clip(l))).collect();
    shown.join("\n")
}

fn is_json(s: &str) -> bool {
    if serde_json::from_str::<serde_json::Value>(s).is_ok() {
        return true;
    }
    let mut lines = s.lines().filter(|l| !l.trim().is_empty()).peekable();
    lines.peek().is_some() && lines.all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok())
}

fn says_unchanged(stdout: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(stdout)
        .is_ok_and(|v| v["changed"] == serde_json::Value::Bool(false))
}

/// The report page parses strictly as XML (balanced tags, quoted attributes, allowed characters).
fn check_report(path: &Path) -> Result<(), String> {
    let page = fs::read(path).map_err(|e| format!("report page not written: {e}"))?;
    let page = String::from_utf8(page).map_err(|_| "report page is not UTF-8".to_string())?;
    if let Some(c) = page
        .chars()
        .find(|&c| (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{FFFE}' | '\u{FFFF}'))
    {
        return Err(format!("report page holds U+{:04X}, which XML does not allow", c as u32));
    }
    let mut reader = quick_xml::Reader::from_str(&page);
    reader.config_mut().check_end_names = true;
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) => return Ok(()),
            Ok(_) => {}
            Err(e) => {
                return Err(format!("report page is not well-formed at {}: {e}", reader.buffer_position()));
            }
        }
    }
}

fn show_args(args: &[OsString]) -> String {
    let shown: Vec<String> = args
        .iter()
        .map(|a| {
            let s = a.to_string_lossy();
            let s: String = if s.chars().count() > 60 {
                s.chars().take(60).chain("…".chars()).collect()
            } else {
                s.into_owned()
            };
            format!("{s:?}")
        })
        .collect();
    shown.join(" ")
}

/// Run one step and check it; returns the outcome's code and stdout when it finished.
fn run_step(dir: &Path, step: &Step, binary: bool, fail: &mut dyn FnMut(String)) -> Option<(i32, String)> {
    let run = |args: &[OsString]| if binary { run_binary(dir, args) } else { run_in_process(dir, args) };
    let before = snapshot(dir);
    if let Some(report) = &step.report {
        let _ = fs::remove_file(report);
    }
    let shown = show_args(&step.args);
    let (code, result, stdout, stderr) = match run(&step.args) {
        Ran::Done { code, result, stdout, stderr } => (code, result, stdout, stderr),
        Ran::Panicked(message) => {
            fail(format!("`pplan {shown}` panicked: {}", message.trim()));
            return None;
        }
        Ran::TimedOut => {
            fail(format!("`pplan {shown}` did not finish within {RUN_LIMIT:?} of CPU time"));
            return None;
        }
    };
    let after = snapshot(dir);
    if !(0..=5).contains(&code) {
        fail(format!(
            "`pplan {shown}` exited {code}, not one of the documented 0-5; stderr: {}",
            stderr.trim()
        ));
    }
    if step.json && result && !is_json(&stdout) {
        fail(format!("`pplan {shown}` printed what is not JSON: {:?}", clip(&stdout)));
    }
    if binary && step.json && !stderr.trim().is_empty() && !is_json(&stderr) {
        fail(format!("`pplan {shown}` wrote what is not JSON on stderr: {:?}", clip(&stderr)));
    }
    // What may have changed: nothing for a reader, a dry run, a failure (but a third strike) or a
    // result that says it changed nothing.
    let wrote = code == 0 || code == 3;
    let allowed: &[May] = if wrote && !says_unchanged(&stdout) { &step.may } else { &[] };
    if let Err(why) = check_files(&before, &after, allowed) {
        fail(format!("`pplan {shown}` (exit {code}): {why}"));
    }
    if let Some(report) = step.report.as_deref().filter(|_| code == 0)
        && let Err(why) = check_report(report)
    {
        fail(format!("`pplan {shown}`: {why}"));
    }
    if step.again_is_noop && code == 0 {
        match run(&step.args) {
            Ran::Done { code: again, .. } => {
                if let Err(why) = check_files(&after, &snapshot(dir), &[]) {
                    fail(format!("`pplan {shown}` run again (exit {again}) is not a no-op: {why}"));
                }
            }
            Ran::Panicked(message) => fail(format!("`pplan {shown}` run again panicked: {}", message.trim())),
            Ran::TimedOut => {
                fail(format!("`pplan {shown}` run again did not finish within {RUN_LIMIT:?} of CPU time"))
            }
        }
    }
    Some((code, stdout))
}

fn clip(s: &str) -> String {
    s.chars().take(300).collect()
}

fn scratch_root(tag: &str) -> PathBuf {
    // Memory-backed when there is one: every write syncs, and thousands of syncs to a disk
    // would be most of the time.
    let shm = Path::new("/dev/shm");
    let base = if shm.is_dir() && fs::metadata(shm).is_ok_and(|m| !m.permissions().readonly()) {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    };
    let root = base.join(format!("pplan-fuzz-{tag}-{:07}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).expect("create fuzz root");
    root
}

/// Failures of a whole run, each with its case, and the runs counted.
#[derive(Default)]
struct Tally {
    failures: Vec<String>,
    runs: usize,
    inputs: usize,
    hung: bool,
}

/// One input in-process: every reader, every write, the agent's writes, the last readers.
fn fuzz_input(bases: &Bases, seed: u64, index: usize, root: &Path, tally: &Mutex<Tally>) {
    let case = build_case(bases, seed, index);
    let dir = case.materialize(root, "in");
    let report = root.join(format!("report-{index}.html"));
    let mut rng = Rng::new(case_seed(seed, 2, index));
    let mut failures: Vec<String> = Vec::new();
    let mut runs = 0;
    let mut hung = false;
    let mut go = |step: &Step, failures: &mut Vec<String>| -> Option<(i32, String)> {
        if hung {
            return None;
        }
        runs += 1 + usize::from(step.again_is_noop);
        let mut local = Vec::new();
        let out = run_step(&dir, step, false, &mut |f| local.push(f));
        hung |= local.iter().any(|f| f.contains("did not finish"));
        failures.extend(local);
        out
    };
    let mut status_json = String::new();
    for s in read_steps(&mut rng, &report) {
        if let Some((0, out)) = go(&s, &mut failures)
            && s.json
            && s.args.first().is_some_and(|a| a == "status")
        {
            status_json = out;
        }
    }
    let plan = case.files.iter().find(|f| f.0 == "task_plan.md").map(|f| f.1.clone()).unwrap_or_default();
    let targets = Targets::from(&status_json, &plan);
    for s in plan_write_steps(&mut rng, &targets, true) {
        go(&s, &mut failures);
    }
    let mut agent = AGENT.to_string();
    for s in spawn_steps(&mut rng, &targets) {
        if let (Some((0, _)), Some(id)) = (go(&s, &mut failures), &s.spawns)
            && (!case.agent_files || rng.chance(1, 2))
        {
            agent = id.clone();
        }
    }
    for s in agent_steps(&mut rng, &agent, true).into_iter().chain(final_steps(&mut rng)) {
        go(&s, &mut failures);
    }
    let mut t = tally.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    t.runs += runs;
    t.inputs += 1;
    t.hung |= hung;
    if failures.is_empty() {
        let _ = fs::remove_dir_all(&dir);
    } else {
        let head = format!("{}\n  kept in {}", case.describe(seed), dir.display());
        for f in failures {
            t.failures.push(format!("{head}\n  {f}"));
        }
    }
    let _ = fs::remove_file(&report);
}

/// What kind of failure this is, for the summary: where it panicked, or the check and command.
fn problem_kind(failure: &str) -> String {
    let command = failure.split("`pplan \"").nth(1).and_then(|rest| rest.split('"').next()).unwrap_or("?");
    if let Some(at) = failure.split("panicked at ").nth(1) {
        let place: Vec<&str> = at.splitn(3, ':').take(2).collect();
        return format!("panic at {}", place.join(":"));
    }
    let check = if failure.contains("did not finish") {
        "no end"
    } else if failure.contains("not JSON") {
        "not JSON"
    } else if failure.contains("exited") {
        "exit code"
    } else if failure.contains("report page") {
        "report page"
    } else if failure.contains("no-op") {
        "no-op changed bytes"
    } else {
        "files changed beyond the target"
    };
    format!("{check} ({command})")
}

fn report_failures(what: &str, tally: &Tally) {
    if tally.failures.is_empty() {
        return;
    }
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for f in &tally.failures {
        *kinds.entry(problem_kind(f)).or_default() += 1;
    }
    let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("  {n:>4} × {k}")).collect();
    let shown: Vec<&str> = tally.failures.iter().take(MAX_REPORTED).map(String::as_str).collect();
    panic!(
        "{what}: {} failure(s) in {} runs over {} inputs{}:\n{}\n\n{}{}",
        tally.failures.len(),
        tally.runs,
        tally.inputs,
        if tally.hung { " (stopped after a run that did not finish)" } else { "" },
        kinds.join("\n"),
        shown.join("\n\n"),
        if tally.failures.len() > MAX_REPORTED {
            format!("\n\n… and {} more", tally.failures.len() - MAX_REPORTED)
        } else {
            String::new()
        }
    );
}

#[test]
fn fuzz_every_command_in_process() {
    let started = Instant::now();
    let bases = Bases::load(if long_mode() { usize::MAX } else { DEFAULT_CAP });
    let seed = seed();
    let only = env_number("PPLAN_FUZZ_ONLY").map(|i| i as usize);
    let count = env_number("PPLAN_FUZZ_CASES").map_or(bases.all.len() * DEFAULT_ROUNDS, |n| n as usize);
    let indices: Vec<usize> = match only {
        Some(i) => vec![i],
        None => (0..count).collect(),
    };
    let root = scratch_root("lib");
    let tally = Mutex::new(Tally::default());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4);
    {
        let _quiet = QuietPanics::install();
        std::thread::scope(|scope| {
            for _ in 0..workers {
                let driver = std::thread::Builder::new().name(format!("{CASE_THREAD}-driver"));
                let spawned = driver.spawn_scoped(scope, || {
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&index) = indices.get(k) else { break };
                        if tally.lock().unwrap_or_else(std::sync::PoisonError::into_inner).hung {
                            break; // a thread still runs a command that never ended
                        }
                        fuzz_input(&bases, seed, index, &root, &tally);
                    }
                });
                spawned.expect("spawn a driver thread");
            }
        });
    }
    let tally = tally.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    eprintln!(
        "fuzz (in-process): seed {seed:#x}: {} inputs from {} base files, {} command runs, {:.1}s, {} failure(s)",
        tally.inputs,
        bases.all.len(),
        tally.runs,
        started.elapsed().as_secs_f64(),
        tally.failures.len()
    );
    if tally.failures.is_empty() {
        let _ = fs::remove_dir_all(&root);
    }
    report_failures("fuzz (in-process)", &tally);
}

#[test]
fn fuzz_through_the_binary() {
    let started = Instant::now();
    let bases = Bases::load(if long_mode() { usize::MAX } else { DEFAULT_CAP });
    let seed = seed();
    let cases = env_number("PPLAN_FUZZ_BINARY").map_or(DEFAULT_BINARY_CASES, |n| n as usize);
    let only = env_number("PPLAN_FUZZ_ONLY").map(|i| i as usize);
    let root = scratch_root("bin");
    let mut tally = Tally::default();
    for r in 0..cases {
        let mut rng = Rng::new(case_seed(seed, 3, r));
        let index = rng.below(bases.all.len() * DEFAULT_ROUNDS);
        if only.is_some_and(|o| o != index) {
            continue;
        }
        let mut case = build_case(&bases, seed, index);
        // A third of these run in a directory whose name is not UTF-8, whatever the input.
        case.non_utf8_dir |= rng.chance(1, 3);
        let dir = case.materialize(&root, &format!("bin{r}"));
        let report = root.join(format!("report-{r}.html"));
        let mut failures = Vec::new();
        let status = step(&["status", "--json"]);
        let out = run_step(&dir, &status, true, &mut |f| failures.push(f));
        tally.runs += 1;
        let plan = case.files.iter().find(|f| f.0 == "task_plan.md").map(|f| f.1.clone()).unwrap_or_default();
        let targets = Targets::from(out.map(|o| o.1).as_deref().unwrap_or(""), &plan);
        // Mostly writes: they take the lock and write the command line into it.
        let mut pool: Vec<Step> = plan_write_steps(&mut rng, &targets, false);
        pool.extend(agent_steps(&mut rng, AGENT, false));
        pool.extend(agent_steps(&mut rng, AGENT, false));
        pool.extend(spawn_steps(&mut rng, &targets));
        if rng.chance(1, 5) {
            pool = read_steps(&mut rng, &report);
        }
        let pick = rng.below(pool.len());
        let chosen = pool.swap_remove(pick);
        run_step(&dir, &chosen, true, &mut |f| failures.push(f));
        tally.runs += 1 + usize::from(chosen.again_is_noop);
        tally.inputs += 1;
        if failures.is_empty() {
            let _ = fs::remove_dir_all(&dir);
        } else {
            let head = format!(
                "binary case {r} (PPLAN_FUZZ_SEED={seed:#x}): {}\n  kept in {}",
                case.describe(seed),
                dir.display()
            );
            tally.failures.extend(failures.into_iter().map(|f| format!("{head}\n  {f}")));
        }
        let _ = fs::remove_file(&report);
    }
    eprintln!(
        "fuzz (binary): seed {seed:#x}: {} cases, {} runs, {:.1}s, {} failure(s)",
        tally.inputs,
        tally.runs,
        started.elapsed().as_secs_f64(),
        tally.failures.len()
    );
    if tally.failures.is_empty() {
        let _ = fs::remove_dir_all(&root);
    }
    report_failures("fuzz (binary)", &tally);
}

/// The reproducers of the panics this fuzz was written to catch (and found), run every time and
/// checked like any case: a group heading and a findings heading with a date cut inside a
/// character, a decision in a plan whose lines end in a lone CR, and through the binary a long
/// CJK note whose command line is cut at byte 160 inside a character (the lock-holder line) and a
/// write under a `-C` that is not UTF-8.
#[test]
fn fuzz_reproducers() {
    let root = scratch_root("repro");
    let plan: &[u8] = b"# Plan\n\n## Goal\nShip.\n\n### Phase 1: Build\n- [ ] T-1: build it\n";
    let agent_files = [
        (format!("findings_{AGENT}.md"), template("agent_findings.md").into_bytes()),
        (format!("progress_{AGENT}.md"), template("agent_progress.md").into_bytes()),
    ];
    let mut failures = Vec::new();
    let mut case = |name: &str,
                    non_utf8: bool,
                    files: &[(&str, &[u8])],
                    binary: bool,
                    steps: &dyn Fn(&Path) -> Vec<Step>| {
        let mut dir_name = name.as_bytes().to_vec();
        if non_utf8 {
            dir_name.extend_from_slice(b"-\xff\xfe");
        }
        let dir = root.join(OsString::from_vec(dir_name));
        fs::create_dir_all(&dir).expect("create reproducer dir");
        for (file, bytes) in files {
            fs::write(dir.join(file), bytes).expect("write reproducer file");
        }
        for (file, bytes) in &agent_files {
            fs::write(dir.join(file), bytes).expect("write agent file");
        }
        for s in steps(&dir) {
            run_step(&dir, &s, binary, &mut |f| failures.push(format!("reproducer `{name}`: {f}")));
        }
    };
    let _quiet = QuietPanics::install();
    let dated_group: &[u8] =
        b"# Plan\n\n## Goal\nShip.\n\n## 2026-05-1\xe6\x97\xa5 Phase 1\n- [ ] T-1: build it\n";
    case("dated-group", false, &[("task_plan.md", dated_group)], false, &|_| {
        vec![step(&["status", "--json"]), step(&["check"]), step(&["reboot"]), step(&["waves"])]
    });
    let findings: &[u8] =
        b"# Findings\n\n## Review 2026-03-1\xe6\x97\xa5\n- a\n\n## 2026-03-01T1\xe6\x97\xa5\n- b\n";
    case("dated-findings", false, &[("task_plan.md", plan), ("findings.md", findings)], false, &|_| {
        vec![step(&["reboot"]), step(&["reboot", "--json"])]
    });
    // The section's body is found at the next LF (past the section), its end at the next heading.
    let lone_cr: &[u8] = b"# Plan\n\n## Goal\rShip.\r## Decisions Made\r- use REST\r## Notes\rx\n";
    case("lone-cr", false, &[("task_plan.md", lone_cr)], false, &|_| {
        vec![owned_step(
            vec!["decide".into(), "use gRPC".into(), "--why".into(), "speed".into()],
            vec![may("task_plan.md", 1, 1, 8)],
        )]
    });
    case("cjk-note", false, &[("task_plan.md", plan)], true, &|dir| {
        // `pplan -C <dir> note --agent FZ-1 <text>`: the text starts this many bytes in; pad it
        // so that byte 160 falls in the middle of a three-byte character.
        let start = format!("pplan -C {} note --agent {AGENT} ", dir.display()).len();
        let pad = (0..3).find(|p| (160usize.saturating_sub(start + p)) % 3 == 1).unwrap_or(0);
        let text = format!("{}{}", "x".repeat(pad), "修复解析器的日期处理".repeat(12));
        vec![owned_step(
            vec!["note".into(), "--agent".into(), AGENT.into(), text.clone()],
            vec![may(&format!("findings_{AGENT}.md"), 1, 1, line_count(&text) + 6)],
        )]
    });
    case("non-utf8-dir", true, &[("task_plan.md", plan)], true, &|_| {
        vec![
            owned_step(
                vec!["set".into(), "T-1".into(), "complete".into()],
                vec![may("task_plan.md", 1, 1, 2)],
            ),
            step(&["status", "--json"]),
        ]
    });
    drop(_quiet);
    if failures.is_empty() {
        let _ = fs::remove_dir_all(&root);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
