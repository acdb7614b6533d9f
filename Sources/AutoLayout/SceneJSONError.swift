import LabelJSON

/// Why a scene's JSON cannot be read back: the member that is wrong, by its path from the scene
/// (`root.subviews[2].constraints[0].priority`), and what is wrong with it.
public struct SceneJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "scene JSON: \(path): \(problem)" }
}

/// Reads the members of one JSON object, each once, and refuses the members it did not read.
struct SceneJSONFields {
    private let object: JSONObject
    let path: String
    private var read: Set<String> = []

    init(_ value: JSONValue, path: String) throws(SceneJSONError) {
        guard let object = value.object else {
            throw SceneJSONError(path: path, problem: "must be an object, found \(value.kindDescription)")
        }
        self.object = object
        self.path = path
    }

    func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    mutating func value(_ key: String) -> JSONValue? {
        read.insert(key)
        return object[key]
    }

    func wrongType(_ key: String, _ expected: String, _ found: JSONValue) -> SceneJSONError {
        SceneJSONError(path: path(key), problem: "must be \(expected), found \(found.kindDescription)")
    }

    mutating func optionalString(_ key: String) throws(SceneJSONError) -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value.string else { throw wrongType(key, "a string", value) }
        return text
    }

    mutating func string(_ key: String) throws(SceneJSONError) -> String {
        guard let text = try optionalString(key) else { throw SceneJSONError(path: path(key), problem: "is missing") }
        return text
    }

    mutating func optionalNumber(_ key: String) throws(SceneJSONError) -> Double? {
        guard let value = value(key) else { return nil }
        guard let number = value.number else { throw wrongType(key, "a number", value) }
        return number
    }

    mutating func number(_ key: String) throws(SceneJSONError) -> Double {
        guard let number = try optionalNumber(key) else { throw SceneJSONError(path: path(key), problem: "is missing") }
        return number
    }

    mutating func optionalInteger(_ key: String) throws(SceneJSONError) -> Int? {
        guard let number = try optionalNumber(key) else { return nil }
        guard number == number.rounded(), abs(number) < 1e15 else {
            throw SceneJSONError(path: path(key), problem: "must be a whole number, found \(number)")
        }
        return Int(number)
    }

    mutating func optionalBool(_ key: String) throws(SceneJSONError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(key, "true or false", value) }
        return flag
    }

    mutating func array(_ key: String) throws(SceneJSONError) -> [JSONValue] {
        guard let value = value(key) else { return [] }
        guard let items = value.array else { throw wrongType(key, "an array", value) }
        return items
    }

    mutating func strings(_ key: String) throws(SceneJSONError) -> [String] {
        var result: [String] = []
        for (index, item) in try array(key).enumerated() {
            guard let text = item.string else {
                throw SceneJSONError(path: "\(path(key))[\(index)]", problem: "must be a string, found \(item.kindDescription)")
            }
            result.append(text)
        }
        return result
    }

    /// Each item of an array member read by `decode`, with its path.
    mutating func list<T>(_ key: String, _ decode: (JSONValue, String) throws(SceneJSONError) -> T) throws(SceneJSONError) -> [T] {
        var result: [T] = []
        for (index, item) in try array(key).enumerated() {
            result.append(try decode(item, "\(path(key))[\(index)]"))
        }
        return result
    }

    /// A string member naming a case of `T` (its raw value).
    mutating func enumeration<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T? = nil) throws(SceneJSONError) -> T
    where T.RawValue == String {
        guard let text = try optionalString(key) else {
            if let fallback { return fallback }
            throw SceneJSONError(path: path(key), problem: "is missing")
        }
        guard let value = T(rawValue: text) else {
            throw SceneJSONError(path: path(key), problem: "must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(text)\"")
        }
        return value
    }

    /// Refuses members that were not read: a misspelt member is never silently dropped.
    func finish() throws(SceneJSONError) {
        for key in object.keys where !read.contains(key) {
            throw SceneJSONError(path: path(key), problem: "is not a member of this object")
        }
    }
}
