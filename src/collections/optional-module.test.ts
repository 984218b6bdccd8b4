import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadOptional } from "./optional-module.js";

const OPTIONAL = ["@lancedb/lancedb", "chromadb"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("optional vector-store packages", () => {
  it("a missing one is UNSUPPORTED, naming the package and the install command", async () => {
    const missing = "strata-no-such-package-for-this-test";
    await expect(
      loadOptional(missing, `npm install ${missing}`, () => import(/* @vite-ignore */ missing)),
    ).rejects.toMatchObject({
      code: "UNSUPPORTED",
      message: expect.stringContaining(`npm install ${missing}`),
    });
  });

  it("other failures while loading pass through as they are", async () => {
    await expect(loadOptional("x", "npm i x", () => Promise.reject(new TypeError("boom")))).rejects.toThrow(
      "boom",
    );
  });

  it("are never imported statically by the library: only loaded on first use", () => {
    const root = join(import.meta.dirname, "..");
    const offenders = sources(root).filter((file) => {
      const text = readFileSync(file, "utf8");
      return OPTIONAL.some((pkg) =>
        new RegExp(`^\\s*(import|export)\\b[^;]*?from\\s*["']${pkg}["']`, "m").test(
          text.replace(/^\s*import type\b[^;]*;/gm, ""),
        ),
      );
    });
    expect(offenders).toEqual([]);
  });
});
