/**
 * Draws the art of Duma's built-in story (PRODUCT D12: art of our own): one SVG per story card
 * and per ending, written to public/duma/<id>.svg. Flat shapes, a few seeded random details,
 * 400 × 300 each and a few kilobytes. Run: npx tsx scripts/make-duma-art.ts (npm run make:duma-art).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { STORY_CARDS, STORY_ENDINGS } from "../convex/shared/duma/story";
import { seededRandom as seeded } from "./make-tracks-synth";

const W = 400;
const H = 300;

const r1 = (n: number) => Math.round(n * 10) / 10;

let gradientCount = 0;
function sky(top: string, bottom: string): string {
  const id = `g${gradientCount++}`;
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#${id})"/>`;
}

function glow(cx: number, cy: number, r: number, color: string, core = color): string {
  const id = `g${gradientCount++}`;
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${core}"/><stop offset="0.35" stop-color="${color}" stop-opacity="0.85"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs><circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${id})"/>`;
}

function stars(count: number, seed: number, maxY = H, color = "#fff"): string {
  const rand = seeded(seed);
  let out = "";
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * maxY)}" r="${r1(0.4 + rand() * 1.3)}" fill="${color}" opacity="${r1(0.4 + rand() * 0.6)}"/>`;
  }
  return out;
}

/** A rolling ridge from left to right, filled down to the bottom. */
function hills(baseY: number, amplitude: number, color: string, seed: number, waves = 3): string {
  const rand = seeded(seed);
  const phases = [rand() * 6, rand() * 6, rand() * 6];
  let d = `M0 ${H} L0 ${baseY}`;
  for (let x = 0; x <= W; x += 10) {
    const y =
      baseY -
      amplitude *
        (0.6 * Math.sin((x / W) * Math.PI * waves + phases[0]!) +
          0.4 * Math.sin((x / W) * Math.PI * waves * 2.3 + phases[1]!));
    d += ` L${x} ${r1(y)}`;
  }
  return `<path d="${d} L${W} ${H} Z" fill="${color}"/>`;
}

function sea(y: number, color: string, lineColor: string, seed: number): string {
  const rand = seeded(seed);
  let out = `<rect x="0" y="${y}" width="${W}" height="${H - y}" fill="${color}"/>`;
  for (let i = 0; i < 9; i++) {
    const ly = y + 8 + rand() * (H - y - 12);
    const lx = rand() * (W - 60);
    const len = 25 + rand() * 50;
    out += `<path d="M${r1(lx)} ${r1(ly)} q${r1(len / 4)} -4 ${r1(len / 2)} 0 t${r1(len / 2)} 0" fill="none" stroke="${lineColor}" stroke-width="2" stroke-linecap="round" opacity="0.7"/>`;
  }
  return out;
}

function mountain(x: number, baseY: number, width: number, height: number, color: string, snow?: string): string {
  const peakX = x + width / 2;
  const peakY = baseY - height;
  let out = `<path d="M${x} ${baseY} L${peakX} ${peakY} L${x + width} ${baseY} Z" fill="${color}"/>`;
  if (snow) {
    const s = height * 0.25;
    out += `<path d="M${r1(peakX - (width / 2) * (s / height))} ${r1(peakY + s)} L${peakX} ${peakY} L${r1(peakX + (width / 2) * (s / height))} ${r1(peakY + s)} l-8 -6 l-8 6 l-8 -6 Z" fill="${snow}"/>`;
  }
  return out;
}

function flame(cx: number, baseY: number, size: number, outer = "#f97316", inner = "#fde047"): string {
  const f = (s: number, c: string) =>
    `<path d="M${cx} ${r1(baseY - s)} C${r1(cx + s * 0.55)} ${r1(baseY - s * 0.55)} ${r1(cx + s * 0.45)} ${baseY} ${cx} ${baseY} C${r1(cx - s * 0.45)} ${baseY} ${r1(cx - s * 0.55)} ${r1(baseY - s * 0.55)} ${cx} ${r1(baseY - s)} Z" fill="${c}"/>`;
  return f(size, outer) + f(size * 0.55, inner);
}

