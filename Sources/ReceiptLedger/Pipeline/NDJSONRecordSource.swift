import Foundation

/// Stored results as NDJSON: one JSON object per line with the keys `id, user_id,
/// verified_at, claimed_environment, response`; `response` is an object or a string
/// holding one. Blank lines are not records and are skipped.
final class NDJSONRecordSource: RecordSource {
    let path: String
    var label: String { "NDJSON \(path)" }

    init(path: String) throws {
        self.path = path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw SourceError(message: "cannot read \(path): no such readable file")
        }
    }

    func scanRecords(_ body: (RecordKeys, FieldValue, UnsafeRawBufferPointer?) throws -> Bool) throws {
        try forEachLine { lineNumber, line in
            guard let object = Self.parseObject(line) else {
                let isJSON = (try? JSONDocument(bytes: line)) != nil
                return try body(RecordKeys(id: .null, userID: .null, verifiedAt: .null, unreadableLine: (isJSON, lineNumber)), .null, nil)
            }
            let keys = RecordKeys(id: Self.field(object["id"]), userID: Self.field(object["user_id"]),
                                  verifiedAt: Self.field(object["verified_at"]))
            let claimedEnvironment = Self.field(object["claimed_environment"])
            switch Self.response(object) {
            case .null: return try body(keys, claimedEnvironment, nil)
            case .bytes(let bytes): return try bytes.withUnsafeBytes { try body(keys, claimedEnvironment, $0) }
            }
        }
    }

    /// The `response` member: an object as its JSON text, a string as the text it holds.
    private static func response(_ object: JSONValue) -> ResponseColumn {
        guard let value = object["response"] else { return .null }
        switch value.kind {
        case .null: return .null
        case .string: return .bytes(value.document.withView { $0.stringBytes(value.index) } ?? [])
        default: return .bytes(Array(value.rawBytes))
        }
    }

    private static func parseObject(_ line: [UInt8]) -> JSONValue? {
        guard let document = try? JSONDocument(bytes: line), document.root.kind == .object else { return nil }
        return document.root
    }

    /// A JSON value as a record column: strings are text, integers integers, null or absent
    /// null; anything else keeps its JSON text so that the row check can reject it.
    static func field(_ value: JSONValue?) -> FieldValue {
        guard let value else { return .null }
        switch value.kind {
        case .null: return .null
        case .string: return .text(value.string ?? "")
        case .number:
            if let integer = value.int64 { return .integer(integer) }
            return .other(value.numberText ?? "")
        default: return .other(String(decoding: value.rawBytes, as: UTF8.self))
        }
    }

    /// Calls `body(lineNumber, bytes)` for every non-blank line, streaming the file
    /// in chunks; `\r\n` is accepted.
    private func forEachLine(_ body: (Int, [UInt8]) throws -> Bool) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SourceError(message: "cannot read \(path)", isFatal: true)
        }
        defer { try? handle.close() }
        var reader = LineReader(handle: handle)
        var lineNumber = 0
        while let line = try reader.nextLine() {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard try body(lineNumber, line) else { return }
        }
    }
}

/// Splits a file into lines without loading it whole.
struct LineReader {
    let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next `\n` resumes, so a long line is scanned once.
    private var scanned = 0
    private var atEnd = false
    static let chunkSize = 1 << 20

    init(handle: FileHandle) { self.handle = handle }

    /// The next line without its `\n` (and without a `\r` before it); nil at the end.
    mutating func nextLine() throws -> [UInt8]? {
        while true {
            if let newline = Self.firstNewline(in: buffer, from: max(start, scanned)) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                scanned = start
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                var end = buffer.count
                if buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = buffer.count
                return line
            }
            scanned = buffer.count
            if start > 0 {
                buffer.removeSubrange(0..<start)
                scanned -= start
                start = 0
            }
            let chunk = try handle.read(upToCount: Self.chunkSize) ?? Data()
            if chunk.isEmpty { atEnd = true } else { buffer.append(contentsOf: chunk) }
        }
    }

    /// The index of the first `\n` at or after `start` (memchr: lines are kilobytes long).
    private static func firstNewline(in buffer: [UInt8], from start: Int) -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            guard start < bytes.count, let base = bytes.baseAddress,
                  let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }
}
