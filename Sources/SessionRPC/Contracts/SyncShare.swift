import SessionCore
import JSON

/// `sync.share`: this athlete means to share their records with a PostgreSQL role (a
/// coach); sessiond-sync writes it to the database's `sessiond_share` on its next round.
public enum SyncShare: MethodContract {
    public static let method = MethodDescription(
        name: "sync.share", summary: "Share this athlete's synced records with a PostgreSQL role (a coach); sessiond-sync carries it to the database on its next round.")

    /// The longest PostgreSQL role name (NAMEDATALEN - 1 bytes).
    public static let maximumRoleLength = 63

    /// Why `role` cannot name a PostgreSQL role, nil when it can: 1 to 63 bytes of
    /// letters, digits and `_ . @ -`, as `createuser` names are in practice.
    public static func roleProblem(_ role: String) -> String? {
        guard !role.isEmpty, role.utf8.count <= maximumRoleLength else { return "must be a role name of 1 to \(maximumRoleLength) bytes" }
        let allowed = role.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.@-".unicodeScalars.contains($0) }
        return allowed ? nil : "\"\(role)\" is no role name: letters, digits and _ . @ - only"
    }

    @CodedParams
    public struct Params: MethodParams {
        /// The role to share with.
        @Param(.string, maxLength: SyncShare.maximumRoleLength, "the PostgreSQL role (a member of sessiond_coach) to share with")
        public var role = ""

        /// Params naming `role`.
        public init(role: String) { self.role = role }

        /// The role must be a plausible role name.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            if !params.failed("role"), let problem = SyncShare.roleProblem(role) { params.fail("role", problem) }
        }
    }

    /// The role, whether it was new, and every role shared with now.
    @Coded
    public struct Result: CodedResult {
        /// The role, as given.
        public var role = ""
        /// False when it was shared with already.
        public var added = false
        /// Every role shared with now, by name.
        public var shares: [String] = []
    }
}
