//! Signals for the synchronous commands that run long (`gate`, `merge`'s gate, `watch`): a
//! listener thread per signal, with a small tokio runtime of its own.
//!
//! On Unix these are SIGINT, SIGTERM and SIGWINCH. On Windows they are console events: Ctrl-C
//! is the interrupt, Ctrl-Break the terminate (closing the console ends every process attached
//! to it, a gate's children included), and there is no window-change event (`watch` redraws on
//! the next file change instead).

/// Which signal to listen for; the constructors mirror tokio's Unix `SignalKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignalKind(Kind);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Interrupt,
    Terminate,
    WindowChange,
}

impl SignalKind {
    pub fn interrupt() -> SignalKind {
        SignalKind(Kind::Interrupt)
    }

    pub fn terminate() -> SignalKind {
        SignalKind(Kind::Terminate)
    }

    pub fn window_change() -> SignalKind {
        SignalKind(Kind::WindowChange)
    }
}

/// Call `f` each time `kind` arrives, until it returns `false`. The handler is registered before
/// this returns, so the signal's default action (ending the process) no longer applies.
pub fn on(kind: SignalKind, mut f: impl FnMut() -> bool + Send + 'static) {
    let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_all().build() else { return };
    let Some(mut listener) = rt.block_on(async { Listener::new(kind) }) else { return };
    std::thread::spawn(move || {
        while rt.block_on(listener.recv()).is_some() {
            if !f() {
                break;
            }
        }
    });
}

#[cfg(unix)]
struct Listener(tokio::signal::unix::Signal);

#[cfg(unix)]
impl Listener {
    fn new(kind: SignalKind) -> Option<Listener> {
        use tokio::signal::unix::{SignalKind as Unix, signal};
        let unix = match kind.0 {
            Kind::Interrupt => Unix::interrupt(),
            Kind::Terminate => Unix::terminate(),
            Kind::WindowChange => Unix::window_change(),
        };
        signal(unix).ok().map(Listener)
    }

    async fn recv(&mut self) -> Option<()> {
        self.0.recv().await
    }
}

#[cfg(windows)]
enum Listener {
    CtrlC(tokio::signal::windows::CtrlC),
    CtrlBreak(tokio::signal::windows::CtrlBreak),
}

#[cfg(windows)]
impl Listener {
    fn new(kind: SignalKind) -> Option<Listener> {
        use tokio::signal::windows;
        match kind.0 {
            Kind::Interrupt => windows::ctrl_c().ok().map(Listener::CtrlC),
            Kind::Terminate => windows::ctrl_break().ok().map(Listener::CtrlBreak),
            Kind::WindowChange => None,
        }
    }

    async fn recv(&mut self) -> Option<()> {
        match self {
            Listener::CtrlC(c) => c.recv().await,
            Listener::CtrlBreak(c) => c.recv().await,
        }
    }
}
