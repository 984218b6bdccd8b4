import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { analysisOf, wordsOf } from "./analysis.js";
import {
  clippings,
  closedForGood,
  doerGoneForGood,
  doingOf,
  lastingEnd,
  namesValue,
  objectGoneForGood,
  retiredValue,
  soleObjectOf,
  soleValueOf,
  soleVenueOf,
  timePhraseAt,
  valuesOf,
  verbForms,
} from "./retired-values.js";
import { loadTagger } from "./tagger.js";

beforeAll(() => loadTagger());

describe("retiredValue: an update that retires the older's value by name", () => {
  it.each([
    // The speaker ends it: the value is what a verb of ending takes.
    [
      "My main hobby is rock climbing, I boulder at the gym.",
      "I hurt my shoulder so I gave up climbing and took up pottery.",
      "climbing",
      "give up",
    ],
    [
      "My sport is tennis, I play at the club.",
      "I quit tennis after my knee surgery and joined a cycling club.",
      "tennis",
      "quit",
    ],
    [
      "I play the cello in a community orchestra.",
      "I sold my cello last month and started taking drum lessons.",
      "cello",
      "sell",
    ],
    [
      "I start every morning with a double espresso.",
      "I stopped drinking espresso because of my sleep.",
      "espresso",
      "stop",
    ],
    ["I play the cello in a community orchestra.", "I quit playing the cello last year.", "cello", "quit"],
    [
      "I play the cello in a community orchestra.",
      "I no longer play the cello, I'm on drums now.",
      "cello",
      "play",
    ],
    [
      "I write everything in Sublime Text.",
      "I switched from Sublime to Neovim last month.",
      "Sublime",
      "switch from",
    ],
    ["My boyfriend Marco loves cooking.", "Marco and I broke up in the spring.", "Marco", "break up"],
    // A clipped form of a name (a capitalised prefix of four letters or more).
    [
      "I play a Fender Stratocaster.",
      "I sold the Strat and picked up a Gibson Les Paul.",
      "Stratocaster",
      "sell",
    ],
    [
      "I post my photos on Instagram.",
      "I deleted Insta and moved my photos to Flickr.",
      "Instagram",
      "delete",
    ],
    ["I drive a Mercedes C-Class.", "Sold the Merc in October and bought a Tesla.", "Mercedes", "sell"],
    ["I play a Fender Stratocaster.", "I'd sold the Strat by then.", "Stratocaster", "sell"],
    // The value itself ends: its subject, with no object but its own.
    [
      "I park in the garage on Birch Street.",
      "Since the Birch Street garage closed I've been parking on Fifth Avenue.",
      "garage",
      "close",
    ],
    [
      "I get my hair cut at Tony's barbershop.",
      "Since Tony retired I get my hair cut at Sharp Lines.",
      "Tony",
      "retire",
    ],
    [
      "My dentist is Dr. Reyes on Station Road.",
      "When Dr. Reyes closed her practice I signed up with Dr. Mensah.",
      "Reyes",
      "close",
    ],
    [
      "I get to the office by scooter.",
      "The scooter got stolen, so I take the tram now.",
      "scooter",
      "steal",
    ],
    [
      "I commute by bike, a blue Trek hybrid.",
      "My Trek got stolen so I bought a Cannondale.",
      "Trek",
      "steal",
    ],
    [
      "Ellie's gone back to uni, so Jamal from down the road walks Biscuit now.",
      "Biscuit goes to Waggy Tails daycare on weekdays now, Jamal moved away.",
      "Jamal",
      "move away",
    ],
    [
      "My flatmate Priya does the cooking on weekdays.",
      "Priya moved out in May, so I cook for myself now.",
      "Priya",
      "move out",
    ],
    // "Gone" as an absence that holds (`goneForGood`).
    [
      "The house heats with an oil furnace.",
      "We got a heat pump put in while I was away, the oil furnace is gone.",
      "furnace",
      "be gone",
    ],
    [
      "The shipper at the chicken plant is Stan Mazur.",
      "Stan's gone from the plant, the new shipping lead is Priya Patel.",
      "Stan",
      "be gone",
    ],
    [
      "My dentist is Dr. Ames.",
      "Dr. Ames is gone for good, so I'm looking for a new one.",
      "Ames",
      "be gone",
    ],
    // The older's own holder: "Dana's" is named there.
    ["Dana's dog is a beagle called Rex.", "Dana's dog died last week.", "dog", "die"],
  ])("%j / %j retires %j (%s)", (older, newer, value, how) => {
    expect(retiredValue(newer, valuesOf(older))).toMatchObject({ value, how });
  });

  it.each([
    // Another thing retired.
    [
      "My main hobby is baking, I make sourdough every weekend.",
      "I gave up sugar for Lent, so my baking is all savoury.",
    ],
    [
      "I make my coffee with an AeroPress every morning.",
      "Lent started so I gave up sugar, black coffee only.",
    ],
    ["I play a Fender Stratocaster.", "I sold the amp and kept the Strat."],
    // Another person's retirement.
    ["My main hobby is rock climbing.", "Dana quit climbing after her fall."],
    ["I read on a Kindle Paperwhite before bed.", "My sister gave up her Kindle for paper books."],
    ["I volunteer at the food bank on Saturdays.", "Dana quit the food bank after the new manager started."],
    ["I drive a Mercedes C-Class.", "My neighbour sold her Merc to a collector."],
    // "Gone" as a movement, a change of level or a choice, not an end (`goneForGood`).
    ["Rent for the flat is 1100 a month.", "The rent has gone up to 1250."],
    ["I walk Biscuit with Dana on Sundays.", "Dana's gone to Halifax for the weekend."],
    ["My dentist is Dr. Ames.", "Dr. Ames was gone for two weeks in August."],
    ["We get our internet from Vianet.", "Vianet is slow, we might have gone with Starlink."],
    ["I drink oat milk in my coffee.", "The oat milk's gone off, black coffee today."],
    // Another's thing ended: a holder the older does not name (`anothersPhrase`).
    [
      "My GP is Dr. Whitfield at the Meadow Lane surgery.",
      "My mum's GP retired, so she's with Dr. Achebe now.",
    ],
    ["I buy my bread at the bakery on Birch Street.", "Her bakery closed last spring."],
    // A present passive: a state or a habit, not an end that came (`PRESENT_BE`).
    ["Support hours are 9 to 5.", "On public holidays, support is closed."],
    ["Tickets are triaged by the support lead.", "Tickets are closed after 14 days of silence."],
    // A plan, a wish, a refusal.
    ["My main hobby is rock climbing.", "I'll never quit climbing, it keeps me sane."],
    ["My main hobby is rock climbing.", "I don't want to give up climbing."],
    ["I play a Fender Stratocaster.", "I might sell the Strat if the Gibson comes through."],
    // "I'll" is the speaker as subject (SPEAKER_SUBJECT), of a verb not yet done.
    ["I play a Fender Stratocaster.", "I'll sell the Strat next month."],
    ["I drive a Mercedes C-Class.", "We’ll trade in the Merc when the lease ends."],
    // "I'd" with a base form is "I would" (with a participle, "I had": retires, above).
    ["I play a Fender Stratocaster.", "I'd sell the Strat for the right price."],
    ["My sport is tennis, I play at the club.", "I'd quit tennis if my knee got worse."],
    // A mention; a modifier of what ended, not its head.
    ["My favourite show is Severance.", "I still think about the Severance finale sometimes."],
    ["I park in the garage on Birch Street.", "The bakery on Birch Street closed last week."],
    [
      "I live in Clapham, close to the common.",
      "The Clapham gym closed for repairs, so I run on the common.",
    ],
    // A verb of ending that takes another object: the subject ended that, not itself.
    ["I climb with Dana every Saturday.", "Dana quit her job at the bank."],
    // Moving away from a place is the speaker's move, not the place's end; another thing moved.
    ["I live in Leeds, near the university.", "I moved away from Leeds last spring."],
    ["I climb with Dana every Saturday.", "Dana moved the session to Sundays."],
  ])("%j / %j retires nothing", (older, newer) => {
    expect(retiredValue(newer, valuesOf(older))).toBeNull();
  });

  it("reads the older's values from its main clause and its names", () => {
    expect(
      valuesOf("My main hobby is rock climbing, I boulder at the local gym.").map((v) => v.word),
    ).toEqual(["hobby", "climbing"]);
    expect(valuesOf("I commute by bike, a blue Trek hybrid.").map((v) => v.word)).toContain("Trek");
  });

  it("a clipped form is a capitalised prefix of four letters or more of a name", () => {
    const strat = { word: "Stratocaster", name: true };
    expect(namesValue("Strat", strat)).toBe(true);
    expect(namesValue("Stra", strat)).toBe(true);
    expect(namesValue("Str", strat)).toBe(false);
    expect(namesValue("strat", strat)).toBe(false);
    expect(namesValue("Strat", { word: "stratosphere", name: false })).toBe(false);
    expect(clippings(strat)).toEqual([
      "stra",
      "strat",
      "strato",
      "stratoc",
      "stratoca",
      "stratocas",
      "stratocast",
      "stratocaste",
    ]);
    expect(clippings({ word: "cello", name: false })).toEqual([]);
  });
});

