import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  type RecordingSubmitInput,
  recordingSubmitMachine,
  type SubmitRecordingInput,
} from '../../machines/recording-submit.machine';
import { artistOrdersApi, recordingUploadUrl } from '../api/artist-orders.api';
import { xhrUpload } from '../api/upload';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';

/** An order card's recording flow (upload with progress, lyrics, declaration, submit); `onChanged` reloads the list. */
export function useRecordingSubmit(input: RecordingSubmitInput, onChanged: () => void) {
  const { api, session } = useAppActors();
  const machine = useMemo(
    () =>
      recordingSubmitMachine.provide({
        actors: {
          uploadFile: xhrUpload(() => ({
            url: recordingUploadUrl,
            field: 'file',
            getToken: () => session.getSnapshot().context.token,
            onUnauthorized: () => session.send({ type: 'http.unauthorized', checkoutPending: false, routeName: '' }),
          })),
          submitRecording: fromPromise(({ input }: { input: SubmitRecordingInput }) =>
            artistOrdersApi(api.for('artist')).submitRecording(input.orderId, input.body),
          ),
        },
        actions: {
          notifySubmitted: (_, p) => {
            notify.success(p.message);
            onChanged();
          },
          showErrorToast: (_, p) => notify.error(p.message),
        },
      }),
    [api, session, onChanged],
  );
  return useActorRef(machine, { input });
}
