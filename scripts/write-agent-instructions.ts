// Rewrites docs/agent-instructions.md from the served texts (src/mcp/agent-instructions.ts).
//   npx tsx scripts/write-agent-instructions.ts
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { AGENT_INSTRUCTIONS, CLI_AGENT_INSTRUCTIONS } from "../src/mcp/agent-instructions.js";

const header = `<!--
  Strata agent instructions. Paste the block below into AGENTS.md (Codex), CLAUDE.md (Claude Code)
  or GEMINI.md (Gemini CLI), or run \`strata instructions >> AGENTS.md\`. The MCP server serves the
  same text as the prompt "memory-loop". For an agent with a shell and no MCP client, the second
  block (\`strata instructions --cli\`) teaches the same loop with \`strata\` commands.
  Generated from src/mcp/agent-instructions.ts by scripts/write-agent-instructions.ts: edit that
  file, not this one.
-->

`;
writeFileSync(
  join(import.meta.dirname, "../docs/agent-instructions.md"),
  `${header}${AGENT_INSTRUCTIONS.trimEnd()}\n\n---\n\n<!-- strata instructions --cli -->\n\n${CLI_AGENT_INSTRUCTIONS}`,
);
