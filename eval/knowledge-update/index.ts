/**
 * `npm run eval -- knowledge-update [--set cases|chat-dev|fresh|fresh2|fresh3|fresh4|fresh5|fresh6|fresh7|fresh8|fresh9|fresh10|fresh11|fresh12|fresh13|fresh14|fresh15|fresh16|fresh17|fresh18|fresh19|fresh20|fresh21|fresh22|fresh23|fresh24|fresh25|fresh26|fresh27|fresh28|fresh29|all]
 * [--split dev|held-out|all] [--phases before,after,daily]`: values changed in passing, in chat
 * style, across sessions. Four sets, each its own chat: `cases` (cases.json, 40 cases split
 * dev/held-out by hash), `chat-dev` (chat-dev.json, 102 cases over attributes no state frame names,
 * all dev material), `fresh` (fresh.json, 66 cases written in the eighteenth session on other
 * domains and other ways of saying a change, split dev/held-out by hash) and `fresh2` (fresh2.json,
 * 87 cases written in the nineteenth session without reading the rules, all held-out: reported,
 * never tuned on, no misses listed). Five with `fresh3` (fresh3.json, about 100 cases written in the
 * twentieth session without reading the rules, in an assistant chat's register: the user asks for
 * help and says the change in passing, the assistant replies; some values change twice; split
 * dev/held-out by hash, so the next sessions have independent dev material). Six with `fresh4`
 * (fresh4.json, 124 cases written in the twenty-seventh session without reading the rules, by one user
 * of a coding agent, a personal assistant and a work assistant, in many registers; split by hash).
 * Seven with `fresh5` (fresh5.json, 125 cases written in the twenty-ninth session without reading
 * the rules, by two users of one memory: a retired nurse in Glasgow dictating to a voice assistant
 * and a bakery owner in Massachusetts, in non-native English or through her son, talking to an ops
 * and bookkeeping agent; split by hash). Eight with `fresh6` (fresh6.json, about 120 cases written
 * in the thirtieth session without reading the rules, by one user: a long-haul truck driver in
 * Northern Ontario talking to a phone assistant, by voice while driving, in terse notes at stops and
 * in long stories at home, his wife and dispatcher sometimes changing things for him; split by hash).
 * Nine with `fresh7` (fresh7.json, about 120 cases written in the thirty-first session without
 * reading the rules, by one user: a freelance translator in Lisbon writing in non-native English and
 * sometimes dictating, in terse notes, hurried and tired lines and long stories, her partner, doctors,
 * agencies and landlord sometimes changing things for her; split by hash). Ten with `fresh8`
 * (fresh8.json, about 120 cases written in the thirty-second session without reading the rules, by
 * one family's shared account in Sheffield: a mother, a father and a teenage daughter writing as one
 * user, in British spelling, texting abbreviations and teen slang, one often changing or correcting
 * what another said, asking about each other by name; split by hash). Eleven with `fresh9`
 * (fresh9.json, about 120 cases written in the thirty-third session without reading the rules, by
 * one user: a software consultant in Bengaluru who also runs his elderly parents' affairs and a flat
 * he rents out, writing Indian English with Hinglish words, lakh and rupee amounts, relatives named
 * by relation, in WhatsApp-style notes and long rambling messages; split by hash). Twelve with
 * `fresh10` (fresh10.json, about 120 cases written in the thirty-fourth session without reading the
 * rules, by one user: a second-year PhD student in ecology at a US university who uses one assistant
 * for research, code and life, writing lowercase, terse and online, typos fixed later with "*";
 * split by hash). Thirteen with `fresh11` (fresh11.json, about 120 cases written in the
 * thirty-fifth session without reading the rules, by one user: a retired secondary-school teacher in
 * his seventies near Adelaide who talks to a voice assistant by dictation, in Australian English,
 * long run-on messages with little punctuation, questions without their mark, numbers spelled out
 * and a misheard word corrected later; split by hash). Fourteen with `fresh12` (fresh12.json, about
 * 120 cases written in the thirty-sixth session without reading the rules, by one user: a session
 * and touring bass player in Nashville typing on her phone between soundchecks, in bursts of short
 * lines with emoji and abbreviations, US spelling and American dates, often pasting in text someone
 * else wrote (a bandleader's email, an itinerary, a rider, a flight confirmation, a landlord's text);
 * split by hash). Fifteen with `fresh13` (fresh13.json, about 120 cases written in the
 * thirty-seventh session without reading the rules, by one user: a dairy and sheep farmer in County
 * Cork who keeps the farm's paperwork through the assistant in the evenings, in long, rambling,
 * courteous messages in Irish English, metric and imperial mixed, euro written three ways, Irish
 * dates, and the odd short lowercase line his son types for him; split by hash). Sixteen with
 * `fresh14` (fresh14.json, about 120 cases written in the thirty-eighth session without reading the
 * rules, by one user: a woman in Lagos who runs a small dispatch-rider and logistics business and a
 * side business selling fabric, typing Nigerian English with Pidgin touches on her phone between
 * calls, in short bursts, several messages in one turn, naira written four ways, and the odd message
 * from a rider or her accountant pasted in; split by hash). Seventeen with `fresh15` (fresh15.json,
 * about 120 cases written in the thirty-ninth session without reading the rules, by one user: a
 * Filipino chief cook on a bulk carrier writing from the ship when the satellite internet allows, in
 * Taglish with some Cebuano, sometimes in capitals, sometimes a long message after days offline
 * catching up on everything at once, dollars and pesos written several ways, ship's times, and the odd
 * message from his wife or the agency pasted in; split by hash). Eighteen with `fresh16` (fresh16.json,
 * about 120 cases written in the fortieth session without reading the rules, by one user: a
 * 19-year-old second-year engineering student in Toronto (Scarborough, parents from Jamaica) texting
 * between classes, shifts and the gym in Gen Z / Toronto slang, lowercase, no apostrophes, emojis and
 * the odd voice-to-text slip, sometimes one long ramble with the news in passing, sometimes three
 * words; split by hash). Nineteen with `fresh17` (fresh17.json, about 120 cases written in the
 * forty-first session without reading the rules, by one user: a 38-year-old single mother in
 * Montréal working two jobs (a pharmacy cashier by day, cleaning offices some evenings), writing in
 * Montréal Franglais with québécois turns, about her son's school and hockey, the custody days her ex
 * moves, her landlord, the STM and her sister in Laval, values changed in passing inside long messages
 * and some relayed from someone else; split by hash). Twenty with `fresh18` (fresh18.json, about 120
 * cases written in the forty-second session without reading the rules, by one user: a 52-year-old
 * hawker in Singapore who fries char kway teow with her husband, writing in Singlish with Hokkien and
 * Malay words dropped in, about the stall's hours, rent and suppliers, her son's NS postings and
 * book-out days, her mother's polyclinic appointments, the HDB flat and the MRT, values changed in
 * passing inside long messages and some relayed from her husband, a supplier, the town council or
 * the camp; split by hash). Twenty-one with `fresh19` (fresh19.json, about 120 cases written in the
 * forty-third session without reading the rules, by one user: a 71-year-old retired shipyard welder
 * in Glasgow, a widower, talking to his assistant by voice dictation in Glaswegian-flavoured English,
 * run-on transcripts with the odd misheard word, about his allotment, the GP surgery and his repeat
 * prescriptions, the bowling club, the buses, his daughter in Aberdeen and the grandchildren, his dog,
 * the carer, the boiler, his season ticket, the pension and the bank, values changed in passing inside
 * long messages and some relayed from his daughter, the receptionist, the club secretary or the carer;
 * split by hash). Twenty-two with `fresh20` (fresh20.json, about 120 cases written in the
 * forty-fourth session without reading the rules, by one user: a 34-year-old physiotherapist in Cape
 * Town who races road and gravel bikes, writing to her assistant in South African English by
 * WhatsApp-style text and the odd forwarded voice-note transcript, about her practice and its
 * patients' slots, the cycling club and her races, her bikes and mechanic, her coach's zones and FTP,
 * the flat and her flatmate, the domestic worker, her sister's wedding in Stellenbosch, her dog, the
 * gym, the car and load-shedding, values changed in passing inside long messages and some relayed
 * from her coach, the receptionist, the mechanic, her sister or her mom; split by hash). Twenty-three
 * with `fresh21` (fresh21.json, about 120 cases written in the forty-fifth session without reading
 * the rules, by one user: a 29-year-old Hong Kong-based flight attendant on a long-haul fleet,
 * writing to her assistant in short bursts between flights in Hong Kong English with Cantonese
 * code-switching, about her roster and layover hotels, the crew centre and the union, her flat in
 * Tseung Kwan O and its mortgage, her parents' clinic appointments, her brother at university in
 * Manchester, Pilates, her domestic helper, her cat, her Japanese course and her boyfriend's shifts,
 * values changed in passing inside long messages, some relayed from crew control, her mum, her
 * brother or the building's notices and some times given in another time zone; split by hash).
 * Twenty-four with `fresh22` (fresh22.json, about 120 cases written in the forty-sixth session
 * without reading the rules, by one user: a 58-year-old school-bus driver and kapa haka tutor in
 * Rotorua, typing on his phone with his thumbs in New Zealand English with te reo Māori words, about
 * his bus run and the depot roster, his kapa haka roopu and the regional competition, his mokopuna,
 * his wife's dialysis, his ute, the marae committee, a cousin's birthday hāngī, fishing on Lake
 * Rotoiti, his GP and gout medicine, his rugby club's sausage sizzle, the power company and his
 * daughter in Brisbane, values changed in passing inside long messages, some relayed from the school
 * office, the depot manager, the marae secretary, his wife or his daughter and some days and
 * numbers said in te reo; split by hash).
 * Twenty-five with `fresh23` (fresh23.json, about 120 cases written in the forty-seventh session
 * without reading the rules, by one user: a 71-year-old retired postmistress in a village in
 * Gwynedd, North Wales, first language Welsh, typing on a tablet in full sentences in English with
 * Welsh words and turns of phrase, about her chapel and choir, the eisteddfod, Merched y Wawr and the
 * WI, her grandchildren, her son in Cardiff, her daughter's sheep farm, her hearing-aid clinic and
 * blood-pressure tablets, the surgery, Bws Gwynedd, the bank van, her late husband's pension, oil
 * and coal, her cleaner, the library, her allotment and her dog, values changed in passing inside
 * long messages, some relayed from the chapel secretary, her son, her daughter, the surgery or the
 * bus company and some days and numbers said in Welsh; split by hash).
 * Twenty-six with `fresh24` (fresh24.json, 120 cases written in the forty-eighth session without
 * reading the rules, by one user: a 56-year-old Jamaican-born staff nurse on nights on an acute
 * medical ward in a London hospital, living in Croydon, writing to her phone assistant by thumb and
 * once by voice dictation in London English with Jamaican Patois and church phrases, about her
 * shifts and rota, her church choir and its treasurer's book, her grown children and grandchildren,
 * her mother in Kingston, the pardner (savings circle) she runs as banker, her car, her allotment,
 * her blood pressure and knee, bills and the house, values changed in passing inside messages about
 * her nights, some relayed from matron, the bank office, the school, the surgery or a cousin, and a
 * dictated correction; split by hash).
 * Twenty-seven with `fresh25` (fresh25.json, 120 cases written in the forty-ninth session without
 * reading the rules, by one user: a widowed cattle rancher in her sixties in the Texas Hill Country,
 * running the place with a hired hand and her grandson, talking to her phone assistant by voice
 * dictation from the truck cab in run-on transcripts with Texas ranch talk, homophones and dictation
 * slips, about the herd, the vet and the sale barn, hay and feed, the windmill and the well, the
 * truck and trailer, the bank, the property tax and the leases, her hip and her doctors, her church
 * and its potluck, the county fair, her daughter in the Austin suburbs and the grandchildren, values
 * changed in passing inside long messages, some relayed from the clinic, the school, the vet or her
 * daughter, four corrections of her own, and a neighbour's or friend's value or a plan not carried
 * out beside hers; split by hash).
 * Twenty-eight with `fresh26` (fresh26.json, 120 cases written in the fiftieth session without
 * reading the rules, by one user: a matatu owner-operator in Nairobi in his thirties with two
 * matatus on a route under a SACCO, an M-Pesa agent shop his wife runs and an evening diploma,
 * writing to his assistant on WhatsApp in English mixed with Sheng and Swahili, shillings and "bob"
 * written several ways, times in the Swahili and the English reckoning, about his drivers,
 * conductors, fares, SACCO, insurance, inspection, mechanic and fuel, the shop's float, rent and
 * numbers, his units, lecturers, exams and fees, his children's school, his mother in Nyeri, his
 * chama, his church and his football; values changed in passing inside longer messages, two by his
 * own correction, some relayed from the landlord, a doctor or his mother, and his brother's, his
 * wife's or a rival operator's value, an offer refused, a plan dropped or a rumour beside his; split
 * by hash).
 * Twenty-nine with `fresh27` (fresh27.json, 120 cases written in the fifty-first session without
 * reading the rules, by one user: a Vietnamese-American nail-salon owner in Houston texting her
 * assistant in English mixed with Vietnamese, often without diacritics, about the salon (its hours,
 * prices, suppliers, technicians, landlord, lease, accountant, license and Yelp page), money sent to
 * her parents in Đà Nẵng, the SBA loan, the car note and the hụi, her son's high school band, her
 * daughter's community college, her husband's refinery shifts, a cousin's wedding, her parish choir
 * and the Tết festival, and her own health; dollars, times and US dates written many ways, values
 * changed in passing inside long messages, some relayed, one corrected in the same message, and her
 * sister's, her husband's or a parishioner's value, an offer refused, a plan dropped, a rumour or a
 * joke beside hers; split by hash).
 * Thirty with `fresh28` (fresh28.json, 120 cases written in the fifty-second session without
 * reading the rules, by one user: a Brazilian delivery rider from Belo Horizonte in Lisbon, on two
 * apps with a rented scooter, sharing a flat in Arroios, writing to his assistant in English mixed
 * with Brazilian Portuguese and slang, about his zones, shift blocks, pay, scooter, insurer,
 * mechanic and fuel card, the flat's rent, landlord, flatmates and bills, his residence papers
 * (AIMA, the lawyer, the permit's status, Finanças, Segurança Social, the bank), the money he sends
 * his mother in BH and owes his cousin, his girlfriend in Porto, his brother, futsal, his
 * Portuguese course and his health; euros, 24-hour times and European dates written several ways,
 * values changed in passing inside longer messages, some relayed, one corrected in the same
 * sentence, and a flatmate's, a classmate's, his brother's or his girlfriend's value, an offer
 * refused, a suggestion not taken, a plan dropped, a rumour, a past memory, a one-time change, a
 * question or a joke beside his; split by hash).
 * Thirty-one with `fresh29` (fresh29.json, 120 cases written in the fifty-third session without
 * reading the rules, by one user: a Polish remodeling contractor from near Rzeszów, twelve years in
 * Chicago, with a small crew, a pickup and a dump trailer, a two-flat whose upper unit he rents out,
 * a wife at a dental office, a daughter in high school and a son in Polish Saturday school and
 * hockey, writing to his assistant in English with Polish mixed in, about his crew and their pay,
 * his suppliers, clients' quotes and start dates, permits, his truck and its insurance, his LLC and
 * accountant, the two-flat's tenant, rent, mortgage and taxes, his family's schedules, his parents
 * and brother in Poland and the flight home for Wigilia, his back and his doctors, his parish and
 * his Sunday soccer; dollars, 12- and 24-hour times and American and European dates written several
 * ways, values changed in passing inside longer messages, some relayed, one corrected in the same
 * message, and a tenant's, his brother's, a neighbour's, a crew member's, a teammate's or his wife's
 * value, a rumour, a past memory, a one-time change, a question he is only turning over, a
 * suggestion not taken, an offer refused, a plan dropped or a joke beside his; split by hash).
 * One user's chat: each case's first mention on its own day, the change 20 days later inside a
 * longer, unrelated message, chit-chat in between. Then each question is asked with default
 * recall options (k = 10) and scored: does a hit with the latest value rank above every hit that
 * has only the older one?
 *
 * Dev and held-out halves are split by a stable hash of the case id (FNV-1a, even = dev): tune
 * on dev only; held-out is reported apart.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Memory } from "../../src/core/engine.js";
import type { SleepReport } from "../../src/core/sleep/report.js";
import { openMemory } from "../../src/open-memory.js";

export interface Case {
  id: string;
  first: string;
  update: string;
  question: string;
  old: string;
  new: string;
  /**
   * A change between the first mention and the update (fresh3: a value changed twice), said 10
   * days after the first; `between` is the value it names, older than `new`: a hit that states it
   * and not `new` counts as an older one.
   */
  middle?: string;
  between?: string;
  /** The assistant's answer right after the first mention and after the update (actor "assistant"). */
  firstReply?: string;
  reply?: string;
}

