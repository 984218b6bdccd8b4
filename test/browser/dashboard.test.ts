/**
 * The dashboard in a real browser: Debian's Chromium through playwright-core, against a real
 * server on a real port over a real SQLite memory. Covers sign-in, search, time travel, a judged
 * pair in the review queue, a restore from Activity, a forget with confirmation, creating and
 * revoking a key in Admin (and a creation refused, answered in the form), and a requested worker run seen on Activity; any console
 * error or uncaught exception fails the test; every page is photographed into a temp folder.
 *
 * Skipped, with the reason, only when /usr/bin/chromium is absent outside CI; in CI it must run.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listApiKeys, verifyApiKey } from "../../src/access/api-keys.js";
import { createWorker } from "../../src/core/worker/index.js";
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

    it("an empty namespace's Overview says how memories get in", async () => {
      await signIn(page, demo.url, demo.keys.admin);
      expect(await page.locator("#empty-namespace").count()).toBe(0);
      await page.getByLabel("Namespace").fill("fresh-team");
      await page.getByRole("button", { name: "Switch" }).click();
      await page.getByRole("heading", { name: "Nothing is stored in fresh-team yet" }).waitFor();
      const notice = await page.locator("#empty-namespace").textContent();
      expect(notice).toContain("strata install claude-code");
      expect(notice).toContain("POST /v1/namespaces/fresh-team/beliefs");
      expect(notice).toContain('strata -n fresh-team remember "The retry limit is 5"');
      expect(notice).toMatch(/This key also sees default/);
      await shoot("overview-empty");
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

    // Before newcomer39 a budget typed into the address below the engine's floor replaced the
    // whole Recall page with an error page: no form to correct it in.
    it("a budget the engine refuses, typed into the address, shows the form with the field's error", async () => {
      await signIn(page, demo.url, demo.keys.reader);
      const res = await page.goto(`${demo.url}/recall?q=API+retry+limit&budget=10`);
      expect(res?.status()).toBe(400);
      // The browser reports the 400 of the page itself as a console error: that one only.
      expect(errors.splice(0)).toEqual([expect.stringMatching(/status of 400/)]);
      const budget = page.getByLabel("Context budget (tokens)");
      expect(await budget.inputValue()).toBe("10");
      expect(await budget.getAttribute("aria-invalid")).toBe("true");
      const described = await page.locator(`#${await budget.getAttribute("aria-describedby")}`).textContent();
      expect(described).toContain(
        "The context budget is a whole number of tokens from 32 to 200000; got 10.",
      );
      expect(await page.getByRole("heading", { name: "Context block" }).count()).toBe(0);
      await shoot("recall-budget-refused");
      await budget.fill("40");
      await page.getByRole("button", { name: "Recall" }).click();
      await page.getByRole("heading", { name: "Context block" }).waitFor();
      expect(await page.locator("ol.hits").textContent()).toContain("The API retry limit is 7");
    });

    // Before newcomer45 each of these replaced the page with an error page: no field to correct.
    it("a namespace switch refused keeps the page, the picker as typed with the refusal; a date refused keeps the Timeline's form", async () => {
      await signIn(page, demo.url, demo.keys.reader);
      const picker = page.getByLabel("Namespace");
      await picker.fill("team-b");
      await page.getByRole("button", { name: "Switch" }).click();
      await page
        .locator("#namespace-error")
        .getByText(/may not act in namespace "team-b".*Still viewing default\./)
        .waitFor();
      expect(errors.splice(0)).toEqual([expect.stringMatching(/status of 403/)]);
      expect(await page.getByLabel("Namespace").inputValue()).toBe("team-b");
      expect(await page.getByLabel("Namespace").getAttribute("aria-describedby")).toBe("namespace-error");
      // Marked to the eye too, in the colour the refusal's notice is drawn in.
      const marked = (await page.evaluate(
        `[getComputedStyle(document.querySelector('input[name="namespace"]')).borderTopColor, getComputedStyle(document.querySelector("#namespace-error")).borderLeftColor]`,
      )) as string[];
      expect(marked[0]).toBe(marked[1]);
      await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
      await shoot("namespace-refused");
      // Corrected in place: the switch to a namespace the key covers goes through.
      await page.getByLabel("Namespace").fill("default");
      await page.getByRole("button", { name: "Switch" }).click();
      await page.getByRole("status").getByText("Now viewing namespace default.").waitFor();
      expect(await page.locator("#namespace-error").count()).toBe(0);

      const res = await page.goto(`${demo.url}/timeline?at=yesterday`);
      expect(res?.status()).toBe(400);
      expect(errors.splice(0)).toEqual([expect.stringMatching(/status of 400/)]);
      const date = page.getByLabel("Date", { exact: true });
      expect(await date.getAttribute("aria-invalid")).toBe("true");
      // The refused text is in the field, readable and correctable (a date input showed it empty).
      expect(await date.inputValue()).toBe("yesterday");
      expect(await page.locator("#at-error").textContent()).toContain('"yesterday" is not a date');
      await shoot("timeline-date-refused");
      await date.fill("2026-01-04");
      await page.getByRole("button", { name: "Show" }).click();
      await page.getByRole("heading", { name: "What held on 2026-01-04" }).waitFor();
      // A date it takes: the date picker again, unmarked.
      expect(await date.getAttribute("type")).toBe("date");
      expect(await date.getAttribute("aria-invalid")).toBeNull();
      // Recall's date, refused the same way: what was typed, in the field.
      expect((await page.goto(`${demo.url}/recall?q=retry&at=not-a-date`))?.status()).toBe(400);
      expect(errors.splice(0)).toEqual([expect.stringMatching(/status of 400/)]);
      const asOf = page.getByLabel("As of date (time travel)");
      expect(await asOf.inputValue()).toBe("not-a-date");
      expect(await asOf.getAttribute("aria-describedby")).toBe("at-error");
    });

    it("judges a pair in the review queue", async () => {
      await signIn(page, demo.url, demo.keys.writer);
      await page.getByRole("link", { name: "Review" }).click();
      const card = page.locator(`#pair-${demo.ids.pairA}-${demo.ids.pairB}`);
      await card.waitFor();
      expect(await card.locator("del").first().textContent()).toBe("lives");
      expect(await card.locator("ins").first().textContent()).toBe("dwells");
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
      // The page it lands on offers nothing a forgotten item refuses (each button was refused with
      // a FORGOTTEN line over the same buttons before newcomer40), and says why.
      await page
        .locator("#forgotten-item")
        .getByText(/can no longer be restored, pinned or given an outcome/)
        .waitFor();
      expect(await page.getByRole("button", { name: /worked|failed|Pin|Restore/ }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Forget…" }).count()).toBe(0);
      await shoot("forgotten-belief");
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

    it("creates a key in Admin, shows it once, and revokes it after confirming", async () => {
      await signIn(page, demo.url, demo.keys.admin);
      await page.getByRole("link", { name: "Admin", exact: true }).click();
      await page.getByLabel("Name", { exact: true }).fill("dash-bot");
      await page.getByLabel("Scope").selectOption("read");
      await page.getByLabel("Namespaces", { exact: true }).fill("default");
      await page.getByRole("button", { name: "Create key" }).click();
      await page
        .getByRole("status")
        .getByText(/cannot be shown again/)
        .waitFor();
      const secret = await page.getByLabel("The new key").inputValue();
      expect(await verifyApiKey(demo.mem.store, secret)).toMatchObject({
        name: "dash-bot",
        createdBy: "key:ops-admin",
      });
      await shoot("admin-created-key");
      await page.getByRole("link", { name: "Admin", exact: true }).click();
      // The boosted navigation swaps the page in when its answer arrives: wait for the notice to go.
      await page.locator("#created-key").waitFor({ state: "detached" });
      expect(await page.content()).not.toContain(secret);

      await page.getByRole("link", { name: "Revoke dash-bot…" }).click();
      await page
        .getByRole("alert")
        .getByText(/cannot be undone/)
        .waitFor();
      expect(await verifyApiKey(demo.mem.store, secret)).not.toBeNull();
      await page.getByRole("button", { name: "Revoke dash-bot now" }).click();
      await page
        .getByRole("status")
        .getByText(/Revoked key dash-bot/)
        .waitFor();
      expect(await verifyApiKey(demo.mem.store, secret)).toBeNull();
    });

    it("a key creation refused shows the form again as typed, the field's error under it, and creates nothing", async () => {
      await signIn(page, demo.url, demo.keys.admin);
      await page.getByRole("link", { name: "Admin", exact: true }).click();
      const before = await listApiKeys(demo.mem.store);
      const name = page.getByLabel("Name", { exact: true });
      const namespaces = page.getByLabel("Namespaces", { exact: true });
      // A name a live key holds (409), then a pattern that is no namespace (400): each answered in the form.
      await name.fill("ci-bot");
      await page.getByLabel("Scope").selectOption("write");
      await namespaces.fill("default");
      await page.getByRole("button", { name: "Create key" }).click();
      await page
        .getByRole("alert")
        .getByText(/A live key named "ci-bot" exists/)
        .waitFor();
      expect(errors.splice(0)).toEqual([expect.stringMatching(/status of 409/)]);
      expect(await name.inputValue()).toBe("ci-bot");
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(`#${await name.getAttribute("aria-describedby")}`).textContent()).toContain(
        "Revoke ci-bot… in the table above",
      );
      expect(await page.getByLabel("Scope").inputValue()).toBe("write");
      await shoot("admin-key-refused");
      await name.fill("dash-bot");
      await namespaces.fill("team-a, ../x");
      await page.getByRole("button", { name: "Create key" }).click();
      await page
        .getByRole("alert")
        .getByText(/"\.\.\/x": a namespace pattern is/)
        .waitFor();
      expect(errors.splice(0)).toEqual([expect.stringMatching(/status of 400/)]);
      expect(await namespaces.inputValue()).toBe("team-a, ../x");
      expect(await namespaces.getAttribute("aria-invalid")).toBe("true");
      expect(await name.getAttribute("aria-invalid")).toBeNull();
      expect(await listApiKeys(demo.mem.store)).toEqual(before);
      // Corrected in place, the same form creates the key.
      await namespaces.fill("team-a");
      await page.getByRole("button", { name: "Create key" }).click();
      await page
        .getByRole("status")
        .getByText(/Created key dash-bot \(write, team-a\)/)
        .waitFor();
      expect(await listApiKeys(demo.mem.store)).toHaveLength(before.length + 1);
    });

    it("requests a worker run from Admin and shows its report on Activity and the Overview", async () => {
      await signIn(page, demo.url, demo.keys.admin);
      await page.getByRole("link", { name: "Admin", exact: true }).click();
      await page.getByLabel("Note (optional)").fill("checked from the browser");
      await page.getByRole("button", { name: "Request a run now" }).click();
      await page
        .getByRole("status")
        .getByText(/Asked the worker to consolidate default/)
        .waitFor();
      await page
        .locator("#worker-request")
        .getByText(/A run is requested: by key:ops-admin/)
        .waitFor();

      // The worker's tick, in this process, as `serve --http --worker` would run it.
      const tick = await createWorker(demo.mem, { namespaces: ["default"], daily: null }).tick();
      expect(tick.outcomes[0]?.status).toBe("applied");

      await page.getByRole("link", { name: "Activity" }).click();
      const runs = page.locator("#worker-runs");
      await runs.getByText(/requested by key:ops-admin .*: checked from the browser/).waitFor();
      expect(await runs.locator("details[open]").count()).toBe(1);
      await shoot("activity-worker");
      await page.getByRole("link", { name: "Overview" }).click();
      await page.locator("#last-worker-run").getByText("applied").waitFor();
      expect(await page.locator("#last-worker-run").textContent()).toMatch(/Why: request/);
    });

    // newcomer44 answered a note the engine refuses with the Admin page and the note's error; only
    // a client past the field's maxlength sends one, so the test takes the maxlength off first.
    it("a worker request whose note is refused shows the note as typed with its error, and requests nothing", async () => {
      await signIn(page, demo.url, demo.keys.admin);
      await page.getByRole("link", { name: "Admin", exact: true }).click();
      const note = page.getByLabel("Note (optional)");
      expect(await note.getAttribute("maxlength")).toBe("500");
      await note.evaluate((input) => input.removeAttribute("maxlength"));
      const long = `${"x".repeat(600)} end`;
      await note.fill(long);
      await page.getByRole("button", { name: "Request a run now" }).click();
      await page
        .getByRole("alert")
        .getByText(/The note must be at most 500 characters/)
        .waitFor();
      expect(errors.splice(0)).toEqual([expect.stringMatching(/status of 400/)]);
      const typed = page.getByLabel("Note (optional)");
      expect(await typed.inputValue()).toBe(long);
      expect(await typed.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(`#${await typed.getAttribute("aria-describedby")}`).textContent()).toContain(
        "INVALID_INPUT",
      );
      // The page is Admin still, not an error page, and no run was requested.
      await page.getByRole("heading", { name: "Admin", level: 1 }).waitFor();
      expect(await page.locator("#worker-request").textContent()).not.toMatch(/A run is requested/);
      await shoot("admin-note-refused");
      // Corrected in place, the same form asks for the run.
      await typed.fill("shorter now");
      await page.getByRole("button", { name: "Request a run now" }).click();
      await page
        .locator("#worker-request")
        .getByText(/A run is requested: by key:ops-admin/)
        .waitFor();
    });

    it("is keyboard-usable and keeps its colours in dark mode", async () => {
      await page.context().close();
      ({ page, errors } = await watchedPage(browser, { colorScheme: "dark" }));
      await signIn(page, demo.url, demo.keys.admin);
      await page.keyboard.press("Tab");
      expect(await page.evaluate("document.activeElement?.textContent")).toBe("Skip to content");
      const bg = await page.evaluate("getComputedStyle(document.body).backgroundColor");
      expect(bg).toBe("rgb(15, 20, 25)");
      await page.getByRole("link", { name: "Admin", exact: true }).click();
      await page.getByRole("cell", { name: "ci-bot", exact: true }).waitFor();
      await shoot("admin-dark");
    });
  },
);
