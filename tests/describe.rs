//! A tree state as text (SPEC I1): the active path, or the whole tree with
//! the active path marked, one line per node with its kind, arguments,
//! memory (through `Debug`), how long it has been active where the state
//! knows, and its persistent state; and the tree's outline in its
//! documentation (SPEC I4), checked through `OUTLINE`.

use deciders::{describe, Behavior, Ctx, Decorator, Frame, NodeInfo, Status, Tree, Visitor};
use std::fmt;

#[derive(Default)]
struct Guard {
    alarm: bool,
}

impl Guard {
    fn alarmed(&self) -> bool {
        self.alarm
    }
}

/// Looks around for two ticks; its memory counts the turns.
#[derive(Debug, Default)]
struct Look {
    turns: u32,
}
impl Behavior<Guard> for Look {
    fn tick(&mut self, _: &mut Guard, _: &mut Ctx) -> Status {
        self.turns += 1;
        if self.turns == 2 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// Searches and fails on its first tick.
#[derive(Debug, Default)]
struct Search {
    tries: u32,
}
impl Behavior<Guard> for Search {
    fn tick(&mut self, _: &mut Guard, _: &mut Ctx) -> Status {
        self.tries += 1;
        Status::Failure
    }
}

/// Walks on; no `Debug`, so only its name and type are shown.
#[derive(Default)]
struct Walk;
impl Behavior<Guard> for Walk {}

deciders::tree! {
    /// A guard post: the alarm interrupts the patrol.
    tree Post for Guard {
        priority {
            alarm: when(decide = Guard::alarmed) => sequence {
                look: timeout(5.0) { Look },
                retry(3) { Search },
            },
            patrol: when(every(10.0)) => repeat(2) { Walk },
        }
    }
}

fn state_text(state: &Post) -> String {
    let mut text = String::new();
    state.describe(&mut text).unwrap();
    text
}

fn tree_text(state: &Post) -> String {
    let mut text = String::new();
    describe::write_tree(state, &mut text).unwrap();
    text
}

fn tick(state: &mut Post, alarm: bool) -> Status {
    state.tick(&mut Guard { alarm }, &mut Frame::new(0.5))
}

// SPEC I1
#[test]
fn i1_describe_state_after_the_first_tick() {
    let mut state = Post::new();
    tick(&mut state, false);
    assert_eq!(
        state_text(&state),
        "\
Post at 0.50 s
root: priority
  patrol: repeat(2) = Repeat { done: 0, of: 2 }, kept Every { seconds: 10.0, last: 0.5 }
    Walk: behavior
"
    );
}

// SPEC I1
#[test]
fn i1_describe_state_after_an_interruption_changed_the_path() {
    let mut state = Post::new();
    tick(&mut state, false);
    // The alarm interrupts the patrol (D1): a new path.
    tick(&mut state, true);
    assert_eq!(
        state_text(&state),
        "\
Post at 1.00 s
root: priority
  alarm: sequence
    look: timeout(5s) = Timeout { seconds: 5.0, since: 1.0 }, active for 0.00 s
      Look: behavior = Look { turns: 1 }
"
    );
    tick(&mut state, true);
    // `Look` succeeded; `Search` failed once and `retry` restarts it on
    // the next tick: its counter is in its memory.
    assert_eq!(
        state_text(&state),
        "\
Post at 1.50 s
root: priority
  alarm: sequence
    retry(3) = Retry { failed: 1, of: 3 }
"
    );
    tick(&mut state, true);
    assert_eq!(
        state_text(&state),
        "\
Post at 2.00 s
root: priority
  alarm: sequence
    retry(3) = Retry { failed: 2, of: 3 }
"
    );
}

// SPEC I1
#[test]
fn i1_describe_tree_marks_the_active_path() {
    let mut state = Post::new();
    tick(&mut state, false);
    tick(&mut state, true);
    assert_eq!(
        tree_text(&state),
        "\
Post at 1.00 s
* root: priority
*   alarm: sequence
*     look: timeout(5s) = Timeout { seconds: 5.0, since: 1.0 }, active for 0.00 s
*       Look: behavior = Look { turns: 1 }
      retry(3)
        Search: behavior
    patrol: repeat(2), kept Every { seconds: 10.0, last: 0.5 }
      Walk: behavior
"
    );
    // The same through `io::Write`.
    let mut bytes = Vec::new();
    describe::write_tree_io(&state, &mut bytes).unwrap();
    assert_eq!(String::from_utf8(bytes).unwrap(), tree_text(&state));
}

// SPEC I1
#[test]
fn i1_describe_a_state_with_nothing_active() {
    let fresh = Post::new();
    assert_eq!(state_text(&fresh), "Post at 0.00 s\n(nothing active)\n");
    assert_eq!(
        tree_text(&fresh),
        "\
Post at 0.00 s
  root: priority
    alarm: sequence
      look: timeout(5s)
        Look: behavior
      retry(3)
        Search: behavior
    patrol: repeat(2), kept Every { seconds: 10.0, last: never }
      Walk: behavior
"
    );
    // Halted: nothing active, the timer and the clock kept.
    let mut state = Post::new();
    tick(&mut state, false);
    state.halt(&mut Guard::default(), &mut Frame::new(0.0));
    assert_eq!(state_text(&state), "Post at 0.50 s\n(nothing active)\n");
    let mut bytes = Vec::new();
    describe::write_state_io(&state, &mut bytes).unwrap();
    assert_eq!(bytes, b"Post at 0.50 s\n(nothing active)\n");
}

/// A decorator of the test's own with persistent state: counts its
/// child's completions.
#[derive(Debug, Default)]
struct Counted;

impl Decorator<Guard> for Counted {
    type Persist = u32;
    fn after(&mut self, done: &mut u32, _: &Guard, _: &Ctx, child: Status) -> Status {
        if child.is_done() {
            *done += 1;
        }
        child
    }
}

deciders::tree! {
    tree Rounds for Guard {
        sequence { wait(1.0), walk: Walk }
    }

    tree Watch for Guard {
        parallel(success >= 3) {
            cooldown(2.0) { succeed },
            decorate(Counted) { run_once { succeed } },
            rounds: subtree Rounds,
        }
    }
}

// SPEC I1
#[test]
fn i1_describe_shows_persistent_state_and_a_referenced_trees_nodes() {
    let mut state = Watch::new();
    state.tick(&mut Guard::default(), &mut Frame::new(0.25));
    let mut text = String::new();
    describe::write_tree(&state, &mut text).unwrap();
    // The referenced tree's nodes are indented below the reference, which
    // stands for its root; `wait` knows since when it is active. The
    // header says when its next tick is needed (Z2): the wait's deadline
    // (the parallel's other children completed).
    assert_eq!(
        text,
        "\
Watch at 0.25 s, could sleep until 1.25 s
* root: parallel(success >= 3)
    cooldown(2s), kept Timer { last: 0.25 }
      Succeed: behavior
    decorate(Counted), kept 1
      run_once, kept Some(Success)
        Succeed: behavior
*   rounds: subtree Rounds
*     Wait: behavior = Wait { seconds: 1.0, since: 0.25 }, active for 0.00 s
"
    );
    state.tick(&mut Guard::default(), &mut Frame::new(0.5));
    text.clear();
    state.describe(&mut text).unwrap();
    assert_eq!(
        text,
        "\
Watch at 0.75 s, could sleep until 1.25 s
root: parallel(success >= 3)
  rounds: subtree Rounds
    Wait: behavior = Wait { seconds: 1.0, since: 0.25 }, active for 0.50 s
"
    );
}

/// Counts the `Debug` memories it is shown.
struct Memories(Vec<String>);

impl Visitor<Guard> for Memories {
    fn memory(&mut self, node: &'static NodeInfo, memory: &dyn fmt::Debug) {
        self.0.push(format!("{}: {memory:?}", node.name));
    }
}

// SPEC I1
#[test]
fn i1_memory_hook_gets_debug_memories_only() {
    let mut state = Post::new();
    tick(&mut state, false);
    let mut seen = Memories(Vec::new());
    state.visit_active(&mut seen);
    // `Walk` has no `Debug`: only the decorator's memory.
    assert_eq!(seen.0, ["patrol: Repeat { done: 0, of: 2 }"]);
    tick(&mut state, true);
    seen.0.clear();
    Tree::visit_active(&state, &mut seen);
    assert_eq!(
        seen.0,
        [
            "look: Timeout { seconds: 5.0, since: 1.0 }",
            "Look: Look { turns: 1 }"
        ]
    );
}

// SPEC I1
#[test]
fn i1_persistent_hands_out_each_nodes_persistent_state() {
    let mut state = Post::new();
    tick(&mut state, false);
    let mut kept = Vec::new();
    for node in Post::shape() {
        state.persistent(node.id, &mut |p| kept.push(format!("{}: {p:?}", node.name)));
    }
    assert_eq!(kept, ["patrol: Every { seconds: 10.0, last: 0.5 }"]);
    let mut none = 0;
    state.persistent(99, &mut |_| none += 1);
    assert_eq!(none, 0);
}

// SPEC I1
#[test]
fn i1_describe_stops_at_the_writers_error() {
    struct Full(usize);
    impl fmt::Write for Full {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0 = self.0.checked_sub(s.len()).ok_or(fmt::Error)?;
            Ok(())
        }
    }
    let mut state = Post::new();
    tick(&mut state, true);
    let whole = tree_text(&state).len();
    for room in [0, 10, 40, whole - 1] {
        assert!(
            describe::write_tree(&state, &mut Full(room)).is_err(),
            "{room}"
        );
    }
    assert!(describe::write_tree(&state, &mut Full(whole)).is_ok());
}

deciders::tree! {
    /// Every line of an outline: names, kinds, arguments, guards.
    tree Creature for Guard {
        priority {
            flee: when(any(deciders::Flags::bit(0)), decide = Guard::alarmed) => Look,
            guard: when(every(3.0), decide = |g: &Guard| g.alarm) => priority with Look {
                yell: when(recheck, decide = Guard::alarmed) => timeout(1500ms) { Look },
                fight: parallel(success >= 1, failure >= 2) { Look, invert { fail } },
            },
            check: condition(|g: &Guard| !g.alarm),
            idle: reactive_sequence {
                cooldown_on_failure(2.0) { retry(forever) { Search } },
                force(Success) { wait(0.5) },
                rounds: subtree Rounds,
            },
        }
    }
}

// SPEC I4
#[test]
fn i4_outline_names_kinds_arguments_and_guards() {
    assert_eq!(
        Creature::OUTLINE,
        "\
priority
├─ flee: Look when(any(deciders::Flags::bit(0)), decide = Guard::alarmed)
├─ guard: priority with Look when(every(3s), decide)
│  ├─ yell: timeout(1.5s) when(decide = Guard::alarmed, recheck)
│  │  └─ Look
│  └─ fight: parallel(success >= 1, failure >= 2)
│     ├─ Look
│     └─ invert
│        └─ fail
├─ check: condition(…)
└─ idle: reactive_sequence
   ├─ cooldown_on_failure(2s)
   │  └─ retry(forever)
   │     └─ Search
   ├─ force(Success)
   │  └─ wait(0.5s)
   └─ rounds: subtree Rounds
"
    );
    assert_eq!(Rounds::OUTLINE, "sequence\n├─ wait(1s)\n└─ walk: Walk\n");
}

deciders::tree! {
    /// Deep and wide: folded beyond depth 6 and after 48 nodes.
    tree Big for Guard {
        sequence {
            deep: sequence { sequence { sequence { sequence { sequence {
                sequence { sequence { Walk, Walk }, Walk }, Walk
            } } } } },
            wide: sequence {
                Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk,
                Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk,
                Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk,
                Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk, Walk,
            },
            last: Walk,
        }
    }
}

// SPEC I4
#[test]
fn i4_outline_folds_deep_subtrees_and_large_trees() {
    // 48 nodes shown: 8 in `deep`, `wide` and 39 of its children; 4 nodes
    // folded below the node at depth 6; the last 2 left out.
    let walks = "│  ├─ Walk\n".repeat(39);
    let expected = format!(
        "\
sequence
├─ deep: sequence
│  └─ sequence
│     └─ sequence
│        └─ sequence
│           └─ sequence
│              ├─ sequence
│              │  └─ … 4 more nodes
│              └─ Walk
├─ wide: sequence
{walks}… 2 more nodes
"
    );
    assert_eq!(Big::OUTLINE, expected);
    assert_eq!(Big::shape().len(), 54);
}

/// A memory whose `Debug` is whole values: a flag, a fine float.
#[derive(Debug, Default)]
struct Aim {
    locked: bool,
    spread: f64,
}
impl Behavior<Guard> for Aim {
    fn tick(&mut self, _: &mut Guard, _: &mut Ctx) -> Status {
        self.locked = true;
        self.spread = 0.125;
        Status::Running
    }
}

/// A memory whose `Debug` writes hostile text raw: a line break followed
/// by what looks like a node line, ANSI escape sequences (clear the
/// screen, red), other control characters, a line separator, a
/// right-to-left override.
#[derive(Default)]
struct Taunt;
impl Behavior<Guard> for Taunt {}
impl fmt::Debug for Taunt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Taunt\n  forged: behavior = x\u{1b}[2J\u{1b}[31m!\r\t\0\u{7f}\u{9b}\u{2028}\u{202e}\"\\ é🦀")
    }
}

