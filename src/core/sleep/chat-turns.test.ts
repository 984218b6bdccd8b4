import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DAY, testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { loadTagger } from "../judge/tagger.js";
import {
  announcesChange,
  announcesReplacement,
  CREOLE_UNMARKED_PAST_RULE,
  clausesOf,
  phatic,
  SPLICED_STATE_RULE,
  saysVietnameseChange,
  splicedStates,
  statementsOfState,
  VIETNAMESE_CHANGE_RULE,
} from "./chat-turns.js";
import { standalone } from "./standalone.js";

// statementsOfState reads verbs of change with the tagger (`saysChangedState`).
beforeAll(() => loadTagger());

describe("phatic: chit-chat is not a fact", () => {
  it.each([
    ["Thanks, that helps.", "acknowledgement"],
    ["ok sounds good", "acknowledgement"],
    ["Thanks so much, Melanie!", "acknowledgement"],
    ["Great, that works for me.", "acknowledgement"],
    ["Got it, makes sense", "acknowledgement"],
    ["Perfect, thank you!", "acknowledgement"],
    ["No worries at all!", "acknowledgement"],
    ["Hey there!", "greeting"],
    ["Good morning, Sam", "greeting"],
    ["see you soon!", "greeting"],
    ["let me check", "self-note"],
    ["brb", "self-note"],
    ["I'll look into it", "self-note"],
    ["One sec, checking that", "self-note"],
    ["Good morning, team.", "greeting"],
    ["Thanks for the quick answer, that really helps.", "acknowledgement"],
    ["Note to self: ask about the mobile release at standup", "self-note"],
    ["TODO: rotate the staging keys", "self-note"],
  ])("%j is %s", (text, cls) => {
    expect(phatic(text)).toBe(cls);
    expect(standalone(text)).not.toBe("standalone");
  });

  it.each([
    "Thanks, the fix works on ARM too.",
    "Great news: the release is out on Friday.",
    "ok, the staging database is back up",
    "Let me check the deploy logs for build 4411",
    "Sounds good, the meeting moved to 3pm",
    "Hey, I adopted a second cat last week",
    "The retry limit is 5",
    "Thanks! Pottery is a huge part of my life, it helps me express my emotions.",
    "The team moved to Berlin",
    "Thanks for the answer: the port is 8443",
    "The note to the board went out on Monday",
  ])("%j states something", (text) => {
    expect(phatic(text)).toBeNull();
  });
});

describe("statementsOfState: a value changed in passing", () => {
  it.each([
    [
      "Work has been hectic lately. By the way, I moved my dentist appointment to Thursdays.",
      ["I moved my dentist appointment to Thursdays."],
      "Work has been hectic lately.",
    ],
    [
      "Haha that movie was wild. Oh and my new job is at Globex, starting Monday! What are you up to?",
      ["my new job is at Globex, starting Monday!"],
      "Haha that movie was wild. What are you up to?",
    ],
    ["btw I switched my gym to Crunch on 5th street", ["I switched my gym to Crunch on 5th street"], ""],
    // A short lead-in closed by a colon announces its clause; a time's colon ("10:15") splits nothing.
    [
      "Sorry for going quiet! Big news though: my new job is at Globex. The standup is at 10:15.",
      ["my new job is at Globex."],
      "Sorry for going quiet! Big news though: The standup is at 10:15.",
    ],
    [
      "Long week. I no longer take the 7:40 train, I drive in now.",
      ["I no longer take the 7:40 train, I drive in now."],
      "Long week.",
    ],
    // A perfect of "be" that runs up to now ("…since the baby arrived") says a state that holds.
    [
      "The book club picked a long novel. I've been going to bed at 10:30 since the baby arrived. Any tips?",
      ["I've been going to bed at 10:30 since the baby arrived."],
      "The book club picked a long novel. Any tips?",
    ],
  ])("finds the statement in %j", (text, statements, rest) => {
    expect(statementsOfState(text)).toEqual({ statements, rest });
  });

  it.each([
    "I moved my dentist appointment to Thursdays.",
    "Maybe I should move my dentist appointment to Thursdays. Not sure yet.",
    "Did you move your dentist appointment? I can't remember.",
    "The weather was great. We went hiking by the lake.",
    "Should I switch gyms? My gym is getting crowded.",
    "The trip was long. I've been to Lisbon twice since the wedding.",
  ])("finds none in %j", (text) => {
    expect(statementsOfState(text).statements).toEqual([]);
  });
});

