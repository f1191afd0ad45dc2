//! Fault injection for the crash and race tests, compiled into test (debug) builds only:
//! `PPLAN_FAULT=<point>:<action>[,…]` makes the process pause (`pause-<ms>`) or die as
//! `kill -9` would (`abort`) when it reaches that point. In a release build every point is a
//! no-op. With `PPLAN_FAULT_SIGNAL=<path>`, a pause first creates that file, so a test can
//! act at exactly that moment. Points: in the store `before-replace`, `agent-locked` (an
//! agent's lock just taken), `agent-open` (an agent's file about to be opened); in merge
//! `after-lock`, `before-journal`, `after-journal`, `after-write-<file>`, `before-retire`,
//! `mid-retire`, `before-journal-delete`.

#[cfg(debug_assertions)]
pub fn point(name: &str) {
    let Ok(spec) = std::env::var("PPLAN_FAULT") else { return };
    for rule in spec.split(',') {
        let Some((at, action)) = rule.split_once(':') else { continue };
        if at != name {
            continue;
        }
        if action == "abort" {
            std::process::abort();
        }
        if let Some(ms) = action.strip_prefix("pause-").and_then(|ms| ms.parse().ok()) {
            // Tell a waiting test exactly when we are here, then give it time to act.
            if let Some(path) = std::env::var_os("PPLAN_FAULT_SIGNAL") {
                // A test's signal file, not a plan file: the store's rule does not apply.
                #[allow(clippy::disallowed_methods)]
                let _ = std::fs::File::create(path);
            }
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
    }
}

#[cfg(not(debug_assertions))]
#[inline(always)]
pub fn point(_name: &str) {}
