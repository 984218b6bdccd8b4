/**
 * A refusal beyond a schema (a rule across fields, a time in the future) names the input fields it
 * is about in the library's words (`types`, `kinds`, `at`, `kind: "procedure"`) and lists them in
 * its details: `details.field`, and `details.fields` when it names more than one. Each surface
 * says those names its own way in one place at its boundary (the CLI: the flag, `--type` for
 * `types`; MCP: the tool's argument; REST: the JSON field or query parameter), as verb-calls.ts
 * does for the verbs a message names, so a CLI user is never told about an option they cannot
 * type. Only the listed names are rewritten, and only as words of the message's own: never inside
 * a quoted value (`"episode"`), never as part of a longer name (`metadata.strata:key`).
 *
 *   rewriteFieldNames('types filters episodes, but kinds leaves episodes out: add "episode" to kinds',
 *     ["types", "kinds"], (f) => (f === "types" ? "--type" : `--${f}`))
 *   // → 'types…' said as '--type filters episodes, but --kinds leaves episodes out: add "episode" to --kinds'
 *
 * A field set to a value (`kind: "procedure"`, `confirm: true`) is rendered whole, so the CLI can
 * say `--kind procedure` and `--yes`.
 */

/**
 * The fields a refusal's message names: `details.fields`, else `details.field`; [] when it names
 * none. A refusal whose prose uses a field's name as a plain word ("an export of namespace x")
 * says `fields: []`, so no surface rewrites it.
 */
export function refusedFields(details: Readonly<Record<string, unknown>>): string[] {
  const listed = Array.isArray(details.fields)
    ? details.fields.filter((f): f is string => typeof f === "string")
    : typeof details.field === "string"
      ? [details.field]
      : [];
  // A name, not an environment variable's (STRATA_JUDGE_MODEL is said as it is set everywhere).
  return [...new Set(listed)].filter((f) => /^[A-Za-z][A-Za-z0-9_]*$/.test(f) && !/^[A-Z0-9_]+$/.test(f));
}

/** How a surface says a field, and a field set to a value (`value` as the message wrote it: `"procedure"`, `true`). */
export type FieldRender = (field: string, value?: string) => string | null;

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `message` with each of `fields` said as `render` says it; a field `render` answers null for is
 * left as it is. Quoted text ("…") is never rewritten.
 */
export function rewriteFieldNames(message: string, fields: readonly string[], render: FieldRender): string {
  if (fields.length === 0) return message;
  const names = [...fields]
    .sort((a, b) => b.length - a.length)
    .map(literal)
    .join("|");
  // Quoted text, kept whole; or a name alone, not part of a path (metadata.x, a:b) or a longer
  // word, with the value it is set to when the message writes one (`kind: "procedure"`).
  const token = new RegExp(
    `"[^"]*"|(?<![\\w.:/@-])(${names})(?:: ("[^"]*"|true|false|-?\\d+(?:\\.\\d+)?))?(?![\\w:/@-]|\\.\\w)`,
    "g",
  );
  return message.replace(token, (whole, field: string | undefined, value: string | undefined) =>
    field === undefined ? whole : (render(field, value) ?? whole),
  );
}
