/// Reads one verifyReceipt answer into a `ParsedRecord` by the rules of SPEC §3 and §8.
/// Pure: the same bytes give the same record, so answers can be read in parallel.
struct ResponseReader: Sendable {
    /// `--bundle-id` values; empty accepts every app.
    var bundleIDs: Set<String> = []
    /// Whether a repeat of a copy within an answer is left out of its record.
    var shortcut = RepeatedCopyShortcut.enabled

    /// What one thread reuses from answer to answer: the parser's tape, lookup scratch and the
    /// memo of transaction copies. Not `Sendable`: one per thread.
    ///
    /// Its variables are marked `@exclusivity(unchecked)`, which spares the reading thread the
    /// run-time check for overlapping access (a thread-local access set each time) that a
    /// class's variable passed `inout` gets on every answer and every known object. It is safe:
    /// one thread uses a scratch, and the reader's accesses are sequential (the parse that asks
    /// the memo ends before the answer is read); debug builds' tests still run with the checks
    /// of every other variable.
    final class Scratch {
        let parser = JSONParser()
        @exclusivity(unchecked) fileprivate var copies: ByteMemo<TransactionCopy>
        /// Whether the memo keeps anything (the reference reading, `--reference`, keeps nothing).
        let memoizes: Bool
        /// Product ids (one copy each per reader: every transaction keeps its product id for
        /// the whole run) and the latest original transaction id.
        @exclusivity(unchecked) fileprivate var copyTexts = CopyTexts()
        @exclusivity(unchecked) fileprivate var receiptDates = ReceiptDateFields()
        @exclusivity(unchecked) fileprivate var repeatedCopies = RepeatedCopies()
        @exclusivity(unchecked) fileprivate var found = [Int](
            repeating: -1, count: max(ResponseReader.rootKeys.count, ResponseReader.receiptKeys.count, TransactionCopy.keys.count))
        init(memoizes: Bool = true) {
            self.memoizes = memoizes
            copies = ByteMemo(byteBudget: memoizes ? Self.smallestMemoBudget : 0, largestBudget: memoizes ? Self.largestMemoBudget : 0)
        }

        /// The least and the most `sizeMemo` gives the memo of transaction copies, per thread.
        static let smallestMemoBudget = 16 << 20, largestMemoBudget = 256 << 20

        /// The bytes the memo of transaction copies may keep, set by `sizeMemo`.
        var memoBudget: Int { copies.byteBudget }

        /// Sizes the memo of transaction copies for a run that has found `transactions`
        /// distinct transactions so far, read by `readers` threads (each holding its users'
        /// history): 768 bytes per transaction, from 16 MiB up to 256 MiB per thread.
        ///
        /// A subscriber's next answer comes after those of every other active subscriber, so
        /// the memo must grow with the users for their history to be found again; memory then
        /// grows with the distinct transactions, as the rest of the journal does. The memo is
        /// exact, so its size changes the time a run takes and never what it reads.
        /// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › ResponseReader.
        func sizeMemo(forTransactions transactions: Int, readers: Int) {
            guard memoizes else { return }
            let step = 8 << 20  // whole steps, so that the budget changes seldom
            let wanted = (transactions * 768 / max(1, readers) + step - 1) / step * step
            copies.byteBudget = min(max(wanted, Self.smallestMemoBudget), Self.largestMemoBudget)
        }
    }

    /// The arrays whose objects the memo may hold: not `pending_renewal_info`, whose entries
    /// it never holds (a lookup each was wasted).
    static let copyArrays = JSONKeySet(["in_app", "latest_receipt_info"])
    static let rootKeys = JSONKeySet(["status", "receipt", "environment", "latest_receipt_info", "pending_renewal_info"])
    static let receiptKeys = JSONKeySet(["in_app", "bundle_id", "receipt_type"])

    /// Reads one answer on its own: no memo, which only pays across answers (and reserves
    /// room for hundreds of MiB).
    func read(_ response: ResponseColumn) -> ParsedRecord {
        guard case .bytes(let bytes) = response else { return read(bytes: nil, scratch: Scratch(memoizes: false)) }
        return bytes.withUnsafeBytes { read(bytes: $0, scratch: Scratch(memoizes: false)) }
    }

