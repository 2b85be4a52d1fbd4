//! A tree's definition as the engine sees it: [`TreeParts`] (the types its
//! state holds, its depth, whether it measures time or draws numbers) and
//! [`Subtree`] (how another tree runs it), with the clock and seed slots that
//! are zero-sized when no node needs them (F3).
use crate::base::shape::{NodeId, NodeInfo};
use crate::base::stamp::{StampSlots, VarSlot};
use crate::base::status::Status;
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::engine::protocol::Entered;
use crate::engine::protocol::Shaped;
use crate::trace_hook::Trace;
use crate::visit::{Visitor, VisitorMut};

/// The types a tree's state holds, named through this trait.
///
/// The state type's fields say `Option<<Creature as TreeParts>::Root>`, so
/// that `tree!` can define the types, and everything else it generates,
/// inside a `const _: () = { … };` block: the only name a tree adds to the
/// user's module is its state type's.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tree",
    label = "not a tree declared with `tree!`",
    note = "`subtree PATH` names the state type of a tree declared with `tree!`, in this or another module or crate"
)]
pub trait TreeParts {
    /// The tree's name, as declared (`tree Guard for …`): what a save
    /// names (O6).
    const NAME: &'static str;
    /// The tree's shape fingerprint (O6): an FNV-1a hash, computed by
    /// `tree!` at compile time, of its nodes (names, kinds, parameters as
    /// written, nesting, guards) and its header's events, variables and
    /// timestamps, mixed with the fingerprints of the trees it references
    /// ([`fingerprint_mix`]). A save carries it; a load refuses a save of
    /// another fingerprint.
    const FINGERPRINT: u64;
    /// The depth of the tree's deepest node, its root at 0, counting
    /// through its own `subtree` references.
    const DEPTH: usize;
    /// Whether a node of the tree, or of a tree it references, measures
    /// time: the referencing tree then carries a clock.
    const CLOCK: bool;
    /// Whether a node of the tree, or of a tree it references, draws
    /// random numbers: the referencing tree then carries a seed (D8).
    /// Default: none does.
    const RNG: bool = false;
    /// Whether the tree declares variables or timestamps (V3, V4): such a
    /// tree cannot be used through `subtree`, whose state would read the
    /// referencing tree's. Default: it declares none.
    const SERVICES: bool = false;
    /// The active state of the whole tree (the root wrapper).
    type Root;
    /// The state that outlives activations (timers, cooldowns, subtrees').
    type Persist: Default + Shaped;
    /// Where the state keeps its clock: `f64`, or `()` when no node of the
    /// tree or of a tree it references measures time (T2, F3).
    type Clock: ClockSlot + Default;
    /// Where the state keeps its seed: `u64`, or `()` when no node of the
    /// tree or of a tree it references draws random numbers (D8, F3).
    type Seed: SeedSlot + Default;
    /// Where the state keeps its variables (V4): [`Flags`](crate::Flags),
    /// or `()` when the tree declares none.
    type Vars: VarSlot + Default + Copy + Eq + core::hash::Hash + core::fmt::Debug;
    /// Where the state keeps its timestamps (V3): `[Stamp; N]`.
    type Stamps: StampSlots + Copy + Eq + core::hash::Hash + core::fmt::Debug;
    /// Seeds every generator of the tree's persistent state (D8).
    /// Default: nothing (a tree with no generator).
    #[inline]
    fn seed(ps: &mut Self::Persist, seed: u64) {
        let _ = (ps, seed);
    }
    /// The tree's static shape (the same as [`Tree::shape`](crate::Tree::shape)),
    /// for the trees referencing it: whatever their agent, so that a
    /// reference of the wrong agent is one error (the [`Subtree`] bound).
    /// The persistent state's ([`Shaped`]).
    #[inline(always)]
    fn shape() -> &'static [NodeInfo] {
        Self::Persist::shape()
    }
    /// Hands `f` each piece of the persistent state of node `node` of
    /// this tree that implements `Debug` and is not zero-sized: its
    /// `every` timer, then its decorator's persistent state (I1; what
    /// [`Tree::persistent`](crate::Tree::persistent) does). Default:
    /// nothing (a tree with none).
    #[inline(always)]
    fn persistent(ps: &Self::Persist, node: NodeId, f: &mut dyn FnMut(&dyn core::fmt::Debug)) {
        let _ = (ps, node, f);
    }
}