describe("retr21: a value put away, named by a general noun's modifier or by its verb", () => {
  it.each([
    // The particle after the object ("put the paints away"); a gerund value named by its verb's noun.
    [
      "My evening hobby at the moment is watercolour painting, mostly landscapes from photos.",
      "I've put the paints away for now; I got really into woodturning at the community workshop.",
      "painting",
      "paints",
      "put away",
    ],
    [
      "My main hobby is rock climbing.",
      "I put my climbing away when the baby came.",
      "climbing",
      "climbing",
      "put away",
    ],
    // A general noun says its thing by its modifier ("the insurance place").
    [
      "I'm at Brightwell Insurance, mostly SQL and dashboards for the claims people.",
      "I left the insurance place last month, I'm at Kestrel Analytics now.",
      "Insurance",
      "insurance",
      "leave",
    ],
    [
      "My main hobby is rock climbing.",
      "I sold all the climbing stuff after my shoulder went.",
      "climbing",
      "climbing",
      "sell",
    ],
    // The value named exactly, with a change (main's rule, kept).
    [
      "I train at Ironworks on Pine Street, usually before work.",
      "I cancelled Ironworks after the price hike, so I'm at PulseFit now.",
      "Ironworks",
      "Ironworks",
      "cancel",
    ],
  ])("%j / %j retires %j, said %j (%s)", (older, newer, value, said, how) => {
    expect(retiredValue(newer, valuesOf(older))).toMatchObject({ value, said, how });
  });

  it.each([
    // A mention of the older value with no change.
    [
      "I train at Ironworks on Pine Street, usually before work.",
      "Ironworks was packed today, I waited ages for a rack.",
    ],
    [
      "My evening hobby is watercolour painting.",
      "I put the paints on the top shelf so the baby can't reach them.",
    ],
    // Not done: a plan, a wish.
    ["My evening hobby is watercolour painting.", "I'll put the paints away after the exhibition."],
    ["My evening hobby is watercolour painting.", "I don't want to put the paints away."],
    // The older value named by another speaker (another person's change).
    [
      "I'm at Brightwell Insurance, mostly SQL and dashboards for the claims people.",
      "My sister left the insurance place last month, she's at Aviva now.",
    ],
    ["My evening hobby is watercolour painting.", "Dana put her paints away for good."],
    // A noun that is not a general noun is the thing itself, not its modifier's.
    ["My main hobby is rock climbing.", "I sold the climbing shoes that were too tight."],
    ["I'm at Brightwell Insurance, mostly SQL.", "I cancelled the insurance renewal email."],
    // A description that matches another belief's value: the car insurance is not the employer.
    [
      "Our car is a Skoda Octavia, we've had it for years.",
      "I left the insurance place last month, I'm at Kestrel Analytics now.",
    ],
  ])("%j / %j retires nothing", (older, newer) => {
    expect(retiredValue(newer, valuesOf(older))).toBeNull();
  });

  it("a gerund value is searched by its verb's forms; a name, a noun or a short word by none", () => {
    expect(verbForms({ word: "painting", name: false })).toEqual(["paint", "paints"]);
    expect(verbForms({ word: "climbing", name: false })).toEqual(["climb", "climbs"]);
    expect(verbForms({ word: "Reading", name: true })).toEqual([]);
    expect(verbForms({ word: "evening", name: false })).toEqual([]);
    expect(verbForms({ word: "hobby", name: false })).toEqual([]);
  });
});

