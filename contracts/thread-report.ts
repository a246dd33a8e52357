import * as v from 'valibot';
import { fieldMessages as m } from './field-messages';
import { textInput } from './text';

// Reporting a conversation (docs/product.md "Order messages", docs/api.md "Reporting a conversation"): the
// customer or the artist sends the order's thread to the team's support queue, with a reason. One open
// report per person and order: a second waits until the team closed the first.

export const REPORT_REASON_MIN = 10;
export const REPORT_REASON_MAX = 1000;

export const threadReportTexts = {
  reasonRequired: 'Tell our team what is wrong in this conversation',
  reasonTooShort: `Please write at least ${REPORT_REASON_MIN} characters, so our team knows what to look for`,
  reasonTooLong: `Please keep the reason under ${REPORT_REASON_MAX} characters`,
  alreadyReported: 'You already reported this conversation. Our team is looking at it and will write to you by email.',
  sent: 'Thank you. Our team will read this conversation and write to you by email.',
  /** The dialog's question, before the report goes. */
  confirm:
    'Our team will read this whole conversation and may write to both of you. The other person is not told who reported it.',
} as const;

/** POST /user|artist/orders/{id}/messages/report. */
export const threadReportSchema = v.strictObject({
  reason: v.pipe(
    textInput(m.mustBeText, true),
    v.trim(),
    v.nonEmpty(threadReportTexts.reasonRequired),
    v.minLength(REPORT_REASON_MIN, threadReportTexts.reasonTooShort),
    v.maxLength(REPORT_REASON_MAX, threadReportTexts.reasonTooLong),
  ),
});
export type ThreadReportInput = v.InferOutput<typeof threadReportSchema>;
