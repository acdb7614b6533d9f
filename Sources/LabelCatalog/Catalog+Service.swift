#if canImport(Glibc)
import Glibc
#endif
import LabelJSON

/// One claimed entry of `recompute_queue`.
struct QueueEntry {
    var id: Int
    var kind: String
    var name: String
    var locale: String?
}

/// One drain of the recompute queue: from the first batch claimed until the queue is empty.
/// An entry queued before the pass began names an edit that every label the pass recomputes
/// already reflects (the pass read the label after the edit was committed), so such an entry
/// is skipped for a label the pass has done. Each label is then recomputed at most once per
/// pass, however many entries name it (a label edit and a token edit reaching it, say).
/// Entries queued during the pass are newer than its reads and are always followed.
struct RecomputePass {
    /// The change counter when the pass began: entries up to it were committed before.
    let startCounter: Int
    /// Labels recomputed in this pass: every locale (nil) or these locales.
    private var done: [String: Set<String>?] = [:]

    init(startCounter: Int) {
        self.startCounter = startCounter
    }

    /// What `entries` still ask of this pass: the items `expand` makes of them, less what the
    /// pass did for entries older than it. Records the result as done.
    mutating func items(for entries: [QueueEntry], expand: ([QueueEntry]) throws -> [RecomputeItem]) rethrows -> [RecomputeItem] {
        let olderCount = entries.count { $0.id <= startCounter }
        // The usual cases, all older or all newer: `expand` gives each label once, in name order,
        // as the result is.
        if olderCount == entries.count {
            var result = try expand(entries)
            result.removeAll { !markDone($0) }
            return result
        }
        if olderCount == 0 {
            let result = try expand(entries)
            for item in result { _ = markDone(item) }
            return result
        }
        var items: [String: Set<String>?] = [:]
        for item in try expand(entries.filter { $0.id <= startCounter }) where !isDone(item) { Self.merge(item, into: &items) }
        for item in try expand(entries.filter { $0.id > startCounter }) { Self.merge(item, into: &items) }
        let result = items.keys.sorted().map { RecomputeItem(label: $0, locales: items[$0]!) }
        for item in result { _ = markDone(item) }
        return result
    }

    /// Records `item` as done by the pass; whether it asked for anything the pass had not done.
    /// An item of every locale (the usual one) costs one lookup.
    private mutating func markDone(_ item: RecomputeItem) -> Bool {
        guard item.locales == nil else {
            let wasDone = isDone(item)
            Self.merge(item, into: &done)
            return !wasDone
        }
        let everyLocale: Set<String>? = nil
        if case .some(.none) = done.updateValue(everyLocale, forKey: item.label) { return false } // done already
        return true
    }

    private func isDone(_ item: RecomputeItem) -> Bool {
        guard let entry = done[item.label] else { return false }
        guard let locales = entry else { return true }
        return item.locales.map { $0.isSubset(of: locales) } ?? false
    }

    private static func merge(_ item: RecomputeItem, into items: inout [String: Set<String>?]) {
        // Every locale (the usual item) covers whatever was there: no need to look first.
        guard item.locales != nil else {
            items[item.label] = .some(nil)
            return
        }
        switch (items[item.label], item.locales) {
        case (nil, let locales): items[item.label] = .some(locales)
        case (.some(let known?), let locales?): items[item.label] = .some(known.union(locales))
        default: items[item.label] = .some(nil)
        }
    }
}

extension Catalog {
    /// A claim older than this is taken over even if its process seems alive (another host).
    static let claimLeaseSeconds = 600.0

    /// The recompute service (docs/catalog.md): drains the queue through the recompute
    /// pipeline (`drainQueue`), claiming up to `batchSize` entries at a time (a chunk), and writes the
    /// layouts of each chunk with the queue entries it finishes in one transaction. Waits for
    /// commits of other processes by polling `PRAGMA data_version`. Returns when `shouldStop`
    /// says so (between chunks), or with `once` when the queue is empty. Throws
    /// `CatalogError.replaced` when the catalog's path comes to name another file, or none
    /// (checked before each claim and at each poll): its queue is then another's.
    public func serve(pollMilliseconds: Int = 200, once: Bool = false, batchSize: Int = 2048,
                      log: (String) -> Void, shouldStop: () -> Bool) throws {
        guard !isReadOnly else { throw CatalogError.readOnly(path: path) }
        var lastVersion = try database.dataVersion()
        while !shouldStop() {
            try checkStillAtPath()
            do {
                try releaseAbandonedClaims()
                var started = Self.monotonicSeconds()
                _ = try drainQueue(claimLimit: batchSize, beforeClaim: { try checkStillAtPath(); return !shouldStop() }) { entries, summary in
                    var line = "serve: \(entries) queue entries → \(summary.labels) labels, \(summary.written) layouts written"
                    if summary.unchanged > 0 { line += ", \(summary.unchanged) unchanged" }
                    if summary.failed > 0 { line += ", \(summary.failed) failed" }
                    if summary.requeued > 0 { line += ", \(summary.requeued) edited meanwhile (queued again)" }
                    let now = Self.monotonicSeconds()
                    log(line + " in \(Int((now - started) * 1000)) ms")
                    started = now
                }
            } catch let error where Self.isBusy(error) {
                // Another writer held the catalog past the busy timeout (a long import, a
                // machine under load): the chunk it was writing was rolled back; try it again.
                log("serve: the catalog stayed busy (\(error)); trying again")
                try? releaseClaims(of: Int(getpid()))
                usleep(UInt32(max(1, pollMilliseconds)) * 1000)
                continue
            }
            if once { return }
            while !shouldStop() {
                usleep(UInt32(max(1, pollMilliseconds)) * 1000)
                try checkStillAtPath()
                let version = try database.dataVersion()
                if version != lastVersion {
                    lastVersion = version
                    break
                }
            }
        }
    }

