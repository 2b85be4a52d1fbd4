//! Reference of every node kind of the [`tree!`](crate::tree) language, each
//! with a runnable example. SPEC rule ids in brackets.
//!
//! The examples share this small prelude (hidden in each):
//!
//! ```
//! use deciders::{Behavior, Ctx, Status};
//! #[derive(Default)]
//! struct Npc { log: Vec<&'static str>, ready: bool }
//! /// Logs its name and reports a fixed status.
//! struct Do(&'static str, Status);
//! impl Behavior<Npc> for Do {
//!     fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 }
//! }
//! ```
//!
//! # Decider groups (Spore)
//!
//! ## `priority` (SPEC D1, D2, G3)
//! The first child whose guard accepts runs. While it runs, the children
//! before it are decided every tick and interrupt it; its own guard is not
//! re-evaluated (hysteresis) unless it says `recheck`. A child that exits is
//! masked and the group redecides in the same tick.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         priority {
//!             attack: when(decide = |n: &Npc| n.ready) => Do("attack", Status::Running),
//!             wait:   Do("wait", Status::Running),
//!         }
//!     }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Ctx::new(0.1));
//! t.tick(&mut npc, &mut ctx);
//! npc.ready = true;
//! t.tick(&mut npc, &mut ctx); // ATTACK interrupts WAIT
//! assert_eq!(npc.log, ["wait", "attack"]);
//! ```
//!
//! ## `sequential` (SPEC D3)
//! Children in order, each when the previous exits; a child whose guard
//! rejects is skipped; past the last, the group exits with the last status.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         sequential { Do("flip", Status::Success), Do("roll", Status::Failure), Do("dance", Status::Success) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Success);
//! assert_eq!(npc.log, ["flip", "roll", "dance"]);
//! ```
//!
//! ## `with Behavior`: group behaviors (SPEC D7)
//! Any composite may carry a behavior: activated before its children, ticked
//! before them each tick (`Failure` fails the group), deactivated after them.
//! ```
//! # use deciders::{Behavior, Ctx, Exit, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! #[derive(Default)]
//! struct GuardNest;
//! impl Behavior<Npc> for GuardNest {
//!     fn activate(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push("nest: guarded"); Status::Running }
//!     fn deactivate(&mut self, n: &mut Npc, _: &mut Ctx, _exit: Exit) { n.log.push("nest: free"); }
//! }
//! deciders::tree! {
//!     tree T for Npc { sequence with GuardNest { Do("patrol", Status::Success) } }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! t.tick(&mut npc, &mut Ctx::new(0.1));
//! assert_eq!(npc.log, ["nest: guarded", "patrol", "nest: free"]);
//! ```
//!
//! # Status composites
//!
//! ## `sequence` (SPEC C1) and `fallback` (SPEC C3)
//! `sequence` ticks children while they succeed, `fallback` while they fail;
//! both resume at the running child next tick.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         fallback {
//!             sequence { Do("aim", Status::Success), Do("shoot", Status::Failure) },
//!             Do("reload", Status::Success),
//!         }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Success);
//! assert_eq!(npc.log, ["aim", "shoot", "reload"]);
//! ```
//!
//! ## `reactive_sequence` (SPEC C2) and `selector` (SPEC C4)
//! Re-walk the children from the first every tick (guards included); an
//! earlier child that now fails (`reactive_sequence`) or succeeds or runs
//! (`selector`) halts the running later child.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         reactive_sequence { condition(|n: &Npc| !n.ready), Do("work", Status::Running) }
//!     }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Ctx::new(0.1));
//! assert_eq!(t.tick(&mut npc, &mut ctx), Status::Running);
//! npc.ready = true; // the condition now fails: WORK is halted
//! assert_eq!(t.tick(&mut npc, &mut ctx), Status::Failure);
//! assert!(!t.is_running());
//! ```
//!
//! ## `parallel(all | any | success >= n, failure >= m)` (SPEC C5)
//! Ticks every running child each tick; completed children are not
//! re-ticked; once the outcome is decided the running ones are halted.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         parallel(any) { Do("walk", Status::Running), wait(0.15) }
//!     }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Ctx::new(0.1));
//! assert_eq!(t.tick(&mut npc, &mut ctx), Status::Running);
//! assert_eq!(t.tick(&mut npc, &mut ctx), Status::Running);
//! assert_eq!(t.tick(&mut npc, &mut ctx), Status::Success); // the wait is over; WALK halted
//! ```
//!
//! ## `concurrent` (SPEC C6)
//! Every tick, ticks all children in order until one fails.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc { concurrent { Do("look", Status::Success), Do("walk", Status::Running) } }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Ctx::new(0.1));
//! t.tick(&mut npc, &mut ctx);
//! t.tick(&mut npc, &mut ctx);
//! assert_eq!(npc.log, ["look", "walk", "look", "walk"]);
//! ```
//!
//! # Decorators (exactly one child)
//!
//! ## `invert` (SPEC R1), `force(S)` and `always(S)` (SPEC R2)
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         sequence { invert { fail }, force(Success) { Do("try", Status::Failure) }, always(Failure) { succeed } }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Failure);
//! assert_eq!(npc.log, ["try"]);
//! ```
//!
//! ## `cooldown(d)` (SPEC R4) and `cooldown_on_failure(d)` (SPEC R3)
//! After the child completes (or fails), report `Failure` without ticking it
//! until `d` seconds of tree clock have passed.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc { cooldown(0.25) { Do("shout", Status::Success) } }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Ctx::new(0.1));
//! let got: Vec<Status> = (0..4).map(|_| t.tick(&mut npc, &mut ctx)).collect();
//! assert_eq!(got, [Status::Success, Status::Failure, Status::Failure, Status::Success]);
//! ```
//!
//! ## `repeat(n)`, `repeat(forever)` and `retry(n)` (SPEC R5)
//! Restart the child after each success (`repeat`) or failure (`retry`), on
//! the next tick.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc { repeat(3) { Do("knock", Status::Success) } }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Ctx::new(0.1));
//! let got: Vec<Status> = (0..3).map(|_| t.tick(&mut npc, &mut ctx)).collect();
//! assert_eq!(got, [Status::Running, Status::Running, Status::Success]);
//! assert_eq!(npc.log, ["knock", "knock", "knock"]);
//! ```
//!
//! ## `timeout(d)` (SPEC R6) and `delay(d)` (SPEC R7)
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         sequence { delay(0.15) { succeed }, timeout(0.2) { Do("search", Status::Running) } }
//!     }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Ctx::new(0.1));
//! let got: Vec<Status> = (0..5).map(|_| t.tick(&mut npc, &mut ctx)).collect();
//! assert_eq!(got, [Status::Running, Status::Running, Status::Running, Status::Running, Status::Failure]);
//! assert_eq!(npc.log, ["search", "search"]);
//! ```
//!
//! # Leaves
//!
//! ## Behaviors (SPEC L1–L5)
//! A type implementing [`Behavior`](crate::Behavior): `Flee` (built with
//! `Default`), `Patrol { radius: 5.0 }`, `Say("hi")`, `Patrol::new(5.0)`.
//! Its value is its memory for one activation.
//!
//! ## `condition(F)` (SPEC L6)
//! `F` takes `&Agent` (and optionally `&Ctx`) and returns `bool`,
//! `Option<bool>` (`None`: not known yet → `Running`) or a `Status`.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! deciders::tree! {
//!     tree T for Npc { condition(|n: &Npc| n.ready.then_some(true)) }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Running);
//! npc.ready = true;
//! assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Success);
//! ```
//!
//! ## `succeed`, `fail`, `wait(d)` (SPEC L7)
//! See the examples above.
//!
//! ## Action policy (SPEC L8)
//! Unity's "always report Success (or Failure) when it completes" is
//! `force(Success) { Leaf }` (or `force(Failure)`): `Running` passes through,
//! any completion is replaced.
//!
//! # Subtrees (SPEC S1, S2)
//! `subtree Name` references another tree of the same `tree!` invocation;
//! each reference has its own state. References must not form a cycle.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree Look for Npc { sequence { Do("left", Status::Success), Do("right", Status::Success) } }
//!     tree Cross for Npc { sequence { subtree Look, Do("walk", Status::Success), subtree Look } }
//! }
//! let (mut npc, mut t) = (Npc::default(), Cross::new());
//! assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Success);
//! assert_eq!(npc.log, ["left", "right", "walk", "left", "right"]);
//! ```
//!
//! # Random, shuffled and scored choices (Spore)
//!
//! These three are decider groups like `priority`: their children carry
//! guards, a child that exits is masked and the group redecides in the same
//! tick, and a group none of whose children accepts on entry breaks the
//! subset rule (reported in `ctx.report()`, the group fails). None of them
//! is interrupted by a sibling while a child runs (except `scored` with a
//! re-scoring interval).
//!
//! Randomness is deterministic per agent: each `random` or `shuffle` group
//! has its own small generator in the tree state, seeded from one `u64`
//! per state (`T::with_seed(seed)`, `set_seed`; `new()` is seed 0). The
//! same seed and the same inputs give the same decisions; `reset` returns
//! to the seed. A tree without such a group stores no seed at all. See
//! [`rng`](crate::rng) for the exact draws and for swapping the generator
//! (`tree T for Agent, rng = MyRng { … }`).
//!
//! ## `random` (SPEC D4)
//! At each decision, one of the accepting children, at random, weighted by
//! its decide score (a child with no decide scores 1).
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree Idle for Npc {
//!         random {
//!             yawn:    when(decide = |_: &Npc| 1.0) => Do("yawn", Status::Success),
//!             stretch: when(decide = |_: &Npc| 3.0) => Do("stretch", Status::Success),
//!         }
//!     }
//! }
//! let mut npc = Npc::default();
//! let mut t = Idle::with_seed(7);
//! for _ in 0..100 {
//!     t.tick(&mut npc, &mut Ctx::new(0.1));
//!     t.halt(&mut npc, &mut Ctx::new(0.0)); // a fresh decision every time
//! }
//! // Both succeed at once, so each tick runs the chosen one and then the
//! // other (masked redecide); which comes first is the random choice.
//! let firsts = npc.log.chunks(2).filter(|pair| pair[0] == "stretch").count();
//! assert!(firsts > 50, "stretch is chosen first about 3 times in 4: {firsts}");
//! // The same seed replays the same choices.
//! let mut again = Npc::default();
//! let mut t = Idle::with_seed(7);
//! for _ in 0..100 {
//!     t.tick(&mut again, &mut Ctx::new(0.1));
//!     t.halt(&mut again, &mut Ctx::new(0.0));
//! }
//! assert_eq!(npc.log, again.log);
//! ```
//!
//! ## `shuffle` (SPEC D5)
//! Like `random`, without repetition: every child is chosen once before any
//! is chosen again. The round is kept across activations (a halt keeps it,
//! `reset` clears it); when no child left in the round accepts, a new round
//! starts. At most 64 children.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree Bark for Npc {
//!         shuffle { a: Do("woof", Status::Running), b: Do("arf", Status::Running), c: Do("grr", Status::Running) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), Bark::with_seed(1));
//! for _ in 0..3 {
//!     t.tick(&mut npc, &mut Ctx::new(0.1));
//!     t.halt(&mut npc, &mut Ctx::new(0.0));
//! }
//! let mut round = npc.log.clone();
//! round.sort();
//! assert_eq!(round, ["arf", "grr", "woof"]); // each once per round
//! ```
//!
//! ## `scored` and `scored(rescore = d)` (SPEC D6)
//! Utility AI: every child is decided and the highest score wins (the
//! earliest on ties). With a re-scoring interval, every `d` seconds all
//! children are scored again, the running one included, and another child
//! takes over only with a strictly higher score; the running child is never
//! stopped by rescoring alone.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! struct Needs { hunger: f32, fatigue: f32, log: Vec<&'static str> }
//! struct Act(&'static str);
//! impl Behavior<Needs> for Act {
//!     fn tick(&mut self, n: &mut Needs, _: &mut Ctx) -> Status { n.log.push(self.0); Status::Running }
//! }
//! deciders::tree! {
//!     tree Sim for Needs {
//!         scored(rescore = 1.0) {
//!             eat:   when(decide = |n: &Needs| n.hunger) => Act("eat"),
//!             sleep: when(decide = |n: &Needs| n.fatigue) => Act("sleep"),
//!         }
//!     }
//! }
//! let mut n = Needs { hunger: 0.6, fatigue: 0.4, log: vec![] };
//! let mut t = Sim::new();
//! t.tick(&mut n, &mut Ctx::new(0.5)); // eat: 0.6 > 0.4
//! n.fatigue = 0.9;
//! t.tick(&mut n, &mut Ctx::new(0.5)); // not rescored yet: still eating
//! t.tick(&mut n, &mut Ctx::new(0.5)); // rescored: sleep 0.9 > eat 0.6
//! assert_eq!(n.log, ["eat", "eat", "sleep"]);
//! ```
//!
//! # Control nodes (BehaviorTree.CPP)
//!
//! ## `if_then_else { C, T [, E] }` (SPEC C8)
//! `C` runs until it completes, once per activation; its `Success` runs
//! `T`, its `Failure` runs `E` (or fails the node when there is no `E`).
//! The node reports the branch's status; `C` is not evaluated again while a
//! branch runs.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         if_then_else { condition(|n: &Npc| n.ready), Do("go", Status::Success), Do("wait", Status::Running) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Running);
//! npc.ready = true; // not seen: the condition ran once for this activation
//! assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Running);
//! assert_eq!(npc.log, ["wait", "wait"]);
//! ```
//!
//! ## `while_do_else { C, D [, E] }` (SPEC C9)
//! `C` runs every tick: `Success` runs `D`, `Failure` runs `E` (or fails the
//! node when there is no `E`), `Running` keeps the node running without
//! ticking a branch. When the choice changes, the branch left is halted
//! before the other is ticked.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         while_do_else { condition(|n: &Npc| n.ready), Do("chase", Status::Running), Do("patrol", Status::Running) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! t.tick(&mut npc, &mut Ctx::new(0.1));
//! npc.ready = true; // seen at once: patrol is halted, chase ticked
//! t.tick(&mut npc, &mut Ctx::new(0.1));
//! assert_eq!(npc.log, ["patrol", "chase"]);
//! ```
//!
//! ## `switch(value) { PATTERN => NODE, … }` (SPEC C10)
//! `value` is a function of `&Agent`, read once per tick of the switch; the
//! first case whose Rust pattern matches runs. When the matching case
//! changes, the previous case's subtree is halted before the new one is
//! ticked. No matching case (and no `_` case) fails the node.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # struct Do(&'static str, Status);
//! #[derive(Clone, Copy, PartialEq)]
//! enum Mode { Calm, Alert, Combat }
//! struct Guard { mode: Mode, log: Vec<&'static str> }
//! impl Behavior<Guard> for Do {
//!     fn tick(&mut self, g: &mut Guard, _: &mut Ctx) -> Status { g.log.push(self.0); self.1 }
//! }
//! deciders::tree! {
//!     tree T for Guard {
//!         switch(|g: &Guard| g.mode) {
//!             Mode::Calm => Do("patrol", Status::Running),
//!             Mode::Alert | Mode::Combat => Do("chase", Status::Running),
//!         }
//!     }
//! }
//! let mut g = Guard { mode: Mode::Calm, log: vec![] };
//! let mut t = T::new();
//! t.tick(&mut g, &mut Ctx::new(0.1));
//! g.mode = Mode::Combat;
//! t.tick(&mut g, &mut Ctx::new(0.1));
//! assert_eq!(g.log, ["patrol", "chase"]);
//! ```
//!
//! ## `parallel(all_complete)` and `parallel(all_complete, failure >= m)` (SPEC C5)
//! Every child runs until it completes, with no early exit; then the node
//! fails if at least `m` children failed (1 when not given), else succeeds
//! (BehaviorTree.CPP's ParallelAll).
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         parallel(all_complete, failure >= 2) { Do("a", Status::Failure), wait(0.2), Do("c", Status::Success) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Running); // `a` failed: go on
//! let mut s = Status::Running;
//! while s == Status::Running {
//!     s = t.tick(&mut npc, &mut Ctx::new(0.1)); // until `wait` completes
//! }
//! assert_eq!(s, Status::Success); // 1 failure < 2
//! assert_eq!(npc.log, ["a", "c"]); // completed children are not ticked again
//! ```
//!
//! # More decorators
//!
//! ## `run_once` and `run_once(S)` (SPEC R13)
//! Ticks its child until the child first completes; from then on it
//! completes at once with that status (or with `S` when given:
//! `run_once(Success)` is skipped in a `sequence`), until `reset`.
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         sequence { run_once(Success) { Do("greet", Status::Success) }, Do("trade", Status::Success) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! for _ in 0..3 { t.tick(&mut npc, &mut Ctx::new(0.1)); }
//! assert_eq!(npc.log, ["greet", "trade", "trade", "trade"]);
//! ```
//!
//! ## `recheck(…) { child }` (SPEC R12)
//! A guard usable anywhere, at the root or under a decorator: its items are
//! checked when the child is entered (a rejection fails without running it)
//! and every tick while it runs (a rejection halts it and fails).
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         recheck(decide = |n: &Npc| n.ready) { Do("work", Status::Running) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc { ready: true, ..Npc::default() }, T::new());
//! assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Running);
//! npc.ready = false;
//! assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Failure);
//! assert_eq!(npc.log, ["work"]);
//! ```
//!
//! ## `retry(forever)` (SPEC R5)
//! Restarts the child after each failure, on the next tick, until it
//! succeeds.
//!
//! ## `decorate(Type) { child }`: decorators of your own (SPEC R11)
//! A type implementing [`Decorator`](crate::Decorator), built like a
//! behavior's memory (`decorate(Limit::new(3))`, or `Default` for
//! `decorate(Limit)`), with state that outlives an activation in its
//! `Persist` type. The built-in decorators are implementations of the same
//! trait ([`decorator`](crate::decorator)).
//! ```
//! # use deciders::{Behavior, Ctx, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! use deciders::Decorator;
//! /// Unity's "loop until it fails".
//! #[derive(Default)]
//! struct UntilFailure;
//! impl Decorator<Npc> for UntilFailure {
//!     type Persist = ();
//!     fn after(&mut self, _: &mut (), _: &Npc, _: &Ctx, child: Status) -> Status {
//!         if child == Status::Failure { Status::Failure } else { Status::Running }
//!     }
//! }
//! deciders::tree! {
//!     tree T for Npc { decorate(UntilFailure) { Do("dig", Status::Success) } }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! for _ in 0..3 { assert_eq!(t.tick(&mut npc, &mut Ctx::new(0.1)), Status::Running); }
//! assert_eq!(npc.log, ["dig", "dig", "dig"]);
//! ```
