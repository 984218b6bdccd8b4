/**
 * LangGraph's long-term memory store over a Strata memory: `new StrataStore({ memory })` goes
 * wherever LangGraph takes a `BaseStore` (`graph.compile({ store })`, `createAgent({ store })`).
 *
 * Each item is a keyed belief (`remember({ key })`) in the Strata namespace its tuple maps to
 * (namespace-path.ts), its value kept in the belief's metadata. A put that changes an item's value
 * supersedes the old belief, which is kept (history, `recall({ at })`); a put of the same value is
 * a restatement; a delete forgets every version of the key. A search with a query is a Strata
 * recall over the namespace prefix; without one it lists. Filters are exact matches on top-level
 * value fields (`$eq` too). Operations of a batch run in order.
 *
 *   const store = new StrataStore({ memory: await openMemory({ namespace: "app" }) });
 *   await store.put(["users", "42"], "prefs", { theme: "dark" });
 *   await store.search(["users"], { query: "theme", filter: { theme: "dark" } });
 */
import {
  BaseStore,
  type GetOperation,
  getTextAtPath,
  type Item,
  type ListNamespacesOperation,
  type MatchCondition,
  type Operation,
  type OperationResults,
  type PutOperation,
  type SearchItem,
  type SearchOperation,
  validateNamespace,
} from "@langchain/langgraph-checkpoint";
import type { Memory } from "../../core/engine.js";
import { StrataError } from "../../core/errors.js";
import type { MetadataFilter } from "../../core/metadata-filter.js";
import type { Belief } from "../../core/model.js";
import { fromNamespace, toNamespace } from "./namespace-path.js";

/** The metadata field that marks a belief as a store item, so a search never returns the agent's other beliefs. */
const VIA = "via";
const VIA_VALUE = "langgraph-store";
/** Recall returns at most this many hits, so a query search reaches offset + limit ≤ this. */
const MAX_QUERY_WINDOW = 200;

export interface StrataStoreOptions {
  /** The memory the items live in. */
  memory: Memory;
  /**
   * The Strata namespace the tuples are mapped under (`root/label/label…`). Default: the memory's
   * namespace. Reads over a prefix stay under the memory's roots, so a root elsewhere must be
   * among the memory's `namespaceRoots`.
   */
  root?: string;
}

/** The stored form of an item: its belief's metadata. */
interface ItemMetadata {
  key: string;
  value: Record<string, unknown>;
  createdAt: string;
  [VIA]: typeof VIA_VALUE;
}

export class StrataStore extends BaseStore {
  readonly memory: Memory;
  readonly root: string;

