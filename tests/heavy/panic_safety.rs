//! SPEC T4, L2 and C7 when user code panics: engines catch panics per system
//! (`catch_unwind` around `tick`), so a panicking hook must leave the tree
//! state as if it had been dropped at that point, never half-updated. After
//! the panic no node is active (`is_running()` is `false`), every memory that
//! was alive has been dropped exactly once, nothing is deactivated twice or
//! ticked after its deactivation, `halt` deactivates nothing, and the next
//! tick starts from the root.
//!
//! Every hook is covered (a behavior's `activate`, `tick`, `deactivate`, a
//! decide, a condition, a DBlock function and the DBlock's conversion into
//! the memory, a group behavior's `activate`, `tick`, `deactivate`, and the
//! trace) at every position (a leaf, a group behavior, a priority interrupt,
//! a `selector` / `reactive_sequence` switch, inside a parallel, inside a
//! subtree, during `halt`, during `reset`), with the exact hook log tick by
//! tick.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

use deciders::Status::*;
use deciders::{Behavior, Ctx, Exit, Frame, NodeInfo, Status, Trace, TraceEvent};

/// The panic payload of a scripted panic (raised with `resume_unwind`, so
/// the panic hook prints nothing).
struct Boom;

thread_local! {
    /// The hook log. Thread-local rather than in the agent so that `Drop`
    /// (which has no agent) and `From<Blk>` can log too.
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// The names of the memories dropped, in order.
    static DROPS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn push(entry: String) {
    LOG.with(|l| l.borrow_mut().push(entry));
}

/// The hook log since the last call, emptied.
fn take() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// The memories dropped since the last call, sorted, emptied.
fn drops() -> Vec<String> {
    let mut d = DROPS.with(|d| std::mem::take(&mut *d.borrow_mut()));
    d.sort();
    d
}

fn log(entries: &[&str]) -> Vec<String> {
    entries.iter().map(|s| s.to_string()).collect()
}

/// The agent: scripts tick results, decide scores and which hooks panic.
#[derive(Default)]
struct Lab {
    results: HashMap<&'static str, Status>,
    scores: HashMap<&'static str, f32>,
    panics: HashSet<String>,
}

impl Lab {
    /// Sets what `B(name)` returns from `tick` (default `Running`).
    fn result(&mut self, name: &'static str, status: Status) -> &mut Self {
        self.results.insert(name, status);
        self
    }

    /// Sets the score of decide, condition or DBlock `name` (default 0).
    fn set(&mut self, name: &'static str, score: f32) -> &mut Self {
        self.scores.insert(name, score);
        self
    }

    /// Makes hook `what` panic, e.g. `"deactivate a"`, `"decide hi"`.
    fn panic_at(&mut self, what: &str) -> &mut Self {
        self.panics.insert(what.to_string());
        self
    }

    /// No hook panics any more.
    fn calm(&mut self) -> &mut Self {
        self.panics.clear();
        self
    }

    /// Logs `"{what} {name}"`, or `"{what} {name} PANICS"` and panics if
    /// that hook is scripted to.
    fn hook(&self, what: &str, name: &str) {
        let entry = format!("{what} {name}");
        if self.panics.contains(&entry) {
            push(format!("{entry} PANICS"));
            resume_unwind(Box::new(Boom));
        }
    }

    fn score(&self, what: &str, name: &'static str) -> f32 {
        self.hook(what, name);
        push(format!("{what} {name}"));
        self.scores.get(name).copied().unwrap_or(0.0)
    }
}

/// A logging behavior whose hooks panic on demand; its memory logs its drop.
struct B(&'static str);

impl Behavior<Lab> for B {
    fn activate(&mut self, l: &mut Lab, _: &mut Ctx) -> Status {
        l.hook("activate", self.0);
        push(format!("activate {}", self.0));
        Running
    }

    fn tick(&mut self, l: &mut Lab, _: &mut Ctx) -> Status {
        l.hook("tick", self.0);
        let s = l.results.get(self.0).copied().unwrap_or(Running);
        push(format!("tick {} -> {s:?}", self.0));
        s
    }

    fn deactivate(&mut self, l: &mut Lab, _: &mut Ctx, _exit: Exit) {
        l.hook("deactivate", self.0);
        push(format!("deactivate {}", self.0));
    }
}

impl Drop for B {
    fn drop(&mut self) {
        DROPS.with(|d| d.borrow_mut().push(self.0.to_string()));
    }
}

/// A DBlock: which behavior to build, and whether building it panics.
struct Blk {
    name: &'static str,
    panic: bool,
}

impl From<Blk> for B {
    fn from(blk: Blk) -> B {
        if blk.panic {
            push(format!("from {} PANICS", blk.name));
            resume_unwind(Box::new(Boom));
        }
        push(format!("from {}", blk.name));
        B(blk.name)
    }
}

/// A scripted decide (`> 0` accepts).
fn d(name: &'static str) -> impl Fn(&Lab) -> f32 {
    move |l: &Lab| l.score("decide", name)
}

/// A scripted condition (`> 0` → `Success`).
fn c(name: &'static str) -> impl Fn(&Lab) -> bool {
    move |l: &Lab| l.score("condition", name) > 0.0
}

/// A scripted DBlock function: accepts when the score is `> 0`, handing
/// over a block that builds `B(name)` (and panics doing so after
/// `panic_at("from NAME")`).
fn db(name: &'static str) -> impl Fn(&Lab) -> Option<(f32, Blk)> {
    move |l: &Lab| {
        let s = l.score("dblock", name);
        let panic = l.panics.contains(&format!("from {name}"));
        (s > 0.0).then_some((s, Blk { name, panic }))
    }
}

deciders::tree! {
    /// A leaf under a group behavior.
    tree Leafy for Lab {
        sequence with B("g") { B("a"), B("b") }
    }

    /// A priority group whose higher child interrupts the lower one.
    tree Interrupt for Lab {
        priority with B("g") {
            hi: when(decide = d("hi")) => B("hi"),
            lo: B("lo"),
        }
    }

    /// The same with a DBlock building the interrupting behavior.
    tree Blocky for Lab {
        priority {
            hi: when(dblock = db("hi")) => B,
            lo: B("lo"),
        }
    }

    /// A selector switching from its last child to its first.
    tree Switch for Lab {
        selector with B("g") {
            a: when(decide = d("a")) => B("a"),
            B("b"),
        }
    }

    /// A reactive sequence re-checking its condition every tick.
    tree Reactive for Lab {
        reactive_sequence with B("g") { condition(c("c")), B("x") }
    }

    /// Two parallels: one waiting for all, one finishing with the first.
    tree Par for Lab {
        sequence {
            parallel(all) { B("p1"), B("p2") },
            parallel(any) { B("q1"), B("q2") },
        }
    }

    /// A subtree whose leaf panics.
    tree Outer for Lab {
        sequence with B("o") { subtree Inner, B("after") }
    }

    tree Inner for Lab {
        sequence with B("i") { B("in") }
    }

    /// Persistent state (a cooldown) and a clock, for `reset`.
    tree Cooled for Lab {
        sequence with B("g") { cooldown(5.0) { B("a") }, B("b") }
    }
}

fn ctx() -> Frame {
    Frame::new(0.1)
}

/// Runs `f`, which must panic with a scripted panic.
fn boom(f: impl FnOnce()) {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(()) => panic!("no panic"),
        Err(p) => assert!(p.is::<Boom>(), "not a scripted panic"),
    }
}

/// What every panic must leave: nothing running, and a `halt` that
/// deactivates and drops nothing.
macro_rules! dropped {
    ($t:expr, $l:expr) => {{
        assert!(!$t.is_running(), "still running after the panic");
        $t.halt($l, &mut ctx());
        assert_eq!(take(), Vec::<String>::new(), "halt after the panic");
        assert_eq!(drops(), Vec::<String>::new(), "halt after the panic");
    }};
}

// ---------------------------------------------------------------- a leaf

#[test]
fn leaf_activate_panics() {
    let (mut l, mut t) = (Lab::default(), Leafy::new());
    l.panic_at("activate a");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&["activate g", "tick g -> Running", "activate a PANICS"])
    );
    // The memory being activated and the group behavior are dropped, once.
    assert_eq!(drops(), log(&["a", "g"]));
    dropped!(t, &mut l);
    // The next tick starts from the root.
    l.calm();
    assert_eq!(t.tick(&mut l, &mut ctx()), Running);
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Running"
        ])
    );
    t.halt(&mut l, &mut ctx());
    assert_eq!(take(), log(&["deactivate a", "deactivate g"]));
    assert_eq!(drops(), log(&["a", "g"]));
}

