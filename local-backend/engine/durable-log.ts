/**
 * The write-ahead log with group commit. Commits append a record synchronously (they happen
 * inside convex-test's synchronous commit) and get a sequence number; one flush loop writes
 * everything pending with a single write + fdatasync, then runs the records' "after durable"
 * callbacks and wakes whoever waits for them. When the log outgrows the snapshot, the flush
 * writes a new snapshot instead and starts an empty log (compaction).
 *
 * When a write fails (disk full, folder made read-only), nothing of it counts: the log file is
 * cut back to its last whole record, every commit not yet durable is undone in memory (nobody
 * was told about them, no subscription saw them), their callers are rejected, and the next
 * commit tries the disk again, so writes resume by themselves once there is space.
 */
import { AsyncResource } from "node:async_hooks";
import { SharedAsyncLocalStorage } from "./shared-async-context";
import path from "node:path";
import { FolderSyncError, type DataFiles, type LogFile } from "./fs-durable";
import { logFileName, SNAPSHOT_FILE } from "./persisted-state";

/** Compaction starts once the log is larger than this and larger than the last snapshot. */
const MIN_LOG_BYTES_BEFORE_COMPACTION = 4 * 1024 * 1024;

export type DurableLogOptions = {
  dataDir: string;
  generation: number;
  logBytes: number;
  /** The log's last record lacks its newline (it is added before anything else). */
  missingNewline?: boolean;
  snapshotBytes: number;
  files: DataFiles;
  /** The whole database as snapshot text for the given generation (called synchronously). */
  serializeSnapshot: (generation: number) => string;
  /**
   * Runs `undo` (synchronous) at a moment no transaction is open, so no function sees the
   * database half undone. The engine waits for convex-test's transaction lock.
   */
  whenNoTransaction: (undo: () => void) => Promise<void>;
  minLogBytesBeforeCompaction?: number;
  /** Where problems go (default console.error). */
  report?: (line: string) => void;
};

/** A committed transaction's record and what to do around its write. */
export type LogEntry = {
  text: string;
  /** Runs before the batch holding this record is written (e.g. a stored file's rename). */
  beforeWrite?: () => Promise<void>;
  /** Runs once the record is durable. */
  afterDurable?: () => void;
  /** Reverts the commit in memory when its record could not be written. */
  undo?: () => void;
  /**
   * Why this commit cannot be recorded at all (its record could not be made): it is undone with
   * every commit after it, while those before it are written as usual.
   */
  refusal?: Error;
};

type Pending = LogEntry & { seq: number };

/** The error every caller of an undone commit gets. */
export class WriteFailedError extends Error {
  constructor(dataDir: string, cause: unknown) {
    super(`cannot write the data folder ${dataDir}: ${describeWriteError(cause)}; nothing was saved`);
    this.name = "WriteFailedError";
  }
}

/** The error every caller of a commit that could not be recorded gets (and of commits made on top of it). */
export class CommitRefusedError extends Error {
  constructor(reason: Error) {
    super(`${reason.message}; nothing was saved`, { cause: reason });
    this.name = "CommitRefusedError";
  }
}

export class DurableLog {
  private pending: Pending[] = [];
  private appended = 0;
  private durable = 0;
  /** Sequence ranges undone after a failed write. */
  private readonly undone: { from: number; to: number; error: Error }[] = [];
  private waiters: { target: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  private flushing: Promise<void> | null = null;
  /** The file may end in part of a record: cut it back before the next write. */
  private needsCut = false;
  private failing = false;
  private compactionRequested = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly commitsOfCall = new SharedAsyncLocalStorage<number[]>();
  // The flush loop runs in the context the log was opened in, not in whatever function's
  // async context happened to commit first (convex-test keys its state on that context).
  private readonly rootScope = new AsyncResource("local-backend-durable-log");

  private constructor(
    private file: LogFile,
    private generation: number,
    private logBytes: number,
    private snapshotBytes: number,
    private readonly options: DurableLogOptions,
  ) {}

  static async open(options: DurableLogOptions): Promise<DurableLog> {
    const file = await options.files.openLog(path.join(options.dataDir, logFileName(options.generation)), "append");
    // Cut a torn last record (a crash mid-append) so new records start on a line boundary.
    await file.truncate(options.logBytes);
    let logBytes = options.logBytes;
    if (options.missingNewline === true) {
      await file.append(Buffer.from("\n"));
      await file.datasync();
      logBytes += 1;
    }
    await options.files.syncFolder(options.dataDir);
    return new DurableLog(file, options.generation, logBytes, options.snapshotBytes, options);
  }

  /** Appends a committed transaction's record; returns its sequence number. */
  append(entry: LogEntry): number {
    const seq = ++this.appended;
    this.pending.push({ ...entry, seq });
    this.commitsOfCall.getStore()?.push(seq);
    this.kick();
    return seq;
  }

  /** Work that must finish before what was appended so far counts as durable (file writes). */
  track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
  }

