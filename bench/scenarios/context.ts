import type { BenchConfig } from '../config';
import type { Generator } from '../generator';
import type { AppCredentials } from '../ipc';
import type { ProcessGroups } from '../proc';

/** The server (or relay) under test. */
export interface Target {
  name: string;
  pid: number;
  /** ws://127.0.0.1:<port>/im */
  wsUrl: string;
  /** http://127.0.0.1:<port>/healthz */
  healthUrl: string;
  /** null for the relay, which needs no userSig. */
  app: AppCredentials | null;
}

export interface ScenarioContext {
  gen: Generator;
  target: Target;
  cfg: BenchConfig;
  /** Processes whose CPU use is reported for each measured window (server, generator, postgres, nats…). */
  cpuGroups: ProcessGroups;
  /** Makes user IDs and message IDs unique within one database. */
  tag: string;
  log: (line: string) => void;
}

export const SIG_EXPIRE_SECONDS = 7 * 24 * 3600;
