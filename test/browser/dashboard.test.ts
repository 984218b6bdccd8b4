/**
 * The dashboard in a real browser: Debian's Chromium through playwright-core, against a real
 * server on a real port over a real SQLite memory. Covers sign-in, search, time travel, a judged
 * pair in the review queue, a restore from Activity and a forget with confirmation; any console
 * error or uncaught exception fails the test; every page is photographed into a temp folder.
 *
 * Skipped, with the reason, only when /usr/bin/chromium is absent outside CI; in CI it must run.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CHROMIUM_PATH,
  chromiumInstalled,
  launchChromium,
  signIn,
  watchedPage,
} from "../support/chromium.js";
import { type DashboardDemo, startDashboardDemo } from "../support/dashboard-demo.js";
import { beliefOf } from "../support/memory.js";

const inCI = process.env.CI === "true";
const runs = chromiumInstalled() || inCI;

describe.runIf(inCI)("browser tests in CI", () => {
  it(`need ${CHROMIUM_PATH} (apt-get install -y chromium in .ci/run)`, () => {
    expect(chromiumInstalled()).toBe(true);
  });
});

describe.skipIf(!runs)(
  `the dashboard in Chromium (skipped without ${CHROMIUM_PATH}: apt-get install -y chromium)`,
  () => {
    let browser: Browser;
    let demo: DashboardDemo;
    let page: Page;
    let errors: string[];
    const shots = mkdtempSync(join(tmpdir(), "strata-dashboard-"));
    const shoot = (name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

    beforeAll(async () => {
      browser = await launchChromium();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });
    beforeEach(async () => {
      demo = await startDashboardDemo();
      ({ page, errors } = await watchedPage(browser));
    });
    afterEach(async () => {
      await page.context().close();
      await demo.close();
      expect(errors).toEqual([]);
    });

    it("signs in with a key and shows the Overview with its charts", async () => {
      await signIn(page, demo.url, demo.keys.admin);
      await page.getByText(/Audit chain verified/).waitFor();
      await page.locator(".uplot canvas").first().waitFor();
      expect(await page.locator(".uplot").count()).toBe(3);
      const cookies = await page.context().cookies();
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatchObject({ name: "strata_session", httpOnly: true, sameSite: "Strict" });
      expect(await page.evaluate("document.cookie")).toBe("");
      expect(page.url()).not.toContain("sk_strata");
      await shoot("overview");
    });

    it("searches, and travels back in time to what held before", async () => {
      await signIn(page, demo.url, demo.keys.reader);
      await page.getByRole("link", { name: "Recall" }).click();
      await page.getByLabel("Search").fill("API retry limit");
      await page.getByRole("button", { name: "Recall" }).click();
      const hits = page.locator("ol.hits");
      await hits.getByText("The API retry limit is 7").waitFor();
      expect(await hits.textContent()).not.toContain("The API retry limit is 5");
      expect(await page.locator(".why").first().textContent()).toMatch(/why: /);
      await page.getByRole("heading", { name: "Context block" }).waitFor();
      await shoot("recall");

      await page.getByLabel("As of date (time travel)").fill("2026-01-20");
      await page.getByRole("button", { name: "Recall" }).click();
      await page.getByRole("heading", { name: "Hits as held on 2026-01-20" }).waitFor();
      expect(await page.locator("ol.hits").textContent()).toContain("The API retry limit is 5");

      await page.getByRole("link", { name: "Timeline" }).click();
      await page.getByLabel("Date").fill("2026-01-20");
      await page.getByRole("button", { name: "Show" }).click();
      await page.getByRole("heading", { name: "What held on 2026-01-20" }).waitFor();
      const held = await page.locator("main").textContent();
      expect(held).toContain("The API retry limit is 5");
      expect(held).not.toContain("The API retry limit is 7");
      await shoot("timeline");
    });

    it("judges a pair in the review queue", async () => {
      await signIn(page, demo.url, demo.keys.writer);
      await page.getByRole("link", { name: "Review" }).click();
      const card = page.locator(`#pair-${demo.ids.pairA}-${demo.ids.pairB}`);
      await card.waitFor();
      expect(await card.locator("del").first().textContent()).toBe("lives");
      expect(await card.locator("ins").first().textContent()).toBe("is based");
      await shoot("review");
      await card.getByRole("button", { name: "supersede" }).click();
      await card.getByText(/Judged .* supersede/).waitFor();
      expect((await demo.mem.get(demo.ids.pairA)).status).toBe("archived");
    });

    it("restores from Activity what sleep closed", async () => {
      await signIn(page, demo.url, demo.keys.writer);
      await page.getByRole("link", { name: "Activity" }).click();
      const restore = page.getByRole("button", { name: `Restore ${demo.ids.oldLimit}` }).first();
      await restore.waitFor();
      await shoot("activity");
      await restore.click();
      await page.getByRole("status").getByText(`Restored ${demo.ids.oldLimit}.`).waitFor();
      expect((await demo.mem.get(demo.ids.oldLimit)).status).toBe("active");
    });

    it("forgets only after confirming", async () => {
      await signIn(page, demo.url, demo.keys.admin);
      await page.goto(`${demo.url}/items/${demo.ids.doorCode}`);
      await shoot("belief");
      await page.getByRole("link", { name: "Forget…" }).click();
      await page
        .getByRole("alert")
        .getByText(/cannot be undone/)
        .waitFor();
      expect((await beliefOf(demo.mem, demo.ids.doorCode)).text).toBe("The office door code is 4711");
      await shoot("forget-confirmation");
      await page.getByRole("button", { name: `Forget ${demo.ids.doorCode} permanently` }).click();
      await page.getByRole("status").getByText(`Forgot ${demo.ids.doorCode}.`).waitFor();
      expect((await beliefOf(demo.mem, demo.ids.doorCode)).text).toBe("");
    });

    it("shows a read-only key no write buttons, and every other page renders without errors", async () => {
      await signIn(page, demo.url, demo.keys.reader);
      await page.goto(`${demo.url}/items/${demo.ids.newLimit}`);
      expect(await page.getByRole("button", { name: /Pin|worked|Restore/ }).count()).toBe(0);
      await page.goto(`${demo.url}/review`);
      expect(await page.getByRole("button", { name: "merge" }).count()).toBe(0);
      for (const name of ["Continuity", "Graph", "Audit"]) {
        await page.getByRole("link", { name, exact: true }).click();
        await page.getByRole("heading", { name, level: 1 }).waitFor();
        await shoot(name.toLowerCase());
      }
      await page.getByRole("button", { name: "Verify the chain" }).click();
      await page
        .locator("#verification")
        .getByText(/Audit chain verified/)
        .waitFor();
      expect(await page.getByRole("link", { name: "Admin" }).count()).toBe(0);
    });

    it("is keyboard-usable and keeps its colours in dark mode", async () => {
      await page.context().close();
      ({ page, errors } = await watchedPage(browser, { colorScheme: "dark" }));
      await signIn(page, demo.url, demo.keys.admin);
      await page.keyboard.press("Tab");
      expect(await page.evaluate("document.activeElement?.textContent")).toBe("Skip to content");
      const bg = await page.evaluate("getComputedStyle(document.body).backgroundColor");
      expect(bg).toBe("rgb(15, 20, 25)");
      await page.getByRole("link", { name: "Admin" }).click();
      await page.getByRole("cell", { name: "ci-bot" }).waitFor();
      await shoot("admin-dark");
    });
  },
);
