// Wide composites (more than 16 children) are compiled in pieces (see
// `bt-macros/src/expand/composite.rs`, `WIDE`). Each status composite with
// 40 children must behave exactly like the same leaves split into narrow
// composites of the same kind (16 + 16 + 8): the same hook calls in the same
// order and the same statuses, tick by tick, under pseudo-random leaf
// statuses, guards, refused activations and halts. A wide `priority` is
// checked against a scripted scenario.
use deciders::{Behavior, Ctx, Exit, Frame, Status};

struct Agent {
    t: u64,
    salt: u64,
    /// Percentages of Running and Success (the rest is Failure).
    mix: (u64, u64),
    /// Percentage of refused activations.
    refuse: u64,
    want: [bool; 40],
    log: Vec<(char, usize)>,
}

impl Agent {
    fn new(salt: u64, mix: (u64, u64)) -> Self {
        Agent { t: 0, salt, mix, refuse: 2, want: [false; 40], log: Vec::new() }
    }
    fn roll(&self, what: u64, i: usize) -> u64 {
        let mut x = self.salt ^ self.t.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((i as u64) << 40) ^ (what << 56);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (x ^ (x >> 31)) % 100
    }
    fn ok(&self, i: usize) -> bool {
        self.roll(1, i) < 90
    }
}

struct Leaf(usize);
impl Behavior<Agent> for Leaf {
    fn activate(&mut self, a: &mut Agent, _: &mut Ctx) -> Status {
        a.log.push(('a', self.0));
        if a.roll(2, self.0) < a.refuse { Status::Failure } else { Status::Running }
    }
    fn tick(&mut self, a: &mut Agent, _: &mut Ctx) -> Status {
        a.log.push(('t', self.0));
        let r = a.roll(3, self.0);
        if r < a.mix.0 {
            Status::Running
        } else if r < a.mix.0 + a.mix.1 {
            Status::Success
        } else {
            Status::Failure
        }
    }
    fn deactivate(&mut self, a: &mut Agent, _: &mut Ctx, _exit: Exit) {
        a.log.push(('d', self.0));
    }
}

macro_rules! pair {
    ($flat:ident, $nested:ident, [$($kind:tt)*]) => {
        deciders::tree! {
            tree $flat for Agent {
                $($kind)* { Leaf(0), Leaf(1), when(decide = |a: &Agent| a.ok(2)) => Leaf(2), Leaf(3), Leaf(4), Leaf(5), Leaf(6), when(decide = |a: &Agent| a.ok(7)) => Leaf(7), Leaf(8), Leaf(9), Leaf(10), Leaf(11), when(decide = |a: &Agent| a.ok(12)) => Leaf(12), Leaf(13), Leaf(14), Leaf(15), Leaf(16), when(decide = |a: &Agent| a.ok(17)) => Leaf(17), Leaf(18), Leaf(19), Leaf(20), Leaf(21), when(decide = |a: &Agent| a.ok(22)) => Leaf(22), Leaf(23), Leaf(24), Leaf(25), Leaf(26), when(decide = |a: &Agent| a.ok(27)) => Leaf(27), Leaf(28), Leaf(29), Leaf(30), Leaf(31), when(decide = |a: &Agent| a.ok(32)) => Leaf(32), Leaf(33), Leaf(34), Leaf(35), Leaf(36), when(decide = |a: &Agent| a.ok(37)) => Leaf(37), Leaf(38), Leaf(39) }
            }
            tree $nested for Agent {
                $($kind)* {
                    $($kind)* { Leaf(0), Leaf(1), when(decide = |a: &Agent| a.ok(2)) => Leaf(2), Leaf(3), Leaf(4), Leaf(5), Leaf(6), when(decide = |a: &Agent| a.ok(7)) => Leaf(7), Leaf(8), Leaf(9), Leaf(10), Leaf(11), when(decide = |a: &Agent| a.ok(12)) => Leaf(12), Leaf(13), Leaf(14), Leaf(15) },
                    $($kind)* { Leaf(16), when(decide = |a: &Agent| a.ok(17)) => Leaf(17), Leaf(18), Leaf(19), Leaf(20), Leaf(21), when(decide = |a: &Agent| a.ok(22)) => Leaf(22), Leaf(23), Leaf(24), Leaf(25), Leaf(26), when(decide = |a: &Agent| a.ok(27)) => Leaf(27), Leaf(28), Leaf(29), Leaf(30), Leaf(31) },
                    $($kind)* { when(decide = |a: &Agent| a.ok(32)) => Leaf(32), Leaf(33), Leaf(34), Leaf(35), Leaf(36), when(decide = |a: &Agent| a.ok(37)) => Leaf(37), Leaf(38), Leaf(39) }
                }
            }
        }
    };
}

pair!(SequenceFlat, SequenceNested, [sequence]);
pair!(FallbackFlat, FallbackNested, [fallback]);
pair!(SelectorFlat, SelectorNested, [selector]);
pair!(ReactiveFlat, ReactiveNested, [reactive_sequence]);
pair!(SequentialFlat, SequentialNested, [sequential]);
pair!(ParallelFlat, ParallelNested, [parallel(all)]);
pair!(ConcurrentFlat, ConcurrentNested, [concurrent]);

