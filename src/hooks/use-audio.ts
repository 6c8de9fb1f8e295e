import { createContext, useContext, useSyncExternalStore } from "react";
import type { AudioManager, AudioState } from "../lib/audio/audio-manager";

/** The app's single AudioManager, provided once by src/app/audio-provider.tsx. */
export const AudioManagerContext = createContext<AudioManager | null>(null);

export function useAudioManager(): AudioManager {
  const manager = useContext(AudioManagerContext);
  if (!manager) throw new Error("useAudioManager must be used inside <AudioProvider>");
  return manager;
}

/** The music state (volume, what plays), re-rendering the caller when it changes. */
export function useAudioState(): AudioState {
  const manager = useAudioManager();
  return useSyncExternalStore(manager.subscribe, manager.getState);
}
