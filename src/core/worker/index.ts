/** The background worker's public face: the loop, its options, its records. */
export {
  parseDailyTime,
  parseDuration,
  parseWorkerOptions,
  type WorkerOptionsInput,
  type WorkerSettings,
} from "./options.js";
export {
  CONSOLIDATE_REASONS,
  type ConsolidateReason,
  type ConsolidateReasonCode,
  pendingRequest,
  requestConsolidation,
  WORKER_RUN_STATUSES,
  type WorkerReport,
  type WorkerRequest,
  workerReports,
} from "./records.js";
export { consolidationReasons, type NamespaceSignals } from "./triggers.js";
export {
  createWorker,
  describeReport,
  type NamespaceOutcome,
  type NamespaceStatus,
  type RunningWorker,
  startWorker,
  type TickResult,
  timerSleep,
  Worker,
  type WorkerHooks,
} from "./worker.js";