export interface CaseFile {
  cases: Case[];
  filler: string[];
  /** Set when every case of the file is one split (chat-dev.json: all dev; fresh2.json: all held-out); else split by hash. */
  split?: Split;
}

export const SETS = [
  "cases",
  "chat-dev",
  "fresh",
  "fresh2",
  "fresh3",
  "fresh4",
  "fresh5",
  "fresh6",
  "fresh7",
  "fresh8",
  "fresh9",
  "fresh10",
  "fresh11",
  "fresh12",
  "fresh13",
  "fresh14",
  "fresh15",
  "fresh16",
  "fresh17",
  "fresh18",
  "fresh19",
  "fresh20",
  "fresh21",
  "fresh22",
  "fresh23",
  "fresh24",
  "fresh25",
  "fresh26",
  "fresh27",
  "fresh28",
  "fresh29",
] as const;

/**
 * The sets `--set VALUE` names (`all`: every set), for each eval that replays them; a name it
 * does not know is `E_BAD_ARGS`, naming the known ones.
 */
export function setsNamed(value: string | undefined): CaseSet[] {
  if (value === "all") return [...SETS];
  if (value && (SETS as readonly string[]).includes(value)) return [value as CaseSet];
  throw new Error(`E_BAD_ARGS: unknown set "${value ?? ""}" (known: ${SETS.join(", ")}, all)`);
}
export type CaseSet = (typeof SETS)[number];

