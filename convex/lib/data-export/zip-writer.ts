/**
 * The export's ZIP, written as it goes with fflate's streaming `Zip`: JSON files are deflated a
 * page at a time, images are stored as they are (ZipPassThrough: JPEG, PNG, WebP and GIF are
 * compressed already, deflating them again costs time and saves nothing). Only the compressed
 * output is kept (`chunks`), never the decoded rows of earlier pages nor more than one image.
 */
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { JsonRow, JsonValue } from "./sections";

const encoder = new TextEncoder();

/** Output is gathered into Blob parts of about this size, so the ZIP is held once, not twice, at the end. */
const PART_BYTES = 4 * 1024 * 1024;

/** Pretty JSON indented one more level, so items read well inside their array. */
const indented = (value: JsonValue, depth: number): string =>
  JSON.stringify(value, null, 2).replace(/\n/g, `\n${"  ".repeat(depth)}`);

export class ZipWriter {
  /** Output not yet gathered into a Blob part. */
  private chunks: Uint8Array[] = [];
  private pending = 0;
  /** The output so far, in Blobs of about PART_BYTES each. */
  private readonly parts: Blob[] = [];
  private bytes = 0;
  private failure: Error | null = null;
  private readonly zip: Zip;

  constructor() {
    this.zip = new Zip((error, data) => {
      if (error) this.failure = error;
      else {
        this.chunks.push(data);
        this.bytes += data.length;
        this.pending += data.length;
        if (this.pending >= PART_BYTES) this.gather();
      }
    });
  }

  /** A whole small file. */
  addText(name: string, text: string): void {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    file.push(encoder.encode(text), true);
    this.check();
  }

  /** A JSON array file written a page of items at a time. */
  openArray(name: string): JsonArrayFile {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    return new JsonArrayFile(file, () => this.check());
  }

  /** A stored image, copied through chunk by chunk without recompressing. */
  async addStream(name: string, stream: ReadableStream<Uint8Array>): Promise<void> {
    const file = new ZipPassThrough(name);
    this.zip.add(file);
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      file.push(value, false);
      this.check();
    }
    file.push(new Uint8Array(0), true);
    this.check();
  }

  /** Ends the archive; the ZIP's bytes as a Blob for ctx.storage.store. */
  finish(): Blob {
    this.zip.end();
    this.check();
    this.gather();
    // A Blob made of Blobs refers to their bytes (Node.js): no second copy of the whole ZIP.
    return new Blob(this.parts, { type: "application/zip" });
  }

  /** Bytes of ZIP written so far (what this writer holds in memory). */
  get size(): number {
    return this.bytes;
  }

  /** Moves the output chunks into one Blob part: each byte is copied once, and the chunks can go. */
  private gather(): void {
    if (this.chunks.length === 0) return;
    this.parts.push(new Blob(this.chunks as BlobPart[]));
    this.chunks = [];
    this.pending = 0;
  }

  private check(): void {
    if (this.failure !== null) throw this.failure;
  }
}

/**
 * One JSON file: `[`, the items, `]`, or an object whose last key is such an array (messages.json
 * nests each conversation's messages). Text is pushed to the deflater once per page.
 */
export class JsonArrayFile {
  private first = true;

  constructor(
    private readonly file: ZipDeflate,
    private readonly check: () => void,
    private readonly depth = 1,
  ) {
    this.push("[");
  }

  /** Appends a page of items. */
  write(items: JsonValue[]): void {
    if (items.length === 0) return;
    const pad = "  ".repeat(this.depth);
    const text = items.map(
      (item, index) => `${this.first && index === 0 ? "" : ","}\n${pad}${indented(item, this.depth)}`,
    );
    this.first = false;
    this.push(text.join(""));
  }

  /**
   * Starts an object item whose last key, `arrayKey`, is an array written with `write` on the
   * returned file until `closeNested` (one conversation and its messages).
   */
  openNested(head: JsonRow, arrayKey: string): JsonArrayFile {
    const pad = "  ".repeat(this.depth);
    const inner = JSON.stringify(head, null, 2).slice(0, -2).replace(/\n/g, `\n${pad}`);
    this.push(`${this.first ? "" : ","}\n${pad}${inner},\n${pad}  ${JSON.stringify(arrayKey)}: `);
    this.first = false;
    return new JsonArrayFile(this.file, this.check, this.depth + 2);
  }

  /** Ends an array opened by openNested, and the object around it. */
  closeNested(): void {
    const pad = "  ".repeat(this.depth - 2);
    this.push(`${this.first ? "" : `\n${pad}  `}]\n${pad}}`);
  }

  /** Ends the file. */
  close(): void {
    this.file.push(encoder.encode(`${this.first ? "" : "\n"}]\n`), true);
    this.check();
  }

  private push(text: string): void {
    this.file.push(encoder.encode(text), false);
    this.check();
  }
}
