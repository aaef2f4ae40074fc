import ArgumentParser
import Foundation
import Harness

extension ColorChoice: ExpressibleByArgument {}

/// `--json` and `--color`: how a command's result reaches a person or a script.
/// With `--json` the command's one result is a JSON document on standard
/// output and everything else (progress, notes) goes to standard error.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print the result as one JSON document on standard output (schemas in docs/schemas/); logs go to standard error.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Colour: auto (a terminal, unless NO_COLOR is set), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    var style: TextStyle { TextStyle.standardOutput(color) }

    /// Prints `document` as the command's JSON result.
    func emit<Document: Encodable>(_ document: Document) { JSONOutput.print(document) }
}

/// The one encoder of every `--json` document: snake_case keys, sorted,
/// ISO 8601 dates, so the checked-in schemas describe them exactly.
enum JSONOutput {
    static func encode<Document: Encodable>(_ document: Document) -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(document)) ?? Data("{}".utf8)
    }

    static func print<Document: Encodable>(_ document: Document) {
        Swift.print(String(decoding: encode(document), as: UTF8.self))
    }
}
