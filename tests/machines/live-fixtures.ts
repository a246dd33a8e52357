// Live hints (pushed changes and notifications) and an order page that watches them, shared by the
// live routing's tests and the root's.
import type { LiveWatch } from '../../machines/live';
import { hintFromChange, hintFromNotification } from '../../machines/live-hints';

export const accepted = hintFromChange({ kind: 'order', id: 7, status: 'in_progress', reference: 'OR1007' });
export const approved = hintFromChange({ kind: 'application', id: 2, status: 'approved' });
export const acceptedNote = hintFromNotification({
  type: 'accepted_by_artist',
  title: 'An artist accepted your order',
  body: 'Ana is now working on the song for Jo (OR1007).',
});
export const approvedNote = hintFromNotification({
  type: 'application_approved',
  title: 'Application approved',
  body: 'Welcome aboard.',
});
export const orderPage: LiveWatch = { kinds: ['order', 'offer', 'refund'], orderId: 7, reference: 'OR1007' };
