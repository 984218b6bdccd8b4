/** The one table of borrowed names: what a name given to a request that does not take it means. */
import { describe, expect, it } from "vitest";
import { NAME_MEANINGS, namesMeant, namesNear, plainName } from "./borrowed-names.js";

describe("namesMeant names what a request takes that means the same", () => {
  it.each([
    // [given, taken, meant]
    ["limit", ["query", "k", "kinds"], ["k"]],
    ["top_k", ["query", "k"], ["k"]],
    ["topK", ["query", "k"], ["k"]],
    ["k", ["status", "limit", "offset"], ["limit"]],
    ["lmit", ["query", "k"], ["k"]], // one slip from limit
    ["--tokens", ["--budget", "--json"], ["--budget"]],
    ["max_tokens", ["goal", "tokenBudget"], ["tokenBudget"]],
    ["filter", ["query", "metadata"], ["metadata"]],
    ["meta", ["statement", "metadata"], ["metadata"]],
    ["date", ["query", "at", "asOf"], ["at"]],
    ["recorded_at", ["query", "at", "asOf"], ["asOf"]],
    ["dry_run", ["dryRun"], ["dryRun"]], // the same name, written otherwise
    ["action", ["what", "id", "limit"], ["what"]], // MCP inspect, asked as curate, sleep and wrap are
    ["operation", ["what", "id"], ["what"]],
    ["what", ["action", "id"], ["action"]], // MCP curate, asked as inspect is
    ["q", ["query", "k"], ["query"]], // REST ?q=, as search APIs take it
    ["search", ["query", "k"], ["query"]],
    ["content", ["statement", "kind"], ["statement"]], // remember, asked as record is
    ["statement", ["content", "type"], ["content"]], // record, asked as remember is
  ] as const)("%s, of %j → %j", (given, taken, meant) => {
    expect(namesMeant(given, taken)).toEqual(meant);
  });

  it.each([
    ["color", ["query", "k"]], // in no row
    ["limitless", ["query", "k"]], // more than one slip from any name
    ["limit", ["query", "kinds"]], // its row names nothing the request takes
    ["k", ["k", "query"]], // the name itself is no suggestion
    ["action", ["query", "k"]], // its row names nothing the request takes
    ["kind", ["what", "id"]], // a name of another meaning
    ["text", ["statement", "kind"]], // no row: curate's --text-column keeps commander's spelling guess
  ] as const)("%s, of %j → nothing", (given, taken) => {
    expect(namesMeant(given, taken)).toEqual([]);
  });

  it("no plain name stands in two rows (a name has one meaning)", () => {
    const seen = new Map<string, number>();
    NAME_MEANINGS.forEach((row, i) => {
      for (const name of row) {
        const plain = plainName(name);
        expect(seen.get(plain) ?? i, `${name} in rows ${seen.get(plain)} and ${i}`).toBe(i);
        seen.set(plain, i);
      }
    });
  });
});

describe("namesNear names what a name asked for that nothing has is a slip of, or another name for", () => {
  const TOOLS = ["recall", "context", "record", "remember", "sleep", "wrap", "inspect"];
  const RUNS = {
    sleep: ["maintain", "consolidate", "sweep"],
    wrap: ["prepareWrap"],
    inspect: ["explain", "stats"],
  };
  it.each([
    // [given, near]
    ["recal", ["recall"]], // a letter dropped
    ["recalll", ["recall"]], // added
    ["rexall", ["recall"]], // changed
    ["remebmer", ["remember"]], // swapped
    ["Recall", ["recall"]], // the same name, written otherwise
    ["consolidate", ["sleep"]], // an operation the tool runs
    ["prepare_wrap", ["wrap"]], // …written otherwise
    ["explian", ["inspect"]], // …with a slip
  ] as const)("%s → %j", (given, near) => {
    expect(namesNear(given, TOOLS, RUNS)).toEqual(near);
  });

  it.each([
    ["search"], // a name of no tool and no operation
    ["recollect"], // more than one slip
    ["wra"], // a slip of a short name is too likely a different word
    ["rap"],
    ["memory"],
  ] as const)("%s → nothing", (given) => {
    expect(namesNear(given, TOOLS, RUNS)).toEqual([]);
  });

  // Before newcomer39 a name of one letter had no slips at all (`--kk` named nothing).
  it.each([
    ["--kk", ["--k"]], // the letter typed twice
    ["--kj", ["--k"]], // a letter added after it
    ["--ak", ["--k"]], // before it
  ] as const)("%s → %j among flags of one letter", (given, near) => {
    expect(namesNear(given, ["--k", "--at", "--db"])).toEqual(near);
  });

  it.each([
    ["--kkk"], // two letters more
    ["--j"], // another letter: a name of one letter is not changed into another
    ["--aa"], // neither letter is the name's
  ] as const)("%s → nothing among flags of one letter", (given) => {
    expect(namesNear(given, ["--k", "--at", "--db"])).toEqual([]);
  });
});