/// Persistent state whose `Debug` writes a line break and a bell (not
/// zero-sized: zero-sized state is not shown).
#[derive(Default)]
struct Noisy(#[allow(dead_code)] u8);
impl fmt::Debug for Noisy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("kept\nbell\u{7}")
    }
}

/// A decorator of the test's own whose persistent state is `Noisy`.
#[derive(Debug, Default)]
struct Loud;
impl Decorator<Guard> for Loud {
    type Persist = Noisy;
    fn after(&mut self, _: &mut Noisy, _: &Guard, _: &Ctx, child: Status) -> Status {
        child
    }
}

/// What `limit` shares in `Range`.
static GATE: std::sync::LazyLock<deciders::Resource> =
    std::sync::LazyLock::new(deciders::Resource::new);

deciders::tree! {
    tree Range for Guard {
        parallel(all) {
            aim: Aim,
            decorate(Loud) { taunt: Taunt },
            limited: limit(|_: &()| &*GATE, 2) { wait(0.5) },
        }
    }
}

// SPEC I1
#[test]
fn i1_describe_writes_values_whole_and_escapes_hostile_text() {
    let mut state = Range::new();
    state.tick(&mut Guard::default(), &mut Frame::new(0.25));
    let expected = r#"Range at 0.25 s
root: parallel(all)
  aim: behavior Aim = Aim { locked: true, spread: 0.125 }
  decorate(Loud) = Loud, kept kept\nbell\u{7}
    taunt: behavior Taunt = Taunt\n  forged: behavior = x\u{1b}[2J\u{1b}[31m!\r\t\0\u{7f}\u{9b}\u{2028}\u{202e}"\ é🦀
"#;
    let text = {
        let mut text = String::new();
        state.describe(&mut text).unwrap();
        text
    };
    assert!(text.starts_with(expected), "{text}");
    // No line but the nodes' own, no control character but their ends.
    assert_eq!(text.lines().count(), 7, "{text}");
    assert!(!text.chars().any(|c| c.is_control() && c != '\n'));
    assert!(!text.contains('\u{2028}') && !text.contains('\u{202e}'));
    // `limit` keeps a flag: whole, not cut to `tr`.
    assert!(
        text.contains("  limited: limit(…, 2) = Limit { max: 2, inside: true }\n"),
        "{text}"
    );
    let mut bytes = Vec::new();
    describe::write_state_io(&state, &mut bytes).unwrap();
    assert_eq!(bytes, text.as_bytes());
    let mut whole = String::new();
    describe::write_tree(&state, &mut whole).unwrap();
    assert!(whole.contains("*     taunt: behavior Taunt = Taunt\\n  forged"));
    assert!(whole.contains("*   decorate(Loud) = Loud, kept kept\\nbell\\u{7}\n"));
}
