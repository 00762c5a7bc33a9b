import JSON
import SessionCore

extension SessionProgress.Planned: CodedObject {
    /// Its ids and progress, then the planned exercise's own members.
    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.id("plannedExerciseId", &id)
        try coder.int("position", &position)
        try coder.int("loggedSets", &logged)
        // Worked out from the counts: written, and read only as a boolean.
        var done = self.done
        try coder.bool("done", &done)
        try coder.members(&exercise)
    }
}

extension SessionProgress.OffPlan: CodedObject {
    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.string("name", &name)
        try coder.int("loggedSets", &logged)
    }
}

extension SessionProgress.Next: CodedObject {
    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.id("plannedExerciseId", &plannedExerciseID)
        try coder.string("name", &name)
        try coder.int("setNumber", &setNumber)
        try coder.int("plannedSets", &plannedSets)
    }
}
