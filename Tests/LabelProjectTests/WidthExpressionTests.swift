import LabelProject
import Testing

@Suite struct WidthExpressionTests {
    @Test("Arithmetic on the device's width, with the usual precedence")
    func values() throws {
        let cases: [(String, Double)] = [
            ("device", 375), ("device - 32", 343), ("(device - 48) / 2", 163.5), ("device × 0.5", 187.5),
            ("device ÷ 3", 125), ("device − 10", 365), ("2 * device - 16", 734), ("-10 + device", 365),
            ("device - 16 - 16", 343), ("device / 5 / 5", 15), ("240", 240), ("12.5", 12.5), (" device-32 ", 343),
            ("-(device - 400)", 25), ("device*(1/3)", 125),
        ]
        for (text, expected) in cases {
            let expression = try WidthExpression(parsing: text)
            #expect(expression.value(deviceWidth: 375) == expected, "\(text)")
            // Written back, it reads as the same expression.
            #expect(try WidthExpression(parsing: expression.description) == expression, "\(expression)")
        }
        #expect(try WidthExpression(parsing: "device - 32") == .difference(.device, .number(32)))
        #expect(try WidthExpression(parsing: "(device - 48) / 2").description == "(device - 48) / 2")
        #expect(try WidthExpression(parsing: "device - 32").usesDevice)
        #expect(try !WidthExpression(parsing: "(2 + 3) * 4").usesDevice)
    }

    @Test("Errors name the character where reading stopped")
    func errors() {
        let cases: [(String, WidthExpressionError)] = [
            ("", WidthExpressionError(position: 1, reason: "an empty width: expected a number or device")),
            ("device -", WidthExpressionError(position: 9, reason: "expected a number, device or ( at the end")),
            ("devise - 3", WidthExpressionError(position: 1, reason: "unknown name \"devise\": the only name is device (the device's width)")),
            ("device 32", WidthExpressionError(position: 8, reason: "unexpected '3': expected an operator (+ - * /)")),
            ("((device)", WidthExpressionError(position: 10, reason: "expected ) before end")),
            ("1..2", WidthExpressionError(position: 1, reason: "\"1..2\" is not a number")),
            ("device % 2", WidthExpressionError(position: 8, reason: "unexpected '%': expected an operator (+ - * /)")),
            (String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40),
             WidthExpressionError(position: 33, reason: "parentheses nested more than 32 deep")),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try WidthExpression(parsing: text) }
        }
        #expect(WidthExpressionError(position: 8, reason: "x").description == "x at character 8")
    }
}