  /**
   * Runs `call` and resolves with its result once every commit it made is durable; rejects
   * with a WriteFailedError if one of them could not be written (and was undone). A failing
   * call's own error wins, after its earlier commits (an action's) are settled either way.
   */
  async durably<T>(call: () => Promise<T>): Promise<T> {
    const seqs: number[] = [];
    let outcome: { ok: true; value: T } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, value: await this.commitsOfCall.run(seqs, call) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    const last = seqs.at(-1);
    const written = last === undefined ? this.settleTracked() : this.waitFor(last);
    if (!outcome.ok) {
      await written.catch(() => undefined);
      throw outcome.error;
    }
    await written;
    return outcome.value;
  }

  /** Resolves when everything appended (and tracked) before the call is durable. */
  async sync(): Promise<void> {
    await this.waitFor(this.appended);
  }

  private async settleTracked(): Promise<void> {
    if (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async waitFor(target: number): Promise<void> {
    await this.settleTracked();
    const undone = this.undoneError(target);
    if (undone !== null) throw undone;
    if (this.durable >= target) return;
    await new Promise<void>((resolve, reject) => this.waiters.push({ target, resolve, reject }));
  }

  private undoneError(seq: number): Error | null {
    return this.undone.find(({ from, to }) => seq >= from && seq <= to)?.error ?? null;
  }

  private kick(): void {
    this.flushing ??= this.rootScope.runInAsyncScope(() => this.flushLoop());
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        // Up to the first commit that cannot be recorded, if any.
        const refused = this.pending.findIndex(({ refusal }) => refusal !== undefined);
        const batch = this.pending.splice(0, refused === -1 ? this.pending.length : refused);
        if (batch.length === 0) {
          // The commits after it were made on top of it (they may have read its writes): undone too.
          const error = new CommitRefusedError((this.pending[0] as Pending).refusal as Error);
          this.report(`local backend: ${error.message}`);
          await this.undo(this.pending.splice(0), error);
          continue;
        }
        try {
          await this.write(batch);
        } catch (cause) {
          const error = new WriteFailedError(this.options.dataDir, cause);
          if (!this.failing) this.report(`local backend: ${error.message}`);
          this.failing = true;
          await this.undo(batch, error);
          continue;
        }
        if (this.failing) {
          this.failing = false;
          this.report(`local backend: writing to ${this.options.dataDir} works again`);
        }
        this.durable = (batch.at(-1) as Pending).seq;
        for (const { afterDurable } of batch) if (afterDurable !== undefined) runSafely(afterDurable);
        this.wakeWaiters();
      }
    } finally {
      this.flushing = null;
      // Commits made while the last pass ended are written by a new one.
      if (this.pending.length > 0) this.kick();
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    if (this.shouldCompact()) {
      // The snapshot is taken now, synchronously, so it holds exactly this batch's writes.
      const text = this.options.serializeSnapshot(this.generation + 1);
      for (const { beforeWrite } of batch) if (beforeWrite !== undefined) await beforeWrite();
      await this.compact(text);
      return;
    }
    for (const { beforeWrite } of batch) if (beforeWrite !== undefined) await beforeWrite();
    if (this.needsCut) {
      await this.file.truncate(this.logBytes);
      this.needsCut = false;
    }
    const bytes = Buffer.from(batch.map(({ text }) => text).join(""));
    this.needsCut = true;
    await this.file.append(bytes);
    await this.file.datasync();
    this.needsCut = false;
    this.logBytes += bytes.length;
  }

  /** The batch (and every commit made since) could not be written: none of it happened. */
  private async undo(batch: Pending[], error: Error): Promise<void> {
    let undone: Pending[] = [];
    await this.options.whenNoTransaction(() => {
      undone = [...batch, ...this.pending];
      this.pending = [];
      for (const entry of [...undone].reverse()) {
        try {
          entry.undo?.();
        } catch (undoError) {
          this.report(`local backend: undoing a commit failed: ${String(undoError)}`);
        }
      }
    });
    // Its bytes may be in the log whole (written, then the sync failed): cut them now, before its
    // callers hear it was not saved, or a stop before the next write would bring it back at start.
    await this.cutBack();
    const from = (undone[0] as Pending).seq;
    const to = (undone.at(-1) as Pending).seq;
    this.undone.push({ from, to, error });
    const stillWaiting = [];
    for (const waiter of this.waiters) {
      if (waiter.target >= from && waiter.target <= to) waiter.reject(error);
      else stillWaiting.push(waiter);
    }
    this.waiters = stillWaiting;
  }

  private shouldCompact(): boolean {
    if (this.compactionRequested) return true;
    const minimum = this.options.minLogBytesBeforeCompaction ?? MIN_LOG_BYTES_BEFORE_COMPACTION;
    return this.logBytes > minimum && this.logBytes > this.snapshotBytes;
  }

  /**
   * Log g+1 (empty), then snapshot g+1, then the old log goes. Until the snapshot is renamed
   * into place nothing changed (a new empty log of the next generation is ignored at start);
   * once it is, the batch is durable, and an old log left behind is removed at the next start.
   */
  private async compact(text: string): Promise<void> {
    const { dataDir, files } = this.options;
    const next = this.generation + 1;
    const nextLogName = path.join(dataDir, logFileName(next));
    const nextLog = await files.openLog(nextLogName, "new");
    let keepOldLog = false;
    try {
      await files.writeAtomically(path.join(dataDir, SNAPSHOT_FILE), text);
    } catch (error) {
      if (!(error instanceof FolderSyncError)) {
        await nextLog.close().catch(() => undefined);
        await files.remove(nextLogName).catch(() => undefined);
        throw error;
      }
      // The new snapshot is in place and names the new log, so the compaction stands (undoing it
      // would leave a snapshot whose log is gone: a folder that does not start). The old log is
      // kept until the next start, which removes it once it finds the new snapshot.
      this.report(`local backend: ${error.message}`);
      keepOldLog = true;
    }
    this.compactionRequested = false;
    const oldLog = this.file;
    const oldLogName = path.join(dataDir, logFileName(this.generation));
    this.file = nextLog;
    this.generation = next;
    this.logBytes = 0;
    this.needsCut = false;
    this.snapshotBytes = Buffer.byteLength(text);
    await oldLog.close().catch(() => undefined);
    if (!keepOldLog) await files.remove(oldLogName).catch(() => undefined);
  }

  /** Compacts now (tests; a server may call it when idle). */
  async compactNow(): Promise<void> {
    this.compactionRequested = true;
    this.append({ text: "" });
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

  private report(line: string): void {
    (this.options.report ?? console.error)(line);
  }

  async close(): Promise<void> {
    await this.sync().catch(() => undefined);
    while (this.flushing !== null) await this.flushing;
    await this.cutBack();
    await this.file.close();
  }

  /** Takes the log back to its last durable record when a refused write may have left bytes in it. */
  private async cutBack(): Promise<void> {
    if (!this.needsCut) return;
    try {
      await this.file.truncate(this.logBytes);
      await this.file.datasync();
      this.needsCut = false;
    } catch (error) {
      // Still needed: the next write (or the close) tries again first.
      this.report(`local backend: cutting back a refused write failed: ${String(error)}`);
    }
  }
}

function describeWriteError(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === "ENOSPC") return "the disk is full";
  if (code === "EROFS") return "the file system is read-only";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EDQUOT") return "the disk quota is used up";
  return message;
}

function runSafely(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    console.error("local backend: a commit listener failed", error);
  }
}