export const PHASES = ["before", "after", "daily"] as const;
export type Phase = (typeof PHASES)[number];

/**
 * The phases `--phases VALUE` names (`after,daily`), in its order, for each eval that replays the
 * chats; a name it does not know is `E_BAD_ARGS`, naming the known ones.
 */
export function phasesNamed(value: string): Phase[] {
  const phases = value.split(",");
  for (const p of phases)
    if (!(PHASES as readonly string[]).includes(p))
      throw new Error(`E_BAD_ARGS: unknown phase "${p}" (known: ${PHASES.join(", ")})`);
  return phases as Phase[];
}
export type Split = "dev" | "held-out";

export interface CaseResult {
  id: string;
  split: Split;
  /** 1-based rank of the first hit stating the latest value, null when none in the top 10. */
  newRank: number | null;
  /** 1-based rank of the first hit stating only the older value, null when none. */
  oldRank: number | null;
  latestFirst: boolean;
  top: string[];
}

/**
 * How many cases of a half put the latest value first, and why the rest did not, as counts only
 * (so a held-out half can say where its misses lie without listing one): the latest value not in
 * the top k at all, or found but below the older one.
 */
export interface Tally {
  cases: number;
  latestFirst: number;
  share: number;
  notFound: number;
  below: number;
}

export interface PhaseReport {
  phase: Phase;
  dev: Tally;
  heldOut: Tally;
  all: Tally;
  activeBeliefs: number;
  /** `health`'s coverage: episodes represented by a belief that kept what they said, recallable as themselves, neither. */
  coverage: { episodes: number; represented: number; recallable: number; uncovered: number } | null;
  misses: CaseResult[];
}

