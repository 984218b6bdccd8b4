/**
 * The dashboard as a user meets it: served by the built CLI's `strata serve --http` beside MCP and
 * the REST API (not mounted alone, as test/browser/dashboard.test.ts mounts it), signed in with a
 * key from `strata keys create`, in Chromium. The API's own secure headers must not be laid over
 * the dashboard's: its scripts and styles load, and the sign-in form's POST carries its origin.
 * Skipped, with the reason, only when /usr/bin/chromium is absent outside CI.
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt, serveHttp } from "../support/built-cli.js";
import { chromiumInstalled, launchChromium, signIn, watchedPage } from "../support/chromium.js";

const runs = chromiumInstalled() || process.env.CI === "true";

describe.skipIf(!runs)("the dashboard served by strata serve --http, in Chromium", () => {
  let dir: string;
  let browser: Browser;
  let child: ChildProcess | undefined;
  let base: string;
  let key: string;

  beforeAll(async () => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), "strata-served-ui-"));
    const db = join(dir, "memory.db");
    const cli = (args: string[]) =>
      execFileSync(process.execPath, [bin, "--db", db, ...args], { encoding: "utf8" });
    cli(["remember", "The retry limit is 5"]);
    key = (
      JSON.parse(
        cli(["keys", "create", "--name", "me", "--scope", "admin", "--namespaces", "*", "--json"]),
      ) as {
        key: string;
      }
    ).key;
    const served = await serveHttp(["--db", db, "serve", "--http", "--port", "0"]);
    child = served.child;
    base = served.url.replace(/\/mcp$/, "");
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    child?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("signs in, shows the Overview with its styles and scripts, and finds a belief", async () => {
    const { page, errors } = await watchedPage(browser);
    await signIn(page, `${base}/ui`, key);
    // The stylesheet applied (blocked, the body keeps the browser's default serif font).
    const font = String(await page.evaluate("getComputedStyle(document.body).fontFamily"));
    expect(font).toMatch(/^system-ui/);
    await page.goto(`${base}/ui/recall?q=retry+limit`);
    await expect(page.getByText("The retry limit is 5").first().isVisible()).resolves.toBe(true);
    await page.context().close();
    expect(errors).toEqual([]);
  }, 120_000);
});
