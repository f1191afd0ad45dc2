//! Fault injection for tests of crash safety and races: `PPLAN_FAULT=<point>:<action>` makes the
//! process pause (`pause-<ms>`) or die as `kill -9` would (`abort`) when it reaches that point.
//! Unset, a point costs one environment lookup. Points: `before-replace`.

pub fn point(name: &str) {
    let Ok(spec) = std::env::var("PPLAN_FAULT") else {
        return;
    };
    for rule in spec.split(',') {
        let Some((at, action)) = rule.split_once(':') else {
            continue;
        };
        if at != name {
            continue;
        }
        if action == "abort" {
            std::process::abort();
        }
        if let Some(ms) = action.strip_prefix("pause-").and_then(|ms| ms.parse().ok()) {
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
    }
}
