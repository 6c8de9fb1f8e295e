/**
 * `compare`: every PNG present in both folders, pixel by pixel (pixelmatch, threshold 0.1, its
 * anti-aliasing detection on), as a table of the share of pixels that differ, with a diff picture
 * per screen (differences in red over a faded copy of the first). Shots of different sizes are
 * compared over the region they share (top left), and the table says by how much they differ:
 * a page that grew taller usually moved everything below the change, which the share shows too.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

export const DEFAULT_DIFF_DIR = "/tmp/screens-diff";
const THRESHOLD = 0.1;

type Row = { screen: string; sizeA: string; sizeB: string; percent: number; note: string };

export function compare(dirA: string, dirB: string, diffDir: string): void {
  const inA = pngNames(dirA);
  const inB = new Set(pngNames(dirB));
  const common = inA.filter((name) => inB.has(name));
  mkdirSync(diffDir, { recursive: true });
  const rows = common.map((name) => compareOne(name, dirA, dirB, diffDir));
  printTable(rows);
  const onlyA = inA.filter((name) => !inB.has(name));
  const onlyB = [...inB].filter((name) => !inA.includes(name));
  if (onlyA.length > 0) console.log(`Only in ${dirA}: ${onlyA.join(", ")}`);
  if (onlyB.length > 0) console.log(`Only in ${dirB}: ${onlyB.join(", ")}`);
  const differing = rows.filter((row) => row.percent > 0 || row.note !== "").length;
  console.log(
    `${rows.length} compared, ${rows.length - differing} identical, ${differing} differ; diffs in ${diffDir}`,
  );
}

function pngNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".png"))
    .sort();
}

function compareOne(name: string, dirA: string, dirB: string, diffDir: string): Row {
  const a = PNG.sync.read(readFileSync(path.join(dirA, name)));
  const b = PNG.sync.read(readFileSync(path.join(dirB, name)));
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  const diff = new PNG({ width, height });
  const differing = pixelmatch(crop(a, width, height), crop(b, width, height), diff.data, width, height, {
    threshold: THRESHOLD,
  });
  writeFileSync(path.join(diffDir, name), PNG.sync.write(diff));
  const notes: string[] = [];
  if (a.width !== b.width) notes.push(`width ${signed(b.width - a.width)} px`);
  if (a.height !== b.height) notes.push(`height ${signed(b.height - a.height)} px`);
  if (notes.length > 0) notes.push(`top-left ${width}×${height} compared`);
  return {
    screen: name.replace(/\.png$/, ""),
    sizeA: `${a.width}×${a.height}`,
    sizeB: `${b.width}×${b.height}`,
    percent: width * height === 0 ? 0 : (100 * differing) / (width * height),
    note: notes.join(", "),
  };
}

/** The top-left `width`×`height` of an image's RGBA pixels (the image itself when that is all of it). */
function crop(image: PNG, width: number, height: number): Uint8Array {
  if (image.width === width && image.height === height) return image.data;
  const rowBytes = width * 4;
  const out = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const start = y * image.width * 4;
    out.set(image.data.subarray(start, start + rowBytes), y * rowBytes);
  }
  return out;
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

function printTable(rows: Row[]): void {
  const header = ["screen", "size A", "size B", "% differing", "note"];
  const cells = rows.map((row) => [row.screen, row.sizeA, row.sizeB, formatPercent(row.percent), row.note]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column]!.length)));
  const line = (cell: string[]) =>
    cell
      .map((text, column) => (column === 3 ? text.padStart(widths[column]!) : text.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const cell of cells) console.log(line(cell));
}

/** Exactly 0 only when no pixel differs; a single pixel still shows (as <0.001). */
function formatPercent(percent: number): string {
  if (percent === 0) return "0";
  return percent < 0.001 ? "<0.001" : percent.toFixed(3);
}
