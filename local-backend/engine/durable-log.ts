/**
 * The write-ahead log with group commit. Commits append a line synchronously (they happen
 * inside convex-test's synchronous commit); one flush loop writes everything pending with a
 * single write + fdatasync, then runs the lines' "after durable" callbacks and wakes whoever
 * waits in `sync()`. When the log outgrows the snapshot, the flush writes a new snapshot
 * instead and starts an empty log (compaction), so the folder stays proportional to the data.
 */
import { open, truncate, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { AsyncResource } from "node:async_hooks";
import { fsyncFolder, PRIVATE_FILE_MODE, writeFileAtomically } from "./fs-durable";
import { logFileName, SNAPSHOT_FILE } from "./persisted-state";

/** Compaction starts once the log is larger than this and larger than the last snapshot. */
const MIN_LOG_BYTES_BEFORE_COMPACTION = 4 * 1024 * 1024;

export type DurableLogOptions = {
  dataDir: string;
  generation: number;
  logBytes: number;
  snapshotBytes: number;
  /** The whole database as snapshot text for the given generation (called synchronously). */
  serializeSnapshot: (generation: number) => string;
  minLogBytesBeforeCompaction?: number;
};

export class DurableLog {
  private pendingLines: string[] = [];
  private pendingCallbacks: (() => void)[] = [];
  private appended = 0;
  private durable = 0;
  private waiters: { target: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  private flushing: Promise<void> | null = null;
  private failure: Error | null = null;
  private compactionRequested = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  // The flush loop runs in the context the log was opened in, not in whatever function's
  // async context happened to commit first (convex-test keys its state on that context).
  private readonly rootScope = new AsyncResource("local-backend-durable-log");

  private constructor(
    private handle: FileHandle,
    private generation: number,
    private logBytes: number,
    private snapshotBytes: number,
    private readonly options: DurableLogOptions,
  ) {}

  static async open(options: DurableLogOptions): Promise<DurableLog> {
    const file = path.join(options.dataDir, logFileName(options.generation));
    const handle = await open(file, "a", PRIVATE_FILE_MODE);
    // Cut a torn last line (a crash mid-append) so new lines start on a line boundary.
    await truncate(file, options.logBytes);
    await fsyncFolder(options.dataDir);
    return new DurableLog(handle, options.generation, options.logBytes, options.snapshotBytes, options);
  }

  /** Appends a committed transaction; `afterDurable` runs once it is on disk. */
  append(line: string, afterDurable?: () => void): void {
    this.pendingLines.push(line);
    if (afterDurable !== undefined) this.pendingCallbacks.push(afterDurable);
    this.appended += 1;
    this.flushing ??= this.rootScope.runInAsyncScope(() => this.flushLoop());
  }

  /** Work that must finish before what was appended so far counts as durable (file writes). */
  track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
  }

  /** Resolves when everything appended (and tracked) before the call is durable. */
  async sync(): Promise<void> {
    if (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
    if (this.failure !== null) throw this.failure;
    const target = this.appended;
    if (this.durable >= target) return;
    await new Promise<void>((resolve, reject) => this.waiters.push({ target, resolve, reject }));
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.pendingLines.length > 0) {
        const lines = this.pendingLines;
        const callbacks = this.pendingCallbacks;
        this.pendingLines = [];
        this.pendingCallbacks = [];
        const target = this.appended;
        if (this.shouldCompact()) {
          // The snapshot is taken now, so it already holds these lines' writes.
          await this.compact();
        } else {
          const text = lines.join("");
          await this.handle.write(text);
          await this.handle.datasync();
          this.logBytes += Buffer.byteLength(text);
        }
        this.durable = target;
        for (const callback of callbacks) runSafely(callback);
        this.wakeWaiters();
      }
    } catch (error) {
      this.fail(error as Error);
    } finally {
      this.flushing = null;
    }
  }

  /** From now on nothing counts as durable: every sync() rejects with this error. */
  fail(error: Error): void {
    this.failure ??= new Error(`local backend: cannot write the data folder ${this.options.dataDir}: ${error.message}`);
    console.error(this.failure.message);
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure);
  }

  private shouldCompact(): boolean {
    if (this.compactionRequested) return true;
    const minimum = this.options.minLogBytesBeforeCompaction ?? MIN_LOG_BYTES_BEFORE_COMPACTION;
    return this.logBytes > minimum && this.logBytes > this.snapshotBytes;
  }

  /** Snapshot generation g+1, then an empty log g+1, then the old log goes. */
  private async compact(): Promise<void> {
    this.compactionRequested = false;
    const next = this.generation + 1;
    const text = this.options.serializeSnapshot(next);
    const { dataDir } = this.options;
    await writeFileAtomically(path.join(dataDir, SNAPSHOT_FILE), text);
    const newHandle = await open(path.join(dataDir, logFileName(next)), "w", PRIVATE_FILE_MODE);
    await fsyncFolder(dataDir);
    await this.handle.close();
    await unlink(path.join(dataDir, logFileName(this.generation)));
    this.handle = newHandle;
    this.generation = next;
    this.logBytes = 0;
    this.snapshotBytes = Buffer.byteLength(text);
  }

  /** Compacts now (tests; a server may call it when idle). */
  async compactNow(): Promise<void> {
    this.compactionRequested = true;
    this.append("");
    await this.sync();
  }

  get currentGeneration(): number {
    return this.generation;
  }

  private wakeWaiters(): void {
    const stillWaiting = [];
    for (const waiter of this.waiters) {
      if (waiter.target <= this.durable) waiter.resolve();
      else stillWaiting.push(waiter);
    }
    this.waiters = stillWaiting;
  }

  async close(): Promise<void> {
    await this.sync().catch(() => undefined);
    await this.handle.close();
  }
}

function runSafely(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    console.error("local backend: a commit listener failed", error);
  }
}
