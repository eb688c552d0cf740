import NiceRuntime
import OpenCombine

struct FavouritesRepositoryKey: InjectionKey {
    static var currentValue: FavouritesRepository { FavouritesRepository() }
}

/// The favourite films' ids, one set for the room: the list, the detail and the badge read the same.
public final class FavouritesRepository: ObservableObject {
    @Published public private(set) var ids: Set<Int> = []

    /// Adds the film, or takes it out.
    func toggle(_ id: Int) {
        if ids.contains(id) { ids.remove(id) } else { ids.insert(id) }
    }
}

@available(*, unavailable, message: "the favourites live on their room's executor")
extension FavouritesRepository: Sendable {}
