// SPEC V2: a stimulus set has at most 64 kinds (the bits of a `Flags`):
// the 65th variant is the error.
use deciders::Stimulus;

#[derive(Clone, Copy, Stimulus)]
#[rustfmt::skip]
enum Many {
    K0, K1, K2, K3, K4, K5, K6, K7, K8, K9, K10,
    K11, K12, K13, K14, K15, K16, K17, K18, K19, K20, K21,
    K22, K23, K24, K25, K26, K27, K28, K29, K30, K31, K32,
    K33, K34, K35, K36, K37, K38, K39, K40, K41, K42, K43,
    K44, K45, K46, K47, K48, K49, K50, K51, K52, K53, K54,
    K55, K56, K57, K58, K59, K60, K61, K62, K63, K64, K65,
}

fn main() {}
