import BooksTrackCore
import Hummingbird

extension Parameters {
    /// A typed id from the path; a malformed id is "not found", like an id that is not yours.
    func id<Owner>(_ name: String, as type: TypedID<Owner>.Type = TypedID<Owner>.self) throws -> TypedID<Owner> {
        guard let text = self.get(name), let id = TypedID<Owner>(text) else {
            throw WebError.notFound("There is nothing at this address.")
        }
        return id
    }
}
