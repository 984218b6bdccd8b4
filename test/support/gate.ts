import type { IndexWarmReport, SqliteStore } from "../../src/store/sqlite/sqlite-store.js";

/**
 * A promise and its resolver: a test holds a step (a background build between the worker's
 * answer and the install, say) until it opens the gate.
 *
 *   const release = gate();
 *   store.warmIndexes({ background: true, beforeInstall: () => release.opened });
 *   release.open();
 */
export function gate(): { open: () => void; opened: Promise<void> } {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * Starts a background index build and holds it between the worker's answer and the install:
 * resolves once the worker has answered (its read snapshot taken), with the build's report and
 * the call that lets it install.
 *
 *   const { report, release } = await heldBuild(store);
 *   // … searches served cold, writes made after the worker's snapshot …
 *   release();
 *   await report;
 */
export async function heldBuild(
  store: SqliteStore,
): Promise<{ report: Promise<IndexWarmReport>; release: () => void }> {
  const arrived = gate();
  const release = gate();
  const report = store.warmIndexes({
    background: true,
    beforeInstall: async () => {
      arrived.open();
      await release.opened;
    },
  });
  await arrived.opened;
  return { report, release: release.open };
}
