/**
 * Values of two kinds: a change is read between values of one kind — a weight for a weight, a
 * price for a price. When both texts give typed values (`typedValues`: a clock time, a date, a
 * measure by its unit) and no type is shared, the newer's number is not the older's value changed
 * ("PICKLE IS 34.5 LB" / "vet switched pickle to cytopoint injections every 6 weeks").
 */
import { typedValues } from "../typed-values.js";

/** The guard that keeps a change between values of two kinds from being closed, and its doc line. */
export const VALUE_TYPES_DIFFER_RULE = {
  name: "value-types-differ",
  doc: 'Both statements give typed values (a clock time, a date, a measure by its unit) and share no type ("34.5 lb" / "every 6 weeks"): a change or a contradiction read between them is a guess, so the pair is stored and deferred, never closed.',
} as const;

/**
 * Whether both texts give typed values and no type is shared. A bare number ("standup's at 10
 * now") has no type and differs from nothing.
 *
 *   valueTypesDiffer("PICKLE IS 34.5 LB", "the vet gives her injections every 6 weeks") // → true
 *   valueTypesDiffer("the rent is £1,200", "rent's £1,350 from May")                     // → false
 *   valueTypesDiffer("Our standup is at 9:30.", "standup's at 10 now")                   // → false
 */
export function valueTypesDiffer(older: string, newer: string): boolean {
  const types = new Set(typedValues(older).map((v) => v.type));
  if (types.size === 0) return false;
  const newerTypes = typedValues(newer).map((v) => v.type);
  return newerTypes.length > 0 && !newerTypes.some((t) => types.has(t));
}
