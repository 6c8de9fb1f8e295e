/**
 * Document ids that cannot be guessed, as Convex's are. convex-test numbers documents in
 * order ("10000books", "10001books", …), so anyone holding one storage URL could walk to the
 * others. Ids keep convex-test's shape (digits, then the table name, which is how it finds a
 * document's table) with random digits in place of the counter: at least 26 (~86 bits), and
 * as many as make the usual 32 characters, so documents keep the size they have on Convex.
 */
import { randomInt } from "node:crypto";
import type { DatabaseFake } from "./convex-test-internals";

export const RANDOM_ID_DIGITS = 26;
const TYPICAL_ID_LENGTH = 32;

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
      const digits = Math.max(RANDOM_ID_DIGITS, TYPICAL_ID_LENGTH - table.length);
      const id = `${randomDigits(digits)}${table}`;
      if (this._documents[id] === undefined && !this._writes.some((level) => id in level)) return id;
    }
  };
}
