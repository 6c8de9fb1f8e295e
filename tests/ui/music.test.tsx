import { act, fireEvent, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { AudioProvider } from "@/app/audio-provider";
import { BottomBar } from "@/app/bottom-bar";
import MusicPage from "@/features/music/music-page";
import { AudioManager } from "@/lib/audio/audio-manager";
import { backgroundTrackForPath, TRACKS } from "@/lib/audio/tracks";
import { recordingBackend } from "./music-fakes";
import { renderWithApp } from "./render";

describe("background track by path", () => {
  it("plays the Duma track on paths containing /duma and the default track elsewhere", () => {
    expect(backgroundTrackForPath("/duma")).toBe("duma-theme");
    expect(backgroundTrackForPath("/games/duma/editor")).toBe("duma-theme");
    expect(backgroundTrackForPath("/")).toBe("morning-pages");
    expect(backgroundTrackForPath("/dumy")).toBe("morning-pages");
    expect(backgroundTrackForPath("/books/duma")).toBe("duma-theme");
    expect(backgroundTrackForPath("/music")).toBe("morning-pages");
  });

  it("has five tracks with distinct files", () => {
    expect(TRACKS).toHaveLength(5);
    expect(new Set(TRACKS.map((track) => track.src)).size).toBe(5);
  });
});

describe("AudioManager", () => {
  it("stays silent until the first user gesture", () => {
    const backend = recordingBackend();
    const manager = new AudioManager(backend, null);
    manager.setPath("/books");
    expect(backend.calls).toEqual([]);
    manager.start();
    expect(backend.calls).toEqual(["play:morning-pages"]);
    manager.start();
    expect(backend.calls).toEqual(["play:morning-pages"]);
  });

  it("switches track on navigation into and out of /duma", () => {
    const backend = recordingBackend();
    const manager = new AudioManager(backend, null);
    manager.start();
    manager.setPath("/duma");
    manager.setPath("/duma");
    manager.setPath("/help");
    expect(backend.calls).toEqual([
      "play:morning-pages",
      "pause:morning-pages",
      "play:duma-theme",
      "pause:duma-theme",
      "play:morning-pages",
    ]);
  });

  it("lets a chosen track replace the background music on every page", () => {
    const backend = recordingBackend();
    const manager = new AudioManager(backend, null);
    manager.start();
    manager.play("night-library");
    manager.setPath("/duma");
    expect(manager.getState().nowPlayingId).toBe("night-library");
    manager.stop("paper-boats");
    expect(manager.getState().nowPlayingId).toBe("night-library");
    expect(backend.calls).toEqual(["play:morning-pages", "pause:morning-pages", "play:night-library"]);
  });

  it("stays silent after Stop, on every page, until Play is pressed", () => {
    const backend = recordingBackend();
    const manager = new AudioManager(backend, null);
    manager.start();
    manager.play("night-library");
    manager.stop("night-library");
    expect(manager.getState()).toMatchObject({ stopped: true, nowPlayingId: null });
    manager.setPath("/duma");
    manager.setPath("/books");
    expect(manager.getState().nowPlayingId).toBeNull();
    manager.play("paper-boats");
    expect(manager.getState().nowPlayingId).toBe("paper-boats");
    expect(backend.calls).toEqual([
      "play:morning-pages",
      "pause:morning-pages",
      "play:night-library",
      "pause:night-library",
      "stop:night-library",
      "play:paper-boats",
    ]);
  });

  it("stops the background track too, and Play on it follows the pages again", () => {
    const backend = recordingBackend();
    const manager = new AudioManager(backend, null);
    manager.start();
    manager.stop("morning-pages");
    expect(manager.getState().nowPlayingId).toBeNull();
    manager.play("morning-pages");
    manager.setPath("/duma");
    expect(manager.getState()).toMatchObject({ chosenTrackId: null, nowPlayingId: "duma-theme" });
  });

  it("remembers a Stop across a reload, and forgets it after Play", () => {
    const storage = memoryStorage();
    const first = new AudioManager(recordingBackend(), storage);
    first.start();
    first.stop("morning-pages");

    const backend = recordingBackend();
    const afterReload = new AudioManager(backend, storage);
    afterReload.start();
    expect(afterReload.getState()).toMatchObject({ stopped: true, nowPlayingId: null });
    expect(backend.calls).toEqual([]);
    afterReload.play("slow-orbit");

    const later = new AudioManager(recordingBackend(), storage);
    later.start();
    expect(later.getState()).toMatchObject({ stopped: false, nowPlayingId: "morning-pages" });
  });
});

function memoryStorage(): Pick<Storage, "getItem" | "setItem"> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

/** The audio provider around the app, playing through `manager`. */
function withAudio(manager: AudioManager) {
  return function AudioAround({ children }: { children: ReactNode }) {
    return <AudioProvider manager={manager}>{children}</AudioProvider>;
  };
}

function renderMusicPage() {
  const backend = recordingBackend();
  const manager = new AudioManager(backend, null);
  renderWithApp(<MusicPage />, { wrapper: withAudio(manager) });
  return { backend, manager };
}

describe("music page", () => {
  it("lists the five tracks, each with Play and Stop", () => {
    renderMusicPage();
    for (const track of TRACKS) {
      expect(screen.getByRole("heading", { name: track.title })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: `Play ${track.title}` })).toHaveTextContent("Play");
      expect(screen.getByRole("button", { name: `Stop ${track.title}` })).toHaveTextContent("Stop");
    }
  });

  it("plays a track in place of the background music, and Stop silences it until Play", () => {
    const { backend } = renderMusicPage();
    expect(screen.getByRole("status")).toHaveTextContent("Music starts as soon as you click or press a key anywhere.");
    fireEvent.click(screen.getByRole("button", { name: "Play Slow Orbit" }));
    expect(backend.calls).toEqual(["play:slow-orbit"]);
    expect(screen.getByRole("status")).toHaveTextContent("Now playing: Slow Orbit.");
    expect(screen.getByRole("button", { name: "Stop Morning Pages" })).toHaveAttribute("aria-disabled", "true");
    fireEvent.click(screen.getByRole("button", { name: "Stop Slow Orbit" }));
    expect(backend.calls).toEqual(["play:slow-orbit", "pause:slow-orbit", "stop:slow-orbit"]);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Music is stopped. Press Play on a track to hear music again.",
    );
    for (const track of TRACKS)
      expect(screen.getByRole("button", { name: `Stop ${track.title}` })).toHaveAttribute("aria-disabled", "true");
  });

  it("stops the background music from its own Stop button", () => {
    const { backend, manager } = renderMusicPage();
    act(() => manager.start());
    expect(screen.getByRole("status")).toHaveTextContent("Now playing: Morning Pages (background music).");
    fireEvent.click(screen.getByRole("button", { name: "Stop Morning Pages" }));
    expect(backend.calls).toEqual(["play:morning-pages", "pause:morning-pages", "stop:morning-pages"]);
    expect(screen.getByRole("status")).toHaveTextContent("Music is stopped.");
  });

  it("starts the background music at the first key press or pointer press anywhere", () => {
    const { backend, manager } = renderMusicPage();
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    });
    expect(manager.getState().started).toBe(true);
    expect(backend.calls).toEqual(["play:morning-pages"]);
  });
});

describe("bottom bar music link", () => {
  it('always reads "Music", with what plays (or that it is stopped) as extra text', () => {
    const manager = new AudioManager(recordingBackend(), null);
    renderWithApp(<BottomBar minimal={false} />, { wrapper: withAudio(manager) });
    expect(screen.getByRole("link", { name: "Music" })).toHaveAttribute("href", "/music");
    act(() => manager.start());
    expect(screen.getByRole("link", { name: /^Music\W*Morning Pages$/ })).toBeInTheDocument();
    act(() => manager.stop("morning-pages"));
    expect(screen.getByRole("link", { name: /^Music\W*stopped$/ })).toBeInTheDocument();
  });
});
