import PlaygroundUI
import RoomServices

/// An architecture's data flow as a strip of stages (drawn from its seed), with the path the last event took: the
/// stages its runtime reported, in the order they ran, each with its call. A stage that did not run stays dark.
public struct FlowStrip<Stage: FlowStage>: Sendable {
    public let id: String
    public let title: String
    /// The stages the newest event passed, in order (later ones are added when they run).
    public private(set) var path: [StageRecord] = []
    /// The stage step ``path`` belongs to.
    private var pathStep = 0
    /// What the last event did, in words, e.g. "changeBothSidesColors from HTTP".
    public var caption: String = "No event yet: press a button or post one with curl."

    public init(id: String, title: String = "Flow") {
        self.id = id
        self.title = title
    }

    /// The stages a snapshot written before stages were reported lit (shown until the next event).
    private var guessed: Set<Stage> = []

    /// The stages lit: the places the path passed.
    public var lit: Set<Stage> {
        let stages = Array(Stage.allCases)
        guard !path.isEmpty else { return guessed }
        return Set(path.compactMap { stages.indices.contains($0.place) ? stages[$0.place] : nil })
    }

    /// Sets the caption (the lit stages are what the runtime reports, never set by hand).
    public mutating func describe(_ caption: String) {
        self.caption = caption
    }

    /// A new step starts: the strip goes dark until its stages come (a step that runs none leaves it dark).
    mutating func begin(step: Int) {
        path = []
        guessed = []
        pathStep = step
    }

    /// Adds a stage of step `step`: a newer step starts a new path; an older step's late stage leaves the strip alone
    /// (its trace row keeps it).
    mutating func add(_ stage: StageRecord, step: Int) {
        start(step: step)
        guard step == pathStep, path.count < Trace.maxStages else { return }
        path.append(stage)
    }

    /// Starts the path of step `step` if it is newer than the one shown.
    mutating func start(step: Int) {
        guard step > pathStep else { return }
        path = []
        pathStep = step
    }

    /// Shows `path` (a restored room), or the stages a glue lit by hand when there is none.
    mutating func show(_ path: [StageRecord], guessed: Set<Stage>, caption: String) {
        self.path = Array(path.prefix(Trace.maxStages))
        self.guessed = guessed
        self.caption = caption
    }

    /// What changed since the page was drawn, for the page script: the caption, and the path's items from `from` on as
    /// the template's content (the tab keeps the first `from`: a later stage sends only itself), each as
    /// `PLACE CALL` (`PLACEL` when it ran later), `<br>` between them, which the script draws as the page's `<li>`:
    /// `<template data-lit-for="{id}" data-from="2" data-caption="…">3L cache: hit<br>4 send()</template>` (without
    /// `caption`, no `data-caption`: the tab keeps the one it shows). The script lights the
    /// places the whole path passed (`later` where every visit ran later); a strip with no path (a restored snapshot's
    /// guess, or a step that ran nothing) names its lit places instead: `data-lit="0 2"`.
    func litPatchHTML(from: Int = 0, caption withCaption: Bool = true) -> String {
        let places = path.isEmpty ? " data-lit=\"\(litPlaces.sorted().map(String.init).joined(separator: " "))\"" : ""
        return "<template data-lit-for=\"\(HTML.attribute(id))\"\(places)" + (from > 0 ? " data-from=\"\(from)\"" : "")
            + (withCaption ? " data-caption=\"\(HTML.attribute(caption))\">" : ">") + shortPathItemsHTML(from: from) + "</template>"
    }

    private var litPlaces: Set<Int> {
        let stages = Array(Stage.allCases)
        return Set(stages.indices.filter { lit.contains(stages[$0]) })
    }

    /// Places whose every visit ran after the input returned.
    private var laterPlaces: String {
        Set(path.map(\.place)).filter { place in path.allSatisfy { $0.place != place || $0.later } }.sorted().map(String.init).joined(separator: " ")
    }

    /// The fragment: the stages as an ordered list (lit ones carry `class="lit"`, `lit later` if they ran later, and
    /// their turns in the path), then the path's calls in order, then the caption.
    func html() -> String {
        let later = Set(laterPlaces.split(separator: " ").compactMap { Int($0) })
        let lit = litPlaces
        var out = "<div id=\"\(HTML.attribute(id))\" class=\"flow\"><h3>\(HTML.text(title))</h3><ol class=\"flow-stages\">"
        for (place, stage) in Stage.allCases.enumerated() {
            let turns = path.indices.filter { path[$0].place == place }.map { String($0 + 1) }
            let state = !lit.contains(place) ? "" : " class=\"lit\(later.contains(place) ? " later" : "")\"" + (turns.isEmpty ? "" : " data-turns=\"\(turns.joined(separator: ","))\"")
            out += "<li\(state)><b>\(HTML.text(stage.name))</b><small>\(HTML.text(stage.detail))</small></li>"
        }
        out += "</ol><p class=\"flow-legend\"><span class=\"swatch lit\"></span> ran, numbered in order · <span class=\"swatch later\"></span> ran later · "
            + "<span class=\"swatch\"></span> did not run</p>"
        out += "<ol class=\"flow-path\">\(pathItemsHTML())</ol><p class=\"flow-caption\">\(HTML.text(caption))</p></div>"
        return out
    }

    /// The path's items from `from` on as a patch carries them: `PLACE CALL`, `PLACEL` for one that ran later, `<br>`
    /// between them.
    private func shortPathItemsHTML(from: Int) -> String {
        path.dropFirst(from).map { stage in "\(stage.place)\(stage.later ? "L" : "") \(HTML.textBetweenTags(stage.call))" }.joined(separator: "<br>")
    }


    /// One item per stage passed: its call; a `later` class for what ran after the input (the page writes "later").
    /// The stage's name is its box's; its file and lines are the step-through's (Step ▶ on the trace row).
    private func pathItemsHTML(from: Int = 0) -> String {
        path.dropFirst(from).map { stage in
            "<li data-place=\"\(stage.place)\"\(stage.later ? " class=\"later\"" : "")><code>\(HTML.text(stage.call))</code></li>"
        }.joined()
    }
}