export interface SetReport {
  set: CaseSet;
  cases: number;
  phases: PhaseReport[];
}

export interface KnowledgeUpdateReport {
  sets: SetReport[];
}

/** FNV-1a 32-bit: a stable hash for the split. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export const splitOf = (id: string): Split => (fnv1a(id) % 2 === 0 ? "dev" : "held-out");

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
export const mentions = (text: string, value: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(value)}(?![\\p{L}\\p{N}])`, "iu").test(text);

/** Does `text` state only an older value of `c` (its first, or the one changed in between), not the latest? */
export const statesOnlyOlder = (c: Case, text: string) =>
  (mentions(text, c.old) || (c.between !== undefined && mentions(text, c.between))) && !mentions(text, c.new);

export function loadCases(set: CaseSet = "cases"): CaseFile {
  const here = dirname(fileURLToPath(import.meta.url));
  return JSON.parse(readFileSync(join(here, `${set}.json`), "utf8")) as CaseFile;
}

const DAY = 86_400_000;
const START = Date.parse("2026-01-05T09:00:00.000Z");

export type Speaker = "user" | "assistant";

/**
 * The chat as dated turns: first mentions, fillers and updates, in event order; a case's change in
 * between (10 days after its first) and the assistant's replies where the case has them.
 */
export function buildStream(file: CaseFile): { at: string; text: string; session: string; actor: Speaker }[] {
  const turns: { t: number; text: string; actor: Speaker }[] = [];
  file.cases.forEach((c, i) => {
    const first = START + i * DAY;
    turns.push({ t: first + 60_000, text: c.first, actor: "user" });
    if (c.firstReply) turns.push({ t: first + 90_000, text: c.firstReply, actor: "assistant" });
    turns.push({ t: first + 120_000, text: file.filler[i % file.filler.length]!, actor: "user" });
    if (c.middle) turns.push({ t: first + 10 * DAY + 150_000, text: c.middle, actor: "user" });
    turns.push({
      t: first + 20 * DAY + 60_000,
      text: file.filler[(i + 7) % file.filler.length]!,
      actor: "user",
    });
    turns.push({ t: first + 20 * DAY + 120_000, text: c.update, actor: "user" });
    if (c.reply) turns.push({ t: first + 20 * DAY + 180_000, text: c.reply, actor: "assistant" });
  });
  turns.sort((a, b) => a.t - b.t);
  return turns.map((x) => {
    const at = new Date(x.t).toISOString();
    return { at, text: x.text, session: at.slice(0, 10), actor: x.actor };
  });
}

