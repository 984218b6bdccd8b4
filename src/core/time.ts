/** ISO 8601 UTC strings of one fixed width compare as text; these say so where it matters. */
export const earlierOf = (a: string, b: string): string => (a <= b ? a : b);
export const laterOf = (a: string, b: string): string => (a >= b ? a : b);
