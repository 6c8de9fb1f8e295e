import { useEffect, useState } from "react";

/**
 * The time, re-read every `everyMs` while `active`: a typing signal expires by the clock alone,
 * with no server change to re-render the page.
 */
export function useNow(everyMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, active]);
  return now;
}
