import SessionCore

extension SessionProgress.Planned: CodedObject {
    /// Its ids and progress, then the planned exercise's own members.
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.id("plannedExerciseId", &id)
        try coder.int("position", &position)
        try coder.int("loggedSets", &logged)
        // Worked out from the counts: written, and read only as a boolean.
        var done = self.done
        try coder.bool("done", &done)
        try coder.members(&exercise)
    }
}
