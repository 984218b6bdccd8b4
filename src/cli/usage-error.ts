/**
 * A mistake in how the CLI was called (missing confirmation, unparsable number): `runMain`
 * maps it to exit code 2, like commander's own usage errors. Engine refusals stay StrataErrors
 * (exit 1).
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
  readonly code = "USAGE";
}
