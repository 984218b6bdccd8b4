import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "../judge/tagger.js";
import { type StandaloneEpisode, type StandaloneVerdict, standalone } from "./standalone.js";

beforeAll(() => loadTagger());

const failure: StandaloneEpisode = { type: "outcome", outcome: "failure" };
const success: StandaloneEpisode = { type: "outcome", outcome: "success" };
const observation: StandaloneEpisode = { type: "observation", outcome: null };

/** An outcome is never chit-chat for being short: it says what happened to what. */
describe("standalone: the rule of short text reads the episode's type and outcome", () => {
  it.each<[string, StandaloneEpisode, StandaloneVerdict]>([
    // An outcome of two words is a statement.
    ["Deploy failed", failure, "standalone"],
    ["Deploy failed.", failure, "standalone"],
    ["Tests passed", success, "standalone"],
    ["Migration timed out", { type: "observation", outcome: "failure" }, "standalone"],
    ["Build broke", { type: "outcome", outcome: null }, "standalone"],
    // The same words said in passing, with no outcome: chit-chat, as before.
    ["Deploy failed", observation, "chit-chat"],
    ["Deploy failed", {}, "chit-chat"],
    ["Tests passed", { type: "decision", outcome: null }, "chit-chat"],
    // A pleasantry is chit-chat whatever the episode says it is.
    ["ok", success, "chit-chat"],
    ["Thanks!", failure, "chit-chat"],
    ["got it", success, "chit-chat"],
    // One word names nothing that happened: not a belief, but not chit-chat either.
    ["Failed", failure, "fragment"],
    ["Failed.", failure, "fragment"],
  ])("%j recorded as %j: %s", (text, episode, verdict) => {
    expect(standalone(text, episode)).toBe(verdict);
  });
});