describe(`splicedStates (${SPLICED_STATE_RULE.name}): a statement of state joined to another sentence by a comma`, () => {
  it.each([
    [
      "switched muffin of the month to pumpkin chai, fall is here",
      ["switched muffin of the month to pumpkin chai"],
      "fall is here",
    ],
    [
      "the taxi i get now is TOA, the driver Jim is awfy kind and waits till i'm in the close",
      ["the taxi i get now is TOA"],
      "the driver Jim is awfy kind and waits till i'm in the close",
    ],
    [
      "The weather turned, we moved the standup to 10:30, the big room was booked",
      ["we moved the standup to 10:30"],
      "The weather turned, the big room was booked",
    ],
    [
      "We switched payroll to Gusto last week, my accountant was thrilled",
      ["We switched payroll to Gusto last week"],
      "my accountant was thrilled",
    ],
  ])("takes the statement out of %j", (sentence, statements, rest) => {
    expect(splicedStates(sentence)).toEqual({ statements, rest });
  });

  it.each([
    // A clause that points back at the statement belongs to it.
    "my nephew's birthday is actually the 21st of May, I had it wrong.",
    "Raised counter pay to $16.50 an hour, it's the only way to keep people.",
    "I moved my dentist appointment to Thursdays, which is annoying",
    // A clause left behind that says a change or a state of now may hold the value asked for.
    "Biscuit goes to Waggy Tails daycare on weekdays now, Jamal moved away.",
    "Zoe changed her mind, her favorite color is teal now and she wants the room to match.",
    // A clause that leans on the one before: a subordinator or a relative after the comma.
    "The lockbox arrived broken, since Kasia went back to uni full time",
    "We use Paws & Go now, who do his lunchtime walks",
    // A conjunction joins the clauses; the statement points back at the clause before.
    "Someone stole my Specialized from the garage, so I bought a Canyon Endurace.",
    "Admiral beat the renewal quote by two hundred quid, we signed with them instead.",
    // No clause of its own after the comma: a participle, a place, an apposition, a lead-in word.
    "my new job is at Globex, starting Monday!",
    "I moved to Leeds, near my sister",
    "I moved my dentist appointment to Thursdays, the launch permitting.",
    "We switched the bread flour to Central Milling last week, their high-protein one",
    "Honestly, I switched to Gusto last month",
    // A command is not read as a sentence of its own (its verb is tagged a noun).
    "We switched payroll to Gusto last week, call me tomorrow",
    "On 5 May, 2026, we moved to Leeds",
    // Every clause a state: one statement, kept whole.
    "I no longer take the 7:40 train, I drive in now.",
    // A subordinate clause first, reported speech, a hypothetical, a question.
    "If the bakery is closed, I moved the order to Tuesday",
    "When the lease ended, we moved the shop to Elm Street",
    "she said, we moved the meeting to Friday",
    "Maybe we switched to Gusto, the old one was dear",
    "Did you switch to Gusto, the old one was dear?",
  ])("leaves %j whole", (sentence) => {
    expect(splicedStates(sentence)).toBeNull();
  });

  it("statementsOfState takes the spliced statement out of a one-sentence turn, which was distilled whole", () => {
    expect(statementsOfState("switched muffin of the month to pumpkin chai, fall is here")).toEqual({
      statements: ["switched muffin of the month to pumpkin chai"],
      rest: "fall is here",
    });
  });
});

