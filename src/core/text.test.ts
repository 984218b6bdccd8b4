import { describe, expect, it } from "vitest";
import { analyseEcho, mentionsAnyId, SPEAKER_SUBJECT } from "./text.js";

describe("SPEAKER_SUBJECT: the speaker as the subject of a clause, one word", () => {
  it.each(["I", "i", "we", "We", "I'm", "I’m", "we're", "I've", "we’ve", "I'd", "I'll", "WE'LL"])(
    "the speaker as subject: %s",
    (word) => expect(SPEAKER_SUBJECT.test(word)).toBe(true),
  );
  // Objects, possessives, other persons, and words that only begin like a contraction.
  it.each(["me", "us", "my", "our", "you're", "it'll", "he'd", "I's", "Ian", "weve", "I'mm"])(
    "not the speaker as subject: %s",
    (word) => expect(SPEAKER_SUBJECT.test(word)).toBe(false),
  );
});

describe("mentionsAnyId", () => {
  it.each([
    [["b1"], "replaces [b1] (value-changed: 8080 → 9090)", true],
    [["b1", "e4"], "source e4: the door PIN", true],
    [["b1"], "replaces [b12]", false],
    [["b1"], "ab1 is another word", false],
    [["e-1.x"], "cites e-1.x here", true],
    [["e-1.x"], "cites e-1yx here", false],
  ])("%j in %j: %s", (ids, text, found) => {
    expect(mentionsAnyId(ids).test(text)).toBe(found);
  });
});

describe("analyseEcho reads a quoted echo as the lazy pattern it replaced (attacks19)", () => {
  /** The pattern before attacks19: quadratic on a whitespace run after an opening quote. */
  const before = (core: string): string | null => {
    const quoted = /^\s*(?:>\s*|["“'‘])(.*?)["”'’]?\s*$/s.exec(core);
    return quoted && (core.trimStart().startsWith(">") || /["”'’]\s*$/.test(core)) ? quoted[1]! : null;
  };
  const TEXTS = [
    '"The deploy runs nightly"',
    "“The deploy runs nightly”",
    "'The deploy runs nightly'  ",
    "‘The deploy runs nightly’",
    "> The deploy runs nightly",
    '>The deploy runs nightly "',
    '"abc" "',
    '"abc ""',
    '"abc "  ',
    '""',
    '"',
    ">",
    "> ",
    '  "quoted after space"',
    '"not closed',
    'plain text with a "quote" inside',
    'ends with a quote"',
    '"multi\nline\nquote"',
    "> multi\n> line",
    "'It's fine'",
  ];
  it.each(TEXTS)("%j", (text) => {
    const core = text.trim();
    const was = before(core);
    const now = analyseEcho(text);
    if (was === null) expect(now.echo).toBe(false);
    else {
      expect(now.echo).toBe(true);
      const expected = was
        .replace(/^\s*[-*•]\s*/, "")
        .replace(/\s+/g, " ")
        .trim();
      expect(now.core).toBe(expected.length > 0 ? expected : text.trim());
    }
  });
});
