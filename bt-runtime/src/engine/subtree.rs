//! `subtree PATH` (S1–S3): [`Sub`], the runtime node type of a reference to
//! another tree, which runs the referenced tree's root inside the
//! referencing one through [`Subtree`](super::definition::Subtree).
use crate::base::status::Status;
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::engine::definition::Subtree;
use crate::engine::protocol::Entered;
use crate::engine::protocol::{Run, Shaped, Start};
use crate::engine::renamed::Renamed;
use crate::trace_hook::Trace;
use crate::visit::{Visitor, VisitorMut};
use core::fmt::Debug;
use core::marker::PhantomData;

/// A `subtree` reference of a tree whose persistent state is `P`: where
/// the referenced tree's persistent state lives in `P`. Implemented by the
/// generated marker type of each `subtree` node.
pub trait Reference<P> {
    /// The referenced tree's persistent state.
    type Persist;
    /// The referenced tree's persistent state, in ours.
    fn persist(ps: &mut P) -> &mut Self::Persist;
}

/// The [`Run`] marker of `subtree` reference `ID` (marker type `R`) of its
/// tree to tree `T` (S1–S3): run by `T`'s [`Subtree`] functions over its
/// persistent state in ours ([`Reference`]), its root reported as the
/// reference in traces and walks ([`Renamed`]). The generated code names
/// `T` as `<Path as Subtree<Agent, World>>::Tree`, so that a path that is
/// no tree for this agent and world is reported once, at the path.
pub struct Sub<T, R, const ID: u16>(PhantomData<fn() -> (T, R)>);

impl<P, A, W, T, R, const ID: u16> Run<P, A, W> for Sub<T, R, ID>
where
    P: Shaped,
    T: Subtree<A, W>,
    R: Reference<P, Persist = T::Persist>,
{
    type Active = T::Root;
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut T::Root,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        let tr = &mut Renamed::new(tr, T::shape(), &P::shape()[usize::from(ID)]);
        T::tick(active, R::persist(ps), agent, ctx, tr)
    }
    #[inline]
    fn halt<Tr: Trace>(
        active: &mut T::Root,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) {
        let tr = &mut Renamed::new(tr, T::shape(), &P::shape()[usize::from(ID)]);
        T::halt(active, R::persist(ps), agent, ctx, tr);
    }
    fn visit<V: Visitor<A, W>>(active: &T::Root, _: Option<&dyn Debug>, v: &mut V) {
        T::visit(
            active,
            &mut Renamed::new(v, T::shape(), &P::shape()[usize::from(ID)]),
        );
    }
    fn visit_mut<V: VisitorMut<A, W>>(
        active: &mut T::Root,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        let v = &mut Renamed::new(v, T::shape(), &P::shape()[usize::from(ID)]);
        T::visit_mut(active, v, agent, ctx);
    }
    /// The subtree's own (its `SLEEP`), unless the path above the
    /// reference polls. A subtree with `every(d)` guards polls: its
    /// timers, in its persistent state, are not at hand here.
    #[inline(always)]
    fn wake(active: &T::Root) -> Wake {
        if P::shape()[usize::from(ID)].polls || T::EVERY {
            Wake::POLL
        } else {
            T::wake(active)
        }
    }
}

impl<P, A, W, T, R, const ID: u16> Start<P, A, W> for Sub<T, R, ID>
where
    P: Shaped,
    T: Subtree<A, W>,
    R: Reference<P, Persist = T::Persist>,
{
    type Init = ();
    #[inline(always)]
    fn enter<Tr: Trace>(
        _: (),
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<T::Root> {
        let tr = &mut Renamed::new(tr, T::shape(), &P::shape()[usize::from(ID)]);
        T::enter(R::persist(ps), agent, ctx, tr)
    }
}
