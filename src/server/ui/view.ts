/**
 * What a page renders with: the signed-in key, the namespace being viewed, what the key may do
 * there, and `call`, the one way a page reads or changes memory — through the operations
 * registry, after authorize() has checked the key's namespace and scope for that operation.
 */
import type { ApiKeyView } from "../../access/api-keys.js";
import type { Session } from "./session.js";

export interface View {
  /** Where the dashboard is mounted, e.g. `/ui`. */
  base: string;
  key: ApiKeyView;
  session: Session;
  namespace: string;
  /** Namespaces to offer in the picker. */
  namespaces: string[];
  canWrite: boolean;
  canAdmin: boolean;
  now: Date;
  /**
   * A namespace the picker's switch was refused (not a namespace, or outside the key): the header
   * shows it as typed, with the refusal under it, on the page the switch lands on.
   */
  refusedNamespace?: { typed: string; code: string; message: string };
  /** Runs an operation by name in the viewed namespace, as the key; FORBIDDEN if not allowed. */
  call<T>(operation: string, input?: unknown): Promise<T>;
}
