//! How generated code hands a memory or a persistent field to a visitor as
//! `Debug` when its type implements it (I1), and [`Every`], an `every(d)`
//! timer as a visitor sees it.
use crate::base::shape::NodeInfo;
use crate::base::timer::{Last, Timer};
use crate::hooks::behavior::Leaf;
use crate::hooks::decorator::Decorator;
use crate::visit::Visitor;
use core::fmt;

/// An `every(d)` timer as [`Tree::persistent`] hands it out: its interval
/// and when it last fired. Built by generated code.
#[doc(hidden)]
pub struct Every<'a>(pub &'a Timer, pub f64);

impl fmt::Debug for Every<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Every")
            .field("seconds", &self.1)
            .field("last", &Last(self.0.last()))
            .finish()
    }
}

// How generated code hands a memory to a visitor, and a persistent field
// to `persistent`, as `Debug` when its type implements it ("autoref
// specialization"): `(&memory).__behavior(v, node)` finds `ProbeDebug`'s
// method on `T` (receiver `&T`) when `T: Debug`, else `ProbeOther`'s on
// `&T`, one reference further. It works on concrete types only, which the
// generated code has; generic code cannot know.

/// What generated code does with a memory or persistent field whose type
/// implements `Debug`.
#[doc(hidden)]
pub trait ProbeDebug {
    /// [`Visitor::behavior`], then [`Visitor::memory`].
    fn __behavior<A, W, V: Visitor<A, W>>(&self, v: &mut V, node: &'static NodeInfo)
    where
        Self: Leaf<A, W>,
        Self::Memory: 'static;
    /// [`Visitor::decorator`], then [`Visitor::memory`].
    fn __decorator<A, W, V: Visitor<A, W>>(&self, v: &mut V, node: &'static NodeInfo)
    where
        Self: Decorator<A, W> + 'static;
    /// Hands the field to `f` unless it is zero-sized.
    fn __kept(&self, f: &mut dyn FnMut(&dyn fmt::Debug));
    /// The memory as `Debug`.
    fn __debug(&self) -> Option<&dyn fmt::Debug>;
}

impl<T: fmt::Debug> ProbeDebug for T {
    #[inline(always)]
    fn __behavior<A, W, V: Visitor<A, W>>(&self, v: &mut V, node: &'static NodeInfo)
    where
        T: Leaf<A, W>,
        T::Memory: 'static,
    {
        v.behavior(node, Leaf::<A, W>::memory(self));
        v.memory(node, self);
    }
    #[inline(always)]
    fn __decorator<A, W, V: Visitor<A, W>>(&self, v: &mut V, node: &'static NodeInfo)
    where
        T: Decorator<A, W> + 'static,
    {
        v.decorator(node, self);
        v.memory(node, self);
    }
    #[inline(always)]
    fn __kept(&self, f: &mut dyn FnMut(&dyn fmt::Debug)) {
        if core::mem::size_of::<T>() != 0 {
            f(self);
        }
    }
    #[inline(always)]
    fn __debug(&self) -> Option<&dyn fmt::Debug> {
        Some(self)
    }
}

/// What generated code does with a memory or persistent field of any
/// other type (through one more reference).
#[doc(hidden)]
pub trait ProbeOther {
    /// The memory's or field's type.
    type Target;
    /// [`Visitor::behavior`].
    fn __behavior<A, W, V: Visitor<A, W>>(&self, v: &mut V, node: &'static NodeInfo)
    where
        Self::Target: Leaf<A, W>,
        <Self::Target as Leaf<A, W>>::Memory: 'static;
    /// [`Visitor::decorator`].
    fn __decorator<A, W, V: Visitor<A, W>>(&self, v: &mut V, node: &'static NodeInfo)
    where
        Self::Target: Decorator<A, W> + 'static;
    /// Nothing.
    fn __kept(&self, f: &mut dyn FnMut(&dyn fmt::Debug));
    /// `None`: the memory's type does not implement `Debug` (for any
    /// lifetime: the probe is often a temporary reference).
    fn __debug<'x>(&self) -> Option<&'x dyn fmt::Debug>;
}

impl<T> ProbeOther for &T {
    type Target = T;
    #[inline(always)]
    fn __behavior<A, W, V: Visitor<A, W>>(&self, v: &mut V, node: &'static NodeInfo)
    where
        T: Leaf<A, W>,
        T::Memory: 'static,
    {
        v.behavior(node, Leaf::<A, W>::memory(*self));
    }
    #[inline(always)]
    fn __decorator<A, W, V: Visitor<A, W>>(&self, v: &mut V, node: &'static NodeInfo)
    where
        T: Decorator<A, W> + 'static,
    {
        v.decorator(node, *self);
    }
    #[inline(always)]
    fn __kept(&self, f: &mut dyn FnMut(&dyn fmt::Debug)) {
        let _ = f;
    }
    #[inline(always)]
    fn __debug<'x>(&self) -> Option<&'x dyn fmt::Debug> {
        None
    }
}
