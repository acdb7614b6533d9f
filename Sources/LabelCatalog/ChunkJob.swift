import Dispatch
import LabelLayout

/// Slots that worker threads fill, each index by exactly one worker. The slots are one
/// buffer allocated up front: a worker writes only its own element's memory, so workers never
/// touch shared state (an `Array` property would be: every element write is an access to the
/// whole array, a data race between workers under Swift's rules).
package final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    package init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    init(repeating value: Value, count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: value)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    /// Moves a slot's value out, leaving it empty (so the worker mutates it without copying:
    /// a copy would retain each of its references, and emptying the slot would release them).
    func take(_ index: Int) -> Value {
        let slot = slots.baseAddress! + index
        let value = slot.move()!
        slot.initialize(to: nil)
        return value
    }

    package func set(_ index: Int, _ value: Value) { slots[index] = value }

    /// Moves every slot's value out; call when no worker is writing.
    package func takeAll() -> [Value] {
        (0..<slots.count).map(take)
    }
}

/// The read side of a recompute: a read-only connection to the catalog, whose workers'
/// resolvers (`Catalog.resolvers`) start as the writer's. Used by one job at a time.
final class ChunkReader: @unchecked Sendable {
    let catalog: Catalog
    /// The styles read so far: most labels share one with many others.
    private let styles = StyleTable()

    init(of writer: Catalog) throws {
        catalog = try Catalog.open(path: writer.path, readOnly: true)
        catalog.resolverCache = writer.resolverCache
    }

    /// Reads a chunk's inputs in one read transaction, so they agree: the records, what is
    /// stored for them (input hashes, dependencies), the resolvers for the tokens, the change
    /// counter, the settings then, and the engine for their default family and font
    /// substitutes (`engine` itself when they are its own). For a forced recompute, what is
    /// stored is read without input hashes (none is compared).
    func read(_ keys: LabelKeys, force: Bool, engine: LayoutEngine) throws -> ChunkInputs {
        try catalog.database.transaction(write: false) {
            try catalog.refreshSettings()
            let counter = try catalog.changeCounter()
            let fonts = catalog.engine.fonts.identity
            let (records, styleKeys) = try catalog.records(for: keys, styles: styles)
            return ChunkInputs(records: records, styleKeys: styleKeys, stored: try catalog.storedStates(for: keys, force: force),
                               scenes: try catalog.sceneContext(for: records),
                               resolvers: try catalog.resolvers(counter: counter), counter: counter, settings: catalog.settings,
                               engine: fonts == engine.fonts.identity ? engine : catalog.engine)
        }
    }
}

/// What a chunk of a recompute is computed from, read together.
struct ChunkInputs {
    var records: [String: LabelRecord]
    /// The key of each record's style columns.
    var styleKeys: [String: StyleColumns]
    var stored: [String: StoredState]
    /// The scenes of the records' labels (nil when none is in a scene).
    var scenes: SceneContext?
    var resolvers: ResultSlots<LabelResolver>
    var counter: Int
    var settings: CatalogSettings
    var engine: LayoutEngine
}

/// A chunk of a recompute: its labels read, then laid out on all cores. Its result is taken
/// after `group` is done.
final class ChunkJob: @unchecked Sendable {
    let chunk: RecomputeChunk
    /// The chunk's labels, in its order.
    let names: [String]
    let keys: LabelKeys
    /// Done once the chunk is laid out, or could not be read.
    let group = DispatchGroup()
    /// The labels of the chunks still to be written when this one was started.
    var namesWrittenAfterRead: [[String]] = []
    private var inputs: Result<ChunkInputs, Error> = .failure(CancellationError())
    /// The laid-out items and the change counter their inputs were read at.
    private(set) var result: Result<(computed: [ComputedItem], counter: Int), Error> = .failure(CancellationError())

    init(chunk: RecomputeChunk, names: [String], keys: LabelKeys) {
        self.chunk = chunk
        self.names = names
        self.keys = keys
        group.enter()
    }

    func read(_ reader: ChunkReader, force: Bool, engine: LayoutEngine) {
        inputs = Result { try reader.read(keys, force: force, engine: engine) }
    }

    func compute(force: Bool) {
        defer { group.leave() }
        result = inputs.map { snapshot in
            (Catalog.compute(chunk.items, records: snapshot.records, styleKeys: snapshot.styleKeys, resolvers: snapshot.resolvers,
                             stored: snapshot.stored,
                             force: force, settings: snapshot.settings, engine: snapshot.engine, scenes: snapshot.scenes),
             snapshot.counter)
        }
        inputs = .failure(CancellationError()) // freed here, not by the writer
    }
}

/// The stages of a recompute besides writing: a chunk is read on a thread of its own while the
/// one before is laid out on every core, and the writer writes the one before that. Each stage
/// takes the jobs in the order they are started; its threads are its own (not the shared pool's,
/// which the workers lay out on), so a stage waiting for another never holds a worker back.
final class RecomputePipeline: @unchecked Sendable {
    let reader: ChunkReader
    private let engine: LayoutEngine
    private let force: Bool
    private let reading = DispatchQueue(label: "labelcat.recompute.read")
    private let layingOut = DispatchQueue(label: "labelcat.recompute.layout")

    init(of catalog: Catalog, force: Bool) throws {
        reader = try ChunkReader(of: catalog)
        engine = catalog.engine
        self.force = force
    }

    /// Reads the job's chunk after the jobs started before it, then lays it out after theirs.
    func start(_ job: ChunkJob) {
        reading.async { [self] in
            job.read(reader, force: force, engine: engine)
            layingOut.async { [self] in job.compute(force: force) }
        }
    }
}

