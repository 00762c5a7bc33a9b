/// Declarations written once, from which the compiler writes the rest: the macros
/// `SessionMacrosPlugin` expands (docs/development.md, "Macros"). The coding ones are
/// declared beside the coders they write for: `@Coded` in SessionCore (`MemberCoder`),
/// `@CodedParams` in SessionRPC (`ParamsCoder`).

/// The memberwise initialiser, with the type's access: one parameter per stored property
/// in declared order, a `var`'s initial value its default.
@attached(member, names: named(init))
public macro Memberwise() = #externalMacro(module: "SessionMacrosPlugin", type: "MemberwiseMacro")
