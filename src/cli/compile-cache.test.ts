/**
 * Where the compile cache lives and which cache starts. The cache itself (written, used,
 * rejected, replaced, off) is exercised through the built command in
 * test/e2e/compile-cache.test.ts; Node ≥ 22.1's own cache is reached here with a stand-in for
 * `module.enableCompileCache` (this machine's Node 20 has none).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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

describe("the vm.Script cache (Node 20's path)", () => {
  // V8's cached code keeps the file name it was compiled under, so an entry keyed by contents
  // alone handed a second copy of a file the first copy's name in its stack traces; better-sqlite3's
  // `bindings` reads its native module's folder from such a trace (two installs sharing one cache
  // loaded each other's). The key holds the path.
  const startScript = new URL("./compile-cache.ts", import.meta.url).pathname;
  const probeSource = "module.exports = () => new Error('probe').stack.split('\\n')[1];\n";
  const run = (probe: string, xdg: string) => {
    const script = [
      `import { startCompileCache } from ${JSON.stringify(startScript)};`,
      `import { createRequire } from "node:module";`,
      `startCompileCache({ env: { XDG_CACHE_HOME: ${JSON.stringify(xdg)}, STRATA_DEBUG_COMPILE_CACHE: "1" } });`,
      `console.log(createRequire(import.meta.url)(${JSON.stringify(probe)})());`,
    ].join("\n");
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(r.status, r.stderr).toBe(0);
    return { frame: r.stdout.trim(), stderr: r.stderr };
  };

  it.skipIf(typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === "function")(
    "two copies of one file at two paths each keep their own name in stack traces",
    () => {
      const xdg = join(dir, "xdg-paths");
      const a = join(dir, "copy-a", "probe.cjs");
      const b = join(dir, "copy-b", "probe.cjs");
      for (const file of [a, b]) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, probeSource);
      }
      const first = run(a, xdg);
      expect(first.stderr).toContain(`compile cache: miss ${a}`);
      expect(first.frame).toContain(a);
      expect(run(a, xdg).stderr).toContain(`compile cache: hit ${a}`);
      const second = run(b, xdg);
      expect(second.frame).toContain(b);
      expect(second.frame).not.toContain(a);
      expect(run(b, xdg).stderr).toContain(`compile cache: hit ${b}`);
    },
  );
});
