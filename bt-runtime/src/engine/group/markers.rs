//! Every policy marker in one place: the zero-sized types a composite's
//! [`Group`](super::Group) names as its policy. The status composites'
//! (C1–C4), then the deciders' (D1, D3) and the choosers' (D4–D6).

/// `sequence` (C1): the children in order until one fails.
pub struct Sequence;
/// `fallback` (C3): the children in order until one succeeds.
pub struct Fallback;
/// `reactive_sequence` (C2): every tick from the first child.
pub struct ReactiveSequence;
/// `selector` (C4): every tick from the first child, until one does not
/// fail.
pub struct Selector;
/// `priority` (D1): the first child, in order, that accepts.
pub struct Priority;
/// `sequential` (D3): the first child, in order, that accepts; once one
/// exited, only the children after it.
pub struct Sequential;
/// `random` (D4): one of the accepting children, at random, weighted by
/// score.
pub struct Random;
/// `shuffle` (D5): like `random`, among the children not chosen yet in this
/// round; when none of those accepts, a new round starts among the others
/// (each child is decided at most once per decision). The chosen child
/// joins the round.
pub struct Shuffle;
/// `scored` (D6): the accepting child with the highest score, the earliest
/// on ties.
pub struct Scored;
