/// How far apart two ids are as spellings: the edits (insert, delete, replace, swap of two
/// neighbours) that turn one into the other, case aside. The run's warnings use it to name the
/// catalog id an unpriced product id was probably meant to match (`pro_yarly` for `pro_yearly`).
enum SpellingDistance {
    /// Ids longer than this are not compared: the table is length × length.
    static let longestCompared = 256

    /// The distance between `a` and `b`, or nil when it is above `limit` (or an id is too long).
    static func between(_ a: String, _ b: String, limit: Int) -> Int? {
        let x = Array(a.lowercased().unicodeScalars), y = Array(b.lowercased().unicodeScalars)
        guard x.count <= longestCompared, y.count <= longestCompared, abs(x.count - y.count) <= limit else { return nil }
        guard !x.isEmpty, !y.isEmpty else { return max(x.count, y.count) <= limit ? max(x.count, y.count) : nil }
        // Optimal string alignment: three rows of the table are enough.
        var before = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        let distance = previous[y.count]
        return distance <= limit ? distance : nil
    }

    /// The edits allowed between an id and its likely meaning: one in an id of 4 to 7
    /// characters, two from 8 on; short ids (`a`, `b`) are never matched, they differ on purpose.
    static func allowedEdits(_ a: String, _ b: String) -> Int {
        min(2, max(a.unicodeScalars.count, b.unicodeScalars.count) / 4)
    }

    /// The candidate closest to `id` within the allowed edits (ties: the first in `candidates`),
    /// never `id` itself.
    static func closest(to id: String, among candidates: [String]) -> String? {
        var best: (id: String, distance: Int)?
        for candidate in candidates where candidate != id {
            let limit = min(allowedEdits(id, candidate), (best?.distance ?? 3) - 1)
            guard limit >= 0, let distance = between(id, candidate, limit: limit) else { continue }
            best = (candidate, distance)
        }
        return best?.id
    }
}
