//! Writes `$OUT_DIR/trees.rs`: one `tree!` invocation per seed of the fixed
//! seed list (each a random tree and its subtree, drawn by
//! `deciders_reference::gen`), the fixture's `Posted` for each tree under
//! test (its `post`, `vars` and `since`, V3, V4), and `play`, which runs a
//! script on the generated tree of a seed, its state built with
//! `with_seed` (D8), driven by hand or in a brain (B1).
//!
//! With the feature `serde`, each tree that can be saved
//! (`gen::savable`) derives `Serialize` and `Deserialize` and gets a
//! `Saves::reload` that saves and loads its brain (O6); the others get
//! none.
//!
//! `DIFFERENTIAL_TREES=N` changes how many seeds are compiled (default 220).

use std::fmt::Write;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=DIFFERENTIAL_TREES");
    // O6: with the feature `serde`, every tree that can be saved derives
    // `Serialize` and `Deserialize`, and its brain is saved and loaded.
    let serde = std::env::var_os("CARGO_FEATURE_SERDE").is_some();
    let count: u64 = std::env::var("DIFFERENTIAL_TREES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(220);
    let seeds: Vec<u64> = (1..=count).collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "/// The seeds of the compiled trees, in `play`'s order."
    );
    let _ = writeln!(out, "pub const SEEDS: &[u64] = &{seeds:?};");
    for &seed in &seeds {
        let forest = deciders_reference::gen::forest(seed);
        let saves = serde && deciders_reference::gen::savable(&forest);
        if saves {
            let _ = writeln!(
                out,
                "impl Saves for T{seed} {{\n    \
                 fn reload(b: &deciders::brain::Brain<Self>) -> Option<deciders::brain::Brain<Self>> {{ Some(reload(b)) }}\n}}"
            );
        } else {
            let _ = writeln!(out, "impl Saves for T{seed} {{}}");
        }
        let derive = |text: &str| derive_saves(text, saves);
        let _ = writeln!(
            out,
            "impl Posted for T{seed} {{\n    \
             fn post_event(&mut self, e: &Ev, w: &mut World, f: &mut deciders::Frame<Svc>) {{ T{seed}::post(self, e, w, f); }}\n    \
             fn var_bits(&self) -> u64 {{ T{seed}::vars(self).bits() }}\n    \
             fn stamp_since(&self, i: usize) -> Option<f64> {{ T{seed}::since(self, deciders::__private::events::Timestamp::declared(i as u8)) }}\n}}"
        );
        if seed % 2 == 0 && forest.trees.len() > 1 {
            // S3: the referenced trees in a module of their own, in another
            // invocation, named by path from the first tree.
            let module = format!("m{seed}");
            // `source()` writes each tree from a line `tree NAME for World {`.
            let source = forest.source();
            let mut chunks: Vec<String> = Vec::new();
            for line in source.lines() {
                if line.starts_with("tree ") || chunks.is_empty() {
                    chunks.push(String::new());
                }
                let chunk = chunks.last_mut().unwrap();
                chunk.push_str(line);
                chunk.push('\n');
            }
            let mut first = chunks[0].clone();
            for t in &forest.trees[1..] {
                for end in [",", "\n"] {
                    first = first.replace(
                        &format!("subtree {}{end}", t.name),
                        &format!("subtree {module}::{}{end}", t.name),
                    );
                }
            }
            if !first.contains(&format!("subtree {module}::")) {
                // The first tree references none of the others.
                let _ = writeln!(out, "deciders::tree! {{\n{}}}", derive(&source));
                continue;
            }
            let rest: String = chunks[1..]
                .iter()
                .map(|c| c.replacen("tree ", "pub tree ", 1))
                .collect();
            let _ = writeln!(
                out,
                "deciders::tree! {{\n{}}}\nmod {module} {{\n    use super::*;\n    deciders::tree! {{\n{}}}\n}}",
                derive(&first),
                derive(&rest),
            );
        } else {
            let _ = writeln!(out, "deciders::tree! {{\n{}}}", derive(&forest.source()));
        }
    }
    let _ = writeln!(
        out,
        "/// Plays `frames` on a fresh state of the tree of `SEEDS[index]`,\n\
         /// seeded with `seed` (D8), driven as `driver` says.\n\
         pub fn play(index: usize, seed: u64, frames: &[Frame], driver: Driver) -> Vec<Record> {{\n    match index {{"
    );
    for (i, seed) in seeds.iter().enumerate() {
        let stamps = deciders_reference::gen::forest(*seed).decls.stamps.len();
        let _ = writeln!(
            out,
            "        {i} => {{\n            let path = |t: &T{seed}, f: &mut dyn FnMut(&'static NodeInfo)| t.active_path(f);\n            \
             // `new()` is seed 0.\n            \
             let tree = if seed == 0 {{ T{seed}::new() }} else {{ T{seed}::with_seed(seed) }};\n            \
             match driver {{\n                \
             Driver::Player => run(tree, frames, path, {stamps}),\n                \
             Driver::Brain => run_brain(tree, seed, frames, path, {stamps}, false),\n                \
             Driver::Sleeping => run_brain(tree, seed, frames, path, {stamps}, true),\n            \
             }}\n        }}"
        );
    }
    let _ = writeln!(
        out,
        "        _ => panic!(\"no tree {{index}}\"),\n    }}\n}}"
    );
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("trees.rs");
    std::fs::write(dest, out).unwrap();
}

/// `text`, a `tree!` body, with `#[derive(serde::Serialize,
/// serde::Deserialize)]` before each of its trees when `saves` (O6).
fn derive_saves(text: &str, saves: bool) -> String {
    if !saves {
        return text.to_string();
    }
    let mut out = String::new();
    for line in text.lines() {
        if line.starts_with("tree ") || line.starts_with("pub tree ") {
            out.push_str("#[derive(serde::Serialize, serde::Deserialize)]\n");
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}
