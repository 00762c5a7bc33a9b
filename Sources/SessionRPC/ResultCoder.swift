import JSON
import SessionCore

/// A method's result declared once (`CodedObject`): its writer, a client's reader and
/// the schema `rpc.discover` lists come from its `code(_:)`.
public protocol CodedResult: CodedObject, MethodResult {}

extension CodedResult {
    /// `CodedObject`'s writing, compiled in this module: a result is then written
    /// through a writer specialised for its type, where the default of the module below
    /// runs generic code that looks its metadata up at run time (some 3,500
    /// instructions more per `session.log`).
    public func encodeMembers(to writer: inout JSONWriter) { ObjectWriter.write(self, to: &writer) }
}