describe("recall: an update that retires the older's value by name ranks above it", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  async function chat(turns: { text: string; day: number }[]) {
    mem = await sleptChat(turns);
    return mem;
  }

  it.each([
    [
      "My main hobby is rock climbing, I boulder at the local gym.",
      "Our basement flooded so the week was chaos. I hurt my shoulder so I gave up climbing and took up pottery instead. How do I dry a carpet?",
      "What is my main hobby?",
      /pottery/,
      // The one value of the speaker's hobby, ended for good: sleep closes the older on it
      // (`sole-value-retired`), and recall lists its current version at its rank.
      /current version of/,
    ],
    [
      "I play a Fender Stratocaster, I've had it since college.",
      "Band practice ran long again. I sold the Strat and picked up a Gibson Les Paul, it sounds huge. How do I keep tempo?",
      "What guitar do I play?",
      /Gibson/,
      /retires its value by name/,
    ],
    // retr21: a gerund value put away, found by its verb's noun ("paints").
    [
      "My evening hobby at the moment is watercolour painting, mostly landscapes from photos.",
      "I've put the paints away for now; I got really into woodturning at the community workshop. What's a good first project on a lathe?",
      "What do I do in the evenings as a hobby?",
      /woodturning/,
      /retires its value by name/,
    ],
  ])("%j, then %j: %j answers %s first (%s)", async (first, update, question, latest, why) => {
    const m = await chat([
      { text: first, day: 0 },
      { text: update, day: 20 },
    ]);
    const hits = await m.recall(question, { k: 5 });
    expect(hits[0]?.text).toMatch(latest);
    expect(hits[0]?.why.summary).toMatch(why);
  });

  it("another person's retirement is not the speaker's: the older stays first", async () => {
    const m = await chat([
      { text: "My main hobby is rock climbing, I boulder at the local gym.", day: 0 },
      { text: "My coworker Dana quit climbing and took up pottery after her fall.", day: 20 },
    ]);
    const hits = await m.recall("What is my main hobby?", { k: 5 });
    expect(hits[0]?.text).toMatch(/rock climbing/);
    expect(hits.some((h) => /retires its value/.test(h.why.summary))).toBe(false);
  });
});

