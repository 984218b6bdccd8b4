/**
 * External audit sinks (`onAuditEvent`): every entry appended inside a transaction is held
 * until that transaction commits, then handed to the sink in chain order. Work that rolls back
 * never reaches the sink. Delivery is best-effort: a sink that throws or rejects is ignored,
 * so a broken SIEM pipe never breaks a write (the chain in the store stays the record).
 *
 *   const mem = createEngine({ …, onAuditEvent: (entry) => siem.send(entry) });
 */
import type { AuditEntry } from "./model.js";
import type { Store, StoreWriter } from "./ports.js";

/** Receives each audit entry after its transaction committed. May be async; never awaited. */
export type AuditSink = (entry: AuditEntry) => void | Promise<void>;

function deliver(sink: AuditSink, entries: readonly AuditEntry[]): void {
  for (const entry of entries) {
    try {
      const result = sink(entry);
      if (result && typeof (result as Promise<void>).then === "function")
        (result as Promise<void>).then(undefined, () => undefined);
    } catch {
      // Best-effort by contract: the write already committed and its entry is in the chain.
    }
  }
}

/** The writer as the transaction sees it, with `appendAudit(s)` also noting the entries. */
function tapWriter(tx: StoreWriter, buffer: AuditEntry[]): StoreWriter {
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === "appendAudit")
        return async (entry: AuditEntry) => {
          await target.appendAudit(entry);
          buffer.push(entry);
        };
      if (prop === "appendAudits")
        return async (entries: readonly AuditEntry[]) => {
          await target.appendAudits(entries);
          buffer.push(...entries);
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The same store, with its transactions reporting their audit entries to `sink` after commit.
 * Everything else (reads, capabilities, backup, close) goes straight to the store.
 */
export function withAuditSink(store: Store, sink: AuditSink): Store {
  const transaction = <T>(fn: (tx: StoreWriter) => Promise<T>): Promise<T> => {
    const buffer: AuditEntry[] = [];
    return store
      .transaction((tx) => {
        // A store may retry a transaction body: only the attempt that commits counts.
        buffer.length = 0;
        return fn(tapWriter(tx, buffer));
      })
      .then((result) => {
        deliver(sink, buffer);
        return result;
      });
  };
  return new Proxy(store, {
    get(target, prop) {
      if (prop === "transaction") return transaction;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
