import LabelCatalog

/// What to do about a catalog error, in this program's terms (its commands and flags): the
/// library states the problem, the CLI adds this after it.
func hint(for error: CatalogError) -> String? {
    switch error {
    case .missingCatalog: "run 'labelcat init' to create one (or pass --db PATH)"
    case .emptyDatabase: "run 'labelcat init' to create a catalog in it"
    case .schemaOutdated: "run 'labelcat init' to upgrade it"
    case .staleLayouts: "run 'labelcat recompute' with write access"
    case .tokenInUse: "or use --force"
    case .unknownKeys: "give those labels the keys with 'labelcat label set NAME --key TABLE:KEY', or import without --strict"
    case .invalidSetting: "set it with 'labelcat settings set'"
    default: nil
    }
}

/// An error as the CLI prints it after "Error: ": its message, and for a catalog error the hint.
func message(for error: Error) -> String {
    guard let catalogError = error as? CatalogError, let hint = hint(for: catalogError) else { return "\(error)" }
    return "\(catalogError); \(hint)"
}
