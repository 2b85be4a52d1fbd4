//! A weighted random choice: a `random` group (SPEC D4) over four chores,
//! each weighted by its decide from three bits of the tick's roll (0 to 7; a
//! 0 rejects, 1 in 8). A chore completes one tick in eight, and the group
//! then chooses again among the others (D2): a decide per child, and a draw
//! from the group's generator (seeded per agent) for each accepting child
//! after the first. Per 1,000 agent-ticks about 125 decisions.

use super::Worker;

/// The node id of the `random` group in [`generated::Lottery`]: the group is
/// the tree's root, and node ids are pre-order indexes from the root (0), so
/// its generator is `Dice::seeded(seed, 0)` (`derive_seed(seed, 0)`), which
/// is how `Lottery::with_seed(seed)` seeds it. The hand-written machine
/// seeds its generator the same way to make the same choices
/// (`bench_equivalence` checks the id against `Lottery::shape()`).
pub const NODE: u64 = 0;

/// The seed of agent number `index`'s state.
#[inline]
pub fn seed(index: usize) -> u64 {
    index as u64
}

/// States for agents 0, 1, 2, …, seeded with their [`seed`].
pub fn seeded<S>(make: fn(u64) -> S) -> impl FnMut() -> S {
    let mut index = 0;
    move || {
        let s = make(seed(index));
        index += 1;
        s
    }
}

impl Worker {
    /// The weight of chore `k`: bits `3k..3k + 3` of the roll.
    #[inline]
    pub fn chance(&self, k: u32) -> f32 {
        self.count_decide();
        ((self.roll >> (3 * k)) & 7) as f32
    }
    /// Decide of chore 0.
    pub fn weight_0(&self) -> f32 {
        self.chance(0)
    }
    /// Decide of chore 1.
    pub fn weight_1(&self) -> f32 {
        self.chance(1)
    }
    /// Decide of chore 2.
    pub fn weight_2(&self) -> f32 {
        self.chance(2)
    }
    /// Decide of chore 3.
    pub fn weight_3(&self) -> f32 {
        self.chance(3)
    }
}

/// (b) Hand-written: the running chore in an enum, the choice a loop over
/// the four with the library's generator and weighted draw
/// (`deciders::rng`), as a game using the library's randomness would write
/// it.
pub mod hand {
    use super::super::{Build, Dig, Haul, Rest, Worker};
    use super::NODE;
    use deciders::__private::rng::replaces;
    use deciders::__private::Lent;
    use deciders::rng::Dice;
    use deciders::{Behavior, Ctx, Exit, Frame, Status};

    /// The running chore and its memory.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum Active {
        /// Nothing runs.
        #[default]
        Fresh,
        /// Chore 0 runs.
        Dig(Dig),
        /// Chore 1 runs.
        Haul(Haul),
        /// Chore 2 runs.
        Build(Build),
        /// Chore 3 runs.
        Rest(Rest),
    }

    /// One agent's tree state: the generator and the running chore.
    #[derive(Clone, Debug, Default, PartialEq)]
    pub struct State {
        /// The group's generator.
        pub dice: Dice,
        /// The running chore.
        pub active: Active,
    }

    impl State {
        /// A fresh state whose generator is seeded from `seed`.
        pub fn seeded(seed: u64) -> State {
            State {
                dice: Dice::seeded(seed, NODE),
                active: Active::Fresh,
            }
        }
    }

    /// The weight of chore `k`: accepted when `> 0` (the weights are
    /// finite, from bits of the roll).
    #[inline(always)]
    fn weight(w: &Worker, k: usize) -> f32 {
        match k {
            0 => w.weight_0(),
            1 => w.weight_1(),
            2 => w.weight_2(),
            _ => w.weight_3(),
        }
    }

    /// A chore not in `mask`, at random, weighted: the first accepting one
    /// without a draw, each later one replacing it with probability
    /// `weight / total so far` (`deciders::rng::replaces`).
    #[inline(always)]
    fn pick(dice: &mut Dice, w: &Worker, mask: u32) -> Option<usize> {
        let mut total = 0.0;
        let mut chosen = None;
        for k in 0..4 {
            if mask & (1 << k) != 0 {
                continue;
            }
            let s = weight(w, k);
            if s > 0.0 {
                total += f64::from(s);
                if replaces(dice.rng(), chosen.is_none(), total, f64::from(s)) {
                    chosen = Some(k);
                }
            }
        }
        chosen
    }

    /// Ticks a running chore; `Err(status)` (deactivated) if it completed.
    #[inline(always)]
    fn resume<B: Behavior<Worker>>(m: &mut B, w: &mut Worker, ctx: &mut Ctx) -> Result<(), Status> {
        match m.tick(w, ctx) {
            Status::Running => Ok(()),
            done => {
                m.deactivate(w, ctx, Exit::Completed(done));
                Err(done)
            }
        }
    }

    /// Activates a fresh chore and ticks it.
    #[inline(always)]
    fn start<B: Behavior<Worker> + Default>(
        w: &mut Worker,
        ctx: &mut Ctx,
        f: fn(B) -> Active,
    ) -> Result<Active, Status> {
        let mut m = B::default();
        if m.activate(w, ctx) == Status::Failure {
            return Err(Status::Failure);
        }
        resume(&mut m, w, ctx)?;
        Ok(f(m))
    }

    /// Picks and starts a chore not in `mask`; one that completes at once
    /// is masked and another picked. `last`: the status to return when
    /// none runs.
    #[inline(always)]
    fn choose(
        s: &mut State,
        mut mask: u32,
        mut last: Status,
        w: &mut Worker,
        ctx: &mut Ctx,
    ) -> Status {
        while let Some(k) = pick(&mut s.dice, w, mask) {
            let started = match k {
                0 => start(w, ctx, Active::Dig),
                1 => start(w, ctx, Active::Haul),
                2 => start(w, ctx, Active::Build),
                _ => start(w, ctx, Active::Rest),
            };
            match started {
                Ok(a) => {
                    s.active = a;
                    return Status::Running;
                }
                Err(done) => {
                    mask |= 1 << k;
                    last = done;
                }
            }
        }
        s.active = Active::Fresh;
        last
    }

    /// One tick of one agent.
    #[inline]
    pub fn tick(s: &mut State, w: &mut Worker, frame: &mut Frame) -> Status {
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::NONE);
        let (run, r) = match &mut s.active {
            // No chore accepting: the group fails.
            Active::Fresh => return choose(s, 0, Status::Failure, w, ctx),
            Active::Dig(m) => (0, resume(m, w, ctx)),
            Active::Haul(m) => (1, resume(m, w, ctx)),
            Active::Build(m) => (2, resume(m, w, ctx)),
            Active::Rest(m) => (3, resume(m, w, ctx)),
        };
        match r {
            Ok(()) => Status::Running,
            Err(done) => choose(s, 1 << run, done, w, ctx),
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [State], ticks: u32) {
        super::super::frames(workers, states, ticks, tick);
    }
}

/// (a) Generated.
pub mod generated {
    use super::super::{Build, Dig, Haul, Rest, Worker};

    deciders::tree! {
        /// Four chores chosen at random, weighted by their decides.
        pub tree Lottery for Worker {
            random {
                dig: when(decide = Worker::weight_0) => Dig,
                haul: when(decide = Worker::weight_1) => Haul,
                build: when(decide = Worker::weight_2) => Build,
                rest: when(decide = Worker::weight_3) => Rest,
            }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [Lottery], ticks: u32) {
        super::super::frames(workers, states, ticks, |s, w, ctx| s.tick(w, ctx));
    }
}
