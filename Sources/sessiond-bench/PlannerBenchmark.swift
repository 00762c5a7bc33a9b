import Glibc
import SessionRPC

/// The planner link's own cost: `sessionctl plan next` with a planner that answers at
/// once (`cat` of a ready reply), against what it cannot avoid doing — rendering the
/// prompt (`prompt.render` of the same week), `sessionctl plan import` of the same reply,
/// and starting the planner's shell — measured in the same run, one after the other,
/// against a daemon of its own on a fresh database (the load runs' tens of thousands of
/// sets in one week would make it measure the weekly summary instead).
enum PlannerBenchmark {
    /// A seven-day reply in a chatbot's style: prose, a fence, numbers as strings,
    /// "3x10", ranges, pounds.
    static func reply() -> String {
        let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let days = weekdays.enumerated().map { index, day in
            let exercises = (1...6).map { number in
                #"{"exercise_name": "Lift \#(index)-\#(number)", "reps": "\#(number % 2 == 0 ? "3x10" : "4 x 8-12")", "weight": "\#(20 + number * 5) lb", "rest": "60-90s"}"#
            }
            return #"{"day": "\#(day)", "focus": "Day \#(index + 1)", "exercises": [\#(exercises.joined(separator: ", "))]}"#
        }
        return "Here is your week:\n```json\n{\"planName\": \"Bench Week\", \"days\": [\(days.joined(separator: ",\n"))]}\n```\nGood luck!\n"
    }

    /// Median wall times in milliseconds: plan import, the prompt, the planner's shell
    /// alone, plan next.
    static func wallTimes(directory: String, runs: Int) throws -> (importMs: Double, promptMs: Double, shellMs: Double, nextMs: Double) {
        let socket = directory + "/planner.sock"
        let daemon = try startDaemon(socket: socket, database: directory + "/planner.db", for: "for the planner benchmark")
        defer { stop(daemon) }
        let path = directory + "/planner-reply.txt"
        try writeFile(path, reply())
        let ctl = productsDirectory() + "/sessionctl"
        let imported = try medianWallMs(ctl, ["--socket", socket, "plan", "import", "--week-start", "2027-01-04", path], runs: runs)
        let prompt = try medianWallMs(ctl, ["--socket", socket, "call", "prompt.render", #"{"weekStart": "2026-12-28"}"#], runs: runs)
        let shell = try medianWallMs("/bin/sh", ["-c", "cat '\(path)' > /dev/null"], runs: runs)
        let next = try medianWallMs(ctl, ["--socket", socket, "plan", "next", "--week", "2027-01-04", "--planner", "cat '\(path)'"], runs: runs)
        return (imported, prompt, shell, next)
    }
}