    /// Recomputes what the queue names through the recompute pipeline until no entry is left
    /// to claim, or `beforeClaim` returns false. Entries are claimed up to `claimLimit` at a
    /// time while the workers lay out the chunk before (so reading, laying out and writing
    /// overlap however the queue is fed), expanded into the labels they name that the pass
    /// has not done, and removed with the chunk that finishes them; a chunk holds as many as
    /// the pipeline asks for (`firstChunkSize`, doubling). `afterChunk` gets each
    /// chunk written: the number of queue entries it finished, and its summary.
    func drainQueue(claimLimit: Int = chunkSize, beforeClaim: () throws -> Bool = { true },
                    afterChunk: (_ entries: Int, _ summary: RecomputeSummary) throws -> Void = { _, _ in }) throws -> RecomputeSummary {
        var pass = RecomputePass(startCounter: try changeCounter())
        var pending: [RecomputeItem] = []
        var pendingIDs: [Int] = []
        var claiming = true
        return try recompute(chunks: { size in
            while claiming, pending.count < size {
                let claimed = try beforeClaim() ? try claim(limit: min(claimLimit, size)) : []
                guard !claimed.isEmpty else { claiming = false; break }
                pending += try database.transaction(write: false) { try pass.items(for: claimed, expand: expand) }
                pendingIDs += claimed.map(\.id)
            }
            guard !pending.isEmpty || !pendingIDs.isEmpty else { return nil }
            let items = Array(pending.prefix(size))
            pending.removeFirst(items.count)
            guard pending.isEmpty else { return RecomputeChunk(items: items) }
            defer { pendingIDs = [] }
            return RecomputeChunk(items: items, queueIDs: pendingIDs)
        }, force: false, afterChunk: { chunk, summary in try afterChunk(chunk.queueIDs.count, summary) })
    }

    /// Claims up to `limit` unclaimed entries for this process, oldest first. A claim is a row of
    /// `recompute_claims` per run of entries taken: the ids from its first entry to its last.
    /// The unclaimed entries are read between the claims held (few: the chunks in flight), so
    /// no claimed entry is read or written.
    func claim(limit: Int) throws -> [QueueEntry] {
        try database.transaction {
            var held: [ClosedRange<Int>] = []
            let claims = try database.statement("SELECT first_id, last_id FROM recompute_claims ORDER BY first_id")
            while try claims.step() { held.append(claims.int(0)...max(claims.int(0), claims.int(1))) }
            claims.reset()
            let between = try database.statement("SELECT id, kind, name, locale FROM recompute_queue WHERE id > ? AND id < ? ORDER BY id LIMIT ?")
            defer { between.reset() }
            var entries: [QueueEntry] = []
            var taken: [ClosedRange<Int>] = []
            var after = Int.min
            for index in 0...held.count where entries.count < limit {
                let before = index < held.count ? held[index].lowerBound : Int.max
                try between.bind([.integer(after), .integer(before), .integer(limit - entries.count)])
                let start = entries.count
                while try between.step() {
                    entries.append(QueueEntry(id: between.int(0), kind: between.text(1) ?? "", name: between.text(2) ?? "",
                                              locale: between.text(3)))
                }
                between.reset()
                if entries.count > start { taken.append(entries[start].id...entries[entries.count - 1].id) }
                if index < held.count { after = max(after, held[index].upperBound) }
            }
            let insert = try database.statement("INSERT INTO recompute_claims (first_id, last_id, claimed_by, claimed_at) VALUES (?, ?, ?, ?)")
            let now = Self.wallSeconds()
            for range in taken {
                try insert.run(.integer(range.lowerBound), .integer(range.upperBound), .integer(Int(getpid())), .real(now))
            }
            return entries
        }
    }

