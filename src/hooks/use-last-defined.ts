import { useRef } from "react";

/**
 * The value, or while it is undefined (a live query reloading for new arguments) the last value it
 * had, so a figure such as a page count does not blink away and back.
 */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const last = useRef(value);
  if (value !== undefined) last.current = value;
  return value ?? last.current;
}
