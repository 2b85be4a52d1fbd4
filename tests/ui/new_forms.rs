use deciders::Behavior;

#[derive(Default)]
struct Act;
impl Behavior<()> for Act {}

fn mode(_: &()) -> u8 {
    0
}

deciders::tree! {
    tree TooWide for () {
        shuffle { a0: Act, a1: Act, a2: Act, a3: Act, a4: Act, a5: Act, a6: Act, a7: Act, a8: Act, a9: Act, a10: Act, a11: Act, a12: Act, a13: Act, a14: Act, a15: Act, a16: Act, a17: Act, a18: Act, a19: Act, a20: Act, a21: Act, a22: Act, a23: Act, a24: Act, a25: Act, a26: Act, a27: Act, a28: Act, a29: Act, a30: Act, a31: Act, a32: Act, a33: Act, a34: Act, a35: Act, a36: Act, a37: Act, a38: Act, a39: Act, a40: Act, a41: Act, a42: Act, a43: Act, a44: Act, a45: Act, a46: Act, a47: Act, a48: Act, a49: Act, a50: Act, a51: Act, a52: Act, a53: Act, a54: Act, a55: Act, a56: Act, a57: Act, a58: Act, a59: Act, a60: Act, a61: Act, a62: Act, a63: Act, a64: Act }
    }
    tree BadRescore for () {
        scored(rescore = 0) { Act }
    }
    tree NoCase for () {
        switch(mode) {}
    }
    tree OneChild for () {
        if_then_else { Act }
    }
    tree FourChildren for () {
        while_do_else { a: Act, b: Act, c: Act, d: Act }
    }
}

fn main() {}
