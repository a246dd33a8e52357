import * as v from 'valibot';
import { applicationSchema, artistMessages } from '../../contracts/artist';
import { issuesToFieldErrors } from '../../contracts/auth';
import { fieldMessages } from '../../contracts/field-messages';
import { serverMessages } from '../../contracts/server-messages';
import { enforceRate } from '../auth/auth.handlers';
import { authRateRules } from '../auth/rate-rules';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/database';
import { ApiError } from '../http/api-error';
import { clientIp } from '../http/client-ip';
import { ok } from '../http/envelope';
import { discardUploads, type MultipartForm, readMultipart } from '../http/multipart';
import { enqueueMail } from '../mail/queue';
import { claimEmail } from '../users/account-restore';
import { createAccount } from '../users/accounts';
import { saveProfile } from './artists.repository';
import { insertSong } from './songs.repository';
import { assertStageNameFree } from './stage-names';
import { temporaryPassword } from './temporary-password';

export const APPLICATION_SAMPLE_TITLE = 'Application sample';

const emailTaken = () => new ApiError(422, serverMessages.validationFailed, { email: [fieldMessages.emailTaken] });

/**
 * POST /api/v1/artist/application (public, multipart): creates the artist with app_status
 * `incomplete`, keeps links and pitch on the profile and the optional `sample` as a first song, and
 * mails a temporary password (docs/architecture.md §5). The four parts of the form come after the first login.
 */
export async function apply(c: AppContext) {
  const { db, storage, passwords, clock, config, rateLimiter } = c.var;
  // Counted before the body is read: every attempt may make the server store a file.
  enforceRate(await rateLimiter.hit(authRateRules(config.rateLimits).applyClient, clientIp(c, config.trustProxy)));
  const form: MultipartForm = await readMultipart(c, { sample: { kind: 'songs', family: 'audio' } });
  let keepFiles = false;
  try {
    const parsed = v.safeParse(applicationSchema, form.fields, { abortPipeEarly: true });
    if (!parsed.success) throw new ApiError(422, serverMessages.validationFailed, issuesToFieldErrors(parsed.issues));
    const body = parsed.output;
    await claimEmail(db, 'artist', body.email, clock.now());
    await assertStageNameFree(db, body.stage_name, null);

    const password = temporaryPassword();
    const passwordHash = await passwords.hash(password);
    const now = clock.now();
    const sample = form.files.sample;
    try {
      await db.transaction().execute(async (trx) => {
        const created = await createAccount(
          trx,
          passwords,
          {
            type: 'artist',
            email: body.email,
            passwordHash,
            first_name: body.first_name,
            last_name: body.last_name,
            contact_number: body.contact_number,
            country: body.country,
            dial_code: body.dial_code,
            stage_name: body.stage_name,
            app_status: 'incomplete',
          },
          now,
        );
        await saveProfile(trx, created.id, { links: JSON.stringify(body.links), pitch: body.pitch }, now);
        if (sample) {
          await insertSong(trx, {
            user_id: created.id,
            title: APPLICATION_SAMPLE_TITLE,
            file_key: sample.name,
            mime: sample.mime,
            size: sample.size,
            created_at: now.toISOString(),
          });
        }
        await enqueueMail(
          trx,
          { userId: created.id },
          {
            kind: 'application_received',
            data: { email: created.email, temporary_password: password },
            key: `application_received:${created.id}`,
            at: now,
          },
        );
        return created;
      });
    } catch (error) {
      // Two applications with one email or stage name at the same moment: the unique indexes decide.
      if (isUniqueViolation(error)) {
        await assertStageNameFree(db, body.stage_name, null);
        throw emailTaken();
      }
      throw error;
    }
    keepFiles = true;
    return ok(c, null, artistMessages.applicationReceived, 201);
  } finally {
    if (!keepFiles) await discardUploads(storage, form);
  }
}