#[test]
fn leaf_tick_panics() {
    let (mut l, mut t) = (Lab::default(), Leafy::new());
    t.tick(&mut l, &mut ctx());
    take();
    l.panic_at("tick a");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(take(), log(&["tick g -> Running", "tick a PANICS"]));
    assert_eq!(drops(), log(&["a", "g"]));
    dropped!(t, &mut l);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Running"
        ])
    );
}

#[test]
fn leaf_first_tick_panics() {
    // The tick right after `activate`, inside the entry.
    let (mut l, mut t) = (Lab::default(), Leafy::new());
    l.panic_at("tick a");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a PANICS"
        ])
    );
    assert_eq!(drops(), log(&["a", "g"]));
    dropped!(t, &mut l);
}

#[test]
fn leaf_deactivate_panics_on_completion() {
    let (mut l, mut t) = (Lab::default(), Leafy::new());
    t.tick(&mut l, &mut ctx());
    take();
    l.result("a", Success).panic_at("deactivate a");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    // `b` is never activated; `a` is not deactivated a second time.
    assert_eq!(
        take(),
        log(&[
            "tick g -> Running",
            "tick a -> Success",
            "deactivate a PANICS"
        ])
    );
    assert_eq!(drops(), log(&["a", "g"]));
    dropped!(t, &mut l);
    l.calm().result("a", Running);
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Running"
        ])
    );
}

