import AppSeam
import Foundation

/// A Swift file of a sample or of its runtime, shown in the page so a reader can hold it beside the article, and
/// opened at the lines a stage ran.
public struct SourceFile: Sendable {
    public let name: String
    public let text: String
    /// Its path in the repository (`Samples/ListView/ListView.swift`, `Sources/VVSIRuntime/ViewState.swift`).
    public let path: String
    /// `#fileID`, as a stage record names it: `Module/File.swift`.
    public let fileID: String
    /// True for the playground's glue (decoding, snapshots, teaching) rather than the article's code.
    public var isGlue = false

    /// Its lines, for a step-through: `range` (1-based) and `context` lines either side, each with its number.
    func excerpt(_ range: ClosedRange<Int>, context: Int) -> [(number: Int, text: Substring, ran: Bool)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = max(1, range.lowerBound - context)
        let last = min(lines.count, range.upperBound + context)
        guard first <= last else { return [] }
        return (first...last).map { ($0, lines[$0 - 1], range.contains($0)) }
    }

    /// The `.swift` files under `directory` (its subfolders too), by path; empty when the folder is not there (e.g.
    /// a binary copied without its checkout). Bounded: at most 64 files of 64 KiB.
    static func load(directory: String, repositoryPath: String, module: String) -> [SourceFile] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String, found.count < 64 {
            if relative.hasSuffix(".swift") { found.append(relative) }
        }
        return found.sorted().compactMap { relative in
            guard let data = FileManager.default.contents(atPath: directory + "/" + relative), data.count <= 64 * 1024,
                let text = String(data: data, encoding: .utf8)
            else { return nil }
            let name = (relative as NSString).lastPathComponent
            return SourceFile(name: name, text: text, path: repositoryPath + "/" + relative, fileID: "\(module)/\(name)")
        }
    }
}

/// The Swift sources of every sample and of the runtimes they run on, read once at start-up: for the page, the
/// article-shaped files first, in the app's order, then the glue, labelled as such; for a step-through, any of them
/// by the `#fileID` a stage names.
struct SampleSources: Sendable {
    private let filesBySample: [String: [SourceFile]]
    private let runtimeFilesByApp: [String: [SourceFile]]
    private let byFileID: [String: SourceFile]

    /// `samplesDirectory` is the checkout's `Samples/`; the runtimes are read from the `Sources/` beside it.
    init(samplesDirectory: String?, apps: [AppRegistration]) {
        var filesBySample: [String: [SourceFile]] = [:]
        var runtimeFilesByApp: [String: [SourceFile]] = [:]
        var byFileID: [String: SourceFile] = [:]
        let sourcesDirectory = samplesDirectory.map { ($0 as NSString).deletingLastPathComponent + "/Sources" }
        for app in apps {
            let about = app.about
            let files = samplesDirectory.map {
                SourceFile.load(directory: $0 + "/" + about.sampleFolder, repositoryPath: "Samples/" + about.sampleFolder, module: app.sampleModule)
            } ?? []
            let article = about.articleFiles.compactMap { name in files.first { $0.name == name } }
            let glue = files.filter { !about.articleFiles.contains($0.name) }.map { file in
                var file = file
                file.isGlue = true
                return file
            }
            filesBySample[about.id] = article + glue
            let runtime =
                app.stageModule == app.sampleModule
                ? [] : sourcesDirectory.map { SourceFile.load(directory: $0 + "/" + app.stageModule, repositoryPath: "Sources/" + app.stageModule, module: app.stageModule) } ?? []
            runtimeFilesByApp[about.id] = runtime
            for file in files + runtime { byFileID[file.fileID] = file }
        }
        (self.filesBySample, self.runtimeFilesByApp, self.byFileID) = (filesBySample, runtimeFilesByApp, byFileID)
    }

    func files(of app: AppAbout) -> [SourceFile] {
        filesBySample[app.id] ?? []
    }

    /// The runtime's files the app's stages run in (its stage type's module), when that is not the sample's own.
    func runtimeFiles(of app: AppAbout) -> [SourceFile] {
        runtimeFilesByApp[app.id] ?? []
    }

    /// The file a stage record names (`Module/File.swift`).
    func file(_ fileID: String) -> SourceFile? {
        byFileID[fileID]
    }
}
