import SessionCore

/// A method's result declared once (`CodedObject`): its writer, a client's reader and
/// the schema `rpc.discover` lists come from its `code(_:)`.
public protocol CodedResult: CodedObject, MethodResult {}
