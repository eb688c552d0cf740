import NiceRuntime

struct UserRepositoryKey: InjectionKey {
    static var currentValue: any UserRepositoryProtocol {
        UserRepository(cache: CacheService(name: "users", log: InjectedValues.current.log))
    }
}

/// The users, through a cache.
public protocol UserRepositoryProtocol: Sendable {
    @discardableResult func getUsers(cacheMode: CacheMode) async throws -> [User]
}

/// The users, from the user service, through this repository's own cache.
actor UserRepository: UserRepositoryProtocol {
    @Injected(\.userService) private var userService: any UserServiceProtocol

    private enum CacheKeys {
        static let userList = CacheKey<[User]>(key: "UserList")
    }

    private let cache: CacheService

    init(cache: CacheService) {
        self.cache = cache
    }

    @discardableResult func getUsers(cacheMode: CacheMode) async throws -> [User] {
        let key = CacheKeys.userList
        if let cached = await cache.retrieve(key: key, cacheMode: cacheMode) {
            if cached.shouldExit { return cached.result }
        }

        let users = try await userService.getUsers()
        await cache.update(key: key, value: users)
        return users
    }
}
