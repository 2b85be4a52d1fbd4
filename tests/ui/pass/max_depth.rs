// Trees nested exactly as deep as the macro allows (`MAX_DEPTH`, 48 levels
// below the root) compile with the default `recursion_limit`, whatever the
// node kinds, including through a `subtree` reference, and the state is
// `Send + Sync` (the deepest trait query).
use deciders::{Behavior, Ctx, Frame, Status};
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Default)]
struct Agent {
    ticks: u32,
}
fn ok(a: &Agent) -> bool {
    a.ticks < 1_000
}

#[derive(Default)]
struct Group;
impl Behavior<Agent> for Group {}

/// A behavior whose own type nests a few levels: the limit leaves room for
/// it.
#[derive(Default)]
struct Heavy {
    seen: Vec<Option<String>>,
    index: HashMap<u32, Vec<Arc<String>>>,
    last: Option<Box<(u8, Option<String>)>>,
}
impl Behavior<Agent> for Heavy {
    fn tick(&mut self, a: &mut Agent, _: &mut Ctx) -> Status {
        a.ticks += 1;
        self.seen.push(None);
        self.index.entry(a.ticks).or_default();
        self.last = None;
        Status::Running
    }
}

deciders::tree! {
    /// 48 levels, every kind of node in turn, over a behavior with a nested
    /// type.
    tree Deep for Agent {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        Heavy
        } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } }
    }

    /// 24 levels, then a subtree 23 levels deep whose root is at level 25:
    /// 48 in all.
    tree Top for Agent {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        subtree Bottom
        } } } } } } } } } } } } } } } } } } } } } } } }
    }
    tree Bottom for Agent {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) {
        Heavy
        } } } } } } } } } } } } } } } } } } } } } } }
    }
}

fn send_sync<T: Send + Sync>() {}

fn main() {
    send_sync::<Deep>();
    send_sync::<Top>();
    let mut agent = Agent::default();
    let mut ctx = Frame::new(0.1);
    let (mut deep, mut top) = (Deep::new(), Top::new());
    for _ in 0..3 {
        assert_eq!(deep.tick(&mut agent, &mut ctx), Status::Running);
        assert_eq!(top.tick(&mut agent, &mut ctx), Status::Running);
    }
    let mut path = 0;
    deep.active_path(|_| path += 1);
    assert_eq!(path, 49, "the root and 48 levels below it");
    assert_eq!(Deep::shape().iter().map(|n| n.depth).max(), Some(48));
    deep.halt(&mut agent, &mut ctx);
    top.halt(&mut agent, &mut ctx);
    assert_eq!(agent.ticks, 6);
}
