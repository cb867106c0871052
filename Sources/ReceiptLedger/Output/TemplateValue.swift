/// The data a template renders: an explicit tree built in code, never reflection (STYLE
/// "Templates").
///
/// Truth in `{{#name}}` sections (the Mustache spec's reading, for the kinds this tree has):
/// `.bool` by its value; `.list` when non-empty, once per element; `.object` when it has at least
/// one key; `.string` when non-empty. Numbers are strings here (`.int(0)` is the text `"0"`, so it
/// is true); a page that must hide a zero count gets an explicit `.bool` from the code.
indirect enum TemplateValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// A whole number as decimal text.
    static func int(_ value: Int) -> TemplateValue { .string(String(value)) }

    /// A whole number as decimal text.
    static func int(_ value: Int64) -> TemplateValue { .string(String(value)) }

    /// Whether a `{{#…}}` section renders for this value (see the type's documentation).
    var isTruthy: Bool {
        switch self {
        case .string(let text): !text.isEmpty
        case .bool(let value): value
        case .list(let elements): !elements.isEmpty
        case .object(let members): !members.isEmpty
        }
    }

    /// The kind's name for error messages.
    var kindName: String {
        switch self {
        case .string: "text"
        case .bool: "a boolean"
        case .list: "a list"
        case .object: "an object"
        }
    }
}

extension TemplateValue: ExpressibleByStringInterpolation {
    init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// An object; a key given twice keeps its last value.
    init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
