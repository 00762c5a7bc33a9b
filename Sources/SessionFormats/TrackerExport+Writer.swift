import SessionCore
import JSON
import SessionRPC

extension TrackerExport {
    /// Writes workouts as `format` reads them back: Strong's 12-column CSV, Hevy's
    /// 14-column CSV, or the JSON export. With `archive` (the JSON export), everything a
    /// restore needs: version 2, the daemon's `timeZone`, the archive's parts, then the
    /// workouts. The same bytes as a `Writer` given them a page at a time.
    public static func write(_ workouts: [HistoryWorkout], as format: Format, archive: HistoryArchive? = nil, timeZone: String? = nil) -> String {
        var writer = Writer(format: format)
        let bytes = writer.header(archive: archive, timeZone: timeZone) + writer.workouts(workouts) + writer.trailer()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes an export a part at a time, so that a history of any size is written page
    /// by page and never held whole: the header, each page's workouts as they come, the
    /// trailer. Consecutive workouts of one start and title (the parts of a session of
    /// more sets than a workout holds) go on counting their sets as one workout.
    public struct Writer {
        public let format: Format
        /// The wall-clock time of an instant (ms) in the daemon's zone: Hevy's end time
        /// is the start's instant plus the duration, read on the clock of that moment (an
        /// hour changes at a clock change). Nil, or a workout without its instant: the
        /// start's wall-clock time plus the duration.
        public var localTime: ((Int64) -> LocalDateTime)?
        /// True once a workout was written (the JSON array's commas).
        private var wroteWorkout = false
        /// The last workout written and its sets' numbering so far, per exercise key.
        private var previous: WorkoutIdentity?
        private var numbering: [String: Int] = [:]

        public init(format: Format) {
            precondition(Format.written.contains(format), "\(format) is read, never written")
            self.format = format
        }

        /// What comes before the workouts: the JSON export's members up to its workouts
        /// array (the archive's parts with `archive`), or the CSV header line.
        public func header(archive: HistoryArchive?, timeZone: String?) -> [UInt8] {
            switch format {
            case .json, .fit:
                var writer = JSONWriter(capacity: 1 << 16)
                writer.object {
                    $0.member("format", jsonFormatName)
                    $0.member("version", archive == nil ? jsonVersions.lowerBound : jsonVersions.upperBound)
                    if let archive {
                        $0.member("timeZone", timeZone)
                        archive.encodeMembers(to: &$0)
                    }
                    $0.key("workouts")
                    $0.array { _ in }
                }
                // Up to the array's opening bracket: `]}` are the trailer's.
                return Array(writer.bytes.dropLast(2))
            case .strong:
                return line(["Date", "Workout Name", "Duration", "Exercise Name", "Set Order", "Weight", "Reps", "Distance", "Seconds", "Notes", "Workout Notes", "RPE"])
            case .hevy:
                return line(["title", "start_time", "end_time", "description", "exercise_title", "superset_id", "exercise_notes", "set_index",
                             "set_type", "weight_kg", "reps", "distance_km", "duration_seconds", "rpe"])
            }
        }

        /// What closes the file after the last workout.
        public func trailer() -> [UInt8] {
            format == .json || format == .fit ? Array("]}\n".utf8) : []
        }

        /// The bytes of `workouts`, following those written before.
        public mutating func workouts(_ workouts: [HistoryWorkout]) -> [UInt8] {
            var bytes: [UInt8] = []
            for workout in workouts {
                let identity = WorkoutIdentity(workout)
                if identity != previous { numbering = [:] }
                previous = identity
                switch format {
                case .json, .fit:
                    var writer = JSONWriter(capacity: 1 << 12)
                    writer.value(workout)
                    if wroteWorkout { bytes.append(UInt8(ascii: ",")) }
                    writer.withBytes { bytes.append(contentsOf: $0) }
                case .strong: strong(workout, into: &bytes)
                case .hevy: hevy(workout, into: &bytes)
                }
                wroteWorkout = true
            }
            return bytes
        }

        private func line(_ fields: [String]) -> [UInt8] {
            Array((CSVTable.line(fields) + "\n").utf8)
        }

        private mutating func strong(_ workout: HistoryWorkout, into bytes: inout [UInt8]) {
            let date = workout.start.description.replacingOccurrences("T", " ")
            for set in workout.sets {
                var setOrder: String
                switch set.kind {
                case .warmup: setOrder = "W"
                case .drop: setOrder = "D"
                case .failure: setOrder = "F"
                case .normal:
                    numbering[set.exercise.exerciseKey, default: 0] += 1
                    setOrder = String(numbering[set.exercise.exerciseKey] ?? 1)
                }
                bytes += line([
                    // No load (body weight) stays empty rather than 0, so it reads back as none.
                    date, workout.title, TrackerExport.strongDuration(workout.durationSeconds ?? 0), set.exercise, setOrder,
                    set.weightKg.map(TrackerExport.csvNumber) ?? "", set.reps.map(String.init) ?? "", TrackerExport.csvNumber(set.distanceM ?? 0),
                    TrackerExport.csvNumber(Double(set.durationSeconds ?? 0)), set.note ?? "", workout.note ?? "", set.rpe.map(TrackerExport.csvNumber) ?? "",
                ])
            }
        }

        private mutating func hevy(_ workout: HistoryWorkout, into bytes: inout [UInt8]) {
            let seconds = workout.durationSeconds ?? 0
            // The zone given reads the start as the workout has it, or it is not the daemon's.
            let end = if let localTime, let startMs = workout.startedAt.flatMap(RFC3339.parse), localTime(startMs) == workout.start {
                localTime(startMs + Int64(seconds) * 1000)
            } else {
                LocalDateTime(secondsAfter: workout.start, seconds)
            }
            for set in workout.sets {
                let key = set.exercise.exerciseKey
                let kind = ["normal": "normal", "warmup": "warmup", "drop": "dropset", "failure": "failure"][set.kind.rawValue] ?? "normal"
                bytes += line([
                    workout.title, TrackerExport.hevyDate(workout.start), TrackerExport.hevyDate(end), workout.note ?? "", set.exercise, set.superset ?? "",
                    set.note ?? "", String(numbering[key, default: 0]), kind, set.weightKg.map(TrackerExport.csvNumber) ?? "", set.reps.map(String.init) ?? "",
                    set.distanceM.map { TrackerExport.csvNumber($0 / 1000) } ?? "", set.durationSeconds.map(String.init) ?? "",
                    set.rpe.map(TrackerExport.csvNumber) ?? "",
                ])
                numbering[key, default: 0] += 1
            }
        }
    }

    static func strongDuration(_ seconds: Int) -> String {
        let minutes = (seconds + 30) / 60
        return minutes >= 60 ? "\(minutes / 60)h \(minutes % 60)m" : "\(minutes)m"
    }

    static func hevyDate(_ time: LocalDateTime) -> String {
        // HH:MM as LocalDateTime writes it (YYYY-MM-DDTHH:MM:SS).
        let clock = time.description.dropFirst(11).prefix(5)
        return "\(time.date.day) \(HistoryDates.months[time.date.month - 1].capitalized) \(time.date.year), \(clock)"
    }

    /// A number as the apps write it: no fraction when whole, else up to 3 decimals.
    static func csvNumber(_ value: Double) -> String {
        JSONValue.format(number: (value * 1000).rounded() / 1000)
    }
}
