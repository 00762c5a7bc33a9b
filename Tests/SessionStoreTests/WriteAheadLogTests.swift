import Glibc
import Foundation
import Testing
import TestSupport
@testable import SessionStore

/// The write-ahead log removed or replaced under an open database, and what a crash
/// leaves: on a fresh temporary database each.
@Suite struct WriteAheadLogTests {
    let directory = Fixtures.temporaryDirectory("wal")
    var path: String { directory + "/sessiond.db" }

    /// The rows of table `t` in the database file at `file` alone (no WAL beside it),
    /// as a copy of it shows them.
    private func rowsInMainFile(_ file: String) throws -> Int64? {
        let copy = directory + "/main-only.db"
        for name in [copy, copy + "-wal", copy + "-shm"] { unlink(name) }
        try FileManager.default.copyItem(atPath: file, toPath: copy)
        return try Connection(path: copy).scalar("SELECT count(*) FROM t")
    }

    /// Copies the database's files as a crash would leave them (nothing closed) to
    /// `name` in the directory: the file, the wal-index and `extra` of its suffixes.
    private func crashImage(_ name: String, _ suffixes: [String]) throws -> String {
        let image = directory + "/" + name
        for suffix in ["", "-shm"] + suffixes {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: image + suffix)
        }
        return image
    }

    /// Another program opened the database after its WAL was removed and made a new one
    /// under the name: `access` finds a WAL, but not the one written. The check sees
    /// another file, and the writes are in the database file before it throws.
    @Test func aWriteAheadLogReplacedByAnotherProgramsIsNoticedAndCopied() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        // The schema in the database file, the rows in the WAL alone (the other
        // connection reads the schema, which must not be in the WAL it cannot see).
        try database.connection.execute("CREATE TABLE t (x)")
        try database.checkpoint()
        try database.connection.execute("INSERT INTO t VALUES (1)")
        try database.verifyFiles()
        unlink(path + "-wal")
        let other = try Connection(path: path)
        _ = try other.scalar("SELECT count(*) FROM sqlite_schema")
        #expect(access(path + "-wal", F_OK) == 0, "the other connection made a WAL of its own")
        try database.connection.execute("INSERT INTO t VALUES (2)")
        #expect(try rowsInMainFile(path) == 0, "both rows are in the removed WAL alone")

        var caught: StorageError?
        do { try database.verifyFiles() } catch { caught = error }
        guard case .filesChanged(_, let problem, let saved)? = caught else {
            Issue.record("no files-changed error: \(String(describing: caught))")
            return
        }
        #expect(problem == "its write-ahead log \(path)-wal was replaced by another file")
        #expect(saved, "what the removed WAL held was copied")
        #expect(try rowsInMainFile(path) == 2)
    }

    /// The WAL removed and the process killed before it could copy it: its second name
    /// keeps the frames, and the next start puts it back, which the wal-index confirms
    /// (its salt, committed frames past the copied ones).
    @Test func aLinkedWriteAheadLogIsPutBackAfterACrash() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        #expect(database.linkWriteAheadLog() == nil)
        try database.connection.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)")
        unlink(path + "-wal")

        let image = try crashImage("crashed.db", [".wal-link"])
        let lost = Database.lostWALFrames(path: image)
        #expect((lost ?? 0) >= 2, "without its second name the WAL's frames would be lost")
        #expect(Database.restoreLinkedWAL(path: image) == lost)
        #expect(access(image + ".wal-link", F_OK) != 0 && access(image + "-wal", F_OK) == 0, "renamed back")
        #expect(Database.lostWALFrames(path: image) == nil)
        #expect(try Connection(path: image).scalar("SELECT count(*) FROM t") == 2)
    }

    /// A second name whose frames the database file already holds (checkpointed) is
    /// removed, not put back over the WAL of a later run.
    @Test func aSecondNameWithNothingToRestoreIsRemoved() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        #expect(database.linkWriteAheadLog() == nil)
        try database.connection.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        #expect(try database.connection.checkpointEverything())

        let image = try crashImage("checkpointed.db", [".wal-link"])
        #expect(Database.restoreLinkedWAL(path: image) == nil)
        #expect(access(image + ".wal-link", F_OK) != 0 && access(image + "-wal", F_OK) != 0)
        #expect(try Connection(path: image).scalar("SELECT count(*) FROM t") == 1)

        // A clean stop removes it itself.
        try database.checkpointAtExit()
        #expect(access(Database.walLinkPath(path), F_OK) != 0)
    }
}
