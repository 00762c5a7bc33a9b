import SessionCore

/// The profile as `profile.get` answers and `profile.set` and an archive read it, its
/// weights checked against `Profile.Limits` when read.
extension Profile: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("goals", &goals)
        try coder.strings("equipment", &equipment)
        try coder.numbers("weightsKg", &weightsKg)
        try coder.check(weightsKg.allSatisfy(Limits.weightKg.contains), "weightsKg", "weights from 0 to 500 kg")
    }
}
