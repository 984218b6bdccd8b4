/**
 * Values of two kinds: a change is read between values of one kind — a weight for a weight, a
 * price for a price. When both texts give typed values (`typedValues`: a clock time, a date, a
 * measure by its unit) and no quantity is shared (`quantityOf`: a duration, a weight, money …), the
 * newer's number is not the older's value changed ("PICKLE IS 34.5 LB" / "vet switched pickle to
 * cytopoint injections every 6 weeks").
 */
import { typedValues } from "../typed-values.js";

/** The guard that keeps a change between values of two kinds from being closed, and its doc line. */
export const VALUE_TYPES_DIFFER_RULE = {
  name: "value-types-differ",
  doc: 'Both statements give typed values (a clock time or a date, an amount of money, a measure by its unit) and share no quantity ("34.5 lb", a weight, / "every 6 weeks", a duration): a change or a contradiction read between them is a guess, so the pair is stored and deferred, never closed.',
} as const;

/**
 * The quantity each unit of measurement typed values read measures (`typedValues`' units): a value
 * in minutes and one in hours are one kind, a weight and a number of weeks are two. A clock time
 * and a date both say when; a currency symbol's amount is money.
 */
const QUANTITY_OF_UNIT = new Map(
  (
    "ms:duration s:duration min:duration minute:duration hr:duration hour:duration day:duration " +
    "week:duration month:duration year:duration kg:mass lb:mass stone:mass mg:mass mcg:mass " +
    "km:length mile:length ml:volume l:volume gb:data mb:data tb:data ha:area acre:area"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/**
 * The quantity a typed value's type measures, or null when it may be any: "k" (thousands: "50k"
 * is a salary, a race or a follower count).
 *
 *   quantityOf("measure:hour") // → "duration"
 *   quantityOf("measure:£")    // → "money"
 *   quantityOf("clock")        // → "when"
 *   quantityOf("measure:bar")  // → "measure:bar": a unit it does not group is its own kind
 */
export function quantityOf(type: string): string | null {
  if (type === "clock" || type === "date") return "when";
  if (!type.startsWith("measure:")) return type;
  const unit = type.slice("measure:".length);
  if (unit === "k") return null;
  if (/^\p{Sc}$/u.test(unit)) return "money";
  return QUANTITY_OF_UNIT.get(unit) ?? type;
}

/**
 * Whether both texts give typed values and no quantity is shared. A bare number ("standup's at 10
 * now") has no type and differs from nothing; a value in another unit of the same quantity ("10 MB"
 * / "10 GB", "60 seconds" / "60 minutes", "1,200 EUR" / "1,200 USD") is a change.
 *
 *   valueTypesDiffer("PICKLE IS 34.5 LB", "the vet gives her injections every 6 weeks") // → true
 *   valueTypesDiffer("The build takes 5 minutes.", "The build takes 5 hours.")           // → false
 *   valueTypesDiffer("Our standup is at 9:30.", "standup's at 10 now")                   // → false
 */
export function valueTypesDiffer(older: string, newer: string): boolean {
  const kinds = (text: string) => typedValues(text).map((v) => quantityOf(v.type));
  const olderKinds = kinds(older);
  const newerKinds = kinds(newer);
  if (olderKinds.length === 0 || newerKinds.length === 0) return false;
  if (olderKinds.includes(null) || newerKinds.includes(null)) return false;
  return !newerKinds.some((k) => olderKinds.includes(k));
}