// ------------------------------------------------------ a group behavior

#[test]
fn group_activate_panics() {
    let (mut l, mut t) = (Lab::default(), Leafy::new());
    l.panic_at("activate g");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(take(), log(&["activate g PANICS"]));
    assert_eq!(drops(), log(&["g"]));
    dropped!(t, &mut l);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Running"
        ])
    );
}

#[test]
fn group_tick_panics() {
    let (mut l, mut t) = (Lab::default(), Leafy::new());
    t.tick(&mut l, &mut ctx());
    take();
    l.panic_at("tick g");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    // The child is not ticked, nor deactivated: dropped with its group.
    assert_eq!(take(), log(&["tick g PANICS"]));
    assert_eq!(drops(), log(&["a", "g"]));
    dropped!(t, &mut l);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Running"
        ])
    );
}

#[test]
fn group_deactivate_panics_on_completion() {
    let (mut l, mut t) = (Lab::default(), Leafy::new());
    t.tick(&mut l, &mut ctx());
    take();
    l.result("a", Success)
        .result("b", Success)
        .panic_at("deactivate g");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&[
            "tick g -> Running",
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Success",
            "deactivate b",
            "deactivate g PANICS",
        ])
    );
    assert_eq!(drops(), log(&["a", "b", "g"]));
    dropped!(t, &mut l);
    l.calm();
    assert_eq!(t.tick(&mut l, &mut ctx()), Success);
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Success",
            "deactivate b",
            "deactivate g",
        ])
    );
    assert_eq!(drops(), log(&["a", "b", "g"]));
}

// ------------------------------------------------- a priority interrupt

/// `Interrupt` with `lo` running and `hi` about to interrupt it.
fn lo_running() -> (Lab, Interrupt) {
    let (mut l, mut t) = (Lab::default(), Interrupt::new());
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "decide hi",
            "activate lo",
            "tick lo -> Running"
        ])
    );
    l.set("hi", 1.0);
    (l, t)
}

#[test]
fn interrupt_activate_panics() {
    let (mut l, mut t) = lo_running();
    l.panic_at("activate hi");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&[
            "tick g -> Running",
            "decide hi",
            "deactivate lo",
            "activate hi PANICS"
        ])
    );
    assert_eq!(drops(), log(&["g", "hi", "lo"]));
    // `lo` was deactivated: it is neither ticked nor deactivated again.
    dropped!(t, &mut l);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "decide hi",
            "activate hi",
            "tick hi -> Running"
        ])
    );
    t.halt(&mut l, &mut ctx());
    assert_eq!(take(), log(&["deactivate hi", "deactivate g"]));
    assert_eq!(drops(), log(&["g", "hi"]));
}

#[test]
fn interrupt_tick_panics() {
    let (mut l, mut t) = lo_running();
    l.panic_at("tick hi");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&[
            "tick g -> Running",
            "decide hi",
            "deactivate lo",
            "activate hi",
            "tick hi PANICS"
        ])
    );
    assert_eq!(drops(), log(&["g", "hi", "lo"]));
    dropped!(t, &mut l);
}

#[test]
fn interrupted_deactivate_panics() {
    let (mut l, mut t) = lo_running();
    l.panic_at("deactivate lo");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&["tick g -> Running", "decide hi", "deactivate lo PANICS"])
    );
    assert_eq!(drops(), log(&["g", "lo"]));
    dropped!(t, &mut l);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "decide hi",
            "activate hi",
            "tick hi -> Running"
        ])
    );
}

#[test]
fn interrupting_decide_panics() {
    let (mut l, mut t) = lo_running();
    l.panic_at("decide hi");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(take(), log(&["tick g -> Running", "decide hi PANICS"]));
    assert_eq!(drops(), log(&["g", "lo"]));
    dropped!(t, &mut l);
}

#[test]
fn decide_panics_on_entry() {
    let (mut l, mut t) = (Lab::default(), Interrupt::new());
    l.panic_at("decide hi");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&["activate g", "tick g -> Running", "decide hi PANICS"])
    );
    assert_eq!(drops(), log(&["g"]));
    dropped!(t, &mut l);
}

// ---------------------------------------------------------------- DBlocks

/// `Blocky` with `lo` running and `hi` about to interrupt it.
fn blocky_lo_running() -> (Lab, Blocky) {
    let (mut l, mut t) = (Lab::default(), Blocky::new());
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&["dblock hi", "activate lo", "tick lo -> Running"])
    );
    l.set("hi", 1.0);
    (l, t)
}

#[test]
fn dblock_function_panics() {
    let (mut l, mut t) = blocky_lo_running();
    l.panic_at("dblock hi");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(take(), log(&["dblock hi PANICS"]));
    assert_eq!(drops(), log(&["lo"]));
    dropped!(t, &mut l);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&["dblock hi", "from hi", "activate hi", "tick hi -> Running"])
    );
}