describe('ku18: "from X to Y" after a verb of moving retires X', () => {
  it.each([
    [
      "We keep all our code on Bitbucket.",
      "Oh and we migrated every repo from Bitbucket to GitLab over the weekend.",
      "Bitbucket",
      "migrate from",
    ],
    [
      "All our family photos are backed up to Dropbox.",
      "I moved the family photos over from Dropbox to iCloud.",
      "Dropbox",
      "move from",
    ],
  ])("%j / %j retires %j (%s)", (older, newer, value, how) => {
    expect(retiredValue(newer, valuesOf(older))).toMatchObject({ value, how });
  });

  it.each([
    // No "to" after the "from" phrase: where the speaker came from, not a thing moved.
    ["I lived in Denver for years.", "I moved here from Denver last year."],
    // Another person's move.
    ["We keep all our code on Bitbucket.", "My brother moved his repos from Bitbucket to GitLab."],
    // No verb of moving.
    ["I get my bike serviced at Halfords.", "I bought it from Halfords to ride to work."],
  ])("%j / %j retires nothing", (older, newer) => {
    expect(retiredValue(newer, valuesOf(older))).toBeNull();
  });
});

describe("recall, ku18: a newer that ends the older's value by name is a newer-first pair", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  it("a question with another word form ('taking' / 'take') and no asked noun named", async () => {
    mem = await sleptChat([
      { text: "I take vitamin D every morning with breakfast.", day: 0 },
      {
        text: "Long week at work. I stopped the vitamin D over the summer and take a magnesium tablet at night now, it helps me sleep. Is that a good idea?",
        day: 20,
      },
    ]);
    const hits = await mem.recall("What supplement am I taking?", { k: 5 });
    expect(hits[0]?.text).toMatch(/magnesium/);
  });

  it("a shared word form alone lifts nothing: 'driving me mad' is no driving of a car", async () => {
    mem = await sleptChat([
      { text: "I drive a Mercedes C-Class, it was my dad's.", day: 0 },
      {
        text: "Busy week. I dropped Evernote for Obsidian, the sync was driving me mad. Any plugin tips?",
        day: 20,
      },
    ]);
    const hits = await mem.recall("What car do I drive?", { k: 5 });
    expect(hits[0]?.text).toMatch(/Mercedes/);
  });
});

describe("lead32: no end read in another's doing, another thing of the kind, a reporter or an end not done", () => {
  it.each([
    // "Instead of" said of another's doing ("my flatmate … instead of cycling") is not the speaker's change.
    [
      "I quit tennis after my knee surgery and joined a cycling club instead.",
      "My flatmate started taking the number 38 bus instead of cycling now that it's icy.",
    ],
    ["I walk to work along the canal.", "Dana drives to work now instead of walking."],
    // A common noun the older says only before another noun, named with another noun of its own:
    // another thing of that kind ("paper delivery" against "delivery slot").
    [
      "Updated the reorder template with the new supplier's item codes and the Monday delivery slot.",
      "i've stopped the paper delivery and i read the Record on my phone now",
    ],
    ["Our delivery slot is Thursday morning.", "We cancelled the milk delivery, nobody drank it."],
    // Who reports a statement is not its value ("Rick says …"; "Rick's retiring" ends nothing of it).
    ["Rick says his new Volvo does 8.5 mpg loaded, i think he's lying", "Rick's retiring at fifty eight."],
    ["My physio Tom says I should swim twice a week.", "Tom retired in March."],
    // "Without" before the verb: an end not done.
    ["short day, headache, I stop at 5", "I can do about 2500 words a day without dying"],
    ["My main hobby is rock climbing.", "I got through the winter without quitting climbing."],
  ])("%j / %j retires nothing", (older, newer) => {
    expect(retiredValue(newer, valuesOf(older))).toBeNull();
  });

  it.each([
    // A change done to the speaker is the speaker's, whoever made it.
    [
      "We use Nord for the VPN.",
      "Work made us use Mullvad for the VPN now instead of Nord.",
      "Nord",
      "instead of",
    ],
    [
      "I volunteer at the food bank on Saturdays.",
      "These days I help out at the animal shelter on Saturdays instead of the food bank.",
      "bank",
      "instead of",
    ],
    // The kind's noun with no noun of its own: the older's thing may be what ended.
    [
      "Our delivery slot is Thursday morning.",
      "We stopped the delivery over the summer.",
      "delivery",
      "stop",
    ],
    // A person who is the older's value, not its reporter, still ends it.
    ["Tony cuts my hair every month.", "Tony retired so I go to Sharp Lines now.", "Tony", "retire"],
    // A head the older has, with a modifier the newer adds, is still the older's own head.
    ["My main hobby is climbing.", "I gave up rock climbing after the fall.", "climbing", "give up"],
  ])("%j / %j retires %j (%s)", (older, newer, value, how) => {
    expect(retiredValue(newer, valuesOf(older))).toMatchObject({ value, how });
  });

  it("reads who reports and what only modifies as no value, or as a modifier", () => {
    expect(valuesOf("Rick says his new Volvo does 8.5 mpg loaded.").map((v) => v.word)).not.toContain("Rick");
    expect(valuesOf("Our delivery slot is Thursday morning.")).toContainEqual({
      word: "delivery",
      name: false,
      modifier: true,
    });
    expect(valuesOf("Our delivery slot is Thursday morning.")).toContainEqual({
      word: "slot",
      name: false,
      modified: true,
    });
  });
});

