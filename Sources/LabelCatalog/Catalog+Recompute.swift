#if canImport(Glibc)
import Glibc
#endif
import LabelJSON
import LabelLayout
import LabelModel

/// What to recompute for one label: every layout (nil), or only those of some locales (each
/// at every variant and category; the base text's locale "" takes its pseudo-locales along).
public struct RecomputeItem: Sendable, Hashable {
    public var label: String
    public var locales: Set<String>?
}

/// Counts of one recompute pass.
public struct RecomputeSummary: Sendable {
    public var labels = 0
    /// Layouts computed and written.
    public var written = 0
    /// Layouts whose input hash was unchanged (not recomputed).
    public var unchanged = 0
    /// Labels that could not be laid out (their error is recorded in `layouts`).
    public var failed = 0
    /// Labels edited while their layouts were being computed (left queued, not written).
    public var requeued = 0
    /// True when the freshness record vouched for every layout the queue did not name.
    public var fromFreshnessRecord = false

    mutating func add(_ other: RecomputeSummary) {
        labels += other.labels
        written += other.written
        unchanged += other.unchanged
        failed += other.failed
        requeued += other.requeued
    }
}

/// A stored layout row's identity as the table holds it (its category may be one that is
/// no longer, or never was, a content size category).
struct StoredLayoutIdentity: Sendable, Hashable {
    var locale: String
    var variant: String
    var category: String
    var device: String = ""
}

/// One layout row a label has stored: its key, input hash ("" when read for a forced
/// recompute, which compares none), `truncated` flag and, for a label of a scene, where it
/// was placed.
struct StoredLayoutState: Sendable {
    var key: LayoutKey
    var hash: String
    var placement: ScenePlacement?
    /// Its `truncated` column (nil: NULL).
    var truncated: Int?
}

/// What the catalog holds for a label before it is recomputed.
struct StoredState: Sendable {
    /// Its layouts, a few per label: found by comparing keys, which costs less than hashing
    /// them into a dictionary per label (and each key is there once).
    var layouts: [StoredLayoutState] = []
    /// Rows whose category names no content size category (edited in by hand): removed.
    var strays: [StoredLayoutIdentity] = []
    /// Its dependencies, sorted.
    var dependencies: [String] = []

    /// The stored layout of `key`, if any.
    func layout(_ key: LayoutKey) -> StoredLayoutState? {
        layouts.first { $0.key == key }
    }

    /// Adds what `other` holds of the same label (read from another table, or later rows); a
    /// layout in both is `other`'s.
    mutating func merge(_ other: StoredState) {
        if layouts.isEmpty {
            layouts = other.layouts
        } else {
            for layout in other.layouts {
                if let index = layouts.firstIndex(where: { $0.key == layout.key }) { layouts[index] = layout } else { layouts.append(layout) }
            }
        }
        strays += other.strays
        dependencies = dependencies.isEmpty ? other.dependencies : (dependencies + other.dependencies).sorted()
    }
}

/// The tokens a label's new dependencies add to its stored ones, and those they drop: all the
/// writer writes of them (most recomputes change none).
struct DependencyChanges: Sendable, Equatable {
    var added: [String] = []
    var removed: [String] = []

    init() {}

    /// From the stored dependencies to the new ones (both sorted).
    init(from stored: [String], to new: [String]) {
        guard stored != new else { return }
        var old = 0, current = 0
        while old < stored.count || current < new.count {
            if current == new.count || (old < stored.count && stored[old] < new[current]) {
                removed.append(stored[old]); old += 1
            } else if old == stored.count || new[current] < stored[old] {
                added.append(new[current]); current += 1
            } else {
                old += 1; current += 1
            }
        }
    }

    var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}

/// A chunk of a recompute: its labels, and the queue entries that are done once it is written.
struct RecomputeChunk {
    var items: [RecomputeItem]
    var queueIDs: [Int] = []
}

/// Which labels a read is of: a list of names, or every label from one name to another
/// (read by a range scan of each table's key, which starts with the label).
enum LabelKeys {
    case names([String])
    case range(first: String, last: String)

    /// The SQL condition on `column` (bound with `bindings`).
    func condition(_ column: String) -> String {
        switch self {
        case .names: "\(column) IN (SELECT value FROM json_each(?1))"
        case .range: "\(column) BETWEEN ?1 AND ?2"
        }
    }

    /// About how many labels the keys name: a range is read a chunk at a time.
    var expectedCount: Int {
        switch self {
        case .names(let names): names.count
        case .range: Catalog.chunkSize
        }
    }

    var bindings: [SQLValue] {
        switch self {
        case .names(let names): [.text(JSONValue.array(names.map(JSONValue.string)).jsonString())]
        case .range(let first, let last): [.text(first), .text(last)]
        }
    }
}

