import { chromium } from "playwright-core";
const base = "http://127.0.0.1:4501";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
await page.goto(base + "/login");
await page.getByLabel("Email").fill("alice@example.com");
await page.getByLabel("Password").fill("demo-password");
await page.getByRole("button", { name: "Login", exact: true }).click();
await page.waitForURL((u) => !u.pathname.startsWith("/login"));
const shots = process.argv.slice(2);
for (const path of shots) {
  await page.goto(base + path);
  await page.waitForTimeout(1500);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/i12-${path.replace(/\W+/g, "_")}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
if (process.env.EDIT) {
  await page.goto(base + "/account");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/i12-edit-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/i12-edit-390.png`, fullPage: true });
}
await browser.close();
