@testable import ReceiptLedger

/// Reading a page context in tests: `context["current"]?[0]?["net"]?.text`.
extension TemplateValue {
    subscript(_ key: String) -> TemplateValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    subscript(_ index: Int) -> TemplateValue? {
        if case .list(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    var text: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var flag: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var elements: [TemplateValue] {
        if case .list(let values) = self { return values }
        return []
    }

    /// The element of a list whose `key` reads `value`.
    func first(where key: String, is value: String) -> TemplateValue? {
        elements.first { $0[key]?.text == value }
    }
}