function cloud(cx: number, cy: number, scale: number, color: string): string {
  const parts = [
    [0, 0, 30],
    [-30, 8, 22],
    [32, 8, 24],
    [-55, 16, 14],
    [58, 17, 14],
  ];
  const circles = parts
    .map(([dx, dy, r]) => `<circle cx="${r1(cx + dx! * scale)}" cy="${r1(cy + dy! * scale)}" r="${r1(r! * scale)}"/>`)
    .join("");
  return `<g fill="${color}">${circles}<rect x="${r1(cx - 58 * scale)}" y="${r1(cy + 10 * scale)}" width="${r1(116 * scale)}" height="${r1(20 * scale)}" rx="${r1(10 * scale)}"/></g>`;
}

function rain(seed: number, color: string, fromY: number, toY: number, count = 40, slant = -6): string {
  const rand = seeded(seed);
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = rand() * W;
    const y = fromY + rand() * (toY - fromY);
    d += `M${r1(x)} ${r1(y)} l${slant} 16 `;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="2" stroke-linecap="round" opacity="0.75"/>`;
}

function wind(seed: number, color: string, count = 5): string {
  const rand = seeded(seed);
  let out = "";
  for (let i = 0; i < count; i++) {
    const y = 40 + rand() * 170;
    const x = rand() * 200;
    const len = 120 + rand() * 140;
    out += `<path d="M${r1(x)} ${r1(y)} h${r1(len)} a14 14 0 1 0 -14 -14" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round" opacity="0.8"/>`;
  }
  return out;
}

function tree(x: number, baseY: number, size: number, leaf: string, trunk = "#5b3a1e"): string {
  return `<rect x="${r1(x - size * 0.08)}" y="${r1(baseY - size * 0.4)}" width="${r1(size * 0.16)}" height="${r1(size * 0.4)}" fill="${trunk}"/><path d="M${x} ${r1(baseY - size * 1.3)} L${r1(x + size * 0.42)} ${r1(baseY - size * 0.3)} L${r1(x - size * 0.42)} ${r1(baseY - size * 0.3)} Z" fill="${leaf}"/>`;
}

function forest(seed: number, baseY: number, count: number, leaf: string, spread = W): string {
  const rand = seeded(seed);
  let out = "";
  for (let i = 0; i < count; i++) out += tree(r1(rand() * spread), r1(baseY + rand() * 14), 26 + rand() * 22, leaf);
  return out;
}

function person(x: number, baseY: number, size: number, color: string): string {
  return `<circle cx="${x}" cy="${r1(baseY - size)}" r="${r1(size * 0.22)}" fill="${color}"/><path d="M${x} ${r1(baseY - size * 0.78)} L${r1(x + size * 0.3)} ${baseY} L${r1(x - size * 0.3)} ${baseY} Z" fill="${color}"/>`;
}

function beast(x: number, baseY: number, size: number, color: string): string {
  const s = size;
  return `<g fill="${color}"><ellipse cx="${x}" cy="${r1(baseY - s * 0.7)}" rx="${r1(s * 0.7)}" ry="${r1(s * 0.35)}"/><circle cx="${r1(x + s * 0.75)}" cy="${r1(baseY - s * 0.95)}" r="${r1(s * 0.22)}"/><rect x="${r1(x - s * 0.5)}" y="${r1(baseY - s * 0.5)}" width="${r1(s * 0.12)}" height="${r1(s * 0.5)}"/><rect x="${r1(x + s * 0.35)}" y="${r1(baseY - s * 0.5)}" width="${r1(s * 0.12)}" height="${r1(s * 0.5)}"/></g>`;
}

function building(x: number, baseY: number, w: number, h: number, color: string, windowColor: string): string {
  let out = `<rect x="${x}" y="${baseY - h}" width="${w}" height="${h}" fill="${color}"/>`;
  for (let wy = baseY - h + 8; wy < baseY - 10; wy += 14) {
    for (let wx = x + 5; wx < x + w - 6; wx += 10)
      out += `<rect x="${wx}" y="${wy}" width="4" height="6" fill="${windowColor}"/>`;
  }
  return out;
}

