/**
 * SharedAsyncLocalStorage must behave exactly like Node's AsyncLocalStorage: convex-test, the
 * engine and libraries get one in its place (local-backend/engine/shared-async-context.ts).
 * Each scenario runs with both classes and must log the same, and what is expected.
 */
import asyncHooks from "node:async_hooks";
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import {
  NodeAsyncLocalStorage,
  SharedAsyncLocalStorage,
  shareAsyncContext,
} from "../../local-backend/engine/shared-async-context";

type Storage<T> = {
  getStore(): T | undefined;
  run<R>(store: T, callback: () => R): R;
  exit<R>(callback: () => R): R;
  enterWith(store: T): void;
  disable(): void;
};
type StorageClass = {
  new <T>(): Storage<T>;
  bind<F extends (...args: never[]) => unknown>(fn: F): F;
  snapshot(): <R>(fn: () => R) => R;
};

const CLASSES: [string, StorageClass][] = [
  ["Node's AsyncLocalStorage", NodeAsyncLocalStorage as unknown as StorageClass],
  ["SharedAsyncLocalStorage", SharedAsyncLocalStorage as unknown as StorageClass],
];

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** Runs `scenario` with each class; both logs must equal `expected`. */
async function expectBoth(scenario: (Storage: StorageClass) => Promise<unknown[]>, expected: unknown[]) {
  for (const [name, Storage] of CLASSES) {
    expect(await scenario(Storage), name).toEqual(expected);
  }
}

describe("SharedAsyncLocalStorage behaves as Node's AsyncLocalStorage", () => {
  it("a store is seen inside run, after awaits, in timers and callbacks, and not outside", async () => {
    await expectBoth(
      async (Storage) => {
        const storage = new Storage<string>();
        const log: unknown[] = [storage.getStore()];
        await storage.run("request", async () => {
          log.push(storage.getStore());
          await tick();
          log.push(storage.getStore());
          await new Promise<void>((resolve) =>
            setImmediate(() => {
              log.push(storage.getStore());
              resolve();
            }),
          );
          await new Promise<void>((resolve) =>
            process.nextTick(() => {
              log.push(storage.getStore());
              resolve();
            }),
          );
          const emitter = new EventEmitter();
          emitter.on("event", () => log.push(storage.getStore()));
          emitter.emit("event");
        });
        log.push(storage.getStore());
        return log;
      },
      [undefined, "request", "request", "request", "request", "request", undefined],
    );
  });

  it("nested runs see the inner store and get the outer one back; exit hides it for a while", async () => {
    await expectBoth(
      async (Storage) => {
        const storage = new Storage<number>();
        const log: unknown[] = [];
        await storage.run(1, async () => {
          await storage.run(2, async () => {
            await tick();
            log.push(storage.getStore());
          });
          log.push(storage.getStore());
          storage.exit(() => log.push(storage.getStore()));
          await storage.exit(async () => {
            await tick();
            log.push(storage.getStore());
          });
          log.push(storage.getStore());
        });
        return log;
      },
      [2, 1, undefined, undefined, 1],
    );
  });

  it("instances are independent of each other", async () => {
    await expectBoth(
      async (Storage) => {
        const first = new Storage<string>();
        const second = new Storage<string>();
        const log: unknown[] = [];
        await first.run("a", async () => {
          await second.run("b", async () => {
            await tick();
            log.push([first.getStore(), second.getStore()]);
            first.exit(() => log.push([first.getStore(), second.getStore()]));
          });
          log.push([first.getStore(), second.getStore()]);
        });
        return log;
      },
      [
        ["a", "b"],
        [undefined, "b"],
        ["a", undefined],
      ],
    );
  });

  it("runs at the same time never see each other's stores", async () => {
    await expectBoth(
      async (Storage) => {
        const storage = new Storage<number>();
        const seen = await Promise.all(
          [1, 2, 3].map((store) =>
            storage.run(store, async () => {
              const mine: unknown[] = [];
              for (let step = 0; step < 3; step++) {
                await tick();
                mine.push(storage.getStore());
              }
              return mine;
            }),
          ),
        );
        return seen;
      },
      [
        [1, 1, 1],
        [2, 2, 2],
        [3, 3, 3],
      ],
    );
  });

  it("enterWith sets the store for the rest of the synchronous execution (the caller's too) and what follows it", async () => {
    await expectBoth(
      async (Storage) => {
        const storage = new Storage<string>();
        const log: unknown[] = [];
        await storage.run("outer", async () => {
          await (async () => {
            storage.enterWith("entered");
            log.push(storage.getStore());
            await tick();
            log.push(storage.getStore());
          })();
          log.push(storage.getStore());
        });
        storage.run("elsewhere", () => log.push(storage.getStore()));
        return log;
      },
      ["entered", "entered", "entered", "elsewhere"],
    );
  });

  it("disable hides the store until the next run", async () => {
    await expectBoth(
      async (Storage) => {
        const storage = new Storage<string>();
        const log: unknown[] = [];
        storage.run("before", () => {
          storage.disable();
          log.push(storage.getStore());
        });
        storage.run("after", () => log.push(storage.getStore()));
        return log;
      },
      [undefined, "after"],
    );
  });

  it("bind and snapshot call back into the context they were made in", async () => {
    await expectBoth(
      async (Storage) => {
        const storage = new Storage<string>();
        const bound = storage.run("bound", () => Storage.bind(() => storage.getStore()));
        const snapshot = storage.run("snapshot", () => Storage.snapshot());
        return storage.run("elsewhere", () => [bound(), snapshot(() => storage.getStore())]);
      },
      ["bound", "snapshot"],
    );
  });
});

describe("shareAsyncContext", () => {
  it("makes node:async_hooks hand out shared storages from then on (before Node 24)", async () => {
    shareAsyncContext();
    const { AsyncLocalStorage } = await import("node:async_hooks");
    const expected =
      Number(process.versions.node.split(".")[0]) >= 24 ? NodeAsyncLocalStorage : SharedAsyncLocalStorage;
    expect(AsyncLocalStorage).toBe(expected);
    expect(asyncHooks.AsyncLocalStorage).toBe(expected);
    expect(
      new AsyncLocalStorage<number>().run(7, function (this: void) {
        return 7;
      }),
    ).toBe(7);
  });
});
