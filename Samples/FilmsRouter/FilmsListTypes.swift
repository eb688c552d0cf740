import AppSeam
import FilmsKit
import RoomServices

/// The list screen's types, as the seed's `ListTypes`.
enum FilmsListTypes {
    enum Intent {}
    enum Model {}
}

extension FilmsListTypes.Intent {
    struct ExternalData {
        let api: FilmsAPI
        /// The room's door to the outside: every request goes through it, and its answer comes back on the room's
        /// executor once the journal keeps it.
        let effects: Effects
        let favourites: FavouritesRepository
    }
}

extension FilmsListTypes.Model {
    enum ContentState {
        /// Nothing searched yet.
        case idle
        case loading
        case content(films: [FilmSummary])
        /// The search failed: the router's alert says so.
        case failed
    }
}
