/**
 * An import's worker reports and audit details may name ids that are not the document's (attacks35
 * left them unchecked, as `strayRow` says why: a kept report of a pass that rolled back names ids
 * that were never committed, and PostgreSQL's sequences never reuse them). Whether that is safe
 * depends on their readers, read one by one (attacks36):
 *
 * - a report's items: `workerReports` / `workerStatus` (REST `GET …/worker`, `strata worker-status`)
 *   return the record as the document wrote it; the dashboard's Activity page links each id and asks
 *   each leaving item's status now through the `get` operation, in the page's namespace (a foreign id
 *   reads as one that is missing: a restore button, never "active now"), and a restore goes through
 *   the namespace's own `restore`; forget redacts its own namespace's reports only.
 * - an audit entry's detail: the sweep's refresh takes every `"b…"` in it as a belief touched and
 *   reads it, keeping only the namespace's own (sweep.ts); the dashboard prints it as written; forget
 *   clears details in its own namespace.
 *
 * So no reader takes such an id as an item of another namespace, and the import need not refuse
 * them (a refusal would also have to be worded without saying whether the id exists). These tests
 * prove it: a document whose report and details name the victim's beliefs imports exactly as one
 * naming ids nobody holds does, and then nothing the attacker can read or do reaches the victim's
 * text, status or beliefs; the victim's forget leaves none of its text anywhere. Each test fails if
 * the reader it covers read the id outside the namespace (checked by hand, both stores: `get` read
 * on the store directly makes Activity show the victim's belief "active now"; the sweep's refresh
 * without its namespace test lets the attacker's sleep close the victim's belief).
 * SQLite file and PostgreSQL.
 */
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/access/api-keys.js";
import { nextEntry } from "../../src/core/audit.js";
import type { Memory } from "../../src/core/engine.js";
import type { ExportDocument } from "../../src/core/exchange/document.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { metaKey } from "../../src/core/meta-keys.js";
import type { AuditEntry } from "../../src/core/model.js";
import { createDashboard } from "../../src/server/ui/dashboard.js";
import { attackerDocument } from "../support/attacker-document.js";
import { memoryBackends } from "../support/backends.js";
import { HOUR, type TestClock } from "../support/memory.js";

beforeAll(() => loadTagger());

const VICTIM = "victim";
const ATTACKER = "attacker";
/** Every word of the victim's that must never reach the attacker. */
// The victim's words and codes, as words: "4411" inside a hash's hex ("…ecdc4411…") is no leak
// (a fresh-clone CI run failed on one by chance).
const SECRET = /vault|\b4411\b|\b9922\b|victim/;
/** An id no store here holds. */
const NOBODY = "b987654";

interface Victim {
  /** The belief the write gate closed (archived), and the active one that closed it. */
  closed: string;
  current: string;
}

async function victim(mem: Memory): Promise<Victim> {
  const v = mem.withNamespace(VICTIM);
  await v.remember("The vault code is 4411");
  await v.remember("The vault code is 9922 now");
  const beliefs = await mem.store.listBeliefs(
    { namespaces: [VICTIM], statuses: null },
    { limit: 10, offset: 0 },
  );
  const closed = beliefs.find((b) => b.status === "archived");
  expect(closed?.supersededBy).toBeTruthy();
  return { closed: closed!.id, current: closed!.supersededBy! };
}

/**
 * The attacker's document: its own two items, a chain about them whose entries keep their detail
 * (audit content on) naming `ids`, and a kept worker report, applied, whose items are `ids` leaving
 * the active set ("superseded", so the dashboard offers each a restore and asks its status now).
 */
