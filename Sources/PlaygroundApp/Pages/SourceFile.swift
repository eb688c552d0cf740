import Foundation

/// A Swift file of a sample, shown in the page so a reader can hold it beside the article.
public struct SourceFile: Sendable {
    public let name: String
    public let text: String

    /// The `.swift` files of `Samples/<sample>/`, by name; empty when the folder is not there
    /// (e.g. a binary copied without its checkout). Bounded: at most 64 files of 64 KiB.
    static func load(sample: String, samplesDirectory: String?) -> [SourceFile] {
        guard let samplesDirectory else { return [] }
        let directory = URL(fileURLWithPath: samplesDirectory).appendingPathComponent(sample)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter { $0.hasSuffix(".swift") }.sorted().prefix(64).compactMap { name in
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)), data.count <= 64 * 1024,
                let text = String(data: data, encoding: .utf8)
            else { return nil }
            return SourceFile(name: name, text: text)
        }
    }
}

/// The Swift sources of every sample, read once at start-up.
struct SampleSources: Sendable {
    private let filesBySample: [String: [SourceFile]]

    init(samplesDirectory: String?, samples: [String]) {
        filesBySample = Dictionary(
            uniqueKeysWithValues: samples.map { ($0, SourceFile.load(sample: $0, samplesDirectory: samplesDirectory)) })
    }

    func files(of sample: String) -> [SourceFile] {
        filesBySample[sample] ?? []
    }
}