#[test]
fn dblock_conversion_panics() {
    let (mut l, mut t) = blocky_lo_running();
    l.panic_at("from hi");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    // The memory is built by the guard, before the interrupted child is
    // halted: `lo` is dropped, not deactivated.
    assert_eq!(take(), log(&["dblock hi", "from hi PANICS"]));
    assert_eq!(drops(), log(&["lo"]));
    dropped!(t, &mut l);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&["dblock hi", "from hi", "activate hi", "tick hi -> Running"])
    );
}

// ------------------------------------- a selector / reactive_sequence switch

/// `Switch` with `b` running and `a` about to take over.
fn b_running() -> (Lab, Switch) {
    let (mut l, mut t) = (Lab::default(), Switch::new());
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "decide a",
            "activate b",
            "tick b -> Running"
        ])
    );
    l.set("a", 1.0);
    (l, t)
}

#[test]
fn selector_switch_old_deactivate_panics() {
    let (mut l, mut t) = b_running();
    l.panic_at("deactivate b");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    // The new child was entered first; both are dropped, neither is
    // deactivated, and neither stays in the state.
    assert_eq!(
        take(),
        log(&[
            "tick g -> Running",
            "decide a",
            "activate a",
            "tick a -> Running",
            "deactivate b PANICS"
        ])
    );
    assert_eq!(drops(), log(&["a", "b", "g"]));
    dropped!(t, &mut l);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "decide a",
            "activate a",
            "tick a -> Running"
        ])
    );
    t.halt(&mut l, &mut ctx());
    assert_eq!(take(), log(&["deactivate a", "deactivate g"]));
}

#[test]
fn selector_switch_new_activate_panics() {
    let (mut l, mut t) = b_running();
    l.panic_at("activate a");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&["tick g -> Running", "decide a", "activate a PANICS"])
    );
    assert_eq!(drops(), log(&["a", "b", "g"]));
    dropped!(t, &mut l);
}

#[test]
fn selector_switch_new_tick_panics() {
    let (mut l, mut t) = b_running();
    l.panic_at("tick a");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&[
            "tick g -> Running",
            "decide a",
            "activate a",
            "tick a PANICS"
        ])
    );
    assert_eq!(drops(), log(&["a", "b", "g"]));
    dropped!(t, &mut l);
}

#[test]
fn selector_decide_panics() {
    let (mut l, mut t) = b_running();
    l.panic_at("decide a");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(take(), log(&["tick g -> Running", "decide a PANICS"]));
    assert_eq!(drops(), log(&["b", "g"]));
    dropped!(t, &mut l);
}

/// `Reactive` with `x` running.
fn x_running() -> (Lab, Reactive) {
    let (mut l, mut t) = (Lab::default(), Reactive::new());
    l.set("c", 1.0);
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "condition c",
            "activate x",
            "tick x -> Running"
        ])
    );
    (l, t)
}

#[test]
fn reactive_condition_panics() {
    let (mut l, mut t) = x_running();
    l.panic_at("condition c");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(take(), log(&["tick g -> Running", "condition c PANICS"]));
    assert_eq!(drops(), log(&["g", "x"]));
    dropped!(t, &mut l);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "condition c",
            "activate x",
            "tick x -> Running"
        ])
    );
}

#[test]
fn reactive_halted_child_deactivate_panics() {
    let (mut l, mut t) = x_running();
    l.set("c", 0.0).panic_at("deactivate x");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&["tick g -> Running", "condition c", "deactivate x PANICS"])
    );
    assert_eq!(drops(), log(&["g", "x"]));
    dropped!(t, &mut l);
    l.calm();
    assert_eq!(t.tick(&mut l, &mut ctx()), Failure);
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "condition c",
            "deactivate g"
        ])
    );
}

// ------------------------------------------------------- inside a parallel

/// `Par` with `p1` and `p2` running.
fn p_running() -> (Lab, Par) {
    let (mut l, mut t) = (Lab::default(), Par::new());
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate p1",
            "tick p1 -> Running",
            "activate p2",
            "tick p2 -> Running"
        ])
    );
    (l, t)
}

#[test]
fn parallel_tick_panics_after_a_sibling_completed() {
    let (mut l, mut t) = p_running();
    l.result("p1", Success).panic_at("tick p2");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&["tick p1 -> Success", "deactivate p1", "tick p2 PANICS"])
    );
    assert_eq!(drops(), log(&["p1", "p2"]));
    dropped!(t, &mut l);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate p1",
            "tick p1 -> Success",
            "deactivate p1",
            "activate p2",
            "tick p2 -> Running"
        ])
    );
}

#[test]
fn parallel_activate_panics_beside_a_running_sibling() {
    let (mut l, mut t) = (Lab::default(), Par::new());
    l.panic_at("activate p2");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&["activate p1", "tick p1 -> Running", "activate p2 PANICS"])
    );
    assert_eq!(drops(), log(&["p1", "p2"]));
    dropped!(t, &mut l);
}

