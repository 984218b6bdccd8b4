/**
 * Quality evaluations, by name: `npm run eval -- <name> [args…]`, or `npm run eval` for all.
 * Each eval returns a JSON report and its markdown; only this entry point reads argv,
 * the environment and prints.
 */

export interface EvalOutput {
  json: unknown;
  markdown: string;
}

type EvalMain = (args: readonly string[], env: NodeJS.ProcessEnv) => Promise<EvalOutput>;

/** Registered evals. Add one by name; it is loaded only when run. */
const EVALS: Record<string, () => Promise<EvalMain>> = {
  locomo: async () => {
    const m = await import("./locomo/index.js");
    return async (args, env) => {
      const report = await m.evaluateLocomo(m.parseLocomoArgs(args, env));
      return { json: report, markdown: m.renderLocomoMarkdown(report) };
    };
  },
  supersession: async () => {
    const m = await import("./supersession/index.js");
    return async (args) => {
      const report = await m.evaluateSupersession(m.parseSupersessionArgs(args));
      return { json: report, markdown: m.renderSupersessionMarkdown(report) };
    };
  },
  "judge-styles": async () => {
    const m = await import("./judge-styles/index.js");
    return async (args) => {
      const report = await m.evaluateJudgeStyles(m.parseJudgeStylesArgs(args));
      return { json: report, markdown: m.renderJudgeStylesMarkdown(report) };
    };
  },
  everyday: async () => {
    const m = await import("./everyday/index.js");
    return async (args) => {
      const report = await m.evaluateEveryday(m.parseEverydayArgs(args));
      return { json: report, markdown: m.renderEverydayMarkdown(report) };
    };
  },
  "knowledge-update": async () => {
    const m = await import("./knowledge-update/index.js");
    return async (args) => {
      const report = await m.evaluateKnowledgeUpdate(m.parseKnowledgeUpdateArgs(args));
      return { json: report, markdown: m.renderKnowledgeUpdateMarkdown(report) };
    };
  },
  closures: async () => {
    const m = await import("./closures/index.js");
    return async (args) => {
      const report = await m.evaluateClosures(m.parseClosuresArgs(args));
      return { json: report, markdown: m.renderClosuresMarkdown(report) };
    };
  },
  "rotting-stream": async () => {
    const m = await import("./rotting-stream/index.js");
    return async (args) => {
      const report = await m.evaluateRottingStream(m.parseRottingStreamArgs(args));
      return { json: report, markdown: m.renderRottingStreamMarkdown(report) };
    };
  },
};

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name && !EVALS[name]) {
    console.error(`E_UNKNOWN_EVAL: no eval named "${name}" (known: ${Object.keys(EVALS).join(", ")})`);
    return 2;
  }
  const names = name ? [name] : Object.keys(EVALS);
  for (const n of names) {
    const run = await EVALS[n]!();
    const out = await run(name ? rest : [], process.env);
    console.log(JSON.stringify({ eval: n, ...(out.json as object) }, null, 2));
    console.log(`\n## ${n}\n\n${out.markdown}\n`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // A mistyped argument is the caller's to fix: its message, no stack (exit 2, as E_UNKNOWN_EVAL).
    const usage = err instanceof Error && err.message.startsWith("E_BAD_ARGS");
    console.error(err instanceof Error ? (usage ? err.message : (err.stack ?? err.message)) : err);
    process.exitCode = usage ? 2 : 1;
  },
);