/// A tree as another tree's `subtree` sees it (S1, S3): how to enter,
/// tick, halt, visit and seed it inside the referencing tree, with its
/// state held by the reference (its [`TreeParts::Root`] while it runs, its
/// [`TreeParts::Persist`] always). Every tree `tree!` generates implements
/// it for its own agent `A` and world `W`, so that `subtree path::Patrol`
/// works for a tree declared in another invocation, module or crate.
///
/// What a referencing tree needs to know about the referenced tree's
/// state — how deep it nests, whether it measures time or draws random
/// numbers — is in associated constants, so that a tree from another
/// invocation is sized exactly like one of the same invocation (F3).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tree for agent `{A}` and world `{W}`",
    label = "not a tree for agent `{A}` and world `{W}`",
    note = "`subtree PATH` names the state type of a tree declared with `tree!` (in this or another module or crate) for the same agent and world as the tree that references it: `tree Name for {A}` (with `, world = {W}` unless the world is `()`)"
)]
pub trait Subtree<A, W>: TreeParts {
    /// The tree itself (`Self`): how the generated code names a referenced
    /// tree in its runtime node type (`composite::Sub`), so that a path
    /// that is no tree for this agent and world is reported once, at the
    /// path.
    type Tree: Subtree<A, W>;

    /// Activates the tree's root and ticks it once.
    fn enter<Tr: Trace>(
        ps: &mut Self::Persist,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<Self::Root>;

    /// Ticks the running tree.
    fn tick<Tr: Trace>(
        root: &mut Self::Root,
        ps: &mut Self::Persist,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status;

    /// A hint for the code layout of [`Machine`](crate::machine::Machine)'s tick,
    /// with no effect on what a tick does: whether `active` is the state
    /// the tree is expected to be in on most ticks (`Some(true)`) or not
    /// (`Some(false)`: the tick's code for it is laid out as the unlikely
    /// path). `None`, the default, gives no hint. `tree!` gives one for a
    /// tree whose root is a `selector`: its last child (the fallback)
    /// running, as [`last_runs`](crate::engine::group::status::last_runs) says.
    #[inline(always)]
    fn settled(active: &Option<Self::Root>) -> Option<bool> {
        let _ = active;
        None
    }

    /// When the running tree next needs a tick (Z2). Default: every tick;
    /// `tree!` asks its root.
    #[inline(always)]
    fn wake(root: &Self::Root) -> Wake {
        let _ = root;
        Wake::POLL
    }

    /// Whether the tree has `every(d)` guards, whose timers are in its
    /// persistent state: its root's [`wake`](Self::wake) leaves them to
    /// [`every_wake`](Self::every_wake).
    const EVERY: bool = false;

    /// When the earliest `every(d)` timer checked again every tick is next
    /// due (Z2), at tree-clock time `now`. Default: never.
    #[inline(always)]
    fn every_wake(ps: &Self::Persist, now: f64) -> Wake {
        let _ = (ps, now);
        Wake::NEVER
    }

    /// Halts the running tree, deepest first (C7).
    fn halt<Tr: Trace>(
        root: &mut Self::Root,
        ps: &mut Self::Persist,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    );

    /// Walks the running tree's active path, root first.
    fn visit<V: Visitor<A, W>>(root: &Self::Root, v: &mut V);

    /// Walks the running tree's active path, root first, with the agent and
    /// the context, reaching memories by `&mut`.
    fn visit_mut<V: VisitorMut<A, W>>(
        root: &mut Self::Root,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    );
}

/// Where a tree's state keeps its clock (T2): an `f64`, or `()` when no
/// node of the tree, or of a tree it references, measures time (F3).
pub trait ClockSlot {
    /// Advances the clock by `dt` seconds; the new time.
    fn advance(&mut self, dt: f32) -> f64;
    /// Advances the clock by `seconds`, the sum of frames a sleeping tree
    /// skipped (Z2).
    fn skip(&mut self, seconds: f64);
    /// The time.
    fn now(&self) -> f64;
    /// The time, to lend to hooks ([`Lent::clock`](crate::ctx::Lent::clock)).
    fn now_ref(&self) -> &f64;
}

impl ClockSlot for f64 {
    #[inline(always)]
    fn advance(&mut self, dt: f32) -> f64 {
        *self += f64::from(dt);
        *self
    }
    #[inline(always)]
    fn skip(&mut self, seconds: f64) {
        *self += seconds;
    }
    #[inline(always)]
    fn now(&self) -> f64 {
        *self
    }
    #[inline(always)]
    fn now_ref(&self) -> &f64 {
        self
    }
}

impl ClockSlot for () {
    #[inline(always)]
    fn advance(&mut self, _: f32) -> f64 {
        0.0
    }
    #[inline(always)]
    fn skip(&mut self, _: f64) {}
    #[inline(always)]
    fn now(&self) -> f64 {
        0.0
    }
    #[inline(always)]
    fn now_ref(&self) -> &f64 {
        &0.0
    }
}

/// Where a tree's state keeps its seed (D8): a `u64`, or `()` when no node
/// of the tree, or of a tree it references, draws random numbers (F3).
pub trait SeedSlot {
    /// The seed (0 when there is none).
    fn get(&self) -> u64;
    /// Sets the seed (ignored when there is none).
    fn set(&mut self, seed: u64);
}

impl SeedSlot for u64 {
    #[inline(always)]
    fn get(&self) -> u64 {
        *self
    }
    #[inline(always)]
    fn set(&mut self, seed: u64) {
        *self = seed;
    }
}

impl SeedSlot for () {
    #[inline(always)]
    fn get(&self) -> u64 {
        0
    }
    #[inline(always)]
    fn set(&mut self, _: u64) {}
}

/// `T` when `B`, else `()`: the type of a `ClockSlot` or `SeedSlot`
/// whose presence is a constant of the referenced trees ([`TreeParts::CLOCK`],
/// [`TreeParts::RNG`]), as `<Has<{ … }> as Pick<f64>>::Slot`.
pub struct Has<const B: bool>;

/// See [`Has`].
pub trait Pick<T> {
    /// `T` or `()`.
    type Slot;
}

impl<T> Pick<T> for Has<true> {
    type Slot = T;
}

impl<T> Pick<T> for Has<false> {
    type Slot = ();
}

/// FNV-1a 64 over `own` then each of `referenced`, little-endian: a
/// tree's [`TreeParts::FINGERPRINT`], from the hash of its own shape and the
/// fingerprints of the trees it references (O6), so that a change in a
/// tree declared elsewhere changes the fingerprint of every tree that
/// references it.
pub const fn fingerprint_mix(own: u64, referenced: &[u64]) -> u64 {
    if referenced.is_empty() {
        return own;
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i <= referenced.len() {
        let word = if i == 0 { own } else { referenced[i - 1] };
        let bytes = word.to_le_bytes();
        let mut j = 0;
        while j < 8 {
            h ^= bytes[j] as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
            j += 1;
        }
        i += 1;
    }
    h
}

/// The deepest of `depths`: a tree's [`TreeParts::DEPTH`], from its own
/// nodes' depths and those its references reach.
pub const fn deepest(depths: &[usize]) -> usize {
    let mut d = 0;
    let mut i = 0;
    while i < depths.len() {
        if depths[i] > d {
            d = depths[i];
        }
        i += 1;
    }
    d
}
