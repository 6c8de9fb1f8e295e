/**
 * Components colour themselves with the design tokens of src/index.css (`bg-surface`, `text-fg`,
 * `border-line`…), never with Tailwind's palette (`bg-white`, `text-stone-600`): a theme is a
 * second set of token values, which a palette class would ignore. The palette is switched off in
 * the theme, so such a class would also silently draw nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PALETTE =
  "slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand";
const UTILITY =
  "bg|text|border(?:-[trblxyse])?|ring(?:-offset)?|outline|divide|accent|fill|stroke|from|via|to|shadow|placeholder|decoration|caret|inset-shadow";
const PALETTE_CLASS = new RegExp(
  `(?<![\\w-])(?:${UTILITY})-(?:white|black|(?:${PALETTE})-\\d{2,3})(?:/\\d+)?(?![\\w-])`,
  "g",
);
/** A colour written out (#abc, #aabbcc, rgb(), hsl(), oklch()) in component code. */
const LITERAL_COLOUR = /#[0-9a-f]{3}(?:[0-9a-f]{3})?\b(?!-)|\b(?:rgba?|hsla?|oklch)\(/gi;
/** Brand colours of another company, which no theme may change. */
const ALLOWED_LITERALS = new Set(["src/features/auth/components/google-button.tsx"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(tsx?|html)$/.test(entry.name) ? [relative] : [];
  });
}

function findings(pattern: RegExp, files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .flatMap((line, index) => [...line.matchAll(pattern)].map((match) => `${file}:${index + 1}: ${match[0]}`)),
  );
}

const FILES = [...sourceFiles("src"), "index.html"];

describe("colours come from the design tokens", () => {
  it("uses no palette colour class in the client or index.html", () => {
    expect(findings(PALETTE_CLASS, FILES)).toEqual([]);
  });

  it("writes no colour literal in component code", () => {
    const files = FILES.filter((file) => file.startsWith("src/") && !ALLOWED_LITERALS.has(file));
    expect(findings(LITERAL_COLOUR, files)).toEqual([]);
  });

  it("recognises a palette class, so the checks above can fail", () => {
    const sample = 'className="hover:bg-stone-100 text-red-700 border-white bg-surface text-fg ring-brand-500/30"';
    expect([...sample.matchAll(PALETTE_CLASS)].map((match) => match[0])).toEqual([
      "bg-stone-100",
      "text-red-700",
      "border-white",
      "ring-brand-500/30",
    ]);
  });
});
