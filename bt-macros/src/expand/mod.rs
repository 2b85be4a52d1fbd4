//! `expand`: the checked model → Rust code.
//!
//! Each node is first *lowered* (`lower.rs`), bottom-up, children before
//! their parent, into the typed records of `ir.rs`: a `Lowered` (what it
//! adds to the tree: its types and impls, its functions holding user
//! tokens, its persistent fields and how they are seeded, whether it needs
//! the clock or a generator, its entry in the static shape, the tree it
//! references) and a `Child` (how its parent runs it: its active state's
//! type, the code entering, ticking, halting and walking it, and its
//! runtime node type: a marker implementing `composite::Run`, through
//! which a parent composite runs it with one `match`). The file of
//! each node kind fills both from its children's `Child` records and never
//! asks another kind's file for code: `leaf.rs` (behaviors, conditions),
//! `composite.rs`, `decorator.rs`, `parallel.rs` (`parallel`, `concurrent`
//! and the control nodes), `subtree.rs`; guards are `guard.rs`. `lower.rs`
//! is the only dispatch on a node's kind. `tree.rs` concatenates the
//! records into the state type and its API, the root's `Child` into the
//! tree's `Subtree` impl. `names.rs` holds what every file shares (names
//! of generated items, hygienic locals, calls of user functions); the tree
//! as text (the state type's documentation and `OUTLINE`, each node's
//! `NodeInfo::args`) is `outline.rs`. The modules import in one direction:
//! `lower` → kind files → `names` → `ir`.
//!
//! For a tree `Creature` the generated code is:
//!
//! - in the user's module, `struct Creature`, the per-agent state: `Option`
//!   of the root's active state, the persistent state, the clock (`f64`, or
//!   `()` when no node measures time) and the seed (`u64` or `()`)
//!   (`tree.rs`); its field types are named through the runtime's
//!   `TreeParts` trait, so that they need no name in the module;
//! - in one `const _: () = { … };` block for the whole invocation, so that
//!   the macro adds no other name to the user's module (and the trees of one
//!   invocation still see each other's types, for `subtree`); its one
//!   `#[allow(non_camel_case_types, non_upper_case_globals)]` covers the
//!   generated names:
//!   - `use $crate::__private as __deciders`: the runtime, by a short name;
//!   - `static __CreatureSHAPE: [NodeInfo; N]`: the static shape (SPEC P2,
//!     I3), a table of one `node(id, name, kind, parent, depth, behavior,
//!     args, line)` row per node;
//!   - `struct __CreaturePersist`: state that outlives activations, one
//!     field per `every` timer and per decorator (its `Decorator::Persist`)
//!     (SPEC G1, F3);
//!   - `struct __CreatureRoot`: the root's active state, as held by the
//!     state type and by every `subtree Creature` reference;
//!   - per composite node `n` named `eat`: the enum of its running child,
//!     one variant per child holding that child's active state (`enum
//!     __CreatureN{n}_eat` for a plain composite, `…_eat_C` for one with a
//!     type of its own), `enum __CreatureN{n}_eat_CD` of a decided child's
//!     DBlock when a child takes one (else deciding a child returns `()`),
//!     the `impl group::Group` (deciding a child, the guards that are only
//!     that written in place; entering one, through its runtime node type
//!     and `composite::Entering`, a frame of the four parameters; the
//!     policy's marker type) and the `impl composite::Dispatch`: one
//!     `match` by `&mut` (`with`) and one by `&` (`with_ref`) handing the
//!     running child to the runtime, which ticks, halts and walks it through
//!     its marker, which child runs (`index`), the guards re-checked before
//!     a tick (`recheck`) and, for the reactive policies, `with_nth`. A
//!     plain composite's active state is the
//!     runtime's `composite::Comp` over the enum, entered, ticked, halted
//!     and walked by the runtime (`comp_*`; marker `Nest`). One with a
//!     group behavior, a rescoring interval or a `delegate` guard is a
//!     struct of its own (the running child, the behavior's memory, the
//!     timer) with an `impl composite::OwnNode` (`Init`, `enter`, `tick`,
//!     `halt`, the walks) around the runtime's policy functions (marker
//!     `Own`; `composite.rs`);
//!   - per `parallel`, `concurrent` or control node: a struct of one
//!     `Slot` field per child, its `impl group::SlotDispatch` (one `match`
//!     by `&mut` and one by `&` handing slot `i` with its child's runtime
//!     node type to the runtime, which steps, halts, restarts and walks it;
//!     entering child `i` through its guard; the children re-checked) and
//!     its `impl composite::Stepped` (every slot idle, and the runtime's
//!     policy call); the runtime's marker `Par` enters, ticks, halts and
//!     walks it (`parallel.rs`);
//!   - per decorator node: a marker type and its `impl
//!     drive::DecoratorNode` (which `Decorator`, where its persistent state
//!     is, how to enter the child) and `drive::DecoRun` (the child's
//!     runtime node type, through which the runtime ticks, halts and walks
//!     it, and `debug`, the probes of the memories; `decorator.rs`); marker
//!     `Decorated`;
//!   - per condition node: a marker type whose `composite::Check` calls
//!     the user's function (marker `Cond`, `leaf.rs`); a behavior's marker
//!     is the runtime's `Beh<Memory, id>`;
//!   - an `impl __CreatureRoot` with no lint attribute holding the other
//!     functions that contain user tokens: behavior constructors
//!     (`memory{n}`), the guards not written in their parent's `decide`
//!     (`guard{n}`, `recheck{n}`, `guard.rs`), so that the `#[allow]`s the
//!     generated code needs never cover what the user wrote (the impls
//!     holding user tokens elsewhere carry none either);
//!   - per `subtree` node `n`, `type __CreatureS{n} = path::as::Written;`:
//!     the referenced tree, named once, used through the runtime's
//!     `Subtree<Agent, World>` (SPEC S1, S3) whether it is declared in this
//!     invocation or elsewhere, and a marker type whose
//!     `composite::Reference` says where the referenced tree's persistent
//!     state is in ours; its runtime node type is `Sub<<__CreatureS{n} as
//!     Subtree<Agent, World>>::Tree, marker, n>`, the tree named at the
//!     path, so that a path that is no tree for this agent is one error
//!     there (`subtree.rs`);
//!   - `use __deciders::{ProbeDebug as _, ProbeOther as _}`: the probes
//!     through which the read-only walk hands memories, and
//!     `TreeParts::persistent` persistent state, as `Debug` (SPEC I1);
//!   - every `impl` of `Creature`: its API, `Default`, `TreeParts`,
//!     `MachineState` (its `Machine`, over which the runtime implements
//!     `Tree` once for every tree) and `Subtree` (what another tree's
//!     `subtree Creature` calls, with the `DEPTH`, `CLOCK` and `RNG`
//!     constants that size the referencing state).
//!
//! The helper types could not stay in the module as `#[doc(hidden)]` items
//! without adding names to it; they cannot be named from the state type's
//! fields either once inside the block, hence `TreeParts`.
//!
//! A leaf's active state is the behavior value itself, so the whole active
//! path is one nest of enums: a discriminant per level, no per-node records.

mod builtin;
mod composite;
mod decorator;
mod events;
mod fingerprint;
mod guard;
mod ir;
mod leaf;
mod lower;
mod names;
mod outline;
mod parallel;
mod sleep;
mod subtree;
mod tree;

use proc_macro2::TokenStream;

use crate::model::Tree;
pub use events::{events_impl, slots};
pub use names::impl_generics;
use names::local;
use names::Gen;
pub use tree::{api, machine_fns, outer_type};

/// The code for one checked tree: what goes into the user's module (the
/// state type) and what goes into the invocation's `const _` block
/// (everything else). `trees` are all the trees of the invocation, for
/// `subtree` references; `rt` is the runtime path (`Input::rt`), `alias`
/// its name inside the `const _` block.
pub fn tree(
    tree: &Tree,
    trees: &[Tree],
    rt: &TokenStream,
    alias: &TokenStream,
) -> (TokenStream, TokenStream) {
    let g = Gen::new(tree, trees, rt, alias);
    let (lowered, root) = lower::lower_all(&g);
    let tree::State { outer, inner } = tree::state(&g, &lowered, &root);
    (outer, inner)
}
