import BooksTrackCore
import BooksTrackStore
import Foundation

/// Who may use this BooksTrack: the owner's set-up, readers, sign-ins (login sessions, not
/// reading sessions), API tokens, invitations and the owner's switches. Every face signs people
/// in and out here; none reaches the store itself.
public struct AccountService: Sendable {
    let store: Store

    init(store: Store) { self.store = store }

    // MARK: Set-up and readers

    /// Whether the instance has an owner who can sign in.
    public func setupState() async throws -> SetupState { try await store.accounts.setupState() }

    /// Gives the owner made on the command line without a password their first one; false when
    /// someone else did it first.
    public func setFirstPassword(_ hash: String, for userID: User.ID, now: Date) async throws -> Bool {
        try await store.accounts.setFirstPassword(hash, for: userID, now: now)
    }

    /// The first reader, who owns the instance.
    public func createOwner(name: String, displayName: String?, passwordHash: String, now: Date) async throws -> User {
        try await store.users.createOwner(name: name, displayName: displayName, passwordHash: passwordHash, now: now)
    }

    /// A reader who registered (registration open) or was made on the command line.
    public func createReader(name: String, displayName: String?, passwordHash: String? = nil, now: Date) async throws
        -> User
    {
        try await store.users.create(name: name, displayName: displayName, passwordHash: passwordHash, now: now)
    }

    /// The reader with this login name, if there is one.
    public func reader(named name: String) async throws -> User? { try await store.users.user(named: name) }

    /// Every reader with the number of books in their library, by name.
    public func readers() async throws -> [(user: User, books: Int)] { try await AccountTools.readers(store: store) }

    /// A reader and their password's hash, for signing in.
    public func credentials(forName name: String) async throws -> (User, String?)? {
        try await store.accounts.credentials(forName: name)
    }

    public func passwordHash(of userID: User.ID) async throws -> String? { try await store.accounts.passwordHash(of: userID) }

    /// Sets a password from the command line and signs the reader out everywhere.
    public func setPassword(_ password: String, for user: User, now: Date) async throws {
        try await AccountTools.setPassword(password, for: user, store: store, now: now)
    }

    /// Changes a password from the account page or the API (``PasswordChange``).
    public func passwordChange(bcryptCost: UInt8, clock: @escaping @Sendable () -> Date) -> PasswordChange {
        PasswordChange(store: store, bcryptCost: bcryptCost, clock: clock)
    }

    /// Deletes a reader and everything that is theirs (the owner only when alone).
    public func deleteAccount(_ userID: User.ID) async throws { try await store.accounts.deleteAccount(userID) }

    /// The schema version the database is at.
    public func schemaVersion() async throws -> Int { try await AccountTools.schemaVersion(store: store) }

    // MARK: Sign-ins

    /// Keeps a new browser sign-in (only the token's hash).
    public func startLogin(tokenHash: String, csrfToken: String, for userID: User.ID, expiresAt: Date, now: Date)
        async throws
    {
        try await store.logins.create(
            tokenHash: tokenHash, csrfToken: csrfToken, for: userID, expiresAt: expiresAt, now: now)
    }

    /// The browser sign-in with this token's hash, while it lasts.
    public func login(tokenHash: String, now: Date) async throws -> LoginSession? {
        try await store.logins.login(tokenHash: tokenHash, now: now)
    }

    public func extendLogin(tokenHash: String, until expiresAt: Date, now: Date) async throws {
        try await store.logins.extend(tokenHash: tokenHash, until: expiresAt, now: now)
    }

    public func endLogin(tokenHash: String) async throws { try await store.logins.delete(tokenHash: tokenHash) }

    /// Counts and slows down wrong passwords and registrations.
    public var throttle: LoginThrottle { LoginThrottle(store: store) }

    // MARK: API tokens

    /// The reader (and their data version) an API token with this hash belongs to.
    public func authenticate(tokenHash: String, now: Date) async throws -> (user: User, dataVersion: Int)? {
        try await store.tokens.authenticate(tokenHash: tokenHash, now: now)
    }

    public func tokens(of userID: User.ID) async throws -> [APIToken] { try await store.tokens.tokens(of: userID) }

    /// A new token: the secret (shown once) and what is listed.
    public func createToken(named name: String, for user: User, now: Date) async throws -> (
        secret: String, token: APIToken
    ) {
        try await AccountTools.createToken(named: name, for: user, store: store, now: now)
    }

    public func deleteToken(_ id: APIToken.ID, of userID: User.ID) async throws -> Bool {
        try await store.tokens.deleteToken(id, of: userID)
    }

    // MARK: Invitations and the owner's switches

    public var invitations: Invitations { Invitations(store: store) }
    public var registration: Registration { Registration(store: store) }

    public func invitationIsOpen(hash: String, now: Date) async throws -> Bool {
        try await store.invitations.invitationIsOpen(hash: hash, now: now)
    }

    /// Uses an invitation (once) to make a reader.
    public func acceptInvitation(hash: String, name: String, displayName: String?, passwordHash: String, now: Date)
        async throws -> User
    {
        try await store.invitations.acceptInvitation(
            hash: hash, name: name, displayName: displayName, passwordHash: passwordHash, now: now)
    }

    /// Whether the database answers (`/health`).
    public func checkHealth() async throws { try await store.checkHealth() }
}
