import { toApiError } from './errors';

/** Runs a call and turns any failure into the ApiError shape the machines read. */
export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error);
  }
}
