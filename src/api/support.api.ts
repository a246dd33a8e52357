import type { ApiSuccess } from '../../contracts/http';
import type { SupportContact, SupportRequestReceipt } from '../../contracts/support';
import type { SendSupportAnswer, SendSupportInput } from '../../machines/support-request.machine';
import { call } from './call';
import type { Http } from './client';

/** Help within reach (user area; docs/api.md "Support"): where to write, the contact form, "Report a problem". */
export function supportApi(http: Http) {
  return {
    /** GET /support: SUPPORT_EMAIL. */
    contact: () => call(async () => (await http.get('support').json<ApiSuccess<SupportContact>>()).data),
    /** The contact page's form, or a report on an order (the message alone). */
    send: ({ mode, fields }: SendSupportInput): Promise<SendSupportAnswer> =>
      call(async () =>
        mode.kind === 'order'
          ? http
              .post(`orders/${mode.orderId}/support-requests`, { json: { message: fields.message } })
              .json<ApiSuccess<SupportRequestReceipt>>()
          : http.post('support-requests', { json: fields }).json<ApiSuccess<SupportRequestReceipt>>(),
      ),
  };
}
