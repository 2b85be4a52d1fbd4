// A user looking for a way to build a context or a shape row by hand: rustc
// must not suggest a hidden name (`__lend`, `__new`): the runtime has none
// on a type users meet.
use deciders::{Ctx, Frame, NodeInfo, NodeKind};

fn main() {
    let mut frame = Frame::new(0.1);
    let _ctx = Ctx::lend(&mut frame);
    let _row = NodeInfo::new(0, "root", "T", NodeKind::Sequence);
    let _frame = Frame::neww(0.1);
}
