import JSON

extension ExerciseHistory: JSONObjectEncodable {
    /// Kilograms to 0.1, as summaries round them.
    private static func rounded(_ kilograms: Double?) -> Double? { kilograms.map { ($0 * 10).rounded() / 10 } }

    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("name", name)
        writer.key("sessions")
        writer.array {
            for session in sessions {
                $0.object {
                    $0.member("sessionId", session.sessionID)
                    $0.member("date", session.date.description)
                    $0.member("bestOneRepMaxKg", Self.rounded(session.bestOneRepMaxKg))
                    $0.member("volumeKg", Self.rounded(session.volumeKg))
                    $0.member("countedSets", session.countedSetCount)
                    $0.key("sets")
                    $0.array {
                        for set in session.sets {
                            $0.object {
                                $0.member("setNumber", set.setNumber)
                                $0.member("kind", set.kind.rawValue)
                                $0.member("reps", set.reps)
                                $0.member("weightKg", set.weightKg)
                                $0.member("durationSeconds", set.durationSeconds)
                                $0.member("rpe", set.rpe)
                                $0.member("oneRepMaxKg", Self.rounded(set.oneRepMaxKg))
                            }
                        }
                    }
                }
            }
        }
        writer.key("weeks")
        writer.array {
            for week in weeks {
                $0.object {
                    $0.member("weekStart", week.weekStart.description)
                    $0.member("sessions", week.sessions)
                    $0.member("sets", week.sets)
                    $0.member("bestOneRepMaxKg", Self.rounded(week.bestOneRepMaxKg))
                    $0.member("volumeKg", Self.rounded(week.volumeKg))
                }
            }
        }
    }

    /// Reads the sessions `encodeMembers` writes (the weeks follow from them); a session
    /// without sets but with counted ones is a summary.
    public init(reader: JSONReader) throws(JSONReadError) {
        var sessions: [Session] = []
        for item in try reader.objects("sessions") {
            var sets: [Set] = []
            for set in try item.objects("sets") {
                sets.append(Set(setNumber: try set.int("setNumber"), kind: SetKind(rawValue: try set.string("kind")) ?? .normal,
                                reps: try set.optionalInt("reps"), weightKg: try set.optionalNumber("weightKg"),
                                durationSeconds: try set.optionalInt("durationSeconds"), rpe: try set.optionalNumber("rpe"),
                                oneRepMaxKg: try set.optionalNumber("oneRepMaxKg")))
            }
            let (id, date) = (Int64(try item.int("sessionId")), try item.date("date"))
            // A summary: the figures without the sets.
            if sets.isEmpty, let counted = try item.optionalInt("countedSets"), counted > 0 {
                sessions.append(Session(sessionID: id, date: date, bestOneRepMaxKg: try item.optionalNumber("bestOneRepMaxKg"),
                                        volumeKg: try item.optionalNumber("volumeKg") ?? 0, countedSetCount: counted))
            } else {
                sessions.append(Session(sessionID: id, date: date, sets: sets))
            }
        }
        self.init(name: try reader.string("name"), sessions: sessions)
    }
}
