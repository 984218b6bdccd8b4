/**
 * `strata keys create`'s output (rest21): its example line names the address `serve --http`
 * listens on by default, and says so, since the command cannot know where a server runs.
 */
import { describe, expect, it } from "vitest";
import { testMemory } from "../../../test/support/memory.js";
import { createProgram } from "../program.js";
import { plain } from "../style.js";
import { renderKeysCreate, runKeysCreate } from "./keys.js";
import { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT } from "./serve.js";

describe("strata keys create", () => {
  it("ends with a curl line at serve's default address, and says where that address comes from", async () => {
    const { mem } = await testMemory();
    const r = await runKeysCreate(mem, { name: "ci-bot", scope: "read", namespaces: ["team-a"] });
    const lines = renderKeysCreate(r, plain).split("\n");
    expect(lines[0]).toBe(r.key);
    expect(lines.at(-2)).toBe(
      `Use it as: curl -H "Authorization: Bearer ${r.key.slice(0, 14)}…" http://127.0.0.1:8787/v1/namespaces`,
    );
    expect(lines.at(-1)).toBe(
      '(http://127.0.0.1:8787 is where strata serve --http listens unless started with --host or --port; the server prints its address when it starts: "serving … on http://…")',
    );
    await mem.close();
  });

  it("the address it names is serve's own default, and serve --help says the same port", () => {
    expect(`${DEFAULT_HTTP_HOST}:${DEFAULT_HTTP_PORT}`).toBe("127.0.0.1:8787");
    const serve = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {}).commands.find(
      (c) => c.name() === "serve",
    );
    const flags = Object.fromEntries(serve!.options.map((o) => [o.long, o.description]));
    expect(flags["--port"]).toContain(`default ${DEFAULT_HTTP_PORT}`);
    expect(flags["--host"]).toContain(`default ${DEFAULT_HTTP_HOST}`);
  });
});
