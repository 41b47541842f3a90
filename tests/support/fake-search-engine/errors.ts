// Errors, in Meilisearch's format. Thrown by handlers; a task records them instead of answering with them.

export interface ErrorBody {
  message: string;
  code: string;
  type: string;
  link: string;
}

export class EngineError extends Error {
  readonly status: number;
  readonly code: string;
  readonly type: string;

  constructor(status: number, code: string, message: string, type = 'invalid_request') {
    super(message);
    this.status = status;
    this.code = code;
    this.type = type;
  }

  toBody(): ErrorBody {
    return { message: this.message, code: this.code, type: this.type, link: `https://docs.meilisearch.com/errors#${this.code}` };
  }
}

export const indexNotFound = (uid: string) => new EngineError(404, 'index_not_found', `Index \`${uid}\` not found.`);

/** Meilisearch's answer when it fails itself: a failing search, or a bug in the fake. */
export const internalError = (message: string) => new EngineError(500, 'internal', message, 'internal');