    /// Reads a response's bytes (nil for NULL), parsed where they are; a reading thread
    /// passes the same `scratch` for every answer it reads.
    func read(bytes response: UnsafeRawBufferPointer?, scratch: Scratch) -> ParsedRecord {
        guard let response, !response.allSatisfy(Self.isBlank) else {
            return rejected(.emptyResponse, "the response is NULL or blank")
        }
        scratch.copies.beginDocument()
        // Transaction objects the memo holds are left whole on the tape (`readEntries` takes
        // their copies from the memo): most of an answer is history read before.
        do {
            return try scratch.parser.withView(parsingInPlace: response, knownObjects: { scratch.copies.knownObject(in: $0) },
                                               knownObjectArrays: Self.copyArrays) { view in
                read(view, root: 0, scratch: scratch)
            }
        } catch {
            return rejected(.invalidJSON, "\(error.message) at byte \(error.offset)")
        }
    }

    func read(_ root: JSONValue) -> ParsedRecord {
        let scratch = Scratch(memoizes: false)
        return root.document.withView { read($0, root: root.index, scratch: scratch) }
    }

    private func read(_ view: JSONView, root: Int, scratch: Scratch) -> ParsedRecord {
        scratch.found.withUnsafeMutableBufferPointer { found in
            read(view, root: root, found: found, copies: &scratch.copies,
                 dates: &scratch.receiptDates, texts: &scratch.copyTexts, repeats: &scratch.repeatedCopies)
        }
    }

    /// The rules, on a view of the answer (`found` is scratch space for member lookups).
    private func read(_ view: JSONView, root: Int, found: UnsafeMutableBufferPointer<Int>,
                      copies: inout ByteMemo<TransactionCopy>, dates: inout ReceiptDateFields,
                      texts: inout CopyTexts, repeats: inout RepeatedCopies) -> ParsedRecord {
        guard view.kind(root) == .object else { return rejected(.notAnObject, "the response is a JSON \(view.kind(root))") }
        view.find(Self.rootKeys, in: root, into: found)
        let (statusValue, receipt, environmentValue, latestValue, renewalValue) = (found[0], found[1], found[2], found[3], found[4])
        guard statusValue >= 0, view.kind(statusValue) != .null else { return rejected(.missingStatus, "the response has no status") }
        guard let status = view.looseInteger(statusValue) else {
            return rejected(.badStatus, "status is not an integer: \(Self.excerpt(view.rawBytes(statusValue)))")
        }
        switch status {
        case StatusCode.valid, StatusCode.subscriptionExpired:
            break
        case StatusCode.sandboxReceiptSentToProduction, StatusCode.productionReceiptSentToSandbox:
            return ParsedRecord(outcome: .redirected(status: status), status: status)
        default:
            var record = rejected(.status(status), StatusCode.meaning(status))
            record.status = status
            return record
        }
        guard receipt >= 0, view.kind(receipt) == .object else {
            return rejected(.missingReceipt, "status \(status) without a receipt object", status: status)
        }
        view.find(Self.receiptKeys, in: receipt, into: found)
        let (inAppValue, bundleValue, receiptTypeValue) = (found[0], found[1], found[2])
        guard let inApp = EntryList(view, inAppValue, allowSingleObject: false) else {
            return rejected(.malformedReceipt, "receipt.in_app is a JSON \(inAppValue < 0 ? .null : view.kind(inAppValue))", status: status)
        }
        guard let latest = EntryList(view, latestValue) else {
            return rejected(.malformedReceipt, "latest_receipt_info is a JSON \(latestValue < 0 ? .null : view.kind(latestValue))", status: status)
        }
        if !bundleIDs.isEmpty, bundleValue >= 0, let bundle = view.looseText(bundleValue), !bundleIDs.contains(bundle) {
            return rejected(.foreignBundle, Self.foreignBundleDetail(bundle), status: status)
        }

        let (environment, inferred) = Self.environment(view, environmentValue, receiptTypeValue)
        var record = ParsedRecord(outcome: .accepted(environment: environment, inferred: inferred), status: status)
        record.transactions.reserveCapacity(inApp.count(view) + latest.count(view))
        repeats.beginRecord()
        let shortcut = self.shortcut
        func readEntries(_ list: StaticString, _ entries: EntryList) {
            var position = 0
            entries.forEach(view) { entry in
                let copy: TransactionCopy?
                if let number = view.knownObjectNumber(entry) {
                    copy = copies.value(number: number) ?? Self.readAlone(view.rawBytes(entry))
                } else {
                    // Only flat objects are kept: the parser may skip only those (`KnownObjects`).
                    copy = copies.value(of: view.rawBytes(entry), keep: view.isFlatObject(entry)) {
                        TransactionCopy.read(view, entry, found: found, texts: &texts)
                    }
                }
                if let copy {
                    if !shortcut.readerMayDrop(copy, repeats: &repeats) { record.transactions.append(ParsedRecord.Copy(copy)) }
                } else {
                    let isObject = view.kind(entry) == .object
                    var id = ""
                    if isObject {
                        view.find(TransactionCopy.keys, in: entry, into: found)
                        let idValue = found[TransactionCopy.Key.transactionID]
                        if idValue >= 0 { id = view.looseText(idValue) ?? "" }
                    }
                    let detail = isObject ? "\(list)[\(position)] has no transaction_id" : "\(list)[\(position)] is a JSON \(view.kind(entry))"
                    record.anomalies.append(.init(kind: .malformedTransaction, transactionID: id, detail: detail, field: "\(list)[\(position)]"))
                }
                position += 1
            }
        }
        readEntries("in_app", inApp)
        readEntries("latest_receipt_info", latest)
        // Read every time: a memo of these entries (as for the copies) costs more than reading
        // them, since the parser takes them apart anyway (Benchmarks/EXPERIMENTS.md, "Parsing").
        EntryList(view, renewalValue)?.forEach(view) { entry in
            if let info = RenewalInfo(view, entry) { record.renewals.append(info) }
        }
        record.anomalies += ReceiptDates.anomalies(in: view, receipt: receipt, scan: &dates)
        return record
    }

