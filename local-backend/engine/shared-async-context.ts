/**
 * AsyncLocalStorage instances that share one slot of Node's async context.
 *
 * Before Node 24, every live AsyncLocalStorage copies its store onto every promise created
 * anywhere in the process, so each instance costs a little on every `await`, and a query run
 * awaits a few hundred times. The engine has a dozen instances (convex-test's six, ours, the
 * libraries'). Instances of this class keep their stores in one frame carried by a single Node
 * AsyncLocalStorage, so a promise pays for one instance however many there are
 * (`npm run bench:backend` quotes the gain). Node 24 carries async context in a frame already
 * (AsyncContextFrame), so there nothing is replaced.
 *
 * Behaviour is AsyncLocalStorage's (run, exit, enterWith, getStore, disable, bind, snapshot);
 * tests/local-backend/shared-async-context.test.ts holds it to Node's own class.
 */
import asyncHooks from "node:async_hooks";
import { syncBuiltinESMExports } from "node:module";

type NodeAsyncLocalStorageClass = typeof asyncHooks.AsyncLocalStorage;

/**
 * One class per process, and so one carrier (the first evaluation's), however many times this
 * module is evaluated (test runners evaluate it once per test file; the builtin stays replaced).
 */
type Registry = { node: NodeAsyncLocalStorageClass; shared: typeof SharedAsyncLocalStorageClass };
const processWide = globalThis as unknown as Record<symbol, Registry | undefined>;
const registryKey = Symbol.for("local-backend.shared-async-context");

/** Node's own class, as it was before shareAsyncContext() replaced the export. */
export const NodeAsyncLocalStorage: NodeAsyncLocalStorageClass =
  processWide[registryKey]?.node ?? asyncHooks.AsyncLocalStorage;

/** The stores of every SharedAsyncLocalStorage in one async context; never changed once made. */
type Frame = ReadonlyMap<object, unknown>;

const carrier = new NodeAsyncLocalStorage<Frame>();

/** The current frame with `storage` set to `store` (a new frame: the old one may still be in use). */
function withStore(storage: object, store: unknown): Frame {
  const frame = new Map(carrier.getStore());
  if (store === undefined) frame.delete(storage);
  else frame.set(storage, store);
  return frame;
}

class SharedAsyncLocalStorageClass<T> {
  static bind = NodeAsyncLocalStorage.bind.bind(NodeAsyncLocalStorage);
  static snapshot = NodeAsyncLocalStorage.snapshot.bind(NodeAsyncLocalStorage);

  /** After disable(), getStore answers undefined until the next run or enterWith (as Node's does). */
  private disabled = false;

  getStore(): T | undefined {
    if (this.disabled) return undefined;
    return carrier.getStore()?.get(this) as T | undefined;
  }

  run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    this.disabled = false;
    return carrier.run(withStore(this, store), callback, ...args);
  }

  exit<R, A extends unknown[]>(callback: (...args: A) => R, ...args: A): R {
    return carrier.run(withStore(this, undefined), callback, ...args);
  }

  enterWith(store: T): void {
    this.disabled = false;
    carrier.enterWith(withStore(this, store));
  }

  disable(): void {
    this.disabled = true;
  }
}

const registry = (processWide[registryKey] ??= { node: NodeAsyncLocalStorage, shared: SharedAsyncLocalStorageClass });

export const SharedAsyncLocalStorage = registry.shared;
export type SharedAsyncLocalStorage<T> = SharedAsyncLocalStorageClass<T>;

const nodeMajor = Number(process.versions.node.split(".")[0]);

/**
 * Makes `new AsyncLocalStorage()` of "node:async_hooks" a SharedAsyncLocalStorage for every
 * module evaluated afterwards. convex-test makes its six when its module is evaluated, so
 * open-engine.ts imports ./install-shared-async-context before it. Instances made earlier keep
 * working as they are. Does nothing on Node 24 and later.
 */
export function shareAsyncContext(): void {
  if (nodeMajor >= 24 || asyncHooks.AsyncLocalStorage === (SharedAsyncLocalStorage as unknown)) return;
  (asyncHooks as { AsyncLocalStorage: unknown }).AsyncLocalStorage = SharedAsyncLocalStorage;
  syncBuiltinESMExports();
}
