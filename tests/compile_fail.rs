//! SPEC §9: bad trees are compile errors with a span on the offending tokens
//! and a message saying what was expected. Snapshots live in `tests/ui/`.

#[test]
fn bad_trees_are_compile_errors() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
