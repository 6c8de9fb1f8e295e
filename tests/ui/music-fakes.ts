import type { AudioBackend } from "@/lib/audio/audio-manager";

/** An AudioBackend that makes no sound and records what it was asked to do ("play:duma-theme"). */
export function recordingBackend(): AudioBackend & { calls: string[]; volume: number } {
  const fake = {
    calls: [] as string[],
    volume: Number.NaN,
    play: (track: { id: string }) => fake.calls.push(`play:${track.id}`),
    pause: (track: { id: string }) => fake.calls.push(`pause:${track.id}`),
    stop: (track: { id: string }) => fake.calls.push(`stop:${track.id}`),
    setVolume: (volume: number) => {
      fake.volume = volume;
    },
  };
  return fake;
}
