/**
 * A LangChain retriever over Strata's recall: each hit becomes a Document whose metadata carries
 * its id, kind, namespace, score, validity, provenance (the episodes it rests on) and `why` it
 * ranked, so a chain can cite and explain what it used.
 *
 *   const retriever = new StrataRetriever({ memory, k: 5 });
 *   const docs = await retriever.invoke("staging database");
 *   docs[0].metadata.why.summary; // "matched by text #1, vector #1 …"
 */
import type { CallbackManagerForRetrieverRun } from "@langchain/core/callbacks/manager";
import { Document } from "@langchain/core/documents";
import { BaseRetriever, type BaseRetrieverInput } from "@langchain/core/retrievers";
import type { Memory } from "../../core/engine.js";
import type { RecallOptions } from "../../core/model.js";

export interface StrataRetrieverInput extends BaseRetrieverInput {
  memory: Memory;
  /** How many documents. Default the memory's recall default (3). */
  k?: number;
  /** Recall options passed through (kinds, at, namespace, metadata …). */
  recall?: Omit<RecallOptions, "k">;
}

export class StrataRetriever extends BaseRetriever {
  lc_namespace = ["strata", "retrievers"];
  readonly memory: Memory;
  readonly k: number | undefined;
  readonly recallOptions: Omit<RecallOptions, "k">;

  constructor(fields: StrataRetrieverInput) {
    super(fields);
    this.memory = fields.memory;
    this.k = fields.k;
    this.recallOptions = fields.recall ?? {};
  }

  override async _getRelevantDocuments(
    query: string,
    _runManager?: CallbackManagerForRetrieverRun,
  ): Promise<Document[]> {
    const hits = await this.memory.recall(query, { ...this.recallOptions, ...(this.k ? { k: this.k } : {}) });
    return hits.map(
      (hit) =>
        new Document({
          pageContent: hit.text,
          id: hit.id,
          metadata: {
            id: hit.id,
            layer: hit.layer,
            kind: hit.kind,
            namespace: hit.namespace,
            status: hit.status,
            score: hit.score,
            at: hit.at,
            validTo: hit.validTo,
            sources: hit.sources,
            why: hit.why,
          },
        }),
    );
  }
}
