// One level deeper than the macro allows (`MAX_DEPTH`, 48 levels below the
// root), within a tree or through a `subtree` reference, and 1,000 levels
// deep: a spanned error at the node that crosses the limit, not a compiler
// overflow or crash, and no second error at the use sites.
use deciders::{Behavior, Frame};

#[derive(Default)]
struct Agent;
fn ok(_: &Agent) -> bool {
    true
}
#[derive(Default)]
struct Group;
impl Behavior<Agent> for Group {}
#[derive(Default)]
struct Leaf;
impl Behavior<Agent> for Leaf {}

deciders::tree! {
    tree OneTooDeep for Agent {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent {
        Leaf
        } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } }
    }

    tree Top for Agent {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential {
        subtree Bottom
        } } } } } } } } } } } } } } } } } } } } } } } } }
    }
    tree Bottom for Agent {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) {
        Leaf
        } } } } } } } } } } } } } } } } } } } } } } }
    }

    tree Thousand for Agent {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) {
        sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback {
        timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert {
        parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence {
        sequential { cooldown(1.0) { always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) =>
        repeat(3) { priority with Group { go: when(decide = ok) => concurrent { fallback { timeout(2.0) { reactive_sequence { sequential { cooldown(1.0) {
        always(Running) { parallel(success >= 1) { sequence { invert { parallel(all) { selector { when(decide = ok) => repeat(3) { priority with Group { go: when(decide = ok) =>
        Leaf
        } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } }
    }
}

fn main() {
    let mut ctx = Frame::new(0.1);
    let _ = OneTooDeep::new().tick(&mut Agent, &mut ctx);
    let _ = Top::new().tick(&mut Agent, &mut ctx);
    let _ = Thousand::new().tick(&mut Agent, &mut ctx);
}
