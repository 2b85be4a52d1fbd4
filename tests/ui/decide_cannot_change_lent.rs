// Deciding code reads what the context lends and the world; it cannot
// change them (SPEC P3, T2): a decide, a condition and a decorator's check
// get `&Ctx`, whose mutable accessors need `&mut Ctx`. Behaviors get
// `&mut Ctx` and may.
use deciders::{Behavior, Ctx, Status};

pub struct Critter {
    fear: f32,
}

/// The world: what behaviors emit.
#[derive(Default)]
pub struct Orders(Vec<u32>);

fn afraid(c: &Critter, ctx: &Ctx<Orders>) -> f32 {
    ctx.world_mut().0.push(1);
    c.fear + ctx.now() as f32
}

fn calm(_: &Critter, ctx: &Ctx<Orders>) -> bool {
    ctx.world_mut().0.clear();
    true
}

#[derive(Default)]
struct Flee;
impl Behavior<Critter, Orders> for Flee {
    fn tick(&mut self, _: &mut Critter, ctx: &mut Ctx<Orders>) -> Status {
        let now = ctx.now() as u32;
        ctx.world_mut().0.push(now);
        Status::Success
    }
}

deciders::tree! {
    pub tree Creature for Critter, world = Orders {
        priority {
            flee: when(decide = afraid) => Flee,
            idle: condition(calm),
        }
    }
}

fn main() {
    let _ = Creature::new();
}
