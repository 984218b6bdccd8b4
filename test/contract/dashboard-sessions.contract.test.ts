/**
 * Dashboard sessions live in the store, so two dashboards on one database (two servers, or one
 * restarted) honour the same cookie, share what the session holds (the namespace viewed), and
 * both stop at once when its key is revoked or the user signs out. Each dashboard has its own
 * store handle, as another process would; real SQLite file and real PostgreSQL.
 *
 *   DATABASE_URL=postgres://… STRATA_STORES=postgres npx vitest run test/contract/dashboard-sessions.contract.test.ts
 */
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "../../src/access/api-keys.js";
import type { Memory } from "../../src/core/engine.js";
import { openMemory } from "../../src/open-memory.js";
import { createDashboard } from "../../src/server/ui/dashboard.js";
import { HOUR, testClock } from "../support/memory.js";
import { STORE_CASES } from "./stores.js";

const ORIGIN = "http://localhost";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const ONE_SESSION = "one handle only: it cannot stand for a second server";

const dashboard = (memory: Memory, clock: ReturnType<typeof testClock>) =>
  new Hono().route("/ui", createDashboard({ memory, clock, sessionTtlMs: 2 * HOUR }));

for (const c of STORE_CASES) {
  const skip = c.skip ?? (c.name === "pglite" || c.name === "sqlite-memory" ? ONE_SESSION : null);
  describe.skipIf(skip !== null)(
    `dashboard sessions: ${skip ? `${c.name} (skipped: ${skip})` : c.name}`,
    () => {
      beforeAll(() => c.prepare(), 180_000);
      afterAll(() => c.dispose());

      it("a session made on one server works on another and after a restart; revoking its key ends it on both", async () => {
        const clock = testClock();
        const storeA = await c.open();
        const a = await openMemory({ store: storeA, clock });
        const b = await openMemory({ store: await c.reopen(storeA), clock });
        const open: Memory[] = [a, b];
        try {
          const { key } = await createApiKey(
            a.store,
            { name: "ops", scope: "admin", namespaces: ["*"] },
            clock,
          );
          await createApiKey(a.store, { name: "spare", scope: "read", namespaces: ["*"] }, clock);
          const [appA, appB] = [dashboard(a, clock), dashboard(b, clock)];
          const signin = await appA.request(`${ORIGIN}/ui/signin`, {
            method: "POST",
            headers: FORM,
            body: new URLSearchParams({ key }).toString(),
          });
          const cookie = signin.headers.get("Set-Cookie")!.split(";")[0]!;
          const get = (app: Hono, path = "") =>
            app.request(`${ORIGIN}/ui${path}`, { headers: { Cookie: cookie } });

          // The other server knows the session, and what it holds: switch the namespace on B, see it on A.
          const onB = await get(appB);
          expect(onB.status).toBe(200);
          const csrf = /name="csrf" value="([^"]+)"/.exec(await onB.text())![1]!;
          const switched = await appB.request(`${ORIGIN}/ui/namespace`, {
            method: "POST",
            headers: { ...FORM, Cookie: cookie },
            body: new URLSearchParams({ csrf, namespace: "team-b" }).toString(),
          });
          expect(switched.status).toBe(303);
          expect(await (await get(appA)).text()).toContain('value="team-b"');

          // A restart: server A goes away; a new one on a new handle honours the same cookie.
          await a.close();
          open.shift();
          const c2 = await openMemory({ store: await c.reopen(storeA), clock });
          open.push(c2);
          const restarted = dashboard(c2, clock);
          expect((await get(restarted)).status).toBe(200);

          // Revoking the key (here through the other handle) ends the session everywhere.
          await revokeApiKey(b.store, "ops", clock);
          for (const app of [restarted, appB]) {
            const res = await get(app);
            expect(res.status).toBe(303);
            expect(res.headers.get("Location")).toBe("/ui/signin");
          }
        } finally {
          for (const m of open) await m.close();
        }
      }, 60_000);

      it("signing out on one server ends the session on the other; a forged or expired cookie is refused", async () => {
        const clock = testClock();
        const storeA = await c.open();
        const a = await openMemory({ store: storeA, clock });
        const b = await openMemory({ store: await c.reopen(storeA), clock });
        try {
          const { key } = await createApiKey(a.store, { name: "r", scope: "read", namespaces: ["*"] }, clock);
          const [appA, appB] = [dashboard(a, clock), dashboard(b, clock)];
          const signIn = async () => {
            const res = await appA.request(`${ORIGIN}/ui/signin`, {
              method: "POST",
              headers: FORM,
              body: new URLSearchParams({ key }).toString(),
            });
            return res.headers.get("Set-Cookie")!.split(";")[0]!;
          };
          const status = async (app: Hono, cookie: string) =>
            (await app.request(`${ORIGIN}/ui`, { headers: { Cookie: cookie } })).status;

          const first = await signIn();
          const page = await (await appA.request(`${ORIGIN}/ui`, { headers: { Cookie: first } })).text();
          const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
          await appB.request(`${ORIGIN}/ui/signout`, {
            method: "POST",
            headers: { ...FORM, Cookie: first },
            body: new URLSearchParams({ csrf }).toString(),
          });
          expect(await status(appA, first)).toBe(303);

          const second = await signIn();
          expect(await status(appB, second)).toBe(200);
          const forged = second.replace(/.$/, (ch) => (ch === "A" ? "B" : "A"));
          expect(await status(appB, forged)).toBe(303);
          clock.advance(2 * HOUR + 1);
          expect(await status(appB, second)).toBe(303);
        } finally {
          await a.close();
          await b.close();
        }
      }, 60_000);
    },
  );
}
