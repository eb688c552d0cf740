import AppSeam
import Foundation

/// A Swift file of a sample, shown in the page so a reader can hold it beside the article.
public struct SourceFile: Sendable {
    public let name: String
    public let text: String
    /// True for the playground's glue (decoding, snapshots, teaching) rather than the article's code.
    public var isGlue = false

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

/// The Swift sources of every sample, read once at start-up: the article-shaped files first, in the app's order,
/// then the glue, labelled as such.
struct SampleSources: Sendable {
    private let filesBySample: [String: [SourceFile]]

    init(samplesDirectory: String?, apps: [AppAbout]) {
        var filesBySample: [String: [SourceFile]] = [:]
        for app in apps {
            let files = SourceFile.load(sample: app.sampleFolder, samplesDirectory: samplesDirectory)
            let article = app.articleFiles.compactMap { name in files.first { $0.name == name } }
            let glue = files.filter { !app.articleFiles.contains($0.name) }.map { file in
                var file = file
                file.isGlue = true
                return file
            }
            filesBySample[app.id] = article + glue
        }
        self.filesBySample = filesBySample
    }

    func files(of app: AppAbout) -> [SourceFile] {
        filesBySample[app.id] ?? []
    }
}
