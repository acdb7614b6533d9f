#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// The number of cores to lay out on.
package enum ProcessInfoCores {
    package static let count = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

/// Work on every core: one worker a core (at most one an item), each taking the next items
/// as it finishes its last, so no worker idles while another has many left (items differ in
/// cost: a long text, a script with complex shaping, a large scene).
package enum EveryCore {
    /// How many workers `run` uses for `items` items.
    package static func workers(for items: Int) -> Int { max(1, min(ProcessInfoCores.count, items)) }

    /// Runs `work` once for each worker (numbered from 0), on every core, and returns when all
    /// are done. A worker takes item indices from its cursor, `batch` at a time.
    package static func run(items: Int, batch: Int = 1, _ work: @Sendable (_ worker: Int, _ items: inout ItemCursor) -> Void) {
        let counter = SharedCounter()
        DispatchQueue.concurrentPerform(iterations: workers(for: items)) { worker in
            var cursor = ItemCursor(counter: counter, count: items, batch: batch)
            work(worker, &cursor)
        }
    }

    /// `transform` of each item, worked out on every core; the results in the items' order.
    package static func map<Item: Sendable, Value>(_ items: [Item], _ transform: @Sendable (Item) -> Value) -> [Value] {
        let results = ResultSlots<Value>(count: items.count)
        run(items: items.count) { _, claimed in
            while let index = claimed.next() { results.set(index, transform(items[index])) }
        }
        return results.takeAll()
    }

    /// The items a worker takes, `batch` at a time from the counter all workers share.
    package struct ItemCursor {
        fileprivate let counter: SharedCounter
        fileprivate let count: Int
        fileprivate let batch: Int
        private var position = 0
        private var end = 0

        fileprivate init(counter: SharedCounter, count: Int, batch: Int) {
            self.counter = counter
            self.count = count
            self.batch = batch
        }

        /// The index of the worker's next item; nil when every item is taken.
        package mutating func next() -> Int? {
            if position == end {
                position = counter.value.wrappingAdd(batch, ordering: .relaxed).oldValue
                guard position < count else { end = position; return nil }
                end = min(position + batch, count)
            }
            defer { position += 1 }
            return position
        }
    }

    fileprivate final class SharedCounter: Sendable {
        let value = Atomic<Int>(0)
    }
}
