//! Dependency waves: Kahn's algorithm over `(depends: …)`. Wave 1 is every task that depends on
//! nothing; wave n+1 is every task whose dependencies are all in earlier waves. The tasks of one
//! wave can run in parallel. A cycle leaves tasks in no wave; it is named.

use std::collections::HashMap;

use crate::plan::Plan;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waves {
    /// Task indices per wave, in task order within a wave.
    pub waves: Vec<Vec<usize>>,
    /// Edges (dependency, dependent) between known tasks, in task order.
    pub edges: Vec<(usize, usize)>,
}

/// Dependencies that form a cycle, in order (the first repeats implicitly at the end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle(pub Vec<usize>);

/// The edges of the plan's dependency graph, by task index; a dependency naming no task (or a
/// task naming itself) is left out (`check` reports those).
pub fn edges(plan: &Plan<'_>) -> Vec<(usize, usize)> {
    let mut by_id: rustc_hash::FxHashMap<&str, usize> =
        rustc_hash::FxHashMap::with_capacity_and_hasher(plan.tasks.len(), Default::default());
    for (i, t) in plan.tasks.iter().enumerate() {
        if let Some(id) = t.id {
            by_id.entry(id).or_insert(i);
        }
    }
    let mut edges = Vec::new();
    for (i, t) in plan.tasks.iter().enumerate() {
        for dep in t.dependencies() {
            if let Some(&d) = by_id.get(dep)
                && d != i
            {
                edges.push((d, i));
            }
        }
    }
    edges
}

pub fn compute(plan: &Plan<'_>) -> Result<Waves, Cycle> {
    let n = plan.tasks.len();
    let edges = edges(plan);
    let mut indegree = vec![0u32; n];
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(d, i) in &edges {
        indegree[i] += 1;
        out[d].push(i);
    }
    let mut wave: Vec<usize> = (0..n).filter(|&i| indegree[i] == 0).collect();
    let mut waves = Vec::new();
    let mut placed = 0;
    while !wave.is_empty() {
        placed += wave.len();
        let mut next = Vec::new();
        for &t in &wave {
            for &s in &out[t] {
                indegree[s] -= 1;
                if indegree[s] == 0 {
                    next.push(s);
                }
            }
        }
        next.sort_unstable();
        waves.push(std::mem::replace(&mut wave, next));
    }
    if placed < n {
        return Err(find_cycle(n, &edges, &indegree));
    }
    Ok(Waves { waves, edges })
}

/// Among the tasks left with dependencies, walk backwards along edges until a task repeats.
fn find_cycle(n: usize, edges: &[(usize, usize)], indegree: &[u32]) -> Cycle {
    let mut into: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(d, i) in edges {
        if indegree[d] > 0 && indegree[i] > 0 {
            into[i].push(d);
        }
    }
    let start = (0..n).find(|&i| indegree[i] > 0).unwrap_or(0);
    let mut seen: HashMap<usize, usize> = HashMap::new();
    let mut path = Vec::new();
    let mut at = start;
    while let Some(&d) = into[at].first() {
        if let Some(&pos) = seen.get(&at) {
            let mut cycle: Vec<usize> = path[pos..].to_vec();
            cycle.reverse();
            // Start at the task that comes first in the plan, so the name is stable.
            let first = cycle.iter().enumerate().min_by_key(|(_, t)| **t).map_or(0, |(i, _)| i);
            cycle.rotate_left(first);
            return Cycle(cycle);
        }
        seen.insert(at, path.len());
        path.push(at);
        at = d;
    }
    Cycle(path)
}

impl Waves {
    /// Tasks in waves wider than one, over all tasks: how much can run in parallel.
    pub fn parallelism(&self) -> f64 {
        let total: usize = self.waves.iter().map(Vec::len).sum();
        let wide: usize = self.waves.iter().filter(|w| w.len() > 1).map(Vec::len).sum();
        if total == 0 { 0.0 } else { wide as f64 / total as f64 }
    }

    /// The wave (from 0) of each task.
    pub fn wave_of(&self, tasks: usize) -> Vec<usize> {
        let mut of = vec![0; tasks];
        for (w, wave) in self.waves.iter().enumerate() {
            for &t in wave {
                of[t] = w;
            }
        }
        of
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Document;

    fn plan_of(text: &str) -> Document {
        Document::from_text(text.to_string())
    }

    #[test]
    fn waves_follow_dependencies() {
        let doc = plan_of(
            "- [ ] A-1: a\n- [ ] B-1: b (depends: A-1)\n- [ ] C-1: c\n- [ ] D-1: d (depends: B-1, C-1)\n",
        );
        let plan = Plan::parse(&doc);
        let w = compute(&plan).expect("acyclic");
        assert_eq!(w.waves, vec![vec![0, 2], vec![1], vec![3]]);
        assert_eq!(w.parallelism(), 0.5);
    }

    #[test]
    fn a_cycle_is_named() {
        let doc = plan_of(
            "- [ ] A-1: a (depends: C-1)\n- [ ] B-1: b (depends: A-1)\n- [ ] C-1: c (depends: B-1)\n- [ ] D-1: d\n",
        );
        let plan = Plan::parse(&doc);
        let Err(Cycle(c)) = compute(&plan) else { panic!("cycle expected") };
        let mut names: Vec<&str> = c.iter().map(|&i| plan.tasks[i].id.unwrap_or("?")).collect();
        names.sort_unstable();
        assert_eq!(names, ["A-1", "B-1", "C-1"]);
    }
}
