import SessionCore
import SessionRPC
import SessionStore
import SessionSystem

/// The health values and the profile: `health.record`, `health.list`, `health.import`,
/// `profile.get` and `profile.set`, over the health and profile stores, at the time of
/// the request served (`ServiceFeature`). Reached as `service.health`.
struct HealthFeature: ServiceFeature {
    /// The service whose database, clock, request time and staged imports it works with.
    let service: SessionService

    /// `health.record`. A retry with the same requestId returns the first sample and
    /// stores nothing.
    func recordHealth(_ params: HealthRecord.Params) throws -> HealthRecord.Result {
        if let requestID = params.requestID, let earlier = try database.health.healthSample(requestID: requestID) {
            return HealthRecord.Result { $0.sampleID = earlier.id; $0.type = earlier.type; $0.value = earlier.value; $0.date = earlier.date }
        }
        let recordedAt = params.time?.ms ?? nowMs
        let day = params.date ?? clock.localDate(atMs: recordedAt)
        let id = try database.health.insertHealthSample(type: params.type, value: params.value, date: day, recordedAtMs: recordedAt, source: params.source,
                                                        requestID: params.requestID)
        return HealthRecord.Result { $0.sampleID = id; $0.type = params.type; $0.value = params.value; $0.date = day }
    }

    /// `health.list`: each day's latest sample of each type.
    func dailyHealth(_ params: HealthList.Params) throws -> HealthList.Result {
        ResultList(try database.health.dailyHealth(type: params.type, from: params.from, to: params.to, limit: params.limit ?? HealthList.rows.upperBound)
            .map { item in HealthList.Value {
                $0.type = item.type
                $0.date = item.date
                $0.value = item.value
                $0.source = item.source
                $0.samples = item.samples
            } })
    }

    /// `profile.set`: the fields given replace the stored ones.
    func setProfile(_ params: ProfileSet.Params) throws -> ProfileResult {
        var profile = try database.profile.profile()
        if let goals = params.goals { profile.goals = goals }
        if let equipment = params.equipment { profile.equipment = equipment }
        if let weightsKg = params.weightsKg { profile.weightsKg = weightsKg.sorted() }
        try database.profile.setProfile(profile, updatedAtMs: nowMs)
        return ProfileResult(profile)
    }
}

extension HealthFeature {
    /// The health and profile methods.
    static let routes: [DaemonRoute] = [
        DaemonRoute(HealthRecord.self) { params, service in Outcome(try service.health.recordHealth(params)) },
        DaemonRoute(HealthList.self) { params, service in Outcome(try service.health.dailyHealth(params)) },
        DaemonRoute(ProfileGet.self) { _, service in Outcome(ProfileResult(try service.database.profile.profile())) },
        DaemonRoute(ProfileSet.self) { params, service in Outcome(try service.health.setProfile(params)) },
    ]
}
