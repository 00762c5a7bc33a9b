import JSON

extension SessionProgress.Planned: JSONObjectEncodable {
    /// Its ids and progress, then the planned exercise's own members.
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("plannedExerciseId", id)
        writer.member("position", position)
        writer.member("loggedSets", logged)
        writer.member("done", done)
        exercise.encodeMembers(to: &writer)
    }

    /// Reads the members `encodeMembers` writes (`done` follows from the counts).
    public init(reader: JSONReader) throws(JSONReadError) {
        self.init(id: try reader.id("plannedExerciseId"), position: try reader.int("position"), exercise: try PlannedExercise(reader: reader),
                  logged: try reader.int("loggedSets"))
    }
}

extension SessionProgress.OffPlan: JSONObjectEncodable {
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("name", name)
        writer.member("loggedSets", logged)
    }

    /// Reads the members `encodeMembers` writes.
    public init(reader: JSONReader) throws(JSONReadError) {
        self.init(name: try reader.string("name"), logged: try reader.int("loggedSets"))
    }
}

extension SessionProgress.Next: JSONObjectEncodable {
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("plannedExerciseId", plannedExerciseID)
        writer.member("name", name)
        writer.member("setNumber", setNumber)
        writer.member("plannedSets", plannedSets)
    }

    /// Reads the members `encodeMembers` writes.
    public init(reader: JSONReader) throws(JSONReadError) {
        self.init(plannedExerciseID: try reader.id("plannedExerciseId"), name: try reader.string("name"),
                  setNumber: try reader.int("setNumber"), plannedSets: try reader.int("plannedSets"))
    }
}
