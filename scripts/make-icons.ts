/**
 * Renders the app icons of the web app manifest (vite.config.ts) and the Apple touch icon from
 * public/images/logo.svg into public/icons/, with the headless Chromium the browser tests use:
 *   icon-192.png, icon-512.png      the logo as it is (rounded square, transparent corners): "any"
 *   maskable-512.png                the logo's background to the edges and its drawing inside the
 *                                   safe zone (the middle circle of 80 %), for launchers that cut
 *                                   icons to their own shape: "maskable"
 *   apple-touch-icon.png (180)      the maskable drawing: iOS rounds the corners itself and would
 *                                   show transparent ones as black
 * Run: npx tsx scripts/make-icons.ts (npm run make:icons) after changing the logo; commit the PNGs.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser } from "../tests/e2e/harness/browser";

const PUBLIC_DIR = join(import.meta.dirname, "..", "public");
const OUT_DIR = join(PUBLIC_DIR, "icons");

const logo = readFileSync(join(PUBLIC_DIR, "images", "logo.svg"), "utf8");

/**
 * The logo full-bleed: its 64 × 64 drawing keeps its size in a canvas widened by 8 units on every
 * side (the drawing's farthest point is 28 units from the centre, inside the safe zone's 32), and
 * its background square, without the rounded corners, fills the whole canvas.
 */
function fullBleed(svg: string): string {
  const VIEW_BOX = 'viewBox="0 0 64 64"';
  const BACKGROUND = '<rect width="64" height="64" rx="16"';
  if (!svg.includes(VIEW_BOX) || !svg.includes(BACKGROUND)) {
    throw new Error(`make-icons: logo.svg no longer has ${VIEW_BOX} and ${BACKGROUND}: update fullBleed()`);
  }
  return svg
    .replace(VIEW_BOX, 'viewBox="-8 -8 80 80"')
    .replace(BACKGROUND, '<rect x="-8" y="-8" width="80" height="80"');
}

const ICONS = [
  { file: "icon-192.png", size: 192, svg: logo },
  { file: "icon-512.png", size: 512, svg: logo },
  { file: "maskable-512.png", size: 512, svg: fullBleed(logo) },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed(logo) },
];

mkdirSync(OUT_DIR, { recursive: true });
const browser = await launchBrowser();
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px}</style>` +
        `<img src="${source}" alt="">`,
    );
    await page.locator("img").evaluate((img: HTMLImageElement) => img.decode());
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    writeFileSync(join(OUT_DIR, file), png);
    console.log(`public/icons/${file}: ${size} × ${size}, ${png.length.toLocaleString("en")} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
