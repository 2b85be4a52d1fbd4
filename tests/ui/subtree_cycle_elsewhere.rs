use deciders::Behavior;

struct Bot;
#[derive(Default)]
struct Idle;
impl Behavior<Bot> for Idle {}

mod a {
    deciders::tree! {
        pub tree Ping for super::Bot {
            sequence { idle: super::Idle, pong: subtree super::b::Pong }
        }
    }
}

mod b {
    deciders::tree! {
        pub tree Pong for super::Bot {
            sequence { idle: super::Idle, ping: subtree super::a::Ping }
        }
    }
}

fn main() {}
