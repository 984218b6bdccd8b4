/**
 * The agent instructions: how an agent uses Strata's tools, served as the MCP prompt
 * `memory-loop` and printed in docs/agent-instructions.md for AGENTS.md / CLAUDE.md / GEMINI.md.
 *
 * The loop is prose; the closing tool list is generated from the tool table (src/mcp/tools.ts),
 * so names and descriptions cannot drift from what the server serves. A test resolves every
 * tool, field and action the prose names against the served `tools/list` and fails when one is
 * missing; `npx tsx scripts/write-agent-instructions.ts` rewrites the docs page from this text.
 */
import { TOOLS, type ToolSpec } from "./tools.js";

const LOOP = `# Memory (Strata)

You have a long-term memory through the Strata tools. It keeps a small, current set of beliefs
with the evidence behind each one. Use it in a loop:

1. **Recall** before you act. At the start of a task call \`context\` with the goal: it carries
   identity, the last session's continuity digest, lessons, knowledge and recent events. Before
   any step you may have taken before (a deploy, a migration, an API call), call \`recall\`; a
   rule's exceptions say where it stops holding. Pinned items are standing constraints: follow them.
2. **Apply** what you recalled, and say which ids you relied on. When a recalled belief turns
   out right or wrong, call \`outcome\` with its \`id\` and \`success\`: outcomes are the only thing
   that moves confidence. When you only applied it, call \`outcome\` without \`success\` (a use
   keeps it fresh). Never re-record what you recalled; Strata treats that as an echo.
3. **Capture** as you work. \`record\` events worth remembering: decisions (and why), outcomes
   (success or failure), surprises, open questions. \`remember\` a durable fact, or a lesson from
   a failure with \`kind: "failure"\`; \`capture\` a rule as WHEN situation → PREFER action. One
   idea per call, in plain words, with the concrete values (names, numbers, versions).
4. **Distill** at natural pauses: \`inspect\` with \`what: "pending"\` lists episodes not yet
   turned into beliefs; read them and call \`settle\` with \`episodeIds\` and the \`propositions\`
   they support. Failures become lessons with \`valence: "failure"\`.
5. **Consolidate** now and then (or when recall feels noisy): \`sleep\` with
   \`action: "consolidate"\` merges duplicates, resolves contradictions and supersedes stale
   beliefs, and reports every change. Pairs it was unsure of are listed by \`inspect\` with
   \`what: "candidates"\`; answer them with \`settle\` and your \`judgments\`. \`inspect\` with
   \`what: "candidates"\` and \`review: true\` lists recent automatic supersessions and merges
   instead; \`settle\` with \`verdict: "distinct"\` in a judgment undoes a wrong one.

## Session wrap

Before a session ends (the user says goodbye, the task is done, or the context is nearly full),
wrap it, once per session; a short session still deserves a wrap:

1. Distill what is pending (step 4).
2. \`wrap\` with \`action: "prepare"\` returns a package of the session's episodes and a \`token\`.
3. Compress the package into the continuity digest yourself, as its instructions say (State,
   Patterns, Decisions, Context; patterns citing episode ids; markers such as "? question" and
   "[decided(…)]"), and send it with \`wrap\`, \`action: "save"\`, the \`token\` and your
   \`text\`. Nothing to say? \`action: "cancel"\`.
4. Call \`sleep\` with \`action: "consolidate"\` if episodes are still pending, else
   \`action: "maintain"\` (cheap decay).

## Rules of thumb

- Prefer recall over guessing. When you doubt a belief, \`inspect\` with \`what: "explain"\` and
  its \`id\` shows its sources, outcomes and history.
- A user's correction is a new fact: \`remember\` it; the old belief is superseded, not deleted.
- \`curate\` with \`action: "pin"\` only what the user states as a standing rule or identity;
  \`action: "restore"\` brings back an item retired or superseded by mistake.
- \`forget\` only when the user asks to erase something: it destroys content for good.
`;

/** One line per served tool: its name and the description the model sees in tools/list. */
export function renderToolList(tools: readonly ToolSpec[]): string {
  return ["## The tools", "", ...tools.map((t) => `- \`${t.name}\` (${t.title}): ${t.description}`), ""].join(
    "\n",
  );
}

export const AGENT_INSTRUCTIONS = `${LOOP}\n${renderToolList(TOOLS)}`;

/**
 * The same loop for an agent that has a shell but no MCP client: \`strata\` commands instead of
 * tools (anneal ships a CLI version of its instructions too). Printed by \`strata instructions --cli\`.
 */
export const CLI_AGENT_INSTRUCTIONS = `# Memory (Strata, command line)

You have a long-term memory through the \`strata\` command. It keeps a small, current set of
beliefs with the evidence behind each one. Every command takes \`--json\`. Use it in a loop:

1. **Recall** before you act. At the start of a task run \`strata context "<goal>"\`: identity,
   the last session's continuity digest, lessons, knowledge and recent events. Before any step
   you may have taken before, run \`strata recall "<what>"\`; a rule's exceptions say where it
   stops holding. Pinned items are standing constraints: follow them.
2. **Apply** what you recalled, and say which ids you relied on. When a belief turns out right or
   wrong, run \`strata outcome b12 success\` (or \`failure\`): the only thing that moves
   confidence. When you only applied it, run \`strata used b12\`. Never re-record what you recalled.
3. **Capture** as you work: \`strata record "<event>" --type decision\` (also observation, outcome
   with \`--outcome success|failure\`, question, tension, context); \`strata remember "<fact>"\`
   (\`--kind failure\` for a lesson); \`strata capture --when "<situation>" --prefer "<action>"\`.
   One idea per call, in plain words, with the concrete values.
4. **Distill** at natural pauses: \`strata pending\` lists episodes not yet turned into beliefs;
   \`strata distil --episodes e4,e7 "<proposition>"\` stores what they support.
5. **Consolidate** now and then: \`strata consolidate\` merges, resolves and supersedes, and says
   what it changed; \`strata candidates\` and \`strata judge\` settle the pairs it was unsure of.

## Session wrap

Before a session ends: \`strata prepare-wrap\` prints a package and a token; compress it into the
continuity digest as its instructions say (four sections, patterns citing episode ids, markers
such as "? question" and "[decided(…)]"), then save it with
\`strata save-continuity digest.md --token <token>\` (or pipe it on stdin). Then
\`strata consolidate\` if episodes are pending.

## Rules of thumb

- Prefer recall over guessing; prefer \`strata explain <id>\` over trusting a belief you doubt.
- A user's correction is a new fact: remember it; the old belief is superseded, not deleted.
- \`strata pin <id>\` only what the user states as a standing rule or identity.
- \`strata forget <id> --yes\` only when the user asks to erase something: it destroys content for good.
`;
