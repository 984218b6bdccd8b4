/**
 * Where the compile cache lives and which cache starts. The cache itself (written, used,
 * rejected, replaced, off) is exercised through the built command in
 * test/e2e/compile-cache.test.ts; Node ≥ 22.1's own cache is reached here with a stand-in for
 * `module.enableCompileCache` (this machine's Node 20 has none).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileCacheDirs, isOwnPrivateDir, startCompileCache } from "./compile-cache.js";

const dir = mkdtempSync(join(tmpdir(), "strata-compile-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const place = { home: "/home/ada", tmp: "/tmp", uid: 1000, version: "v20.20.2", tag: 42 };

describe("compileCacheDirs", () => {
  it.each([
    [{}, "/home/ada/.cache/strata/v8-v20.20.2-42"],
    [{ XDG_CACHE_HOME: "/var/cache/ada" }, "/var/cache/ada/strata/v8-v20.20.2-42"],
    [{ XDG_CACHE_HOME: "relative/cache" }, "/home/ada/.cache/strata/v8-v20.20.2-42"],
    [{ XDG_CACHE_HOME: "  " }, "/home/ada/.cache/strata/v8-v20.20.2-42"],
  ])("%j: the user's cache folder first (%s), then the user's own in the temporary folder", (env, first) => {
    expect(compileCacheDirs(env, place)).toEqual([first, "/tmp/strata-1000/v8-v20.20.2-42"]);
  });

  it("names the folder for the Node version and V8's data tag, so another Node never reads it", () => {
    const a = compileCacheDirs({}, place);
    const b = compileCacheDirs({}, { ...place, tag: 43 });
    const c = compileCacheDirs({}, { ...place, version: "v20.21.0" });
    expect(new Set([...a, ...b, ...c]).size).toBe(6);
  });
});

describe("isOwnPrivateDir", () => {
  const uid = process.getuid?.();
  it.skipIf(uid === undefined)("takes a folder of this user's that no one else can write", () => {
    const own = join(dir, "own");
    mkdirSync(own, { mode: 0o700 });
    expect(isOwnPrivateDir(own, uid)).toBe(true);
    chmodSync(own, 0o755);
    expect(isOwnPrivateDir(own, uid)).toBe(true);
  });

  it.skipIf(uid === undefined)(
    "refuses a folder others can write, another user's, a file, or nothing",
    () => {
      const open = join(dir, "open");
      mkdirSync(open);
      chmodSync(open, 0o777);
      expect(isOwnPrivateDir(open, uid)).toBe(false);
      chmodSync(open, 0o770);
      expect(isOwnPrivateDir(open, uid)).toBe(false);
      const own = join(dir, "own2");
      mkdirSync(own, { mode: 0o700 });
      expect(isOwnPrivateDir(own, (uid ?? 0) + 1)).toBe(false);
      const file = join(dir, "file");
      writeFileSync(file, "");
      expect(isOwnPrivateDir(file, uid)).toBe(false);
      expect(isOwnPrivateDir(join(dir, "absent"), uid)).toBe(false);
    },
  );
});

describe("startCompileCache", () => {
  it("uses Node's own compile cache where Node has one, in the user's cache folder", () => {
    const xdg = join(dir, "xdg-node");
    const asked: string[] = [];
    const kind = startCompileCache({
      env: { XDG_CACHE_HOME: xdg },
      enableNodeCache: (folder) => {
        asked.push(folder);
        return { status: 1 };
      },
    });
    expect(kind).toBe("node");
    expect(asked).toEqual([join(xdg, "strata", "node-compile-cache")]);
  });

  it("tries the temporary folder when Node cannot use the first, and gives up quietly after", () => {
    const asked: string[] = [];
    const kind = startCompileCache({
      env: { XDG_CACHE_HOME: join(dir, "xdg-failed") },
      tmp: join(dir, "tmp"),
      enableNodeCache: (folder) => {
        asked.push(folder);
        return { status: 0 };
      },
    });
    expect(kind).toBe("off");
    expect(asked).toHaveLength(2);
    expect(asked[1]).toBe(join(dir, "tmp", `strata-${process.getuid?.() ?? "user"}`, "node-compile-cache"));
  });

  it.each(["1", "yes"])("STRATA_NO_COMPILE_CACHE=%s starts none", (value) => {
    let asked = 0;
    const kind = startCompileCache({
      env: { STRATA_NO_COMPILE_CACHE: value },
      enableNodeCache: () => {
        asked++;
        return { status: 1 };
      },
    });
    expect(kind).toBe("off");
    expect(asked).toBe(0);
  });
});