/**
 * The chat of `file` recorded turn by turn into a fresh in-memory store, as the user said it; then,
 * unless `phase` is "before", consolidated once at the end ("after") or also at each day's end
 * ("daily"). Each sleep's report goes to `onSleep`. The caller closes the memory.
 */
export async function replayChat(
  file: CaseFile,
  phase: Phase,
  onSleep?: (report: SleepReport) => void,
): Promise<Memory> {
  // Day 90, or later when the chat runs past it (a case's update comes 20 days after its first day).
  let clockAt = START + Math.max(90, file.cases.length + 30) * DAY;
  const mem = await openMemory({ path: ":memory:", clock: { now: () => new Date(clockAt) }, actor: "eval" });
  try {
    let day: string | null = null;
    for (const turn of buildStream(file)) {
      if (phase === "daily") {
        clockAt = Date.parse(turn.at);
        if (day !== null && turn.session !== day) {
          // Not `onSleep?.(await …)`: with no `onSleep`, that would skip the sleep itself.
          const report = await mem.consolidate();
          onSleep?.(report);
        }
        day = turn.session;
      }
      await mem.record(turn.text, {
        type: "observation",
        actor: turn.actor,
        at: turn.at,
        session: turn.session,
      });
    }
    if (phase !== "before") {
      if (phase === "daily") clockAt += DAY;
      const report = await mem.consolidate();
      onSleep?.(report);
    }
    return mem;
  } catch (error) {
    await mem.close?.();
    throw error;
  }
}

