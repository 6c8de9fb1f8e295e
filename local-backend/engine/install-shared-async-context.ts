/** Imported for its effect, before convex-test: see shared-async-context.ts. */
import { shareAsyncContext } from "./shared-async-context";

shareAsyncContext();