async function forged(mem: Memory, clock: TestClock, ids: [string, string]): Promise<ExportDocument> {
  const doc = await attackerDocument(mem, ATTACKER);
  const at = clock.now().toISOString();
  const [own] = doc.beliefs;
  let head: AuditEntry | null = null;
  doc.audit = [];
  for (const [event, subjectId, payload] of [
    ["episode.recorded", doc.episodes[0]!.id, { note: "own turn" }],
    ["belief.created", own!.id, { merged: ids[0], by: ids[1] }],
    ["belief.confirmed", own!.id, { survivor: ids[1], touched: [ids[0], ids[1]] }],
  ] as const) {
    head = nextEntry(head, { namespace: ATTACKER, at, actor: "attacker", event, subjectId, payload }, true);
    doc.audit.push(head);
  }
  doc.auditHeads = [{ namespace: ATTACKER, seq: head!.seq, hash: head!.hash }];
  doc.meta.push({
    key: metaKey("worker:reports", ATTACKER),
    value: JSON.stringify([
      {
        namespace: ATTACKER,
        at,
        worker: "worker",
        status: "applied",
        reasons: [{ code: "request", detail: "asked" }],
        activeBefore: 3,
        activeAfter: 1,
        left: { count: 2, share: 0.66, byStatus: { archived: 2 } },
        limit: 3,
        maintain: null,
        consolidate: { superseded: 2 },
        items: [
          { id: ids[0], action: "superseded", reason: "forged item one", by: ids[1] },
          { id: ids[1], action: "superseded", reason: "forged item two", by: own!.id },
        ],
        itemsOmitted: 0,
        error: null,
      },
    ]),
  });
  return doc;
}

