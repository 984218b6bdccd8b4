/**
 * What the in-process indexes (vector-index.ts, text-index/text-index.ts) hand a worker thread's
 * `postMessage` as its transfer list: the buffers of every typed array in their state, moved, not
 * copied.
 *
 *   const buffers = new Set<ArrayBuffer>();
 *   collectBuffers(state, buffers);
 *   port.postMessage(state, [...buffers]);
 */

/** Every typed array's buffer under `value` (each once: a buffer listed twice cannot be transferred). */
export function collectBuffers(value: unknown, into: Set<ArrayBuffer>): void {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) into.add(value.buffer);
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) collectBuffers(v, into);
    return;
  }
  if (value && typeof value === "object") for (const v of Object.values(value)) collectBuffers(v, into);
}
