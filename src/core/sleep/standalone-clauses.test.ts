import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "../judge/tagger.js";
import { standalone } from "./standalone.js";

beforeAll(() => loadTagger());

describe("standalone: a sentence that opens with a subordinate clause", () => {
  it.each([
    "Since the Birch Street garage closed I've been parking at the lot on Fifth Avenue, it's cheaper too.",
    "Since Tony retired I get my hair cut at Sharp Lines near the station.",
    "When Dr. Reyes closed her practice I signed up with Dr. Mensah on Mill Lane.",
    "Because the 8:15 got cancelled, I catch the 7:40 express bus into the city now.",
    "When I was a kid, we lived in Leeds.",
    "Although the rent went up we stayed in the flat.",
    "Because of the outage the release slipped to Friday.",
    // No comma: the main clause's subject is a noun phrase with its own verb.
    "Since we rebased all the images onto Debian bookworm the scanner report is way shorter.",
    "since we switched to octopus our bill went down loads",
  ])("%j has a main clause: standalone", (text) => {
    expect(standalone(text)).toBe("standalone");
  });

  it.each([
    "Since the baby arrived.",
    "Since I moved to Leeds.",
    "Because it was late and that was all.",
    "Since it was late and they were tired and everyone left.",
    "And then we left for the airport.",
    "Which is why the deploy slipped to Friday.",
    "Since we gave the dog the old sofa.",
  ])("%j has none: a fragment", (text) => {
    expect(standalone(text)).toBe("fragment");
  });
});