  constructor(options: StrataStoreOptions) {
    super();
    this.memory = options.memory;
    this.root = options.root ?? options.memory.namespace;
  }

  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    const results: unknown[] = [];
    for (const op of operations) {
      if ("namespacePrefix" in op) results.push(await this.searchOperation(op));
      else if ("value" in op) results.push(await this.putOperation(op));
      else if ("key" in op) results.push(await this.getOperation(op));
      else results.push(await this.listNamespacesOperation(op));
    }
    return results as OperationResults<Op>;
  }

  /** The current belief of an item, or null. */
  private async current(namespace: string[], key: string): Promise<Belief | null> {
    const [b] = await this.memory.list({
      namespace: toNamespace(this.root, namespace),
      metadata: { key, [VIA]: VIA_VALUE },
      limit: 1,
    });
    return b && b.layer === "belief" ? b : null;
  }

  private async getOperation(op: GetOperation): Promise<Item | null> {
    validateNamespace(op.namespace, { allowEmpty: true, allowReservedRoot: true });
    if (op.namespace.length === 0) return null;
    const b = await this.current(op.namespace, op.key);
    return b ? this.itemOf(b) : null;
  }

  private async putOperation(op: PutOperation): Promise<void> {
    validateNamespace(op.namespace, { allowReservedRoot: true });
    const namespace = toNamespace(this.root, op.namespace);
    if (op.value === null) {
      // Every version of the key: a delete is an erasure, not one more value in its history.
      const versions = await this.memory.list({
        namespace,
        metadata: { key: op.key, [VIA]: VIA_VALUE },
        status: "any",
        limit: 10_000,
      });
      for (const b of versions) await this.memory.forget(b.id, { namespace });
      return;
    }
    const previous = await this.current(op.namespace, op.key);
    const metadata: ItemMetadata = {
      key: op.key,
      value: op.value,
      createdAt: previous ? (this.itemMetadata(previous)?.createdAt ?? previous.recordedAt) : "",
      [VIA]: VIA_VALUE,
    };
    if (!previous) metadata.createdAt = this.memory.clock.now().toISOString();
    await this.memory.remember(textOf(op.value, op.index), {
      namespace,
      key: op.key,
      metadata: metadata as unknown as Record<string, unknown>,
      source: "langgraph",
    });
  }

  private async searchOperation(op: SearchOperation): Promise<SearchItem[]> {
    validateNamespace(op.namespacePrefix, { allowEmpty: true, allowReservedRoot: true });
    const namespacePrefix = toNamespace(this.root, op.namespacePrefix);
    const metadata: MetadataFilter = { ...valueFilter(op.filter), [VIA]: VIA_VALUE };
    const offset = op.offset ?? 0;
    const limit = op.limit ?? 10;
    if (!op.query) {
      const beliefs = await this.memory.list({
        namespacePrefix,
        metadata,
        limit: Math.max(1, limit),
        offset,
      });
      return beliefs.flatMap((b) => {
        const item = b.layer === "belief" ? this.itemOf(b) : null;
        return item && limit > 0 ? [item] : [];
      });
    }
    if (offset + limit > MAX_QUERY_WINDOW)
      throw new StrataError(
        "INVALID_INPUT",
        `A search with a query reaches the best ${MAX_QUERY_WINDOW} items: offset + limit is ${offset + limit}. Narrow the prefix or the filter, or page without a query.`,
        { field: "limit" },
      );
    if (limit <= 0) return [];
    const hits = await this.memory.recall(op.query, {
      namespacePrefix,
      metadata,
      kinds: ["fact", "failure", "procedure"],
      k: offset + limit,
    });
    const out: SearchItem[] = [];
    for (const hit of hits.slice(offset, offset + limit)) {
      const b = await this.memory.get(hit.id, { namespace: hit.namespace });
      const item = b.layer === "belief" ? this.itemOf(b) : null;
      if (item) out.push({ ...item, score: hit.score });
    }
    return out;
  }

  private async listNamespacesOperation(op: ListNamespacesOperation): Promise<string[][]> {
    const names = await this.memory.namespaces({ prefix: this.root });
    let tuples = names.map((n) => fromNamespace(this.root, n)).filter((t): t is string[] => t !== null);
    tuples = tuples.filter((t) => (op.matchConditions ?? []).every((c) => matches(c, t)));
    if (op.maxDepth !== undefined) {
      const seen = new Map<string, string[]>();
      for (const t of tuples) seen.set(JSON.stringify(t.slice(0, op.maxDepth)), t.slice(0, op.maxDepth));
      tuples = [...seen.values()];
    }
    tuples.sort((a, b) => a.join(":").localeCompare(b.join(":")));
    const offset = op.offset ?? 0;
    return tuples.slice(offset, offset + (op.limit ?? tuples.length));
  }

  private itemMetadata(b: Belief): ItemMetadata | null {
    const m = b.metadata as Partial<ItemMetadata>;
    return m[VIA] === VIA_VALUE && typeof m.key === "string" && m.value && typeof m.value === "object"
      ? (m as ItemMetadata)
      : null;
  }

  private itemOf(b: Belief): Item | null {
    const m = this.itemMetadata(b);
    const namespace = fromNamespace(this.root, b.namespace);
    if (!m || !namespace) return null;
    return {
      namespace,
      key: m.key,
      value: m.value,
      createdAt: new Date(m.createdAt || b.recordedAt),
      updatedAt: new Date(b.recordedAt),
    };
  }
}

/** The text a value is recalled by: the fields `index` names, else the whole value as JSON. */
function textOf(value: Record<string, unknown>, index: false | string[] | undefined): string {
  if (Array.isArray(index)) {
    const texts = index.flatMap((path) => (path === "$" ? [] : getTextAtPath(value, path)));
    if (texts.length > 0) return texts.join("\n");
  }
  return JSON.stringify(value);
}

/** A LangGraph filter as a Strata metadata filter on the value's fields; INVALID_INPUT for what Strata cannot match. */
function valueFilter(filter: Record<string, unknown> | undefined): MetadataFilter {
  const out: MetadataFilter = {};
  for (const [field, raw] of Object.entries(filter ?? {})) {
    const value =
      raw !== null && typeof raw === "object" && !Array.isArray(raw) && Object.keys(raw).join() === "$eq"
        ? (raw as { $eq: unknown }).$eq
        : raw;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")
      throw new StrataError(
        "INVALID_INPUT",
        `Invalid search filter on "${field}": StrataStore matches a field exactly (a string, a number or a boolean, or { $eq: value }); range and set operators are not supported.`,
        { field: "filter" },
      );
    out[`value.${field}`] = value;
  }
  return out;
}

/** Whether a tuple meets a LangGraph match condition (`*` matches any label). */
function matches(condition: MatchCondition, tuple: string[]): boolean {
  const { matchType, path } = condition;
  if (path.length > tuple.length) return false;
  const start = matchType === "prefix" ? 0 : tuple.length - path.length;
  return path.every((label, i) => label === "*" || tuple[start + i] === label);
}
