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