deciders::tree! {
    tree Priority for Agent {
        priority {
            when(decide = |a: &Agent| a.want[0]) => Leaf(0),
            when(decide = |a: &Agent| a.want[1]) => Leaf(1),
            when(decide = |a: &Agent| a.want[2]) => Leaf(2),
            when(decide = |a: &Agent| a.want[3]) => Leaf(3),
            when(decide = |a: &Agent| a.want[4]) => Leaf(4),
            when(decide = |a: &Agent| a.want[5]) => Leaf(5),
            when(decide = |a: &Agent| a.want[6]) => Leaf(6),
            when(decide = |a: &Agent| a.want[7]) => Leaf(7),
            when(decide = |a: &Agent| a.want[8]) => Leaf(8),
            when(decide = |a: &Agent| a.want[9]) => Leaf(9),
            when(decide = |a: &Agent| a.want[10]) => Leaf(10),
            when(decide = |a: &Agent| a.want[11]) => Leaf(11),
            when(decide = |a: &Agent| a.want[12]) => Leaf(12),
            when(decide = |a: &Agent| a.want[13]) => Leaf(13),
            when(decide = |a: &Agent| a.want[14]) => Leaf(14),
            when(decide = |a: &Agent| a.want[15]) => Leaf(15),
            when(decide = |a: &Agent| a.want[16]) => Leaf(16),
            when(decide = |a: &Agent| a.want[17]) => Leaf(17),
            when(decide = |a: &Agent| a.want[18]) => Leaf(18),
            when(decide = |a: &Agent| a.want[19]) => Leaf(19)
        }
    }
}

/// The log with each run of consecutive deactivations sorted. A parallel
/// node halts its running children in declaration order, so a nested one
/// halts the children of the failing inner node first: the same
/// deactivations, in another order within the run.
fn runs_sorted(log: &[(char, usize)]) -> Vec<(char, usize)> {
    let mut out = log.to_vec();
    for run in out.chunk_by_mut(|x, y| x.0 == 'd' && y.0 == 'd') {
        run.sort();
    }
    out
}

macro_rules! same {
    ($flat:ident, $nested:ident, $mix:expr) => {
        same!($flat, $nested, $mix, |log: &[(char, usize)]| log.to_vec())
    };
    ($flat:ident, $nested:ident, $mix:expr, $norm:expr) => {
        let mut reached = 0;
        for salt in 0..12u64 {
            let (mut a, mut b) = (Agent::new(salt, $mix), Agent::new(salt, $mix));
            let (mut x, mut y) = ($flat::new(), $nested::new());
            let mut ctx = Frame::new(0.1);
            for t in 0..300 {
                a.t = t;
                b.t = t;
                if t % 97 == 96 {
                    x.halt(&mut a, &mut ctx);
                    y.halt(&mut b, &mut ctx);
                } else {
                    let (s, r) = (x.tick(&mut a, &mut ctx), y.tick(&mut b, &mut ctx));
                    assert_eq!(s, r, "{} tick {t} salt {salt}", stringify!($flat));
                }
                assert_eq!($norm(&a.log), $norm(&b.log), "{} tick {t} salt {salt}", stringify!($flat));
            }
            reached += usize::from(a.log.iter().any(|&(e, i)| e == 't' && i >= 32));
        }
        assert!(reached > 3, "{}: the last children ran in {reached} runs", stringify!($flat));
    };
}

fn main() {
    same!(SequenceFlat, SequenceNested, (30, 68));
    same!(FallbackFlat, FallbackNested, (30, 2));
    same!(SelectorFlat, SelectorNested, (10, 2));
    same!(ReactiveFlat, ReactiveNested, (10, 88));
    same!(SequentialFlat, SequentialNested, (40, 30));
    same!(ParallelFlat, ParallelNested, (40, 58), runs_sorted);
    same!(ConcurrentFlat, ConcurrentNested, (40, 58), runs_sorted);

    // A wide priority: the running child and the interrupting one in
    // different pieces of the generated code.
    let mut a = Agent::new(0, (100, 0));
    a.refuse = 0;
    let mut p = Priority::new();
    let mut ctx = Frame::new(0.1);
    let mut step = |a: &mut Agent, p: &mut Priority, want: &[usize], expect: &[(char, usize)]| {
        a.want = [false; 40];
        for &w in want {
            a.want[w] = true;
        }
        a.log.clear();
        p.tick(a, &mut ctx);
        assert_eq!(a.log, expect, "want {want:?}");
    };
    step(&mut a, &mut p, &[18], &[('a', 18), ('t', 18)]);
    step(&mut a, &mut p, &[18], &[('t', 18)]);
    step(&mut a, &mut p, &[3, 18], &[('d', 18), ('a', 3), ('t', 3)]);
    step(&mut a, &mut p, &[3, 18, 19], &[('t', 3)]);
    step(&mut a, &mut p, &[1, 17], &[('d', 3), ('a', 1), ('t', 1)]);
    a.mix = (0, 100);
    // 1 succeeds and is masked: the redecide picks 17.
    step(&mut a, &mut p, &[1, 17], &[('t', 1), ('d', 1), ('a', 17), ('t', 17), ('d', 17)]);
    a.mix = (100, 0);
    step(&mut a, &mut p, &[19], &[('a', 19), ('t', 19)]);
    a.log.clear();
    p.halt(&mut a, &mut ctx);
    assert_eq!(a.log, [('d', 19)]);
    assert!(!p.is_running());
}