#[test]
fn parallel_halted_sibling_deactivate_panics() {
    // `parallel(any)`: `q1` succeeds, `q2` is halted and its deactivate
    // panics.
    let (mut l, mut t) = p_running();
    l.result("p1", Success).result("p2", Success);
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "tick p1 -> Success",
            "deactivate p1",
            "tick p2 -> Success",
            "deactivate p2",
            "activate q1",
            "tick q1 -> Running",
            "activate q2",
            "tick q2 -> Running"
        ])
    );
    assert_eq!(drops(), log(&["p1", "p2"]));
    l.result("q1", Success).panic_at("deactivate q2");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&[
            "tick q1 -> Success",
            "deactivate q1",
            "deactivate q2 PANICS"
        ])
    );
    assert_eq!(drops(), log(&["q1", "q2"]));
    dropped!(t, &mut l);
    // From the root again; `q1` now succeeds at once, so `q2` is never
    // entered.
    l.calm();
    assert_eq!(t.tick(&mut l, &mut ctx()), Success);
    assert_eq!(
        take(),
        log(&[
            "activate p1",
            "tick p1 -> Success",
            "deactivate p1",
            "activate p2",
            "tick p2 -> Success",
            "deactivate p2",
            "activate q1",
            "tick q1 -> Success",
            "deactivate q1"
        ])
    );
}

// ----------------------------------------------------------- in a subtree

#[test]
fn subtree_leaf_tick_panics() {
    let (mut l, mut t) = (Lab::default(), Outer::new());
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate o",
            "tick o -> Running",
            "activate i",
            "tick i -> Running",
            "activate in",
            "tick in -> Running"
        ])
    );
    l.panic_at("tick in");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&["tick o -> Running", "tick i -> Running", "tick in PANICS"])
    );
    // The subtree's state lives in the outer state: all of it is dropped.
    assert_eq!(drops(), log(&["i", "in", "o"]));
    dropped!(t, &mut l);
}

// ------------------------------------------------------------ during halt

#[test]
fn halt_leaf_deactivate_panics() {
    let (mut l, mut t) = (Lab::default(), Leafy::new());
    t.tick(&mut l, &mut ctx());
    take();
    l.panic_at("deactivate a");
    boom(|| t.halt(&mut l, &mut ctx()));
    // The group behavior is not deactivated either: dropped.
    assert_eq!(take(), log(&["deactivate a PANICS"]));
    assert_eq!(drops(), log(&["a", "g"]));
    // A second halt deactivates nothing twice.
    boom_free_halt_twice(&mut t, &mut l);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Running"
        ])
    );
}

/// `halt` twice more, with the hooks still panicking: nothing happens.
fn boom_free_halt_twice(t: &mut Leafy, l: &mut Lab) {
    assert!(!t.is_running());
    t.halt(l, &mut ctx());
    t.halt(l, &mut ctx());
    assert_eq!(take(), Vec::<String>::new());
    assert_eq!(drops(), Vec::<String>::new());
}

#[test]
fn halt_group_deactivate_panics() {
    let (mut l, mut t) = (Lab::default(), Leafy::new());
    t.tick(&mut l, &mut ctx());
    take();
    l.panic_at("deactivate g");
    boom(|| t.halt(&mut l, &mut ctx()));
    assert_eq!(take(), log(&["deactivate a", "deactivate g PANICS"]));
    assert_eq!(drops(), log(&["a", "g"]));
    boom_free_halt_twice(&mut t, &mut l);
}

#[test]
fn halt_inside_an_interrupted_priority() {
    // Halt after the interrupt, while `hi` runs: its deactivate panics.
    let (mut l, mut t) = lo_running();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "tick g -> Running",
            "decide hi",
            "deactivate lo",
            "activate hi",
            "tick hi -> Running"
        ])
    );
    assert_eq!(drops(), log(&["lo"]));
    l.panic_at("deactivate hi");
    boom(|| t.halt(&mut l, &mut ctx()));
    assert_eq!(take(), log(&["deactivate hi PANICS"]));
    assert_eq!(drops(), log(&["g", "hi"]));
    dropped!(t, &mut l);
}

// ----------------------------------------------------------- during reset

#[test]
fn reset_deactivate_panics() {
    let (mut l, mut t) = (Lab::default(), Cooled::new());
    l.result("a", Success);
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Running"
        ])
    );
    assert_eq!(drops(), log(&["a"]));
    l.panic_at("deactivate b");
    boom(|| t.reset(&mut l, &mut ctx()));
    assert_eq!(take(), log(&["deactivate b PANICS"]));
    assert_eq!(drops(), log(&["b", "g"]));
    dropped!(t, &mut l);
    // The reset happened all the same: the clock is back to 0 and the
    // cooldown is due, so `a` runs again at once.
    assert_eq!(t.now(), 0.0);
    l.calm();
    t.tick(&mut l, &mut ctx());
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Running"
        ])
    );
}

