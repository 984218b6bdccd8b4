/** Test support: open something against the test server as a client that gives no password. */

/**
 * Runs `open` with `databaseUrl` stripped of its password and `PGPASSWORD` unset and `PGPASSFILE`
 * naming no file (all put back after), and resolves with what it threw, or undefined. Null when the URL has no password: a
 * server that trusts this user asks for none, so there is nothing to check.
 *
 *   const error = await withoutPassword(DATABASE_URL, (url) => PostgresStore.open({ url }));
 */
export async function withoutPassword(
  databaseUrl: string,
  open: (url: string) => Promise<unknown>,
): Promise<unknown | null> {
  const url = new URL(databaseUrl);
  if (!url.password) return null;
  url.password = "";
  const saved = process.env.PGPASSWORD;
  const savedFile = process.env.PGPASSFILE;
  delete process.env.PGPASSWORD;
  process.env.PGPASSFILE = "/nonexistent/strata-test-pgpass"; // nor a ~/.pgpass of the machine's
  try {
    return await open(url.toString()).then(
      () => undefined,
      (e: unknown) => e,
    );
  } finally {
    if (saved !== undefined) process.env.PGPASSWORD = saved;
    if (savedFile === undefined) delete process.env.PGPASSFILE;
    else process.env.PGPASSFILE = savedFile;
  }
}
