import type { HTTPError } from 'ky';
import type { FieldErrors } from '../../contracts/http';
import { clientMessages } from '../../contracts/messages';

/** What every failed call turns into: the server's message and per-field errors, when it sent them. */
export interface ApiError {
  status: number | undefined;
  message: string;
  errors?: FieldErrors;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'message' in value && 'status' in value;
}

/**
 * ky's HTTPError, known by its name and answer: importing the class would bring ky with the first page,
 * which loads it only with its first call (src/api/client.ts).
 */
function isHttpError(error: unknown): error is HTTPError {
  return error instanceof Error && error.name === 'HTTPError' && 'response' in error;
}

export async function toApiError(error: unknown): Promise<ApiError> {
  if (isApiError(error)) return error;
  if (isHttpError(error)) {
    const status = error.response.status;
    try {
      const body = (await error.response.clone().json()) as { message?: unknown; errors?: unknown };
      const errors = body.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : undefined;
      return {
        status,
        message: typeof body.message === 'string' ? body.message : error.message,
        ...(errors ? { errors } : {}),
      };
    } catch {
      return { status, message: error.response.statusText || clientMessages.network };
    }
  }
  if (error instanceof Error && error.name === 'TypeError')
    return { status: undefined, message: clientMessages.network };
  return { status: undefined, message: error instanceof Error ? error.message : String(error) };
}
