/**
 * The kin-name search (notfound44, recall/kin-names.ts) across namespaces (attacks45). A question
 * that asks by kin ("where is my son stationed now") is searched by the name the store gives the
 * relative in apposition ("my son Jun Hao"): the name is read from the store, so a name another
 * namespace gives "my son" must never become a term of this namespace's search, nor may another
 * namespace's texts crowd this one's out of the texts read for the name (`KIN_CANDIDATES`), and a
 * forgotten apposition must name no one afterwards, through the same warm handle.
 * Real stores: a SQLite file and PostgreSQL (one schema, two namespaces).
 */
import { describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import type { BeliefFilter, EpisodeFilter } from "../../src/core/ports.js";
import { KIN_CANDIDATES, kinNameTerms } from "../../src/core/recall/kin-names.js";
import { storeLocations, twoNamespacesClosedAfterAll } from "../support/backends.js";

const backends = storeLocations("kinns");

const twoNamespaces = twoNamespacesClosedAfterAll();

const QUESTION = "Where is my son stationed now?";
const filters = (namespace: string): [BeliefFilter, EpisodeFilter] => [
  { namespaces: [namespace], statuses: ["active"] },
  { namespaces: [namespace], statuses: ["active"] },
];

/** What team-a's recall answers, as texts and scores (ids differ between stores). */
const answer = async (mem: Memory) =>
  (await mem.recall(QUESTION, { k: 8 })).map((h) => [h.text, Math.round(h.score * 1e6)]);

for (const backend of backends)
  describe.skipIf(backend.skip)(`${backend.name}: kin names stay in their namespace`, () => {
    it("another namespace's name for 'my son' is no term of this one's search, and its flood crowds nothing out", async () => {
      const { a, b } = await twoNamespaces(backend.db());
      await a.record("My son Jun Hao doing NS at Pasir Laba camp");
      await a.record("Jun Hao kena move to Charlie Company last week");
      await a.record("The Zorblatt account was moved to Delta Company in March");
      const before = await kinNameTerms(a.store, QUESTION, ...filters("team-a"));
      expect(before).toEqual(["jun", "hao"]);
      const recalled = await answer(a);
      expect(recalled.some(([t]) => String(t).includes("Charlie Company"))).toBe(true);

      // team-b names its own son, more often than team-a ever did, in more texts than are read.
      for (let i = 0; i < KIN_CANDIDATES * 3; i++)
        await b.record(`My son Zorblatt said his son Zorblatt moved camp ${i} times`);
      await b.remember("My son Zorblatt is stationed at Delta Company");

      expect(await kinNameTerms(a.store, QUESTION, ...filters("team-a"))).toEqual(before);
      expect(await kinNameTerms(b.store, QUESTION, ...filters("team-b"))).toEqual(["zorblatt"]);
      // team-a's answer is as it was: no hit for "zorblatt" (team-a's Zorblatt account), no order moved.
      expect(await answer(a)).toEqual(recalled);
      expect(JSON.stringify(await answer(a))).not.toContain("Zorblatt account");
    }, 120_000);

    it("a forgotten apposition names no one afterwards (the same warm handle), and another namespace's is untouched", async () => {
      const { a, b } = await twoNamespaces(backend.db());
      const named = await a.record("My son Quillon is doing NS at Pasir Laba camp");
      await a.record("Quillon kena move to Charlie Company last week");
      await b.record("My son Quillon is a chef in Osaka");
      expect(await kinNameTerms(a.store, QUESTION, ...filters("team-a"))).toEqual(["quillon"]);
      await a.recall(QUESTION); // warm: the indexes hold the row
      await a.forget(named.id);
      expect(await kinNameTerms(a.store, QUESTION, ...filters("team-a"))).toEqual([]);
      expect(await kinNameTerms(b.store, QUESTION, ...filters("team-b"))).toEqual(["quillon"]);
      const hits = await a.recall(QUESTION, { k: 8 });
      expect(hits.map((h) => h.text).join("\n")).not.toContain("Pasir Laba");
    }, 120_000);

    it("pets and Scots 'ma' (notfound45): another namespace's dog or 'ma son' is no term of this one's search; a forgotten pet names nothing (attacks46)", async () => {
      const { a, b } = await twoNamespaces(backend.db());
      const DOG = "How heavy is the dog now?";
      const SON = "Where does ma son work now?";
      const named = await a.record("Me and the dug Bruno walked to the loch");
      await a.record("Bruno weighs 31 kilos at the vet");
      for (let i = 0; i < KIN_CANDIDATES * 2; i++) {
        await b.record(`Me and the dug Zorblatt walked ${i} miles`);
        await b.record(`Ma son Quillan started at the garage ${i} weeks ago`);
      }
      expect(await kinNameTerms(a.store, DOG, ...filters("team-a"))).toEqual(["bruno"]);
      expect(await kinNameTerms(a.store, SON, ...filters("team-a"))).toEqual([]);
      expect(await kinNameTerms(b.store, DOG, ...filters("team-b"))).toEqual(["zorblatt"]);
      expect(await kinNameTerms(b.store, SON, ...filters("team-b"))).toEqual(["quillan"]);
      const hits = await a.recall(DOG, { k: 8 });
      expect(hits.map((h) => h.text).join("\n")).not.toMatch(/Zorblatt|Quillan/);
      await a.forget(named.id);
      expect(await kinNameTerms(a.store, DOG, ...filters("team-a"))).toEqual([]);
      expect(await kinNameTerms(b.store, DOG, ...filters("team-b"))).toEqual(["zorblatt"]);
      expect((await a.recall(DOG, { k: 8 })).map((h) => h.text).join("\n")).not.toContain("loch");
    }, 180_000);
    it("owners of the kin's thing (KIN_OWNER_RULE, session 46): another namespace's owners are no term of this one's search, crowd nothing out, and a forgotten owner names no one (attacks47)", async () => {
      const { a, b } = await twoNamespaces(backend.db());
      const WEDDING = "What day is my sister's wedding?";
      // team-b names its own sister and the owners of its weddings, in more texts than are read.
      await b.record("My sister Zorblatt lives in Durban");
      for (let i = 0; i < KIN_CANDIDATES * 2; i++)
        await b.record(`Zorblatt and Quillan's wedding hashtag was used ${i} times`);
      // team-a has said no owner yet: nothing of team-b's is read for it.
      expect(await kinNameTerms(a.store, WEDDING, ...filters("team-a"))).toEqual([]);
      const owned = await a.record("Chantal and Dewald's wedding is on 7 March at the farm");
      await a.record("Dewald booked the photographer for the farm");
      expect(await kinNameTerms(a.store, WEDDING, ...filters("team-a"))).toEqual(["chantal", "dewald"]);
      // team-b's apposition names its sister, so its owner reading never runs there.
      expect(await kinNameTerms(b.store, WEDDING, ...filters("team-b"))).toEqual(["zorblatt"]);
      const hits = await a.recall(WEDDING, { k: 8 });
      expect(hits.map((h) => h.text).join("\n")).not.toMatch(/Zorblatt|Quillan|Durban/);
      await a.recall(WEDDING); // warm
      await a.forget(owned.id);
      expect(await kinNameTerms(a.store, WEDDING, ...filters("team-a"))).toEqual([]);
      expect((await a.recall(WEDDING, { k: 8 })).map((h) => h.text).join("\n")).not.toContain("7 March");
      expect(await kinNameTerms(b.store, WEDDING, ...filters("team-b"))).toEqual(["zorblatt"]);
    }, 180_000);
  });
