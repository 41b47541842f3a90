import type { ErrorBody } from './errors.ts';

// The fake's state, which the store, the search and the server all read or change, and the answer every
// handler gives. Kept apart from the code that acts on it so that each part depends only on these shapes.

export interface RecordedRequest {
  method: string;
  /** The request target as sent: path and query string. */
  path: string;
  /** The JSON body, or the raw text when it is not JSON. */
  body?: unknown;
  authorization?: string;
}

export type Document = Record<string, unknown>;

export interface IndexState {
  primaryKey: string | null;
  /** Keyed by the document id as a string, as Meilisearch compares ids; a replaced document keeps its place. */
  documents: Map<string, Document>;
  /** Only the settings that were changed; defaultSettings() supplies the rest. */
  settings: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export type TaskType = 'indexCreation' | 'indexDeletion' | 'settingsUpdate' | 'documentAdditionOrUpdate' | 'documentDeletion' | 'indexSwap';

export interface Task {
  uid: number;
  indexUid: string | null;
  status: 'succeeded' | 'failed';
  type: TaskType;
  error: ErrorBody | null;
  enqueuedAt: string;
  startedAt: string;
  finishedAt: string;
}

export interface EngineState {
  apiKey: string;
  apiKeyUid: string;
  startedAt: string;
  indexes: Map<string, IndexState>;
  tasks: Task[];
  requests: RecordedRequest[];
  healthy: boolean;
  searchFailing: boolean;
}

export interface Answer {
  status: number;
  body: unknown;
}

export const now = () => new Date().toISOString();
