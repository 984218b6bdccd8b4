/**
 * A mistake in how the CLI was called (missing confirmation, unparsable number): `runMain`
 * maps it to exit code 2, like commander's own usage errors. Engine refusals stay StrataErrors
 * (exit 1).
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
  readonly code = "USAGE";
  /** What `--json` callers get as `error.details`: the flag and the value refused, where known. */
  readonly details: Record<string, unknown>;
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.details = details;
  }
}