function ship(x: number, y: number, size: number): string {
  const s = size;
  return `<path d="M${r1(x - s)} ${y} L${r1(x + s)} ${y} L${r1(x + s * 0.7)} ${r1(y + s * 0.35)} L${r1(x - s * 0.7)} ${r1(y + s * 0.35)} Z" fill="#5b3a1e"/><rect x="${r1(x - 1.5)}" y="${r1(y - s * 1.3)}" width="3" height="${r1(s * 1.3)}" fill="#3f2a16"/><path d="M${r1(x + 3)} ${r1(y - s * 1.25)} Q${r1(x + s * 0.95)} ${r1(y - s * 0.7)} ${r1(x + 3)} ${r1(y - s * 0.15)} Z" fill="#f8fafc"/><path d="M${r1(x - 3)} ${r1(y - s * 1.1)} Q${r1(x - s * 0.7)} ${r1(y - s * 0.65)} ${r1(x - 3)} ${r1(y - s * 0.2)} Z" fill="#e2e8f0"/>`;
}

function sparks(seed: number, cx: number, cy: number, spread: number, color: string, count = 18): string {
  const rand = seeded(seed);
  let out = "";
  for (let i = 0; i < count; i++) {
    const angle = -Math.PI * (0.1 + rand() * 0.8);
    const dist = spread * (0.3 + rand() * 0.7);
    out += `<circle cx="${r1(cx + Math.cos(angle) * dist)}" cy="${r1(cy + Math.sin(angle) * dist)}" r="${r1(1 + rand() * 2)}" fill="${color}"/>`;
  }
  return out;
}

function snow(seed: number, count: number): string {
  return stars(count, seed, H, "#f8fafc");
}

function fish(x: number, y: number, size: number, color: string): string {
  return `<g fill="${color}"><ellipse cx="${x}" cy="${y}" rx="${size}" ry="${r1(size * 0.45)}"/><path d="M${r1(x - size * 0.8)} ${y} l${r1(-size * 0.7)} ${r1(-size * 0.45)} v${r1(size * 0.9)} Z"/></g>`;
}

