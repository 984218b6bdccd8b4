/**
 * The `strata` command's V8 code cache: a fresh process takes the compiled bytecode of the
 * command's own files from disk instead of parsing and compiling them again (compiling was about
 * a quarter of a fresh `recall`'s CPU). Node ≥ 22.1 has this built in (`module.enableCompileCache`),
 * which is used there; Node 20 has none for its module loaders, so here every CommonJS file the
 * command loads after its entry (its own chunks in dist/cli, CommonJS since tsup.config.ts says so,
 * and the packages they require, such as better-sqlite3) is compiled through `vm.Script` with
 * `cachedData`.
 *
 * - **Keyed** by the file's path and exact contents (SHA-256 of both), under a folder named for the
 *   Node version and V8's `cachedDataVersionTag()` (which covers V8's version and flags). The path
 *   is part of the key because V8's cached code keeps the file name it was compiled under: a stack
 *   trace read from code cached for another copy of the same file names that copy (better-sqlite3's
 *   `bindings` finds its native module from such a trace, so two installs sharing one cache would
 *   load each other's). V8 also rejects data
 *   made for another source, version or flags (`cachedDataRejected`); a rejected or unreadable
 *   entry is compiled from source as if absent.
 * - **Written** only when absent or rejected, when the process exits (so it holds the functions the
 *   command ran, not only the top level), atomically (a temporary file renamed over).
 * - **Where**: `$XDG_CACHE_HOME/strata` or `~/.cache/strata`; if that cannot be written,
 *   `<os.tmpdir()>/strata-<uid>`. A folder is used only when it is this user's, a real folder (no
 *   symlink) and writable by no one else: the cache holds code the command runs.
 * - **Off** with `STRATA_NO_COMPILE_CACHE=1`. Any failure (a read-only home, a full disk) falls
 *   back silently to compiling from source. `STRATA_DEBUG_COMPILE_CACHE=1` prints, on stderr, one
 *   line per file (hit, miss, rejected, with its path) and each entry written.
 *
 * Only Node built-ins: this runs before anything else the command loads.
 */
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { homedir, tmpdir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { cachedDataVersionTag } from "node:v8";
import { Script, constants as vmConstants } from "node:vm";

/** The environment variables the cache reads. */
export interface CompileCacheEnv {
  XDG_CACHE_HOME?: string | undefined;
  STRATA_NO_COMPILE_CACHE?: string | undefined;
  STRATA_DEBUG_COMPILE_CACHE?: string | undefined;
}

/** What started: Node's own cache (≥ 22.1), this module's (Node 20), or none. */
export type CompileCacheKind = "node" | "vm-script" | "off";

/**
 * The folders the cache may live in, most preferred first: the user's cache folder, then one of
 * this user's own in the temporary folder. Each is named for the Node version and V8's data tag.
 */
export function compileCacheDirs(
  env: CompileCacheEnv,
  place: { home: string; tmp: string; uid: number | undefined; version: string; tag: number },
): string[] {
  const xdg = env.XDG_CACHE_HOME?.trim();
  const base = xdg && isAbsolute(xdg) ? xdg : join(place.home, ".cache");
  const leaf = `v8-${place.version}-${place.tag}`;
  return [join(base, "strata", leaf), join(place.tmp, `strata-${place.uid ?? "user"}`, leaf)];
}

/** True when `dir` is a real folder of this user's that no one else can write. */
export function isOwnPrivateDir(dir: string, uid: number | undefined): boolean {
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory()) return false;
    if (uid === undefined) return true; // Windows: no POSIX owner or mode bits to check
    return st.uid === uid && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** The CommonJS wrapper Node puts around a module's source; the script compiles to this function. */
type ModuleWrapper = (
  exports: unknown,
  require: NodeJS.Require,
  module: unknown,
  filename: string,
  dirname: string,
) => unknown;

interface LoaderModule {
  exports: unknown;
  require(id: string): unknown;
}

/** CommonJS's internals a module's `require` is made of (what Node's own makeRequireFunction uses). */
const loader = Module as unknown as {
  _resolveFilename(request: string, parent: LoaderModule, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: LoaderModule): string[] | null;
  _extensions: unknown;
  _cache: unknown;
};

/** The `require` a module's wrapper is handed, as Node builds it (cheaper than `createRequire`). */
function requireFor(mod: LoaderModule): NodeJS.Require {
  const require = ((id: string) => mod.require(id)) as NodeJS.Require;
  const resolve = ((request: string, options?: unknown) =>
    loader._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => loader._resolveLookupPaths(request, mod);
  require.resolve = resolve;
  Object.assign(require, {
    main: process.mainModule,
    extensions: loader._extensions,
    cache: loader._cache,
  });
  return require;
}
type Compile = (this: LoaderModule, content: string, filename: string) => unknown;
const loaderPrototype = (Module as unknown as { prototype: { _compile: Compile } }).prototype;

interface CompileCacheOptions {
  env: CompileCacheEnv;
  /** Node's own compile cache where it has one (`module.enableCompileCache`, Node ≥ 22.1). */
  enableNodeCache?: ((dir: string) => { status: number }) | undefined;
  /** Where debug lines go (stderr). */
  debug?: (line: string) => void;
  /** The home and temporary folders (os.homedir(), os.tmpdir()). */
  home?: string;
  tmp?: string;
}

/**
 * Starts the command's compile cache (call once, first thing, before loading the command).
 *
 *   startCompileCache({ env: process.env });
 */
export function startCompileCache(options: CompileCacheOptions): CompileCacheKind {
  const { env } = options;
  if (env.STRATA_NO_COMPILE_CACHE?.trim() && env.STRATA_NO_COMPILE_CACHE.trim() !== "0") return "off";
  const debug = env.STRATA_DEBUG_COMPILE_CACHE?.trim()
    ? (options.debug ?? ((line: string) => process.stderr.write(`${line}\n`)))
    : undefined;
  const uid = typeof process.getuid === "function" ? process.getuid() : undefined;
  const dirs = compileCacheDirs(env, {
    home: options.home ?? homedir(),
    tmp: options.tmp ?? tmpdir(),
    uid,
    version: process.version,
    tag: cachedDataVersionTag(),
  });
  const enableNodeCache =
    "enableNodeCache" in options
      ? options.enableNodeCache
      : (Module as unknown as { enableCompileCache?: (dir: string) => { status: number } })
          .enableCompileCache;
  if (typeof enableNodeCache === "function") {
    // Node names its own subfolder for the version; its statuses: 0 FAILED, 1 ENABLED, 2 ALREADY_ENABLED.
    for (const dir of dirs) {
      const nodeDir = join(dirname(dir), "node-compile-cache");
      try {
        mkdirSync(nodeDir, { recursive: true, mode: 0o700 });
        if (!isOwnPrivateDir(nodeDir, uid)) continue;
        const { status } = enableNodeCache(nodeDir);
        debug?.(`compile cache: node's own in ${nodeDir} (status ${status})`);
        if (status !== 0) return "node";
      } catch {
        // the next folder, or none
      }
    }
    return "off";
  }
  installVmScriptCache(dirs, uid, debug);
  return "vm-script";
}

/** Node 20: compiles each CommonJS file loaded from now on through `vm.Script` with its cached data. */
function installVmScriptCache(
  dirs: string[],
  uid: number | undefined,
  debug: ((line: string) => void) | undefined,
): void {
  const original = loaderPrototype._compile;
  const toWrite: { script: Script; name: string }[] = [];
  // Folders are checked once, on first use: a cache entry is read only from a folder we trust.
  let trusted: string[] | null = null;
  const trustedDirs = () => {
    trusted ??= dirs.filter((dir) => isOwnPrivateDir(dir, uid) && isOwnPrivateDir(dirname(dir), uid));
    return trusted;
  };
  const readEntry = (name: string): Buffer | undefined => {
    for (const dir of trustedDirs()) {
      try {
        return readFileSync(join(dir, name));
      } catch {
        // absent here
      }
    }
    return undefined;
  };

  loaderPrototype._compile = function compileThroughCache(this: LoaderModule, content, filename) {
    if (!/\.c?js$/.test(filename)) return original.call(this, content, filename);
    const name = createHash("sha256")
      .update(filename)
      .update("\0")
      .update(content)
      .digest("hex")
      .slice(0, 40);
    const cachedData = readEntry(name);
    const body = content.startsWith("#!") ? `//${content.slice(2)}` : content;
    const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${body}\n})`, {
      filename,
      ...(cachedData ? { cachedData } : {}),
      importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const status = cachedData === undefined ? "miss" : script.cachedDataRejected ? "rejected" : "hit";
    if (status !== "hit") toWrite.push({ script, name });
    debug?.(`compile cache: ${status} ${filename}`);
    const wrapper = script.runInThisContext() as ModuleWrapper;
    return wrapper.call(this.exports, this.exports, requireFor(this), this, filename, dirname(filename));
  };

  process.once("exit", () => {
    if (toWrite.length > 0) writeEntries(toWrite, dirs, uid, debug);
  });
}

/** Writes each entry into the first folder that takes it; never throws (the cache is optional). */
function writeEntries(
  entries: { script: Script; name: string }[],
  dirs: string[],
  uid: number | undefined,
  debug: ((line: string) => void) | undefined,
): void {
  for (const dir of dirs) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (!isOwnPrivateDir(dir, uid) || !isOwnPrivateDir(dirname(dir), uid)) continue;
      for (const { script, name } of entries) {
        const file = join(dir, name);
        const temporary = `${file}.${process.pid}.tmp`;
        try {
          writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
          renameSync(temporary, file);
          debug?.(`compile cache: wrote ${file}`);
        } catch (error) {
          rmSync(temporary, { force: true });
          throw error;
        }
      }
      return;
    } catch {
      // this folder cannot be written: the next one, or none
    }
  }
}
