import { useEffect, useState, type ReactNode } from "react";
import { AudioManager } from "@/lib/audio/audio-manager";
import { createHowlerBackend } from "@/lib/audio/howler-backend";
import { AudioManagerContext } from "@/hooks/use-audio";
import { browserStorage } from "@/lib/audio/volume";

type AudioProviderProps = {
  children: ReactNode;
  /** Tests pass a manager with a fake backend; the app makes the real one. */
  manager?: AudioManager;
};

/** One music player for the whole app; it may start sounding at the first user gesture. */
export function AudioProvider({ children, manager: given }: AudioProviderProps) {
  const [manager] = useState(() => given ?? new AudioManager(createHowlerBackend(), browserStorage()));

  useEffect(() => {
    // Browsers block autoplay: the first pointer press or key press anywhere starts the music.
    const start = () => {
      manager.start();
      window.removeEventListener("pointerdown", start, true);
      window.removeEventListener("keydown", start, true);
    };
    window.addEventListener("pointerdown", start, true);
    window.addEventListener("keydown", start, true);
    return () => {
      window.removeEventListener("pointerdown", start, true);
      window.removeEventListener("keydown", start, true);
    };
  }, [manager]);

  return <AudioManagerContext value={manager}>{children}</AudioManagerContext>;
}
