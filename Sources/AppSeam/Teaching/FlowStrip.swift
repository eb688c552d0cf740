import PlaygroundUI

/// One box of an architecture's flow strip: an app declares its stages as a `CaseIterable` enum, in order.
///
/// ```swift
/// enum Stage: String, FlowStage {
///     case view, eventSubject, actionsByEvent
///     var name: String { … }
///     var detail: String { … }
/// }
/// teaching.flow.light([.view, .eventSubject], caption: "…")
/// ```
public protocol FlowStage: CaseIterable, Hashable, Sendable {
    /// The box's title, e.g. "eventSubject".
    var name: String { get }
    /// A line under it, e.g. ".send(event)".
    var detail: String { get }
}

/// An architecture's data flow as a strip of stages (drawn from its seed), with the stages the last event
/// passed through lit.
public struct FlowStrip<Stage: FlowStage>: Sendable {
    public let id: String
    public let title: String
    /// The stages the last event went through.
    public var lit: Set<Stage> = []
    /// What lit them, e.g. "changeBothSidesColors from HTTP".
    public var caption: String = "No event yet: press a button or post one with curl."

    public init(id: String, title: String = "Flow") {
        self.id = id
        self.title = title
    }

    /// Lights `stages` (only those) and sets the caption.
    public mutating func light(_ stages: Set<Stage>, caption: String) {
        lit = stages
        self.caption = caption
    }

    /// What changed since the page was drawn, for the page script: which stages are lit (their places) and the caption,
    /// `<template data-lit-for="{id}" data-lit="0 2" data-caption="…"></template>` (the stages themselves never change).
    func litPatchHTML() -> String {
        let places = Stage.allCases.enumerated().filter { lit.contains($0.element) }.map { String($0.offset) }
        return "<template data-lit-for=\"\(HTML.attribute(id))\" data-lit=\"\(places.joined(separator: " "))\" data-caption=\"\(HTML.attribute(caption))\"></template>"
    }

    /// The fragment: an ordered list whose lit items carry `class="lit"`.
    func html() -> String {
        var out = "<div id=\"\(HTML.attribute(id))\" class=\"flow\"><h3>\(HTML.text(title))</h3><ol class=\"flow-stages\">"
        for stage in Stage.allCases {
            let state = lit.contains(stage) ? " class=\"lit\"" : ""
            out += "<li\(state)><b>\(HTML.text(stage.name))</b><small>\(HTML.text(stage.detail))</small></li>"
        }
        out += "</ol><p class=\"flow-caption\">\(HTML.text(caption))</p></div>"
        return out
    }
}