/**
 * What `read` makes of the chat of `file` replayed for `phase` (`replayChat`), given the reports
 * of the sleeps it took; the memory is closed after, whatever `read` does. Each eval that
 * replays the chats reads them through here: this one's questions, eval/closures' closures.
 */
export async function readReplay<T>(
  file: CaseFile,
  phase: Phase,
  read: (mem: Memory, sleeps: readonly SleepReport[]) => Promise<T>,
): Promise<T> {
  const sleeps: SleepReport[] = [];
  const mem = await replayChat(file, phase, (report) => sleeps.push(report));
  try {
    return await read(mem, sleeps);
  } finally {
    await mem.close?.();
  }
}

async function runPhase(
  file: CaseFile,
  phase: Phase,
  splits: ReadonlySet<Split>,
  onReplay?: KnowledgeUpdateOptions["onReplay"],
): Promise<PhaseReport> {
  return readReplay(file, phase, async (mem) => {
    await onReplay?.({ file, phase, mem });
    let coverage: PhaseReport["coverage"] = null;
    let activeBeliefs = 0;
    if (phase !== "before") {
      const health = await mem.health();
      activeBeliefs = health.active;
      coverage = {
        episodes: health.coverage.episodes,
        represented: health.coverage.represented,
        recallable: health.coverage.recallable,
        uncovered: health.coverage.uncovered.count,
      };
    }
    const results: CaseResult[] = [];
    for (const c of file.cases) {
      const split = file.split ?? splitOf(c.id);
      if (!splits.has(split)) continue;
      const hits = await mem.recall(c.question, { k: 10 });
      const newIdx = hits.findIndex((h) => mentions(h.text, c.new));
      const oldIdx = hits.findIndex((h) => statesOnlyOlder(c, h.text));
      const newRank = newIdx < 0 ? null : newIdx + 1;
      const oldRank = oldIdx < 0 ? null : oldIdx + 1;
      results.push({
        id: c.id,
        split,
        newRank,
        oldRank,
        latestFirst: newRank !== null && (oldRank === null || newRank < oldRank),
        top: hits.slice(0, 3).map((h) => `[${h.id}] ${h.text}`),
      });
    }
    const tally = (rs: CaseResult[]): Tally => {
      const n = rs.filter((r) => r.latestFirst).length;
      return {
        cases: rs.length,
        latestFirst: n,
        share: rs.length === 0 ? 0 : n / rs.length,
        notFound: rs.filter((r) => r.newRank === null).length,
        below: rs.filter((r) => !r.latestFirst && r.newRank !== null).length,
      };
    };
    return {
      phase,
      dev: tally(results.filter((r) => r.split === "dev")),
      heldOut: tally(results.filter((r) => r.split === "held-out")),
      all: tally(results),
      activeBeliefs,
      coverage,
      // Only the dev half's misses are listed: the held-out half is reported, never read for misses.
      misses: results.filter((r) => !r.latestFirst && r.split === "dev"),
    };
  });
}

