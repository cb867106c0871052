/// The forms of a date field read straight from an answer's bytes (SPEC §2, §8 "Timestamps"),
/// with the same rules as `TimestampForms.resolve()` (which reads `TimestampInput`s) but without
/// building a `String` for each form: a transaction copy has a dozen forms, and answers hold
/// millions of copies.
extension JSONView {
    /// The value at `index` as the `X_ms` form: an integer, or a digit string (ASCII whitespace
    /// around it allowed); nil for anything else, which is ignored (not sent, no finding).
    /// JSON `null` counts as absent.
    func millisFormReading(_ index: Int) -> TimestampReading? {
        switch kind(index) {
        case .number:
            return int64(index).map(TimestampForms.readable)
        case .string:
            return withString(index) { text in TimestampForms.isDigitString(text) ? TimestampText.parse(text) : nil } ?? nil
        default:
            return nil
        }
    }

    /// The value at `index` as a text form (`X`, `X_formatted`, `X_pst`, `X_formatted_pst`): a
    /// timestamp text, or an integer read as ms; any other value was sent but is unreadable.
    /// JSON `null` counts as absent (nil).
    func textFormReading(_ index: Int) -> TimestampReading? {
        switch kind(index) {
        case .null:
            return nil
        case .string:
            return withString(index) { TimestampText.parse($0) }
        case .number:
            return int64(index).map(TimestampForms.readable) ?? .unreadable
        default:
            return .unreadable
        }
    }

    /// The date field whose forms' values are at the tape indices `forms` (-1: absent), resolved:
    /// Apple's usual three forms by `AppleTimestampTriple` when they say exactly the same, every
    /// other case by `TimestampForms.resolve`.
    func timestamp(_ forms: TimestampKeyPositions) -> TimestampFieldReading {
        if forms.formatted < 0, forms.formattedPST < 0, forms.ms >= 0, forms.text >= 0, forms.pst >= 0,
           let ms = unescapedString(forms.ms), let text = unescapedString(forms.text), let pst = unescapedString(forms.pst),
           let reading = AppleTimestampTriple.reading(ms: ms, text: text, pst: pst) {
            return reading
        }
        return TimestampForms.resolve(ms: forms.ms < 0 ? nil : millisFormReading(forms.ms),
                               text: forms.text < 0 ? nil : textFormReading(forms.text),
                               formatted: forms.formatted < 0 ? nil : textFormReading(forms.formatted),
                               pst: forms.pst < 0 ? nil : textFormReading(forms.pst),
                               formattedPST: forms.formattedPST < 0 ? nil : textFormReading(forms.formattedPST))
    }
}

/// Where the five forms of one date field sit: positions in a `JSONKeySet` made with
/// `keys(of:)`, or tape indices of the values found.
struct TimestampKeyPositions: Equatable {
    var ms: Int
    var text: Int
    var formatted: Int
    var pst: Int
    var formattedPST: Int

    /// The five keys of the date field `name`, in the order of `TimestampKeyPositions(startingAt:)`.
    static func keys(of name: String) -> [String] {
        [name + "_ms", name, name + "_formatted", name + "_pst", name + "_formatted_pst"]
    }

    init(ms: Int, text: Int, formatted: Int, pst: Int, formattedPST: Int) {
        self.ms = ms
        self.text = text
        self.formatted = formatted
        self.pst = pst
        self.formattedPST = formattedPST
    }

    /// The position of form `index` (0 `_ms` … 4 `_formatted_pst`).
    subscript(index: Int) -> Int {
        get {
            switch index {
            case 0: ms
            case 1: text
            case 2: formatted
            case 3: pst
            default: formattedPST
            }
        }
        set {
            switch index {
            case 0: ms = newValue
            case 1: text = newValue
            case 2: formatted = newValue
            case 3: pst = newValue
            default: formattedPST = newValue
            }
        }
    }

    /// The positions of a field whose `keys(of:)` were added to a key set at `first`.
    init(startingAt first: Int) {
        ms = first
        text = first + 1
        formatted = first + 2
        pst = first + 3
        formattedPST = first + 4
    }
}
