import { createHmac, timingSafeEqual } from 'node:crypto';
import { allMailCategories, type MailCategory } from '../../contracts/mail';

// The one-click unsubscribe link: `<user id>.<category>.<signature>`, signed with a key derived from
// the JWT secret. It needs no login and never expires; it can only turn one kind of mail off for one person.

export interface UnsubscribeSigner {
  token(userId: number, category: MailCategory): string;
  url(userId: number, category: MailCategory): string;
  verify(token: string): { userId: number; category: MailCategory } | null;
}

export function createUnsubscribeSigner(jwtSecret: string, publicUrl: string): UnsubscribeSigner {
  const key = createHmac('sha256', jwtSecret).update('labsongs mail unsubscribe').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url').slice(0, 32);
  const token = (userId: number, category: MailCategory) => `${userId}.${category}.${sign(`${userId}.${category}`)}`;
  return {
    token,
    url: (userId, category) => `${publicUrl}/mail/unsubscribe?token=${encodeURIComponent(token(userId, category))}`,
    verify(value) {
      const match = /^(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{32})$/.exec(value);
      if (!match) return null;
      const [, id, category, signature] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(`${id}.${category}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (!(allMailCategories as readonly string[]).includes(category)) return null;
      return { userId: Number(id), category: category as MailCategory };
    },
  };
}
