import SessionCore
import JSON

/// The profile as `profile.get` and `profile.set` return it.
@Coded
public struct ProfileResult: CodedResult, Equatable {
    @Member(.members) public var profile = Profile()

    public init(_ profile: Profile) { self.profile = profile }
}
