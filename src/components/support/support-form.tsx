import { css } from 'styled-system/css';
import { SUPPORT_MESSAGE_MAX, supportTopicLabels, supportTopics } from '../../../contracts/support';
import type { SupportFormSend, SupportFormView } from '../../actors/support';
import { TextAreaField } from '../artist-application/text-area-field';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { useFocusFirstInvalid } from '../ui/use-focus-first-invalid';

const topicOptions = supportTopics.map((topic) => ({ value: topic, display: supportTopicLabels[topic] }));

const formErrorClass = css({ color: 'red.700', fontSize: 'sm', mb: '3' });

/**
 * The support form's fields: the contact page shows them all; "Report a problem" only the message.
 * `id` names the form so a dialog's footer button can submit it.
 */
export function SupportFormFields({
  id,
  view,
  send,
  messageOnly = false,
  submitLabel,
}: {
  id: string;
  view: SupportFormView;
  send: SupportFormSend;
  messageOnly?: boolean;
  /** A submit button inside the form (the contact page); a dialog puts its own in the footer. */
  submitLabel?: string;
}) {
  const ref = useFocusFirstInvalid<HTMLFormElement>(view.errors);
  const change = (field: 'name' | 'email' | 'topic' | 'message') => (value: string) =>
    send({ type: 'field.changed', field, value });
  return (
    <form
      id={id}
      ref={ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'user.submit' });
      }}
    >
      {messageOnly ? null : (
        <>
          <TextField
            label="Your name"
            name="name"
            autoComplete="name"
            value={view.fields.name}
            errors={view.errorsOf('name')}
            onValueChange={change('name')}
            readOnly={view.identityFixed}
            hint={view.identityFixed ? 'From your account.' : undefined}
            maxLength={100}
          />
          <TextField
            label="Your email"
            name="email"
            type="email"
            autoComplete="email"
            value={view.fields.email}
            errors={view.errorsOf('email')}
            onValueChange={change('email')}
            readOnly={view.identityFixed}
            hint="We answer you here, and mail you a copy of your message."
          />
          <div className={css({ mb: '4' })}>
            <SelectField
              label="What is it about?"
              options={topicOptions}
              value={view.fields.topic}
              onChange={change('topic')}
              errors={view.errorsOf('topic')}
            />
          </div>
        </>
      )}
      <TextAreaField
        label={messageOnly ? 'What went wrong?' : 'Your message'}
        name="message"
        rows={6}
        value={view.fields.message}
        errors={view.errorsOf('message')}
        hint={`Up to ${SUPPORT_MESSAGE_MAX} characters.`}
        onValueChange={change('message')}
      />
      {view.formError ? (
        <p role="alert" className={formErrorClass}>
          {view.formError}
        </p>
      ) : null}
      {submitLabel ? (
        <Button type="submit" loading={view.busy}>
          {submitLabel}
        </Button>
      ) : null}
    </form>
  );
}