#[test]
fn reset_group_deactivate_panics() {
    let (mut l, mut t) = (Lab::default(), Leafy::new());
    t.tick(&mut l, &mut ctx());
    take();
    l.panic_at("deactivate g");
    boom(|| t.reset(&mut l, &mut ctx()));
    assert_eq!(take(), log(&["deactivate a", "deactivate g PANICS"]));
    assert_eq!(drops(), log(&["a", "g"]));
    boom_free_halt_twice(&mut t, &mut l);
}

#[test]
fn a_panic_keeps_persistent_state_and_the_clock() {
    // A panicking tick drops the active state only: the cooldown stamped
    // before the panic still holds, and the clock keeps counting.
    let (mut l, mut t) = (Lab::default(), Cooled::new());
    l.result("a", Success).panic_at("activate b");
    boom(|| {
        t.tick(&mut l, &mut ctx());
    });
    assert_eq!(
        take(),
        log(&[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "activate b PANICS"
        ])
    );
    assert_eq!(drops(), log(&["a", "b", "g"]));
    dropped!(t, &mut l);
    assert_eq!(t.now(), f64::from(0.1f32));
    l.calm();
    assert_eq!(t.tick(&mut l, &mut ctx()), Failure);
    assert_eq!(
        take(),
        log(&["activate g", "tick g -> Running", "deactivate g"])
    );
}

// --------------------------------------------------------------- the trace

