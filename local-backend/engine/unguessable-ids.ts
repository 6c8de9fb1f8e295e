/**
 * Document ids that cannot be guessed, as Convex's are. convex-test numbers documents in
 * order ("10000books", "10001books", …), so anyone holding one storage URL could walk to the
 * others. Ids keep convex-test's shape (digits, then the table name, which is how it finds a
 * document's table) with 26 random digits (~86 bits) in place of the counter.
 */
import { randomInt } from "node:crypto";
import type { DatabaseFake } from "./convex-test-internals";

export const RANDOM_ID_DIGITS = 26;

type IdGenerator = { _generateId(table: string): string };

function randomDigits(count: number): string {
  let digits = "";
  while (digits.length < count) digits += String(randomInt(0, 1_000_000_000)).padStart(9, "0");
  return digits.slice(0, count);
}

/**
 * Replaces id generation for every convex-test database of this process (the app's and each
 * component's share the class), so no table anywhere gets sequential ids.
 */
export function installUnguessableIds(db: DatabaseFake): void {
  const prototype = Object.getPrototypeOf(db) as IdGenerator;
  if (typeof prototype._generateId !== "function") {
    throw new Error("local backend: this convex-test version generates ids differently than the engine expects");
  }
  prototype._generateId = function (this: DatabaseFake, table: string): string {
    for (;;) {
      const id = `${randomDigits(RANDOM_ID_DIGITS)}${table}`;
      if (this._documents[id] === undefined && !this._writes.some((level) => id in level)) return id;
    }
  };
}
