import { Volume1, Volume2, VolumeX } from "lucide-react";
import { useId } from "react";
import { useAudioManager, useAudioState } from "@/hooks/use-audio";

/** Seed §2 bottom bar: a volume slider 0–100 and a mute-style toggle between 0 and 0.5. */
export function VolumeControls() {
  const manager = useAudioManager();
  const { volume } = useAudioState();
  const sliderId = useId();
  const percent = Math.round(volume * 100);
  const muted = volume === 0;
  const Icon = muted ? VolumeX : volume < 0.5 ? Volume1 : Volume2;

  return (
    <div className="flex items-center gap-1.5 sm:gap-2">
      <button
        type="button"
        aria-label="Mute"
        aria-pressed={muted}
        title={muted ? "Unmute" : "Mute"}
        onClick={() => manager.toggleMute()}
        className="flex size-10 items-center justify-center rounded-full text-fg-secondary hover:bg-surface-muted focus-ring aria-pressed:text-fg-faint"
      >
        <Icon aria-hidden className="size-5" />
      </button>
      <label htmlFor={sliderId} className="sr-only text-xs font-medium text-fg-muted lg:not-sr-only">
        Volume
      </label>
      <input
        id={sliderId}
        type="range"
        min={0}
        max={100}
        step={1}
        value={percent}
        aria-valuetext={`${percent}%`}
        onChange={(event) => manager.setVolume(Number(event.target.value) / 100)}
        className="h-1.5 w-16 cursor-pointer accent-accent min-[400px]:w-20 sm:w-28"
      />
    </div>
  );
}
