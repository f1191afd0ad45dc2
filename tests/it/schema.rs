//! The `--json` contract as JSON Schema: every `kind` pplan prints has `docs/schema/<kind>.json`,
//! and one run through the whole protocol validates every object it prints against its schema.
//! The schemas allow fields they do not name (adding a field needs no `schema_version` bump).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::harness::{TempDir, run_in};

/// The canonical plan the set tests use.
use crate::set::CANONICAL as PLAN;

/// Every JSON object one protocol run prints, by kind.
fn run_the_protocol() -> BTreeMap<String, Vec<Value>> {
    let root = TempDir::new();
    let dir = root.path().join("plan");
    fs::create_dir_all(&dir).expect("plan dir");
    let mut seen: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    let mut run = |args: &[&str], code: i32| {
        let args: Vec<String> =
            std::iter::once("--json").chain(args.iter().copied()).map(str::to_string).collect();
        let out = run_in(&dir, &args, &[]);
        assert_eq!(out.status.code(), Some(code), "pplan {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        let stream = if code == 0 || !out.stdout.is_empty() { &out.stdout } else { &out.stderr };
        for line in String::from_utf8_lossy(stream).lines() {
            let value: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: {e}: {line}"));
            let kind = value["kind"].as_str().unwrap_or_else(|| panic!("{args:?}: no kind: {line}"));
            seen.entry(kind.to_string()).or_default().push(value);
        }
    };
    run(&["init", "--dry-run"], 0);
    run(&["init", "--title", "Scratch"], 0);
    fs::write(dir.join("task_plan.md"), PLAN).expect("write plan");
    run(&["init"], 2);
    run(&["status"], 0);
    run(&["next"], 0);
    run(&["set", "BE-001", "in_progress", "--dry-run"], 0);
    run(&["spawn", "--dry-run"], 0);
    run(&["spawn"], 0);
    run(&["note", "--agent", "BE-001", "the API rounds totals"], 0);
    run(&["propose", "--agent", "BE-001", "Rate-limit the payment API", "--depends", "BE-001"], 0);
    run(&["log", "--agent", "BE-001", "built the endpoints", "--files", "api.rs,cart.rs"], 0);
    run(&["mark", "--agent", "BE-001", "COMPLETE"], 0);
    run(&["mark", "--agent", "FE-001", "CONTINUATION_REQUIRED", "--resume-from", "the totals"], 0);
    run(&["poll"], 0);
    run(&["next", "--claim", "--as", "alice"], 5);
    run(&["show", "BE-001"], 0);
    run(&["show", "1"], 0);
    run(&["wait", "--timeout", "5"], 5);
    run(&["respawn", "FE-001"], 0);
    run(&["mark", "--agent", "FE-001", "COMPLETE"], 0);
    run(&["error", "BE-001", "--error", "timeout", "--approach", "retry"], 0);
    run(&["error", "BE-001", "--resolve", "raised the limit"], 0);
    run(&["decide", "totals come from the API", "--why", "one source"], 0);
    run(&["reboot"], 0);
    run(&["checkpoint", "group 1 done"], 0);
    run(&["restart-context"], 0);
    run(&["check"], 0);
    run(&["waves"], 0);
    run(&["list"], 0);
    run(&["doctor"], 0);
    run(&["gate", "--", "true"], 0);
    run(&["gate", "--reset"], 0);
    run(&["files"], 0);
    run(&["report", "--html", "-o", "report.html"], 0);
    run(&["report", "--html"], 0);
    run(&["merge", "--dry-run"], 0);
    run(&["merge"], 0);
    run(&["next", "--claim", "--as", "alice"], 0);
    run(&["show", "INT-001"], 0);
    run(&["set", "INT-001", "complete"], 0);
    fs::write(root.path().join("base.md"), "# Findings\n").expect("base");
    fs::write(root.path().join("ours.md"), "# Findings\n\nours\n").expect("ours");
    fs::write(root.path().join("theirs.md"), "# Findings\n").expect("theirs");
    let (base, ours, theirs) =
        (root.path().join("base.md"), root.path().join("ours.md"), root.path().join("theirs.md"));
    let driver =
        ["merge-driver", &*base.to_string_lossy(), &*ours.to_string_lossy(), &*theirs.to_string_lossy()]
            .map(str::to_string);
    run(&driver.each_ref().map(String::as_str), 0);
    let progress = fs::read_to_string(dir.join(".pplan/progress.json")).expect("progress.json");
    seen.entry("progress".into()).or_default().push(serde_json::from_str(&progress).expect("progress json"));
    if let Some(out) = std::env::var_os("PPLAN_SCHEMA_SAMPLES") {
        fs::write(out, serde_json::to_string_pretty(&seen).expect("samples")).expect("write samples");
    }
    seen
}

fn schema_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/schema"))
}

#[test]
fn every_json_kind_has_a_schema_and_validates_against_it() {
    let seen = run_the_protocol();
    let mut schemas: Vec<String> = fs::read_dir(schema_dir())
        .expect("docs/schema")
        .flatten()
        .filter_map(|e| e.file_name().to_string_lossy().strip_suffix(".json").map(str::to_string))
        .collect();
    schemas.sort();
    let kinds: Vec<String> = seen.keys().cloned().collect();
    assert_eq!(kinds, schemas, "a schema per kind in docs/schema/, and every schema exercised");
    for (kind, values) in &seen {
        let path = schema_dir().join(format!("{kind}.json"));
        let schema: Value =
            serde_json::from_str(&fs::read_to_string(&path).expect("schema")).expect("schema is JSON");
        let validator =
            jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{kind}: bad schema: {e}"));
        for value in values {
            let errors: Vec<String> =
                validator.iter_errors(value).map(|e| format!("{}: {e}", e.instance_path())).collect();
            assert!(errors.is_empty(), "{kind} breaks its schema: {errors:?}\n{value}");
        }
    }
}

/// A schema that let anything through would make the test above unable to fail.
#[test]
fn a_schema_rejects_output_that_breaks_the_contract() {
    let schema: Value =
        serde_json::from_str(&fs::read_to_string(schema_dir().join("set.json")).expect("set.json"))
            .expect("json");
    let validator = jsonschema::validator_for(&schema).expect("valid schema");
    let good = serde_json::json!({"schema_version": 1, "kind": "set", "path": "task_plan.md", "target": "task",
        "id": "BE-001", "from": "pending", "to": "complete", "changed": true, "dry_run": false, "diff": null});
    assert!(validator.is_valid(&good));
    let mut renamed = good.clone();
    renamed["before"] = renamed["from"].take();
    renamed.as_object_mut().expect("object").remove("from");
    assert!(!validator.is_valid(&renamed), "a removed field is caught");
    let mut bumped = good.clone();
    bumped["schema_version"] = 2.into();
    assert!(!validator.is_valid(&bumped), "another schema_version is caught");
    let mut extra = good;
    extra["new_field"] = "added".into();
    assert!(validator.is_valid(&extra), "adding a field needs no bump");
}
