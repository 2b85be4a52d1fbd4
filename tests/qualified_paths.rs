//! Behaviors named by a path in the tree: a tuple struct or a struct
//! literal from another module (`lines::Say("hi")`, `lines::Shout { .. }`),
//! an associated constructor (`moves::Walk::new(2)`), an enum variant
//! (`moves::Mode::Run(3)`), and a node named with a raw identifier
//! (`r#loop:`, named `loop`).

use deciders::{Frame, NodeInfo, Status};

#[derive(Default)]
struct Bot {
    said: Vec<String>,
}

mod lines {
    use super::Bot;
    use deciders::{Behavior, Ctx, Status};

    pub struct Say(pub &'static str);
    impl Behavior<Bot> for Say {
        fn tick(&mut self, bot: &mut Bot, _: &mut Ctx) -> Status {
            bot.said.push(self.0.to_string());
            Status::Success
        }
    }

    pub struct Shout {
        pub text: &'static str,
    }
    impl Behavior<Bot> for Shout {
        fn tick(&mut self, bot: &mut Bot, _: &mut Ctx) -> Status {
            bot.said.push(self.text.to_uppercase());
            Status::Success
        }
    }
}

mod moves {
    use super::Bot;
    use deciders::{Behavior, Ctx, Status};

    pub struct Walk(u32);
    impl Walk {
        pub fn new(steps: u32) -> Self {
            Walk(steps)
        }
    }
    impl Behavior<Bot> for Walk {
        fn tick(&mut self, bot: &mut Bot, _: &mut Ctx) -> Status {
            bot.said.push(format!("walk {}", self.0));
            Status::Success
        }
    }

    pub enum Mode {
        Run(u32),
        Hide { spot: &'static str },
    }
    impl Behavior<Bot> for Mode {
        fn tick(&mut self, bot: &mut Bot, _: &mut Ctx) -> Status {
            bot.said.push(match self {
                Mode::Run(n) => format!("run {n}"),
                Mode::Hide { spot } => format!("hide {spot}"),
            });
            Status::Success
        }
    }
}

deciders::tree! {
    tree Talk for Bot {
        sequence {
            crate::lines::Say("hi"),
            lines::Shout { text: "hey" },
            moves::Walk::new(2),
            moves::Mode::Run(3),
            r#loop: moves::Mode::Hide { spot: "bush" },
        }
    }
}

#[test]
fn qualified_constructors_build_their_behaviors() {
    let mut bot = Bot::default();
    let mut t = Talk::new();
    assert_eq!(t.tick(&mut bot, &mut Frame::new(0.1)), Status::Success);
    assert_eq!(bot.said, ["hi", "HEY", "walk 2", "run 3", "hide bush"]);
}

#[test]
fn a_raw_identifier_names_the_node_without_its_prefix() {
    let names: Vec<&str> = Talk::shape().iter().map(|n: &NodeInfo| n.name).collect();
    assert!(names.contains(&"loop"), "{names:?}");
    assert!(!names.iter().any(|n| n.contains('#')), "{names:?}");
}