describe("distillation of chat turns", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
  });

  it("keeps acknowledgements, greetings and self-notes out of beliefs; they stay recallable episodes", async () => {
    ({ mem } = await testMemory());
    for (const text of ["Thanks, that helps.", "ok sounds good", "let me check", "brb", "Hey there!"])
      await mem.record(text);
    await mem.record("The retry limit for the billing export is 5");
    const report = await mem.consolidate();
    const beliefs = (await mem.list({ limit: 100 })).filter((b) => b.layer === "belief");
    expect(beliefs.map((b) => b.layer === "belief" && b.text)).toEqual([
      "The retry limit for the billing export is 5",
    ]);
    expect(
      report.items
        .filter((i) => i.action === "skipped")
        .map((i) => i.reason)
        .sort(),
    ).toEqual([
      "skipped: chit-chat",
      "skipped: chit-chat",
      "skipped: chit-chat",
      "skipped: chit-chat",
      "skipped: self-referential",
    ]);
    const health = await mem.health();
    expect(health.coverage).toMatchObject({
      episodes: 6,
      represented: 1,
      recallable: 5,
      uncovered: { count: 0 },
    });
  });

  it("gates a value changed in passing like a direct statement, and recall puts the latest first", async () => {
    const t = await testMemory();
    mem = t.mem;
    await mem.record("Ugh, my dentist appointment is on Tuesdays at 8, so mornings are rough.", {
      at: "2026-01-01",
    });
    await mem.consolidate();
    t.clock.advance(20 * DAY);
    const turn = await mem.record(
      "Work has been hectic lately. By the way, I moved my dentist appointment to Thursdays. Anyway, how was your weekend?",
      { at: "2026-01-21" },
    );
    await mem.consolidate();
    const made = (await mem.explain(turn.id)).supersedes.map((b) => b.text);
    expect(made).toContain("I moved my dentist appointment to Thursdays.");
    const hits = await mem.recall("When is my dentist appointment?", { k: 3 });
    expect(hits[0]?.text).toMatch(/Thursdays/);
    expect(hits[0]?.sources).toContain(turn.id);
  });
});

describe("a value changed in a comma splice supersedes like a sentence of its own", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
  });

  it("archives the older belief and recalls the newer first", async () => {
    const t = await testMemory();
    mem = t.mem;
    await mem.record("Muffin of the month is blueberry lemon.", { at: "2026-09-01" });
    await mem.consolidate();
    t.clock.advance(20 * DAY);
    const turn = await mem.record("switched muffin of the month to pumpkin chai, fall is here", {
      at: "2026-09-21",
    });
    await mem.consolidate();
    const made = (await mem.explain(turn.id)).supersedes.map((b) => b.text);
    expect(made).toEqual(["switched muffin of the month to pumpkin chai"]);
    const hits = await mem.recall("What's this month's muffin?", { k: 3 });
    expect(hits[0]?.text).toMatch(/pumpkin chai/);
    expect(hits.some((h) => h.text.includes("blueberry lemon"))).toBe(false);
  });
});

describe("announcesChange", () => {
  it.each([
    "My new manager is Tomasz since Priya moved to the platform team.",
    "Payroll changed so I get paid on the 1st now.",
    "I moved my swimming to the Eastside Aquatic Center, longer lanes.",
    "The search service is now owned by Priya",
    // The change is the second clause, joined by "so".
    "Rainy all week. My Trek got stolen so I bought a Cannondale, a green one this time.",
  ])("%j announces a change", (text) => {
    expect(announcesChange(text)).toBe(true);
  });
  it.each([
    "I run 5k every Saturday in the park.",
    "The neighbors got a new puppy, it's adorable.",
    "I also have a dog now.",
    "Should I switch gyms?",
    "My bike is a Trek and it rides well.",
  ])("%j does not", (text) => {
    expect(announcesChange(text)).toBe(false);
  });
});