export interface KnowledgeUpdateOptions {
  split: "dev" | "held-out" | "all";
  phases: Phase[];
  /** Which case files to run; each is its own chat. Defaults to every set. */
  sets?: CaseSet[];
  /**
   * Called with each replayed memory before its questions are asked: a test reads what sleep did
   * to the same replay (eval/closures' `closuresOf`) instead of replaying the chat again.
   */
  onReplay?: (replay: { file: CaseFile; phase: Phase; mem: Memory }) => Promise<void>;
}

export function parseKnowledgeUpdateArgs(args: readonly string[]): KnowledgeUpdateOptions {
  const options: KnowledgeUpdateOptions = { split: "all", phases: [...PHASES], sets: [...SETS] };
  for (let i = 0; i < args.length; i += 2) {
    const value = args[i + 1];
    if (args[i] === "--split" && (value === "dev" || value === "held-out" || value === "all"))
      options.split = value;
    else if (args[i] === "--set") options.sets = setsNamed(value);
    else if (args[i] === "--phases" && value) options.phases = phasesNamed(value);
    else
      throw new Error(
        `E_BAD_ARGS: unknown argument "${args[i]}" (use --set cases|chat-dev|fresh|fresh2|fresh3|fresh4|fresh5|fresh6|fresh7|fresh8|fresh9|fresh10|fresh11|fresh12|fresh13|fresh14|fresh15|fresh16|fresh17|fresh18|fresh19|fresh20|fresh21|fresh22|fresh23|fresh24|fresh25|fresh26|fresh27|fresh28|fresh29|all, --split dev|held-out|all, --phases)`,
      );
  }
  return options;
}

