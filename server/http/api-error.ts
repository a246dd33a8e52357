import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldErrors } from '../../contracts/http';

/** A failure the client caused or may see: rendered as the `{message, errors?}` envelope by onError. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 422 with messages under one field, the shape the SPA shows beside that field. */
export const fieldError = (message: string, field: string, fieldMessage = message) =>
  new ApiError(422, message, { [field]: [fieldMessage] });
