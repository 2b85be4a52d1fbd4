// A DBlock function with the wrong signature, a DBlock function given as a
// plain decide and the other way round, and a DBlock the behavior cannot be
// built from, are reported at the function or behavior named in the tree.
use deciders::Behavior;
struct Critter {
    threat: u32,
}
/// A behavior built from a DBlock: `From<u32>`.
struct Flee {
    from: u32,
}
impl From<u32> for Flee {
    fn from(from: u32) -> Self {
        Flee { from }
    }
}
impl Behavior<Critter> for Flee {}

impl Critter {
    /// The DBlock function of `Flee`.
    fn spot(&self) -> Option<(f32, u32)> {
        (self.threat > 0).then_some((1.0, self.threat))
    }
    /// Returns the DBlock without a score.
    fn spot_unscored(&self) -> Option<u32> {
        (self.threat > 0).then_some(self.threat)
    }
    /// Returns no DBlock: a plain decide.
    fn scared(&self) -> bool {
        self.threat > 0
    }
    /// Returns a DBlock `Flee` cannot be built from.
    fn spot_name(&self) -> Option<(f32, &'static str)> {
        (self.threat > 0).then_some((1.0, "wolf"))
    }
}

deciders::tree! {
    tree Creature for Critter {
        priority {
            a: when(dblock = Critter::spot_unscored) => Flee,
            b: when(dblock = Critter::spot_name) => Flee,
            c: when(decide = Critter::spot) => Flee,
            d: when(dblock = Critter::scared) => Flee,
        }
    }
}

fn main() {
    let _ = Flee::from(0).from;
}
