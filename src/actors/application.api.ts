import ky from 'ky';
import type { SubmitApplicationInput, SubmitApplicationOutput } from '../../machines/artist-application.machine';
import { toApiError } from '../api/errors';

function origin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

/**
 * POST /api/v1/artist/application as multipart form data. Not the shared client: that one sets a JSON
 * Content-Type, and multipart needs the browser to write its own (with the boundary). Public, so no token.
 */
export async function submitApplication({ fields, sample }: SubmitApplicationInput): Promise<SubmitApplicationOutput> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (sample) form.append('sample', sample, sample.name);
  try {
    return await ky
      .post(new URL('/api/v1/artist/application', origin()), {
        body: form,
        headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        timeout: false,
        retry: 0,
      })
      .json<SubmitApplicationOutput>();
  } catch (error) {
    throw await toApiError(error);
  }
}
