import FilmsKit
import RoomServices

/// The film screen's types.
enum FilmTypes {
    enum Intent {}
    enum Model {}
}

extension FilmTypes.Intent {
    struct ExternalData {
        let filmID: Int
        let api: FilmsAPI
        let effects: Effects
        let favourites: FavouritesRepository
    }
}

extension FilmTypes.Model {
    enum ContentState {
        case loading
        case content(film: FilmDetail)
        /// The film could not be loaded: the router's alert says so.
        case failed
    }
}
