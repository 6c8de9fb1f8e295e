/**
 * A tiny offline synthesiser for scripts/make-tracks.ts: instruments that add one note into a
 * mono Float32Array, a feedback delay and a mixer. Plain TypeScript, no audio APIs, so the tracks
 * can be rebuilt anywhere Node runs. Everything is deterministic (seeded random numbers).
 */

export const SAMPLE_RATE = 22_050;

/** A note to render: when it starts and how long it is held, in seconds. */
export type Note = { midi: number; start: number; length: number; velocity: number };

export type Instrument = (out: Float32Array, note: Note, random: () => number) => void;

/** Seeded pseudo-random numbers in [0, 1) (mulberry32), so every build gives the same files. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Adds `length` samples produced by `sample(t)` (t in seconds since the note began) into out. */
function addSamples(out: Float32Array, startSeconds: number, seconds: number, sample: (t: number) => number) {
  const first = Math.round(startSeconds * SAMPLE_RATE);
  const count = Math.round(seconds * SAMPLE_RATE);
  for (let i = 0; i < count; i++) {
    const index = first + i;
    if (index >= out.length) break;
    out[index] = (out[index] ?? 0) + sample(i / SAMPLE_RATE);
  }
}

/** Short linear fade-in so no note starts with a click. */
function attack(t: number, seconds: number): number {
  return t < seconds ? t / seconds : 1;
}

/** Soft electric-piano-like tone: a few harmonics, the higher ones dying faster. */
export const keys: Instrument = (out, note) => {
  const hz = midiToHz(note.midi);
  const tail = note.length + 1.2;
  addSamples(out, note.start, tail, (t) => {
    let value = 0;
    for (let h = 1; h <= 5; h++) {
      value += (Math.sin(2 * Math.PI * hz * h * t) / h ** 1.6) * Math.exp(-t * (1.2 + h * 0.9));
    }
    const release = t > note.length ? Math.exp(-(t - note.length) * 6) : 1;
    return value * attack(t, 0.004) * release * note.velocity * 0.5;
  });
};

/** Plucked string (Karplus-Strong): a burst of noise through a decaying averaging loop. */
export const pluck: Instrument = (out, note, random) => {
  const period = Math.max(2, Math.round(SAMPLE_RATE / midiToHz(note.midi)));
  const ring = new Float32Array(period).map(() => random() * 2 - 1);
  const seconds = note.length + 1.5;
  let position = 0;
  addSamples(out, note.start, seconds, (t) => {
    const next = (position + 1) % period;
    const value = ring[position] ?? 0;
    ring[position] = 0.996 * 0.5 * (value + (ring[next] ?? 0));
    position = next;
    const release = t > note.length + 0.6 ? Math.exp(-(t - note.length - 0.6) * 5) : 1;
    return value * release * note.velocity * 0.45;
  });
};

/** Bell: two-operator FM with an inharmonic ratio; the brightness fades with the sound. */
export const bell: Instrument = (out, note) => {
  const hz = midiToHz(note.midi);
  addSamples(out, note.start, note.length + 2.5, (t) => {
    const index = 2.2 * Math.exp(-t * 3);
    const modulator = Math.sin(2 * Math.PI * hz * 3.5 * t) * index;
    return Math.sin(2 * Math.PI * hz * t + modulator) * Math.exp(-t * 1.8) * attack(t, 0.003) * note.velocity * 0.32;
  });
};

/** Pad: detuned soft triangles with a slow swell and a long release. */
export const pad: Instrument = (out, note) => {
  const hz = midiToHz(note.midi);
  const release = 1.6;
  addSamples(out, note.start, note.length + release, (t) => {
    let value = 0;
    for (const detune of [0.997, 1, 1.003]) {
      for (const h of [1, 3, 5]) value += (Math.sin(2 * Math.PI * hz * detune * h * t) / (h * h)) * (h === 1 ? 1 : 0.8);
    }
    const swell = Math.min(1, t / 0.9);
    const fade = t > note.length ? Math.max(0, 1 - (t - note.length) / release) : 1;
    const shimmer = 1 + 0.15 * Math.sin(2 * Math.PI * 0.4 * t);
    return (value / 3) * swell * fade * shimmer * note.velocity * 0.16;
  });
};

/** Round bass: a sine with a touch of second harmonic, plucked envelope settling to sustain. */
export const bass: Instrument = (out, note) => {
  const hz = midiToHz(note.midi);
  addSamples(out, note.start, note.length + 0.25, (t) => {
    const body = Math.sin(2 * Math.PI * hz * t) + 0.25 * Math.sin(4 * Math.PI * hz * t);
    const envelope = 0.55 + 0.45 * Math.exp(-t * 6);
    const fade = t > note.length ? Math.max(0, 1 - (t - note.length) / 0.25) : 1;
    return body * envelope * fade * attack(t, 0.008) * note.velocity * 0.42;
  });
};

/** Soft kick: a sine whose pitch falls quickly. */
export const kick: Instrument = (out, note) => {
  let phase = 0;
  addSamples(out, note.start, 0.35, (t) => {
    phase += (2 * Math.PI * (45 + 75 * Math.exp(-t * 30))) / SAMPLE_RATE;
    return Math.sin(phase) * Math.exp(-t * 14) * note.velocity * 0.6;
  });
};

/** Closed hi-hat: differentiated noise (a crude high-pass) with a very short decay. */
export const hat: Instrument = (out, note, random) => {
  let previous = 0;
  addSamples(out, note.start, 0.08, (t) => {
    const noise = random() * 2 - 1;
    const high = noise - previous;
    previous = noise;
    return high * Math.exp(-t * 70) * note.velocity * 0.07;
  });
};

/** Feedback delay (echo) mixed into the same buffer, for a sense of space. */
export function addEcho(buffer: Float32Array, delaySeconds: number, feedback: number, mix: number): void {
  const delay = Math.round(delaySeconds * SAMPLE_RATE);
  const echo = new Float32Array(buffer.length);
  for (let i = delay; i < buffer.length; i++) {
    echo[i] = ((buffer[i - delay] ?? 0) + (echo[i - delay] ?? 0)) * feedback;
  }
  for (let i = 0; i < buffer.length; i++) buffer[i] = (buffer[i] ?? 0) + (echo[i] ?? 0) * mix;
}

/**
 * Folds the part past `loopLength` (echo and release tails) back onto the start, so the track
 * loops without a cut, then normalises to a safe peak with a gentle soft clip.
 */
export function finishLoop(buffer: Float32Array, loopLength: number): Float32Array {
  const loop = buffer.slice(0, loopLength);
  for (let i = loopLength; i < buffer.length; i++) {
    const target = (i - loopLength) % loopLength;
    loop[target] = (loop[target] ?? 0) + (buffer[i] ?? 0);
  }
  let peak = 0;
  for (const value of loop) peak = Math.max(peak, Math.abs(value));
  const gain = peak > 0 ? 0.9 / peak : 1;
  return loop.map((value) => Math.tanh(value * gain * 1.1) / Math.tanh(1.1));
}

/** 16-bit PCM for the MP3 encoder. */
export function toInt16(samples: Float32Array): Int16Array {
  return Int16Array.from(samples, (value) => Math.max(-32768, Math.min(32767, Math.round(value * 32767))));
}
