import { convexToJson, type JSONValue } from "convex/values";
import { describe, expect, it } from "vitest";
import { checkedResultText, resultText } from "../../local-backend/engine/result-text";

const asConvexWrites = (value: unknown) => JSON.stringify(convexToJson(value as JSONValue));

describe("a query result's text", () => {
  it("is what convexToJson and JSON.stringify make of an ordinary value: fields in name order, undefined fields left out", () => {
    const shared = { userId: "1users", displayName: "Ann", photoURL: null };
    const values: unknown[] = [
      null,
      true,
      0,
      -1.5,
      1e21,
      "",
      'quotes " and \\ and émoji 📚',
      [],
      {},
      [1, "two", null, false, [3]],
      { z: 1, a: { y: [{ c: 1, b: 2 }], x: undefined }, _id: "9books", _creationTime: 1.5 },
      {
        books: [
          { title: "Dune", creator: shared },
          { title: "Emma", creator: shared },
        ],
        isDone: false,
      },
      Object.assign(Object.create(null), { b: 1, a: 2 }),
    ];
    for (const value of values) expect(resultText(value), JSON.stringify(value)).toBe(asConvexWrites(value));
  });

  it("leaves to the general path what needs converting or breaks a rule", () => {
    class Book {
      title = "Dune";
    }
    const deep: unknown[] = [];
    let inner = deep;
    for (let i = 0; i < 64; i++) {
      const next: unknown[] = [];
      inner.push(next);
      inner = next;
    }
    for (const value of [
      NaN,
      Infinity,
      -0,
      1n,
      new ArrayBuffer(2),
      [undefined],
      { $reserved: 1 },
      { naïve: 1 },
      new Book(),
      new Map(),
      Array.from({ length: 8193 }, () => 0),
      deep,
    ]) {
      expect(resultText(value)).toBeNull();
    }
  });

  it("keeps the general path's answers and errors for those values", () => {
    expect(checkedResultText(1n)).toBe(asConvexWrites(1n));
    expect(checkedResultText({ x: -0 })).toBe(asConvexWrites({ x: -0 }));
    expect(() => checkedResultText([undefined])).toThrow("undefined is not a valid Convex value");
    expect(() => checkedResultText({ $reserved: 1 })).toThrow(
      "Field name $reserved starts with a '$', which is reserved.",
    );
    expect(() => checkedResultText(Array.from({ length: 8193 }, () => 0))).toThrow(
      "Array length is too long (8193 > maximum length 8192)",
    );
    expect(() => checkedResultText("x".repeat(16 * 1024 * 1024 - 1))).toThrow(
      "Function return value is too large (16 MiB > maximum size 16 MiB)",
    );
    expect(checkedResultText("x".repeat(16 * 1024 * 1024 - 2))).toHaveLength(16 * 1024 * 1024);
  });
});
