/**
 * Every rule of the lexical judge with its examples: pairs it decides (and how) and pairs it
 * must leave to another rule. The first rule that decides gives the verdict, so a positive
 * example names the rule the judge reports; a negative example is a pair that rule must not decide.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { openWordNet } from "../../lexicon/wordnet.js";
import type { JudgeRelation } from "../ports.js";
import { isNegated, stem } from "../text.js";
import {
  analysisOf,
  distinctions,
  frontedEnd,
  negatedBareWords,
  negatedByWord,
  oppositeStates,
  slotsOf,
  subjectLeftOut,
} from "./analysis.js";
import { compareLexically, LEXICAL_RULES, loadTagger } from "./lexical-judge.js";
import { tag } from "./tagger.js";

beforeAll(() => loadTagger());

const at = "2026-01-01T00:00:00.000Z";
// The judge as the library makes it: with WordNet (open-memory.ts passes it; `opposite-values` reads it).
const wordnet = openWordNet();
const judge = (a: string, b: string) => compareLexically({ text: a, at }, { text: b, at }, wordnet);

type Example = readonly [older: string, newer: string];
interface RuleExamples {
  decides: readonly (readonly [older: string, newer: string, relation: JudgeRelation])[];
  leaves: readonly Example[];
}

const EXAMPLES: Record<string, RuleExamples> = {
  "no-shared-terms": {
    decides: [["The retry limit is 5", "Alice prefers tea", "distinct"]],
    leaves: [["The retry limit is 5", "The retry limit is 7"]],
  },
  question: {
    decides: [
      ["Retry limit is 5", "Is the retry limit 7?", "distinct"],
      ["Does the staging cluster have 3 nodes?", "Does the staging cluster have three nodes?", "duplicate"],
      // Asked back about a statement, the same words are a question, not a restatement (uncovered-words).
      ["The staging cluster has 3 nodes", "Is the staging cluster at 5 nodes?", "distinct"],
    ],
    leaves: [["Retry limit is 5", "Retry limit is 7."]],
  },
  hypothetical: {
    decides: [
      ["The database is Postgres", "Maybe we should switch the database to MySQL", "refines"],
      ["The database is Postgres", "If the database moved to MySQL, costs would drop", "refines"],
      ["Email is sent through SendGrid", "We could switch email delivery to Postmark", "refines"],
    ],
    leaves: [["The database is Postgres", "The database was switched to MySQL"]],
  },
  "negation-flipped": {
    decides: [
      ["Feature flags are enabled", "Feature flags are not enabled", "contradicts"],
      [
        "The beta program accepts new sign-ups",
        "The beta program no longer accepts new sign-ups",
        "contradicts",
      ],
    ],
    leaves: [
      ["Feature flags are enabled", "Feature flags are enabled for admins"],
      // Two outcomes: the negation is the newer's result, an outcome conflict (`unsure:other-outcome`).
      ["The fix works.", "The fix doesn't work."],
      ["The nightly build passes on Linux.", "The nightly build doesn't pass on Linux."],
    ],
  },
  "state-flipped": {
    decides: [
      ["Autosave is off for drafts.", "Autosave is on for drafts.", "supersedes"],
      ["Signups are open.", "Signups are closed.", "supersedes"],
      ["Guest checkout is allowed.", "Guest checkout is forbidden.", "supersedes"],
      ["Two-factor auth is required for admins.", "Two-factor auth is optional for admins.", "supersedes"],
      ["The office is closed on Fridays.", "The office is open on Fridays.", "supersedes"],
      ["Verbose logging: true", "Verbose logging: false", "supersedes"],
      // judge35: a participle or adjective and its "un-" form.
      ["The release notes are published.", "The release notes are unpublished.", "supersedes"],
      ["The kitchen door is locked at night.", "The kitchen door is unlocked at night.", "supersedes"],
      [
        "Alerts are muted for the staging cluster.",
        "Alerts are unmuted for the staging cluster.",
        "supersedes",
      ],
    ],
    leaves: [
      // judge35: "un-" that is no prefix, another word changed beside it, a noun.
      ["The unit is ready.", "The it is ready."],
      ["The release notes are published.", "The release notes are unpublished drafts for Ana."],
      ["Alerts are muted for staging.", "Alerts are unmuted for production."],
      ["The ticket is assigned to Ana.", "The ticket is unassigned."],
      // "on" before a noun is a place or a topic, not a state.
      ["Noor is on leave this week.", "Noor is on the interview panel next week."],
      ["The API runs on port 80", "The API runs on port 8080"],
      // Another subject with the other state is another fact.
      ["Autosave is off for drafts.", "Spellcheck is on for comments."],
      // A negation turns the state back: one claim said two ways.
      ["The store is closed on Mondays.", "On Mondays the store doesn't open."],
      ["The gate is open at night", "The gate is not closed at night"],
    ],
  },
  "same-content": {
    decides: [
      ["The retry limit is 5", "Retry limit is five", "duplicate"],
      ["We use Postgres for the main database", "We use Postgres for the main database.", "duplicate"],
    ],
    leaves: [
      ["Autosave is off for drafts.", "Autosave is on for drafts."],
      ["Max file size is 10 MB", "Max file size is 10 GB"],
    ],
  },
  "same-words-light-verb": {
    decides: [
      [
        "The port of the inventory service is 9443",
        "The inventory service listens on port 9443",
        "duplicate",
      ],
      ["Secrets are kept in HashiCorp Vault", "We keep secrets in HashiCorp Vault", "duplicate"],
      // A light verb's -ed form is the verb (stem's step 1b: "based" → "base", "located" → "locate").
      ["The user lives in Oslo.", "The user is based in Oslo.", "duplicate"],
      ["The staging server sits in Frankfurt", "The staging server is located in Frankfurt", "duplicate"],
    ],
    leaves: [
      ["The port of the inventory service is 9443", "The inventory service listens on port 9444"],
      ["The user lives in Oslo.", "The user is based in Bergen."],
    ],
  },
  "same-value-restated": {
    decides: [
      ["We run PostgreSQL 14.11 in production", "The PostgreSQL version in production is 14.11", "duplicate"],
      ["Kafka was upgraded to 3.6.2 in production", "The Kafka version in production is 3.6.2", "duplicate"],
      // A chat opener ("heads up:", "fyi") says nothing of the fact.
      [
        "heads up: the inventory-svc service moved to port 8443",
        "inventory-svc service port: 8443",
        "duplicate",
      ],
      ["btw we bumped Redis to 7.2.4 in production", "Production runs Redis 7.2.4", "duplicate"],
    ],
    leaves: [["The payments port changed from 3000 to 4000", "The auth port is 4000"]],
  },
  "unsure:intention": {
    decides: [
      [
        "I'm working on my business and some new dance routines",
        "Now, I'm aiming to turn my dancing passion into a business.",
        "refines",
      ],
      ["The office is in Manchester.", "We're hoping to move the office to Leeds now.", "refines"],
      ["I eat a lot of sugar.", "I'm trying to eat less sugar now.", "refines"],
      ["My phone is a Pixel 6.", "I want to switch my phone to an iPhone now.", "refines"],
      ["We host the site on Heroku.", "We're going to move the site to Fly now.", "refines"],
      // The speaker's contracted "will" plans; "would" (with a base form) wishes.
      [
        "I use LastPass for my passwords.",
        "I'll switch to Bitwarden for my passwords next month.",
        "refines",
      ],
      [
        "I use LastPass for my passwords.",
        "I'd switch to Bitwarden for my passwords if it were cheaper.",
        "refines",
      ],
    ],
    leaves: [
      // Said as done, or holding now: a change the other rules read.
      ["The office is in Manchester.", "We moved the office to Leeds now."],
      // An intention inside a subordinate clause: the main verb says the change happened.
      ["I live in Denver.", "I moved to Boston because I wanted to be near family."],
      // "went to see" did; "going to the gym" is a movement, not a plan.
      ["I see Dr. Patel for my knee.", "I went to see Dr. Okafor about my knee instead."],
      ["I go to the gym on Mondays.", "I'm going to the gym on Tuesdays now."],
      // Both intentions: a changed plan, left to the other rules.
      ["I'm hoping to move to Denver.", "I'm hoping to move to Boston now."],
      // "I'd" before a participle is "I had": done.
      ["I use LastPass for my passwords.", "I'd switched to Bitwarden for my passwords by then."],
    ],
  },
  "unsure:two-plans": {
    decides: [
      // crosscase34: fresh5's replies, two tasks of one assistant, closed each other by change-cue.
      [
        "I'll raise the flour quantity on the Monday reorder.",
        "I'll change the supplier on the packaging reorder.",
        "distinct",
      ],
      ["I'll update the chalkboard text and the post.", "I'll update the counter card text.", "distinct"],
      ["I'll add the booking link to the bio.", "I'll update the menu board and the post.", "distinct"],
      ["We'll repaint the fence this weekend.", "We'll move the shed to the back of the garden.", "distinct"],
      ["I'm going to email the landlord.", "I'm going to switch the gas supplier.", "distinct"],
    ],
    leaves: [
      // A plan taken back by a cue of replacement or correction, or by its negation.
      ["I'll take the 8:05 train.", "Actually I'll take the 9:10 train instead."],
      ["I'm hoping to move to Denver.", "I'm hoping to move to Boston now."],
      ["I'll stay with LastPass.", "I won't stay with LastPass."],
      ["I'll cook pasta tonight.", "I changed my mind, I'll cook curry tonight."],
      // The same plan with another number: re-timed.
      ["I'll take the 8:05 train.", "I'll take the 9:10 train."],
      // One side only is a plan: unsure:intention or the change rules read it.
      ["I use LastPass for my passwords.", "I'll switch to Bitwarden for my passwords next month."],
      ["I'll switch to Bitwarden next month.", "I switched to Bitwarden for my passwords."],
    ],
  },
  "unsure:narrated-event": {
    decides: [
      // closures26: chat-dev's gym-name update was closed by pronoun-sister's update (change-cue).
      [
        "My sister visited and we went to that new ramen place downtown, so good.",
        "My sister moved to Glasgow last month for a new hospital job.",
        "distinct",
      ],
      [
        "We tried the new Ethiopian restaurant on Friday.",
        "We moved the book club to Fridays now.",
        "distinct",
      ],
      [
        "Our team went to the climbing wall yesterday.",
        "The team now climbs at Boulder Barn on Mondays.",
        "distinct",
      ],
    ],
    leaves: [
      // A verb of beginning to hold, of change or of state, or a present: a value a newer one replaces.
      [
        "I bought a Chemex last week and I brew with it every morning now.",
        "I switched to a V60 for my coffee.",
      ],
      ["My gym is Planet Fitness.", "I switched my gym to Crunch."],
      ["I joined Planet Fitness in March.", "I switched my gym to Crunch."],
      ["We upgraded production to Node 22 on Tuesday.", "We upgraded production to Node 24."],
      ["My sister lived in Leeds.", "My sister moved to Glasgow."],
      ["I booked a table at Luigi's for the team dinner.", "We moved the team dinner to Friday."],
      ["The nightly backup timed out", "The nightly backup succeeded"],
    ],
  },
  "unsure:one-occasion": {
    decides: [
      // One day named by deixis, the older naming no day: an exception to a routine.
      ["standup is at 9:30", "standup is at 10 tomorrow only", "refines"],
      ["The gym opens at 6am.", "The gym opens at 9am today.", "refines"],
      ["i take the 7:15 train", "i took the 8:15 train today because i overslept", "refines"],
      // The older's predicate in the past: one past instance, or a past value.
      ["the kids go to bed at 8", "the kids went to bed at 10 last night, party", "refines"],
      ["the rent is 1200", "the rent was 1100 when we moved in", "refines"],
      ["The office is on 5th street.", "The office was on King St in 2019.", "refines"],
    ],
    leaves: [
      // An onset or an end makes the day a lasting change.
      ["standup is at 9:30", "standup is at 10 starting tomorrow"],
      ["The gym opens at 6am.", "As of today, the gym opens at 7am."],
      // A change announced, or the older taken back for good.
      ["my flight is at 7am", "flight got moved to 9:40am"],
      ["The log level is debug.", "The log level was dialled back to warn."],
      ["The logo is blue.", "The logo was redesigned in green."],
      ["The rent is 1200.", "The rent was 1200, it is 1350 now."],
      ["I take the 7:15 train.", "I used to take the 7:15 train."],
      // The older names the day: one event, which a deictic day may re-time.
      ["the plumber is coming on monday", "the plumber is coming tomorrow"],
      // The same value on the day, or both in the past.
      ["The gym opens at 6am.", "The gym opens at 6am today too."],
      ["I went to Leeds.", "I went to York yesterday."],
      // Another predicate: not the older's statement told of one occasion.
      ["my phone is a pixel 6", "upgraded to a pixel 8 yesterday"],
    ],
  },
  "unsure:older-goes-on": {
    decides: [
      // retire34 found change-cue closing the older on this newer with confidence.
      ["Tony cuts my hair", "Tony retired, but he still cuts my hair on Saturdays", "refines"],
      ["I walk the dog every morning", "I moved to Leeds but I still walk the dog every morning", "refines"],
      ["I don't eat meat", "I moved to Lyon and I still don't eat meat", "refines"],
      ["We deploy on Fridays", "We switched CI providers, but we continue to deploy on Fridays", "refines"],
      ["I use Vim", "I switched to VS Code, though I still use Vim for quick edits", "refines"],
    ],
    leaves: [
      // The clause led by "still" says another time: the routine changed.
      ["I walk the dog every morning", "I still walk the dog, but in the evenings now"],
      // Its negation flipped.
      ["I eat meat", "I still don't eat meat"],
      // The older's words outside the clause are more than its subject.
      ["I walk the dog every morning", "I walk the cat every evening, and I still love mornings"],
      // No "still": the other rules read it.
      ["Tony cuts my hair", "Tony retired last month"],
      // Another subject said in the clause.
      ["My sister lives in Leeds", "My brother still lives in Leeds"],
    ],
  },
  "holder-changed": {
    decides: [
      ["checkout-svc is owned by Ravi.", "checkout-svc is owned by Mei.", "supersedes"],
      ["Kenji owns the auth service", "Ownership of the auth service passed to Leila", "supersedes"],
      [
        "Dana runs the billing on-call rotation.",
        "Mei took over the billing on-call rotation.",
        "supersedes",
      ],
      ["The payments-api lead is Omar.", "Omar handed the payments-api over to Lena.", "supersedes"],
    ],
    leaves: [
      ["Kenji owns the auth service", "Leila owns the notification service"],
      ["Kenji owns the auth service", "The auth service is also owned by Leila"],
      // A date is not a holder.
      ["Kenji owns the auth service", "The auth service's owner is Kenji, since March"],
    ],
  },
  "holder-named": {
    decides: [
      ["Ravi is the release manager.", "Mei is the release manager.", "supersedes"],
      ["The office manager is Dana.", "Priya is the office manager now.", "supersedes"],
      ["Tomas is the head chef.", "Starting Monday, Lucia is the head chef.", "supersedes"],
    ],
    leaves: [
      // A role with "a" or "my" is one of many; more after the role, "also", or the same holder.
      ["Ravi is the release manager.", "Mei is a release manager."],
      ["Ana is my friend.", "Mia is my friend."],
      ["Ana is the contact for billing.", "Bob is the contact for search."],
      ["Ravi is the release manager.", "Mei is also the release manager."],
      ["Ravi is the release manager.", "Ravi is the release manager now."],
      ["Ana is the tallest.", "Mia is the tallest."],
    ],
  },
  "same-holder": {
    decides: [["Kenji leads the auth service", "The auth service is led by Kenji these days", "duplicate"]],
    leaves: [["Kenji owns the auth service", "The auth service is owned by Leila"]],
  },
  "role-target-differs": {
    decides: [["Kenji owns the auth service", "Leila owns the notification service", "distinct"]],
    leaves: [["Kenji owns the auth service", "Leila owns the auth service"]],
  },
  "role-holder-added": {
    decides: [["Kenji owns the auth service", "The auth service is also owned by Leila", "refines"]],
    leaves: [["Kenji owns the auth service", "Leila owns the auth service"]],
  },
  "event-to-value": {
    decides: [
      ["i'm a junior designer", "got promoted to senior designer", "supersedes"],
      ["my phone is a pixel 6", "upgraded to a pixel 8 yesterday", "supersedes"],
      ["im on the basic plan", "upgraded to the premium plan", "supersedes"],
      ["We're on the free tier.", "We downgraded to the starter tier last month.", "supersedes"],
    ],
    leaves: [
      // Another holder, or a person of the speaker's: whose promotion is not the speaker's.
      ["i'm a junior designer", "my sister got promoted to senior designer"],
      ["my daughter is a junior nurse", "got promoted to senior nurse"],
      // A plan, not an event.
      ["i'm a junior designer", "hoping to get promoted to senior designer"],
      // Another head: a nurse promoted to ward manager may be a nurse still.
      ["i'm a nurse", "got promoted to ward manager"],
      // The same value, and a value with more after it.
      ["im on the premium plan", "upgraded to the premium plan"],
      ["i'm a junior designer", "got promoted to senior designer and moved to the london office"],
    ],
  },
  "unsure:other-thing-changed": {
    decides: [
      [
        "Tess changed her mind, the outside will be cream with white trim.",
        "Tess changed endocrinologist, she sees Dr. Chiongbian now.",
        "distinct",
      ],
      [
        "Noor changed her mind, the kitchen will be sage green",
        "Noor changed hairdresser, she goes to Bianca now",
        "distinct",
      ],
      ["Mum decided the hall will be yellow", "Mum changed optician, she sees Mr Price now", "distinct"],
      ["Tom coaches the under-10s on saturdays", "Tom changed banks, he's with nationwide now", "distinct"],
      // A thing a determiner or a possessive opens (judge44; its filler olders are `unsure:says-nothing`'s now).
      ["the new café does good coffee", "The new manager changed the rota, I'm on earlies now.", "distinct"],
      ["I got a new mug from the market", "The new messman dropped a tray of plates.", "distinct"],
    ],
    leaves: [
      // The older names the thing, or a noun WordNet relates to it ("Dr." / "cardiologist").
      ["the kids swim at the otters club", "we changed clubs, the kids swim at the sharks club now"],
      ["Gran sees Dr. Ruiz for her heart.", "Gran changed cardiologist, she sees Dr. Amin now."],
      // The newer says the older's own verb with the new value.
      ["I work at Deloitte.", "I changed jobs, I work at KPMG now."],
      // A change of mind or plan names no thing; a thing a determiner opens is `change-cue`'s to weigh.
      ["we fly to lisbon", "changed plans, we take the train to lisbon now"],
      // The older names the thing a determiner opens.
      ["Alerts go to the #ops channel.", "We changed the alert channel to #sre-alerts."],
      ["My phone is a Pixel 6.", "I upgraded my phone to an iPhone 15."],
      // Another thing changed, but a clause of its own changes the older's number (`change-in-one-clause`).
      ["my commute is 40 minutes", "we moved the office, my commute is 25 minutes now"],
    ],
  },
  "unsure:other-owner": {
    decides: [
      ["Dad's appointment is at 3", "my appointment is at 4 now, dad's is the same", "distinct"],
      ["Mum's car is a Fiesta", "our car is a Golf now", "distinct"],
      ["Dad's phone is a Pixel 6", "I upgraded my phone to an iPhone 15", "distinct"],
      ["my dentist is Dr Shah", "Ellie's dentist is Dr Moss now", "distinct"],
      // another person's thing, then the thing with "the" and no owner (judge49, `ownerLeftOut`);
      // the rent was `different-entity`'s before, confidently distinct.
      ["my brother's car is a Fiesta", "the car is a Golf now", "distinct"],
      ["My brother's rent is 950 a month.", "The landlord raised the rent to 1,050.", "distinct"],
      // A third person's "her"/"his"/"their" is never the speaker's (judge52: `change-cue` closed them).
      ["my rent is 900 a month", "her rent is going up to 950", "distinct"],
      ["our car is a Fiesta", "their car is a Golf now", "distinct"],
    ],
    leaves: [
      // A pronoun may stand for the older's owner; the same owner; an owned value; two named owners.
      ["Dad's appointment is at 3", "his appointment is at 4 now"],
      ["Dad's appointment is at 3", "my dad's appointment is at 4 now"],
      ["i drive dad's car to work", "i drive mum's car to work now"],
      ["Alice's timezone is UTC", "Bob's timezone is PST"],
      // the speaker's own thing, then "the": one thing
      ["my car is a Fiesta", "the car is a Golf now"],
      ["my brother's car is a Fiesta", "his car is a Golf now"],
      ["my daughter's school is St Mary's", "her school is Oakfield now"],
    ],
  },
  "unsure:change-without-value": {
    decides: [
      // judge49's fresh23 leads: two cross-case closures by `change-cue` (judge50).
      [
        "I've changed the date of your appointment.",
        "I've updated the lambing date for Elin's farm.",
        "refines",
      ],
      ["Elin sells her lambs at Bryncir mart.", "I've updated the lambing date for Elin's farm.", "distinct"],
      ["The vet comes on Tuesdays.", "Dad moved the vet's visit again", "distinct"],
      ["The choir trip is to Llandudno.", "The choir trip has changed.", "refines"],
    ],
    leaves: [
      // a value said, a verb that ends the thing, a second clause with the value
      ["The appointment is on Thursday.", "I've moved the appointment to Friday."],
      ["I drive a Fiesta", "I swapped my Fiesta for a Golf"],
      ["I go to the gym on Mondays", "I dropped the gym"],
      ["The choir trip is to Llandudno.", "the trip has changed again, it is Chester now"],
    ],
  },
  "unsure:says-nothing": {
    decides: [
      // fresh15's filler turn (judge44's dev closures), and my own sentences.
      [
        "Nothing new, just tired. Ingat po.",
        "The new master changed the routine, breakfast at 0630 now",
        "distinct",
      ],
      [
        "Nothing new, just tired. Ingat po.",
        "the new CBA took effect this month, my basic is now $1,510",
        "distinct",
      ],
      ["Not much new this week, bit of a cold.", "The new landlord put the rent up to 950 now", "distinct"],
      ["my gym is the one on Mill Street", "Nothing new, gym as usual.", "distinct"],
      // A filler of no news (judge46).
      ["my gym is the one on Mill Street", "all good here, gym as usual", "distinct"],
      ["the café on Park Road does good coffee", "Same as ever, café as usual.", "distinct"],
      // An acknowledgement that names what it acknowledges, or an embedded question (judge46; fresh20 dev).
      ["Bea's school fees are 4,200 a term", "Noted the new fees for this term.", "distinct"],
      ["my address is 4 Elm Road", "thanks for the new address", "distinct"],
      ["Front desk news:", "I've noted who's at the front desk now.", "distinct"],
      ["the school crossing guard is Mrs Pillay", "I've noted who's on the crossing now.", "distinct"],
    ],
    leaves: [
      // A value after the acknowledgement or the filler, or a clause of its own (judge46).
      ["the piano lesson is at 4pm", "ok got it, the piano lesson is at 5pm now"],
      ["the rent is 900", "All good, rent is 950 now"],
      ["I eat meat", "Thanks, I'm vegetarian now"],
      ["the team is five people", "Everything is fine, the team is six people now"],
      ["the front desk is Thandi on weekdays", "I've noted that Sipho is at the front desk now."],
      // A value after the negative clause, a clause of its own, or the negative word inside a statement.
      ["the rent is 900", "Nothing new, but the rent is 950 now"],
      ["Nothing new, the rent is 900", "the rent is 950 now"],
      ["nobody lives in the flat upstairs", "a couple moved into the flat upstairs now"],
      ["the boiler makes a noise at night", "the boiler makes nothing but noise now"],
    ],
  },
  "unsure:generic-statement": {
    decides: [
      [
        "litter for the cat: the clay one, cheap from Lidl",
        "Cats often accept a new litter after a day or two.",
        "distinct",
      ],
      ["Mia wears a size 11 shoe", "Kids often need a new shoe size every six months.", "distinct"],
      ["we bank with Chase", "People tend to switch banks after a move.", "distinct"],
    ],
    leaves: [
      // "now" ties it to the speaker's present; the older is about the kind; a determiner or possessive.
      ["the kids go to bed at 8", "kids usually go to bed at 7:30 now"],
      ["trains run every 15 minutes", "trains usually run every 10 minutes"],
      ["my cats eat at 6", "my cats usually eat at 7"],
      ["the kids go to bed at 8", "The kids usually go to bed at 7:30."],
    ],
  },
  "taken-over": {
    decides: [
      ["Kim runs the support desk.", "Lars took over the support desk.", "supersedes"],
      ["Kim manages the night shift", "Lars took over the night shift from Kim", "supersedes"],
      ["Kim runs the support desk.", "Lars took over the support desk last week.", "supersedes"],
    ],
    leaves: [
      // For a while: the older's holder comes back.
      ["Kim runs the support desk.", "Lars took over the support desk for the week."],
      ["Kim runs the support desk.", "Lars took over the support desk while Kim is away."],
      // From another holder, another thing, or a verb that holds nothing.
      ["Kim manages the night shift", "Lars took over the night shift from Ana"],
      ["Kim runs the support desk.", "Lars took over the night shift."],
      ["Kim likes the support desk.", "Lars took over the support desk."],
      // An addition.
      ["Kim runs the support desk.", "Lars also took over the support desk."],
    ],
  },
  renamed: {
    decides: [
      ["The Slack channel for releases is #ship-it", "#ship-it was renamed to #releases", "supersedes"],
    ],
    leaves: [["The payments-api lead is Omar.", "Omar handed the payments-api over to Lena."]],
  },
  "unsure:changed-circumstance": {
    decides: [
      ["I bought a standing desk for the office.", "We moved the office to Leeds.", "distinct"],
      ["I finally got a standing desk for the office.", "We finally moved the office to Leeds.", "distinct"],
      ["I bought new running shoes for the marathon.", "They moved the marathon to October.", "distinct"],
      ["I booked a table at Luigi's for the team dinner.", "We moved the team dinner to Friday.", "distinct"],
    ],
    leaves: [
      // What moved is the older's subject or what its verb takes: its value may have changed.
      ["The office is in Manchester.", "We moved the office to Leeds."],
      ["I keep my bike in the garage.", "I moved my bike to the hallway."],
      ["The marathon is in September.", "They moved the marathon to October."],
      ["Standup is on Mondays at 9.", "We moved standup to Thursdays."],
      // The newer's value names the older's central noun: the plan is what changed.
      ["We're on the Pro plan for Figma.", "We downgraded Figma to the starter plan."],
    ],
  },
  "changed-from-old-value": {
    decides: [
      ["Tests run with Jest", "The test suite was ported from Jest to Vitest", "supersedes"],
      // The opener of the older chat turn is not a word the newer must repeat.
      [
        "fyi the payments-api service runs in ap-southeast-2 now",
        "The payments-api service region changed from ap-southeast-2 to us-east-1",
        "supersedes",
      ],
    ],
    leaves: [
      // Another service's port changed from the same number (the tagger reads "notify-worker" as a verb).
      [
        "The notify-worker service listens on port 9443",
        "The payments-api service port changed from 9443 to 5000",
      ],
      ["The team uses Slack for incidents", "The team moved from Slack to Teams for chat"],
      ["Office hours are 9 to 5", "Office hours are from 9 to 5 on weekdays"],
    ],
  },
  "changed-to-value": {
    decides: [
      // The value after "to" holds now, whatever the older statement's own wording.
      [
        "Python in production was bumped from 3.10 to 3.11",
        "btw we bumped Python to 3.12 in production",
        "supersedes",
      ],
      ["Python in production was bumped from 3.10 to 3.11", "Production runs Python 3.12", "supersedes"],
      // A revert makes the old value current again.
      [
        "Python in production was bumped from 3.10 to 3.11",
        "Python in production was rolled back to 3.10",
        "supersedes",
      ],
      ["Node.js in production is 20.11", "We rolled Node.js in production back to 18.19", "supersedes"],
      ["Production runs Python 3.11", "Python in production was reverted to 3.10", "supersedes"],
      // An arrow, and verbs of change with "to".
      ["The log level is debug", "log level: debug → warn", "supersedes"],
      ["The log level is debug.", "The log level was dialled back to warn.", "supersedes"],
      ["The kickoff is on the 12th.", "The kickoff slipped to the 19th.", "supersedes"],
      ["The release is planned for Thursday.", "The release was pushed to Friday.", "supersedes"],
      ["The retry limit is 5.", "The retry limit was cut down to 3.", "supersedes"],
      // The value the change produced, said as a state: a restatement.
      ["The log level was dialled back to warn.", "The log level is warn", "duplicate"],
    ],
    leaves: [
      // Decided earlier, by the same value restated (a chat opener says nothing).
      ["btw we bumped Redis to 7.2.4 in production", "Production runs Redis 7.2.4"],
      // Decided earlier, by the same value restated.
      ["Python in production was bumped from 3.10 to 3.11", "Production runs Python 3.11"],
      // The same value with a different old one: each says something the other does not.
      ["Redis 6.2 became 7.2.4 in production", "We bumped Redis from 6.0 to 7.2.4 in production"],
      // Another attribute: a port against a region; a number against a place.
      ["The auth-gw service runs on port 6060", "The auth-gw service was moved to eu-central-1"],
      ["Python in production runs on the old cluster", "We bumped Python in production to 3.12"],
      // A verb that is not a linking one holds many values.
      ["Sam likes the platform team", "Sam moved to the data team"],
      // A proposal or a question changes nothing.
      ["Maybe we should upgrade Python to 3.10 next month", "Production runs Python 3.12"],
      // The other statement does not name what changed.
      ["The retro is on Fridays", "The standup was moved to Thursdays"],
    ],
  },
  "sole-value-retired": {
    decides: [
      // The one value of a slot of the speaker's, ended by name for good: the newer replaces the older.
      ["My main hobby is rock climbing.", "I gave up climbing and took up pottery.", "supersedes"],
      ["I use Firefox.", "ditched firefox last week, all chrome now", "supersedes"],
      ["My manager is Priya.", "Priya left last week, my manager is Tom now", "supersedes"],
      ["I drive a Subaru Outback.", "We traded in the Subaru for a Kia EV6.", "supersedes"],
      ["I use Sublime Text for notes.", "I switched from Sublime to Neovim.", "supersedes"],
      // An end with a time phrase after a gerund (`timePhraseAt`): the gerund is what ended.
      ["My main hobby is rock climbing.", "I gave up climbing last year.", "supersedes"],
      ["My main hobby is rock climbing.", "I quit climbing two years ago, pottery now.", "supersedes"],
      // The one place a habit of the speaker's is done at, closed for good (`soleVenueOf`, `closedForGood`).
      ["I get my hair cut at Tony's.", "Tony's closed down, I go to Sharp Cuts now.", "supersedes"],
      ["We order pizza from Luigi's on Fridays.", "Luigi's closed for good.", "supersedes"],
      [
        "I buy my bread at the bakery on Birch Street.",
        "The bakery on Birch Street closed last spring.",
        "supersedes",
      ],
      // A role named with "the", held now by one named person, who is gone (`soleValueOf`).
      [
        "The night manager at the depot is Carl Hughes.",
        "Carl's gone from the depot, Dee runs nights now.",
        "supersedes",
      ],
      ["The head coach is Maria Lopez.", "Maria Lopez retired last year.", "supersedes"],
      // The one doer of a habit done on a thing of the speaker's, retired or dead (`doingOf`, `doerGoneForGood`).
      ["Tony cuts my hair.", "Tony retired last month.", "supersedes"],
      ["Patti does my taxes.", "Patti retired in June.", "supersedes"],
      ["Marta does our books and the payroll.", "Marta retired in June, we use an agency now.", "supersedes"],
      ["Tony cuts my hair.", "Tony died in March.", "supersedes"],
      [
        "Jen cleans our house every other Friday.",
        "Jen retired last spring, we do it ourselves now.",
        "supersedes",
      ],
      // The one object of a thing named with no holder, gone (`soleObjectOf`, `objectGoneForGood`).
      [
        "The house heats with an oil furnace.",
        "The oil furnace is gone, we have a heat pump now.",
        "supersedes",
      ],
      ["The flat has a gas boiler.", "The gas boiler is gone, we have a heat pump now.", "supersedes"],
      // A pause or a report in another person's clause of its own, not the end's (`lastingEnd`).
      [
        "The house heats with an oil furnace.",
        "Shelley got a heat pump put in while I was away, the oil furnace is gone.",
        "supersedes",
      ],
      [
        "My main hobby is rock climbing.",
        "Dana went to Spain for a while, I gave up climbing.",
        "supersedes",
      ],
      ["My manager is Priya.", "Priya left last week, Dana says the new one starts Monday.", "supersedes"],
    ],
    leaves: [
      // A doer: a relation, a lift given to the speaker, an end to come, another end, a report, a
      // habit that goes on, a list of doers, an addition, another's thing, an event, a move.
      ["Tony calls my mum every Sunday.", "Tony retired last month."],
      ["Tony likes my cooking.", "Tony retired last month."],
      ["Tony drives me to work.", "Tony retired last month."],
      ["Tony cuts my hair.", "Tony's retiring at the end of the year."],
      ["Tony cuts my hair.", "Tony retired from the fire service last year."],
      ["Tony cuts my hair.", "Dana says Tony retired."],
      ["Tony cuts my hair.", "Tony retired but still does a few regulars."],
      ["Tony and Sal cut my hair.", "Tony retired last month."],
      ["Tony also cuts my hair.", "Tony retired last month."],
      ["Tony cuts Dana's hair.", "Tony retired last month."],
      ["Tony cut my hair.", "Tony retired last month."],
      ["Tony cuts my hair.", "Tony moved away last month."],
      // An object with no holder: a mass that runs out, another of its kind, one room of several,
      // another's, a past fact, a list, a report, the speaker's act on it, an end not read.
      ["The generator runs on propane.", "The propane is gone."],
      ["The house heats with an oil furnace.", "The oil furnace at the cabin is gone."],
      ["The bedrooms heat with radiators.", "The radiator in the kitchen is gone."],
      ["Dana's house heats with an oil furnace.", "The oil furnace is gone."],
      ["The house heated with an oil furnace.", "The oil furnace is gone."],
      ["The house heats with an oil furnace and a wood stove.", "The oil furnace is gone."],
      ["The house heats with an oil furnace.", "Shelley says the oil furnace is gone."],
      ["The house heats with an oil furnace.", "The oil furnace is gone, she says."],
      ["The house heats with an oil furnace.", "We sold the oil furnace."],
      ["The house heats with an oil furnace.", "We had the oil furnace taken out for good."],
      // A mark in another clause that may still govern the end: after it, the speaker's, a return.
      ["My main hobby is rock climbing.", "I gave up climbing, Dana is off until spring too."],
      [
        "My main hobby is rock climbing.",
        "I gave up climbing, my physio wants me off the wall until spring.",
      ],
      ["My main hobby is rock climbing.", "I've stopped climbing, Dana reckons I'll be back next spring."],
      // A role: held once (a past fact stays), another's, a list of holders, not "the" one.
      ["The head coach was Maria Lopez.", "Maria Lopez retired last year."],
      ["Dana's head coach is Maria Lopez.", "Maria Lopez retired last year."],
      ["The coaches are Maria Lopez and Tom Reid.", "Maria Lopez retired last year."],
      ["A good plumber is Stan Mazur.", "Stan retired last year."],
      ["The night manager at the depot is Carl Hughes.", "Carl's gone for the weekend."],
      // A pause for a stretch of time, not a time the end came.
      ["My main hobby is rock climbing.", "I gave up climbing for a year."],
      // A place: a list of them, another's, closed for a while or perhaps for a while, another of its kind, a report.
      ["I buy bread at the bakery and the market.", "The bakery closed down."],
      ["My sister gets her hair cut at Tony's.", "Tony's closed down."],
      ["I swim at the leisure centre.", "The leisure centre closed for refurbishment."],
      ["I get my hair cut at Tony's.", "Tony's closed early today."],
      ["I work out at Iron Temple.", "Iron Temple shut down over Christmas."],
      ["I swim at the leisure centre.", "The leisure centre has closed for refurbishment."],
      ["I buy my bread at the bakery on Birch Street.", "The bakery closed."],
      ["I buy my bread at the bakery on Birch Street.", "The Elm Road bakery closed down."],
      ["I get my hair cut at Tony's.", "I heard Tony's closed down."],
      ["I get my hair cut at Tony's.", "Tony's is closing down next month."],
      // A value among several: a list, an addition, a number of them.
      ["I play guitar and piano.", "I sold the piano."],
      ["I also play the cello.", "I sold my cello."],
      ["I have two bikes.", "I sold the bike."],
      // Another's value, or no one's: the older's holder is not the speaker.
      ["My sister plays the cello.", "I sold the cello."],
      ["My sister's car is a Golf.", "I sold the Golf."],
      // A circumstance of the older, not its value (after a preposition).
      ["I get my hair cut at Tony's.", "Tony retired so I go to Sharp Lines now."],
      ["I commute by bike.", "I sold my bike."],
      // A part of what the older holds.
      ["I own a road bike.", "I sold a bike last month."],
      ["I ride my bike to work.", "I sold one of my two bikes."],
      // Another's end, another's "instead of".
      ["My main hobby is rock climbing.", "Dana quit climbing after her fall."],
      ["I cycle to work.", "My flatmate takes the bus instead of cycling."],
      // Reported by another, not the speaker's own account.
      ["My manager is Priya.", "Dana says Priya left."],
      ["My manager is Priya.", "I heard Priya left."],
      // A pause, or an end still to come.
      ["My main hobby is rock climbing.", "I've stopped climbing while my wrist heals."],
      ["My main hobby is rock climbing.", "I've given up climbing until my shoulder heals."],
      ["My main hobby is rock climbing.", "I'm off climbing while my wrist heals."],
      ["My manager is Priya.", "Priya's leaving next month."],
      ["I use Firefox.", "Ditching Firefox soon, it's too slow."],
      ["My main hobby is rock climbing.", "I'm going to quit climbing."],
    ],
  },
  "unsure:value-retired": {
    decides: [
      ["I get my hair cut at Tony's.", "Tony retired so I go to Sharp Lines now.", "refines"],
      // What `sole-value-retired` leaves: a value among several, another's, a part, a report, a pause, an end to come.
      ["I play guitar and piano.", "I sold the piano.", "refines"],
      ["I also play the cello.", "I sold my cello.", "refines"],
      ["I have two bikes.", "I sold the bike.", "refines"],
      ["My sister plays the cello.", "I sold the cello.", "refines"],
      ["My sister's car is a Golf.", "I sold the Golf.", "refines"],
      ["I commute by bike.", "I sold my bike.", "refines"],
      ["I own a road bike.", "I sold a bike last month.", "refines"],
      ["My manager is Priya.", "Dana says Priya left.", "refines"],
      // What retire34's readings leave: a pause after the end, a relation, an object of several.
      ["My main hobby is rock climbing.", "I gave up climbing, Dana is off until spring too.", "refines"],
      ["Tony calls my mum every Sunday.", "Tony retired last month.", "refines"],
      ["The bedrooms heat with radiators.", "The radiator in the kitchen is gone.", "refines"],
      ["The house heats with an oil furnace.", "Shelley says the oil furnace is gone.", "refines"],
      ["My manager is Priya.", "I heard Priya left.", "refines"],
      ["My main hobby is rock climbing.", "I've stopped climbing while my wrist heals.", "refines"],
      ["My main hobby is rock climbing.", "I've given up climbing until my shoulder heals.", "refines"],
      ["My manager is Priya.", "Priya's leaving next month.", "refines"],
      ["I use Firefox.", "Ditching Firefox soon, it's too slow.", "refines"],
    ],
    leaves: [
      // Another person's, a plan, another thing ended, a movement: no value of the older's ends.
      ["My main hobby is rock climbing.", "Dana quit climbing after her fall."],
      ["My main hobby is rock climbing.", "I'll never quit climbing, it keeps me sane."],
      ["I play a Fender Stratocaster.", "I sold the amp and kept the Strat."],
      ["I walk Biscuit with Dana on Sundays.", "Dana's gone to Halifax for the weekend."],
      // A change the rules before read as one: theirs, confident.
      ["The office is in Leeds.", "We moved the office from Leeds to York."],
      // The one value of the speaker's, ended for good: `sole-value-retired`, confident.
      ["My main hobby is rock climbing.", "I gave up climbing and took up pottery."],
      ["I use Firefox.", "ditched firefox last week, all chrome now"],
      ["Tony cuts my hair.", "Tony retired last month."],
      [
        "The house heats with an oil furnace.",
        "Shelley got a heat pump put in while I was away, the oil furnace is gone.",
      ],
    ],
  },
  "different-entity": {
    decides: [
      ["Alice's timezone is UTC", "Bob's timezone is PST", "distinct"],
      // The same unit, but another thing counted: another modifier, another name joined on.
      [
        "The staging cluster runs 3 worker nodes.",
        "The production cluster runs 12 worker nodes.",
        "distinct",
      ],
      ["api-gateway runs Node 18.", "api-gateway-canary runs Node 20.", "distinct"],
      // The object of the change is not the older's subject: another thing moved, another holder's rent.
      ["The office is in Leeds.", "The team moved the office party to York.", "distinct"],
      ["Rent is 950 a month.", "The landlord mentioned the rent again, 1,050.", "distinct"],
      // The older read with another verb than a copula ("retry", "listening") has its subject cut
      // short of its attribute: moving the thing is no new retry limit or port.
      [
        "The billing worker retry limit is 9.",
        "The platform team moved the billing worker to Redis 7.",
        "distinct",
      ],
      [
        "The search sidecar listening port is 6100.",
        "Decided to move the search sidecar to MySQL 8.",
        "distinct",
      ],
    ],
    leaves: [
      ["Alice's timezone is UTC", "Alice's timezone is PST"],
      // Who changed it is not what changed: the object of the verb of change is the older's subject.
      ["Rent is 950 a month.", "The landlord raised the rent to 1,050."],
      ["The design studio is in Leeds.", "The founders moved the design studio to York."],
      // A fronted adverbial holds no subject.
      ["Alerts go to the #ops channel.", "After the reorg, alerts go to #oncall."],
      // Another measure of the same thing: an opening clause is no other subject.
      ["The boiler pressure sits at 1.5 bar.", "After the plumber came the boiler pressure is at 1.2 bar."],
      [
        "Our billing database is MySQL 5.7 on a VM.",
        "After we upgraded billing to MySQL 8, two reports broke.",
      ],
    ],
  },
  "different-subject": {
    decides: [["Alice prefers tea", "Bob prefers tea", "refines"]],
    leaves: [
      ["Alice prefers tea", "Alice prefers green tea"],
      ["Our rent is 950 a month.", "our landlord bumped the rent to 1050"],
      // Another measure of the same thing (the opening clause's subject shares no word).
      ["The boiler pressure sits at 1.5 bar.", "After the plumber came the boiler pressure is at 1.2 bar."],
    ],
  },
  "different-attribute": {
    decides: [
      ["The auth service is deployed in eu-west-1", "The auth service is now owned by Ravi", "refines"],
      ["Acme is an organization", "Acme is based in Berlin", "refines"],
      ["The deploy job runs on Fridays", "The deploy job uses Docker", "refines"],
      ["The user likes jazz.", "The user enjoys jazz.", "refines"],
      // An outcome against a value, whatever the cue ("now").
      ["Deploys happen on Thursdays", "The deploy now fails on the migration lock", "distinct"],
      // `OUTCOME_IS_ANOTHER_FACT`: a failure condition is no refinement of a requirement (README; refines on main).
      ["Deploys need two approvals", "Deploys fail when the migration lock times out", "distinct"],
      // The same unit, but another holder, another verb, or a number that names which thing.
      ["I take 500 mg of magnesium every night.", "My son now takes 200 mg of magnesium.", "refines"],
      ["I take 500 mg of magnesium every night.", "My son started taking 200 mg of magnesium.", "refines"],
      ["I run 5 miles on Saturdays.", "I walked 3 miles to the station.", "refines"],
      ["The 2022 budget was 3 million.", "The 2023 budget was 3 million.", "refines"],
      ["Invoice #1207 is paid.", "Invoice #1208 is paid.", "refines"],
    ],
    leaves: [
      ["The auth service is deployed in eu-west-1", "The auth service was moved to eu-central-1"],
      // Another measure of the same thing, whatever opens the newer or whoever reported it.
      [
        "We keep the greenhouse at 24 degrees.",
        "With seedlings in the trays the greenhouse sits at 26 degrees.",
      ],
      ["The retro lasts 45 minutes.", "With the new team in the room the retro lasts 60 minutes."],
      // The subject of the main clause, not the opening phrase's words.
      ["The API gateway runs on NGINX.", "Since March, the API gateway runs on Caddy."],
      ["My sister lives in Leeds.", "Since the wedding my sister lives in York."],
      ["Standup is at 9:30.", "On Fridays, standup is at 10:00."],
      [
        "I take 500 mg of magnesium every night.",
        "The GP said my levels were low, so I'm taking 800 mg of magnesium now.",
      ],
    ],
  },
  "unsure:other-occasion": {
    decides: [
      // closures26: chat-dev's podcast first mention was closed by the audiobooks case's (single-valued).
      [
        "I listen to Radiolab on my morning walk.",
        "I listen to audiobooks on Audible during my commute.",
        "refines",
      ],
      ["I drink green tea at my desk.", "I drink a flat white on my lunch break.", "refines"],
    ],
    leaves: [
      // The same occasion with another value, or the same value on another occasion: one routine changed.
      ["I listen to Radiolab on my morning walk.", "I listen to Serial on my morning walk now."],
      ["I keep my bike in my garage.", "I keep my bike in my hallway now."],
      // An occasion on one side only.
      ["I track my workouts with a Fitbit Charge on my wrist.", "I replaced the Fitbit with a Garmin Venu."],
      // An "occasion" the other statement names as its topic: "for my audiobooks" is what it is for.
      [
        "I listen to audiobooks on Audible during my commute.",
        "I've switched to Libby for my audiobooks, I get them free through the library.",
      ],
    ],
  },
  "unsure:scope-one-side": {
    decides: [
      [
        "The rate limit is 100 requests per minute.",
        "For paid accounts, the rate limit is 500 requests per minute.",
        "refines",
      ],
      ["Standup is at 9:30.", "On Fridays, standup is at 10:00.", "refines"],
      // judge35: a recurring day on one side only, wherever it stands, when the other names no day.
      ["The gym opens at 6am.", "The gym opens at 8am on weekends.", "refines"],
      ["The pool opens at 7.", "The pool opens at 9 every Sunday.", "refines"],
      ["The library opens at 9 on Saturdays.", "The library opens at 10 now.", "refines"],
    ],
    leaves: [
      // An opening of when or why is no scope; the same scope on both sides is none either.
      [
        "The rate limit is 100 requests per minute.",
        "Since the upgrade, the rate limit is 500 requests per minute.",
      ],
      ["On Fridays, standup is at 9:30.", "On Fridays, standup is at 10:00 now."],
      // judge35: a day on both sides, a single day, or no day at all is no recurring scope.
      ["We deploy on Fridays.", "We deploy on Thursdays now."],
      ["The release is on Friday.", "The release is on Monday now."],
      ["The gym opens at 6am.", "The gym opens at 7am now."],
    ],
  },
  "unsure:other-outcome": {
    decides: [
      ["The migration worked", "The migration broke", "refines"],
      ["Deploying with blue-green switch worked", "Deploying with blue-green switch failed", "refines"],
      // A negated outcome is a result, not a contradiction (`negation-flipped` leaves it).
      ["The fix works.", "The fix doesn't work.", "refines"],
      ["The nightly build passes on Linux.", "The nightly build doesn't pass on Linux.", "refines"],
    ],
    leaves: [
      // The same result; another subject's; a fail-over is a change.
      ["The deploy didn't work", "The deploy failed"],
      ["The billing export worked", "The search reindex failed"],
      ["Primary cluster is us-east-1", "Primary cluster failed over to us-west-2"],
    ],
  },
  "same-slots": {
    decides: [["The database is Postgres", "The database became Postgres", "duplicate"]],
    leaves: [
      ["The team uses Postgres", "The team uses MySQL"],
      // An outcome's negation is its result: the same result, not a contradiction.
      ["The deploy didn't work", "The deploy failed"],
    ],
  },
  "additive-detail": {
    decides: [["The API uses REST", "The API also uses GraphQL", "refines"]],
    leaves: [["The API uses REST", "The API now uses GraphQL"]],
  },
  "value-subset": {
    decides: [["The user is based in Vancouver, Canada", "The user is based in Vancouver", "duplicate"]],
    leaves: [["The user is based in Vancouver", "The user is based in Vancouver, Canada"]],
  },
  "unsure:value-kind-differs": {
    decides: [
      // A port against a region, a region against a port, an owner against a region: two attributes.
      ["ledger-db service port: 3000", "The ledger-db service is now deployed in ca-central-1", "refines"],
      [
        "The ledger-db service listens on port 8081",
        "The ledger-db service was moved to eu-west-1",
        "refines",
      ],
      [
        "The ledger-db service was moved to eu-west-1",
        "The ledger-db service now listens on port 4000",
        "refines",
      ],
      [
        "Owner of the payments-api service: Marco",
        "fyi the payments-api service runs in ap-southeast-2 now",
        "refines",
      ],
      ["The meeting room is Atlas.", "The meeting room is now 4.12.", "refines"],
    ],
    leaves: [
      // Values of one kind: a region for a region, a number for a number, a name for a name.
      ["ledger-db service region: us-east-1", "The ledger-db service is now deployed in ca-central-1"],
      ["Retry limit is 5", "Retry limit is 7"],
      ["The primary database is Postgres.", "The primary database is MySQL."],
      // A hyphen alone joins words: "on-call" is no identifier, "support lead" no name.
      ["Tickets are triaged by the support lead.", "Tickets are triaged by an on-call rotation now."],
      // A number with its unit glued on is still a number.
      ["Standup is at 9:30", "Standup is at 10am now"],
      // A sentence's capital is no name.
      ["The staging cluster runs Kubernetes 1.29", "Kubernetes 1.30 now runs on the staging cluster"],
    ],
  },
  "unsure:older-value-kept": {
    decides: [
      ["The rent is 1200.", "The rent is 1200 plus 80 for parking now.", "refines"],
      ["Standup is at 9:30.", "Standup is at 9:30 and 16:00 now.", "refines"],
      ["The retry limit is 3.", "The retry limit is 3 for reads and 5 for writes.", "refines"],
    ],
    leaves: [
      // The older's number set aside as the past or as wrong, or not kept at all.
      ["The rent is 1200.", "The rent was 1200, it is 1350 now."],
      ["The port is 8080.", "The port is 8081 now, not 8080."],
      ["The retry limit is 5", "The retry limit is 7"],
      // A number of the subject names which thing; it is no value kept.
      ["Service 3 is owned by team 3", "Service 3 is owned by team 42"],
    ],
  },
  "value-changed:number": {
    decides: [
      ["Retry limit is 5", "Retry limit is 7", "supersedes"],
      ["The retry limit is 5.", "The retry limit is down to 3 now.", "supersedes"],
      ["Max file size is 10 MB.", "Max file size is 10 GB.", "supersedes"],
      // An opening of when or why holds no subject and sets no scope.
      [
        "The build timeout is 20 minutes.",
        "After the runner upgrade, the build timeout is 30 minutes.",
        "supersedes",
      ],
      [
        "The build timeout is 20 minutes.",
        "After we upgraded the runners the build timeout is 30 minutes.",
        "supersedes",
      ],
      // A number with no unit: the landlord raised the rent, the older's subject.
      ["Rent is 950 a month.", "The landlord raised the rent to 1,050.", "supersedes"],
    ],
    leaves: [
      ["Room 4 is booked for Monday", "Room 5 is booked for Monday"],
      ["The retry limit is 5", "The retry limit is 5 for uploads"],
      // Another qualifier beside the number is another fact.
      [
        "The limit is 100 requests per minute for free users.",
        "The limit is 500 requests per minute for paid users.",
      ],
    ],
  },
  "value-changed:identifier": {
    decides: [["ledger-db runs in eu-west-1.", "ledger-db runs in eu-central-1.", "supersedes"]],
    leaves: [
      // A pronoun subject: the plain words of the value name the thing (Redis / Node.js are two things).
      ["btw we bumped Redis to 7.2.4 in production", "We run Node.js 20.11 in production"],
      // A subject of its own does not make two named things one value (rotting stream, seed 7).
      ["Production runs Redis 6.2.14", "Production runs Node.js 18.19"],
      ["ledger-db runs in eu-west-1.", "billing-db runs in eu-central-1."],
      ["ledger-db runs in eu-west-1 for reads.", "ledger-db runs in eu-central-1 for writes."],
    ],
  },
  "change-cue": {
    decides: [
      ["The release is planned for Thursday.", "The release is now planned for Friday.", "supersedes"],
      [
        "Dark mode is disabled for the admin panel.",
        "We turned on dark mode for the admin panel.",
        "supersedes",
      ],
      ["The user prefers dark mode", "The user now prefers light mode", "supersedes"],
      ["We use tabs for indentation.", "We use spaces for indentation now.", "supersedes"],
      // The verb of change takes the older's subject as its object, whoever is its own subject.
      ["The design studio is in Leeds.", "The founders moved the design studio to York.", "supersedes"],
      // … with a particle of passage before its "to" (judge49): "over to", "across to".
      ["My electricity is with Octopus.", "Rhodri moved my electricity over to EDF.", "supersedes"],
      // A subordinate clause after the shared value word leaves the main clauses' change standing.
      ["We moved standup to 9am.", "We moved standup to 10am since the team is remote now.", "supersedes"],
      // The adverb is no part of the subject; the subject words left still meet.
      [
        "Honestly the release is planned for Thursday.",
        "Honestly the release is now planned for Friday.",
        "supersedes",
      ],
      // judge35: an opening of onset says the main clause began to hold then, as "now" does —
      // with the older's verb and nothing added.
      ["My sister lives in Leeds.", "Since the wedding my sister lives in York.", "supersedes"],
      ["Invoices are sent by Marta.", "Since April, invoices are sent by Joel.", "supersedes"],
      [
        "The newsletter goes out through Mailchimp.",
        "Starting next month, the newsletter goes out through Buttondown.",
        "supersedes",
      ],
      ["Payroll runs through Gusto.", "As of January, payroll runs through Deel.", "supersedes"],
      [
        "Refund requests go to the billing team.",
        "Effective immediately, refund requests go to the support desk.",
        "supersedes",
      ],
      [
        "The night bus leaves from Elm Road.",
        "Since the roadworks ended, the night bus leaves from Oak Lane.",
        "supersedes",
      ],
    ],
    leaves: [
      // "over to" after another thing moved (judge49): the team is not the office.
      ["The office is in Leeds.", "We moved the team over to York."],
      ["Sam manages the mobile team.", "Sam manages the hiring pipeline."],
      // The only shared word is inside a subordinate clause ("since half the team is off"): a
      // circumstance, not what moved.
      [
        "I transferred to the search team last week, so different codebase now.",
        "We moved standup to Thursdays since half the team is off on Mondays.",
      ],
      ["I moved to the Berlin office.", "We moved the offsite to May since the office is being renovated."],
      ["I switched to the evening class.", "We moved dinner to 8 because the class runs late now."],
      // An adverb before the verb ("finally", "lately") says when, not whose: no shared subject.
      [
        "I finally upgraded my phone to an iPhone 15 over the weekend, still getting used to it.",
        "We finally moved to Walthamstow last month since the rent in Clapham kept climbing.",
      ],
      ["Lately I drink my coffee black.", "Lately we moved the book club to Sundays."],
      ["The user prefers espresso.", "The user prefers window seats."],
      // A pronoun subject: the values must share their attribute.
      ["We use Slack for chat.", "We now use Zoom for video calls."],
      // "I'm" is the speaker, as "I" is, not a subject word both share: another verb and values
      // that share nothing name two relations of the speaker's, not a new value of one.
      ["I'm really enjoying my new job.", "I'm now part of the fire-fighting brigade."],
      [
        "Besides that, my cousin just had a tough time recently, so I'm lending a hand in helping her find a new place.",
        "I'm off to spend some time with them now.",
      ],
      // A pronoun subject and another verb: another relation ("a new" one adds, it does not replace).
      ["I went to a LGBTQ support group yesterday.", "I just joined a new LGBTQ activist group last Tues."],
      // Another attribute: a port against a region, an owner against a port.
      ["The auth-gw service runs on port 6060", "The auth-gw service was moved to eu-central-1"],
      ["heads up: the auth-gw service moved to port 5000", "The auth-gw service is now owned by Felix"],
      // The older announced the change already; the newer keeps its value and adds detail.
      [
        "we're moving offices",
        "we're moving offices next month, to the 12th floor, and we get a bigger kitchen",
      ],
      // "new" qualifies a noun the older statement does not have: no change of what it says.
      ["the car needs service", "the car needs an oil change and new brake pads"],
      // crosscase34 (fresh5): an ordinary word capitalised only because it opens the sentence names
      // nothing: the older holds no value for the newer's cue to replace.
      ["Good that it's easier to get to.", "i take my pills with breakfast now, much easier"],
      // judge35: an opening of onset with "also", another verb, a reason for "since", a routine's
      // "after", or a gerund that sets a scope announces no change.
      ["The gateway runs on Kong.", "Since March, the gateway also runs on Caddy."],
      ["Payroll runs through Gusto.", "Since March, payroll staff work from home."],
      ["The match is at the park.", "Since it is raining, the match is at the sports hall."],
      ["I go for a walk.", "After lunch, I go for a swim."],
      ["Tickets are handled by Ana.", "Excluding weekends, tickets are handled by Ben."],
    ],
  },
  "value-changed:single-valued": {
    decides: [
      ["The user lives in Oslo.", "The user lives in Bergen.", "supersedes"],
      ["The primary database is Postgres.", "The primary database is MySQL.", "supersedes"],
      ["The assistant is called Ada", "The assistant is called Bob", "supersedes"],
      // "After" is no onset (change-cue's openings); the main clause's predicate holds one value.
      ["My sister lives in Leeds.", "After the wedding my sister lives in York.", "supersedes"],
    ],
    leaves: [
      // A person starts many things; a "value" of a dozen words is a sentence.
      ["I just started helping out with a food drive.", "I just started going to boot camps with my fam."],
      // Words joined by a slash are the same words.
      ["Upload quota: 20 files/day", "The upload quota is 20 files per day"],
      ["Sam is a designer.", "Sam is a manager."],
      ["Noor is on leave this week.", "Noor is on the interview panel next week."],
      ["The user speaks French.", "The user speaks German."],
      // A change of something else said by the same speaker: the arrow alone names no attribute.
      [
        "I live in Denver, it's been two years now.",
        "I dropped Spanish, I'm learning Japanese now for the trip next year.",
      ],
    ],
  },
  "value-changed:bag": {
    decides: [
      [
        "Budget for the offsite, 500 euros per person",
        "Budget for the offsite, 650 euros per person",
        "supersedes",
      ],
    ],
    leaves: [
      ["Standup notes from 12 May", "Standup notes from 19 May"],
      // A number kept while another changes: the changed one names another thing.
      ["Room 4 seats 10 people.", "Room 5 seats 10 people."],
    ],
  },
  "negation-flipped:bag": {
    decides: [["Free shipping on large orders", "No free shipping on large orders, sadly", "contradicts"]],
    leaves: [
      // A short remark is not a version of a paragraph.
      [
        "Way to go, Jon! Don't quit, remember, failures lead you closer to success, and keep your back straight.",
        "Thanks for having my back.",
      ],
      ["Free shipping on large orders", "Free shipping on large orders, sadly"],
      // The negation stands in a clause of its own, over words the older does not say.
      ["tom is vegan", "tom's vegan, no animal products at all"],
    ],
  },
  "near-identical": {
    decides: [["Deploy freeze for the holidays, all teams", "Deploy freeze for the holidays", "duplicate"]],
    leaves: [
      [
        "WHEN the target model is Anthropic → PREFER use XML",
        "WHEN the target model is Anthropic → PREFER avoid XML",
      ],
      ["Deploy freeze for the holidays: 2 weeks", "Deploy freeze for the holidays: 3 weeks"],
      // The newer says more: not a restatement.
      ["Our CI runs on GitHub Actions.", "Our CI runs on GitHub Actions and Buildkite."],
    ],
  },
  "value-changed:same-words": {
    decides: [
      ["We run Python 3.10 in production", "Production Python is now 3.11", "supersedes"],
      ["We run PostgreSQL 14.11 in production", "Production PostgreSQL is now 15.6", "supersedes"],
    ],
    leaves: [
      // A number kept while another changes names another thing.
      ["Room 4 seats 10 people.", "Room 5 seats 10 people."],
      // Titles, not statements: no predicate on either side.
      ["Standup notes from 12 May", "Standup notes from 19 May"],
      // Another word beside the number: another fact.
      ["We run Python 3.10 in production", "We run Python 3.11 in staging"],
    ],
  },
  "opposite-values": {
    decides: [
      ["I'm on the early shift at the depot.", "I'm on the late shift at the depot.", "supersedes"],
      [
        "im on the night shift at the hospital",
        "im on the day shift at the hospital this month",
        "supersedes",
      ],
      ["i'm on the early shift", "they moved me to the late shift", "supersedes"],
      ["Dami is a junior nurse.", "Dami is a senior nurse.", "supersedes"],
      ["The front door is red.", "The front door was repainted in blue.", "supersedes"],
    ],
    leaves: [
      // The swap names another thing: it stands in the subject.
      ["The front door is locked.", "The back door is locked."],
      ["The red bin is for paper.", "The blue bin is for paper."],
      // A predicate that may hold two: two cats, two scarves.
      ["we have a black cat", "we have a white cat"],
      ["I bought a red scarf.", "I bought a blue scarf."],
      // No one attribute: foods may hold side by side.
      ["Sunday lunch is rice.", "Sunday lunch is yam."],
      // Negated, added to, or hedged.
      ["The shop is closed on Sundays.", "The shop isn't open on Sundays."],
      ["the hall is open on saturdays", "the hall is also open on sundays"],
      // Synonyms say the same: no change.
      ["The class begins at 9.", "The class starts at 9."],
      // Another holder too.
      ["My mum is on the early shift.", "My dad is on the late shift."],
    ],
  },
  "unsure:other-value": {
    decides: [
      ["Sam manages the mobile team.", "Sam manages the hiring pipeline.", "refines"],
      ["The user prefers espresso.", "The user prefers window seats.", "refines"],
      ["Noor is on leave this week.", "Noor is on the interview panel next week.", "refines"],
      ["Sam is a designer.", "Sam is a manager.", "refines"],
    ],
    leaves: [["Retry limit is 5", "Retry limit is 7"]],
  },
  "unsure:overlap": {
    decides: [["Deploying the API", "Started the API deploy", "refines"]],
    leaves: [["Deploy freeze for the holidays, all teams", "Deploy freeze for the holidays"]],
  },
};

describe("the lexical judge's rules", () => {
  it("every rule has a unique name, a doc line, and examples both ways", () => {
    const names = LEXICAL_RULES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of LEXICAL_RULES) {
      expect(r.doc.length, r.name).toBeGreaterThan(10);
      expect(EXAMPLES[r.name]?.decides.length, r.name).toBeGreaterThan(0);
      expect(EXAMPLES[r.name]?.leaves.length, r.name).toBeGreaterThan(0);
    }
    expect(Object.keys(EXAMPLES).sort()).toEqual([...names].sort());
  });

  it("docs/judges.md lists every rule, in order, with its doc line", () => {
    const doc = readFileSync(join(import.meta.dirname, "..", "..", "..", "docs", "judges.md"), "utf8");
    const listed = [...doc.matchAll(/^\| \d+ \| `([^`]+)` \| (.+) \|$/gm)].map((m) => [
      m[1],
      m[2]!.replace(/\\\|/g, "|"),
    ]);
    expect(listed).toEqual(LEXICAL_RULES.map((r) => [r.name, r.doc]));
  });

  const decides = Object.entries(EXAMPLES).flatMap(([rule, e]) =>
    e.decides.map(([a, b, relation]) => [rule, a, b, relation] as const),
  );
  it.each(decides)("%s decides: %s → %s is %s", (rule, a, b, relation) => {
    const v = judge(a, b);
    expect({ rule: v.rule, relation: v.relation }).toEqual({ rule, relation });
    expect(v.reason.startsWith(rule)).toBe(true);
    expect(v.confident).toBe(!rule.startsWith("unsure:"));
  });

  const leaves = Object.entries(EXAMPLES).flatMap(([rule, e]) =>
    e.leaves.map(([a, b]) => [rule, a, b] as const),
  );
  it.each(leaves)("%s leaves alone: %s → %s", (rule, a, b) => {
    expect(judge(a, b).rule).not.toBe(rule);
  });
});

describe("opposite values need the lexicon (judge41)", () => {
  // Without one the judge reads no antonym or attribute: the pair waits for a semantic judge.
  it.each([
    ["I'm on the early shift at the depot.", "I'm on the late shift at the depot."],
    ["Dami is a junior nurse.", "Dami is a senior nurse."],
    ["The front door is red.", "The front door was repainted in blue."],
  ])("%s → %s defers without a lexicon and supersedes with WordNet", (a, b) => {
    const plain = compareLexically({ text: a, at }, { text: b, at });
    expect(plain.confident).toBe(false);
    expect(plain.relation).not.toBe("supersedes");
    expect(judge(a, b)).toMatchObject({ relation: "supersedes", rule: "opposite-values", confident: true });
  });
});

describe("a noun spelled as a change verb's lemma is the value, not a change (closures26)", () => {
  // "port" is a verb of change ("ported to Rust") and a noun ("port 6100"): after a copula only the
  // verb makes the statement a change.
  it.each([
    ["The media sidecar is on port 6100.", "is"],
    ["The checkout service was ported to Rust.", "→"],
    ["The limit was cut to 50.", "→"],
    ["The standup is now switched to Thursdays.", "→"],
  ])("%s reads the predicate %s", (text, predicate) => {
    expect(slotsOf(analysisOf(text)).predicate).toBe(predicate);
  });

  it("reads a port against a region as two attributes, and a port against a port as a new value", () => {
    expect(
      judge("The media sidecar is on port 6100.", "The media sidecar runs in eu-west-1.").relation,
    ).not.toBe("supersedes");
    expect(
      judge("The media sidecar is on port 6100.", "The media sidecar is on port 6200 now."),
    ).toMatchObject({
      relation: "supersedes",
      confident: true,
    });
  });
});

describe("an ordinary word that only opens the sentence is no value (crosscase34)", () => {
  // The unslotted change-cue reads a statement's value as its words that are not plain lower case;
  // a listed word capitalised at the start ("Good that …") is not one. A name, a number or a word
  // capitalised inside the sentence still is.
  it.each([
    ["Good that it's easier to get to.", "i take my pills with breakfast now, much easier"],
    [
      "Good that it's easier to get to.",
      "the pharmacist says it doesnt matter when so i take it with my breakfast now, much easier",
    ],
  ] as const)("no value, no change: %j → %j", (a, b) => {
    expect(judge(a, b).rule).not.toBe("change-cue");
    expect(judge(a, b).relation).not.toBe("supersedes");
  });
  it.each([
    ["Council tax, Band C, £158 a month over ten months.", "council tax gone up again, its £171 a month now"],
    ["Water rates, £48 a month.", "water rates are £52 a month now"],
    ["I have 4 houseplants in the living room.", "I now have 9 houseplants"],
  ] as const)("a value, a change: %j → %j", (a, b) => {
    expect(judge(a, b)).toMatchObject({ rule: "change-cue", relation: "supersedes" });
  });
});

describe("an owner on one side only is no shared subject (crosscase34)", () => {
  // "Gaz's tax return" is a thing of Gaz's: its subject is the return, not Gaz. A name said as the
  // subject on one side and as an owner before a noun on the other links two things of one person.
  it.each([
    // fresh8 dev: a sports pass closed by the accountant's change (change-cue).
    [
      "gaz has the NOW sports pass, £34.99 a month, for the wednesday games",
      "Mike Fenwick retired at last so Gaz's tax return is being done by an online firm now, Crunch, £39 a month.",
    ],
    ["ana pays £17 a month for spotify", "Ana's phone bill went up, £25 a month now."],
    // fresh8 dev: the water bill closed by the holiday pot's change (change-cue: 48 month → date).
    [
      "gaz: yorkshire water dd is £48 a month",
      "Bumping the holiday pot up to £250 a month from now since Gaz's rates went up. Same date.",
    ],
  ] as const)("two things of one person: %j → %j", (a, b) => {
    expect(judge(a, b).rule).not.toBe("change-cue");
    expect(judge(a, b).relation).not.toBe("supersedes");
  });
  it.each([
    // An owner on both sides, or the same subject: one attribute changed.
    ["Sam's car is a Golf.", "Sam's car is now a Polo."],
    ["Sam's accountant is Mike Fenwick.", "Sam's accountant is now an online firm, Crunch."],
  ] as const)("one thing changed: %j → %j", (a, b) => {
    expect(judge(a, b)).toMatchObject({ rule: "change-cue", relation: "supersedes" });
  });
});

describe("a subordinate clause names no attribute of a change", () => {
  // Each was a confident change-cue supersession before: the shared word sat in the "since" or
  // "because" clause. Unsure now, so both stay active for candidates().
  it.each([
    [
      "I transferred to the search team last week, so different codebase now.",
      "We moved standup to Thursdays since half the team is off on Mondays.",
    ],
    ["I moved to the Berlin office.", "We moved the offsite to May since the office is being renovated."],
    ["I switched to the evening class.", "We moved dinner to 8 because the class runs late now."],
  ])("%s / %s: deferred, not a change", (a, b) => {
    const v = judge(a, b);
    expect(v.relation).not.toBe("supersedes");
    expect(v.confident).toBe(false);
  });
});

describe("a shared time or change cue names no attribute", () => {
  // Each was a confident change-cue supersession: the only word linking the main clauses was a day,
  // a part of the day, "these days" or "instead" — unrelated routines share those.
  it.each([
    [
      "We moved standup to Thursdays since half the team is off on Mondays.",
      "These days I do kickboxing at a gym on Main Street on Thursday evenings instead.",
    ],
    [
      "These days I help out at the animal shelter on Saturdays instead.",
      "These days I do kickboxing at a gym on Main Street on Thursday evenings instead.",
    ],
    [
      "I go to a spin class at the YMCA on Thursday evenings.",
      "These days I do kickboxing on Thursday evenings instead.",
    ],
    ["We moved book club to Fridays.", "I swim at the lido on Fridays now."],
    // "nowadays" as its value token is ("nowaday"): a cue of the present, not a word of the attribute.
    ["I help out at the animal shelter nowadays.", "I do kickboxing at the gym nowadays instead."],
    // ku18: a word of when alone, without slots on both sides ("week"), and a quantifier ("every").
    [
      "I'm on a four-day week, Fridays off.",
      "We replaced npm with pnpm across the monorepo last week, installs are way faster.",
    ],
    [
      "I take vitamin D every morning with breakfast.",
      "we migrated every repo from Bitbucket to GitLab over the weekend.",
    ],
  ])("%s / %s: deferred, not a change", (a, b) => {
    const v = judge(a, b);
    expect(v.relation).not.toBe("supersedes");
    expect(v.confident).toBe(false);
  });

  // A word of the attribute shared beside the time still links them.
  it.each([
    ["I go to a spin class on Thursday evenings.", "I go to a yoga class on Thursday evenings now."],
    ["We moved standup to Thursdays.", "We moved standup to Fridays now."],
    // The time is the value's unit, or the statement turned negative.
    ["We store logs for 30 days.", "We keep them for 90 days now."],
    ["the grant deadline is march 3", "they extended it to march 17"],
    ["we deploy on fridays", "we don't deploy on fridays anymore"],
  ])("%s / %s: still a change", (a, b) => {
    const v = judge(a, b);
    expect(v.relation).toBe("supersedes");
    expect(v.confident).toBe(true);
  });
});

describe("one word in two roles links no attribute of the speaker's two verbs", () => {
  // Each was a confident change-cue supersession: "work" is what is designed in one and where people
  // are in the other (fresh dev, "design-tool": the nickname closed the design tool).
  it.each([
    ["I use Figma for all my design work.", "I've asked people at work to call me Ben from now on"],
    ["I walk the dog in the park.", "I've asked the neighbours at the park to keep an eye out from now on"],
  ])("%s / %s: deferred, not a change", (a, b) => {
    const v = judge(a, b);
    expect(v.relation).not.toBe("supersedes");
    expect(v.confident).toBe(false);
  });

  // The same word after the same preposition, or after one on one side only, is one attribute.
  it.each([
    ["I take the bus to work.", "I cycle to work now."],
    ["I drive to the office.", "I've started taking the train to the office now."],
    // chat-dev's "morning-drink": after a preposition on one side only, the same drink.
    [
      "I start every morning with a double espresso.",
      "I stopped drinking espresso because of my sleep, it's matcha in the mornings now.",
    ],
  ])("%s / %s: still a change", (a, b) => {
    const v = judge(a, b);
    expect(v.relation).toBe("supersedes");
    expect(v.confident).toBe(true);
  });
});

describe("a fronted adverbial holds no subject (frontedEnd)", () => {
  const opening = (t: string) => {
    const words = tag(t);
    return words
      .slice(0, frontedEnd(t, words))
      .map((w) => w.text)
      .join(" ");
  };
  it.each([
    ["With a newborn in the house the thermostat lives at 20.5 degrees.", "With a newborn in the house"],
    ["After we upgraded prod, the database is PostgreSQL 15.", "After we upgraded prod"],
    ["After the plumber came the boiler pressure is at 1.2 bar.", "After the plumber came"],
    ["During the winter the boiler runs at 1.5 bar.", "During the winter"],
    ["On Mondays I swim before work.", "On Mondays"],
    ["For paid accounts, the rate limit is 500 requests per minute.", "For paid accounts"],
    ["With guests in the flat we're up until midnight.", "With guests in the flat"],
    // judge35: an opening with no finite verb, closed by a comma.
    ["Starting next week, support hours are 8 to 8.", "Starting next week"],
    ["To save space, build artifacts are kept for two days.", "To save space"],
    ["As of Monday, the office opens at 8.", "As of Monday"],
    ["Effective immediately, refunds go to the support desk.", "Effective immediately"],
  ])("%s opens with %s", (text, phrase) => {
    expect(opening(text)).toBe(phrase);
  });
  it.each([
    // No opening phrase, or one that runs into the verb: the sentence is read from its start.
    "The boiler runs at 1.5 bar in winter.",
    "In the house rent is 1200.",
    "To be honest, the rent is fine.",
    "Like my sister, I live in Bristol.",
    "With the migration done.",
    // judge35: a gerund subject, an infinitive with no comma, "as" that is not "as of".
    "Starting the car takes a minute.",
    "To save space we keep build artifacts for two days.",
    "As a rule, the office opens at 8.",
  ])("%s opens with no adverbial", (text) => {
    expect(opening(text)).toBe("");
  });
  it.each([
    ["With a newborn in the house the thermostat lives at 20.5 degrees.", ["thermostat"]],
    ["After we upgraded prod, the database is PostgreSQL 15.", ["database"]],
    ["Since the wedding my sister lives in York.", ["sister"]],
  ])("%s: the subject is %j", (text, subject) => {
    expect(slotsOf(analysisOf(text)).subject).toEqual(subject);
  });
});

describe("an adverb before the verb is no subject", () => {
  // Each was a confident change-cue supersession before: "finally" or "lately" read as the subject.
  it.each([
    [
      "I finally upgraded my phone to an iPhone 15 over the weekend, still getting used to it.",
      "We finally moved to Walthamstow last month since the rent in Clapham kept climbing.",
    ],
    ["Lately I drink my coffee black.", "Lately we moved the book club to Sundays."],
  ])("%s / %s: deferred, not a change", (a, b) => {
    const v = judge(a, b);
    expect(v.relation).not.toBe("supersedes");
    expect(v.confident).toBe(false);
  });
});

describe("an indefinite pronoun or a one-sided number names no attribute", () => {
  // Each was a confident change-cue supersession before (judge22): the only word linking the main
  // clauses was "everything" said by two different verbs (fresh3's notes-app, closed by an ORM's
  // update in sleep), or a word of when beside a number only one side has (chat-dev's bike and
  // bread against the phone's "iPhone 15 over the weekend"). Unsure now: both stay, candidates() offers them.
  it.each([
    [
      "I finally exported everything out of Evernote and I'm keeping notes in Obsidian now.",
      "We ripped out Sequelize over the summer and everything goes through Prisma now.",
    ],
    [
      "I write everything down in a paper planner.",
      "We moved the team to Slack and everything happens in channels now.",
    ],
    ["I print everything out before I read it.", "We moved to Linear and everything gets tracked there now."],
    ["I cook everything from scratch.", "We switched banks and everything is paid by direct debit now."],
    [
      "I ride a Specialized Allez road bike on weekends.",
      "Anyway I finally upgraded my phone to an iPhone 15 over the weekend.",
    ],
    ["I bake rye bread every weekend.", "We switched the build to Node 22 over the weekend."],
    // lead25: once a fronted "After …" left the subject (judge25), a preposition of time was the
    // only word linking the main clauses (fresh3's monthly-savings closed by a credit card's change),
    // or "new" ("news" stems alike: chat-dev's dinner closed by the password manager's change, daily).
    // The "since" pair is a guard (deferred either way).
    [
      "After the promotion I bumped the standing order to £450 a month.",
      "I cut up the Amex after too many shops refused it; I use a Barclaycard now.",
    ],
    [
      "We tried the new Ethiopian restaurant on Friday, injera is amazing.",
      "After the breach news I switched to Bitwarden for passwords.",
    ],
    // lead25: under another verb, "street" of two different names ("Birch Street" / "Main Street")
    // linked a parking spot and a kickboxing class (chat-dev's parking, closed by exercise-class).
    [
      "I park in the garage on Birch Street, it's $12 a day.",
      "These days I do kickboxing at a gym on Main Street on Thursday evenings instead.",
    ],
    [
      "Since the reorg I report to Dana on the platform team.",
      "I switched gyms since the old one closed, I go to PulseFit now.",
    ],
  ])("%s / %s: deferred, not a change", (a, b) => {
    const v = judge(a, b);
    expect(v.relation).not.toBe("supersedes");
    expect(v.confident).toBe(false);
  });

  // One place or one club changed under the same verb, or by a change verb, still supersedes: the
  // word of the names links there (lead25's guard rows for the names rule above).
  it.each([
    ["I park on Birch Street.", "I park on Main Street now."],
    ["I train at Planet Fitness.", "I train at Anytime Fitness now."],
    ["I go to Planet Fitness three times a week.", "I switched to Anytime Fitness, it's open all night now."],
  ])("%s / %s: a change of the named place", (a, b) => {
    const v = judge(a, b);
    expect(v.relation).toBe("supersedes");
  });

  // Real updates with little in common still supersede: "everything" as the object of one verb, and
  // the knowledge-update dev sets' updates said in other words (chat-dev, cases and fresh3 dev).
  it.each([
    ["We host everything on AWS.", "We host everything on Google Cloud now."],
    ["I store everything in Dropbox.", "I store everything in iCloud now."],
    [
      "All my notes live in Evernote, years of recipes and work scribbles.",
      "I finally exported everything out of Evernote and I'm keeping notes in Obsidian now.",
    ],
    [
      "I love cilantro, I put it on basically everything.",
      "Actually I don't like cilantro any more, it tastes like soap to me now, so I use parsley.",
    ],
    [
      "I keep all my notes in Evernote, recipes and work stuff alike.",
      "I dropped Evernote for Obsidian, the sync was driving me mad.",
    ],
    [
      "My sister lives in Leeds and works as a nurse.",
      "My sister moved to Glasgow last month for a new hospital job.",
    ],
    [
      "Our office is on the fourth floor of the Tanner Building by the station.",
      "The office relocated to Wharf House over the holidays, and the new desks are all hot-desks.",
    ],
    ["I do yoga at Lotus Studio on Sundays.", "I switched to CorePower for yoga, they have more classes."],
    // Numbers on both sides: the time is the value's unit.
    ["We store logs for 30 days.", "We keep them for 90 days now."],
  ])("%s / %s: still a change", (a, b) => {
    const v = judge(a, b);
    expect(v.relation).toBe("supersedes");
    expect(v.confident).toBe(true);
  });
});

describe("a chat opener is no word of the statement", () => {
  it.each([
    ["heads up: the auth-gw service moved to port 8443", "head", false],
    ["fyi the payments-api service runs in ap-southeast-2 now", "fyi", false],
    ["oh btw Mei took over the ledger-db service", "btw", false],
    ["quick update, Helen left", "update", false],
    // An instruction's verb is no opener; a marker later in the sentence is a word of it.
    ["Update the README before the release", "update", true],
    ["The btw plugin is disabled", "btw", true],
  ] as const)("%s: content has %s → %s", (text, word, has) => {
    expect(analysisOf(text).content.has(word)).toBe(has);
  });
});

describe("the conservative stance", () => {
  it.each([
    ["Sam manages the mobile team.", "Sam manages the hiring pipeline."],
    ["The user prefers espresso.", "The user prefers window seats."],
    ["Noor is on leave this week.", "Noor is on the interview panel next week."],
    ["The user speaks French.", "The user speaks German."],
    ["Tom is on the platform team.", "Tom is on the data team."],
    ["Lena is allergic to peanuts.", "Lena is allergic to shellfish."],
    ["The VPN is required for staging.", "The VPN is required for production."],
    ["The feature is enabled in staging.", "The feature is enabled in production."],
    ["Bob reviews all PRs for the frontend.", "Bob reviews all PRs for the backend."],
    [
      "The limit is 100 requests per minute for free users.",
      "The limit is 500 requests per minute for paid users.",
    ],
    ["The app is available on iOS.", "The app is available on Android."],
  ] as const)("a multi-valued relation with another object is deferred, never closed: %s / %s", (a, b) => {
    const v = judge(a, b);
    expect(["refines", "distinct"]).toContain(v.relation);
    expect(v.confident).toBe(false);
  });

  it.each([
    ["Autosave is off for drafts.", "Autosave is on for drafts."],
    ["Max file size is 10 MB.", "Max file size is 10 GB."],
    ["Feature flags are enabled", "Feature flags are not enabled"],
    ["Deploy freeze for the holidays: 2 weeks", "Deploy freeze for the holidays: 3 weeks"],
    [
      "WHEN the target model is Anthropic → PREFER use XML",
      "WHEN the target model is Anthropic → PREFER avoid XML",
    ],
    ["Guest checkout is allowed.", "Guest checkout is blocked."],
    ["Priya owns billing.", "Priya owns billing and invoicing."],
    ["Our CI runs on GitHub Actions.", "Our CI runs on GitHub Actions and Buildkite."],
  ] as const)(
    "never a duplicate when numbers, units, negation, states or a word differ, or the newer says more: %s / %s",
    (a, b) => {
      expect(judge(a, b).relation).not.toBe("duplicate");
    },
  );
});

describe("a restatement keeps its polarity words", () => {
  it.each([
    ["The kiosk is in maintenance mode.", "The kiosk is out of maintenance mode.", "polarity"],
    ["Deploys run with a lock.", "Deploys run without a lock.", "polarity"],
    ["Backups run before the deploy.", "Backups run after the deploy.", "polarity"],
    ["The API rate limit is 100 requests per minute", "API rate limit: 100 requests per minute", null],
    ["Deploy freeze for the holidays, all teams", "Deploy freeze for the holidays", null],
  ])("%j / %j → %s", (a, b, expected) => {
    expect(distinctions(a, b)).toBe(expected);
  });
});

describe("oppositeStates over the stemmer's forms (step 1b restores a short word's e)", () => {
  it.each([
    ["opened", "closed"],
    ["open", "closes"],
    ["enabled", "disabled"],
    ["muted", "unmuted"],
    ["shared", "unshared"],
    ["locked", "unlocked"],
    ["pinned", "unpinned"],
    ["allowed", "denied"],
    ["paused", "resumed"],
  ])("%s / %s: one attribute, two values", (a, b) => {
    expect(oppositeStates(stem(a), stem(b))).toBe(true);
    expect(oppositeStates(stem(b), stem(a))).toBe(true);
  });

  it.each([
    ["opened", "moved"],
    ["muted", "remuted"],
    ["used", "unshared"],
    ["moved", "removed"],
  ])("%s / %s: not opposite states", (a, b) => {
    expect(oppositeStates(stem(a), stem(b))).toBe(false);
  });
});

describe("a correction's opener is no part of what the statement asserts (judge36)", () => {
  // "wait no", "turns out", "i misread it", "actually", "oops", "my bad", "correction:" say only that
  // what follows replaces what was said; the "no" of "wait no" negates nothing.
  it.each([
    ["my birthday is june 4", "wait no, my birthday is june 14, typo earlier", "supersedes"],
    ["the app works offline", "turns out the app doesn't work offline at all", "contradicts"],
    ["The retry limit is 5.", "Actually, the retry limit is 7.", "supersedes"],
    ["The meeting is at 3pm.", "Oops, the meeting is at 4pm.", "supersedes"],
    ["The meeting is on Zoom.", "No wait, the meeting is not on Zoom.", "contradicts"],
  ])("%s / %s → %s", (older, newer, relation) => {
    const v = judge(older, newer);
    expect(v.relation).toBe(relation);
    expect(v.confident).toBe(true);
  });

  it.each([
    // The opener's "no" is no negation: the same statement again is a restatement, not a contradiction.
    ["The meeting is on Zoom.", "Wait no, the meeting is on Zoom."],
    ["the app works offline", "turns out the app works offline"],
  ])("%s / %s is not a contradiction", (older, newer) => {
    expect(judge(older, newer).relation).not.toBe("contradicts");
  });

  it.each([
    // A "no" that is not the opener's still negates, and a word that only looks like one stays.
    ["no pork for me pls", true],
    ["wait no, i don't eat pork", true],
    ["wait no, i eat pork", false],
    ["turns out i eat pork", false],
  ])("%s is negated: %s", (text, negated) => {
    expect(analysisOf(text).negated).toBe(negated);
  });
});

describe("a discourse adverbial that closes a clause is no part of what it states (judge36)", () => {
  it.each([
    ["i'm coming to the offsite", "i'm not coming to the offsite after all", "contradicts"],
    ["the meeting is on zoom", "the meeting isn't on zoom though", "contradicts"],
    ["I'm coming to the party.", "I'm not coming to the party tbh.", "contradicts"],
  ])("%s / %s → %s", (older, newer, relation) => {
    expect(judge(older, newer).relation).toBe(relation);
  });

  it.each([
    // Closing a clause, the adverbial goes; opening a phrase or a clause, its words stay.
    ["i'm not coming to the offsite after all", "after", false],
    ["after all the repairs the rent is 1300", "after", true],
    ["i work from home, though on fridays i'm in the office", "though", true],
    ["the meeting is on zoom though, not teams", "though", false],
  ])("%s says %s: %s", (text, word, said) => {
    expect(analysisOf(text).content.has(word)).toBe(said);
  });
});

describe("a negation typed without its apostrophe is a negation (judge37)", () => {
  // The judge's negation reads each token as written (`negationWord`, text.ts): "dont" is "don't".
  it.each([
    ["the app works offline", "turns out the app doesnt work offline", "contradicts"],
    ["the lift is working", "the lift isnt working", "contradicts"],
    ["i eat pork", "i dont eat pork", "contradicts"],
    ["we do fridays", "we dont do fridays anymore", "contradicts"],
  ])("%s / %s → %s", (older, newer, relation) => {
    const v = judge(older, newer);
    expect(v.relation).toBe(relation);
    expect(v.confident).toBe(true);
  });

  it.each([
    // The same negation on both sides, or a noun spelt like a bare negation, closes nothing.
    ["we dont do fridays", "we dont do mondays either"],
    ["i dont drink coffee", "i dont drink coffee"],
    ["we have a wont of walking after dinner", "we have a habit of walking after dinner"],
    ["the cant of the roof is 30 degrees", "the pitch of the roof is 30 degrees"],
  ])("%s / %s closes nothing", (older, newer) => {
    expect(["supersedes", "contradicts"]).not.toContain(judge(older, newer).relation);
  });

  it.each([
    // An outcome's negation is its result, typed bare as written.
    ["the deploy didnt work", "failure"],
    ["the fix doesnt work", "failure"],
    ["the fix works", "success"],
  ])("%s reports %s", (text, result) => {
    expect(slotsOf(analysisOf(text)).result).toBe(result);
  });

  it.each([
    ["we dont do fridays anymore", true],
    ["i dont eat pork", true],
    ["as was his wont", false],
    ["we do fridays", false],
  ])("%s is negated by a word: %s", (text, negated) => {
    expect(negatedByWord(analysisOf(text))).toBe(negated);
  });

  it.each([
    ["we dont do fridays anymore", true],
    ["the lift isnt working", true],
    ["i cant make it on friday", true],
    ["he wont eat veg", true],
    ["we do fridays", false],
    ["as was his wont, he walked after dinner", false],
    ["the cant of the roof is 30 degrees", false],
    ["the donut shop opens at 7", false],
  ])("the judge reads polarity as written: isNegated(%j) → %s", (text, negated) =>
    expect(isNegated(text)).toBe(negated),
  );
});

describe("two things that share a shape close nothing (judge37)", () => {
  // eval/everyday/judge37-pairs.json: statements about different things that share an opener, a
  // closing word, a currency, a title, a contraction or a number, written to check that none closes.
  it.each([
    // A lower-case possessive is an ordinary word, not a value: "that's the dentist's new number"
    // holds no value a plumber's number replaces (the branch without slots).
    ["thats the dentist's new number", "thats the plumber's new number now"],
    ["that's the dentist's new number", "that's the plumber's new number now"],
    // A copula with no subject words says what "this" is: another owner on each side, two things.
    ["this is the dentist's new number", "this is the plumber's new number now"],
    // A shared day links two routines when the numbers count other things (5k / 20 lengths).
    ["i run 5k on sundays", "i swim 20 lengths on sundays now"],
    ["I run 5k on Sundays", "I swim 20 lengths on Sundays now"],
  ])("%s / %s: deferred, nothing closed", (older, newer) => {
    const v = judge(older, newer);
    expect(["supersedes", "contradicts"]).not.toContain(v.relation);
  });

  it.each([
    // The owner is the value under another verb, or the same owner on both sides, or one subject.
    ["the car is dad's", "the car is mum's now"],
    ["i drive dad's car to work", "i drive mum's car to work now"],
    ["my lift to work is dad's car", "my lift to work is mum's car now"],
    ["this is sam's phone", "this is sam's new phone now"],
    // A number of the time's own unit, or a clock time, still times one attribute.
    ["We store logs for 30 days.", "We keep them for 90 days now."],
    ["i leave at 7 on weekdays", "i leave at 6:30 on weekdays now"],
    // cases' right closure: a word after the number's comma is no unit of it.
    [
      "I run 5k every Saturday in the park.",
      "I pushed my Saturday run to 10k, training for the half marathon!",
    ],
  ])("%s / %s: still a change", (older, newer) => {
    const v = judge(older, newer);
    expect(v.relation).toBe("supersedes");
    expect(v.confident).toBe(true);
  });
});

describe("sleep's cross-case closures by change-cue, read right (judge38)", () => {
  // eval/everyday/judge38-pairs.json. Each shape closed a belief about another thing on main: a
  // change verb whose object is a pronoun or a thing the older does not name (the subject both
  // share only made the change), a sentence opening with its verb (the verb read as the subject),
  // a noun read as the verb ("lab reports get graded": "lab" read as the subject).
  it.each([
    // fresh6's dev closure: "her" is the truck; Kayla is who renamed it.
    [
      "Kayla goes to Lasalle Secondary she's in grade ten",
      "Kayla renamed her, said the old name was for a cow",
    ],
    ["Kayla goes to Lasalle Secondary", "Kayla renamed the truck, said the old name was for a cow"],
    ["sam works at the bakery on king street", "sam moved it to the garage, the old freezer i mean"],
    ["dad lives in galway", "dad replaced them last week, the gutters were rotten"],
    ["Ravi is in the bay area", "Ravi upgraded his laptop to 32gb"],
    // fresh12's dev closure: the rehearsal is not the run, though both are the band's.
    [
      "wade extended the pines run, last show 3/8 now, in atlanta",
      "wade moved the pines rehearsal UP, it's this coming thursday now.",
    ],
    // fresh9's dev closure: a request to the assistant, its subject left out.
    [
      "need a polite email to the client saying the deadline is not possible",
      "Need to update Amma's iPad and the TV.",
    ],
    ["need a birthday card for gran", "need to switch the car insurance to aviva"],
    // fresh10's dev closure: "lab reports" is the subject, "lab" only what kind of reports.
    [
      "the lab bought a used subaru outback for field stuff!!!",
      "lab reports get graded in gradescope, rubric is already set up",
    ],
    ["the school runs a bus from the village", "school reports get sent home in june, the portal is set up"],
    ["the club owns two boats", "club calls get recorded now, the zoom is set up"],
  ])("%s / %s: nothing closed", (older, newer) => {
    const v = judge(older, newer);
    expect(["supersedes", "contradicts"]).not.toContain(v.relation);
  });

  it.each([
    // The changed thing is the older's: one change.
    ["sam's standup is at 9:30", "sam moved his standup to 10"],
    ["the router is on channel 6", "i switched the router to channel 11"],
    ["the rent is 1200", "the landlord bumped the rent to 1350"],
    ["Kayla's truck is called Daisy", "Kayla renamed the truck to Bessie"],
    // Nothing between the verb and its value: the subject moved.
    ["dad lives in galway", "dad moved to cork last month"],
    // A subject left out on both sides, one thing changed.
    ["need the car on tuesdays", "actually need the car on wednesdays now"],
    // "get" before a participle is the passive's "is": the same subject, another value.
    ["lab reports get graded in canvas", "lab reports get graded in gradescope now"],
    // fresh12's and fresh10's right closures: "us" is the speaker, whose pay changed; an unknown
    // word is its own lemma, no bare verb ("vectorized" opens no request).
    [
      "sunday church gig at Belmont UMC pays $125 a service, easy money + free coffee",
      "the music director at church bumped us to $140 a service bc the budget got approved ☕🙏",
    ],
    [
      "each sim job needs about 18 hrs of walltime rn",
      "vectorized the likelihood and now each job finishes in 5 hrs 🎉 past me was an idiot",
    ],
  ])("%s / %s: still a change", (older, newer) => {
    const v = judge(older, newer);
    expect(v.relation).toBe("supersedes");
    expect(v.confident).toBe(true);
  });

  it.each([
    ["need a polite email", 0, true],
    ["Need to update Amma's iPad", 0, true],
    ["actually need the car on wednesdays now", 1, true],
    ["Swim lessons are on Tuesdays", 0, false],
    ["Deploy failed: migration lock timeout", 0, false],
    ["I need a polite email", 1, false],
    ["vectorized the likelihood and now each job finishes in 5 hrs", 0, false],
  ] as const)("subjectLeftOut(%s, %i) = %s", (text, i, expected) => {
    expect(subjectLeftOut(tag(text), 0, i)).toBe(expected);
  });

  it.each([
    ["Kayla renamed her, said the old name was for a cow", { words: [], pronoun: true }],
    ["Kayla renamed her truck", { words: ["truck"], pronoun: false }],
    ["Kayla renamed the truck to Bessie", { words: ["truck"], pronoun: false }],
    ["dad moved to cork", undefined],
    ["the music director bumped us to $140 a service", undefined],
    ["we changed jobs", undefined],
  ] as const)("the thing changed in %s", (text, expected) => {
    expect(slotsOf(analysisOf(text)).changedThing).toEqual(expected);
  });

  it.each([
    ["lab reports get graded in gradescope", ["lab", "report"], "is"],
    ["club calls get recorded now", ["club", "call"], "is"],
    ["the service calls are slow", ["service", "call"], "is"],
    ["My sister lives in Bristol", ["sister"], "live"],
    ["the heater keeps tripping", ["heater"], "keep"],
    // "get" with an object is no passive: no copula read (as before).
    ["I got a new phone", ["new", "phone"], null],
  ] as const)("the subject and verb of %s", (text, subject, predicate) => {
    const slots = slotsOf(analysisOf(text));
    expect(slots.subject).toEqual(subject.map((w) => stem(w)));
    expect(slots.predicate).toBe(predicate);
  });
});

describe("cant and wont typed bare are negations where the word before says so (judge38)", () => {
  it.each([
    ["i can make friday", "i cant make friday", "contradicts"],
    ["the car will start in the cold", "the car wont start in the cold", "contradicts"],
    ["the printer will print double sided", "the printer wont print double sided", "contradicts"],
    ["i cant make friday", "i can't make friday", "duplicate"],
  ] as const)("%s / %s: %s", (older, newer, relation) => {
    const v = judge(older, newer);
    expect(v.relation).toBe(relation);
    expect(v.confident).toBe(true);
  });

  it.each([
    ["i can make friday", "i cant make the saturday match"],
    ["the car will start in the cold", "the van wont start in the rain"],
    ["the roof is fine", "the cant of the roof is off"],
  ])("%s / %s: nothing closed", (older, newer) => {
    expect(["supersedes", "contradicts"]).not.toContain(judge(older, newer).relation);
  });

  it.each([
    ["i cant make friday", ["cant"]],
    ["it wont start", ["wont"]],
    ["the cant of the roof", []],
    ["as was his wont, he swam", []],
    ["i can't make friday", []],
    ["we dont go on fridays", []],
  ] as const)("negatedBareWords(%s)", (text, words) => {
    expect([...negatedBareWords(text)]).toEqual(words);
  });
});

describe('a role named with "the" held by a name typed in lower case (judge38)', () => {
  // everyday's dev miss actually-07: lower-case names are names where the text has no capitals
  // (`lowerCaseNames`), and a correction's opener is no part of what the statement says.
  it.each([
    ["kevin is the product owner", "no wait, maya is the product owner"],
    ["kevin is the product owner", "maya is the product owner"],
    ["the release manager is kevin", "maya is the release manager"],
  ])("%s / %s: a hand-over", (older, newer) => {
    const v = judge(older, newer);
    expect(v.rule).toBe("holder-named");
    expect(v.confident).toBe(true);
  });

  it.each([
    // A role with "a" is one of many; a listed word is no name; a word of the lexicon is no name.
    ["kevin is the product owner", "maya is a product owner"],
    ["kevin is the product owner", "no wait, maya is a product owner"],
    ["the dog is the boss", "the cat is the boss"],
  ])("%s / %s: no hand-over read", (older, newer) => {
    expect(judge(older, newer).rule).not.toBe("holder-named");
  });
});

describe("fresh14 dev closures read right, and a new number of the older's thing (judge40)", () => {
  // eval/everyday/judge40-pairs.json. A verb both sides say under two predicates ("is going up" /
  // "started going to") links no attribute: fresh14 dev's cross-case closure by change-cue.
  it.each([
    ["Everything is going up except my money.", "We've started going to the 9am Mass now"],
    ["Everything is going up except my money.", "I've started going to the 9am Mass now"],
  ])("%s / %s: a verb alone links nothing (closed on main)", (older, newer) => {
    const v = judge(older, newer);
    expect(["supersedes", "contradicts"]).not.toContain(v.relation);
    expect(v.confident).toBe(false);
  });

  it.each([
    // a number on each side: the time is the link
    ["We walk the dog at 7.", "we've started walking the dog at 8 now"],
    ["we go to the 11am Mass", "We've started going to the 9am Mass now"],
    // a word after "to" may be a place: "work" links the two commutes
    ["I cycle to work.", "I've started driving to work now"],
    // the same days' routine, a day each side
    ["I go to the gym on Mondays.", "I'm going to the gym on Tuesdays now"],
  ])("%s / %s: still a change", (older, newer) => {
    expect(judge(older, newer).relation).toBe("supersedes");
  });

  // "New" before the older's thing, a number on each side: the thing's value changed.
  it.each([
    ["Our customer care line is 0909 555 1234.", "New customer care line from today is 0701 888 4421."],
    ["my phone number is 555-0142", "my new phone number is 555-0199"],
    ["My rent is 1200", "My new rent is 1350"],
  ])("%s / %s: the older's thing, new (read as two things on main)", (older, newer) => {
    expect(judge(older, newer)).toMatchObject({ relation: "supersedes", confident: true });
  });

  it.each([
    // no number: one more of a kind, or a thing replaced, the words do not say which
    ["My car is a Honda", "My new car is a Tesla"],
    ["my friend is ana", "my new friend is bo"],
    // "new" beside another word the older lacks: another phone
    ["my phone number is 555-0142", "my new work phone number is 555-0199"],
  ])("%s / %s: not read as the older's thing changed", (older, newer) => {
    expect(["supersedes", "contradicts"]).not.toContain(judge(older, newer).relation);
  });
});