/// A trace that panics when `node` is activated.
struct PanicOnActivated(&'static str);

impl Trace for PanicOnActivated {
    fn event(&mut self, e: TraceEvent) {
        if let TraceEvent::Activated { node, .. } = e {
            let node: &NodeInfo = node;
            if node.name == self.0 {
                push(format!("trace {} PANICS", node.name));
                resume_unwind(Box::new(Boom));
            }
        }
    }
}

#[test]
fn trace_panics() {
    let (mut l, mut t) = lo_running();
    boom(|| {
        t.tick_traced(&mut l, &mut ctx(), &mut PanicOnActivated("hi"));
    });
    assert_eq!(
        take(),
        log(&[
            "tick g -> Running",
            "decide hi",
            "deactivate lo",
            "activate hi",
            "trace hi PANICS"
        ])
    );
    assert_eq!(drops(), log(&["g", "hi", "lo"]));
    dropped!(t, &mut l);
}

// ------------------------------------------------- every position at once

deciders::tree! {
    /// Every node kind (as in `tests/robustness.rs`), every leaf and group
    /// behavior a uniquely named `B`, plus a DBlock.
    tree Everything for Lab {
        priority with B("g_root") {
            flee: when(decide = d("flee")) => B("flee"),
            hunt: when(dblock = db("hunt")) => B,
            guard: when(every(0.5), decide = d("guard")) => priority with B("g_guard") {
                yell: when(recheck, decide = d("yell")) => B("yell"),
                fight: when(decide = d("gfight")) => timeout(1.0) { B("gfight") },
                patrol: when(decide = d("patrol")) => subtree Patrol,
                rest: B("grest"),
            },
            brawl: when(decide = d("brawl")) => parallel(success >= 2, failure >= 2) {
                B("p1"),
                retry(2) { B("p2") },
                invert { condition(c("c1")) },
                B("p3"),
            },
            eat: when(redecide, decide = d("eat")) => sequential with B("g_eat") {
                find: reactive_sequence with B("g_find") { condition(c("c2")), B("find") },
                chew: cooldown(0.3) { B("chew") },
            },
            idle: selector with B("g_idle") {
                nap: when(decide = d("nap")) => delay(0.2) { B("nap") },
                fallback with B("g_fb") {
                    cooldown_on_failure(0.5) { B("fb1") },
                    force(Success) { wait(0.3) },
                },
                sequence with B("g_seq") {
                    succeed,
                    repeat(2) { B("rep") },
                    always(Failure) { B("alw") },
                    fail,
                },
                parallel(all) { B("pa1"), B("pa2") },
                parallel(any) { B("py1"), B("py2") },
                concurrent { B("cc1"), B("cc2") },
                repeat(forever) { B("forever") },
            },
        }
    }

    tree Patrol for Lab {
        sequence with B("g_patrol") { B("pat1"), B("pat2") }
    }
}

/// Every `B` of `Everything`, each with the group behaviors enclosing it,
/// innermost last.
const NODES: &[(&str, &[&str])] = &[
    ("g_root", &[]),
    ("flee", &["g_root"]),
    ("hunt", &["g_root"]),
    ("g_guard", &["g_root"]),
    ("yell", &["g_root", "g_guard"]),
    ("gfight", &["g_root", "g_guard"]),
    ("g_patrol", &["g_root", "g_guard"]),
    ("pat1", &["g_root", "g_guard", "g_patrol"]),
    ("pat2", &["g_root", "g_guard", "g_patrol"]),
    ("grest", &["g_root", "g_guard"]),
    ("p1", &["g_root"]),
    ("p2", &["g_root"]),
    ("p3", &["g_root"]),
    ("g_eat", &["g_root"]),
    ("g_find", &["g_root", "g_eat"]),
    ("find", &["g_root", "g_eat", "g_find"]),
    ("chew", &["g_root", "g_eat"]),
    ("g_idle", &["g_root"]),
    ("nap", &["g_root", "g_idle"]),
    ("g_fb", &["g_root", "g_idle"]),
    ("fb1", &["g_root", "g_idle", "g_fb"]),
    ("g_seq", &["g_root", "g_idle"]),
    ("rep", &["g_root", "g_idle", "g_seq"]),
    ("alw", &["g_root", "g_idle", "g_seq"]),
    ("pa1", &["g_root", "g_idle"]),
    ("pa2", &["g_root", "g_idle"]),
    ("py1", &["g_root", "g_idle"]),
    ("py2", &["g_root", "g_idle"]),
    ("cc1", &["g_root", "g_idle"]),
    ("cc2", &["g_root", "g_idle"]),
    ("forever", &["g_root", "g_idle"]),
];

/// Decides, conditions and DBlocks, by the name their score is read under,
/// with the hook name they log under.
const SCORED: &[(&str, &str)] = &[
    ("decide", "flee"),
    ("dblock", "hunt"),
    ("decide", "guard"),
    ("decide", "yell"),
    ("decide", "gfight"),
    ("decide", "patrol"),
    ("decide", "brawl"),
    ("decide", "eat"),
    ("decide", "nap"),
    ("condition", "c1"),
    ("condition", "c2"),
];

/// The hooks of a behavior that can panic.
const HOOKS: &[&str] = &["activate", "tick", "deactivate"];

mod property {
    use super::*;
    use proptest::prelude::*;

    /// What can panic in one step: a behavior hook, a decide / condition /
    /// DBlock, or the DBlock's conversion.
    #[derive(Debug, Clone)]
    pub enum Panic {
        Hook(usize, usize),
        Scored(usize),
        From,
    }

    impl Panic {
        fn entry(&self) -> String {
            match self {
                Panic::Hook(h, n) => format!("{} {}", HOOKS[*h], NODES[*n].0),
                Panic::Scored(i) => format!("{} {}", SCORED[*i].0, SCORED[*i].1),
                Panic::From => "from hunt".to_string(),
            }
        }
    }

    #[derive(Debug, Clone)]
    pub enum Step {
        Tick,
        Halt,
        Reset,
    }

    /// One frame: change the inputs and which hooks panic, then step.
    #[derive(Debug, Clone)]
    pub struct Frame {
        step: Step,
        scores: Vec<(usize, i8)>,
        results: Vec<(usize, u8)>,
        panics: Vec<Panic>,
    }

    fn panic() -> impl Strategy<Value = Panic> {
        prop_oneof![
            6 => (0..HOOKS.len(), 0..NODES.len()).prop_map(|(h, n)| Panic::Hook(h, n)),
            2 => (0..SCORED.len()).prop_map(Panic::Scored),
            1 => Just(Panic::From),
        ]
    }

    fn frame() -> impl Strategy<Value = Frame> {
        (
            prop_oneof![30 => Just(Step::Tick), 2 => Just(Step::Halt), 1 => Just(Step::Reset)],
            proptest::collection::vec((0..SCORED.len(), -1i8..=1), 0..4),
            proptest::collection::vec((0..NODES.len(), 0u8..3), 0..4),
            proptest::collection::vec(panic(), 0..3),
        )
            .prop_map(|(step, scores, results, panics)| Frame {
                step,
                scores,
                results,
                panics,
            })
    }

    pub fn script() -> impl Strategy<Value = Vec<Frame>> {
        proptest::collection::vec(frame(), 1..80)
    }

    /// Every memory alive: built by `activate` (or by `from` for the DBlock
    /// behavior), dropped by `DROPS`.
    #[derive(Default)]
    struct Memories(HashMap<String, i64>);

    /// Checks one step's log against the pairing rules and updates
    /// `active`; `panicked` says whether the step ended in a panic, which
    /// must then be the log's last entry and leave nothing active.
    fn check(
        entries: &[String],
        panicked: bool,
        active: &mut HashSet<String>,
        alive: &mut Memories,
        seen: &mut HashSet<String>,
    ) -> Result<(), TestCaseError> {
        for (i, e) in entries.iter().enumerate() {
            let words: Vec<&str> = e.split(' ').collect();
            let (hook, name) = (words[0], words[1]);
            let panics = words.last() == Some(&"PANICS");
            if panics {
                prop_assert!(panicked && i + 1 == entries.len(), "{}: not last", e);
                seen.insert(format!("{hook} PANICS"));
                if name.starts_with("g_") {
                    seen.insert(format!("group {hook} PANICS"));
                }
            }
            let groups = NODES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, g)| *g)
                .unwrap_or(&[]);
            match hook {
                "from" if !panics => *alive.0.entry(name.to_string()).or_default() += 1,
                "activate" => {
                    prop_assert!(!active.contains(name), "{}: already active", e);
                    for g in groups {
                        prop_assert!(active.contains(*g), "{}: its group {} is not active", e, g);
                    }
                    if name != "hunt" {
                        *alive.0.entry(name.to_string()).or_default() += 1;
                    }
                    if !panics {
                        active.insert(name.to_string());
                    }
                }
                "deactivate" => {
                    prop_assert!(active.remove(name), "{}: not active", e);
                    for (inner, gs) in NODES {
                        if gs.contains(&name) {
                            prop_assert!(!active.contains(*inner), "{}: {} still active", e, inner);
                        }
                    }
                }
                "tick" => prop_assert!(active.contains(name), "{}: ticked while inactive", e),
                _ => {}
            }
        }
        if panicked {
            prop_assert!(
                entries.last().is_some_and(|e| e.ends_with(" PANICS")),
                "a panic that is not ours: {:?}",
                entries
            );
            // As if dropped: nothing is active any more.
            active.clear();
        }
        for name in super::drops() {
            *alive.0.entry(name).or_default() -= 1;
        }
        for (name, n) in &alive.0 {
            let want = i64::from(active.contains(name));
            prop_assert_eq!(*n, want, "memories of {} alive", name);
        }
        Ok(())
    }

    /// Plays `frames`, checking after every step; `seen` collects which
    /// hooks panicked.
    pub fn play(frames: Vec<Frame>, seen: &mut HashSet<String>) -> Result<(), TestCaseError> {
        take();
        super::drops();
        let mut l = Lab::default();
        let mut t = Everything::new();
        let mut active = HashSet::new();
        let mut alive = Memories::default();
        let statuses = [Running, Success, Failure];
        for f in frames {
            for (i, s) in f.scores {
                l.set(SCORED[i].1, f32::from(s));
            }
            for (i, r) in f.results {
                l.result(NODES[i].0, statuses[usize::from(r)]);
            }
            l.calm();
            for p in &f.panics {
                l.panic_at(&p.entry());
            }
            let mut ctx = deciders::Frame::new(0.1);
            let out = catch_unwind(AssertUnwindSafe(|| match f.step {
                Step::Tick => Some(t.tick(&mut l, &mut ctx)),
                Step::Halt => {
                    t.halt(&mut l, &mut ctx);
                    None
                }
                Step::Reset => {
                    t.reset(&mut l, &mut ctx);
                    None
                }
            }));
            let entries = take();
            check(&entries, out.is_err(), &mut active, &mut alive, seen)?;
            if out.is_err() {
                seen.insert(format!("{:?} PANICS", f.step));
            }
            match out {
                Ok(Some(status)) => {
                    prop_assert_eq!(t.is_running(), status == Running);
                }
                Ok(None) => prop_assert!(active.is_empty(), "active after halt: {:?}", active),
                Err(p) => prop_assert!(p.is::<Boom>(), "not a scripted panic"),
            }
            prop_assert_eq!(t.is_running(), !active.is_empty());
        }
        l.calm();
        t.halt(&mut l, &mut deciders::Frame::new(0.1));
        let entries = take();
        check(&entries, false, &mut active, &mut alive, seen)?;
        prop_assert!(
            active.is_empty(),
            "active after the final halt: {:?}",
            active
        );
        Ok(())
    }
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config {
        cases: if std::env::var_os("PROPTEST_CASES").is_some() {
            proptest::test_runner::Config::default().cases
        } else {
            256
        },
        ..proptest::test_runner::Config::default()
    })]

    /// SPEC L2, C7 with panics anywhere: every hook stays paired, every
    /// memory is dropped exactly once, and a panic leaves nothing active.
    #[test]
    fn any_script_with_panics_keeps_the_hooks_paired(frames in property::script()) {
        property::play(frames, &mut HashSet::new())?;
    }
}

#[test]
fn the_scripts_panic_in_every_kind_of_hook() {
    // The property is only as good as the panics it reaches: 256
    // deterministic scripts must panic in every kind of hook, in group
    // behaviors, and during `tick`, `halt` and `reset`.
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::{Config, TestRng, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::deterministic_rng(Default::default()),
    );
    let mut seen = HashSet::new();
    for _ in 0..256 {
        let frames = property::script().new_tree(&mut runner).unwrap().current();
        property::play(frames, &mut seen).unwrap();
    }
    let mut seen: Vec<String> = seen.into_iter().collect();
    seen.sort();
    assert_eq!(
        seen,
        log(&[
            "Halt PANICS",
            "Reset PANICS",
            "Tick PANICS",
            "activate PANICS",
            "condition PANICS",
            "dblock PANICS",
            "deactivate PANICS",
            "decide PANICS",
            "from PANICS",
            "group activate PANICS",
            "group deactivate PANICS",
            "group tick PANICS",
            "tick PANICS",
        ])
    );
}