describe("soleValueOf: the older gives one value of a slot of the speaker's", () => {
  it.each([
    ["My main hobby is rock climbing.", "climbing"],
    ["I use Firefox.", "Firefox"],
    ["We use mongo for the orders db.", "mongo"],
    ["My manager is Priya.", "Priya"],
    ["my gym membership is at FitZone", "FitZone"],
    ["I drive a Subaru Outback.", "Subaru Outback"],
    // The clause that holds the value is read, not the one beside it.
    ["My main hobby is rock climbing, I boulder at the gym twice a week.", "climbing"],
  ])("%j: %j is its one value", (older, value) => {
    expect(soleValueOf(older, value)).toBe(true);
  });

  it.each([
    // A value among several: a list, an addition, a part, a number of them.
    ["I play guitar and piano.", "piano"],
    ["I also play the cello.", "cello"],
    ["One of my hobbies is climbing.", "climbing"],
    ["I have two bikes.", "bikes"],
    ["My hobbies include climbing.", "climbing"],
    // Another's, or no one's.
    ["My sister plays the cello.", "cello"],
    ["My sister's car is a Golf.", "Golf"],
    ["Dana's manager is Priya.", "Priya"],
    ["The house heats with an oil furnace.", "furnace"],
    // A circumstance: after a preposition of a verb that is not "be".
    ["I get my hair cut at Tony's.", "Tony"],
    ["I commute by bike.", "bike"],
    ["We use mongo for the orders db.", "db"],
    // Not in the older at all.
    ["I use Firefox.", "Chrome"],
  ])("%j: %j is not its one value", (older, value) => {
    expect(soleValueOf(older, value)).toBe(false);
  });
});

describe("lastingEnd: the newer's end is for good and the speaker's own account", () => {
  const end = (said: string) => ({ value: said, said, how: "end" });
  it.each([
    ["I gave up climbing and took up pottery.", "climbing"],
    ["ditched firefox last week, all chrome now", "firefox"],
    ["Priya left, my manager is Tom now.", "Priya"],
    ["I sold the Strat.", "Strat"],
    ["I sold my cello.", "cello"],
  ])("%j ends %j for good", (newer, said) => {
    expect(lastingEnd(newer, end(said))).toBe(true);
  });

  it.each([
    // Reported by another.
    ["Dana says Priya left.", "Priya"],
    ["I heard Priya left.", "Priya"],
    ["Apparently Priya left.", "Priya"],
    // For a while.
    ["I've stopped climbing while my wrist heals.", "climbing"],
    ["I've given up climbing until my shoulder heals.", "climbing"],
    ["I've quit climbing for now.", "climbing"],
    // Still to come.
    ["Priya's leaving next month.", "Priya"],
    ["Ditching Firefox soon, it's too slow.", "Firefox"],
    // A part of it.
    ["I sold a bike last month.", "bike"],
    ["I sold one of my bikes.", "bikes"],
    ["I sold two bikes.", "bikes"],
  ])("%j does not end %j for good", (newer, said) => {
    expect(lastingEnd(newer, end(said))).toBe(false);
  });
});

