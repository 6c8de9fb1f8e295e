/**
 * Synthesises Duma's swipe sound (our own, like the music): a quarter-second whoosh of noise
 * whose brightness rises and falls, written to public/duma/swipe.mp3.
 * Run: npx tsx scripts/make-duma-sound.ts (npm run make:duma-sound).
 */
import { Mp3Encoder } from "@breezystack/lamejs";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { SAMPLE_RATE, seededRandom, toInt16 } from "./make-tracks-synth";

const SECONDS = 0.28;
const KBPS = 48;

const random = seededRandom(7);
const samples = new Float32Array(Math.round(SAMPLE_RATE * SECONDS));
let low = 0;
let band = 0;
for (let i = 0; i < samples.length; i++) {
  const t = i / samples.length;
  // A swell: quick rise, longer fall.
  const envelope = Math.sin(Math.PI * Math.pow(t, 0.6)) ** 2;
  // The filter opens and closes with the swell, which is what makes noise sound like air moving.
  const cutoff = 0.04 + 0.22 * envelope;
  const noise = random() * 2 - 1;
  low += cutoff * (noise - low);
  band += cutoff * (low - band);
  samples[i] = (low - band) * envelope * 2.4;
}

const pcm = toInt16(samples);
const encoder = new Mp3Encoder(1, SAMPLE_RATE, KBPS);
const chunks: Uint8Array[] = [];
for (let offset = 0; offset < pcm.length; offset += 1152) {
  chunks.push(encoder.encodeBuffer(pcm.subarray(offset, offset + 1152)));
}
chunks.push(encoder.flush());
const file = join(import.meta.dirname, "..", "public", "duma", "swipe.mp3");
writeFileSync(file, Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length))));
console.log(`Wrote ${file}`);