    /// A known object whose copy the memo no longer holds (it cannot happen: the memo forgets
    /// only between documents), read from its bytes alone.
    private static func readAlone(_ bytes: UnsafeBufferPointer<UInt8>) -> TransactionCopy? {
        guard let document = try? JSONDocument(bytes: Array(bytes)) else { return nil }
        return TransactionCopy.read(document.root)
    }

    /// SPEC §3: `environment`, else `receipt_type` (containing "sandbox" means Sandbox), else
    /// Production, inferred.
    static func environment(_ view: JSONView, _ environmentValue: Int, _ receiptType: Int) -> (Environment, Bool) {
        if environmentValue >= 0, let text = view.looseText(environmentValue), let environment = Environment(loosely: text) {
            return (environment, false)
        }
        if receiptType >= 0, let type = view.looseText(receiptType) {
            return (type.lowercased().contains("sandbox") ? .sandbox : .production, false)
        }
        return (.production, true)
    }

    /// The entries of `in_app`, `latest_receipt_info` or `pending_renewal_info`: an array's
    /// elements, absent or null as none, and except for `in_app` one object as a list of one
    /// (old answers; SPEC §4 allows that form for `latest_receipt_info`); nil for any other type
    /// (`malformed_receipt`).
    struct EntryList {
        /// Tape index of the array or the single object; -1 for none.
        private let value: Int

        init?(_ view: JSONView, _ value: Int, allowSingleObject: Bool = true) {
            guard value >= 0 else { self.value = -1; return }
            switch view.kind(value) {
            case .null: self.value = -1
            case .array: self.value = value
            case .object where allowSingleObject: self.value = value
            default: return nil
            }
        }

        func count(_ view: JSONView) -> Int {
            guard value >= 0 else { return 0 }
            return view.kind(value) == .array ? view.count(value) : 1
        }

        func forEach(_ view: JSONView, _ body: (Int) -> Void) {
            guard value >= 0 else { return }
            if view.kind(value) == .array { view.forEachElement(value, body) } else { body(value) }
        }
    }

    private func rejected(_ reason: RejectionReason, _ detail: String, status: Int64? = nil) -> ParsedRecord {
        ParsedRecord(outcome: .rejected(reason: reason, detail: detail), status: status)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    static func excerpt(_ value: JSONValue) -> String {
        value.document.withView { excerpt($0.rawBytes(value.index)) }
    }

    static func excerpt(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: raw.prefix(40), as: UTF8.self)
        return raw.count > 40 ? text + "…" : text
    }
}