describe("announcesReplacement: a change that ends what held before, not one that only begins something", () => {
  it.each([
    "I transferred to the search team last week, so different codebase now.",
    "Yoga class switched to Saturday mornings, which honestly suits me better.",
    "Because the 8:15 got cancelled, I catch the 7:40 express bus into the city now.",
    "I quit tennis after my knee surgery and joined a cycling club instead.",
    "I sold my cello last month and started taking drum lessons.",
    "My new manager is Tomasz since Priya moved to the platform team.",
  ])("%j replaces", (text) => {
    expect(announcesReplacement(text)).toBe(true);
  });
  it.each([
    // Each announces a change (`announcesChange`), one that adds beside what held.
    "I just joined a new LGBTQ activist group last Tues.",
    "I saw how counseling and support groups improved my life, so I started caring more about mental health.",
    "I just started volunteering at a local dog shelter once a month.",
    "I just got accepted for a fashion internship!",
    "We adopted a second cat from the shelter.",
    // Not a change at all.
    "I run 5k every Saturday in the park.",
  ])("%j does not", (text) => {
    expect(announcesReplacement(text)).toBe(false);
  });
});

describe("ADDITION_IN_ITS_OWN_CLAUSE: an additive word adds to its own clause, not to a change another clause says (below48)", () => {
  it.each([
    "Sorted a plan for Nikau at last, our neighbour Aunty Pania does the Monday pickup from kohanga now, she's got her own moko there too.",
    "My day off is Friday now, so Wednesday I'm doing the Okareka run as well.",
    "His missus reckons 120 people for the hangi now, need heaps more kai and another pit.",
    "The gym is on Main Street now, they also opened a pool.",
  ])("%j replaces", (text) => {
    expect(announcesReplacement(text)).toBe(true);
  });
  it.each([
    // The additive word in the change's own clause: an addition beside the older.
    "I've started using Starline for the minicab now too.",
    "I do yoga on Saturdays now too.",
    // A clause that keeps something, which may be the older.
    "I moved to the search team and I kept the old project as well.",
    "Our gym is the one on Main Street now, I still go to the pool too.",
    // In a clause with no verb of its own: it goes on with the change's own list.
    "I take the bus now, the car as well.",
  ])("%j does not", (text) => {
    expect(announcesReplacement(text)).toBe(false);
  });
});

describe(`${CREOLE_UNMARKED_PAST_RULE.name}: a Creole verb of change said bare after "mi" is a change done (below51)`, () => {
  it.each([
    "mi switch mi prescriptions to Day Lewis on Brigstock Road, dem deliver to the house so mi nuh haffi queue after nights",
    "so mi move di pardner to Sunday after service",
    "Lawd, mi finally change mi phone to Flow",
    "mi done cancel the Sky, it cost a fortune",
  ])("%j replaces", (text) => {
    expect(announcesReplacement(text, { unsaidSpeaker: false })).toBe(true);
  });
  it.each([
    // A marker of aspect, wish, need or negation before the verb: not a change done.
    "mi a switch to Flow next month",
    "mi waan move to Peckham",
    "mi nuh change nothing, mine sweeter",
    "mi wi move to Peckham",
    "mi haffi cancel the Sky",
    // English's bare verb after "I" is a habit, not a change.
    "I switch the heating off at night",
    // A verb that only begins something.
    "mi join the choir at Boulevard",
  ])("%j does not", (text) => {
    expect(announcesReplacement(text, { unsaidSpeaker: false })).toBe(false);
  });
});

