/** The one order of record ids that recall and every listing use: by layer letter, then by number. */
export function compareIds(a: string, b: string): number {
  if (a[0] !== b[0]) return a < b ? -1 : 1;
  return Number(a.slice(1)) - Number(b.slice(1));
}
