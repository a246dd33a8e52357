import type { ApiSuccess } from '../../contracts/http';
import type { MessageReadState, MessageUpload, OrderMessage, OrderMessagesPage } from '../../contracts/order-messages';
import { MESSAGES_PAGE_SIZE } from '../../contracts/order-messages';
import type {
  LoadThreadInput,
  MarkReadInput,
  SendMessageInput,
  UploadInput,
} from '../../machines/conversation.machine';
import { call } from './call';
import type { Http } from './client';

/** An order's messages (docs/api.md "Order messages"), the same calls in every area: `http` is the area's client. */
export function orderMessagesApi(http: Http) {
  const thread = (orderId: number) => `orders/${orderId}/messages`;
  return {
    load: ({ orderId, cursor }: LoadThreadInput) =>
      call(
        async () =>
          (
            await http
              .get(thread(orderId), {
                searchParams: { limit: MESSAGES_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
              })
              .json<ApiSuccess<OrderMessagesPage>>()
          ).data,
      ),
    /** Sends one message with its client id (the same id on every try). */
    send: ({ orderId, message }: SendMessageInput) =>
      call(
        async () =>
          (
            await http
              .post(thread(orderId), {
                json: {
                  client_id: message.client_id,
                  body: message.body,
                  ...(message.attachment ? { attachment_id: message.attachment.id } : {}),
                },
              })
              .json<ApiSuccess<OrderMessage>>()
          ).data,
      ),
    upload: ({ orderId, file }: UploadInput) =>
      call(async () => {
        const form = new FormData();
        form.append('file', file, file.name);
        // The client's JSON Content-Type is dropped so the browser sets multipart/form-data with its boundary.
        const sent = http.post(`${thread(orderId)}/attachments`, {
          body: form,
          headers: { 'Content-Type': undefined },
        });
        return (await sent.json<ApiSuccess<MessageUpload>>()).data;
      }),
    markRead: ({ orderId, lastReadId }: MarkReadInput) =>
      call(
        async () =>
          (
            await http
              .post(`${thread(orderId)}/read`, { json: { last_read_id: lastReadId } })
              .json<ApiSuccess<MessageReadState>>()
          ).data,
      ),
  };
}
