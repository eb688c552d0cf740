import NiceRuntime

extension InjectedValues {

    // REPOSITORIES

    var filmRepository: any FilmRepositoryProtocol {
        get { self[FilmRepositoryKey.self] }
        set { self[FilmRepositoryKey.self] = newValue }
    }

    var favourites: FavouritesRepository {
        get { self[FavouritesRepositoryKey.self] }
        set { self[FavouritesRepositoryKey.self] = newValue }
    }

    // SERVICES

    var filmService: any FilmServiceProtocol {
        get { self[FilmServiceKey.self] }
        set { self[FilmServiceKey.self] = newValue }
    }
}
