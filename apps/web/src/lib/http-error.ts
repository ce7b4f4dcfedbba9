// An error with an HTTP-like status for failures that are not API responses (ERR-01/ERR-04).
export class HttpError extends Error {
  status: number;

  constructor(message: string, status = 500) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}
