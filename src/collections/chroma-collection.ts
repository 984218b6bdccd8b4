/**
 * A `VectorCollection` over a Chroma collection, through the official `chromadb` client (an
 * optional dependency, 3.5.x, loaded only when a Chroma collection is opened). Records are read with
 * `collection.get` in pages (limit/offset, insertion order); `mark` merges the flag into each
 * record's metadata; `remove` deletes by id. Chroma keeps no creation time of its own: name the
 * metadata key that holds one (`createdKey`, mem0 writes `created_at`), or records count as written
 * in scan order.
 *
 *   const collection = await openChromaCollection({ url: "http://localhost:8000", collection: "agent_knowledge" });
 */
import { z } from "zod";
import type { CollectionRecord, VectorCollection } from "../core/curation/collection.js";
import { StrataError } from "../core/errors.js";
import { parseInput } from "../core/validate.js";
import { toIsoTime } from "./created-at.js";
import { loadOptional } from "./optional-module.js";

export const ChromaCollectionOptionsSchema = z
  .object({
    url: z.url({ message: "a Chroma url looks like http://localhost:8000" }).describe("The Chroma server."),
    collection: z.string().min(1).max(512).describe("The collection's name."),
    tenant: z.string().min(1).optional().describe("Chroma tenant (default: the client's, default_tenant)."),
    database: z
      .string()
      .min(1)
      .optional()
      .describe("Chroma database (default: the client's, default_database)."),
    createdKey: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe("The metadata key holding each record's creation time (e.g. created_at)."),
    headers: z
      .record(z.string(), z.string())
      .optional()
      .describe("Extra HTTP headers, e.g. x-chroma-token for an authenticated server."),
  })
  .strict();
export type ChromaCollectionOptions = z.input<typeof ChromaCollectionOptionsSchema>;

type ChromaMetadata = Record<string, string | number | boolean | null | unknown>;
/** The part of chromadb's Collection the adapter uses (structural: chromadb stays optional). */
export interface ChromaCollectionLike {
  readonly name: string;
  get(args: {
    ids?: string[];
    limit?: number;
    offset?: number;
    include?: ("documents" | "metadatas")[];
  }): Promise<{ ids: string[]; documents: (string | null)[]; metadatas: (ChromaMetadata | null)[] }>;
  update(args: { ids: string[]; metadatas: ChromaMetadata[] }): Promise<void>;
  delete(args: { ids: string[] }): Promise<unknown>;
}

/** A collection over an open chromadb Collection. */
export function chromaCollection(
  collection: ChromaCollectionLike,
  options: { createdKey?: string | undefined; target?: string } = {},
): VectorCollection {
  const target = options.target ?? "Chroma";
  const guarded = <T>(what: string, fn: () => Promise<T>) => withChromaErrors(target, what, fn);
  return {
    name: `chroma:${collection.name}`,
    scan: ({ cursor, limit }) =>
      guarded("read the collection", async () => {
        const offset = cursor === null ? 0 : Number(cursor);
        const page = await collection.get({ limit, offset, include: ["documents", "metadatas"] });
        const records: CollectionRecord[] = page.ids.map((id, i) => {
          const metadata = { ...(page.metadatas[i] ?? {}) };
          return {
            id,
            text: page.documents[i] ?? "",
            metadata,
            createdAt: options.createdKey ? toIsoTime(metadata[options.createdKey]) : null,
          };
        });
        return { records, cursor: records.length === limit ? String(offset + limit) : null };
      }),
    remove: (ids) =>
      guarded("delete records", async () => {
        if (ids.length > 0) await collection.delete({ ids: [...ids] });
      }),
    mark: (marks, key) =>
      guarded("mark records", async () => {
        if (marks.length === 0) return;
        // Read-merge-write, so the flag joins the metadata whatever the server's update semantics.
        const current = await collection.get({ ids: marks.map((m) => m.id), include: ["metadatas"] });
        const byId = new Map(current.ids.map((id, i) => [id, current.metadatas[i] ?? {}]));
        const present = marks.filter((m) => byId.has(m.id));
        if (present.length === 0) return;
        await collection.update({
          ids: present.map((m) => m.id),
          metadatas: present.map((m) => ({ ...byId.get(m.id), [key]: m.value })),
        });
      }),
  };
}

async function withChromaErrors<T>(target: string, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw chromaError(error, target, what);
  }
}

function chromaError(error: unknown, target: string, what: string): unknown {
  if (error instanceof StrataError) return error;
  const name = (error as Error)?.name ?? "";
  const message = (error as Error)?.message ?? String(error);
  if (name === "ChromaConnectionError" || /fetch failed|ECONNREFUSED|ENOTFOUND/i.test(message))
    return new StrataError(
      "STORE_UNAVAILABLE",
      `Cannot reach Chroma at ${target} to ${what}: ${message}. Check the URL and that the server runs.`,
      { target },
    );
  if (name === "ChromaNotFoundError")
    return new StrataError("NOT_FOUND", `Chroma at ${target}: ${message}. Check the collection's name.`, {
      target,
    });
  if (name === "ChromaUnauthorizedError" || name === "ChromaForbiddenError")
    return new StrataError(
      "INVALID_INPUT",
      `Chroma at ${target} refused to ${what} (${message}): pass the token header (x-chroma-token).`,
      { target },
    );
  return error;
}

/** Connects to a Chroma server with the official client and opens the named collection. */
export async function openChromaCollection(options: ChromaCollectionOptions): Promise<VectorCollection> {
  const o = parseInput(ChromaCollectionOptionsSchema, options, "chroma collection options");
  const { ChromaClient } = await loadOptional(
    "chromadb",
    "npm install chromadb@3.5.0",
    () => import("chromadb"),
  );
  const url = new URL(o.url);
  const ssl = url.protocol === "https:";
  const client = new ChromaClient({
    host: url.hostname,
    port: url.port ? Number(url.port) : ssl ? 443 : 80,
    ssl,
    ...(o.tenant ? { tenant: o.tenant } : {}),
    ...(o.database ? { database: o.database } : {}),
    ...(o.headers ? { headers: o.headers } : {}),
  });
  const target = url.origin;
  const collection = await withChromaErrors(target, `open collection "${o.collection}"`, () =>
    client.getCollection({ name: o.collection }),
  );
  return chromaCollection(collection as unknown as ChromaCollectionLike, {
    createdKey: o.createdKey,
    target,
  });
}