/// The result of laying out one item, made on a worker thread.
struct ComputedItem: Sendable {
    var label: String
    var exists = true
    var rows: [LayoutRow] = []
    var unchanged = 0
    var failed = false
    /// Stored layouts of texts or categories the label no longer has (removed when written).
    var removed: [StoredLayoutIdentity] = []
    var dependencies: [String] = []
    /// The input hashes of all the label's layouts, to detect edits made while this was
    /// computed ("" when it could not be resolved).
    var snapshotHash = ""
    /// Why the label could not be laid out (its rows then record this error, with the hash
    /// of the inputs that failed; `Catalog.compute` adds them).
    var failure: CatalogError?
    /// The layouts whose rows record `failure`.
    var failedKeys: [LayoutKey] = []
    /// How `dependencies` differ from the stored ones (nothing to write when they do not).
    var dependencyChanges = DependencyChanges()
    /// Font files the label names by path (their identity is part of the environment).
    var fontPaths: [String] = []
}

extension Catalog {

    /// Brings up to date every layout the queue names (docs/catalog.md), then empties
    /// it. Called inside the edit's transaction. A label the edit's own entries (those after
    /// `queuedBefore`) name that cannot be laid out fails the edit unless `allowLayoutErrors`;
    /// other labels' errors are recorded in `layouts`.
    func recomputeQueued(allowLayoutErrors: Bool, allowMissingFonts: Bool = false, queuedBefore: Int) throws {
        let entries = try queueEntries()
        guard let lastID = entries.last?.id else { return }
        let mustLayOut = allowLayoutErrors ? [] : Set(try expand(entries.filter { $0.id > queuedBefore }).map(\.label))
        try recomputeInTransaction(try expand(entries), mustLayOut: mustLayOut.contains,
                                   tolerating: { allowMissingFonts && $0.isMissingFont })
        try database.withoutTriggers {
            try database.statement("DELETE FROM recompute_queue WHERE id <= ?").run(.integer(lastID))
        }
    }

    /// Lays out items and writes them inside the caller's transaction, a chunk at a time (so
    /// memory stays bounded however many labels one edit touches). A label that cannot be laid
    /// out throws its error when `mustLayOut` holds for it, unless `tolerated` says it may be
    /// stored; other errors are recorded.
    func recomputeInTransaction(_ items: [RecomputeItem], mustLayOut: (String) -> Bool = { _ in false },
                                tolerating tolerated: (CatalogError) -> Bool = { _ in false }) throws {
        var start = 0
        while start < items.count {
            let chunk = Array(items[start..<min(start + Self.chunkSize, items.count)])
            start += Self.chunkSize
            let names = chunk.map(\.label)
            let records = try records(for: names)
            let computed = Self.compute(chunk, records: records, resolvers: try resolvers(),
                                        stored: try storedStates(for: names, force: true), force: true, settings: settings, engine: engine,
                                        scenes: try sceneContext(for: records))
            if let failed = computed.first(where: { $0.failure.map { !tolerated($0) } == true && mustLayOut($0.label) }) {
                throw failed.failure!
            }
            _ = try writeComputed(computed, check: nil)
        }
    }

    /// Every queue entry, oldest first.
    func queueEntries() throws -> [QueueEntry] {
        let statement = try database.statement("SELECT id, kind, name, locale FROM recompute_queue ORDER BY id")
        var entries: [QueueEntry] = []
        while try statement.step() {
            entries.append(QueueEntry(id: statement.int(0), kind: statement.text(1) ?? "", name: statement.text(2) ?? "",
                                      locale: statement.text(3)))
        }
        return entries
    }

