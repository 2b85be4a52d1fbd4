// `#[derive(Deferred)]` finds one `Requests<…>` and one `Completions<…>`
// field by their types; anything else is an error saying what it needs.
use deciders::deferred::{Completions, Deferred, Requests};

#[derive(Deferred)]
struct NoCompletions {
    anims: Requests<u32>,
}

#[derive(Deferred)]
struct TwoRequests<'w> {
    anims: Requests<u32>,
    paths: Requests<u32>,
    done: &'w Completions<()>,
}

#[derive(Deferred)]
struct ReadOnly<'w> {
    anims: &'w Requests<u32>,
    done: Completions<()>,
}

#[derive(Deferred)]
enum NotAStruct {
    A,
}

fn main() {}
