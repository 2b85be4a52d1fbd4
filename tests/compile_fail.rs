//! SPEC §9: bad trees are compile errors with a span on the offending tokens
//! and a message saying what was expected. Snapshots live in `tests/ui/`.
//!
//! `tests/ui/pass/` holds programs that must compile and run: trees at the
//! edges of what the macro accepts (the maximum depth, wide composites),
//! checked with the default `recursion_limit`.

#[test]
fn bad_trees_are_compile_errors() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
