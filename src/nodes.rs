//! Every node kind and guard item of the [`tree!`](crate::tree) language, each
//! with a runnable example. Rule ids in parentheses point at the
//! [reference](mod@crate::reference); the complete grammar is on [`tree!`](crate::tree).
//!
//! The examples share this small prelude (hidden in each):
//!
//! ```
//! use deciders::{Behavior, Ctx, Frame, Status};
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
//! Decider groups choose a child through its guard (`when(…) =>`, see
//! [Guards](#guards)) and keep it until it exits or, in a `priority`, something
//! more important accepts. At most 64 children each.
//!
//! ## `priority` (D1, D2, G3)
//! The first child whose guard accepts runs. While it runs, the children
//! before it are decided every tick and interrupt it; its own guard is not
//! re-evaluated (hysteresis) unless it says `recheck`. A child that exits is
//! masked and the group redecides in the same tick.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
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
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Frame::new(0.1));
//! t.tick(&mut npc, &mut ctx);
//! npc.ready = true;
//! t.tick(&mut npc, &mut ctx); // ATTACK interrupts WAIT
//! assert_eq!(npc.log, ["wait", "attack"]);
//! ```
//!
//! ## `sequential` (D3)
//! Children in order, each when the previous exits; a child whose guard
//! rejects is skipped; past the last, the group exits with the last status.
//! Siblings never interrupt the running child.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         sequential { Do("flip", Status::Success), Do("roll", Status::Failure), Do("dance", Status::Success) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Success);
//! assert_eq!(npc.log, ["flip", "roll", "dance"]);
//! ```
//!
//! ## `with Behavior`: group behaviors (D7)
//! Any composite may carry a behavior: activated before its children, ticked
//! before them each tick (`Failure` fails the group; `Success` means carry on),
//! deactivated after them.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Exit, Frame, Status};
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
//! t.tick(&mut npc, &mut Frame::new(0.1));
//! assert_eq!(npc.log, ["nest: guarded", "patrol", "nest: free"]);
//! ```
//!
//! # Guards
//!
//! A child slot of any composite, parallel or decorator may carry a guard,
//! `name: when(ITEM, …) => NODE`. Its items are checked in a fixed order —
//! decision flags, stimuli flags, `every`, then the decide — and the first that
//! fails rejects the child. In a decider group a rejected child is simply not
//! chosen; anywhere else it fails without running (G4).
//!
//! ## Decision flags: `any`, `all`, `none`, `not_all` (G1)
//! Tests on the flags of this tick ([`Frame::with_flags`](crate::Frame::with_flags),
//! [`Frame::set_flags`](crate::Frame::set_flags)) against a mask of
//! [`Flags`](crate::Flags): at least one set, all set, none set, not all set.
//! No code of yours runs. Here the third tick also shows hysteresis (G3): the
//! danger is gone, but HIDE runs on, its guard not evaluated again.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! use deciders::Flags;
//! const DANGER: Flags = Flags::bit(0);
//! const NIGHT: Flags = Flags::bit(1);
//! deciders::tree! {
//!     tree T for Npc {
//!         priority {
//!             hide:  when(any(DANGER)) => Do("hide", Status::Running),
//!             sleep: when(all(NIGHT), none(DANGER)) => Do("sleep", Status::Running),
//!             work:  Do("work", Status::Running),
//!         }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! t.tick(&mut npc, &mut Frame::new(0.1).with_flags(NIGHT));
//! t.tick(&mut npc, &mut Frame::new(0.1).with_flags(NIGHT | DANGER)); // HIDE interrupts SLEEP
//! t.tick(&mut npc, &mut Frame::new(0.1).with_flags(NIGHT)); // HIDE keeps running
//! assert_eq!(npc.log, ["sleep", "hide", "hide"]);
//! ```
//!
//! ## Stimuli flags: `stimuli_any`, `stimuli_all`, `stimuli_none`, `stimuli_not_all` (G1)
//! The same tests over the stimuli flags of this tick, which the caller sets
//! with [`Frame::set_stimuli`](crate::Frame::set_stimuli) (for instance from the
//! agent's recent events: took a hit, heard a noise).
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! use deciders::Flags;
//! const HIT: Flags = Flags::bit(0);
//! deciders::tree! {
//!     tree T for Npc {
//!         priority {
//!             flinch: when(stimuli_any(HIT)) => Do("flinch", Status::Success),
//!             idle:   Do("idle", Status::Running),
//!         }
//!     }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Frame::new(0.1));
//! t.tick(&mut npc, &mut ctx);
//! ctx.set_stimuli(HIT);
//! t.tick(&mut npc, &mut ctx); // FLINCH interrupts IDLE, succeeds, and IDLE is chosen again
//! ctx.set_stimuli(Flags::EMPTY);
//! t.tick(&mut npc, &mut ctx);
//! assert_eq!(npc.log, ["idle", "flinch", "idle", "idle"]);
//! ```
//!
//! ## Stimuli from a store: `#[derive(Stimulus)]` and `Stimuli` (V2, G1)
//! Rather than numbering flags by hand, name the kinds of stimuli in a
//! fieldless enum deriving [`Stimulus`](trait@crate::Stimulus): each kind's
//! flag is `Kind::X.flag()`, a `const fn`, so it goes straight into a guard
//! mask. Keep a [`Stimuli`](crate::Stimuli) store in the agent: the game adds
//! stimuli to it, each with an optional payload and timeout, and before every
//! tick `frame.set_stimuli(store.update(frame.dt()))` expires what is old and
//! hands the rest to the guards. Behaviors read payloads and remove what they
//! handled through the agent. Below, frames last 0.125 s and the hit 0.375 s:
//! the updates of the first two frames see it (0.125 and 0.25 s after the
//! hit), and FLINCH runs; the third reaches 0.375 s and expires it, and
//! FLINCH's `recheck` (G3) stops it on that frame.
//!
//! ```
//! use deciders::{Behavior, Ctx, Frame, Status, Stimuli, Stimulus};
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Stimulus)]
//! enum Stim { Hit, Invited }
//!
//! #[derive(Default)]
//! struct Npc { stimuli: Stimuli<Stim, u32>, log: Vec<String> }
//!
//! /// Flinches away from whoever hit it (the payload).
//! #[derive(Default)]
//! struct Flinch;
//! impl Behavior<Npc> for Flinch {
//!     fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status {
//!         let attacker = n.stimuli.get(Stim::Hit).copied().unwrap_or_default();
//!         n.log.push(format!("flinch from {attacker}"));
//!         Status::Running
//!     }
//! }
//! #[derive(Default)]
//! struct Idle;
//! impl Behavior<Npc> for Idle {
//!     fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status {
//!         n.log.push("idle".into());
//!         Status::Running
//!     }
//! }
//!
//! deciders::tree! {
//!     tree T for Npc {
//!         priority {
//!             flinch: when(stimuli_any(Stim::Hit.flag()), recheck) => Flinch,
//!             idle:   Idle,
//!         }
//!     }
//! }
//! let (mut npc, mut t, mut frame) = (Npc::default(), T::new(), Frame::new(0.125));
//! npc.stimuli.add(Stim::Hit, 7, Some(0.375)); // the game: hit by 7, for 0.375 s
//! for _ in 0..4 {
//!     frame.set_stimuli(npc.stimuli.update(frame.dt()));
//!     t.tick(&mut npc, &mut frame);
//! }
//! assert_eq!(npc.log, ["flinch from 7", "flinch from 7", "idle", "idle"]);
//! assert!(!npc.stimuli.contains(Stim::Hit));
//! ```
//!
//! ## `every(d)` (G1)
//! Lets the check reach the decide at most once per `d` seconds of tree clock.
//! The timer starts due and is stamped each time the check gets that far; it
//! outlives the child's activations (each agent has its own).
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         priority {
//!             look: when(every(1.0)) => Do("look", Status::Success),
//!             idle: Do("idle", Status::Running),
//!         }
//!     }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Frame::new(0.5));
//! for _ in 0..3 {
//!     t.tick(&mut npc, &mut ctx); // clock 0.5, 1.0, 1.5
//! }
//! // 0.5: due, LOOK then IDLE; 1.0: not due; 1.5: due again.
//! assert_eq!(npc.log, ["look", "idle", "idle", "look", "idle"]);
//! ```
//!
//! ## `decide = F` (G2)
//! `F` takes `&Agent` (or `&Agent` and `&Ctx<World>`) and returns a score
//! (`f32`: accepts when finite and `> 0`) or a `bool`. A guard without a decide
//! accepts once its preconditions pass. See `priority` above.
//!
//! ## `dblock = F` (G2)
//! A decide that also hands a value to the behavior it activates: `F` returns
//! `Option<(f32, D)>`, and the behavior's memory is built with `From<D>`.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! struct Target(u32);
//! struct Attack { target: u32 }
//! impl From<Target> for Attack {
//!     fn from(t: Target) -> Self { Attack { target: t.0 } }
//! }
//! impl Behavior<Npc> for Attack {
//!     fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status {
//!         assert_eq!(self.target, 7); // what the decide found
//!         n.log.push("attack");
//!         Status::Running
//!     }
//! }
//! fn spot(n: &Npc) -> Option<(f32, Target)> {
//!     n.ready.then_some((1.0, Target(7)))
//! }
//! deciders::tree! {
//!     tree T for Npc {
//!         priority { attack: when(dblock = spot) => Attack, wait: Do("wait", Status::Running) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc { ready: true, ..Npc::default() }, T::new());
//! t.tick(&mut npc, &mut Frame::new(0.1));
//! assert_eq!(npc.log, ["attack"]);
//! ```
//!
//! ## `recheck` (G3)
//! By default a running child's guard is not evaluated again. With `recheck` it
//! is, every tick before the child is ticked; when it rejects, the child is
//! halted and counts as failed.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree Stubborn for Npc {
//!         sequence { work: when(decide = |n: &Npc| !n.ready) => Do("work", Status::Running), Do("rest", Status::Success) }
//!     }
//!     tree Watchful for Npc {
//!         sequence { work: when(recheck, decide = |n: &Npc| !n.ready) => Do("work", Status::Running), Do("rest", Status::Success) }
//!     }
//! }
//! let (mut npc, mut ctx) = (Npc::default(), Frame::new(0.1));
//! let (mut stubborn, mut watchful) = (Stubborn::new(), Watchful::new());
//! stubborn.tick(&mut npc, &mut ctx);
//! watchful.tick(&mut npc, &mut ctx);
//! npc.ready = true; // the guards would now reject
//! assert_eq!(stubborn.tick(&mut npc, &mut ctx), Status::Running); // WORK goes on
//! assert_eq!(watchful.tick(&mut npc, &mut ctx), Status::Failure); // WORK halted: the sequence fails
//! ```
//!
//! ## `redecide` (G5)
//! On the guard of a decider group: whenever the group redecides because its
//! running child exited, the group's own guard is checked again first; if it
//! now rejects, the group exits with `Failure` instead of choosing a next child.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! struct Home { dishes: u32, guests: bool, log: Vec<&'static str> }
//! #[derive(Default)]
//! struct Wash;
//! impl Behavior<Home> for Wash {
//!     fn tick(&mut self, h: &mut Home, _: &mut Ctx) -> Status {
//!         h.log.push("wash");
//!         h.dishes -= 1;
//!         if h.dishes == 0 { Status::Success } else { Status::Running }
//!     }
//! }
//! #[derive(Default)]
//! struct Dry;
//! impl Behavior<Home> for Dry {
//!     fn tick(&mut self, h: &mut Home, _: &mut Ctx) -> Status { h.log.push("dry"); Status::Running }
//! }
//! #[derive(Default)]
//! struct Chat;
//! impl Behavior<Home> for Chat {
//!     fn tick(&mut self, h: &mut Home, _: &mut Ctx) -> Status { h.log.push("chat"); Status::Running }
//! }
//! fn alone(h: &Home) -> bool { !h.guests }
//! deciders::tree! {
//!     tree Strict for Home {
//!         priority { chores: when(redecide, decide = alone) => sequential { Wash, Dry }, chat: Chat }
//!     }
//!     tree Lax for Home {
//!         priority { chores: when(decide = alone) => sequential { Wash, Dry }, chat: Chat }
//!     }
//! }
//! fn run<T: deciders::Tree<Home>>(mut t: T) -> Vec<&'static str> {
//!     let mut home = Home { dishes: 2, guests: false, log: Vec::new() };
//!     t.tick(&mut home, &mut Frame::new(0.1));
//!     home.guests = true; // guests arrive while the first dish is washed
//!     t.tick(&mut home, &mut Frame::new(0.1)); // the washing ends
//!     home.log
//! }
//! assert_eq!(run(Strict::new()), ["wash", "wash", "chat"]); // the chores group is rechecked
//! assert_eq!(run(Lax::new()), ["wash", "wash", "dry"]);
//! ```
//!
//! ## `delegate` (G6)
//! On the guard of a decider group, in place of a decide: the guard accepts
//! when one of the group's children accepts, as the group would choose on
//! entry (`priority` and `sequential`: the first child that accepts;
//! `random`, `shuffle`, `scored`: their own choice). The group's guard can
//! then never accept when none of its children would (the subset rule,
//! D9), and nothing is decided twice: entering the group enters the child
//! the guard chose, with its score (the group's score, for a `random` or
//! `scored` parent) and its DBlock. Preconditions (flags, `every`) are
//! checked first, as for any guard.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! struct Camp { food: bool, wood: bool, log: Vec<&'static str> }
//! fn hungry(c: &Camp) -> bool { c.food }
//! fn cold(c: &Camp) -> bool { c.wood }
//! #[derive(Default)] struct Cook;
//! impl Behavior<Camp> for Cook { fn tick(&mut self, c: &mut Camp, _: &mut Ctx) -> Status { c.log.push("cook"); Status::Running } }
//! #[derive(Default)] struct Burn;
//! impl Behavior<Camp> for Burn { fn tick(&mut self, c: &mut Camp, _: &mut Ctx) -> Status { c.log.push("burn"); Status::Running } }
//! #[derive(Default)] struct Nap;
//! impl Behavior<Camp> for Nap { fn tick(&mut self, c: &mut Camp, _: &mut Ctx) -> Status { c.log.push("nap"); Status::Running } }
//! deciders::tree! {
//!     tree Evening for Camp {
//!         priority {
//!             // No decide of its own: the chores decide.
//!             chores: when(delegate) => priority {
//!                 cook: when(decide = hungry) => Cook,
//!                 fire: when(decide = cold) => Burn,
//!             },
//!             nap: Nap,
//!         }
//!     }
//! }
//! let mut camp = Camp { food: false, wood: false, log: Vec::new() };
//! let mut t = Evening::new();
//! t.tick(&mut camp, &mut Frame::new(0.1)); // no chore accepts: the group does not either
//! camp.wood = true;
//! t.tick(&mut camp, &mut Frame::new(0.1)); // `fire` accepts: the group interrupts `nap`
//! assert_eq!(camp.log, ["nap", "burn"]);
//! ```
//!
//! ## A rejected guard in a status composite (G4)
//! In a `sequence`, `fallback` (and the other status composites, a `parallel`
//! or a decorator) a child whose guard rejects fails without being activated:
//! the sequence fails there, the fallback moves on to its next child.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree Seq for Npc {
//!         sequence { go: when(decide = |n: &Npc| n.ready) => Do("go", Status::Success), Do("after", Status::Success) }
//!     }
//!     tree Fb for Npc {
//!         fallback { run: when(decide = |n: &Npc| n.ready) => Do("run", Status::Success), Do("walk", Status::Success) }
//!     }
//! }
//! let mut npc = Npc::default(); // not ready: both guards reject
//! assert_eq!(Seq::new().tick(&mut npc, &mut Frame::new(0.1)), Status::Failure);
//! assert_eq!(Fb::new().tick(&mut npc, &mut Frame::new(0.1)), Status::Success);
//! assert_eq!(npc.log, ["walk"]);
//! ```
//!
//! # Status composites
//!
//! ## `sequence` (C1) and `fallback` (C3)
//! `sequence` ticks children while they succeed, `fallback` while they fail;
//! both resume at the running child next tick.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
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
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Success);
//! assert_eq!(npc.log, ["aim", "shoot", "reload"]);
//! ```
//!
//! ## `reactive_sequence` (C2)
//! Walks the children from the first every tick (their guards included); an
//! earlier child that now fails halts the running later child, and the
//! sequence fails.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         reactive_sequence { condition(|n: &Npc| !n.ready), Do("work", Status::Running) }
//!     }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Frame::new(0.1));
//! assert_eq!(t.tick(&mut npc, &mut ctx), Status::Running);
//! npc.ready = true; // the condition now fails: WORK is halted
//! assert_eq!(t.tick(&mut npc, &mut ctx), Status::Failure);
//! assert!(!t.is_running());
//! ```
//!
//! ## `selector` (C4)
//! A fallback without memory: every tick walks from the first child, guards
//! included. An earlier child that now succeeds or runs is ticked, then the
//! child that was running is halted; an earlier child that fails lets the
//! walk go on to the running one, which resumes.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         selector {
//!             attack: when(decide = |n: &Npc| n.ready) => Do("attack", Status::Running),
//!             patrol: Do("patrol", Status::Running),
//!         }
//!     }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Frame::new(0.1));
//! t.tick(&mut npc, &mut ctx); // ATTACK rejected: PATROL runs
//! npc.ready = true;
//! t.tick(&mut npc, &mut ctx); // ATTACK runs, PATROL is halted
//! npc.ready = false;
//! t.tick(&mut npc, &mut ctx); // ATTACK's own guard rejects: halted, PATROL again
//! assert_eq!(npc.log, ["patrol", "attack", "patrol"]);
//! ```
//!
//! ## `parallel(all | any | success >= n, failure >= m)` (C5)
//! Ticks every running child each tick, in order; a child that completed is
//! not ticked again until the parallel restarts. `all` succeeds when every
//! child has succeeded and fails at the first failure; `any` succeeds at the
//! first success and fails when all have failed. With thresholds, a missing
//! `success` means "every child", and a missing `failure` means "as soon as
//! the success threshold is out of reach". Once the outcome is known, the
//! children not reached this tick are skipped and the running ones are halted.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree Escort for Npc {
//!         parallel(any) { Do("walk", Status::Running), wait(0.15) }
//!     }
//!     tree Two for Npc {
//!         parallel(success >= 2) { Do("a", Status::Success), Do("b", Status::Running), Do("c", Status::Success) }
//!     }
//!     tree Hopeless for Npc {
//!         parallel(success >= 2) { Do("x", Status::Failure), Do("y", Status::Failure), Do("z", Status::Running) }
//!     }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), Escort::new(), Frame::new(0.1));
//! assert_eq!(t.tick(&mut npc, &mut ctx), Status::Running);
//! assert_eq!(t.tick(&mut npc, &mut ctx), Status::Running);
//! assert_eq!(t.tick(&mut npc, &mut ctx), Status::Success); // the wait is over; WALK halted
//!
//! let mut npc = Npc::default();
//! assert_eq!(Two::new().tick(&mut npc, &mut ctx), Status::Success); // A and C: B is halted
//! assert_eq!(Hopeless::new().tick(&mut npc, &mut ctx), Status::Failure); // 2 of 3 out of reach: Z never ticks
//! assert_eq!(npc.log, ["a", "b", "c", "x", "y"]);
//! ```
//!
//! ## `concurrent` (C6)
//! Every tick, ticks all children in order until one fails; completed children
//! are started again on the next tick. A failure halts the running children
//! and fails; all succeeding in one tick succeeds.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc { concurrent { Do("look", Status::Success), Do("walk", Status::Running) } }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Frame::new(0.1));
//! t.tick(&mut npc, &mut ctx);
//! t.tick(&mut npc, &mut ctx);
//! assert_eq!(npc.log, ["look", "walk", "look", "walk"]);
//! ```
//!
//! # Decorators (exactly one child)
//!
//! Durations are seconds (`2.5`, `2.5s`) or milliseconds (`2500ms`) of tree
//! clock.
//!
//! ## `invert` (R1)
//! Swaps `Success` and `Failure`; `Running` passes through.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc { sequence { invert { fail }, Do("after", Status::Success) } }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Success);
//! assert_eq!(npc.log, ["after"]);
//! ```
//!
//! ## `force(S)` and `always(S)` (R2)
//! `force(Success)` / `force(Failure)` replaces the child's status *when it
//! completes*; while the child runs, the decorator runs. `always(S)` replaces
//! *every* status, `Running` included: over a running child, `always(Success)`
//! completes at once and halts the child. `always(Running)` keeps a child that
//! completes going: it starts again on the next tick.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree Forced for Npc { force(Success) { Do("dig", Status::Running) } }
//!     tree Always for Npc { always(Success) { Do("dig", Status::Running) } }
//!     tree Mapped for Npc {
//!         sequence { force(Success) { Do("try", Status::Failure) }, always(Failure) { succeed } }
//!     }
//! }
//! let mut npc = Npc::default();
//! let mut ctx = Frame::new(0.1);
//! assert_eq!(Forced::new().tick(&mut npc, &mut ctx), Status::Running); // waits for DIG
//! let mut always = Always::new();
//! assert_eq!(always.tick(&mut npc, &mut ctx), Status::Success); // DIG halted
//! assert!(!always.is_running());
//! assert_eq!(Mapped::new().tick(&mut npc, &mut ctx), Status::Failure);
//! assert_eq!(npc.log, ["dig", "dig", "try"]);
//! ```
//!
//! ## `cooldown(d)` (R4)
//! After the child completes, either way, report `Failure` without entering it
//! until `d` seconds have passed. A running child is never cut short.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc { cooldown(0.25) { Do("shout", Status::Success) } }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Frame::new(0.1));
//! let got: Vec<Status> = (0..4).map(|_| t.tick(&mut npc, &mut ctx)).collect();
//! assert_eq!(got, [Status::Success, Status::Failure, Status::Failure, Status::Success]);
//! ```
//!
//! ## `cooldown_on_failure(d)` (R3)
//! The bot format's `timer`: after the child *fails*, report `Failure` without
//! entering it until `d` seconds have passed. Successes start no cooldown.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree Jump for Npc { cooldown_on_failure(0.25) { Do("jump", Status::Failure) } }
//!     tree Step for Npc { cooldown_on_failure(0.25) { Do("step", Status::Success) } }
//! }
//! let (mut npc, mut ctx) = (Npc::default(), Frame::new(0.1));
//! let (mut jump, mut step) = (Jump::new(), Step::new());
//! for _ in 0..4 {
//!     jump.tick(&mut npc, &mut ctx); // clock 0.1, 0.2, 0.3, 0.4
//!     step.tick(&mut npc, &mut ctx);
//! }
//! // JUMP failed at 0.1 and is tried again at 0.4; STEP never cools down.
//! assert_eq!(npc.log, ["jump", "step", "step", "step", "jump", "step"]);
//! ```
//!
//! ## `repeat(n)`, `repeat(forever)` and `retry(n)` (R5)
//! Restart the child after each success (`repeat`) or failure (`retry`), on
//! the next tick; `repeat(n)` succeeds after `n` successes, `retry(n)` fails
//! after `n` attempts, `repeat(forever)` never succeeds.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc { repeat(3) { Do("knock", Status::Success) } }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Frame::new(0.1));
//! let got: Vec<Status> = (0..3).map(|_| t.tick(&mut npc, &mut ctx)).collect();
//! assert_eq!(got, [Status::Running, Status::Running, Status::Success]);
//! assert_eq!(npc.log, ["knock", "knock", "knock"]);
//! ```
//!
//! ## `timeout(d)` (R6) and `delay(d)` (R7)
//! `timeout(d)`: if the child still runs `d` seconds after the decorator was
//! entered, the child is halted and the decorator fails. `delay(d)`: report
//! `Running` for `d` seconds after entry without touching the child, then run
//! it. Both measure on the tree clock: a node entered at clock `s` is done on
//! the first tick where `now − s ≥ d`. Below, the delay is entered at 0.1 and
//! lets its child run at 0.3; the timeout is entered then and fires at 0.5.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         sequence { delay(0.15) { succeed }, timeout(0.2) { Do("search", Status::Running) } }
//!     }
//! }
//! let (mut npc, mut t, mut ctx) = (Npc::default(), T::new(), Frame::new(0.1));
//! let got: Vec<Status> = (0..5).map(|_| t.tick(&mut npc, &mut ctx)).collect();
//! assert_eq!(got, [Status::Running, Status::Running, Status::Running, Status::Running, Status::Failure]);
//! assert_eq!(npc.log, ["search", "search"]);
//! ```
//!
//! # Leaves
//!
//! ## Behaviors (L1–L5)
//! A type implementing [`Behavior`](crate::Behavior): `Flee` (built with
//! `Default`), `Patrol { radius: 5.0 }`, `Say("hi")`, `Patrol::new(5.0)`.
//! Its value is its memory for one activation.
//!
//! ## `condition(F)` (L6)
//! `F` takes `&Agent` (and optionally `&Ctx`) and returns `bool`,
//! `Option<bool>` (`None`: not known yet → `Running`) or a `Status`.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! deciders::tree! {
//!     tree T for Npc { condition(|n: &Npc| n.ready.then_some(true)) }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Running);
//! npc.ready = true;
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Success);
//! ```
//!
//! ## `succeed`, `fail`, `wait(d)` (L7)
//! `succeed` and `fail` complete on their first tick; `wait(d)` reports
//! `Running` until `d` seconds of tree clock have passed, then `Success`. See
//! the examples above.
//!
//! ## Action policy (L8)
//! Unity's action node "always reports a node status of Success [or
//! Failure] to its parent node after the OnStep operation returns", whatever
//! its task did. That is `always(Success) { Leaf }` (or `always(Failure)`,
//! R2): the leaf is ticked once and the decorator reports its status,
//! whatever the tick returned; a leaf still `Running` is halted at once
//! (its `deactivate` gets `Exit::Halted`). The node never stays running:
//! the next tick enters the leaf again. (`force(Success)` is not the
//! policy: it waits for the leaf to complete.)
//!
//! ```
//! # use deciders::{Behavior, Ctx, Exit, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<String> }
//! #[derive(Default)]
//! struct Wave;
//! impl Behavior<Npc> for Wave {
//!     fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status {
//!         n.log.push("wave".into());
//!         Status::Running // would go on waving
//!     }
//!     fn deactivate(&mut self, n: &mut Npc, _: &mut Ctx, exit: Exit) {
//!         n.log.push(format!("{exit:?}"));
//!     }
//! }
//! deciders::tree! {
//!     tree Greet for Npc { sequence { always(Success) { Wave }, always(Failure) { Wave } } }
//! }
//! let (mut npc, mut t) = (Npc::default(), Greet::new());
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Failure);
//! assert_eq!(npc.log, ["wave", "Halted", "wave", "Halted"]);
//! assert!(!t.is_running());
//! ```
//!
//! # Subtrees (S1, S2, S3)
//! `subtree Name` references another tree for the same agent and world; each
//! reference has its own state. References must not form a cycle.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree Look for Npc { sequence { Do("left", Status::Success), Do("right", Status::Success) } }
//!     tree Cross for Npc { sequence { subtree Look, Do("walk", Status::Success), subtree Look } }
//! }
//! let (mut npc, mut t) = (Npc::default(), Cross::new());
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Success);
//! assert_eq!(npc.log, ["left", "right", "walk", "left", "right"]);
//! ```
//!
//! A tree declared elsewhere — in another `tree!` invocation, another module
//! or another crate — is referenced by its path, like any Rust type: `subtree
//! ai::Patrol`, `subtree crate::ai::Patrol`, `subtree other_crate::Patrol`.
//! It must be visible from where it is referenced (`pub` for another module
//! or crate). It runs exactly as a tree of the same invocation would, and
//! the referencing tree's state holds its state (a clock or a seed only if
//! it needs one), so the two crates must use the same version of
//! `deciders`; nothing is shared between references or looked up at run
//! time. What the macro cannot see is checked by the compiler: a path that
//! names no tree, or a tree for another agent or world, is an error at the
//! path ("`Prowl` is not a tree for agent `Bot` and world `()`"); a cycle
//! through trees declared elsewhere is a type of infinite size, which the
//! compiler reports as a cycle; a `#[derive]` on the referencing tree needs
//! the referenced tree to have it too.
//!
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] pub struct Npc { log: Vec<&'static str> }
//! # pub struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! mod looking {
//!     use super::{Do, Npc};
//!     use deciders::Status;
//!     deciders::tree! {
//!         pub tree Look for Npc { sequence { Do("left", Status::Success), Do("right", Status::Success) } }
//!     }
//! }
//! deciders::tree! {
//!     tree Cross for Npc {
//!         sequence { subtree looking::Look, Do("walk", Status::Success), subtree looking::Look }
//!     }
//! }
//! # fn main() {
//! let (mut npc, mut t) = (Npc::default(), Cross::new());
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Success);
//! assert_eq!(npc.log, ["left", "right", "walk", "left", "right"]);
//! # }
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
//! ## `random` (D4)
//! At each decision, one of the accepting children, at random, weighted by
//! its decide score (a child with no decide scores 1).
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
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
//!     t.tick(&mut npc, &mut Frame::new(0.1));
//!     t.halt(&mut npc, &mut Frame::new(0.0)); // a fresh decision every time
//! }
//! // Both succeed at once, so each tick runs the chosen one and then the
//! // other (masked redecide); which comes first is the random choice.
//! let firsts = npc.log.chunks(2).filter(|pair| pair[0] == "stretch").count();
//! assert!(firsts > 50, "stretch is chosen first about 3 times in 4: {firsts}");
//! // The same seed replays the same choices.
//! let mut again = Npc::default();
//! let mut t = Idle::with_seed(7);
//! for _ in 0..100 {
//!     t.tick(&mut again, &mut Frame::new(0.1));
//!     t.halt(&mut again, &mut Frame::new(0.0));
//! }
//! assert_eq!(npc.log, again.log);
//! ```
//!
//! ## `shuffle` (D5)
//! Like `random`, without repetition: every child is chosen once before any
//! is chosen again. The round is kept across activations (a halt keeps it,
//! `reset` clears it); when no child left in the round accepts, a new round
//! starts. At most 64 children.
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
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
//!     t.tick(&mut npc, &mut Frame::new(0.1));
//!     t.halt(&mut npc, &mut Frame::new(0.0));
//! }
//! let mut round = npc.log.clone();
//! round.sort();
//! assert_eq!(round, ["arf", "grr", "woof"]); // each once per round
//! ```
//!
//! ## `scored` and `scored(rescore = d)` (D6)
//! Utility AI: every child is decided and the highest score wins (the
//! earliest on ties). With a re-scoring interval, every `d` seconds all
//! children are scored again, the running one included, and another child
//! takes over only with a strictly higher score; the running child is never
//! stopped by rescoring alone.
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
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
//! t.tick(&mut n, &mut Frame::new(0.5)); // eat: 0.6 > 0.4
//! n.fatigue = 0.9;
//! t.tick(&mut n, &mut Frame::new(0.5)); // not rescored yet: still eating
//! t.tick(&mut n, &mut Frame::new(0.5)); // rescored: sleep 0.9 > eat 0.6
//! assert_eq!(n.log, ["eat", "eat", "sleep"]);
//! ```
//!
//! # Control nodes (BehaviorTree.CPP)
//!
//! ## `if_then_else { C, T [, E] }` (C8)
//! `C` runs until it completes, once per activation; its `Success` runs
//! `T`, its `Failure` runs `E` (or fails the node when there is no `E`).
//! The node reports the branch's status; `C` is not evaluated again while a
//! branch runs.
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         if_then_else { condition(|n: &Npc| n.ready), Do("go", Status::Success), Do("wait", Status::Running) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Running);
//! npc.ready = true; // not seen: the condition ran once for this activation
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Running);
//! assert_eq!(npc.log, ["wait", "wait"]);
//! ```
//!
//! ## `while_do_else { C, D [, E] }` (C9)
//! `C` runs every tick: `Success` runs `D`, `Failure` runs `E` (or fails the
//! node when there is no `E`), `Running` keeps the node running without
//! ticking a branch. When the choice changes, the branch left is halted
//! before the other is ticked.
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         while_do_else { condition(|n: &Npc| n.ready), Do("chase", Status::Running), Do("patrol", Status::Running) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! t.tick(&mut npc, &mut Frame::new(0.1));
//! npc.ready = true; // seen at once: patrol is halted, chase ticked
//! t.tick(&mut npc, &mut Frame::new(0.1));
//! assert_eq!(npc.log, ["patrol", "chase"]);
//! ```
//!
//! ## `switch(value) { PATTERN => NODE, … }` (C10)
//! `value` is a function of `&Agent`, read once per tick of the switch; the
//! first case whose Rust pattern matches runs. When the matching case
//! changes, the previous case's subtree is halted before the new one is
//! ticked. The cases are a `match`: rustc checks that they cover every value
//! (a forgotten enum variant is error `E0004`, at `value`). To fail when no
//! other case matches, write it: `_ => fail`.
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
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
//! t.tick(&mut g, &mut Frame::new(0.1));
//! g.mode = Mode::Combat;
//! t.tick(&mut g, &mut Frame::new(0.1));
//! assert_eq!(g.log, ["patrol", "chase"]);
//! ```
//! Over a value with more cases than the tree handles, `_ => fail` makes
//! the rest a failure:
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # struct Do(&'static str, Status);
//! struct Npc { level: u8, log: Vec<&'static str> }
//! # impl Behavior<Npc> for Do {
//! #     fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 }
//! # }
//! deciders::tree! {
//!     tree T for Npc {
//!         switch(|n: &Npc| n.level) {
//!             0 => Do("rest", Status::Success),
//!             1..=3 => Do("train", Status::Success),
//!             _ => fail,
//!         }
//!     }
//! }
//! let mut n = Npc { level: 2, log: vec![] };
//! let mut t = T::new();
//! assert_eq!(t.tick(&mut n, &mut Frame::new(0.1)), Status::Success);
//! n.level = 9;
//! assert_eq!(t.tick(&mut n, &mut Frame::new(0.1)), Status::Failure);
//! assert_eq!(n.log, ["train"]);
//! ```
//! Without the `_` case, that tree does not compile:
//! ```compile_fail,E0004
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # struct Do(&'static str);
//! # struct Npc { level: u8 }
//! # impl Behavior<Npc> for Do {}
//! deciders::tree! {
//!     tree T for Npc {
//!         switch(|n: &Npc| n.level) {
//!             0 => Do("rest"),
//!             1..=3 => Do("train"),
//!         }
//!     }
//! }
//! ```
//!
//! ## `parallel(all_complete)` and `parallel(all_complete, failure >= m)` (C5)
//! Every child runs until it completes, with no early exit; then the node
//! fails if at least `m` children failed (1 when not given), else succeeds
//! (BehaviorTree.CPP's ParallelAll).
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         parallel(all_complete, failure >= 2) { Do("a", Status::Failure), wait(0.2), Do("c", Status::Success) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Running); // `a` failed: go on
//! let mut s = Status::Running;
//! while s == Status::Running {
//!     s = t.tick(&mut npc, &mut Frame::new(0.1)); // until `wait` completes
//! }
//! assert_eq!(s, Status::Success); // 1 failure < 2
//! assert_eq!(npc.log, ["a", "c"]); // completed children are not ticked again
//! ```
//!
//! # More decorators
//!
//! ## `run_once` and `run_once(S)` (R13)
//! Ticks its child until the child first completes; from then on it
//! completes at once with that status (or with `S` when given:
//! `run_once(Success)` is skipped in a `sequence`), until `reset`.
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         sequence { run_once(Success) { Do("greet", Status::Success) }, Do("trade", Status::Success) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc::default(), T::new());
//! for _ in 0..3 { t.tick(&mut npc, &mut Frame::new(0.1)); }
//! assert_eq!(npc.log, ["greet", "trade", "trade", "trade"]);
//! ```
//!
//! ## `recheck(…) { child }` (R12)
//! A guard usable anywhere, at the root or under a decorator: its items are
//! checked when the child is entered (a rejection fails without running it)
//! and every tick while it runs (a rejection halts it and fails).
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! # #[derive(Default)] struct Npc { log: Vec<&'static str>, ready: bool }
//! # struct Do(&'static str, Status);
//! # impl Behavior<Npc> for Do { fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status { n.log.push(self.0); self.1 } }
//! deciders::tree! {
//!     tree T for Npc {
//!         recheck(decide = |n: &Npc| n.ready) { Do("work", Status::Running) }
//!     }
//! }
//! let (mut npc, mut t) = (Npc { ready: true, ..Npc::default() }, T::new());
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Running);
//! npc.ready = false;
//! assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Failure);
//! assert_eq!(npc.log, ["work"]);
//! ```
//!
//! ## `retry(forever)` (R5)
//! Restarts the child after each failure, on the next tick, until it
//! succeeds.
//!
//! ## `limit(resource, max)` (R8)
//! At most `max` agents inside the child at once, among all the agents
//! whose world holds the same [`Resource`](crate::Resource) (a shared,
//! thread-safe counter you create; its clones share the count). `resource`
//! picks it out of the world: a function or a closure capturing nothing,
//! from `&World` to `&Resource`. `max` is an integer literal, at least 1.
//! An agent that arrives when `max` are inside fails at once, without
//! entering the child (the decorator is not even activated), so a
//! `fallback` moves on. An agent inside holds its slot until the decorator
//! leaves, however it leaves: the child completed, a higher priority or a
//! `recheck` interrupted it, `halt`, `reset`, a panic during a tick, or the
//! state dropped while running. Agents ticked one after the other get in
//! in that order.
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
//! use deciders::Resource;
//! struct Level { alarm: Resource }
//! #[derive(Default)] struct Monster { log: Vec<&'static str> }
//! struct Do(&'static str, Status);
//! impl Behavior<Monster, Level> for Do {
//!     fn tick(&mut self, m: &mut Monster, _: &mut Ctx<Level>) -> Status { m.log.push(self.0); self.1 }
//! }
//! deciders::tree! {
//!     tree T for Monster, world = Level {
//!         fallback {
//!             limit(|l: &Level| &l.alarm, 1) { Do("alarm", Status::Running) },
//!             Do("chase", Status::Running),
//!         }
//!     }
//! }
//! let mut ctx = Frame::new(0.1).with_world(Level { alarm: Resource::new() });
//! let (mut a, mut b) = (Monster::default(), Monster::default());
//! let (mut ta, mut tb) = (T::new(), T::new());
//! ta.tick(&mut a, &mut ctx);
//! tb.tick(&mut b, &mut ctx); // the alarm is taken: B chases
//! assert_eq!((a.log[0], b.log[0]), ("alarm", "chase"));
//! assert_eq!(ctx.world().alarm.in_use(), 1);
//! drop(ta); // or halted, or reset: the slot is given back
//! assert_eq!(ctx.world().alarm.in_use(), 0);
//! ```
//!
//! ## Events, variables and timestamps: `var`, `stamp`, `wait_for`, `wait_until`, `if_time` (V3, V4, L7, R10)
//!
//! The header names the events' type (`events = Signal`); declarations before
//! the root bind variables and timestamps to event patterns. `post` applies
//! an event at once, between ticks: variables set or cleared, timestamps
//! stamped at the tree clock (a `group` keeps at most one of its timestamps
//! set), and every active behavior told through `Behavior::event`. Guards
//! read variables with `var(name)` / `!var(name)`; `wait_for(PATTERN)`
//! completes on the tick after a matching event posted while it is active;
//! `wait_until(stamp, more_than = d)` waits until strictly more than `d`
//! seconds have passed since the timestamp; `if_time(stamp, less_than = d)`
//! (or `more_than`) runs its child only when the test holds on entry.
//! `or_never_set` lets a timestamp never set pass.
//!
//! ```
//! use deciders::{Behavior, Frame, Status};
//!
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! enum Signal { Alarm, AllClear, Hit { by: u32 } }
//!
//! struct Mob;
//! #[derive(Default)]
//! struct Chase;
//! impl Behavior<Mob> for Chase {}
//! #[derive(Default)]
//! struct Patrol;
//! impl Behavior<Mob> for Patrol {}
//!
//! deciders::tree! {
//!     tree Guard for Mob, events = Signal {
//!         var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
//!         stamp hit = on(Signal::Hit { .. });
//!         selector {
//!             // Recently hit: wait it out, then chase.
//!             hurt: if_time(hit, less_than = 1.0) {
//!                 sequence { wait_until(hit, more_than = 0.5), Chase }
//!             },
//!             chase: when(var(alarmed)) => Chase,
//!             patrol: sequence { wait_for(Signal::Alarm), Chase },
//!         }
//!     }
//! }
//!
//! let (mut mob, mut guard, mut frame) = (Mob, Guard::new(), Frame::new(0.25));
//! let path = |g: &Guard| { let mut p = Vec::new(); g.active_path(|n| p.push(n.name)); p };
//! guard.tick(&mut mob, &mut frame);
//! assert_eq!(path(&guard), ["root", "patrol", "WaitFor"]);
//! guard.post(&Signal::Alarm, &mut mob, &mut frame); // takes effect now
//! assert_eq!(guard.vars().bits(), 1);
//! guard.tick(&mut mob, &mut frame); // the selector sees `alarmed`
//! assert_eq!(path(&guard), ["root", "chase"]);
//! guard.post(&Signal::Hit { by: 7 }, &mut mob, &mut frame);
//! assert_eq!(guard.since(Guard::HIT), Some(0.0));
//! guard.tick(&mut mob, &mut frame);
//! assert_eq!(path(&guard), ["root", "hurt", "sequence", "WaitUntil"]);
//! ```
//!
//! ## `decorate(Type) { child }`: decorators of your own (R11)
//! A type implementing [`Decorator`](crate::Decorator), built like a
//! behavior's memory (`decorate(Rationed::new(3))`, or `Default` for
//! `decorate(Rationed)`), with state that outlives an activation in its
//! `Persist` type. The built-in decorators are implementations of the same
//! trait ([`decorator`](crate::decorator)).
//! ```
//! # use deciders::{Behavior, Ctx, Frame, Status};
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
//! for _ in 0..3 { assert_eq!(t.tick(&mut npc, &mut Frame::new(0.1)), Status::Running); }
//! assert_eq!(npc.log, ["dig", "dig", "dig"]);
//! ```
