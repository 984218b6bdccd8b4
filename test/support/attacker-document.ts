/**
 * An attacker's import document: a real export of two records (an episode and the belief distilled
 * from it) made in a scratch namespace, its ids moved 1,000 past the store's own and every row
 * renamed into `namespace`, with no audit. A security test tampers with it (a row naming another
 * namespace's id, a forged audit entry) and checks the import refuses it and changes nothing.
 *
 *   const doc = await attackerDocument(mem, "attacker"); // doc.episodes[0].id === "e1001"
 */
import type { Memory } from "../../src/core/engine.js";
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
