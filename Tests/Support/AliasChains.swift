/// SQL that puts a chain of aliases in a catalog behind labelcat's back, as the sqlite3 shell
/// can (no check): `c.t0 → c.t1 → … → c.tN = 5`, number tokens, replacing any `c.t0`.
public func aliasChainSQL(aliases: Int) -> String {
    """
    BEGIN;
    DELETE FROM tokens WHERE name = 'c.t0';
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(aliases))
    INSERT INTO tokens (name, type, value)
        SELECT 'c.t' || i, 'number', CASE WHEN i = \(aliases) THEN '5' ELSE '"{c.t' || (i + 1) || '}"' END FROM n;
    COMMIT;
    """
}