describe("retire33: a kind's noun the older says after a noun of its own is another thing after another noun", () => {
  it.each([
    // "a cycling club" is not "the Foyles book club": another club of the kind.
    [
      "I quit tennis and joined a cycling club instead.",
      "I quit the Foyles book club because the picks got dull.",
    ],
    ["We use Trello for the sprint board.", "I deleted the kanban board."],
  ])("%j / %j retires nothing", (older, newer) => {
    expect(retiredValue(newer, valuesOf(older))).toBeNull();
  });

  it.each([
    // The same noun before it, an adjective, or none: the older's own thing.
    [
      "I joined a cycling club last spring.",
      "I quit the cycling club after my knee surgery.",
      "club",
      "quit",
    ],
    ["My gym membership is at FitZone.", "I cancelled my gym membership.", "membership", "cancel"],
    ["I joined a cycling club last spring.", "I quit the club, too many early starts.", "club", "quit"],
  ])("%j / %j retires %j (%s)", (older, newer, value, how) => {
    expect(retiredValue(newer, valuesOf(older))).toMatchObject({ value, how });
  });
});

describe("ends33: a time phrase after a gerund says when the end came, not what ended", () => {
  it.each([
    ["My main hobby is rock climbing.", "I gave up climbing last year.", "climbing", "give up"],
    ["My main hobby is rock climbing.", "I quit climbing two years ago, pottery now.", "climbing", "quit"],
    ["My main hobby is rock climbing.", "I stopped climbing last winter.", "climbing", "stop"],
    ["My main hobby is rock climbing.", "gave up climbing a few months back", "climbing", "give up"],
  ])("%j / %j retires %j (%s)", (older, newer, value, how) => {
    expect(retiredValue(newer, valuesOf(older))).toMatchObject({ value, how });
  });

  it.each([
    // The gerund's own object: what ended is the gym, not climbing.
    ["My main hobby is rock climbing.", "I gave up climbing gyms last year."],
    // A possessive: a thing of the year, not a time.
    ["My main hobby is watching Bake Off.", "I stopped watching this year's series."],
  ])("%j / %j retires nothing", (older, newer) => {
    expect(retiredValue(newer, valuesOf(older))).toBeNull();
  });

  const at = (text: string, word: string) =>
    timePhraseAt(
      wordsOf(analysisOf(text)),
      wordsOf(analysisOf(text)).findIndex((w) => w.text === word),
    );
  it.each([
    ["I quit climbing last year.", "last"],
    ["I quit climbing this spring.", "this"],
    ["I quit climbing the past month.", "the"],
    ["I quit climbing a year ago.", "a"],
    ["I quit climbing two weeks back.", "two"],
    ["I quit climbing yesterday.", "yesterday"],
  ])("%j: a time phrase at %j", (text, word) => {
    expect(at(text, word)).toBe(true);
  });
  it.each([
    ["I stopped watching this year's series.", "this"],
    ["I paid for a year of lessons.", "a"],
    ["I quit climbing next year.", "next"],
    ["I quit climbing last.", "last"],
  ])("%j: no time phrase at %j", (text, word) => {
    expect(at(text, word)).toBe(false);
  });
});

describe('ends33: a role named with "the", held now by one named person', () => {
  it.each([
    ["The night manager at the depot is Carl Hughes.", "Carl"],
    ["The head coach is Maria Lopez.", "Maria"],
  ])("%j: %j is the one value", (older, value) => {
    expect(soleValueOf(older, value)).toBe(true);
  });
  it.each([
    ["The head coach was Maria Lopez.", "Maria"],
    ["Dana's head coach is Maria Lopez.", "Maria"],
    ["The coaches are Maria Lopez and Tom Reid.", "Maria"],
    ["A good plumber is Stan Mazur.", "Stan"],
    ["The shipper at Dana's plant is Stan Mazur.", "Stan"],
    ["The best part is the view.", "view"],
  ])("%j: %j is not the one value", (older, value) => {
    expect(soleValueOf(older, value)).toBe(false);
  });
});

