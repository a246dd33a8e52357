// The failure every named network actor rejects with (docs/architecture.md §3, src/api/errors.ts): the server's
// message and, for a validation answer, per-field errors. Machines read it through these helpers so
// that a thrown Error or a string from a fake still lands as a toast message.
import type { FieldErrors } from '../contracts/http';
import { serverErrorMessage } from '../contracts/messages';

export interface ActorFailure {
  status?: number | undefined;
  message: string;
  errors?: FieldErrors | undefined;
}

export function readFailure(error: unknown): ActorFailure {
  if (typeof error === 'object' && error !== null) {
    const e = error as { status?: unknown; message?: unknown; errors?: unknown };
    const status = typeof e.status === 'number' ? e.status : undefined;
    const message = typeof e.message === 'string' && e.message !== '' ? e.message : serverErrorMessage;
    const errors = isFieldErrors(e.errors) ? e.errors : undefined;
    return { status, message, errors };
  }
  if (typeof error === 'string' && error !== '') return { message: error };
  return { message: serverErrorMessage };
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))
  );
}

/** docs/product.md §5 shared error handling: a response with an errors object sets per-field errors. */
export function hasFieldErrors(error: unknown): boolean {
  const { errors } = readFailure(error);
  return errors !== undefined && Object.keys(errors).length > 0;
}

/** The errors map without one field (a field's server error clears when the user edits it). */
export function withoutField(errors: FieldErrors, name: string): FieldErrors {
  if (!(name in errors)) return errors;
  const { [name]: _removed, ...rest } = errors;
  return rest;
}

/** The default of a named actor the app must provide: rejects, so the machine still runs in the visualiser. */
export function notProvided(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`${name} not provided`));
}