    /// Removes this process's claims whose entries are all gone (written and deleted).
    func finishClaims() throws {
        try database.statement("""
            DELETE FROM recompute_claims
            WHERE claimed_by = ? AND NOT EXISTS (SELECT 1 FROM recompute_queue WHERE id BETWEEN first_id AND last_id)
            """).run(.integer(Int(getpid())))
    }

    /// True for SQLite's "database is locked" however it is wrapped.
    static func isBusy(_ error: any Error) -> Bool {
        switch error {
        case let error as DatabaseError: error.resultCode == .SQLITE_BUSY
        case CatalogError.database(let error): error.resultCode == .SQLITE_BUSY
        default: false
        }
    }

    /// Gives back the queue entries a process claimed, for another pass to claim.
    func releaseClaims(of owner: Int) throws {
        try database.transaction {
            try database.statement("DELETE FROM recompute_claims WHERE claimed_by = ?").run(.integer(owner))
        }
    }

    /// Frees the claims of processes that are gone (a killed service) or older than the lease.
    func releaseAbandonedClaims() throws {
        let statement = try database.statement("SELECT DISTINCT claimed_by FROM recompute_claims")
        var owners: [Int] = []
        while try statement.step() { owners.append(statement.int(0)) }
        let me = Int(getpid())
        let gone = owners.filter { $0 != me && kill(pid_t($0), 0) != 0 && errno == ESRCH }
        let oldest = Self.wallSeconds() - Self.claimLeaseSeconds
        let hasExpired = (try database.scalarInt("SELECT count(*) FROM recompute_claims WHERE claimed_at < ?", .real(oldest)) ?? 0) > 0
        guard !gone.isEmpty || hasExpired else { return }
        try database.transaction {
            try database.statement("""
                DELETE FROM recompute_claims WHERE claimed_by IN (SELECT value FROM json_each(?)) OR claimed_at < ?
                """).run(.text(JSONValue.array(gone.map { .number(Double($0)) }).jsonString()), .real(oldest))
        }
    }

    /// The labels (and locales) queue entries name: a label or text edit names its label, a
    /// token edit every label that uses it, directly or through aliases.
    func expand(_ entries: [QueueEntry]) throws -> [RecomputeItem] {
        // The usual queue, edits of labels in no scene: its labels, each once, in name order.
        if entries.allSatisfy({ $0.kind == "label" }), try database.scalarInt("SELECT EXISTS (SELECT 1 FROM scene_labels)") == 0 {
            var names = entries.map(\.name)
            names.sort()
            var items: [RecomputeItem] = []
            items.reserveCapacity(names.count)
            for (index, name) in names.enumerated() where index == 0 || name != names[index - 1] {
                items.append(RecomputeItem(label: name, locales: nil))
            }
            return items
        }
        var wholeLabels: Set<String> = []
        var someLocales: [String: Set<String>] = [:]
        func add(_ label: String, _ locale: String?) {
            if let locale { someLocales[label, default: []].insert(locale) } else { wholeLabels.insert(label) }
        }
        let dependents = try database.statement("SELECT label FROM label_dependencies WHERE token = ?")
        for entry in entries {
            switch entry.kind {
            case "label": add(entry.name, nil)
            case "text": add(entry.name, entry.locale ?? "")
            case "token":
                dependents.reset()
                try dependents.bind([.text(entry.name)])
                while try dependents.step() { add(dependents.text(0) ?? "", nil) }
                dependents.reset()
            default:
                for name in try labelNames(matching: []) { add(name, nil) }
            }
        }
        // The labels of a scene are laid out together: a text of one moves the others.
        let named = wholeLabels.union(someLocales.keys)
        if !named.isEmpty, try database.scalarInt("SELECT EXISTS (SELECT 1 FROM scene_labels)") == 1 {
            let mates = try database.statement("""
                SELECT s.label, m.label FROM scene_labels s JOIN scene_labels m ON m.file = s.file AND m.scene = s.scene
                WHERE s.label IN (SELECT value FROM json_each(?)) AND m.label <> s.label
                """)
            try mates.bind([.text(JSONValue.array(named.sorted().map(JSONValue.string)).jsonString())])
            var found: [(String, String)] = []
            while try mates.step() { found.append((mates.text(0) ?? "", mates.text(1) ?? "")) }
            for (label, mate) in found {
                if wholeLabels.contains(label) {
                    add(mate, nil)
                } else {
                    for locale in someLocales[label] ?? [] { add(mate, locale) }
                }
            }
        }
        let labels = wholeLabels.union(someLocales.keys).sorted()
        return labels.map { RecomputeItem(label: $0, locales: wholeLabels.contains($0) ? nil : someLocales[$0]) }
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func wallSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
