/**
 * The agent instructions: how an agent uses Strata's tools, served as the MCP prompt
 * `memory-loop` and printed verbatim in docs/agent-instructions.md for AGENTS.md / CLAUDE.md
 * (a test keeps the two identical).
 */
export const AGENT_INSTRUCTIONS = `# Memory (Strata)

You have a long-term memory through the Strata tools. It keeps a small, current set of beliefs
with the evidence behind each one. Use it in a loop:

1. **Recall** before you act. At the start of a task call \`context\` with the goal; before any
   step you may have taken before (a deploy, a migration, an API call), call \`recall\`.
   Pinned items are standing constraints: follow them.
2. **Apply** what you recalled, and say which ids you relied on. When a recalled belief turns
   out right or wrong, call \`outcome\` with its id: outcomes are the only thing that moves
   confidence. Never re-record what you recalled; Strata treats that as an echo.
3. **Capture** as you work. \`record\` events worth remembering: decisions (and why), outcomes
   (success or failure), surprises, open questions. \`remember\` a durable fact or a lesson from
   a failure (kind "failure"); \`capture\` a rule as WHEN situation → PREFER action. One idea per
   call, in plain words, with the concrete values (names, numbers, versions).
4. **Distill** at natural pauses: \`pending\` lists episodes not yet turned into beliefs; read them
   and call \`distil\` with the propositions they support, citing their ids. Failures become
   lessons with valence "failure".
5. **Consolidate** now and then (or when recall feels noisy): \`consolidate\` merges duplicates,
   resolves contradictions and supersedes stale beliefs, and reports every change. When it
   leaves pairs unsure, \`candidates\` shows them and \`judge\` takes your verdicts; with
   review, \`candidates\` lists recent automatic supersessions, and "distinct" undoes a wrong one.

## Session wrap

Before a session ends (the user says goodbye, the task is done, or the context is nearly full):
distil what is pending, then call \`maintain\`. Wrap once per session; a short session still
deserves a wrap. If the server offers \`prepare_wrap\` and \`save_continuity\`, use them: prepare,
compress the recent episodes into the continuity digest yourself, citing episode ids, then save.

## Rules of thumb

- Prefer recall over guessing; prefer \`explain\` over trusting a belief you doubt.
- A user's correction is a new fact: \`remember\` it; the old belief is superseded, not deleted.
- \`pin\` only what the user states as a standing rule or identity.
- \`forget\` only when the user asks to erase something: it destroys content for good.
`;
