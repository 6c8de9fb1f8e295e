/**
 * Checks every document a function writes against Convex's document limits (./limits.ts) as it
 * is staged: convex-test computes the document an insert, patch or replace produces; when it
 * breaks a limit the write is taken back out of the transaction and the call throws, so a
 * function that catches the error has written nothing.
 */
import type { DatabaseFake } from "./convex-test-internals";
import { checkDocument } from "./limits";

export function installDocumentChecks(db: DatabaseFake): void {
  const insert = db.insert.bind(db);
  const patch = db.patch.bind(db);
  const replace = db.replace.bind(db);
  db.insert = (table, value) => {
    const id = insert(table, value);
    checkStaged(db, id, undefined);
    return id;
  };
  db.patch = (table, id, value) => {
    const previous = stagedWrite(db, id);
    patch(table, id, value);
    checkStaged(db, id, previous);
  };
  db.replace = (table, id, value) => {
    const previous = stagedWrite(db, id);
    replace(table, id, value);
    checkStaged(db, id, previous);
  };
}

/** The write of `id` already staged in the innermost transaction level (undefined: none). */
function stagedWrite(db: DatabaseFake, id: string) {
  return db._writes[db._writes.length - 1]?.[id];
}

function checkStaged(db: DatabaseFake, id: string, previous: ReturnType<typeof stagedWrite>): void {
  const level = db._writes[db._writes.length - 1];
  const staged = level?.[id];
  if (level === undefined || staged === undefined || staged === null) return;
  try {
    checkDocument(staged);
  } catch (error) {
    if (previous === undefined) delete level[id];
    else level[id] = previous;
    throw error;
  }
}
