/**
 * How far V8 lets the server's heap grow past what is alive before it collects.
 *
 * Left to its own heuristics on a machine with memory to spare, V8 lets the old space reach up to
 * about four times the live heap while the server is busy (a chat room of 200 readers: 80 MB live,
 * 430 MB resident). Growing by a quarter at most keeps the resident size near what is held without
 * capping it: a data folder whose documents need more heap still gets it (`--max-old-space-size`
 * would crash the server there). Measured by `npm run bench:slow-readers` (docs/benchmarks.md).
 */
import { setFlagsFromString } from "node:v8";

export const HEAP_GROWING_PERCENT = 25;

/**
 * Applies the limit to this process; V8 reads it at each collection, so setting it at start is
 * enough. A `--heap-growing-percent` given to node itself wins (`=0` is V8's own heuristics).
 */
export function limitHeapGrowth(): void {
  if (process.execArgv.some((flag) => flag.startsWith("--heap-growing-percent"))) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
