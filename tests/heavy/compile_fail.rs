//! SPEC §9: bad trees are compile errors with a span on the offending tokens
//! and a message saying what was expected. Snapshots live in `tests/ui/` of
//! the `deciders` package.
//!
//! `tests/ui/pass/` holds programs that must compile and run: trees at the
//! edges of what the macro accepts (the maximum depth, wide composites),
//! checked with the default `recursion_limit`.

use std::path::Path;

#[test]
fn bad_trees_are_compile_errors() {
    // trybuild builds the snapshots as if they were tests of the package in
    // `CARGO_MANIFEST_DIR`, with that package's dependencies, prints their
    // paths relative to it, and expands the globs below from the current
    // directory. This test lives in its own package (so that the façade
    // needs no trybuild to build its examples), but the snapshots belong to
    // the façade `deciders`, two directories up: point trybuild there, so
    // the snapshots read `tests/ui/…` and build against `deciders` exactly
    // as a user's crate would. (This binary holds only this test, so no
    // other test sees the change.)
    let facade = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let facade = facade
        .canonicalize()
        .expect("the deciders package is two directories up");
    std::env::set_var("CARGO_MANIFEST_DIR", &facade);
    std::env::set_current_dir(&facade).expect("the deciders package is readable");

    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
