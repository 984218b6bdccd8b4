// Photographs the dashboard's pages over the demo memory (test/support/dashboard-demo.ts) into
// docs/images/, for docs/dashboard.md and the README. Needs Debian's Chromium (/usr/bin/chromium).
//   npm run screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchChromium, signIn, watchedPage } from "../test/support/chromium.js";
import { startDashboardDemo } from "../test/support/dashboard-demo.js";

const out = join(import.meta.dirname, "../docs/images");
mkdirSync(out, { recursive: true });
const demo = await startDashboardDemo();
const browser = await launchChromium();
try {
  const shots: [string, string, "light" | "dark"][] = [
    ["dashboard-overview", "", "light"],
    ["dashboard-recall", "/recall?q=API+retry+limit", "light"],
    ["dashboard-timeline", "/timeline?at=2026-01-20", "dark"],
    ["dashboard-review", "/review", "light"],
    ["dashboard-belief", `/items/${demo.ids.oldLimit}`, "dark"],
    ["dashboard-graph", "/graph", "light"],
  ];
  for (const [name, path, colorScheme] of shots) {
    const { page, errors } = await watchedPage(browser, { colorScheme });
    await signIn(page, demo.url, demo.keys.admin);
    await page.goto(`${demo.url}${path}`);
    if (path === "") await page.locator(".uplot canvas").first().waitFor();
    if (path === "/graph") await page.locator("#graph canvas").first().waitFor();
    await page.screenshot({ path: join(out, `${name}.png`) });
    if (errors.length > 0) throw new Error(`${path || "/"}: ${errors.join("; ")}`);
    await page.context().close();
    process.stdout.write(`docs/images/${name}.png\n`);
  }
} finally {
  await browser.close();
  await demo.close();
}