const SCENES: Record<string, () => string> = {
  "first-spark": () =>
    sky("#020617", "#111827") +
    stars(70, 1) +
    glow(200, 150, 90, "#f97316", "#fff7ed") +
    sparks(2, 200, 150, 60, "#fdba74", 14),
  "first-breath": () =>
    sky("#0f172a", "#1e3a5f") + stars(40, 3) + glow(200, 170, 60, "#f97316", "#fde68a") + wind(4, "#a5f3fc", 6),
  "first-rain": () =>
    sky("#1e293b", "#334155") +
    cloud(130, 70, 1.1, "#64748b") +
    cloud(290, 60, 0.9, "#94a3b8") +
    rain(5, "#93c5fd", 100, 230, 50) +
    sea(230, "#1d4ed8", "#93c5fd", 6),
  "rising-land": () =>
    sky("#0c4a6e", "#38bdf8") +
    sea(190, "#1e40af", "#60a5fa", 7) +
    mountain(90, 200, 220, 120, "#57534e", "#a8a29e") +
    mountain(40, 205, 120, 60, "#78716c") +
    sea(215, "#1d4ed8", "#93c5fd", 8),
  "fire-mountain": () =>
    sky("#1c1917", "#7c2d12") +
    glow(200, 90, 120, "#ea580c", "#fde047") +
    mountain(70, 300, 260, 210, "#292524") +
    `<path d="M185 92 L200 90 L215 92 L230 300 L170 300 Z" fill="#f97316"/>` +
    flame(200, 95, 70) +
    sparks(9, 200, 80, 90, "#fdba74", 30),
  "green-shore": () =>
    sky("#bae6fd", "#e0f2fe") +
    glow(320, 60, 50, "#fde68a", "#fffbeb") +
    sea(200, "#0369a1", "#7dd3fc", 10) +
    hills(205, 25, "#65a30d", 11, 2) +
    hills(250, 15, "#4d7c0f", 12, 3),
  "great-storm": () =>
    sky("#1e293b", "#475569") +
    cloud(110, 70, 1.3, "#334155") +
    cloud(300, 80, 1.2, "#1e293b") +
    rain(13, "#cbd5e1", 110, 280, 70, -12) +
    wind(14, "#e2e8f0", 3) +
    `<path d="M230 110 L210 170 L228 170 L205 240 L250 155 L232 155 L250 110 Z" fill="#fde047"/>`,
  "tide-pool": () =>
    sky("#fef3c7", "#fde68a") +
    hills(160, 10, "#a8a29e", 15, 2) +
    `<ellipse cx="200" cy="220" rx="170" ry="60" fill="#0f766e"/><ellipse cx="200" cy="220" rx="150" ry="48" fill="#14b8a6"/>` +
    fish(150, 210, 12, "#fef08a") +
    fish(240, 230, 9, "#fda4af") +
    fish(200, 200, 7, "#f0fdfa") +
    `<g fill="#ccfbf1" opacity="0.8"><circle cx="120" cy="235" r="4"/><circle cx="270" cy="205" r="3"/><circle cx="180" cy="245" r="2.5"/></g>`,
  "long-winter": () =>
    sky("#94a3b8", "#e2e8f0") +
    mountain(20, 240, 200, 150, "#cbd5e1", "#f8fafc") +
    mountain(180, 240, 220, 170, "#e2e8f0", "#ffffff") +
    hills(240, 10, "#f1f5f9", 16, 2) +
    snow(17, 60),
  "grazing-herds": () =>
    sky("#fde68a", "#fef9c3") +
    glow(80, 70, 45, "#f59e0b", "#fffbeb") +
    hills(200, 12, "#a3a355", 18, 2) +
    hills(240, 8, "#84843b", 19, 3) +
    beast(110, 235, 28, "#44403c") +
    beast(190, 250, 34, "#57534e") +
    beast(280, 232, 24, "#44403c") +
    beast(335, 255, 30, "#292524"),
  "fire-keepers": () =>
    sky("#0f172a", "#312e81") +
    stars(50, 20, 150) +
    hills(230, 12, "#1c1917", 21, 2) +
    glow(200, 225, 90, "#f97316", "#fde047") +
    flame(200, 245, 55) +
    person(130, 262, 34, "#0c0a09") +
    person(270, 262, 30, "#0c0a09") +
    person(235, 275, 22, "#1c1917") +
    sparks(22, 200, 200, 60, "#fde047", 14),
  "river-city": () =>
    sky("#fed7aa", "#ffedd5") +
    hills(170, 8, "#d6b37a", 23, 2) +
    `<path d="M0 240 C120 215 260 265 400 230 L400 270 C260 300 120 250 0 280 Z" fill="#2563eb"/>` +
    building(70, 205, 50, 45, "#b45309", "#78350f") +
    building(125, 205, 40, 60, "#c2410c", "#7c2d12") +
    building(170, 205, 60, 38, "#b45309", "#78350f") +
    building(235, 205, 45, 55, "#92400e", "#451a03") +
    `<path d="M285 205 L310 150 L335 205 Z" fill="#a16207"/>`,
  sailors: () =>
    sky("#7dd3fc", "#e0f2fe") +
    cloud(300, 60, 0.7, "#ffffff") +
    wind(24, "#f0f9ff", 3) +
    sea(200, "#0e7490", "#a5f3fc", 25) +
    ship(150, 205, 40) +
    ship(290, 220, 24),
  "the-forge": () =>
    sky("#1c1917", "#44403c") +
    glow(200, 190, 110, "#ea580c", "#fde047") +
    `<rect x="120" y="215" width="160" height="18" rx="4" fill="#292524"/><rect x="170" y="233" width="60" height="40" fill="#1c1917"/><rect x="140" y="273" width="120" height="14" rx="3" fill="#292524"/><rect x="175" y="200" width="70" height="15" rx="3" fill="#f97316"/>` +
    sparks(26, 210, 200, 90, "#fde047", 30) +
    `<path d="M270 130 l40 -40 l10 10 l-40 40 Z" fill="#78716c"/><rect x="255" y="140" width="30" height="14" rx="3" transform="rotate(-45 270 147)" fill="#a8a29e"/>`,
  "the-flood": () =>
    sky("#475569", "#94a3b8") +
    cloud(120, 60, 1, "#334155") +
    rain(27, "#cbd5e1", 90, 190, 35) +
    building(60, 210, 50, 60, "#92400e", "#451a03") +
    building(250, 210, 60, 75, "#a16207", "#451a03") +
    `<path d="M0 195 Q100 180 200 195 T400 190 L400 300 L0 300 Z" fill="#1d4ed8" opacity="0.92"/>` +
    sea(215, "#1e40af", "#93c5fd", 28),
  "sky-towers": () =>
    sky("#312e81", "#a78bfa") +
    stars(25, 29, 120) +
    cloud(90, 150, 0.9, "#e9d5ff") +
    building(150, 300, 40, 260, "#1e1b4b", "#fde68a") +
    building(200, 300, 50, 200, "#312e81", "#fde68a") +
    building(100, 300, 40, 150, "#3730a3", "#fef3c7") +
    building(260, 300, 36, 235, "#1e1b4b", "#fde68a") +
    cloud(300, 190, 0.8, "#f5f3ff"),
  "long-sleep": () =>
    sky("#0f172a", "#3730a3") +
    stars(80, 30, 200) +
    `<circle cx="300" cy="70" r="30" fill="#f8fafc"/><circle cx="314" cy="62" r="28" fill="#1e1b4b"/>` +
    hills(220, 18, "#14532d", 31, 2) +
    forest(32, 220, 18, "#166534") +
    hills(265, 10, "#052e16", 33, 3),

  air_0: () =>
    sky("#d6d3d1", "#a8a29e") +
    hills(220, 6, "#78716c", 40, 2) +
    `<circle cx="200" cy="100" r="34" fill="#e7e5e4"/>` +
    forest(41, 235, 9, "#57534e"),
  air_100: () =>
    sky("#0f172a", "#334155") +
    wind(42, "#e2e8f0", 9) +
    wind(43, "#94a3b8", 6) +
    hills(250, 14, "#1e293b", 44, 3) +
    `<path d="M170 300 C150 220 250 200 200 120 C260 180 240 240 230 300 Z" fill="#64748b" opacity="0.7"/>`,
  earth_0: () =>
    sky("#0c4a6e", "#0369a1") +
    sea(150, "#075985", "#7dd3fc", 45) +
    `<ellipse cx="200" cy="215" rx="45" ry="8" fill="#fde68a" opacity="0.8"/>` +
    sparks(46, 200, 210, 40, "#fef3c7", 12),
  earth_100: () =>
    sky("#a8a29e", "#d6d3d1") +
    mountain(0, 300, 200, 230, "#78716c") +
    mountain(130, 300, 200, 260, "#57534e") +
    mountain(260, 300, 180, 200, "#44403c") +
    hills(270, 10, "#44403c", 47, 2),
  fire_0: () =>
    sky("#020617", "#0f172a") + stars(90, 48) + hills(230, 14, "#cbd5e1", 49, 2) + hills(260, 8, "#e2e8f0", 50, 3),
  fire_100: () =>
    sky("#7f1d1d", "#f97316") +
    glow(200, 150, 160, "#fb923c", "#fef08a") +
    hills(250, 20, "#431407", 51, 3) +
    flame(80, 255, 60) +
    flame(200, 260, 90) +
    flame(320, 255, 70) +
    sparks(52, 200, 200, 160, "#fde047", 40),
  water_0: () =>
    sky("#fde68a", "#fdba74") +
    glow(200, 80, 60, "#fbbf24", "#fffbeb") +
    `<rect y="190" width="400" height="110" fill="#d6b37a"/><path d="M40 240 l30 12 l25 -8 l40 16 M200 220 l20 18 l35 -5 l20 20 M280 270 l30 -10 l40 12" fill="none" stroke="#92400e" stroke-width="2"/>` +
    `<path d="M330 190 v-30 m0 12 h-10 v-10 m10 18 h10 v-16" fill="none" stroke="#166534" stroke-width="5" stroke-linecap="round"/>`,
  water_100: () =>
    sky("#0c4a6e", "#38bdf8") +
    sea(110, "#0c4a6e", "#7dd3fc", 53) +
    `<path d="M185 110 L200 96 L215 110 Z" fill="#a8a29e"/>` +
    cloud(300, 50, 0.6, "#e0f2fe"),
};

const outDir = join(import.meta.dirname, "..", "public", "duma");
mkdirSync(outDir, { recursive: true });
const entries = [...STORY_CARDS, ...STORY_ENDINGS];
for (const card of entries) {
  const scene = SCENES[card.id];
  if (!scene) throw new Error(`No picture is drawn for ${card.id}`);
  gradientCount = 0;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${card.title}">${scene()}</svg>\n`;
  writeFileSync(join(outDir, `${card.id}.svg`), svg);
}
console.log(`Wrote ${entries.length} pictures to ${outDir}`);
