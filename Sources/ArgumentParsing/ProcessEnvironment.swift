import Glibc

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

extension ProcessEnvironment {
    /// Opens /dev/null on each of the standard descriptors 0, 1 and 2 that the process
    /// was started without (`cmd >&-`), before anything else is opened: the socket or
    /// file opened next would otherwise take that number, and a write meant for
    /// standard output would go to the daemon as a request, or into a file. Standard
    /// input is opened for writing and the others for reading, so that using them fails
    /// (EBADF) as using a closed descriptor does, and the program says so; a child
    /// started later inherits them as they are.
    public static func reserveStandardDescriptors() {
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // The lowest number free: this one, the lower ones being open by now.
            _ = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
        }
    }
}