describe(`${VIETNAMESE_CHANGE_RULE.name}: a Vietnamese verb of change with where the thing went, or "lên" to an amount, is a change made (below53)`, () => {
  it.each([
    // A verb of change, its object, where it went.
    "Tuần rồi anh đổi mật khẩu wifi thành mango77, nhớ nha.",
    "Lớp yoga dời qua thứ Năm vì cô giáo bận.",
    "Công ty chuyển anh sang ca đêm rồi.",
    "Chủ nhà nâng tiền nhà lên 1.500 đô từ tháng sau.",
    "Bác sĩ giảm liều thuốc xuống 5mg.",
    // Typed without marks, where the letters say one word.
    "anh doi mat khau thanh mango77 roi",
    // Up to an amount.
    "Tiền điện tháng này lên $180, trời ơi.",
    // From now on.
    "Từ giờ con đi học bằng xe buýt.",
  ])("%j replaces", (text) => {
    expect(saysVietnameseChange(text)).toBe(true);
  });
  it.each([
    // Negation, future, wish, plan, condition, a suggestion: no change made.
    "Anh chưa tính đổi nhà mạng đâu.",
    "Tháng sau anh sẽ chuyển qua Verizon.",
    "Anh muốn đổi qua gói rẻ hơn.",
    "Nếu dời qua thứ Bảy thì anh đi được.",
    "Bạn anh rủ anh đổi qua phòng gym khác.",
    "Để đi làm cho nhanh thì khỏi lên 45 kẹt xe.",
    // A clause that asks.
    "Tiệm có dời giờ qua 10 giờ sáng chưa",
    // "Back and forth".
    "Đổi qua đổi lại mệt lắm.",
    // Typed without marks, "doi qua" is as often "đói quá" (so hungry).
    "thang nho doi qua, an hoai khong no",
    // A bare "giờ" (now) opens plans as well as changes; it also counts hours.
    "Thôi để mai tính, giờ anh đi đón con.",
    "Con tập bóng tới 6 giờ chiều.",
    // English.
    "I moved the gym to Fridays.",
  ])("%j does not", (text) => {
    expect(saysVietnameseChange(text)).toBe(false);
  });
});

describe("ku18: changes said by raising, lowering or giving up a value, a lead-in, a correction, a return", () => {
  it.each([
    "We bumped the pipeline to Python 3.12 on Tuesday, only two tests broke.",
    "Company-wide we ditched Slack for Microsoft Teams this quarter and everyone is grumbling.",
    "Last week I swapped my bike for a scooter.",
    "Smashed it all week, so I raised my step goal to 12,000 a day.",
    "Correction: my nephew's birthday is actually the 21st of May.",
    "Childcare fell through, so I'm back to five days a week from this month.",
  ])("%j replaces", (text) => {
    expect(announcesReplacement(text)).toBe(true);
  });
  it.each([
    // A subordinate clause or a word of doubt before the speaker: no change made.
    "When I quit my job I was so relieved.",
    "Maybe we switched too early, who knows.",
    // "actually" without a possessed subject corrects no state; a way back is no state.
    "It's actually really fun, my kids love it.",
    "I actually love painting landscapes.",
    "I got back to the hotel late and crashed.",
  ])("%j does not", (text) => {
    expect(announcesReplacement(text)).toBe(false);
  });

  it("a meta lead-in closed by a colon announces the clause after it", () => {
    expect(
      statementsOfState(
        "Correction on something I told you ages ago: my nephew's birthday is actually the 21st of May, I had it wrong. Any gift ideas?",
      ).statements,
    ).toEqual(["my nephew's birthday is actually the 21st of May, I had it wrong."]);
  });
  it("a list's own long subject before a colon is not split off", () => {
    expect(
      statementsOfState("The three things I still need to buy this week: milk, eggs and bread. Any tips?")
        .statements,
    ).toEqual([]);
  });
});

describe("clausesOf: a comma joins two clauses, not a number's thousands", () => {
  it.each([
    ["Rent is ₹11,240 now, the landlord put it up", ["Rent is ₹11,240 now", "the landlord put it up"]],
    ["We pay $1,200 a month", ["We pay $1,200 a month"]],
    ["it was 1,234,567 in total", ["it was 1,234,567 in total"]],
    // Not a group of three digits: two numbers, split as written.
    ["pick 3,4 or 5", ["pick 3", "4 or 5"]],
    ["we sold 10, 200 people came", ["we sold 10", "200 people came"]],
    ["it's 12,5000 odd", ["it's 12", "5000 odd"]],
    ["I moved, I'm in Leeds now", ["I moved", "I'm in Leeds now"]],
  ])("%s", (sentence, expected) => {
    expect(clausesOf(sentence)).toEqual(expected);
  });
});
