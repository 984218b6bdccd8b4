export {
  type ApiKeyInput,
  type ApiKeyView,
  authorize,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  verifyApiKey,
} from "./access/api-keys.js";
export { type ArrayCollection, arrayCollection } from "./collections/array-collection.js";
export { type AuditJsonlVerification, verifyAuditJsonl } from "./core/audit.js";
export type { WrapPackage } from "./core/continuity/package.js";
export type { PreparedWrap, SaveReport } from "./core/continuity/wraps.js";
export type {
  CollectionMark,
  CollectionPage,
  CollectionRecord,
  VectorCollection,
} from "./core/curation/collection.js";
export {
  CURATE_MODES,
  type CurateAction,
  type CurateHooks,
  type CurateItem,
  type CurateMode,
  type CurateOptions,
  CurateOptionsSchema,
  type CurateProgress,
  type CurateResult,
  curate,
  curationNamespace,
  DEFAULT_MARK_KEY,
  parseCurateOptions,
} from "./core/curation/curate.js";
export {
  createEngine,
  describeBelief,
  type EngineOptions,
  type HistoryResult,
  Memory,
  type MemoryItem,
  type ProgressHooks,
  type SleepCall,
} from "./core/engine.js";
export { ERROR_CODES, type ErrorCode, isStrataError, StrataError } from "./core/errors.js";
export {
  type BatchResult,
  MAX_BATCH_ITEMS,
  type RecordItem,
  type RememberItem,
} from "./core/gated-writes.js";
export { createLexicalJudge, lexicalSimilarity } from "./core/judge/lexical-judge.js";
export { immunity, isProven, type MaintainItem, type MaintainReport, retention } from "./core/maintain.js";
export * from "./core/model.js";
export {
  type Access,
  OPERATION_BY_NAME,
  OPERATIONS,
  type Operation,
  type OperationContext,
  runOperation,
} from "./core/operations/index.js";
export { DEFAULT_POLICY, type Policy, type PolicyInput, PolicySchema } from "./core/policy.js";
export type * from "./core/ports.js";
export type { CandidatePair, ReviewDecision } from "./core/sleep/agent-judge.js";
export { HEALTH_CLASSES, type HealthClass, type HealthReport } from "./core/sleep/health.js";
export { SLEEP_ACTIONS, type SleepAction, type SleepItem, type SleepReport } from "./core/sleep/report.js";
export {
  CONSOLIDATE_REASONS,
  type ConsolidateReason,
  createWorker,
  type NamespaceOutcome,
  pendingRequest,
  type RunningWorker,
  requestConsolidation,
  startWorker,
  type TickResult,
  Worker,
  type WorkerHooks,
  type WorkerOptionsInput,
  type WorkerReport,
  type WorkerRequest,
  workerReports,
} from "./core/worker/index.js";
export { createHashedEmbedder } from "./embed/hashed-embedder.js";
export { createAnthropicJudge } from "./judge/anthropic-judge.js";
export { createJudgeFromConfig, type JudgeProvider, type ModelJudgeConfig } from "./judge/config.js";
export type { ModelJudge, ModelJudgeOptions } from "./judge/model-judge.js";
export { createOpenAiJudge, type OpenAiJudgeOptions } from "./judge/openai-judge.js";
export { type OpenMemoryOptions, openMemory, systemClock } from "./open-memory.js";
export { SqliteStore, type SqliteStoreOptions, type StoreUpgrade } from "./store/sqlite/sqlite-store.js";
export { createGptTokenizer } from "./tokenizer/gpt-tokenizer.js";
