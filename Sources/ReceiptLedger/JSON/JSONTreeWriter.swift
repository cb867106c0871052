import Foundation

/// Writes the value tree `JSONSerialization` made of a `FoundationJSON.tagged` input as a
/// `JSONDocument`: canonical bytes and the tape entries over them, as `JSONTapeBuilder` would
/// leave them for those bytes, so that `JSONView` reads the tree like any parsed document.
///
/// A writer, not a parser: it walks the tree and writes. Canonical means no whitespace, the
/// members of an object in the order of their keys (a dictionary keeps no order, and no rule
/// reads one: docs/DECISIONS.md), numbers as their literals, strings escaped only
/// where JSON must (`JSONStringEncoder`). Iterative, like the parser: nesting is
/// bounded by `maxDepth`, not by the thread's stack.
struct JSONTreeWriter {
    private var bytes: [UInt8] = []
    private let tape = JSONTape(capacity: 64)

    /// An object or array being written: its tape entry and its children (an object's members
    /// with their keys, an array's elements), of which the first `written` are.
    private struct Open {
        let index: Int
        let members: [(key: String, value: Any)]
        let elements: [Any]
        var written = 0

        var count: Int { members.count + elements.count }
    }

    /// The document of `tree`; nil when it holds what a tagged input cannot give (an untagged
    /// string, a number, another type) or more than `maxDepth` nested containers.
    static func document(_ tree: Any, maxDepth: Int) -> JSONDocument? {
        var writer = JSONTreeWriter()
        guard writer.write(tree, maxDepth: maxDepth) else { return nil }
        return JSONDocument(parsedBytes: writer.bytes, tape: writer.tape)
    }

    private mutating func write(_ root: Any, maxDepth: Int) -> Bool {
        var open: [Open] = []
        var next: Any? = root
        while true {
            if let value = next {
                next = nil
                // Strings first: most values are (numbers too reach Foundation as strings).
                switch value {
                case let text as String:
                    guard writeTagged(text, isKey: false) else { return false }
                case let object as [String: Any]:
                    guard open.count < maxDepth else { return false }
                    // `String` order, which for the (ASCII) keys of answers is their bytes' order.
                    open.append(Open(index: begin(.object), members: object.sorted { $0.key < $1.key }, elements: []))
                case let array as [Any]:
                    guard open.count < maxDepth else { return false }
                    open.append(Open(index: begin(.array), members: [], elements: array))
                case let literal as NSNumber:
                    // Numbers reach Foundation as strings (`FoundationJSON.tagged`): this is
                    // `true` or `false`, which Foundation gives as a boolean NSNumber ("c").
                    guard literal.objCType[0] == CChar(UInt8(ascii: "c")), literal.objCType[1] == 0 else { return false }
                    let isTrue = literal.boolValue
                    writeScalar(isTrue ? "true" : "false", kind: .bool, flags: isTrue ? .isTrue : [])
                case is NSNull:
                    writeScalar("null", kind: .null, flags: [])
                default:
                    return false
                }
            }
            guard var container = open.popLast() else { return true }
            if container.written == container.count {
                bytes.append(tape[container.index].kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                tape.close(container.index, end: bytes.count, count: container.count)
                continue
            }
            if container.written > 0 { bytes.append(UInt8(ascii: ",")) }
            if container.elements.isEmpty {
                let member = container.members[container.written]
                guard writeTagged(member.key, isKey: true) else { return false }
                bytes.append(UInt8(ascii: ":"))
                next = member.value
            } else {
                next = container.elements[container.written]
            }
            container.written += 1
            open.append(container)
        }
    }

    /// Opens a container: its entry (completed by `JSONTape.close`) and its bracket.
    private mutating func begin(_ kind: JSONKind) -> Int {
        let index = tape.append(JSONTapeEntry(kind: kind, start: bytes.count, end: bytes.count, next: 0))
        bytes.append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return index
    }

    /// A string as `FoundationJSON.tagged` left it: `s` and a string's text, or (not for a key)
    /// `n` and a number's literal, already checked against RFC 8259's grammar.
    private mutating func writeTagged(_ text: String, isKey: Bool) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            guard let tag = utf8.first else { return false }
            let rest = UnsafeBufferPointer(rebasing: utf8.dropFirst())
            switch tag {
            case FoundationJSON.stringTag:
                writeString(rest)
            case FoundationJSON.numberTag where !isKey:
                let isInteger = !rest.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
                let start = bytes.count
                bytes += rest
                tape.append(JSONTapeEntry(kind: .number, start: start, end: bytes.count, next: tape.count + 1,
                                          flags: isInteger ? .isInteger : []))
            default:
                return false
            }
            return true
        }
    }

    /// A string's text in quotes, escaped where JSON must (`JSONStringEncoder`).
    private mutating func writeString(_ utf8: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        let escaped = JSONStringEncoder.append(utf8, to: &bytes)
        tape.append(JSONTapeEntry(kind: .string, start: start, end: bytes.count, next: tape.count + 1, flags: escaped ? .hasEscapes : []))
    }

    private mutating func writeScalar(_ text: StaticString, kind: JSONKind, flags: JSONTapeEntry.Flags) {
        let start = bytes.count
        bytes += UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        tape.append(JSONTapeEntry(kind: kind, start: start, end: bytes.count, next: tape.count + 1, flags: flags))
    }
}