    /// The tokens a label names, and every token their aliases lead to (known or not): what
    /// a label whose resolution failed depends on, so that fixing any of them recomputes it.
    static func referencedTokens(_ record: LabelRecord, tokens: TokenSet) -> Set<String> {
        tokens.dependencies(of: record.style.flatMap { TokenSet.references(in: $0.value) })
    }

    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var time = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &time)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = Int(now.tv_nsec / 1_000_000)
        let millisText = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(time.tm_year + 1900)-\(two(time.tm_mon + 1))-\(two(time.tm_mday))T\(two(time.tm_hour)):\(two(time.tm_min)):\(two(time.tm_sec)).\(millisText)Z"
    }

    /// Labels are read, laid out and written in chunks of this many.
    static let chunkSize = 2048

    /// A recompute's first chunk holds at most this many labels, the next ones twice as many
    /// as the one before, up to `chunkSize`: nothing is laid out before the first chunk is
    /// read, so a small one sets the cores to work sooner.
    static let firstChunkSize = 256

    /// The queue's change counter: SQLite's AUTOINCREMENT sequence of `recompute_queue`,
    /// which every edit (through labelcat or not) advances through the triggers.
    func changeCounter() throws -> Int {
        try database.scalarInt("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'recompute_queue'), 0)") ?? 0
    }

    /// Lays out chunks of items on all cores and writes them, one transaction per chunk. Items
    /// whose input hash is unchanged are skipped unless `force`. A label edited after it was
    /// read (the change counter moved and its inputs now hash differently) is not written but
    /// queued again, so no stale layout is ever written as fresh.
    ///
    /// The pipeline (`RecomputePipeline`): chunks come from `nextChunk` until it returns nil,
    /// each of at most the number of labels it is given: `firstChunkSize`, doubling up to
    /// `chunkSize`. Three chunks are in flight: one is read (its labels, tokens and stored state, on a
    /// read-only connection in one read transaction), the one before is laid out on all cores,
    /// and this thread writes the one before that (with the queue entries it finishes): this
    /// thread only writes. A label of a chunk that one written after it was read also held is
    /// queued again, unless the chunks are `disjoint`. With `everyLabelInRange`, each chunk is
    /// every label from its first to its last name, read by range scans. `afterChunk` gets
    /// each chunk's summary once it is written.
    func recompute(chunks nextChunk: (_ size: Int) throws -> RecomputeChunk?, force: Bool, everyLabelInRange: Bool = false, disjoint: Bool = false,
                   afterChunk: (_ chunk: RecomputeChunk, _ summary: RecomputeSummary) throws -> Void = { _, _ in }) throws -> RecomputeSummary {
        var total = RecomputeSummary()
        let pipeline = try RecomputePipeline(of: self, force: force)
        // Oldest first: the one being written, the one on the workers, the one being read.
        var inFlight: [ChunkJob] = []
        var size = Self.firstChunkSize
        do {
            while let chunk = try nextChunk(size) {
                size = min(size * 2, Self.chunkSize)
                let names = chunk.items.map(\.label)
                let keys = everyLabelInRange ? LabelKeys.range(first: names.first!, last: names.last!) : try keys(of: names)
                let job = ChunkJob(chunk: chunk, names: names, keys: keys)
                // Chunks may share a label (one queued again): its stored state may then be read
                // before a chunk in flight writes it.
                if !disjoint { job.namesWrittenAfterRead = inFlight.map(\.names) }
                pipeline.start(job)
                inFlight.append(job)
                if inFlight.count == 3 {
                    let oldest = inFlight.removeFirst()
                    oldest.group.wait()
                    try finish(oldest)
                }
            }
            for job in inFlight {
                job.group.wait()
                try finish(job)
            }
        } catch {
            for job in inFlight { job.group.wait() } // no job may outlive the call: its resolvers are shared
            throw error
        }
        resolverCache = pipeline.reader.catalog.resolverCache
        return total

        func finish(_ job: ChunkJob) throws {
            let (computed, counter) = try job.result.get()
            try refreshSettings()
            var rewritten: Set<String> = []
            if !job.namesWrittenAfterRead.isEmpty {
                let earlier = Set(job.namesWrittenAfterRead.joined())
                rewritten = Set(job.names.filter(earlier.contains))
            }
            let summary = try write(computed, readAtCounter: counter, deletingQueueEntries: job.chunk.queueIDs,
                                    requeueing: rewritten)
            total.add(summary)
            try afterChunk(job.chunk, summary)
        }
    }

    /// How to read the labels `names` lists: by range scans from the first name to the last
    /// when the labels between are not many more than the names (a queue naming every label of
    /// an import: a range scan reads each row once, where a lookup by name descends the tree
    /// for each), else name by name.
    func keys(of names: [String]) throws -> LabelKeys {
        guard names.count > 1, let first = names.min(), let last = names.max() else { return .names(names) }
        let between = try database.scalarInt("SELECT count(*) FROM labels WHERE name BETWEEN ?1 AND ?2", .text(first), .text(last)) ?? 0
        return between <= names.count * 2 ? .range(first: first, last: last) : .names(names)
    }

    /// One resolver per worker for the catalog at `counter` (now when nil), kept while the
    /// change counter is.
    func resolvers(counter: Int? = nil) throws -> ResultSlots<LabelResolver> {
        let counter = try counter ?? changeCounter()
        if let cache = resolverCache, cache.counter == counter { return cache.resolvers }
        let resolvers = ResultSlots(repeating: LabelResolver(tokens: try tokenSet()), count: ProcessInfoCores.count)
        resolverCache = (counter, resolvers)
        return resolvers
    }

    /// Records (with texts) of the labels `keys` names; missing ones are absent.
    func records(for keys: LabelKeys) throws -> [String: LabelRecord] { try records(for: keys, styles: nil).records }

    /// The same; with `styles`, labels of a style it has read share its fields, and each
    /// label's style key is given too.
    func records(for keys: LabelKeys, styles: StyleTable?) throws -> (records: [String: LabelRecord], styleKeys: [String: StyleColumns]) {
        var records: [String: LabelRecord] = [:]
        var styleKeys: [String: StyleColumns] = [:]
        records.reserveCapacity(keys.expectedCount)
        if styles != nil { styleKeys.reserveCapacity(keys.expectedCount) }
        let statement = try database.statement("SELECT \(Self.labelColumns) FROM labels WHERE \(keys.condition("name"))")
        try statement.bind(keys.bindings)
        while try statement.step() {
            if let styles {
                let (record, style) = labelRecord(from: statement, styles: styles)
                records[record.name] = record
                styleKeys[record.name] = style
            } else {
                let record = labelRecord(from: statement)
                records[record.name] = record
            }
        }
        try addTexts(to: &records, for: keys)
        return (records, styleKeys)
    }

    /// Adds to records read from `labels` their texts, their own and their keys'.
    private func addTexts(to records: inout [String: LabelRecord], for keys: LabelKeys) throws {
        let texts = try database.statement("SELECT label, locale, variant, text FROM label_texts WHERE \(keys.condition("label"))")
        try texts.bind(keys.bindings)
        // Rows come in label order: a label's record is looked up once for all its texts, and
        // changed where it is (not copied out and back).
        var label: (name: String, index: Dictionary<String, LabelRecord>.Index?) = ("", nil)
        while try texts.step() {
            if !texts.textEquals(0, label.name) {
                let name = texts.text(0) ?? ""
                label = (name, records.index(forKey: name))
            }
            guard let index = label.index else { continue }
            Self.addText(from: texts, to: &records.values[index])
        }
        try addKeyTexts(to: &records, where: keys.condition("l.name"), keys.bindings)
    }

    func records(for names: [String]) throws -> [String: LabelRecord] { try records(for: .names(names)) }

    /// Stored input hashes and dependencies of the labels `keys` names. Rows come in label
    /// order (each table's key starts with the label): a label's state is gathered while its
    /// rows last, and its name made once. For a forced recompute (`force`), which compares no
    /// hash, only which layouts are stored and their `truncated` flags are read (their hashes
    /// are ""): a row whose flag stays is written without it, which leaves the index of
    /// truncated layouts alone.
    func storedStates(for keys: LabelKeys, force: Bool = false) throws -> [String: StoredState] {
        var states: [String: StoredState] = [:]
        states.reserveCapacity(keys.expectedCount)
        /// Adds a label's state gathered from its rows (merged, should its rows come apart).
        func store(_ state: StoredState, of label: String) {
            guard !label.isEmpty, let earlier = states.updateValue(state, forKey: label) else { return }
            var merged = earlier
            merged.merge(state)
            states[label] = merged
        }
        let hashes = try database.statement(force ? """
            SELECT label, locale, variant, category, device, truncated FROM layouts WHERE \(keys.condition("label"))
            """ : """
            SELECT label, locale, variant, category, device, input_hash, frame_source, frame_x, frame_y, frame_width, frame_height,
                   frame_reason, scene_findings, truncated
            FROM layouts WHERE \(keys.condition("label"))
            """)
        try hashes.bind(keys.bindings)
        var label = ""
        var state = StoredState()
        while try hashes.step() {
            if !hashes.textEquals(0, label) {
                store(state, of: label)
                label = hashes.text(0) ?? ""
                state = StoredState()
                state.layouts.reserveCapacity(4) // a label's few layouts, without growing
            }
            let locale = hashes.text(1) ?? "", variant = hashes.text(2) ?? "", device = hashes.text(4) ?? ""
            // Nearly every row is at the default category: known without parsing.
            let category = hashes.textEquals(3, Self.defaultCategoryName) ? .large : ContentSizeCategory(rawValue: hashes.text(3) ?? "")
            if let known = category {
                let key = LayoutKey(locale: locale, variant: variant, category: known, device: device)
                guard !force else {
                    state.layouts.append(StoredLayoutState(key: key, hash: "", truncated: hashes.optionalInt(5)))
                    continue
                }
                let placement = hashes.text(6).map { source in
                    ScenePlacement(device: device, frame: Rect(x: hashes.double(7), y: hashes.double(8), width: hashes.double(9),
                                                               height: hashes.double(10)),
                                   source: source, reason: hashes.text(11), findings: hashes.text(12))
                }
                state.layouts.append(StoredLayoutState(key: key, hash: hashes.text(5) ?? "", placement: placement,
                                                       truncated: hashes.optionalInt(13)))
            } else {
                state.strays.append(StoredLayoutIdentity(locale: locale, variant: variant, category: hashes.text(3) ?? "", device: device))
            }
        }
        hashes.reset()
        store(state, of: label)
        // Dependencies are added where each label's state is (looked up once per label).
        let dependencies = try database.statement("SELECT label, token FROM label_dependencies WHERE \(keys.condition("label")) ORDER BY label, token")
        try dependencies.bind(keys.bindings)
        label = ""
        var index: Dictionary<String, StoredState>.Index?
        while try dependencies.step() {
            if index == nil || !dependencies.textEquals(0, label) {
                label = dependencies.text(0) ?? ""
                guard !label.isEmpty else { index = nil; continue } // no label has that name
                if states[label] == nil { states[label] = StoredState() } // a label with no layouts stored
                index = states.index(forKey: label)
                states.values[index!].dependencies.reserveCapacity(4) // a label's few tokens, without growing
            }
            states.values[index!].dependencies.append(dependencies.text(1) ?? "")
        }
        dependencies.reset()
        return states
    }

    func storedStates(for names: [String], force: Bool = false) throws -> [String: StoredState] {
        try storedStates(for: .names(names), force: force)
    }

    /// `ContentSizeCategory.large.rawValue`, made once.
    private static let defaultCategoryName = ContentSizeCategory.large.rawValue

    /// Resolves and lays out a chunk on all cores. Layouts whose stored input hash is
    /// unchanged are skipped unless `force`. Labels that cannot be laid out get rows recording
    /// their error and the hash of the inputs that failed (made here, after the workers: it
    /// needs the environment's fingerprint, which is computed once).
    static func compute(_ items: [RecomputeItem], records: [String: LabelRecord], styleKeys: [String: StyleColumns] = [:],
                        resolvers: ResultSlots<LabelResolver>, stored: [String: StoredState], force: Bool,
                        settings: CatalogSettings, engine: LayoutEngine, scenes: SceneContext? = nil) -> [ComputedItem] {
        scenes?.solve(items, records: records, resolvers: resolvers, settings: settings, engine: engine)
        let slots = ResultSlots<ComputedItem>(count: items.count)
        let workers = EveryCore.workers(for: items.count)
        let now = timestamp()
        // Labels are claimed a few at a time: one costs tens of microseconds.
        EveryCore.run(items: items.count, batch: Self.itemsPerClaim) { worker, claimed in
            var resolver = resolvers.take(worker)
            defer { resolvers.set(worker, resolver) }
            while let index = claimed.next() {
                let label = items[index].label
                slots.set(index, computeItem(items[index], record: records[label], style: styleKeys[label], resolver: &resolver,
                                             stored: stored[label] ?? StoredState(), force: force,
                                             settings: settings, engine: engine, scenes: scenes, now: now))
            }
        }
        LabelResolver.share(resolvers, count: workers)
        var computed = slots.takeAll()
        guard computed.contains(where: { $0.failure != nil }) else { return computed }
        let resolver = resolvers.take(0)
        defer { resolvers.set(0, resolver) }
        var hasher = LayoutHasher(engine: engine)
        for index in computed.indices {
            guard let failure = computed[index].failure, let record = records[computed[index].label] else { continue }
            let storedState = stored[record.name] ?? StoredState()
            for key in computed[index].failedKeys {
                let hash = hasher.failureHash(record, key: key, tokens: resolver.tokens)
                if !force, storedState.layout(key)?.hash == hash {
                    computed[index].unchanged += 1
                } else {
                    computed[index].rows.append(LayoutRow(label: record.name, key: key, error: failure.description,
                                                          inputHash: hash, computedAt: now))
                }
            }
        }
        return computed
    }

    /// How many labels a worker claims at a time.
    static let itemsPerClaim = 8

    /// Every layout a label has under `settings`: each text of `textKeys` at each category,
    /// on each of `devices`.
    static func layoutKeys(of record: LabelRecord, settings: CatalogSettings, devices: [String] = [""]) -> [LayoutKey] {
        layoutKeys(texts: settings.textKeys(of: record), settings: settings, devices: devices)
    }

    /// Each of `texts` at each category, on each of `devices`.
    static func layoutKeys(texts: [TextKey], settings: CatalogSettings, devices: [String] = [""]) -> [LayoutKey] {
        var keys: [LayoutKey] = []
        keys.reserveCapacity(texts.count * settings.categories.count * devices.count)
        for text in texts {
            for category in settings.categories {
                for device in devices { keys.append(LayoutKey(text, category: category, device: device)) }
            }
        }
        return keys
    }

    static func computeItem(_ item: RecomputeItem, record: LabelRecord?, style: StyleColumns? = nil, resolver: inout LabelResolver,
                            stored: StoredState, force: Bool, settings: CatalogSettings, engine: LayoutEngine,
                            scenes: SceneContext? = nil, now: String) -> ComputedItem {
        var result = ComputedItem(label: item.label)
        guard let record else {
            result.exists = false
            return result
        }
        let wantedLocales = item.locales.map { Set($0.flatMap(settings.localesReached(by:))) }
        func isWanted(_ locale: String) -> Bool { wantedLocales?.contains(locale) ?? true }
        let devices = scenes?.devices(ofLabel: item.label, settings: settings) ?? [""]
        let texts = settings.textKeys(of: record)
        let keys = layoutKeys(texts: texts, settings: settings, devices: devices)
        // A label has a few layouts: comparing keys costs less than hashing them, up to a point.
        let current = keys.count > 32 ? Set(keys) : nil
        var removed: [LayoutKey] = []
        for layout in stored.layouts where !(current?.contains(layout.key) ?? keys.contains(layout.key)) && isWanted(layout.key.locale) {
            removed.append(layout.key)
        }
        result.removed = removed.sorted()
            .map { StoredLayoutIdentity(locale: $0.locale, variant: $0.variant, category: $0.category.rawValue, device: $0.device) }
            + stored.strays
        do throws(CatalogError) {
            let resolved = try resolver.resolveForLayout(record, style: style)
            result.dependencies = resolved.style.sortedDependencies
            result.fontPaths = resolved.style.fontPaths
            // Each layout's hash once: from its layout when it is laid out anyway. A label of a
            // scene is laid out in the frame its scene was solved to on each device; its rows keep
            // the hash of its own inputs, and where it was placed (docs/autolayout.md).
            func inputHash(_ key: LayoutKey) throws(CatalogError) -> String {
                do {
                    return try engine.inputHash(resolved.definition, style: resolved.style.hashWords, locale: key.locale,
                                                variant: key.variant, category: key.category)
                } catch {
                    throw .cannotLayOut(label: item.label, error: error)
                }
            }
            /// Lays out `definition` with the hash its layout carries, or (nil: the label's own
            /// definition, not placed) hashing it with its style's words.
            func layOut(_ definition: LabelDefinition, _ key: LayoutKey, inputHash: String?) throws(CatalogError) -> ComputedLayout {
                do {
                    if let inputHash {
                        return try engine.layout(definition, locale: key.locale, variant: key.variant, category: key.category,
                                                 inputHash: inputHash)
                    }
                    return try engine.layout(definition, style: resolved.style.hashWords, locale: key.locale, variant: key.variant,
                                             category: key.category)
                } catch {
                    throw .cannotLayOut(label: item.label, error: error)
                }
            }
            var hashes: [String] = []
            hashes.reserveCapacity(keys.count)
            for textKey in layoutKeys(texts: texts, settings: settings) {
                let wanted = isWanted(textKey.locale)
                var hash: String?
                for device in devices {
                    let key = LayoutKey(textKey.text, category: textKey.category, device: device)
                    let placement = scenes?.placement(of: item.label, key: key)
                    /// The row of a layout; written without its `truncated` flag when the stored row's is the same.
                    func row(_ layout: ComputedLayout, hash: String, replacing storedLayout: StoredLayoutState?) -> LayoutRow {
                        var row = LayoutRow(layout: layout, inputHash: hash, computedAt: now)
                        if let placement { row.place(placement) }
                        if let storedLayout { row.compareTruncated(withStored: storedLayout.truncated) }
                        return row
                    }
                    var definition = resolved.definition
                    placement?.apply(to: &definition)
                    // A placed label's rows keep the hash of its own inputs, not of the frame it
                    // was placed in: the layout takes that hash instead of hashing its own.
                    if force, wanted {
                        let layout: ComputedLayout
                        if placement == nil {
                            layout = try layOut(definition, key, inputHash: nil)
                            if hash == nil { hash = layout.inputHash }
                        } else {
                            if hash == nil { hash = try inputHash(textKey) }
                            layout = try layOut(definition, key, inputHash: hash)
                        }
                        result.rows.append(row(layout, hash: hash!, replacing: stored.layout(key)))
                        continue
                    }
                    if hash == nil { hash = try inputHash(textKey) }
                    guard wanted else { continue }
                    let storedLayout = stored.layout(key)
                    if let storedLayout, storedLayout.hash == hash, storedLayout.placement == placement?.stored {
                        result.unchanged += 1
                    } else {
                        // Hashed already.
                        result.rows.append(row(try layOut(definition, key, inputHash: hash), hash: hash!, replacing: storedLayout))
                    }
                }
                if hash == nil { hash = try inputHash(textKey) }
                hashes.append(hash!)
            }
            result.snapshotHash = hashes.joined()
        } catch {
            result.failed = true
            result.failure = error
            result.dependencies = referencedTokens(record, tokens: resolver.tokens).sorted()
            result.rows = []
            result.failedKeys = keys.filter { isWanted($0.locale) }
        }
        result.dependencyChanges = DependencyChanges(from: stored.dependencies, to: result.dependencies)
        return result
    }

    /// The input hashes of every layout of a label, together: any change to the label, its
    /// texts, its tokens or the settings changes it (`computeItem` builds the same from the
    /// hashes it has).
    static func snapshotHash(_ record: LabelRecord, definition: LabelDefinition, settings: CatalogSettings,
                             engine: LayoutEngine) throws -> String {
        try layoutKeys(of: record, settings: settings).map {
            try engine.inputHash(definition, locale: $0.locale, variant: $0.variant, category: $0.category)
        }.joined()
    }

    /// Writes a computed chunk in one transaction. When the catalog changed since the chunk
    /// was read, each label is checked against its current inputs first. The labels of
    /// `requeueing` (written since the chunk was read, so what it read of them is stale) are
    /// queued again, not written.
    func write(_ computed: [ComputedItem], readAtCounter counter: Int, deletingQueueEntries queueIDs: [Int] = [],
               requeueing: Set<String> = []) throws -> RecomputeSummary {
        try writeTransaction {
            let changed = try changeCounter() != counter
            let summary = try writeComputed(computed, check: changed ? LabelResolver(tokens: try tokenSet()) : nil,
                                            requeueing: requeueing)
            if !queueIDs.isEmpty {
                try database.withoutTriggers {
                    // A claim takes entries in id order: its ids run on without gaps, mostly.
                    let delete = try database.statement("DELETE FROM recompute_queue WHERE id BETWEEN ? AND ?")
                    for run in Self.runs(of: queueIDs) { try delete.run(.integer(run.lowerBound), .integer(run.upperBound)) }
                    try finishClaims()
                }
            }
            return summary
        }
    }

    /// The ids as runs of consecutive ids (each id in exactly one run), in order.
    static func runs(of ids: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for id in ids.sorted() {
            if let last = runs.last, id <= last.upperBound + 1 {
                runs[runs.count - 1] = last.lowerBound...max(id, last.upperBound)
            } else {
                runs.append(id...id)
            }
        }
        return runs
    }

    /// Writes computed layouts (inside the caller's transaction). With `check`, a label whose
    /// current inputs differ from those it was computed from is queued again, not written.
    /// A label that no longer exists loses its layouts (an edit with foreign keys off, as in
    /// the sqlite3 shell, does not cascade) — when it still does not exist in this transaction:
    /// a label that was missing when the chunk was read may have been created since (an import
    /// racing `serve`), and its texts are then kept and it is queued again.
    func writeComputed(_ computed: [ComputedItem], check: LabelResolver?, requeueing: Set<String> = []) throws -> RecomputeSummary {
        try database.withoutTriggers { try writeComputedRows(computed, check: check, requeueing: requeueing) }
    }

    private func writeComputedRows(_ computed: [ComputedItem], check: LabelResolver?, requeueing: Set<String>) throws -> RecomputeSummary {
        var summary = RecomputeSummary()
        var check = check
        // Rows are written a statement's worth at a time, the rest at the end. A row whose
        // stored `truncated` stays goes through a statement that leaves that column (and so the
        // index of truncated layouts) alone — unless the catalog changed since the chunk was
        // read (`check`): what was stored then may not be now.
        let batch = LayoutColumn.rowsPerStatement
        let upsertBatch = try [false, true].map { try database.statement(LayoutColumn.upsertSQL(rows: batch, keepingTruncated: $0)) }
        let upsert = try [false, true].map { try database.statement(LayoutColumn.upsertSQL(rows: 1, keepingTruncated: $0)) }
        var pending: [[LayoutRow]] = [[], []]
        for kind in pending.indices { pending[kind].reserveCapacity(batch) }
        defer { for statement in upsertBatch + upsert { statement.reset() } } // their rows' texts were bound in place
        let clearDependencies = try database.statement("DELETE FROM label_dependencies WHERE label = ?")
        let removeDependency = try database.statement("DELETE FROM label_dependencies WHERE label = ? AND token = ?")
        let requeue = try database.statement("INSERT INTO recompute_queue (kind, name) VALUES ('label', ?)")
        let remove = try database.statement("DELETE FROM layouts WHERE label = ? AND locale = ? AND variant = ? AND category = ? AND device = ?")
        let exists = try database.statement("SELECT 1 FROM labels WHERE name = ?")
        // Items are read in place (`pointee`): a copy of one would retain each of its members.
        try computed.withUnsafeBufferPointer { items in for index in items.indices {
            let item = items.baseAddress! + index
            guard item.pointee.exists else {
                try exists.bind([.text(item.pointee.label)])
                let createdSince = try exists.step()
                exists.reset()
                if createdSince {
                    try requeue.run(.text(item.pointee.label))
                    summary.requeued += 1
                    continue
                }
                for table in ["layouts", "label_texts", "label_dependencies", "scene_labels"] {
                    try database.statement("DELETE FROM \(table) WHERE label = ?").run(.text(item.pointee.label))
                }
                continue
            }
            if requeueing.contains(item.pointee.label) {
                try requeue.run(.text(item.pointee.label))
                summary.requeued += 1
                continue
            }
            if check != nil {
                guard let current = try? label(named: item.pointee.label) else { continue } // removed meanwhile
                let hash = (try? check!.resolve(current))
                    .flatMap { try? Self.snapshotHash(current, definition: $0.definition, settings: settings, engine: engine) } ?? ""
                if hash != item.pointee.snapshotHash {
                    try requeue.run(.text(item.pointee.label))
                    summary.requeued += 1
                    continue
                }
            }
            summary.labels += 1
            for row in item.pointee.rows {
                let kind = row.keepsTruncated && check == nil ? 1 : 0
                pending[kind].append(row)
                if pending[kind].count == batch {
                    try upsertBatch[kind].run(pending[kind][...])
                    pending[kind].removeAll(keepingCapacity: true)
                }
            }
            for row in item.pointee.removed {
                try remove.run(.text(item.pointee.label), .text(row.locale), .text(row.variant), .text(row.category), .text(row.device))
            }
            for path in item.pointee.fontPaths where !knownFontPaths.contains(path) {
                try database.statement("INSERT OR IGNORE INTO layout_font_files (path) VALUES (?)").run(.text(path))
                knownFontPaths.insert(path)
            }
            if check != nil {
                // The catalog changed since the chunk was read: what was stored then may not be now.
                try clearDependencies.run(.text(item.pointee.label))
                try addDependencies(item.pointee.dependencies, of: item.pointee.label)
            } else if !item.pointee.dependencyChanges.isEmpty {
                for token in item.pointee.dependencyChanges.removed { try removeDependency.run(.text(item.pointee.label), .text(token)) }
                try addDependencies(item.pointee.dependencyChanges.added, of: item.pointee.label)
            }
            summary.written += item.pointee.rows.count
            summary.unchanged += item.pointee.unchanged
            if item.pointee.failed { summary.failed += 1 }
        } }
        for kind in pending.indices {
            for row in pending[kind].indices { try upsert[kind].run(pending[kind][row...row]) }
        }
        return summary
    }

    /// Inserts a label's dependencies on `tokens`, up to 16 in one statement.
    private func addDependencies(_ tokens: [String], of label: String) throws {
        var start = 0
        while start < tokens.count {
            let group = tokens[start..<min(start + 16, tokens.count)]
            start += group.count
            let rows = (0..<group.count).map { "(?1, ?\($0 + 2))" }.joined(separator: ", ")
            let insert = try database.statement("INSERT OR IGNORE INTO label_dependencies (label, token) VALUES \(rows)")
            try insert.bind([.text(label)] + group.map(SQLValue.text))
            try insert.step()
            insert.reset()
        }
    }

    /// Lays out every label the queue names (after an import, or edits made by others)
    /// through the recompute pipeline (`drainQueue`): each chunk of labels is laid out on all
    /// cores while the one before is written in its own transaction, so the write lock is
    /// never held for longer than one chunk's writes.
    public func layOutQueued() throws -> RecomputeSummary {
        guard !isReadOnly else { throw CatalogError.readOnly(path: path) }
        try releaseAbandonedClaims()
        return try drainQueue()
    }

    // MARK: - Bulk

    /// Names of labels matching any of the globs (all labels for none), in name order.
    public func labelNames(matching globs: [String]) throws -> [String] {
        let patterns = globs.isEmpty ? ["*"] : globs
        let statement = try database.statement("""
            SELECT name FROM labels WHERE EXISTS (SELECT 1 FROM json_each(?) WHERE labels.name GLOB json_each.value) ORDER BY name
            """)
        try statement.bind([.text(JSONValue.array(patterns.map(JSONValue.string)).jsonString())])
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0) ?? "") }
        return names
    }

    /// `labelcat recompute`: every layout of the matching labels, on all cores, skipping
    /// unchanged inputs unless `force`. Labels are read in name order, a chunk at a time
    /// (memory stays bounded). `progress` is called after each chunk with (labels done, all).
    ///
    /// For all labels (no globs), the freshness record answers first: when it holds under
    /// the current environment, only what the queue names can be stale, and that is all that
    /// is recomputed. Otherwise (or with `verify`) every label's input hash is checked, and a
    /// complete pass records freshness for the next time.
    public func recomputeAll(matching globs: [String], force: Bool, verify: Bool = false,
                             progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> RecomputeSummary {
        guard !isReadOnly else { throw CatalogError.readOnly(path: path) }
        let environment = try currentEnvironment()
        let state = try freshnessRecord()
        if globs.isEmpty, !force, !verify, state.environment == environment {
            var summary = try layOutQueued()
            summary.fromFreshnessRecord = true
            return summary
        }
        // Every label is paged by its name alone; globs are matched while paging.
        let patterns = JSONValue.array(globs.map(JSONValue.string)).jsonString()
        let matches = globs.isEmpty ? "" : " AND EXISTS (SELECT 1 FROM json_each(?2) WHERE labels.name GLOB json_each.value)"
        let bindings: [SQLValue] = globs.isEmpty ? [] : [.text(patterns)]
        var total = 0
        if progress != nil { // counted only for a progress report
            let count = try database.statement("SELECT count(*) FROM labels WHERE ?1 IS NULL\(matches)")
            try count.bind([.null] + bindings)
            if try count.step() { total = count.int(0) }
            count.reset()
        }
        let page = try database.statement("SELECT name FROM labels WHERE name > ?1\(matches) ORDER BY name LIMIT ?\(bindings.count + 2)")
        var after = ""
        var done = 0
        let summary = try recompute(chunks: { size in
            try page.bind([.text(after)] + bindings + [.integer(size)])
            defer { page.reset() }
            var names: [RecomputeItem] = []
            names.reserveCapacity(size)
            while try page.step() { names.append(RecomputeItem(label: page.text(0) ?? "", locales: nil)) }
            after = names.last?.label ?? after
            return names.isEmpty ? nil : RecomputeChunk(items: names)
        }, force: force, everyLabelInRange: globs.isEmpty, disjoint: true, afterChunk: { _, summary in
            done += summary.labels
            progress?(min(total, done), total)
        })
        if globs.isEmpty { try recordFreshness(environment, generation: state.generation) }
        return summary
    }
}
