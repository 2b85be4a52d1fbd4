//! Utility AI: a `scored(rescore = 0.25)` group (SPEC D6) over four
//! chores, each scored by its decide from six bits of the tick's roll (0 to
//! 63/64; a 0 rejects, 1 in 64; ties are frequent). At entry every child is
//! decided and the highest score wins (the earliest on ties). With
//! `dt = 1/30` the group rescores on the eighth tick after its last
//! decision: all four children are decided, the running one included, and
//! another takes over only with a strictly higher score (the running chore
//! is halted, the new one activated and ticked), about three rescorings in
//! four. A chore also completes on its own one tick in eight; the group then
//! redecides without it (D2), which restarts the rescoring interval. Per
//! 1,000 agent-ticks: about 74 rescorings, 55 takeovers, 117 completions.

use super::Worker;

/// The rescoring interval in seconds.
pub const RESCORE: f64 = 0.25;

impl Worker {
    /// The utility of chore `k`: bits `6k..6k + 6` of the roll, in 64ths.
    #[inline]
    pub fn utility(&self, k: u32) -> f32 {
        self.count_decide();
        ((self.roll >> (6 * k)) & 63) as f32 * (1.0 / 64.0)
    }
    /// Decide of chore 0.
    pub fn score_0(&self) -> f32 {
        self.utility(0)
    }
    /// Decide of chore 1.
    pub fn score_1(&self) -> f32 {
        self.utility(1)
    }
    /// Decide of chore 2.
    pub fn score_2(&self) -> f32 {
        self.utility(2)
    }
    /// Decide of chore 3.
    pub fn score_3(&self) -> f32 {
        self.utility(3)
    }
}

/// (b) Hand-written: a utility selector as a game would write it, the
/// running chore in an enum, the four scores written out.
pub mod hand {
    use super::super::{Build, Dig, Haul, Rest, Worker};
    use super::RESCORE;
    use deciders::__private::Lent;
    use deciders::{Behavior, Ctx, Exit, Frame, Status, Timer};

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

    /// One agent's tree state: clock, time of the last decision, running
    /// chore.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct State {
        /// The tree clock (SPEC T2).
        pub now: f64,
        /// When the group last decided.
        pub since: Timer,
        /// The running chore.
        pub active: Active,
    }

    /// The best chore so far and its score.
    #[derive(Clone, Copy)]
    struct Best(Option<(usize, f32)>);

    impl Best {
        /// Chore `k` scored `s`: kept if it accepts (`> 0`; the scores are
        /// finite, from bits of the roll) and beats the best so far (the
        /// earliest wins ties).
        #[inline(always)]
        fn offer(&mut self, k: usize, s: f32) {
            if s > 0.0 && self.0.is_none_or(|(_, b)| s > b) {
                self.0 = Some((k, s));
            }
        }
    }

    /// The best chore not in `mask`.
    #[inline(always)]
    fn best(w: &Worker, mask: u32) -> Option<usize> {
        let mut best = Best(None);
        if mask & 1 == 0 {
            best.offer(0, w.score_0());
        }
        if mask & 2 == 0 {
            best.offer(1, w.score_1());
        }
        if mask & 4 == 0 {
            best.offer(2, w.score_2());
        }
        if mask & 8 == 0 {
            best.offer(3, w.score_3());
        }
        best.0.map(|(k, _)| k)
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

    /// Starts chore `k`.
    #[inline(always)]
    fn start_chore(k: usize, w: &mut Worker, ctx: &mut Ctx) -> Result<Active, Status> {
        match k {
            0 => start(w, ctx, Active::Dig),
            1 => start(w, ctx, Active::Haul),
            2 => start(w, ctx, Active::Build),
            _ => start(w, ctx, Active::Rest),
        }
    }

    /// Picks and starts the best chore not in `mask`; one that completes at
    /// once is masked and the next best started. `last`: the status to
    /// return when none runs.
    #[inline(always)]
    fn choose(
        s: &mut State,
        mut mask: u32,
        mut last: Status,
        w: &mut Worker,
        ctx: &mut Ctx,
    ) -> Status {
        while let Some(k) = best(w, mask) {
            match start_chore(k, w, ctx) {
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

    /// Rescoring while chore `run` runs: every chore scored, the running
    /// one included (0 if it rejects); the best other one takes over only
    /// if higher. `Some(status)` if it did.
    #[inline(always)]
    fn rescore(s: &mut State, run: usize, w: &mut Worker, ctx: &mut Ctx) -> Option<Status> {
        let scores = [w.score_0(), w.score_1(), w.score_2(), w.score_3()];
        let mut best = Best(None);
        for (k, &sc) in scores.iter().enumerate() {
            if k != run {
                best.offer(k, sc);
            }
        }
        let run_score = scores[run].max(0.0);
        let (k, sc) = best.0?;
        if sc <= run_score {
            return None;
        }
        match &mut s.active {
            Active::Dig(m) => m.deactivate(w, ctx, Exit::Halted),
            Active::Haul(m) => m.deactivate(w, ctx, Exit::Halted),
            Active::Build(m) => m.deactivate(w, ctx, Exit::Halted),
            Active::Rest(m) => m.deactivate(w, ctx, Exit::Halted),
            Active::Fresh => {}
        }
        Some(match start_chore(k, w, ctx) {
            Ok(a) => {
                s.active = a;
                Status::Running
            }
            Err(done) => choose(s, 1 << k, done, w, ctx),
        })
    }

    /// One tick of one agent.
    #[inline]
    pub fn tick(s: &mut State, w: &mut Worker, frame: &mut Frame) -> Status {
        s.now += f64::from(frame.dt());
        let now = s.now;
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::clock(&now));
        if matches!(s.active, Active::Fresh) {
            s.since.stamp(s.now);
            // No chore accepting: the group fails.
            return choose(s, 0, Status::Failure, w, ctx);
        }
        if s.since.fire(s.now, RESCORE) {
            let run = match s.active {
                Active::Dig(_) => 0,
                Active::Haul(_) => 1,
                Active::Build(_) => 2,
                _ => 3,
            };
            if let Some(status) = rescore(s, run, w, ctx) {
                return status;
            }
        }
        let (run, r) = match &mut s.active {
            Active::Dig(m) => (0, resume(m, w, ctx)),
            Active::Haul(m) => (1, resume(m, w, ctx)),
            Active::Build(m) => (2, resume(m, w, ctx)),
            Active::Rest(m) => (3, resume(m, w, ctx)),
            // Entered above.
            Active::Fresh => return Status::Running,
        };
        match r {
            Ok(()) => Status::Running,
            Err(done) => {
                s.since.stamp(s.now);
                choose(s, 1 << run, done, w, ctx)
            }
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
        /// Four scored chores, rescored every 0.25 s.
        pub tree Utility for Worker {
            scored(rescore = 0.25) {
                dig: when(decide = Worker::score_0) => Dig,
                haul: when(decide = Worker::score_1) => Haul,
                build: when(decide = Worker::score_2) => Build,
                rest: when(decide = Worker::score_3) => Rest,
            }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [Utility], ticks: u32) {
        super::super::frames(workers, states, ticks, |s, w, ctx| s.tick(w, ctx));
    }
}
