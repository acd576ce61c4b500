import Hummingbird

/// The answer to one API request.
typealias APIHandler = @Sendable (Request, AppContext) async throws -> Response

/// A resource of the JSON API: its operations, declared once (``APIOperationDeclaring``), and
/// a handler for each. The router registers exactly the declared operations — a route cannot
/// exist without its documentation, and the `switch` in ``handler(for:)`` cannot leave one out.
protocol APIResource {
    associatedtype Operation: APIOperationDeclaring
    func handler(for operation: Operation) -> APIHandler
}

extension APIResource {
    /// Every operation of the resource, as the document lists them.
    static var operations: [APIOperation] { Operation.allCases.map(\.operation) }

    func addRoutes(to api: RouterGroup<AppContext>) {
        for operation in Operation.allCases {
            let declared = operation.operation
            api.on(RouterPath(declared.routerPath), method: declared.method, use: handler(for: operation))
        }
    }
}

/// The operations of a resource: one case per operation, named by its `operationId`.
protocol APIOperationDeclaring: CaseIterable, RawRepresentable where RawValue == String {
    /// What the operation is: method, path, parameters, body and answers.
    var declaration: APIOperation { get }
}

extension APIOperationDeclaring {
    var operation: APIOperation {
        var operation = declaration
        operation.id = rawValue
        return operation
    }
}
