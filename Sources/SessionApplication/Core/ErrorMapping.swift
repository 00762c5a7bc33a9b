import SessionCore
import SessionRPC
import SessionStore
import JSON

/// Maps every domain and storage error to a JSON-RPC error: the one place that does.
/// Application codes are grouped per domain (Core Lightning's jsonrpc_errors.h):
/// -32000…-32009 sessions, -32010…-32019 plans, -32020…-32029 sets,
/// -32030…-32039 access, -32040…-32049 history imports and backups, -32050 storage.
package enum ErrorMapping {
    static func rpcError(_ error: Error) -> RPCError {
        switch error {
        case let error as RPCError:
            return error
        case let error as SessionError:
            return map(error)
        case let error as PlanImportError:
            let count = error.errors.count
            return .application(
                .planInvalid,
                message: "The plan was refused (\(count) error\(count == 1 ? "" : "s")): " + error.errors.prefix(3).map(\.description).joined(separator: "; "),
                data: ErrorData.Problems(errors: error.errors))
        case HistoryImportError.tooManyBytesForUser(let bytes):
            return .application(.stagingFull, message: "The chunk was refused: \(HistoryImportError.tooManyBytesForUser(bytes)). Nothing was stored.",
                                data: ErrorData.Budget { $0.budgetBytes = bytes })
        case HistoryImportError.alreadyStored:
            return .application(.importRefused, message: "The chunk was refused: \(HistoryImportError.alreadyStored). What its done stored stays.")
        case let error as HistoryImportError:
            return .application(.importRefused, message: "The import was refused: \(error). Nothing was stored.")
        case let error as BackupError:
            return .application(.backupFailed, message: "The backup failed: \(error).")
        case let error as StorageError:
            // A row gone is the same error as the service's own check gives: one code,
            // one message, one data shape.
            switch error {
            case .notFound(.plan(let id)): return map(.planNotFound(id))
            case .notFound(.set(let id)): return map(.setNotFound(id))
            case .filesRescued(_, _, let to):
                return .application(.storageError, message: "The database failed: \(error). This write is in \(to) with everything before it, not in the database file.")
            default: break
            }
            return .application(.storageError, message: "The database failed: \(error). Nothing was stored.")
        default:
            return .internalError(String(describing: error))
        }
    }

    static func map(_ error: SessionError) -> RPCError {
        switch error {
        case .noActiveSession:
            return .application(.noActiveSession, message: "No session is active; start one with sessionctl start (session.start).")
        case .sessionAlreadyActive(let sessionID):
            return .application(.sessionAlreadyActive, message: "Session \(sessionID) is already active; finish or abort it first.", data: ErrorData.Session {
                $0.sessionID = sessionID
            })
        case .sessionNotFound(let sessionID):
            return .application(.sessionNotFound, message: "No session with id \(sessionID).", data: ErrorData.Session { $0.sessionID = sessionID })
        case .sessionNotActive(let sessionID):
            return .application(.sessionNotActive, message: "Session \(sessionID) is already finished.", data: ErrorData.Session {
                $0.sessionID = sessionID
            })
        case .timeBeforeSessionStart(let startedAtMs):
            return .application(.timeBeforeSessionStart, message: "The time given lies before the session started.", data: ErrorData.SessionStart(startedAtMs))
        case .planNotFound(let planID):
            return .application(.planNotFound, message: "No plan with id \(planID).", data: ErrorData.Plan { $0.planID = planID })
        case .noActivePlan:
            return .application(.noActivePlan, message: "No plan has been imported yet; import one with plan.import (sessionctl plan import FILE).")
        case .noPlanCovers(let date):
            return .application(
                .planNotFound, message: "No plan governs \(date): none was in force for it (a plan governs from the day it is activated on, or the next when that day was trained, within or after its own week).",
                data: ErrorData.Plan { $0.date = date })
        case .dayTrained(let day, let today):
            return .application(
                .dayTrained, message: "\(day) was trained already: a day trained keeps its training (its session counts for it); move a day not trained yet.",
                data: ErrorData.Day { $0.date = day; $0.today = today })
        case .dayInFuture(let day, let today):
            return .application(
                .dayInFuture, message: "\(day) is after today (\(today)): a session is started on the day it is done, or entered afterwards.",
                data: ErrorData.Day { $0.date = day; $0.today = today })
        case .implausibleSet(let doubt, let exercise):
            switch doubt {
            case .repsUnderLoad(let reps):
                return .application(
                    .implausibleSet,
                    message: "\(reps) reps of \(exercise) with a load is more than \(SetPlausibility.maximumLoadedReps): likely reps and weight swapped. Nothing was logged; confirm to store it.",
                    data: ErrorData.ImplausibleSet(exercise: exercise, reps: reps))
            case .overBest(let weight, let heaviest):
                return .application(
                    .implausibleSet,
                    message: "\(JSONValue.format(number: weight)) kg is more than twice the heaviest \(exercise) logged (\(JSONValue.format(number: heaviest)) kg). Nothing was logged; confirm to store it.",
                    data: ErrorData.ImplausibleSet(exercise: exercise, weightKg: weight, heaviestKg: heaviest))
            }
        case .sessionFull(let sessionID, let maximumSets):
            return .application(
                .sessionFull,
                message: "Session \(sessionID) holds \(maximumSets) sets, the most a session may. Nothing was logged; finish it and start another for more.",
                data: ErrorData.SessionFull { $0.sessionID = sessionID; $0.maximumSets = maximumSets })
        case .planDayNotFound(let dayID):
            return .application(.planDayNotFound, message: "No plan day with id \(dayID).", data: ErrorData.PlanDay(dayID))
        case .plannedExerciseNotFound(let exerciseID):
            return .application(.plannedExerciseNotFound, message: "No planned exercise with id \(exerciseID).", data: ErrorData.PlannedExercise(exerciseID))
        case .exerciseNotInSession(let exerciseID, let dayID):
            return .application(
                .exerciseNotInSession,
                message: "Planned exercise \(exerciseID) belongs to another plan day than the active session's; log it by name to record it off-plan.",
                data: ErrorData.NotInSession { $0.plannedExerciseID = exerciseID; $0.sessionPlanDayID = dayID })
        case .setNotFound(let setID):
            return .application(.setNotFound, message: "No set with id \(setID).", data: ErrorData.Set(setID))
        case .requestSpent(let requestID, let setID):
            return .application(.setNotFound, message: "The set requestId \(requestID) logged (id \(setID)) was removed since; nothing was logged.",
                                data: ErrorData.Set(setID))
        case .noSetToUndo:
            return .application(.noSetToUndo, message: "The active session has no set to undo.", data: ErrorData.SetsLeft())
        case .noRestTimer:
            return .application(.noRestTimer, message: "No rest timer is running: one starts after a set is logged.")
        case .fewerSetsToUndo(let asked, let have):
            return .application(.noSetToUndo, message: "The active session has \(have) set\(have == 1 ? "" : "s"), not \(asked); nothing was removed.",
                                data: ErrorData.SetsLeft { $0.sets = have })
        case .confirmationRequired(let what):
            return .application(.confirmationRequired, message: "\(what); nothing was changed. Call again with \"confirm\": true (sessionctl: --yes).")
        case .timeOutsideSession(let what, let set):
            return .application(.timeOutsideSession, message: "\(what); nothing was changed.", data: ErrorData.OutsideSession(set))
        case .noExerciseAtPosition(let position, let planned):
            let has = planned == 0 ? "The session has no planned exercises; log by name" : "The session's plan day has exercises 1 to \(planned)"
            return .application(.unknownExercise, message: "\(has), not \(position). Nothing was logged.",
                                data: ErrorData.UnknownExercise { $0.position = position; $0.plannedExercises = planned })
        case .unknownExercise(let words, let suggestions):
            let close = suggestions.first.map { "; did you mean \($0)?" } ?? "."
            return .application(
                .unknownExercise,
                message: "No exercise \"\(words)\" in the plan or your history\(close) Nothing was logged; for a new exercise, call again with \"new\": true (sessionctl: --new).",
                data: ErrorData.UnknownExercise { $0.match = words; $0.suggestions = Array(suggestions.prefix(4)) })
        case .noSuchExercise(let words, let suggestions):
            let close = suggestions.first.map { "; did you mean \($0)?" } ?? "."
            return .application(
                .unknownExercise, message: "No exercise \"\(words)\" in the catalog, your history or the plan\(close)",
                data: ErrorData.UnknownExercise { $0.match = words; $0.suggestions = Array(suggestions.prefix(4)) })
        case .exerciseRefused(let reason):
            return .application(.exerciseRefused, message: "\(reason). Nothing was changed.")
        case .aliasRefused(let alias, let reason):
            return .application(.aliasRefused, message: "\(reason). No alias was made.", data: ErrorData.Alias { $0.alias = alias })
        case .ambiguousExercise(let words, let matches):
            return .application(
                .ambiguousExercise,
                message: "\"\(words)\" matches several exercises: \(matches.map(\.name).joined(separator: ", ")). Give more of the name"
                    + (matches.contains { $0.position != nil } ? " or its position in the plan" : "") + "; nothing was changed.",
                data: ErrorData.AmbiguousExercise {
                    $0.match = words
                    $0.matches = matches.map { item in ErrorData.AmbiguousExercise.Match {
                            $0.name = item.name
                            $0.position = item.position
                            $0.plannedExerciseID = item.id
                        } }
                })
        }
    }
}
