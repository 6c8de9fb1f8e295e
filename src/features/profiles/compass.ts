/** The political compass of seed §9: a point (x, y) in 0–100 × 0–100 and what it is called. */
export type CompassPoint = { x: number; y: number };

/** x below 40 Left, above 60 Right, else Centrist (seed §9). */
export function economicLabel(x: number): "Left" | "Centrist" | "Right" {
  if (x < 40) return "Left";
  if (x > 60) return "Right";
  return "Centrist";
}

/** y below 40 Libertarian, above 60 Authoritarian, else Moderate (seed §9). */
export function socialLabel(y: number): "Libertarian" | "Moderate" | "Authoritarian" {
  if (y < 40) return "Libertarian";
  if (y > 60) return "Authoritarian";
  return "Moderate";
}

/** A whole number clamped to the compass and slider range. */
export function clampScale(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

/**
 * The point for a key press, or null when the key does not move it. Up is more authoritarian
 * (the top of the square), right is more right; Shift moves ten steps, Home/End jump to the edges
 * of the economic axis and PageUp/PageDown to those of the social one.
 */
export function movedByKey(point: CompassPoint, key: string, shiftKey: boolean): CompassPoint | null {
  const step = shiftKey ? 10 : 1;
  switch (key) {
    case "ArrowLeft":
      return { ...point, x: clampScale(point.x - step) };
    case "ArrowRight":
      return { ...point, x: clampScale(point.x + step) };
    case "ArrowUp":
      return { ...point, y: clampScale(point.y + step) };
    case "ArrowDown":
      return { ...point, y: clampScale(point.y - step) };
    case "Home":
      return { ...point, x: 0 };
    case "End":
      return { ...point, x: 100 };
    case "PageUp":
      return { ...point, y: 100 };
    case "PageDown":
      return { ...point, y: 0 };
    default:
      return null;
  }
}

/**
 * The point under a pointer at (clientX, clientY) on a square drawn at `rect`: x grows to the
 * right, y grows upwards (Authoritarian on top, as compasses are drawn).
 */
export function pointAt(
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): CompassPoint {
  return {
    x: clampScale(((clientX - rect.left) / rect.width) * 100),
    y: clampScale(100 - ((clientY - rect.top) / rect.height) * 100),
  };
}
