/**
 * Loads an optional dependency when a collection adapter first needs it, so `strata-memory` itself
 * never requires it: a missing package is an UNSUPPORTED error saying what to install.
 */
import { StrataError } from "../core/errors.js";

export async function loadOptional<T>(name: string, install: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND")
      throw new StrataError(
        "UNSUPPORTED",
        `This needs the optional package ${name}, which is not installed: run \`${install}\` beside strata-memory.`,
        { package: name },
      );
    throw error;
  }
}
