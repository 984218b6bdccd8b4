/**
 * The CLI's word on a slow first open: a migration that rewrites an older file's rows (migration
 * 6 fills every stored vector's components, ~20 CPU-s at a million) runs while the store opens,
 * before any command's output. Past `afterMs` the CLI says once what is happening, and when it
 * is done, how long it took; a quick migration says nothing.
 *
 *   openMemory({ path, onMigrationProgress: migrationNotice((line) => console.error(line), performance.now) });
 */
export function migrationNotice(
  write: (line: string) => void,
  now: () => number,
  afterMs = 1000,
): (progress: { version: number; done: number; total: number }) => void {
  let start = 0;
  let told = false;
  const count = (n: number) => n.toLocaleString("en-US");
  return ({ version, done, total }) => {
    if (done === 0) {
      start = now();
      told = false;
      return;
    }
    const seconds = (now() - start) / 1000;
    if (!told && done < total && seconds * 1000 > afterMs) {
      told = true;
      write(
        `strata: upgrading this store to schema ${version} (once per file): ${count(done)} of ${count(total)} vectors done…`,
      );
    } else if (told && done >= total)
      write(`strata: upgraded to schema ${version} in ${seconds.toFixed(1)} s.`);
  };
}

/**
 * The CLI's word on an upgrade, said once, when the file is upgraded: an older Strata cannot
 * open it now, and the copy of it as it was is where an older Strata can go back to.
 *
 *   upgradeNotice({ path: "/m.db", from: 9, to: 10, copy: "/m.db.schema-9.bak" });
 *   // "strata: upgraded the store at /m.db from schema 9 to 10 (once; an older Strata cannot open it now). …"
 */
export function upgradeNotice(upgrade: {
  path: string;
  from: number;
  to: number;
  copy: string | null;
}): string {
  const upgraded = `strata: upgraded the store at ${upgrade.path} from schema ${upgrade.from} to ${upgrade.to} (once; an older Strata cannot open it now).`;
  return upgrade.copy === null
    ? `${upgraded} No copy of the file as it was was kept (STRATA_UPGRADE_COPY=off, or upgradeCopy: false in the settings file).`
    : `${upgraded} The file as it was is kept at ${upgrade.copy}: an older Strata opens that copy. Delete it when you no longer need to go back (it keeps what it held; forget cannot erase it; STRATA_UPGRADE_COPY=off upgrades without one).`;
}
