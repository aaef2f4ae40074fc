import Testing
import Statistics
import Randomness
@testable import TextMeasurement

/// A measurer of each kind, for tests that must hold for both.
enum MeasurerKind: String, CaseIterable, CustomTestStringConvertible {
    case harfBuzz
    case approximate

    func make() throws -> any TextMeasurer {
        switch self {
        case .harfBuzz: try HarfBuzzTextMeasurer()
        case .approximate: ApproximateTextMeasurer()
        }
    }

    var testDescription: String { rawValue }
}

extension TextLayoutMetrics {
    /// The text of each line, as the character ranges select it from `text`.
    func lineTexts(of text: String) -> [String] {
        let characters = Array(text)
        return lines.map { String(characters[$0.characterRange]) }
    }
}

/// Random label-like text: words of letters, some hyphenated, some very
/// long, separated by one or more spaces, with the odd newline and accent.
func randomText(using generator: inout SplitMix64) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?'é")
    var text = ""
    for index in 0..<Int.random(in: 0...14, using: &generator) {
        if index > 0 {
            switch Int.random(in: 0..<20, using: &generator) {
            case 0: text += "\n"
            case 1: text += "  "
            default: text += " "
            }
        }
        let length = Int.random(in: 0..<10, using: &generator) == 0
            ? Int.random(in: 12...30, using: &generator)
            : Int.random(in: 1...8, using: &generator)
        for position in 0..<length {
            if position > 0, position < length - 1, Int.random(in: 0..<25, using: &generator) == 0 {
                text += "-"
            } else if Int.random(in: 0..<40, using: &generator) == 0 {
                text += "e\u{301}"  // e + combining acute: one grapheme of two scalars
            } else {
                text.append(alphabet.randomElement(using: &generator)!)
            }
        }
    }
    return text
}
