import { describe, expect, it } from "vitest";
import { parseEvidence, parseLocomo, parseLocomoDate } from "../../eval/locomo/dataset.js";

const fixture = [
  {
    conversation: {
      speaker_a: "Ana",
      speaker_b: "Ben",
      session_1_date_time: "1:56 pm on 8 May, 2023",
      session_1: [
        { speaker: "Ana", dia_id: "D1:1", text: "I adopted a cat." },
        { speaker: "Ben", dia_id: "D1:2", text: "Look!", blip_caption: "a photo of a dog" },
      ],
      session_2_date_time: "10:04 am on 19 June, 2023",
      session_2: [{ speaker: "Ana", dia_id: "D2:1", text: "The cat is called Miso." }],
      // A date with no session, as the real data has.
      session_3_date_time: "9:00 am on 1 July, 2023",
    },
    qa: [
      { question: "What pet?", answer: "cat", evidence: ["D1:1"], category: 4 },
      { question: "Both?", answer: "x", evidence: ["D1:1; D2:1"], category: 1 },
      { question: "Spaces?", answer: "x", evidence: ["D1:2 D2:1"], category: 1 },
      { question: "Padded?", answer: "x", evidence: ["D2:01"], category: 2 },
      { question: "Broken?", answer: "x", evidence: ["D:11:26", "D", "D1:1"], category: 3 },
      { question: "Missing turn?", answer: "x", evidence: ["D9:9"], category: 4 },
      { question: "No evidence?", adversarial_answer: "x", evidence: [], category: 5 },
    ],
  },
];

describe("LoCoMo loader", () => {
  const data = parseLocomo(fixture);
  const conv = data.conversations[0]!;

  it("reads only session_<n> keys and dates each turn one second apart", () => {
    expect(conv.turns.map((t) => t.diaId)).toEqual(["D1:1", "D1:2", "D2:1"]);
    expect(conv.turns[0]!.at).toBe("2023-05-08T13:56:00.000Z");
    expect(conv.turns[1]!.at).toBe("2023-05-08T13:56:01.000Z");
    expect(conv.turns[2]!.at).toBe("2023-06-19T10:04:00.000Z");
    expect(data.stats.sessions).toBe(2);
  });

  it("appends the image caption to an image turn", () => {
    expect(conv.turns[1]!.content).toBe("Look! [image: a photo of a dog]");
  });

  it("splits evidence on ; and whitespace, and un-pads ids", () => {
    expect(conv.questions.map((q) => q.evidence)).toEqual([
      ["D1:1"],
      ["D1:1", "D2:1"],
      ["D1:2", "D2:1"],
      ["D2:1"],
      ["D1:1"],
    ]);
  });

  it("drops and counts malformed ids, missing turns and questions without evidence", () => {
    expect(data.stats).toMatchObject({
      questions: 7,
      splitEvidence: 2,
      zeroPadded: 1,
      malformedIds: 2,
      missingTurns: 1,
      questionsWithoutEvidence: 2,
    });
  });

  it("parses 12-hour dates, midnight and noon included", () => {
    expect(parseLocomoDate("12:05 am on 1 January, 2023")).toBe("2023-01-01T00:05:00.000Z");
    expect(parseLocomoDate("12:30 pm on 2 March, 2023")).toBe("2023-03-02T12:30:00.000Z");
    expect(() => parseLocomoDate("yesterday")).toThrow(/unrecognised/);
  });

  it("reports what it repaired in one evidence string", () => {
    expect(parseEvidence("D8:6; D9:17")).toEqual({
      ids: ["D8:6", "D9:17"],
      split: true,
      zeroPadded: 0,
      malformed: 0,
    });
  });
});
