/** A record's creation time as a collection stores it (Date, ISO text, epoch seconds or ms) → ISO, or null. */
export function toIsoTime(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === "number" || typeof value === "bigint" || /^\d+(\.\d+)?$/.test(String(value))) {
    const n = Number(value);
    // Seconds until the year 2286 in seconds; milliseconds beyond.
    const ms = n < 1e10 ? n * 1000 : n;
    return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
  }
  const ms = Date.parse(String(value));
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
