// SPEC V2: `#[derive(Stimulus)]` takes a fieldless, non-generic, non-empty
// enum; anything else is an error at the offending tokens, every one in
// the same compile.
use deciders::Stimulus;

#[derive(Clone, Copy, Stimulus)]
struct Hit;

#[derive(Clone, Copy, Stimulus)]
union Raw {
    bits: u32,
}

#[derive(Clone, Copy, Stimulus)]
enum Nothing {}

#[derive(Clone, Copy, Stimulus)]
enum Generic<T: Copy> {
    Hit,
    Other(T),
}

#[derive(Clone, Copy, Stimulus)]
enum Payloads {
    Hit(u32),
    Invited { from: u32 },
    JustAte,
}

#[derive(Clone, Copy, Stimulus)]
#[stimulus(krate = deciders)]
enum Misspelt {
    Hit,
}

// The enum with errors still has its `flag`: this adds no error.
const INVITED: deciders::Flags = Payloads::Invited { from: 0 }.flag();

fn main() {
    let _ = INVITED;
}
