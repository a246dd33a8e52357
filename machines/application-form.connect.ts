// View model of /artist/application-form: the four parts with their progress, the active part's
// fields and errors, and the submitted / rejected screens.
import type { SnapshotFrom } from 'xstate';
import { applicationParts } from '../contracts/artist';
import type { applicationFormMachine } from './application-form.machine';
import type { ApplicationPart } from './application-form.types';

type ApplicationFormSnapshot = SnapshotFrom<typeof applicationFormMachine>;

/** The part being saved, or null. */
function savingPartOf(snapshot: ApplicationFormSnapshot): ApplicationPart | null {
  return applicationParts.find(({ part }) => snapshot.matches({ saving: part }))?.part ?? null;
}

export function connectApplicationForm(snapshot: ApplicationFormSnapshot) {
  const { progress, values, errors, activePart, appStatus, payoutMasked, payoutReview, rejectionReason } =
    snapshot.context;
  const editing = snapshot.matches('editing');
  return {
    appStatus,
    busy: snapshot.hasTag('busy'),
    savingPart: savingPartOf(snapshot),
    /** The part whose fields are on screen (null on the submitted and rejected screens). */
    openPart: editing ? activePart : null,
    submitted: snapshot.hasTag('submitted'),
    /** Rejected and not sent again yet: the reason stays in sight while the parts are edited. */
    rejected: snapshot.hasTag('rejected') || appStatus === 'rejected',
    rejectionReason,
    /** The saved account number, masked; the field itself starts empty. */
    payoutMasked,
    /** The saved account's holder-name check: pending or rejected is said under the form. */
    payoutReview,
    doneCount: applicationParts.filter(({ flag }) => progress[flag]).length,
    parts: applicationParts.map(({ part, flag, title }) => ({
      part,
      title,
      done: progress[flag],
      open: editing && activePart === part,
      canOpen: snapshot.can({ type: 'part.open', part }),
      canSave: snapshot.can({ type: 'part.save', part }),
    })),
    values,
    /** The first server message for a field of a part, if any. */
    errorOf: (part: ApplicationPart, name: string): string | undefined => errors[part][name]?.[0],
    errorsOf: (part: ApplicationPart, name: string): string[] => errors[part][name] ?? [],
    /** Server messages under keys that are not fields of the part (e.g. sample songs), for an alert. */
    otherErrorsOf: (part: ApplicationPart): string[] =>
      Object.entries(errors[part])
        .filter(([key]) => !(key in values[part]))
        .flatMap(([, messages]) => messages),
  };
}
