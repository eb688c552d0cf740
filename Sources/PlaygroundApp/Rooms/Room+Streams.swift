import AppSeam
import PlaygroundHTTP
import PlaygroundUI
import RoomServices

// Rendering and streaming: each change rendered once, diffed, framed as one SSE patch for every subscriber.
extension Room {
    /// Renders the app, sends the fragments that differ from what the tabs show, records the trace figures.
    func publishChanges(of index: Int, traced: Bool = true) {
        renderAndPublish(index, traced: traced)
    }

    /// ``publishChanges(of:traced:)``, returning the app's HTML as rendered (nil when the room draws nothing now);
    /// without `teaching`, what changed in the teaching layer waits for the next change.
    @discardableResult
    private func renderAndPublish(_ index: Int, traced: Bool, teaching: Bool = true) -> String? {
        guard !closed, !restoring else { return nil }
        renderAllIfNeeded()
        let app = app(index)
        let clock = ContinuousClock()
        var rendered = RenderedView(html: "", fragments: [])
        let renderTime = clock.measure { rendered = app.render(contexts[index]) }
        // Taken out of the array before it changes, so its fragment table is not copied on write.
        var view = views[index] ?? PaneView(id: Self.viewID(app))
        views[index] = nil
        var changed = view.update(rendered, seq: seq + 1)
        views[index] = view
        if traced {
            // What the change did to the app's snapshot goes to the row of the step that caused it: an effect's answer
            // or a turn reports its own step; a change right after an input is the newest row's.
            let snapshot = JSONValue(encoding: app.snapshot)
            let changes = shownSnapshots[index].map { snapshot.changes(since: $0) } ?? []
            shownSnapshots[index] = snapshot
            let step = Stages.current.flatMap { $0.reports(to: app.teaching) ? $0.step : nil }
            app.teaching.trace.complete(renderTime: renderTime, bytes: changed.reduce(0) { $0 + $1.html.utf8.count }, changes: changes, step: step)
        }
        if teaching { changed += app.teaching.patches() }
        if compareShown != nil, !comparePending, blueprint.registry.compareIndices.contains(index) { changed += compareChanges() }
        guard !changed.isEmpty else { return rendered.html }
        seq += 1
        resyncCache = nil
        let message = SSEMessage(event: "patch", id: String(seq), data: changed.map(\.html).joined(separator: "\n"))
        log.append(seq: seq, message: message)
        hub.publish(message)
        return rendered.html
    }

    /// The app's view as the tabs show it: rendered again (the room keeps only hashes of it; a render where nothing
    /// changed is drawn from the views' memos), any change found sent to the tabs first, so a page and the tabs agree.
    func shownHTML(of index: Int) -> String {
        let html = renderAndPublish(index, traced: false, teaching: false)
        let app = app(index)
        return PaneView.wrapped(html ?? app.render(contexts[index]).html, id: Self.viewID(app))
    }

    /// The id of the element that holds the whole app view (`ev-view`).
    static func viewID(_ app: AnyHostedApp) -> String { "\(app.about.id)-view" }

    /// Opens a stream for one tab: `retry:`, then what it missed since `lastEventID` or a full resync.
    func subscribe(lastEventID: UInt64?) throws(HTTPError) -> EventStream {
        try checkOpen()
        renderAllIfNeeded()
        let limits = blueprint.limits
        let stream = EventStream(queueLimit: limits.streamQueueLimit)
        stream.send(.retry(limits.retryMilliseconds))
        if let lastEventID, lastEventID > resyncFloor || seq == 0, let missed = log.messages(after: lastEventID, latest: seq) {
            if missed.isEmpty { stream.send(.comment("up to date at \(seq)")) }
            for message in missed { stream.send(message) }
        } else {
            stream.send(resync())
        }
        hub.add(stream)
        return stream
    }

    /// One message that replaces every app with its current rendering (rendered once per sequence number).
    private func resync() -> SSEMessage {
        if let cache = resyncCache, cache.seq == seq { return cache.message }
        var parts: [String] = []
        for index in appIndices {
            parts.append(shownHTML(of: index))
            parts += app(index).teaching.fragments().map(\.html)
        }
        // A tab that missed the presenter's last change finds it here (an unpresented room sends nothing more).
        let presenter = presenterShown
        if presenter.locked || presenter.spotlight != nil { parts.append(PresenterView.live(presenter, room: id, registry: blueprint.registry)) }
        let message = SSEMessage(event: "patch", id: String(seq), data: parts.joined(separator: "\n"))
        resyncCache = (seq, message)
        return message
    }

    /// Draws every app, unless the room is drawn already.
    func drawIfNeeded() {
        renderAllIfNeeded()
    }

    /// Renders every app the first time the room is looked at.
    func renderAllIfNeeded() {
        guard views.allSatisfy({ $0 == nil }) else { return }
        for index in appIndices { drawFirst(index) }
    }

    /// Draws the app the first time: nothing is sent (nothing the tabs keep), and its snapshot is what its first
    /// event's changes are measured from.
    func drawFirst(_ index: Int) {
        let app = app(index)
        var view = PaneView(id: Self.viewID(app))
        _ = view.update(app.render(contexts[index]), seq: seq)
        views[index] = view
        shownSnapshots[index] = JSONValue(encoding: app.snapshot)
        _ = app.teaching.patches()  // the page and a resync carry all of it
    }
}
