import OpenCombine

/// The business data both screens share: the favourite films. Each screen's intent subscribes to it and hands
/// every change to its model, so a heart toggled in the list shows in the detail and the other way round.
final class FavouritesRepository {
    let ids = CurrentValueSubject<Set<Int>, Never>([])

    /// No request: a heart is local.
    func toggle(id: Int) {
        var ids = ids.value
        if ids.remove(id) == nil { ids.insert(id) }
        self.ids.send(ids)
    }
}
