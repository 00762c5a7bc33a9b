/// How far a reader is through a file of known size, told to whoever shows it (the
/// CLI's progress line on a terminal); a reader knows nothing of where it is shown.
public protocol ReadProgress {
    /// `done` of the file's bytes are read.
    mutating func update(_ done: Int64)
    /// The read has ended, whole or not.
    mutating func finish()
}

/// The progress of a read no one watches.
public struct NoProgress: ReadProgress {
    public init() {}
    public mutating func update(_ done: Int64) {}
    public mutating func finish() {}
}

/// Makes the progress of a read named `label` (e.g. "reading export.xml") of `total`
/// bytes (0: not known).
public typealias ReadProgressMaker = (_ label: String, _ total: Int64) -> any ReadProgress
