//! Every rule id the repository cites is defined in the reference
//! (`docs/reference.md`, rendered as `deciders::reference`).
//!
//! Tests and comments cite rules as `SPEC D2`, `SPEC D1, D2, G3`,
//! `SPEC C1–C4` or `SPEC §9`; comments also start with a bare id
//! (`// D2: …`), and docs give ids in parentheses (`(D2)`, `(P1, F1)`).
//! Tests re-expressing a peer library's scenario cite it as `BT-SEQ-01`,
//! `PT-02` or `UE-04`. The reference defines a rule as a heading
//! `### D2 — …` (or `### C5 (all complete) — …`), a scenario the same way,
//! and a section as `## 9. …`. This test reads every source and
//! documentation file of the workspace and fails, naming the file, line and
//! id, when a cited id has no definition.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The rule families: the letter an id starts with.
const FAMILIES: &str = "PTLGDCRSVOIFBZ";

/// The reference, relative to the workspace root.
const REFERENCE: &str = "docs/reference.md";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The ids the reference defines: rule and scenario headings, and `§N` for
/// each numbered section.
fn defined(reference: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for line in reference.lines() {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(2..=4).contains(&hashes) {
            continue;
        }
        let title = line[hashes..].trim_start();
        let word: String = title
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        let numbered = !word.is_empty() && word.chars().all(|c| c.is_ascii_digit());
        if numbered && title[word.len()..].starts_with(". ") {
            ids.insert(format!("§{word}"));
            continue;
        }
        if is_rule(&word) || is_scenario(&word) {
            ids.insert(word);
        }
    }
    ids
}

/// `D2`, `C10`: a family letter and a number.
fn is_rule(word: &str) -> bool {
    let mut chars = word.chars();
    matches!(chars.next(), Some(c) if FAMILIES.contains(c))
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

/// `BT-SEQ-01`, `PT-02`, `UE-04`.
fn is_scenario(word: &str) -> bool {
    let parts: Vec<&str> = word.split('-').collect();
    let number = |p: &str| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit());
    let upper = |p: &str| !p.is_empty() && p.chars().all(|c| c.is_ascii_uppercase());
    match parts.as_slice() {
        ["BT", kind, n] => upper(kind) && number(n),
        ["PT" | "UE", n] => number(n),
        _ => false,
    }
}

/// The id starting at `s` (a rule id or `§N`) and its length in bytes, if
/// one starts there and ends at a word boundary.
fn id_at(s: &str) -> Option<(String, usize)> {
    let len = s
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_alphanumeric() || (i == 0 && c == '§')))
        .map_or(s.len(), |(i, _)| i);
    let word = &s[..len];
    let ok = is_rule(word)
        || word
            .strip_prefix('§')
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    ok.then(|| (word.to_string(), len))
}

/// A list of ids starting at `s`: `D1, D2`, `C1–C4` (a range: every number
/// between), `R6 + T2`. Returns the ids and where the list ends.
fn id_list(s: &str) -> (Vec<String>, usize) {
    let mut ids = Vec::new();
    let mut at = 0;
    while let Some((id, len)) = id_at(&s[at..]) {
        at += len;
        ids.push(id.clone());
        for dash in ["–", "-"] {
            if let Some((end, len)) = s[at..].strip_prefix(dash).and_then(id_at) {
                let (family, from) = id.split_at(1);
                let (end_family, to) = end.split_at(1);
                if let (Ok(from), Ok(to)) = (from.parse::<u32>(), to.parse::<u32>()) {
                    if family == end_family {
                        ids.extend((from + 1..=to).map(|n| format!("{family}{n}")));
                    }
                }
                at += dash.len() + len;
            }
        }
        let rest = &s[at..];
        let Some(sep) = [", ", " + ", " and "]
            .into_iter()
            .find(|sep| rest.starts_with(sep) && id_at(&rest[sep.len()..]).is_some())
        else {
            break;
        };
        at += sep.len();
    }
    (ids, at)
}

