//! Signals for the synchronous commands that run long (`gate`, `merge`'s gate, `watch`): a
//! listener thread per signal, with a small tokio runtime of its own.

pub use tokio::signal::unix::SignalKind;

/// Call `f` each time `kind` arrives, until it returns `false`. The handler is registered before
/// this returns, so the signal's default action (ending the process) no longer applies.
pub fn on(kind: SignalKind, mut f: impl FnMut() -> bool + Send + 'static) {
    let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_all().build() else { return };
    let Ok(mut listener) = rt.block_on(async { tokio::signal::unix::signal(kind) }) else { return };
    std::thread::spawn(move || {
        while rt.block_on(listener.recv()).is_some() {
            if !f() {
                break;
            }
        }
    });
}
