// The social sign-up return's `register` parameter, decoded. Loaded only when an address carries it,
// so that the schema library's parsing stays out of the code every page runs.
import * as v from 'valibot';
import { socialRegisterSchema } from '../../../contracts/auth';

export type SocialRegisterPrefill = v.InferOutput<typeof socialRegisterSchema>;

/** The `register` parameter: JSON, URI-encoded or base64(url)-encoded. Undecodable → null. */
export function decodeSocialRegister(raw: string): SocialRegisterPrefill | null {
  const attempts = [
    () => raw,
    () => decodeURIComponent(raw),
    () =>
      new TextDecoder().decode(
        Uint8Array.from(atob(raw.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
      ),
  ];
  for (const attempt of attempts) {
    try {
      const parsed = v.safeParse(socialRegisterSchema, JSON.parse(attempt()));
      if (parsed.success) return parsed.output;
    } catch {
      // try the next encoding
    }
  }
  return null;
}