/// The ids `line` cites.
fn cited(line: &str) -> Vec<String> {
    let mut ids = Vec::new();
    // `SPEC D1, D2`, `SPEC §9`.
    for (i, _) in line.match_indices("SPEC ") {
        ids.extend(id_list(&line[i + 5..]).0);
    }
    // `(D2)`, `(P1, F1)`: a parenthesis holding ids only.
    for (i, _) in line.match_indices('(') {
        let (list, end) = id_list(&line[i + 1..]);
        if line[i + 1 + end..].starts_with(')') {
            ids.extend(list);
        }
    }
    // `// D2: …`, `/// T2: …`, `// C5, C6.`: a comment opening with ids.
    let trimmed = line.trim_start();
    if trimmed.starts_with("//") {
        let text = trimmed.trim_start_matches(['/', '!']).trim_start();
        let (list, end) = id_list(text);
        if matches!(text[end..].chars().next(), None | Some(':' | '.')) {
            ids.extend(list);
        }
    }
    // Scenario ids, anywhere.
    for word in line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
        if is_scenario(word) {
            ids.push(word.to_string());
        }
    }
    ids
}

/// The workspace's source and documentation files, outside build output.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" {
                files(&path, out);
            }
        } else if [".rs", ".md", ".toml"].iter().any(|e| name.ends_with(e))
            || path.parent().is_some_and(|p| p.ends_with("scripts"))
        {
            out.push(path);
        }
    }
}

#[test]
fn every_cited_rule_id_is_defined_in_the_reference() {
    let root = root();
    let reference = fs::read_to_string(root.join(REFERENCE)).expect("docs/reference.md");
    let defined = defined(&reference);
    assert!(defined.contains("D2") && defined.contains("§9") && defined.contains("BT-SEQ-01"));

    let mut paths = Vec::new();
    files(&root, &mut paths);
    paths.sort();
    let mut missing = Vec::new();
    let mut citations = 0;
    for path in &paths {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        let shown = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        for (n, line) in text.lines().enumerate() {
            for id in cited(line) {
                citations += 1;
                if !defined.contains(&id) {
                    missing.push(format!("{shown}:{}: {id}", n + 1));
                }
            }
        }
    }
    assert!(
        citations > 100,
        "only {citations} citations found: is the scan broken?"
    );
    assert!(
        missing.is_empty(),
        "rule ids cited but not defined in {REFERENCE} (add a `### ID — title` heading there, or fix the citation):\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_scan_reads_every_citation_form() {
    let ids = |line: &str| cited(line);
    assert_eq!(ids("    // SPEC D1, D2, G3"), ["D1", "D2", "G3"]);
    assert_eq!(ids("//! (SPEC C1–C4, C7)"), ["C1", "C2", "C3", "C4", "C7"]);
    assert_eq!(ids("// SPEC R6 + T2: entered"), ["R6", "T2"]);
    assert_eq!(ids("//! SPEC §9: bad trees"), ["§9"]);
    assert_eq!(ids("    // G2: a score"), ["G2"]);
    assert_eq!(ids("/// allocation (P1, F1)."), ["P1", "F1"]);
    assert_eq!(ids("    // BT-PAR-02, case success=2"), ["BT-PAR-02"]);
    assert!(ids("    // t1: ticked C, A1 → R").is_empty());
    assert!(ids("(SPEC D2, the masked redecide)").contains(&"D2".to_string()));
    assert!(ids("let x = (A1 [R, S]);").is_empty());

    let reference = "## 9. Errors\n### D2 — Masked\n### C5 (all complete) — Wait\n### BT-SEQ-01 — Seq\n#### not an id\n";
    let defined = defined(reference);
    for id in ["§9", "D2", "C5", "BT-SEQ-01"] {
        assert!(defined.contains(id), "{id} in {defined:?}");
    }
    assert_eq!(defined.len(), 4);
}
