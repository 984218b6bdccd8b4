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
