//! `pplan report --html`: a page that parses strictly, shows every task, and cannot run or fetch
//! anything, whatever the findings hold.

use std::fs;

use quick_xml::Reader;
use quick_xml::events::Event;

use crate::harness::{TempDir, run_in};

const PLAN: &str = "# Task Plan: Ship <checkout> & \"cart\"\n\n## Goal\nShip it.\n\n## Current Group\nGroup 1\n\n\
### Group 1: Parts\n- **Status:** in_progress\n- [x] BE-001: API\n- [~] FE-001: UI <b>bold</b>\n\n\
### Group 2: Together\n- **Status:** pending\n- [ ] INT-001: Wire (depends: BE-001, FE-001)\n\n\
## Decisions Made\n| Decision | Rationale |\n|---|---|\n| Use REST | simple & <known> |\n\n\
## Errors Encountered\n| Error | Task | Attempt | Approach | Resolution |\n|---|---|---|---|---|\n| boom \\| bang | BE-001 | 1 | retry | fixed |\n";

const HOSTILE: &str = "# Findings\n\n<script>alert('x')</script>\n\n<img src=x onerror=alert(1)>\n\n\
[click](javascript:alert(1)) [data](data:text/html,hi) ![remote](https://evil.example/p.png)\n\n\
<iframe src=\"https://evil.example\"></iframe>\n\n<!-- pplan:merge group=1 agent=BE-001 sha=abc -->\n### Real finding\n\
Use an idempotency key & retry.\n\n```\n<script>in code</script>\n```\n";

fn report(files: &[(&str, &str)], args: &[&str]) -> (TempDir, String) {
    let dir = TempDir::new();
    for (name, text) in files {
        fs::write(dir.path().join(name), text).expect("write");
    }
    let mut all = vec!["report".to_string(), "--html".to_string()];
    all.extend(args.iter().map(|a| a.to_string()));
    let out = run_in(dir.path(), &all, &[]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (dir, String::from_utf8(out.stdout).expect("utf-8"))
}

/// Every element and attribute, parsed strictly (balanced tags, quoted attributes).
fn elements(html: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut reader = Reader::from_str(html);
    reader.config_mut().check_end_names = true;
    let mut out = Vec::new();
    loop {
        match reader
            .read_event()
            .unwrap_or_else(|e| panic!("not well-formed at {}: {e}", reader.buffer_position()))
        {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => {
                let name = e.name().into_inner().to_string();
                let attrs = e
                    .attributes()
                    .map(|a| {
                        let a = a.expect("attribute");
                        (
                            a.key.into_inner().to_string(),
                            a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                                .expect("value")
                                .into_owned(),
                        )
                    })
                    .collect();
                out.push((name, attrs));
            }
            _ => {}
        }
    }
    out
}

#[test]
fn the_page_parses_holds_every_task_and_neutralises_hostile_findings() {
    let (_dir, html) =
        report(&[("task_plan.md", PLAN), ("findings.md", HOSTILE), ("progress.md", "# Progress\n")], &[]);
    let els = elements(&html);
    // Too few words to tell the language: none is claimed.
    assert!(html.starts_with("<!DOCTYPE html>\n<html>"));
    // Nothing runs, nothing is fetched.
    for (name, attrs) in &els {
        assert!(
            !matches!(name.as_str(), "script" | "iframe" | "object" | "embed" | "link" | "img"),
            "<{name}>"
        );
        for (key, value) in attrs {
            assert!(!key.starts_with("on"), "<{name} {key}>");
            if matches!(key.as_str(), "src" | "href" | "xlink:href" | "action") {
                let v = value.trim().to_lowercase();
                assert!(
                    !(v.starts_with("javascript:")
                        || v.starts_with("data:")
                        || v.starts_with("http")
                        || v.starts_with("//")),
                    "<{name} {key}=\"{value}\">"
                );
            }
        }
    }
    assert!(!html.contains("url(") && !html.contains("@import"), "a remote style");
    // The hostile text is shown as text.
    assert!(html.contains("&lt;script&gt;alert("), "{html}");
    assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;"));
    assert!(html.contains("<span class=\"img\">[image: remote]</span>"));
    assert!(html.contains("Use an idempotency key &amp; retry."));
    assert!(!html.contains("pplan:merge"), "pplan's marker lines are left out");
    // Every task, in the task table.
    for id in ["BE-001", "FE-001", "INT-001"] {
        assert!(html.contains(&format!("<tr><td class=\"id\">{id}</td>")), "{id}");
    }
    assert!(html.contains("<td>UI &lt;b&gt;bold&lt;/b&gt;</td>"));
    assert!(html.contains("<title>Ship &lt;checkout&gt; &amp; &quot;cart&quot;</title>"));
    // Progress from the files: 1 of 3 done, 33%.
    assert!(html.contains("1 of 3 tasks done (33%)"), "{html}");
    // Errors and decisions tables, with escaped cells.
    assert!(html.contains("<td>boom | bang</td><td>BE-001</td><td>1</td><td>retry</td><td>fixed</td>"));
    assert!(html.contains("<td>simple &amp; &lt;known&gt;</td>"));
    // The waves: one box per task, one arrow per dependency.
    let boxes = els
        .iter()
        .filter(|(n, a)| n == "rect" && a.iter().any(|(k, v)| k == "class" && v.starts_with("task")))
        .count();
    let edges =
        els.iter().filter(|(n, a)| n == "path" && a.iter().any(|(k, v)| k == "class" && v == "edge")).count();
    assert_eq!((boxes, edges), (3, 2));
}

#[test]
fn a_large_plan_draws_waves_as_bars_and_the_page_goes_to_a_file() {
    let mut plan = String::from("# Task Plan: big\n\n### Group 1: All\n");
    for i in 0..300 {
        let dep = if i >= 10 { format!(" (depends: T-{})", i - 10) } else { String::new() };
        plan.push_str(&format!("- [ ] T-{i}: task {i}{dep}\n"));
    }
    let (dir, out) = report(&[("task_plan.md", &plan)], &["-o", "page.html"]);
    assert!(out.starts_with("wrote page.html ("), "{out}");
    let html = fs::read_to_string(dir.path().join("page.html")).expect("page");
    let els = elements(&html);
    let bars = els.iter().filter(|(n, _)| n == "rect").count();
    assert_eq!(bars, 30, "one bar per wave");
    assert_eq!(html.matches("<tr><td class=\"id\">T-").count(), 300);
    assert!(html.contains("30 waves, tallest 10 tasks"));
}
