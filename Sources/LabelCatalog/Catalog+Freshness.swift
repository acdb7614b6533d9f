import LabelLayout

/// The freshness record (`layout_state`, docs/catalog.md): the environment every layout was
/// fresh under, which lets `recomputeAll` skip checking every label's input hash.
extension Catalog {
    /// The environment fingerprint now (`LayoutEngine.environmentFingerprint`), with the
    /// font files labels name by path.
    func currentEnvironment() throws -> String {
        let statement = try database.statement("SELECT path FROM layout_font_files")
        var paths: [String] = []
        while try statement.step() { paths.append(statement.text(0) ?? "") }
        return LayoutEngine.environmentFingerprint(fontPaths: paths)
    }

    /// `layout_state`: the environment every layout was fresh under (nil: unknown) and the
    /// number of times the record was voided.
    func freshnessRecord() throws -> (environment: String?, generation: Int) {
        let statement = try database.statement("SELECT environment, generation FROM layout_state WHERE id = 1")
        defer { statement.reset() }
        guard try statement.step() else { return (nil, 0) }
        return (statement.text(0), statement.int(1))
    }

    /// Records that every layout is fresh under `environment` (apart from what is queued),
    /// unless the record was voided since `generation` was read.
    func recordFreshness(_ environment: String, generation: Int) throws {
        try database.transaction {
            try database.statement("UPDATE layout_state SET environment = ? WHERE id = 1 AND generation = ?")
                .run(.text(environment), .integer(generation))
        }
    }
}
