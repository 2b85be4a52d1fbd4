//! [`Policy`]: how each policy marker (`markers.rs`) maps to the functions
//! of its family (`decider.rs`, `chooser.rs`, `status.rs`) on entry and on
//! each tick.
use crate::base::shape::NodeInfo;
use crate::base::status::Status;
use crate::ctx::Ctx;
use crate::engine::group::chooser::{chooser_enter, chooser_tick, RandomGroup, ShuffleGroup};
use crate::engine::group::decider::decider_enter;
use crate::engine::group::decider::{priority_tick, sequential_tick};
use crate::engine::group::markers::{
    Fallback, Priority, Random, ReactiveSequence, Scored, Selector, Sequence, Sequential, Shuffle,
};
use crate::engine::group::status::status_enter;
use crate::engine::group::status::{reactive_tick, resume_tick};
use crate::engine::group::Group;
use crate::engine::protocol::Entered;
use crate::trace_hook::Trace;

/// How a composite chooses among its children: on entry ([`start`]) and
/// on each tick ([`step`]). Implemented by the policies' marker types,
/// which a composite's [`Group`] names ([`Group::Policy`]).
///
/// [`start`]: Policy::start
/// [`step`]: Policy::step
pub trait Policy<G: Group<P, A, W>, P, A, W> {
    /// The composite's first decision or walk, on entry.
    fn start<Tr: Trace>(
        node: &'static NodeInfo,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<G::Active>;

    /// One tick, with `active` the running child: the composite's status
    /// before its own exit bookkeeping.
    fn step<Tr: Trace>(
        active: &mut G::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status;
}

/// `priority` and `sequential`: their own passes on entry
/// (`decider_enter`, told whether it is sequential) and on each tick.
macro_rules! decider_policy {
    ($policy:ident, $sequential:literal, $tick:ident) => {
        impl<G: Group<P, A, W>, P, A, W> Policy<G, P, A, W> for $policy {
            #[inline(always)]
            fn start<Tr: Trace>(
                node: &'static NodeInfo,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Entered<G::Active> {
                decider_enter::<G, P, A, W, Tr>($sequential, node, ps, agent, ctx, tr)
            }
            #[inline(always)]
            fn step<Tr: Trace>(
                active: &mut G::Active,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Status {
                $tick::<G, P, A, W, Tr>(active, ps, agent, ctx, tr)
            }
        }
    };
}

decider_policy!(Priority, false, priority_tick);
decider_policy!(Sequential, true, sequential_tick);

/// `random`, `shuffle` and `scored` (without a rescoring interval): every
/// decision through the group's chooser.
macro_rules! chooser_policy {
    ($policy:ident, $bound:ident) => {
        impl<G: $bound<P, A, W>, P, A, W> Policy<G, P, A, W> for $policy {
            #[inline(always)]
            fn start<Tr: Trace>(
                node: &'static NodeInfo,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Entered<G::Active> {
                chooser_enter::<G, $policy, P, A, W, Tr>(node, ps, agent, ctx, tr)
            }
            #[inline(always)]
            fn step<Tr: Trace>(
                active: &mut G::Active,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Status {
                chooser_tick::<G, $policy, P, A, W, Tr>(active, ps, agent, ctx, tr)
            }
        }
    };
}

chooser_policy!(Random, RandomGroup);
chooser_policy!(Shuffle, ShuffleGroup);
chooser_policy!(Scored, Group);

/// The status composites: a walk from the first child on entry, with
/// `cont` the status that goes on to the next child; on each tick, the
/// running child resumed (`resume_tick`) or every child from the first
/// (`reactive_tick`).
macro_rules! status_policy {
    ($policy:ident, $cont:ident, $tick:ident) => {
        impl<G: Group<P, A, W>, P, A, W> Policy<G, P, A, W> for $policy {
            #[inline(always)]
            fn start<Tr: Trace>(
                _: &'static NodeInfo,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Entered<G::Active> {
                status_enter::<G, P, A, W, Tr>(Status::$cont, ps, agent, ctx, tr)
            }
            #[inline(always)]
            fn step<Tr: Trace>(
                active: &mut G::Active,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Status {
                $tick::<G, P, A, W, Tr>(Status::$cont, active, ps, agent, ctx, tr)
            }
        }
    };
}

status_policy!(Sequence, Success, resume_tick);
status_policy!(Fallback, Failure, resume_tick);
status_policy!(ReactiveSequence, Success, reactive_tick);
status_policy!(Selector, Failure, reactive_tick);
