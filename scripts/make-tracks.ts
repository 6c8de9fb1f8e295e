/**
 * Synthesises the app's five music tracks (PRODUCT D11: music of our own making) and writes them
 * as small MP3 files to public/audio/. Each track is a loop of chord progression, bass, pad,
 * optional arpeggio and drums, and a melody built from two seeded motifs (A A B A form).
 * 22.05 kHz mono, 48 kbps. Run: npx tsx scripts/make-tracks.ts (npm run make:tracks).
 */
import { Mp3Encoder } from "@breezystack/lamejs";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TRACKS, type TrackId } from "../src/lib/audio/tracks";
import {
  addEcho,
  bass,
  bell,
  finishLoop,
  hat,
  keys,
  kick,
  pad,
  pluck,
  SAMPLE_RATE,
  seededRandom,
  toInt16,
  type Instrument,
  type Note,
} from "./make-tracks-synth";

const KBPS = 48;
const TAIL_SECONDS = 4;
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
const DORIAN = [0, 2, 3, 5, 7, 9, 10];
const LYDIAN = [0, 2, 4, 6, 7, 9, 11];

type Plan = {
  seed: number;
  bpm: number;
  /** MIDI note of the key's root, around middle C. */
  root: number;
  scale: readonly number[];
  /** Chord per bar as a scale degree (0 = tonic), repeated every 4 bars. */
  progression: readonly number[];
  bars: number;
  lead: Instrument;
  /** How busy the melody is: 0 sparse … 1 many notes. */
  density: number;
  arpeggio: Instrument | null;
  drums: "none" | "soft" | "pulse";
};

const PLANS: Record<TrackId, Plan> = {
  "morning-pages": {
    seed: 11,
    bpm: 84,
    root: 60,
    scale: MAJOR,
    progression: [0, 5, 3, 4],
    bars: 20,
    lead: keys,
    density: 0.6,
    arpeggio: null,
    drums: "soft",
  },
  "duma-theme": {
    seed: 23,
    bpm: 96,
    root: 62,
    scale: DORIAN,
    progression: [0, 2, 6, 3],
    bars: 24,
    lead: bell,
    density: 0.5,
    arpeggio: pluck,
    drums: "pulse",
  },
  "paper-boats": {
    seed: 37,
    bpm: 104,
    root: 55,
    scale: MAJOR,
    progression: [0, 4, 5, 3],
    bars: 24,
    lead: pluck,
    density: 0.75,
    arpeggio: keys,
    drums: "soft",
  },
  "night-library": {
    seed: 41,
    bpm: 66,
    root: 57,
    scale: MINOR,
    progression: [0, 5, 2, 6],
    bars: 16,
    lead: keys,
    density: 0.3,
    arpeggio: null,
    drums: "none",
  },
  "slow-orbit": {
    seed: 53,
    bpm: 72,
    root: 53,
    scale: LYDIAN,
    progression: [0, 1, 5, 0],
    bars: 16,
    lead: bell,
    density: 0.35,
    arpeggio: bell,
    drums: "none",
  },
};

/** Onsets within a bar, in eighth notes (0–7), from sparse to busy. */
const RHYTHMS: readonly (readonly number[])[] = [
  [0, 6],
  [0, 4],
  [0, 4, 6],
  [0, 2, 4, 6],
  [0, 3, 4, 6],
  [0, 2, 3, 4, 6],
  [0, 1, 2, 4, 6, 7],
];

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** MIDI note of a scale degree (degree 7 is the root an octave up). */
function degreeToMidi(plan: Plan, degree: number): number {
  const octave = Math.floor(degree / 7);
  const step = plan.scale[((degree % 7) + 7) % 7] ?? 0;
  return plan.root + step + 12 * octave;
}

function chordDegrees(chordRoot: number): number[] {
  return [chordRoot, chordRoot + 2, chordRoot + 4];
}

type MotifNote = { bar: number; eighth: number; eighths: number; degree: number };

/** A 4-bar melody over the progression: a random walk that lands on chord tones on strong beats. */
function makeMotif(plan: Plan, random: () => number): MotifNote[] {
  const notes: MotifNote[] = [];
  let degree = 7 + Math.floor(random() * 3);
  for (let bar = 0; bar < 4; bar++) {
    const chordRoot = plan.progression[bar] ?? 0;
    const busy = Math.min(RHYTHMS.length - 1, Math.floor((plan.density + random() * 0.4) * RHYTHMS.length * 0.8));
    const rhythm = bar === 3 ? [0, 4] : pick(RHYTHMS.slice(0, busy + 1), random);
    rhythm.forEach((eighth, index) => {
      degree += pick([-2, -1, -1, 1, 1, 2, 0], random);
      if (eighth % 4 === 0) {
        // Strong beat: move to the nearest tone of the chord (in any octave).
        const candidates = chordDegrees(chordRoot).flatMap((d) => [d, d + 7, d + 14]);
        degree = candidates.reduce((best, d) => (Math.abs(d - degree) < Math.abs(best - degree) ? d : best));
      }
      degree = Math.max(4, Math.min(13, degree));
      const next = rhythm[index + 1] ?? 8;
      notes.push({ bar, eighth, eighths: next - eighth, degree });
    });
  }
  return notes;
}

