/** Errors a client can cause, with the HTTP status and the sentence they see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, message);
/** Also used for resources the caller may not see, so they cannot be told apart from missing ones. */
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const unavailable = (message: string, retryAfterS = 5) =>
  new HttpError(503, message, { 'retry-after': String(retryAfterS) });

/** An uploaded file that is not an acceptable image; the message says why. */
export class ImageRejected extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'ImageRejected';
  }
}
