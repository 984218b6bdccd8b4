/** The operations registry: every verb declared once; surfaces project it. */
export { LIBRARY_ONLY_METHODS, OPERATION_BY_NAME, OPERATIONS } from "./catalog.js";
export {
  ACCESS_LEVELS,
  type Access,
  allows,
  type HttpMethod,
  type HttpRoute,
  OPERATION_GROUPS,
  type Operation,
  type OperationAnnotations,
  type OperationContext,
  type OperationGroup,
  type OperationLink,
} from "./operation.js";
export { runOperation } from "./run.js";
