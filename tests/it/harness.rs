//! A tiny builder over a temporary plan directory and the real binary.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

pub const BIN: &str = env!("CARGO_BIN_EXE_pplan");

/// A directory removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new() -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "pplan-it-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// `Test::new().file(..).args([..]).stdout(..).success()`.
pub struct Test {
    pub dir: TempDir,
    args: Vec<String>,
    env: Vec<(String, String)>,
    stdout: Option<String>,
    stderr: Option<String>,
    files: Vec<(String, Vec<u8>)>,
}

impl Test {
    pub fn new() -> Test {
        Test {
            dir: TempDir::new(),
            args: Vec::new(),
            env: Vec::new(),
            stdout: None,
            stderr: None,
            files: Vec::new(),
        }
    }

    pub fn file(self, name: &str, contents: impl AsRef<[u8]>) -> Test {
        let path = self.dir.path().join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("create parent");
        }
        fs::write(path, contents).expect("write file");
        self
    }

    pub fn args<I: IntoIterator<Item = S>, S: AsRef<str>>(mut self, args: I) -> Test {
        self.args.extend(args.into_iter().map(|a| a.as_ref().to_string()));
        self
    }

    pub fn env(mut self, key: &str, value: &str) -> Test {
        self.env.push((key.into(), value.into()));
        self
    }

    pub fn stdout(mut self, s: &str) -> Test {
        self.stdout = Some(s.into());
        self
    }

    pub fn stderr(mut self, s: &str) -> Test {
        self.stderr = Some(s.into());
        self
    }

    /// After the run, this file must hold exactly these bytes.
    pub fn file_eq(mut self, name: &str, contents: impl AsRef<[u8]>) -> Test {
        self.files.push((name.into(), contents.as_ref().to_vec()));
        self
    }

    pub fn success(self) -> Done {
        self.status(0)
    }

    pub fn status(self, code: i32) -> Done {
        let out = run_in(self.dir.path(), &self.args, &self.env);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(code),
            "exit code of {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
            self.args
        );
        if let Some(want) = &self.stdout {
            assert_eq!(&stdout, want, "stdout of {:?}", self.args);
        }
        if let Some(want) = &self.stderr {
            assert_eq!(&stderr, want, "stderr of {:?}", self.args);
        }
        for (name, want) in &self.files {
            let got = fs::read(self.dir.path().join(name)).expect("read result file");
            assert!(
                got == *want,
                "{name} differs:\n--- got\n{}\n--- want\n{}",
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(want)
            );
        }
        Done { out, dir: self.dir }
    }
}

/// A finished run: its output, and the directory it ran in (kept until dropped).
pub struct Done {
    pub out: Output,
    pub dir: TempDir,
}

impl std::ops::Deref for Done {
    type Target = Output;
    fn deref(&self) -> &Output {
        &self.out
    }
}

pub fn run_in(dir: &Path, args: &[String], env: &[(String, String)]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).current_dir(dir);
    for var in ["PPLAN_DIR", "PLAN_ID", "PWF_PLAN_ROOT", "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR"] {
        cmd.env_remove(var);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run pplan")
}

/// Run pplan in `dir`: its exit code, stdout and stderr.
pub fn pplan(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    pplan_env(dir, args, &[])
}

/// Run pplan in `dir` with extra environment variables: its exit code, stdout and stderr.
pub fn pplan_env(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let env: Vec<(String, String)> = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let out = run_in(dir, &args, &env);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `pplan -C dir status --json`, parsed.
pub fn status_json(dir: &Path) -> serde_json::Value {
    let out = run_in(dir, &["status".into(), "--json".into()], &[]);
    assert_eq!(out.status.code(), Some(0), "status failed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("status --json is JSON")
}

/// `status --json` of `plan` written alone as `task_plan.md` in a fresh directory.
pub fn plan_status_json(plan: &str) -> serde_json::Value {
    let dir = TempDir::new();
    std::fs::write(dir.path().join("task_plan.md"), plan).expect("write plan");
    status_json(dir.path())
}

/// The parts of `status --json` the expectation files pin down, in their shape.
pub fn expectation_view(status: &serde_json::Value) -> serde_json::Value {
    let groups: Vec<serde_json::Value> = status["groups"]
        .as_array()
        .map(|gs| {
            gs.iter()
                .map(|g| {
                    serde_json::json!({
                        "id": g["id"], "key": g["key"], "title": g["title"], "status": g["status"],
                        "stored_status": g["stored_status"], "derived_status": g["derived_status"],
                        "tasks": g["tasks"],
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    serde_json::json!({
        "title": status["title"],
        "goal": status["goal"],
        "current_group": { "stated": status["current_group"]["stated"], "derived": status["current_group"]["derived"] },
        "groups": groups,
        "tasks_total": status["tasks"]["total"],
        "error_rows": status["error_rows"],
    })
}

/// Differences between `status --json` on `input` and the expectation file (its `file` and
/// `notes` keys are commentary).
pub fn check_expectation(name: &str, input: &Path, expectation: &Path) -> Vec<String> {
    let text = fs::read_to_string(expectation).unwrap_or_else(|e| panic!("{}: {e}", expectation.display()));
    let mut want: serde_json::Value = serde_json::from_str(&text).expect("expectation is JSON");
    if let Some(obj) = want.as_object_mut() {
        obj.remove("file");
        obj.remove("notes");
    }
    let dir = TempDir::new();
    fs::copy(input, dir.path().join("task_plan.md")).expect("copy input");
    differences(name, &want, &expectation_view(&status_json(dir.path())))
}

/// Field-by-field differences between an expectation and what pplan reported.
pub fn differences(path: &str, want: &serde_json::Value, got: &serde_json::Value) -> Vec<String> {
    let mut out = Vec::new();
    diff_into(path, want, got, &mut out);
    out
}

fn diff_into(path: &str, want: &serde_json::Value, got: &serde_json::Value, out: &mut Vec<String>) {
    use serde_json::Value;
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => {
            for (k, wv) in w {
                diff_into(&format!("{path}.{k}"), wv, g.get(k).unwrap_or(&Value::Null), out);
            }
        }
        (Value::Array(w), Value::Array(g)) => {
            if w.len() != g.len() {
                out.push(format!("{path}: {} entries expected, {} reported", w.len(), g.len()));
            }
            for (i, (wv, gv)) in w.iter().zip(g).enumerate() {
                diff_into(&format!("{path}[{i}]"), wv, gv, out);
            }
        }
        _ if want != got => out.push(format!("{path}: expected {want}, got {got}")),
        _ => {}
    }
}

/// Wait (at most 20 s) until a file exists: the signal a paused fault point gives.
pub fn wait_for(path: &Path) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !path.exists() {
        assert!(std::time::Instant::now() < deadline, "{} never appeared", path.display());
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// The names in a directory, sorted.
pub fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("read dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Split like a shell: spaces, double and single quotes.
pub fn shell_words(line: &str) -> Vec<String> {
    let (mut out, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (None, '"' | '\'') => (quote, any) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, ' ') => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (_, c) => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}
