/**
 * An attacker's import document: a real export of two records (an episode and the belief distilled
 * from it) made in a scratch namespace, its ids moved 1,000 past the store's own and every row
 * renamed into `namespace`, with no audit. A security test tampers with it (a row naming another
 * namespace's id, a forged audit entry) and checks the import refuses it and changes nothing.
 *
 *   const doc = await attackerDocument(mem, "attacker"); // doc.episodes[0].id === "e1001"
 */
import { expect } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { isStrataError, type StrataError } from "../../src/core/errors.js";
import type { ExportDocument } from "../../src/core/exchange/document.js";

export async function attackerDocument(mem: Memory, namespace: string): Promise<ExportDocument> {
  const scratch = mem.withNamespace("scratch");
  const e = await scratch.record("The attacker deployed on Friday");
  await scratch.remember("Attacker note about deploys", { sources: [e.id] });
  const json = ((await scratch.export({ format: "json" })) as string).replace(
    /"([eb])(\d+)"/g,
    (_, letter: string, n: string) => `"${letter}${Number(n) + 1000}"`,
  );
  const doc = JSON.parse(json) as ExportDocument;
  doc.namespace = namespace;
  for (const row of [...doc.episodes, ...doc.beliefs, ...doc.vectors]) row.namespace = namespace;
  doc.audit = [];
  doc.auditHeads = [];
  return doc;
}

/**
 * The refusal an import of `doc` into `mem` must end in: fails the test with `failure` if the
 * import is accepted, and with the thrown value if it is no StrataError.
 *
 *   const error = await importRefusal(mem.withNamespace("attacker"), doc, "a forged entry: imported");
 */
export async function importRefusal(mem: Memory, doc: unknown, failure: string): Promise<StrataError> {
  const error = await mem.import(JSON.stringify(doc)).then(
    () => expect.fail(failure),
    (e: unknown) => e,
  );
  if (!isStrataError(error)) expect.fail(String(error));
  return error;
}
