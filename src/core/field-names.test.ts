import { describe, expect, it } from "vitest";
import { refusedFields, rewriteFieldNames } from "./field-names.js";

const flag = (field: string, value?: string) =>
  field === "types" ? "--type" : `--${field}${value ? ` ${value.replace(/^"|"$/g, "")}` : ""}`;

describe("rewriteFieldNames", () => {
  it.each([
    [
      "a cross-field rule names both fields",
      'types filters episodes, but kinds leaves episodes out: add "episode" to kinds or drop types.',
      ["types", "kinds"],
      'X filters episodes, but --kinds leaves episodes out: add "episode" to --kinds or drop X.'.replaceAll(
        "X",
        "--type",
      ),
    ],
    [
      "a field set to a value is said whole",
      'steps are only for kind "procedure": pass kind: "procedure" or drop steps.',
      ["steps", "kind"],
      '--steps are only for --kind "procedure": pass --kind procedure or drop --steps.',
    ],
    [
      "quoted text is kept: a value that reads as a field",
      'at "at noon" is no time; leave at out.',
      ["at"],
      '--at "at noon" is no time; leave --at out.',
    ],
    [
      "a name inside a path or a longer word is kept",
      "metadata.key is where the key option is kept: drop it from metadata (keys, strata:key).",
      ["metadata", "key"],
      "metadata.key is where the --key option is kept: drop it from --metadata (keys, strata:key).",
    ],
    ["a field not listed is kept", "pass kind or steps.", ["steps"], "pass kind or --steps."],
    ["no fields: the message as it is", "types and kinds.", [], "types and kinds."],
  ])("%s", (_what, message, fields, expected) => {
    expect(rewriteFieldNames(message, fields, flag)).toBe(expected);
  });

  it("a field the surface has no name for is left as the library says it", () => {
    expect(
      rewriteFieldNames("pass gate or kind.", ["gate", "kind"], (f) => (f === "kind" ? "-k" : null)),
    ).toBe("pass gate or -k.");
  });
});

describe("refusedFields", () => {
  it.each([
    [{ field: "types", fields: ["types", "kinds"] }, ["types", "kinds"]],
    [{ field: "at", at: "2099-01-01" }, ["at"]],
    // A refusal whose prose uses the name as a plain word says so with an empty list.
    [{ field: "namespace", fields: [] }, []],
    // An environment variable is said as it is set, on every surface.
    [{ field: "STRATA_JUDGE_MODEL" }, []],
    // `what` of a duration may be a flag already (--interval): not a field name.
    [{ field: "--interval" }, []],
    [{ id: "b1" }, []],
  ])("%j → %j", (details, fields) => expect(refusedFields(details)).toEqual(fields));
});