/** The attacker's signed-in dashboard: a write key for its namespace only. */
async function dashboard(mem: Memory, clock: TestClock) {
  const { key } = await createApiKey(mem.store, { name: "a", scope: "write", namespaces: [ATTACKER] }, clock);
  const app = new Hono().route("/ui", createDashboard({ memory: mem, clock, sessionTtlMs: 2 * HOUR }));
  const origin = "http://localhost";
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const signin = await app.request(`${origin}/ui/signin`, {
    method: "POST",
    headers: form,
    body: new URLSearchParams({ key }).toString(),
  });
  const cookie = signin.headers.get("Set-Cookie")!.split(";")[0]!;
  const get = async (path: string) =>
    (await app.request(`${origin}/ui${path}`, { headers: { Cookie: cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(await get(""))![1]!;
  const post = (path: string, fields: Record<string, string>) =>
    app.request(`${origin}/ui${path}`, {
      method: "POST",
      headers: { ...form, Cookie: cookie },
      body: new URLSearchParams({ csrf, ...fields }).toString(),
    });
  return { get, post };
}

/** The victim's beliefs as they stand (id, status, text). */
const victimBeliefs = async (mem: Memory) =>
  JSON.stringify(
    (await mem.store.listBeliefs({ namespaces: [VICTIM], statuses: null }, { limit: 10, offset: 0 })).map(
      (b) => [b.id, b.status, b.supersededBy, b.text],
    ),
  );

for (const backend of memoryBackends("importrep"))
  describe.skipIf(backend.skip)(
    `${backend.name}: an import's reports and audit details naming another namespace's ids`,
    () => {
      it("import as one naming ids nobody holds does: accepted, saying nothing of whether the ids exist", async () => {
        const { mem, clock } = await backend.open();
        const { mem: other, clock: otherClock } = await backend.open();
        try {
          const v = await victim(mem);
          await victim(other);
          const named = await mem
            .withNamespace(ATTACKER)
            .import(JSON.stringify(await forged(mem, clock, [v.closed, v.current])));
          const nobody = await other
            .withNamespace(ATTACKER)
            .import(JSON.stringify(await forged(other, otherClock, [NOBODY, `${NOBODY}1`])));
          expect(named.loaded).toEqual(nobody.loaded);
          expect(named.audit?.ok).toBe(true);
          expect(JSON.stringify(named)).not.toMatch(SECRET);
        } finally {
          await mem.close();
          await other.close();
        }
      });

      it("reports, status, the Activity page, a restore and sleep show or change nothing of the victim's", async () => {
        const { mem, clock } = await backend.open();
        try {
          const v = await victim(mem);
          const before = await victimBeliefs(mem);
          const attacker = mem.withNamespace(ATTACKER);
          await attacker.import(JSON.stringify(await forged(mem, clock, [v.closed, v.current])));

          // The report as the document wrote it: ids, no text of the victim's.
          const status = await attacker.workerStatus();
          expect(status.reports[0]?.items.map((i) => i.id)).toEqual([v.closed, v.current]);
          expect(JSON.stringify(status)).not.toMatch(SECRET);

          // The Activity page asks each item's status in the attacker's namespace: the victim's active
          // belief reads as a missing one does (a restore button), never "active now".
          const ui = await dashboard(mem, clock);
          const activity = await ui.get("/activity");
          expect(activity).toContain(`Restore ${v.current}`);
          expect(activity).toContain(`Restore ${v.closed}`);
          expect(activity).not.toContain("active now");
          expect(activity).not.toMatch(SECRET);
          for (const id of [v.closed, v.current]) {
            const item = await ui.get(`/items/${id}`);
            expect(item).not.toMatch(SECRET);
            const restore = await ui.post(`/items/${id}/restore`, { back: "/activity" });
            expect(await restore.text()).not.toMatch(SECRET);
          }
          const audit = await ui.get("/audit");
          expect(audit).not.toMatch(SECRET);

          // Sleep reads a detail's ids as beliefs touched (the sweep's refresh of the set it kept from
          // its last pass): a first pass keeps the set, then an entry naming the victim's current
          // belief in its detail (as the imported ones do; appended as any writer to the shared store
          // could), then the attacker's own change of the same code, and a second pass.
          await attacker.remember("The vault code of the deploy room is 5150");
          await attacker.consolidate();
          await mem.store.transaction(async (tx) =>
            tx.appendAudit(
              nextEntry(
                await tx.auditHead(ATTACKER),
                {
                  namespace: ATTACKER,
                  at: clock.now().toISOString(),
                  actor: "attacker",
                  event: "belief.confirmed",
                  subjectId: null,
                  payload: { survivor: v.current, by: v.closed },
                },
                true,
              ),
            ),
          );
          clock.advance(HOUR);
          await attacker.remember("The vault code of the deploy room is 6160 now");
          await attacker.consolidate();
          const review = await attacker.candidates({ review: true, days: 30 });
          expect(JSON.stringify([review, await attacker.candidates({})])).not.toMatch(/\b4411\b|\b9922\b/);
          expect(await victimBeliefs(mem)).toBe(before);
        } finally {
          await mem.close();
        }
      });

      it("the victim's forget leaves none of its text anywhere; the attacker's record keeps only what it brought", async () => {
        const { mem, clock } = await backend.open();
        try {
          const v = await victim(mem);
          const attacker = mem.withNamespace(ATTACKER);
          await attacker.import(JSON.stringify(await forged(mem, clock, [v.closed, v.current])));
          const victimMem = mem.withNamespace(VICTIM);
          await victimMem.forget(v.current);
          await victimMem.forget(v.closed);
          const everywhere = JSON.stringify([
            await attacker.export({ format: "json" }),
            await victimMem.export({ format: "json" }),
            await attacker.workerStatus(),
            await victimMem.workerStatus(),
            await mem.store.listAudit({ namespace: ATTACKER, limit: 100 }),
            await mem.store.listAudit({ namespace: VICTIM, limit: 100 }),
          ]);
          expect(everywhere).not.toMatch(/vault|\b4411\b|\b9922\b/);
          // The attacker's report still names the ids it was written with: its own text, nothing more.
          const [report] = (await attacker.workerStatus()).reports;
          expect(report?.items.map((i) => i.reason)).toEqual(["forged item one", "forged item two"]);
        } finally {
          await mem.close();
        }
      });
    },
  );