describe("ends33: the one place of a speaker's habit, closed for good", () => {
  it.each([
    ["I get my hair cut at Tony's.", "Tony"],
    ["We order pizza from Luigi's on Fridays.", "Luigi"],
    ["I buy my bread at the bakery on Birch Street.", "bakery"],
  ])("%j: %j is the one place", (older, value) => {
    expect(soleVenueOf(older, value)).toBe(true);
  });
  it.each([
    // A list, another's habit, a means, the value as the subject, the value as the object.
    ["I buy bread at the bakery and the market.", "bakery"],
    ["My sister gets her hair cut at Tony's.", "Tony"],
    ["I commute by bike.", "bike"],
    ["Tony cuts my hair.", "Tony"],
    ["I use Firefox.", "Firefox"],
  ])("%j: %j is not the one place", (older, value) => {
    expect(soleVenueOf(older, value)).toBe(false);
  });

  const closed = (older: string, newer: string) => {
    const values = valuesOf(older);
    const retired = retiredValue(newer, values);
    return retired !== null && closedForGood(newer, retired, values);
  };
  it.each([
    ["I get my hair cut at Tony's.", "Tony's closed down, I go to Sharp Cuts now."],
    ["We order pizza from Luigi's on Fridays.", "Luigi's closed for good."],
    ["I buy my bread at the bakery on Birch Street.", "The bakery on Birch Street closed last spring."],
    ["I buy my bread at the bakery on Birch Street.", "The bakery has closed, so it's the supermarket now."],
    ["I work out at Iron Temple.", "Iron Temple shut down in March."],
  ])("%j / %j: closed for good", (older, newer) => {
    expect(closed(older, newer)).toBe(true);
  });
  it.each([
    // For a while, or perhaps for a while.
    ["I swim at the leisure centre.", "The leisure centre closed for refurbishment."],
    ["I swim at the leisure centre.", "The leisure centre has closed for refurbishment."],
    ["I work out at Iron Temple.", "Iron Temple shut down over Christmas."],
    ["I get my hair cut at Tony's.", "Tony's closed early today."],
    ["I buy my bread at the bakery on Birch Street.", "The bakery closed."],
    ["I buy my bread at the bakery on Birch Street.", "The bakery closed this week."],
    // Another of its kind, a report, an end to come, an end that is no closing.
    ["I buy my bread at the bakery on Birch Street.", "The Elm Road bakery closed down."],
    ["I get my hair cut at Tony's.", "I heard Tony's closed down."],
    ["I get my hair cut at Tony's.", "Tony's is closing down next month."],
    ["I get my hair cut at Tony's.", "Tony retired."],
  ])("%j / %j: not closed for good", (older, newer) => {
    expect(closed(older, newer)).toBe(false);
  });
});

describe("retire34: a mark of a pause, a plan or a report is read in the end's own clause", () => {
  // The end as `retiredValue` reads it, with where the newer says it.
  const lasting = (older: string, newer: string) => {
    const retired = retiredValue(newer, valuesOf(older));
    expect(retired?.at).toBeDefined();
    return lastingEnd(newer, retired!);
  };
  it.each([
    // Another person's clause before the end: when or what they did.
    [
      "The house heats with an oil furnace.",
      "Shelley got a heat pump put in while I was away, the oil furnace is gone.",
    ],
    ["My main hobby is rock climbing.", "Dana went to Spain for a while, I gave up climbing."],
    ["My main hobby is rock climbing.", "Dana's going to try it next month, I gave up climbing for good."],
    // Another's report with its own content, after the end.
    ["My manager is Priya.", "Priya left last week, Dana says the new one starts Monday."],
    ["The house heats with an oil furnace.", "The oil furnace is gone, she says it's cheaper already."],
  ])("%j / %j: for good", (older, newer) => {
    expect(lasting(older, newer)).toBe(true);
  });
  it.each([
    // In the end's own clause, as before.
    ["My main hobby is rock climbing.", "I've stopped climbing while my wrist heals."],
    ["My manager is Priya.", "Dana says Priya left."],
    // A report with no content of its own: it reports the end.
    ["The house heats with an oil furnace.", "The oil furnace is gone, she says."],
    // After the end, in another's clause: it may say how long the end lasts.
    ["My main hobby is rock climbing.", "I gave up climbing, Dana is off until spring too."],
    // A clause of the speaker's, or a phrase with no clause of its own.
    ["My main hobby is rock climbing.", "I gave up climbing, my physio wants me off the wall until spring."],
    ["My main hobby is rock climbing.", "I gave up climbing, at least until my shoulder heals."],
    // A return, wherever it is said; "apparently", wherever it is said.
    ["My main hobby is rock climbing.", "I've stopped climbing, Dana reckons I'll be back next spring."],
    ["My manager is Priya.", "Priya left, apparently Tom starts Monday."],
  ])("%j / %j: not for good", (older, newer) => {
    expect(lasting(older, newer)).toBe(false);
  });
  it("without where the end is said, the whole newer is its clause (as before)", () => {
    const newer = "Shelley got a heat pump put in while I was away, the oil furnace is gone.";
    expect(lastingEnd(newer, { value: "furnace", said: "furnace", how: "be gone" })).toBe(false);
  });
});

