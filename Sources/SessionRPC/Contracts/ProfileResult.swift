import SessionCore
import JSON

/// The profile as `profile.get` and `profile.set` return it.
public struct ProfileResult: CodedResult, Equatable {
    public var profile = Profile()

    public init() {}

    public init(_ profile: Profile) { self.profile = profile }

    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.members(&profile)
    }
}
