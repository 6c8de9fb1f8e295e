import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AudioProvider } from "@/app/audio-provider";
import { VolumeControls } from "@/app/volume-controls";
import { AudioManager } from "@/lib/audio/audio-manager";
import { VOLUME_STORAGE_KEY, type VolumeStorage } from "@/lib/audio/volume";
import { recordingBackend } from "./music-fakes";

function memoryStorage(initial: Record<string, string> = {}): VolumeStorage & { values: Record<string, string> } {
  const values = { ...initial };
  return {
    values,
    getItem: (key) => values[key] ?? null,
    setItem: (key, value) => {
      values[key] = value;
    },
  };
}

function renderControls(storage: VolumeStorage) {
  const backend = recordingBackend();
  const manager = new AudioManager(backend, storage);
  render(
    <AudioProvider manager={manager}>
      <VolumeControls />
    </AudioProvider>,
  );
  return { manager, backend };
}

const slider = () => screen.getByRole("slider", { name: "Volume" });
const muteButton = () => screen.getByRole("button", { name: "Mute" });

describe("volume controls", () => {
  it("start at 50 when nothing is remembered", () => {
    const { backend } = renderControls(memoryStorage());
    expect(slider()).toHaveValue("50");
    expect(muteButton()).toHaveAttribute("aria-pressed", "false");
    expect(backend.volume).toBe(0.5);
  });

  it("set the music volume from the 0–100 slider and remember it", () => {
    const storage = memoryStorage();
    const { manager, backend } = renderControls(storage);
    fireEvent.change(slider(), { target: { value: "30" } });
    expect(manager.getState().volume).toBe(0.3);
    expect(backend.volume).toBe(0.3);
    expect(storage.values[VOLUME_STORAGE_KEY]).toBe("0.3");
    expect(slider()).toHaveValue("30");
  });

  it("toggle between silence and 0.5 with the mute button", () => {
    const { manager } = renderControls(memoryStorage({ [VOLUME_STORAGE_KEY]: "0.8" }));
    fireEvent.click(muteButton());
    expect(manager.getState().volume).toBe(0);
    expect(slider()).toHaveValue("0");
    expect(muteButton()).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(muteButton());
    expect(manager.getState().volume).toBe(0.5);
    expect(muteButton()).toHaveAttribute("aria-pressed", "false");
  });

  it("show a volume changed elsewhere (the slider follows the shared player)", () => {
    const { manager } = renderControls(memoryStorage());
    act(() => manager.setVolume(0.25));
    expect(slider()).toHaveValue("25");
  });

  it("come back at the remembered volume on the next visit", () => {
    const storage = memoryStorage();
    renderControls(storage).manager.setVolume(0.7);
    const nextVisit = new AudioManager(recordingBackend(), storage);
    expect(nextVisit.getState().volume).toBe(0.7);
  });

  it("ignore a remembered value that is not a volume", () => {
    const manager = new AudioManager(recordingBackend(), memoryStorage({ [VOLUME_STORAGE_KEY]: "loud" }));
    expect(manager.getState().volume).toBe(0.5);
    const tooHigh = new AudioManager(recordingBackend(), memoryStorage({ [VOLUME_STORAGE_KEY]: "7" }));
    expect(tooHigh.getState().volume).toBe(1);
  });
});