describe("retire34: a person the older names as the one doer of a habit, retired or dead", () => {
  it.each([
    ["Tony cuts my hair.", "Tony", { verb: "cut", ownThing: true }],
    ["Patti Leblanc does my taxes and the quarterly HST.", "Patti", { verb: "do", ownThing: true }],
    ["Jen cleans our house every other Friday.", "Jen", { verb: "clean", ownThing: true }],
    ["Marco looks after our dog.", "Marco", { verb: "look", ownThing: true }],
    ["Tony drives me to work.", "Tony", { verb: "drive", ownThing: false }],
  ])("%j: %j does a habit", (older, value, doing) => {
    expect(doingOf(older, value)).toEqual(doing);
  });
  it.each([
    // A list of doers, an addition, an event, another's thing, the name not the subject, a role.
    ["Tony and Sal cut my hair.", "Tony"],
    ["Tony also cuts my hair.", "Tony"],
    ["Tony cut my hair.", "Tony"],
    ["Tony cuts Dana's hair.", "Tony"],
    ["I get my hair cut at Tony's.", "Tony"],
    ["The barber is Tony.", "Tony"],
    ["Tony's son cuts my hair.", "Tony"],
  ])("%j: %j does no habit of the speaker's", (older, value) => {
    expect(doingOf(older, value)).toBeNull();
  });

  const gone = (older: string, newer: string) => {
    const retired = retiredValue(newer, valuesOf(older));
    const doing = retired && doingOf(older, retired.value);
    return retired !== null && doing !== null && doerGoneForGood(newer, retired, doing);
  };
  it.each([
    ["Tony cuts my hair.", "Tony retired last month."],
    ["Tony cuts my hair.", "Tony retired in June, I go to Sharp Lines now."],
    ["Tony cuts my hair.", "Tony died in March."],
    ["Patti does my taxes.", "Patti retired in June."],
    ["Tony drives me to work.", "Tony died last year."],
  ])("%j / %j: gone for good", (older, newer) => {
    expect(gone(older, newer)).toBe(true);
  });
  it.each([
    // Retired from something else; an end to come; a report; it goes on.
    ["Tony cuts my hair.", "Tony retired from the fire service last year."],
    ["Tony cuts my hair.", "Tony's retiring at the end of the year."],
    ["Tony cuts my hair.", "Dana says Tony retired."],
    ["Tony cuts my hair.", "Tony retired but still does a few regulars."],
    // A retirement ends work, not a relation, a feeling or a lift given to the speaker.
    ["Tony calls my mum every Sunday.", "Tony retired last month."],
    ["Tony likes my cooking.", "Tony retired last month."],
    ["Tony drives me to work.", "Tony retired last month."],
    // Moved away, left: the habit may go on from elsewhere.
    ["Tony cuts my hair.", "Tony moved away last month."],
  ])("%j / %j: not gone for good", (older, newer) => {
    expect(gone(older, newer)).toBe(false);
  });
});

describe("retire34: the one object of a thing the older names with no holder, gone", () => {
  it.each([
    ["The house heats with an oil furnace.", "furnace"],
    ["Our house heats with an oil furnace.", "furnace"],
    ["The flat has a gas boiler.", "boiler"],
    ["The car has a roof box.", "box"],
  ])("%j: %j is the one object", (older, value) => {
    expect(soleObjectOf(older, value)).toBe(true);
  });
  it.each([
    // Another's, a past fact, a mass (which runs out), several, a list, a copula, the speaker's slot.
    ["Dana's house heats with an oil furnace.", "furnace"],
    ["The house heated with an oil furnace.", "furnace"],
    ["The generator runs on propane.", "propane"],
    ["The bedrooms heat with radiators.", "radiators"],
    ["The house heats with an oil furnace and a wood stove.", "furnace"],
    ["The house also has a wood stove.", "stove"],
    ["The boiler is a Worcester.", "Worcester"],
    ["I use Firefox.", "Firefox"],
  ])("%j: %j is not the one object", (older, value) => {
    expect(soleObjectOf(older, value)).toBe(false);
  });

  const gone = (older: string, newer: string) => {
    const values = valuesOf(older);
    const retired = retiredValue(newer, values);
    return retired !== null && objectGoneForGood(newer, retired, values);
  };
  it.each([
    ["The house heats with an oil furnace.", "The oil furnace is gone, we have a heat pump now."],
    ["The house heats with an oil furnace.", "the oil furnace is gone"],
    ["The flat has a gas boiler.", "The gas boiler's gone."],
  ])("%j / %j: gone", (older, newer) => {
    expect(gone(older, newer)).toBe(true);
  });
  it.each([
    // Another of its kind, a part, another form, a report, for a while, another end.
    ["The house heats with an oil furnace.", "The oil furnace at the cabin is gone."],
    ["The house heats with a radiator.", "The radiator in the kitchen is gone."],
    ["The house heats with an oil furnace.", "Shelley says the oil furnace is gone."],
    ["The house heats with an oil furnace.", "The oil furnace is gone for the weekend."],
    ["The house heats with an oil furnace.", "We sold the oil furnace."],
    ["The house heats with an oil furnace.", "The oil furnace broke."],
  ])("%j / %j: not gone", (older, newer) => {
    expect(gone(older, newer)).toBe(false);
  });
});
