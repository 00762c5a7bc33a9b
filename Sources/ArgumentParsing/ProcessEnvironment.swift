#if canImport(Glibc)
import Glibc
#endif

/// The process's environment as a dictionary (without Foundation's ProcessInfo, which
/// would load more than the executables need).
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var count = 0
        while environ[count] != nil { count += 1 }
        // Sized once: each growth rehashes every entry.
        var environment = [String: String](minimumCapacity: count)
        var pointer = environ
        while let entry = pointer.pointee {
            // Split at the first "=" by bytes: reading each entry as Characters cost most
            // of a cold start's environment reading.
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strlen(entry))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                environment[String(decoding: bytes[..<equals], as: UTF8.self)] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            pointer += 1
        }
        return environment
    }
}
