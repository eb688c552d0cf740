import NiceRuntime

struct UserServiceKey: InjectionKey {
    static var currentValue: any UserServiceProtocol { UserService(client: JSONPlaceholderClient(log: InjectedValues.current.log)) }
}

/// Where the users come from.
public protocol UserServiceProtocol: Sendable {
    func getUsers() async throws -> [User]
}

/// `GET /users` of a JSONPlaceholder-compatible API.
struct UserService: UserServiceProtocol {
    let client: JSONPlaceholderClient

    func getUsers() async throws -> [User] {
        try await client.get([User].self, path: "/users")
    }
}
