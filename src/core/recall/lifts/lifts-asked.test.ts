import { describe, expect, it } from "vitest";
import { liftsAsked } from "./lifts-asked.js";

describe("liftsAsked: recall's lifts run only for a query that asks about now", () => {
  it.each([
    "Which gym do I go to now?",
    "What interest rate are we paying on the mortgage?",
    "what is the sandbox identity pipeline max connections?",
    "Who owns the staging billing gateway?",
    "where did rachel last get her eyes tested",
    "How much can I expense for lunch when travelling?",
  ])("lifts: %s", async (query) => expect(await liftsAsked(query)).toBe(true));

  it.each([
    // A query that asks nothing: keywords.
    "replica count of the staging media sidecar",
    "production support proxy deploy failures",
    "mortgage interest rate",
    // A question about another time.
    "When did Caroline go to the LGBTQ support group?",
    "What interest rate did we pay on the mortgage?",
    "What events has Caroline participated in to help children?",
  ])("no lifts: %s", async (query) => expect(await liftsAsked(query)).toBe(false));
});
