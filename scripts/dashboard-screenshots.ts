// Photographs the dashboard's pages over the demo memory (test/support/dashboard-demo.ts) into
// docs/images/, for docs/dashboard.md and the README. Needs Debian's Chromium (/usr/bin/chromium).
//   npm run screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createWorker } from "../src/core/worker/index.js";
import { launchChromium, signIn, watchedPage } from "../test/support/chromium.js";
import { startDashboardDemo } from "../test/support/dashboard-demo.js";
import { seedBelief } from "../test/support/memory.js";

const out = join(import.meta.dirname, "../docs/images");
mkdirSync(out, { recursive: true });
const demo = await startDashboardDemo();
// One background-worker run, asked for as the Admin page would, over a duplicate another process
// wrote past the gate (the run merges it): the Overview, Activity and Admin show it.
await seedBelief(demo.mem, demo.clock, "The staging database is Postgres 16", "2026-02-07");
await demo.mem.withActor("key:ops-admin").requestConsolidation({ note: "after the January import" });
await createWorker(demo.mem, { namespaces: ["default"], daily: null }).tick();
const browser = await launchChromium();
try {
  const shots: [string, string, "light" | "dark"][] = [
    ["dashboard-overview", "", "light"],
    ["dashboard-recall", "/recall?q=API+retry+limit", "light"],
    ["dashboard-timeline", "/timeline?at=2026-01-20", "dark"],
    ["dashboard-review", "/review", "light"],
    ["dashboard-belief", `/items/${demo.ids.oldLimit}`, "dark"],
    ["dashboard-graph", "/graph", "light"],
    ["dashboard-activity", "/activity#worker-runs", "light"],
    ["dashboard-admin", "/admin", "dark"],
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
