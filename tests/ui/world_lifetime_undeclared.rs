// A world that borrows declares its lifetimes on `world`: `world<'w> =
// Town<'w>`. A lifetime written only in the type (`world = Town<'w>`), or
// elided (`'_`), is one error at the lifetime that shows the header to
// write; code using the tree reports nothing more.
use deciders::{Behavior, Frame};

pub struct Mayor;
pub struct Town<'w> {
    pub crowd: &'w mut u32,
}
pub struct Map<'m>(pub &'m [u8]);
#[derive(Default)]
struct Greet;
impl<'w> Behavior<Mayor, Town<'w>> for Greet {}
impl<'a, 'm> Behavior<Mayor, (Town<'a>, Map<'m>)> for Greet {}

deciders::tree! {
    pub tree Parade for Mayor, world = Town<'w> {
        Greet
    }
    pub tree Elided for Mayor, world = Town<'_> {
        Greet
    }
    // One declared, one not.
    pub tree Tour for Mayor, world<'a> = (Town<'a>, Map<'m>) {
        Greet
    }
}

fn main() {
    let mut crowd = 0;
    let mut frame = Frame::new(0.1).with_world(Town { crowd: &mut crowd });
    let _ = Parade::new().tick(&mut Mayor, &mut frame);
    let _ = Elided::new().tick(&mut Mayor, &mut frame);
}
