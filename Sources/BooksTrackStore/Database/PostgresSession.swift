import Logging
import NIOCore
import PostgresKit
import PostgresNIO
import SQLKit
import Synchronization

/// SQLKit on one PostgreSQL connection, whose queries end when the connection does.
///
/// PostgresNIO (1.33.2) never answers a query written to a connection that is closing: the
/// server ended it (a restart, `pg_terminate_backend`, `idle_session_timeout`) between two
/// statements of a request, and the next statement — or the ROLLBACK after the error — waited
/// for ever, holding its request (`ConnectionLimitTests.serverEndsConnections` stalled one run
/// in two with the CPU busy). Here a query on a closed connection fails at once, and one under
/// way fails when the connection closes (a second later, so an answer already on its way still
/// arrives). The pool forgets the connection when it comes back.
struct PostgresSession: SQLDatabase {
    let connection: PostgresConnection
    private let base: any SQLDatabase

    init(_ connection: PostgresConnection) {
        self.connection = connection
        base = connection.sql(queryLogLevel: nil)
    }

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { nil }

    /// The connection closed under a query.
    struct Lost: Error, CustomStringConvertible {
        var description: String { "the connection to PostgreSQL closed before the query was answered" }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        guard !connection.isClosed else { return eventLoop.makeFailedFuture(Lost()) }
        let answer = eventLoop.makePromise(of: Void.self)
        let sent = base.execute(sql: query, onRow)
        InFlight.of(connection).track(sent, answer: answer)
        return answer.futureResult
    }

    /// The queries under way on one connection; all fail a second after it closes. One per
    /// connection (a callback on its close for each query would pile up on a long-lived one).
    final class InFlight: Sendable {
        private struct State {
            var next = 0
            var answers: [Int: (sent: EventLoopFuture<Void>, answer: EventLoopPromise<Void>)] = [:]
            var closed = false
        }
        private let state = Mutex(State())

        /// Every open connection's, kept (with the connection) until a second after it closes.
        private static let all = Mutex<[ObjectIdentifier: (PostgresConnection, InFlight)]>([:])

        static func of(_ connection: PostgresConnection) -> InFlight {
            let (inFlight, made) = all.withLock { all in
                if let (_, kept) = all[ObjectIdentifier(connection)] { return (kept, false) }
                let made = InFlight()
                all[ObjectIdentifier(connection)] = (connection, made)
                return (made, true)
            }
            if made {
                connection.closeFuture.whenComplete { _ in
                    connection.eventLoop.scheduleTask(in: .seconds(1)) {
                        _ = all.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
                        inFlight.fail()
                    }
                }
            }
            return inFlight
        }

        func track(_ sent: EventLoopFuture<Void>, answer: EventLoopPromise<Void>) {
            let ticket: Int? = state.withLock { state in
                guard !state.closed else { return nil }
                state.next += 1
                state.answers[state.next] = (sent, answer)
                return state.next
            }
            guard let ticket else { return answer.fail(Lost()) }
            sent.whenComplete { [self] result in
                _ = state.withLock { $0.answers.removeValue(forKey: ticket) }
                answer.completeWith(result)
            }
        }

        /// Fails every query still under way. The driver's own futures stay referenced (by the
        /// answers' callbacks) until they end, which may be never: released unanswered, they
        /// would trip NIO's leak check.
        private func fail() {
            let pending = state.withLock { state in
                state.closed = true
                return Array(state.answers.values)
            }
            for (sent, answer) in pending {
                Self.abandoned.withLock { $0.append(sent) }
                answer.fail(Lost())
            }
        }

        private static let abandoned = Mutex<[EventLoopFuture<Void>]>([])
    }
}
