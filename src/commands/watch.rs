//! `pplan watch`: a live view of the plan for a person in a second terminal.
//!
//! It redraws when a plan file changes (file notifications through `notify`, no busy polling),
//! when the terminal is resized, and every 30 s so ages stay true. On a terminal it draws on the
//! alternate screen with the cursor hidden and the terminal in raw mode, and restores all three
//! on every way out: `q`, Ctrl-C (a key in raw mode), SIGINT/SIGTERM, or an error. When stdout
//! is not a terminal it prints one line per change instead. `NO_COLOR` turns colours off.

use std::io::{IsTerminal, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use notify::{RecursiveMode, Watcher};

use super::{Context, Output};
use crate::error::{Error, ExitCode, Result};
use crate::store::{self, Store};
use crate::views::watch::{self, Style, View};

/// How long changes are gathered before one redraw (an atomic replace is several events).
const SETTLE: Duration = Duration::from_millis(50);
/// Redraw at least this often, so ages move.
const TICK: Duration = Duration::from_secs(30);

enum Wake {
    Files,
    Resize,
    Quit,
}

pub fn run(ctx: &Context, stream: &mut dyn Write) -> Result<Output> {
    let store = ctx.store()?;
    let (tx, rx) = mpsc::channel();
    let _watcher = watch_files(&store, tx.clone())?;
    listen_signals(tx.clone());
    if std::io::stdout().is_terminal() {
        let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        let _screen = Screen::enter()?;
        listen_keys(tx);
        return live(&store, &rx, Style { color });
    }
    log_lines(&store, &rx, stream)
}

/// The terminal view until a quit.
fn live(store: &Store, rx: &Receiver<Wake>, style: Style) -> Result<Output> {
    let mut out = std::io::stdout();
    loop {
        let (w, h) = crossterm::terminal::size().unwrap_or((80, 24));
        let mut lines = match View::load(store) {
            Ok(v) => watch::frame(&v, usize::from(w), style),
            Err(e) => vec![watch::fit(&format!("cannot read the plan: {e}"), usize::from(w))],
        };
        lines.truncate(usize::from(h.max(1)));
        // Home, then each line with the rest of it cleared, then clear below: no flicker.
        let mut frame = String::from("\x1b[H");
        for l in &lines {
            frame.push_str(l);
            frame.push_str("\x1b[K\r\n");
        }
        frame.push_str("\x1b[J");
        let _ = out.write_all(frame.as_bytes()).and_then(|()| out.flush());
        match next(rx) {
            Some(Wake::Quit) | None => return Ok(Output::ok(String::new())),
            Some(_) => {}
        }
    }
}

/// Not a terminal: one line per change, with the time.
fn log_lines(store: &Store, rx: &Receiver<Wake>, stream: &mut dyn Write) -> Result<Output> {
    let mut last = String::new();
    loop {
        let line = match View::load(store) {
            Ok(v) => watch::line(&v),
            Err(e) => format!("cannot read the plan: {e}"),
        };
        if line != last {
            let time = crate::store::clock::now_stamp();
            let _ = writeln!(stream, "{} {line}", &time[11..19]).and_then(|()| stream.flush());
            last = line;
        }
        match next(rx) {
            Some(Wake::Quit) | None => return Ok(Output { stdout: String::new(), code: ExitCode::Ok }),
            Some(_) => {}
        }
    }
}

/// Wait for the next reason to redraw (gathering a burst of file events into one), or a quit.
fn next(rx: &Receiver<Wake>) -> Option<Wake> {
    let first = match rx.recv_timeout(TICK) {
        Ok(w) => w,
        Err(RecvTimeoutError::Timeout) => return Some(Wake::Files),
        Err(RecvTimeoutError::Disconnected) => return None,
    };
    if matches!(first, Wake::Quit) {
        return Some(Wake::Quit);
    }
    std::thread::sleep(SETTLE);
    for w in rx.try_iter() {
        if matches!(w, Wake::Quit) {
            return Some(Wake::Quit);
        }
    }
    Some(first)
}

/// Notifications for the plan directory's plan files (not `.pplan/`).
fn watch_files(store: &Store, tx: Sender<Wake>) -> Result<notify::RecommendedWatcher> {
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        let Ok(event) = event else { return };
        let plan_file = event.paths.iter().any(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| store::is_plan_file(n) || n == crate::store::config::CONFIG_FILE)
        });
        if plan_file && !event.kind.is_access() {
            let _ = tx.send(Wake::Files);
        }
    })
    .map_err(|e| Error::Usage {
        message: format!("cannot watch files: {e}"),
        hint: "check inotify limits",
    })?;
    watcher.watch(store.dir(), RecursiveMode::NonRecursive).map_err(|e| Error::Usage {
        message: format!("cannot watch `{}`: {e}", store.dir().display()),
        hint: "check inotify limits",
    })?;
    Ok(watcher)
}

/// SIGINT and SIGTERM quit; SIGWINCH redraws (tokio listeners on their own threads).
fn listen_signals(tx: Sender<Wake>) {
    use crate::store::signals::{self, SignalKind};
    for (kind, quit) in [
        (SignalKind::interrupt(), true),
        (SignalKind::terminate(), true),
        (SignalKind::window_change(), false),
    ] {
        let tx = tx.clone();
        signals::on(kind, move || tx.send(if quit { Wake::Quit } else { Wake::Resize }).is_ok());
    }
}

/// Keys in raw mode: `q`, `Q`, Ctrl-C (0x03) or Ctrl-D (0x04) quit.
fn listen_keys(tx: Sender<Wake>) {
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin();
        let mut buf = [0u8; 64];
        while let Ok(n) = stdin.read(&mut buf) {
            if n == 0 {
                let _ = tx.send(Wake::Quit);
                break;
            }
            if buf[..n].iter().any(|b| matches!(b, b'q' | b'Q' | 0x03 | 0x04)) {
                let _ = tx.send(Wake::Quit);
                break;
            }
        }
    });
}

/// The terminal in raw mode on the alternate screen with the cursor hidden, restored on drop
/// (which runs on every return and on a panic's unwinding).
struct Screen;

impl Screen {
    fn enter() -> Result<Screen> {
        crossterm::terminal::enable_raw_mode().map_err(|e| Error::Usage {
            message: format!("cannot set up the terminal: {e}"),
            hint: "run it in a terminal, or pipe its output for one line per change",
        })?;
        let mut out = std::io::stdout();
        let _ = out.write_all(b"\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J").and_then(|()| out.flush());
        Ok(Screen)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let mut out = std::io::stdout();
        let _ = out.write_all(b"\x1b[0m\x1b[?25h\x1b[?1049l").and_then(|()| out.flush());
        let _ = crossterm::terminal::disable_raw_mode();
    }
}
