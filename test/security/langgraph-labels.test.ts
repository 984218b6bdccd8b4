/**
 * The LangGraph store maps each namespace tuple to its own Strata namespace, escaping every label
 * byte by byte. A label with a lone UTF-16 surrogate ("u\ud800") has no UTF-8 form: TextEncoder
 * wrote U+FFFD for it, so the tuple ["u\ud800"] and the tuple ["u\ufffd"] were one Strata
 * namespace, and a writer under the first read and replaced the second's items. Such a label is
 * refused (INVALID_INPUT) before any read or write; a well-formed label outside ASCII keeps its own
 * namespace.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { StrataStore } from "../../src/integrations/langgraph/strata-store.js";
import { testMemory } from "../support/memory.js";

let mem: Memory | null = null;
afterEach(async () => {
  await mem?.close();
  mem = null;
});

describe("LangGraph namespace labels", () => {
  it("a label with a lone surrogate cannot read or overwrite the tuple whose label holds U+FFFD", async () => {
    ({ mem } = await testMemory({ namespace: "app" }));
    const store = new StrataStore({ memory: mem });
    await store.put(["tenant\ufffd"], "secret", { pin: "4821" });
    for (const lone of ["tenant\ud800", "tenant\udfff"]) {
      await expect(store.get([lone], "secret")).rejects.toMatchObject({ code: "INVALID_INPUT" });
      await expect(store.put([lone], "secret", { pin: "0000" })).rejects.toMatchObject({
        code: "INVALID_INPUT",
        message: expect.stringMatching(/lone UTF-16 surrogate/),
      });
      await expect(store.search([lone])).rejects.toMatchObject({ code: "INVALID_INPUT" });
    }
    expect((await store.get(["tenant\ufffd"], "secret"))?.value).toEqual({ pin: "4821" });
  });

  it("well-formed labels outside ASCII keep namespaces of their own", async () => {
    ({ mem } = await testMemory({ namespace: "app" }));
    const store = new StrataStore({ memory: mem });
    await store.put(["tenant\ufffd"], "k", { v: 1 });
    await store.put(["tenant😀"], "k", { v: 2 });
    expect((await store.get(["tenant\ufffd"], "k"))?.value).toEqual({ v: 1 });
    expect((await store.get(["tenant😀"], "k"))?.value).toEqual({ v: 2 });
  });
});
