/**
 * Draws the 12 preset avatars (seed §9) as small SVG files in public/avatars/: friendly animal
 * faces of our own, built from circles and paths so they stay sharp at every size and weigh
 * about a kilobyte each. The names and paths are those of convex/shared/avatars.ts.
 * Run: npx tsx scripts/make-avatars.ts (npm run make:avatars).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AVATARS } from "../convex/shared/avatars";

type AvatarName = (typeof AVATARS)[number]["name"];

const INK = "#1f2937";

const eyes = (y = 62, spread = 16, r = 5) =>
  `<circle cx="${64 - spread}" cy="${y}" r="${r}" fill="${INK}"/><circle cx="${64 + spread}" cy="${y}" r="${r}" fill="${INK}"/>` +
  `<circle cx="${64 - spread + 1.5}" cy="${y - 1.5}" r="${r / 3}" fill="#fff"/><circle cx="${64 + spread + 1.5}" cy="${y - 1.5}" r="${r / 3}" fill="#fff"/>`;

const smile = (y = 80, width = 8) =>
  `<path d="M${64 - width} ${y} Q64 ${y + width * 0.8} ${64 + width} ${y}" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`;

const cheeks = (y = 74, color = "#f9a8d4") =>
  `<circle cx="38" cy="${y}" r="6" fill="${color}" opacity=".7"/><circle cx="90" cy="${y}" r="6" fill="${color}" opacity=".7"/>`;

const noseDot = (y = 72, color = INK, r = 4) =>
  `<ellipse cx="64" cy="${y}" rx="${r * 1.3}" ry="${r}" fill="${color}"/>`;

const beak = (y = 70, color = "#f59e0b") => `<path d="M56 ${y} L72 ${y} L64 ${y + 11} Z" fill="${color}"/>`;

/** Each face on a 128 × 128 canvas; the background circle is drawn by `svg`. */
const FACES: Record<AvatarName, { background: string; face: string }> = {
  Fox: {
    background: "#fde68a",
    face:
      `<path d="M26 22 L50 44 L30 60 Z M102 22 L78 44 L98 60 Z" fill="#ea580c"/>` +
      `<path d="M31 30 L44 44 L33 52 Z M97 30 L84 44 L95 52 Z" fill="#fff7ed"/>` +
      `<path d="M24 56 Q64 18 104 56 Q100 92 64 108 Q28 92 24 56 Z" fill="#f97316"/>` +
      `<path d="M40 78 Q64 70 88 78 Q80 100 64 108 Q48 100 40 78 Z" fill="#fff7ed"/>` +
      eyes(62, 17) +
      noseDot(84) +
      smile(92, 5),
  },
  Owl: {
    background: "#bfdbfe",
    face:
      `<path d="M30 30 L44 44 L34 50 Z M98 30 L84 44 L94 50 Z" fill="#78350f"/>` +
      `<ellipse cx="64" cy="70" rx="40" ry="42" fill="#92400e"/>` +
      `<ellipse cx="64" cy="84" rx="26" ry="26" fill="#fde68a"/>` +
      `<circle cx="47" cy="60" r="14" fill="#fff"/><circle cx="81" cy="60" r="14" fill="#fff"/>` +
      eyes(60, 17, 6) +
      beak(70),
  },
  Cat: {
    background: "#e9d5ff",
    face:
      `<path d="M28 24 L52 46 L30 62 Z M100 24 L76 46 L98 62 Z" fill="#6b7280"/>` +
      `<path d="M33 33 L45 46 L34 54 Z M95 33 L83 46 L94 54 Z" fill="#f9a8d4"/>` +
      `<circle cx="64" cy="70" r="40" fill="#9ca3af"/>` +
      eyes(64, 16) +
      `<path d="M60 76 L68 76 L64 81 Z" fill="#ec4899"/>` +
      smile(86, 6) +
      `<path d="M24 74 L44 78 M24 84 L44 82 M104 74 L84 78 M104 84 L84 82" stroke="${INK}" stroke-width="2" stroke-linecap="round"/>`,
  },
  Bear: {
    background: "#bbf7d0",
    face:
      `<circle cx="34" cy="38" r="15" fill="#92400e"/><circle cx="94" cy="38" r="15" fill="#92400e"/>` +
      `<circle cx="34" cy="38" r="7" fill="#d6a77a"/><circle cx="94" cy="38" r="7" fill="#d6a77a"/>` +
      `<circle cx="64" cy="70" r="40" fill="#b45309"/>` +
      `<ellipse cx="64" cy="84" rx="18" ry="14" fill="#d6a77a"/>` +
      eyes(62, 16) +
      noseDot(80) +
      smile(90, 5),
  },
  Frog: {
    background: "#cffafe",
    face:
      `<circle cx="40" cy="42" r="16" fill="#22c55e"/><circle cx="88" cy="42" r="16" fill="#22c55e"/>` +
      `<ellipse cx="64" cy="76" rx="44" ry="34" fill="#22c55e"/>` +
      `<circle cx="40" cy="42" r="9" fill="#fff"/><circle cx="88" cy="42" r="9" fill="#fff"/>` +
      eyes(42, 24, 5) +
      `<path d="M36 80 Q64 104 92 80" fill="none" stroke="${INK}" stroke-width="3.5" stroke-linecap="round"/>` +
      cheeks(84, "#fb7185"),
  },
  Penguin: {
    background: "#fecdd3",
    face:
      `<ellipse cx="64" cy="68" rx="42" ry="44" fill="#1f2937"/>` +
      `<path d="M64 40 Q92 40 92 72 Q92 102 64 104 Q36 102 36 72 Q36 40 64 40 Z" fill="#f8fafc"/>` +
      eyes(66, 13) +
      beak(74) +
      cheeks(82),
  },
  Panda: {
    background: "#fef9c3",
    face:
      `<circle cx="34" cy="36" r="14" fill="${INK}"/><circle cx="94" cy="36" r="14" fill="${INK}"/>` +
      `<circle cx="64" cy="70" r="40" fill="#f8fafc"/>` +
      `<ellipse cx="47" cy="64" rx="10" ry="13" fill="${INK}" transform="rotate(-20 47 64)"/>` +
      `<ellipse cx="81" cy="64" rx="10" ry="13" fill="${INK}" transform="rotate(20 81 64)"/>` +
      `<circle cx="48" cy="62" r="4" fill="#fff"/><circle cx="80" cy="62" r="4" fill="#fff"/>` +
      noseDot(80) +
      smile(89, 5),
  },
  Rabbit: {
    background: "#ddd6fe",
    face:
      `<ellipse cx="46" cy="30" rx="10" ry="26" fill="#f5f5f4"/><ellipse cx="82" cy="30" rx="10" ry="26" fill="#f5f5f4"/>` +
      `<ellipse cx="46" cy="30" rx="5" ry="18" fill="#f9a8d4"/><ellipse cx="82" cy="30" rx="5" ry="18" fill="#f9a8d4"/>` +
      `<circle cx="64" cy="76" r="36" fill="#f5f5f4"/>` +
      eyes(70, 14) +
      `<path d="M60 80 L68 80 L64 85 Z" fill="#ec4899"/>` +
      `<path d="M64 85 L64 90 M58 92 Q64 96 70 92" fill="none" stroke="${INK}" stroke-width="2.5" stroke-linecap="round"/>` +
      cheeks(84),
  },
  Koala: {
    background: "#fed7aa",
    face:
      `<circle cx="28" cy="50" r="20" fill="#9ca3af"/><circle cx="100" cy="50" r="20" fill="#9ca3af"/>` +
      `<circle cx="28" cy="50" r="11" fill="#f5f5f4"/><circle cx="100" cy="50" r="11" fill="#f5f5f4"/>` +
      `<circle cx="64" cy="70" r="38" fill="#a8a29e"/>` +
      eyes(62, 15) +
      `<ellipse cx="64" cy="80" rx="9" ry="12" fill="${INK}"/>` +
      smile(96, 5),
  },
  Tiger: {
    background: "#a5f3fc",
    face:
      `<circle cx="34" cy="38" r="13" fill="#f59e0b"/><circle cx="94" cy="38" r="13" fill="#f59e0b"/>` +
      `<circle cx="64" cy="70" r="40" fill="#f59e0b"/>` +
      `<path d="M64 30 L58 44 L70 44 Z M28 62 L42 66 L28 70 Z M100 62 L86 66 L100 70 Z" fill="${INK}"/>` +
      `<ellipse cx="64" cy="86" rx="20" ry="14" fill="#fff7ed"/>` +
      eyes(62, 16) +
      noseDot(80, "#be123c") +
      smile(90, 5),
  },
  Mouse: {
    background: "#fbcfe8",
    face:
      `<circle cx="32" cy="40" r="20" fill="#a1a1aa"/><circle cx="96" cy="40" r="20" fill="#a1a1aa"/>` +
      `<circle cx="32" cy="40" r="12" fill="#f9a8d4"/><circle cx="96" cy="40" r="12" fill="#f9a8d4"/>` +
      `<ellipse cx="64" cy="74" rx="34" ry="36" fill="#d4d4d8"/>` +
      eyes(68, 13) +
      noseDot(84, "#ec4899", 4) +
      `<path d="M30 82 L48 84 M30 92 L48 88 M98 82 L80 84 M98 92 L80 88" stroke="${INK}" stroke-width="2" stroke-linecap="round"/>`,
  },
  Chick: {
    background: "#c7d2fe",
    face:
      `<path d="M58 30 Q60 18 66 28 Q70 16 72 30" fill="none" stroke="#f59e0b" stroke-width="4" stroke-linecap="round"/>` +
      `<circle cx="64" cy="72" r="40" fill="#facc15"/>` +
      eyes(66, 15) +
      beak(76, "#ea580c") +
      cheeks(82, "#fb923c"),
  },
};

function svg(name: AvatarName): string {
  const { background, face } = FACES[name];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" role="img" aria-label="${name}">` +
    `<circle cx="64" cy="64" r="64" fill="${background}"/>${face}</svg>\n`
  );
}

const folder = join(import.meta.dirname, "..", "public", "avatars");
mkdirSync(folder, { recursive: true });
for (const { url, name } of AVATARS) {
  const file = join(folder, url.split("/").pop()!);
  writeFileSync(file, svg(name));
  console.log(`${file}: ${name}`);
}