export async function evaluateKnowledgeUpdate(
  options: KnowledgeUpdateOptions,
): Promise<KnowledgeUpdateReport> {
  const splits = new Set<Split>(options.split === "all" ? ["dev", "held-out"] : [options.split]);
  const sets: SetReport[] = [];
  for (const set of options.sets ?? ["cases"]) {
    const file = loadCases(set);
    const phases: PhaseReport[] = [];
    for (const phase of options.phases) phases.push(await runPhase(file, phase, splits, options.onReplay));
    sets.push({ set, cases: file.cases.length, phases });
  }
  return { sets };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function renderKnowledgeUpdateMarkdown(report: KnowledgeUpdateReport): string {
  return report.sets.map(renderSet).join("\n\n");
}

function renderSet(report: SetReport): string {
  const lines = [
    `### ${report.set}`,
    "",
    `${report.cases} cases; latest value ranked above the older one, default recall (k = 10).`,
    "",
    "| phase | dev | held-out | all | active beliefs | episodes: represented / as themselves / uncovered | misses: not found / below (dev; held-out) |",
    "|---|--:|--:|--:|--:|--:|--:|",
  ];
  for (const p of report.phases)
    lines.push(
      `| ${p.phase} | ${p.dev.latestFirst}/${p.dev.cases} (${pct(p.dev.share)}) | ${p.heldOut.latestFirst}/${p.heldOut.cases} (${pct(p.heldOut.share)}) | ${p.all.latestFirst}/${p.all.cases} (${pct(p.all.share)}) | ${p.activeBeliefs} | ${p.coverage ? `${p.coverage.represented} / ${p.coverage.recallable} / ${p.coverage.uncovered} of ${p.coverage.episodes}` : "–"} | ${p.dev.notFound} / ${p.dev.below}; ${p.heldOut.notFound} / ${p.heldOut.below} |`,
    );
  for (const p of report.phases) {
    if (p.misses.length === 0) continue;
    lines.push("", `Misses on the dev half (${p.phase}):`, "");
    for (const m of p.misses)
      lines.push(
        `- ${m.id} (${m.split}): latest at ${m.newRank ?? "–"}, older at ${m.oldRank ?? "–"}; top: ${m.top[0] ?? "–"}`,
      );
  }
  return lines.join("\n");
}
