/// A message as one line of stderr: line breaks and other control characters from the input
/// (a file name, a SQL error quoting the query) are shown escaped.
package enum OneLine {
    package static func escaped(_ message: String) -> String {
        var line = ""
        for scalar in message.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                line += scalar == "\n" ? "\\n" : scalar == "\t" ? "\\t" : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        return line
    }
}
