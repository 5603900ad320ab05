export { createSignal, type Signal, type WakeSource } from './signal.ts';
export { startWorker, WorkerStoppedError, type Backoff, type RunReason, type Worker, type WorkerOptions } from './worker.ts';
export {
  listeningIdleMs,
  NOTIFIED_SAFETY_POLL_MS,
  ONE_PROCESS_SAFETY_POLL_MS,
  pollingInOneProcess,
  pollingWithNotifications,
  pollingWithReplicas,
  type Polling,
} from './polling.ts';