function render(plan: Plan): Float32Array {
  const random = seededRandom(plan.seed);
  const eighth = 30 / plan.bpm;
  const barSeconds = eighth * 8;
  const loopLength = Math.round(plan.bars * barSeconds * SAMPLE_RATE);
  const length = loopLength + TAIL_SECONDS * SAMPLE_RATE;
  const leadBus = new Float32Array(length);
  const backBus = new Float32Array(length);
  const play = (bus: Float32Array, instrument: Instrument, note: Note) => instrument(bus, note, random);

  const motifA = makeMotif(plan, random);
  const motifB = makeMotif(plan, random);
  // Form in 4-bar groups: the first is an intro without melody, then A A B A B A …
  const groups = plan.bars / 4;
  for (let bar = 0; bar < plan.bars; bar++) {
    const start = bar * barSeconds;
    const chordRoot = plan.progression[bar % 4] ?? 0;
    const chord = chordDegrees(chordRoot).map((d) => degreeToMidi(plan, d));
    for (const midi of chord) play(backBus, pad, { midi: midi - 12, start, length: barSeconds * 0.95, velocity: 0.9 });
    const bassRoot = degreeToMidi(plan, chordRoot) - 24;
    play(backBus, bass, { midi: bassRoot, start, length: eighth * 3.6, velocity: 1 });
    play(backBus, bass, {
      midi: bar % 2 === 0 ? bassRoot : bassRoot + 7,
      start: start + eighth * 4,
      length: eighth * 3.6,
      velocity: 0.85,
    });
    if (plan.arpeggio) {
      for (let step = 0; step < 8; step++) {
        const midi = (chord[step % 3] ?? 60) + (step >= 4 ? 12 : 0);
        play(backBus, plan.arpeggio, { midi, start: start + step * eighth, length: eighth, velocity: 0.22 });
      }
    }
    for (let beat = 0; beat < 4 && plan.drums !== "none"; beat++) {
      if (plan.drums === "pulse" || beat % 2 === 0)
        play(backBus, kick, {
          midi: 0,
          start: start + beat * eighth * 2,
          length: 0.3,
          velocity: beat === 0 ? 1 : 0.75,
        });
      play(backBus, hat, { midi: 0, start: start + (beat * 2 + 1) * eighth, length: 0.05, velocity: 1 });
    }
  }
  for (let group = 1; group < groups; group++) {
    const motif = group % 3 === 0 ? motifB : motifA;
    for (const note of motif) {
      const start = (group * 4 + note.bar) * barSeconds + note.eighth * eighth;
      play(leadBus, plan.lead, {
        midi: degreeToMidi(plan, note.degree),
        start,
        length: note.eighths * eighth * 0.9,
        velocity: 0.8 + random() * 0.2,
      });
    }
  }
  addEcho(leadBus, eighth * 3, 0.35, 0.3);
  const mix = leadBus.map((value, i) => value + (backBus[i] ?? 0) * 0.8);
  return finishLoop(mix, loopLength);
}

function encodeMp3(samples: Float32Array): Uint8Array {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, KBPS);
  const pcm = toInt16(samples);
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < pcm.length; offset += 1152)
    chunks.push(encoder.encodeBuffer(pcm.subarray(offset, offset + 1152)));
  chunks.push(encoder.flush());
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let position = 0;
  for (const chunk of chunks) {
    out.set(chunk, position);
    position += chunk.length;
  }
  return out;
}

const outDir = join(import.meta.dirname, "..", "public", "audio");
mkdirSync(outDir, { recursive: true });
for (const track of TRACKS) {
  const samples = render(PLANS[track.id]);
  const mp3 = encodeMp3(samples);
  const file = join(outDir, `${track.id}.mp3`);
  writeFileSync(file, mp3);
  const seconds = samples.length / SAMPLE_RATE;
  console.log(`${track.title.padEnd(14)} ${seconds.toFixed(1)} s  ${(mp3.length / 1024).toFixed(0)} KB  ${file}`);
}
