import BooksTrackCore
import BooksTrackStore
import Foundation

/// Invitation links (owner only): a random token whose hash is kept for a week.
public struct Invitations: Sendable {
    public static let lifetime: TimeInterval = 7 * 86_400

    /// Only the owner invites.
    public struct NotOwner: Error, Sendable {}

    let store: Store

    public init(store: Store) { self.store = store }

    /// Creates an invitation and returns its link under `baseURL` and when it expires.
    public func create(by user: User, baseURL: String, now: Date) async throws -> (url: String, expiresAt: Date) {
        guard user.role == .owner else { throw NotOwner() }
        let token = Secrets.token()
        let expiresAt = now.addingTimeInterval(Self.lifetime)
        try await store.invitations.createInvitation(hash: Secrets.hash(token), by: user.id, expiresAt: expiresAt, now: now)
        return (baseURL + "/invite/" + token, expiresAt)
    }
}

/// Open registration (SPEC F9): off by default; the owner may let anyone who reaches this
/// BooksTrack create an account without an invitation.
public struct Registration: Sendable {
    static let setting = "registration.open"
    let store: Store

    public init(store: Store) { self.store = store }

    public func isOpen() async throws -> Bool { try await OwnerSwitch(store: store, name: Self.setting).isOn() }

    /// Opens or closes registration; only the owner may (false for anyone else, nothing changes).
    public func setOpen(_ open: Bool, by user: User) async throws -> Bool {
        try await OwnerSwitch(store: store, name: Self.setting).set(open, by: user)
    }
}

/// An instance setting that is on or off, which only the owner may switch.
struct OwnerSwitch {
    let store: Store
    let name: String

    func isOn() async throws -> Bool { try await store.instanceSettings.setting(name) == "on" }

    /// Switches it; false (and nothing changes) for anyone but the owner.
    func set(_ on: Bool, by user: User) async throws -> Bool {
        guard user.role == .owner else { return false }
        try await store.instanceSettings.setSetting(name, to: on ? "on" : "off")
        return true
    }
}
