import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { artistMessages } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import { fakeServer, makeUser, renderApp, storeSession } from './app-harness';

afterEach(() => vi.unstubAllGlobals());

interface Sent {
  fields: Record<string, string>;
  sample: File | null;
  contentType: string | null;
}

/** The application endpoint of the shared fake server, keeping what the browser sent. */
function applicationServer(answer: () => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  fakeServer({
    'POST /api/v1/artist/application': (call) => {
      const fields: Record<string, string> = {};
      let sample: File | null = null;
      for (const [name, value] of (call.body as FormData).entries()) {
        if (typeof value === 'string') fields[name] = value;
        else sample = value as File;
      }
      sent.push({ fields, sample, contentType: call.headers.get('content-type') });
      return answer();
    },
  });
  return { sent };
}

async function fillValidForm() {
  const form = await screen.findByRole('form', { name: 'Apply as an artist' });
  const field = (label: string) => within(form).getByLabelText(label, { exact: false, selector: 'input, textarea' });
  await userEvent.type(field('First name'), 'Ana');
  await userEvent.type(field('Last name'), 'Reyes');
  await userEvent.type(field('Stage name'), 'Ana R');
  await userEvent.type(field('Email'), 'ana@example.test');
  await userEvent.type(within(form).getByRole('textbox', { name: 'Contact number' }), '9171234567');
  await userEvent.type(field('Links to your music'), 'https://example.test/ana');
  await userEvent.type(field('Tell us about yourself'), 'I have sung at weddings for ten years.');
  await userEvent.click(within(form).getByRole('checkbox', { name: /I accept the Terms of Use/ }));
  return form;
}

describe('/artist/application', () => {
  it('checks the form with the shared messages, shows them under their fields and focuses the first', async () => {
    const { sent } = applicationServer(() => ({ status: 201, body: { message: 'ok' } }));
    renderApp('/artist/application');
    const form = await screen.findByRole('form', { name: 'Apply as an artist' });
    await userEvent.type(within(form).getByLabelText('Tell us about yourself'), 'Too short');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit application' }));

    expect(await within(form).findByText(artistMessages.stageNameRequired)).toBeTruthy();
    expect(within(form).getByText(artistMessages.pitchTooShort)).toBeTruthy();
    expect(within(form).getByText(artistMessages.termsRequired)).toBeTruthy();
    expect(within(form).getByText(fieldMessages.contactNumberInvalid)).toBeTruthy();
    const firstName = within(form).getByLabelText('First name');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(firstName.getAttribute('aria-describedby')).toBe(`${firstName.id}-error`);
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    // What was typed stays; editing a field clears only its own message.
    expect((within(form).getByLabelText('Tell us about yourself') as HTMLTextAreaElement).value).toBe('Too short');
    await userEvent.type(within(form).getByLabelText('Tell us about yourself'), ' — and more words here');
    expect(within(form).queryByText(artistMessages.pitchTooShort)).toBeNull();
    expect(within(form).getByText(artistMessages.stageNameRequired)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('counts the pitch, and takes one audio sample with its name, size and a remove button', async () => {
    applicationServer(() => ({ status: 201, body: { message: 'ok' } }));
    renderApp('/artist/application');
    const form = await screen.findByRole('form', { name: 'Apply as an artist' });
    await userEvent.type(within(form).getByLabelText('Tell us about yourself'), 'Hello');
    expect(within(form).getByText('5 / 1000 characters (at least 20)')).toBeTruthy();

    const input = within(form).getByLabelText(/A sample of your singing/) as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('audio/*');
    fireEvent.change(input, { target: { files: [new File(['hello'], 'lyrics.txt', { type: 'text/plain' })] } });
    expect(await within(form).findByText(artistMessages.audioOnly)).toBeTruthy();

    const wav = new File([new Uint8Array(2048)], 'demo.wav', { type: 'audio/wav' });
    fireEvent.change(within(form).getByLabelText(/A sample of your singing/), { target: { files: [wav] } });
    const chosen = await within(form).findByTestId('sample-chosen');
    expect(chosen.textContent).toContain('demo.wav');
    expect(chosen.textContent).toContain('2 KB');
    expect(within(form).queryByText(artistMessages.audioOnly)).toBeNull();
    await userEvent.click(within(chosen).getByRole('button', { name: 'Remove demo.wav' }));
    expect(within(form).queryByTestId('sample-chosen')).toBeNull();
    expect(within(form).getByLabelText(/A sample of your singing/)).toBeTruthy();
  });

  it('an oversized sample says the limit, leaves the input empty, and the submit stops on it until given up', async () => {
    const { sent } = applicationServer(() => ({ status: 201, body: { message: artistMessages.applicationReceived } }));
    renderApp('/artist/application');
    const form = await fillValidForm();
    const input = within(form).getByLabelText(/A sample of your singing/) as HTMLInputElement;
    const big = new File([new Uint8Array(8)], 'long-take.wav', { type: 'audio/wav' });
    // Only the size matters to the check: a 26 MB file without allocating one.
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    const message = 'This file is too large. Choose a file of 25 MB or less.';
    expect(await within(form).findByText(message)).toBeTruthy();
    expect(input.value).toBe('');
    expect(within(form).queryByTestId('sample-chosen')).toBeNull();

    await userEvent.click(within(form).getByRole('button', { name: 'Submit application' }));
    expect(sent).toEqual([]);
    expect(within(form).getByText(message)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input));

    await userEvent.click(within(form).getByRole('button', { name: 'Apply without a sample' }));
    expect(within(form).queryByText(message)).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Submit application' }));
    await screen.findByRole('dialog', { name: 'Application received' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.sample).toBeNull();
  });

  it("shows the server's errors under their fields and keeps what was typed", async () => {
    applicationServer(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { email: [fieldMessages.emailTaken] } },
    }));
    renderApp('/artist/application');
    const form = await fillValidForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Submit application' }));
    expect(await within(form).findByText(fieldMessages.emailTaken)).toBeTruthy();
    const email = within(form).getByLabelText('Email', { exact: false, selector: 'input' }) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.value).toBe('ana@example.test');
    expect((within(form).getByLabelText('Stage name', { exact: false }) as HTMLInputElement).value).toBe('Ana R');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.type(email, 'x');
    expect(within(form).queryByText(fieldMessages.emailTaken)).toBeNull();
  });

  it('posts multipart with the sample, then shows the success modal with a way to the artist login', async () => {
    const { sent } = applicationServer(() => ({ status: 201, body: { message: artistMessages.applicationReceived } }));
    const { router } = renderApp('/artist/application');
    const form = await fillValidForm();
    const wav = new File([new Uint8Array(64)], 'demo.wav', { type: 'audio/wav' });
    fireEvent.change(within(form).getByLabelText(/A sample of your singing/), { target: { files: [wav] } });
    await userEvent.click(within(form).getByRole('button', { name: 'Submit application' }));

    const dialog = await screen.findByRole('dialog', { name: 'Application received' });
    expect(dialog.textContent).toContain(artistMessages.applicationReceived);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[0]?.fields).toEqual({
      first_name: 'Ana',
      last_name: 'Reyes',
      stage_name: 'Ana R',
      email: 'ana@example.test',
      contact_number: '9171234567',
      country: 'PH',
      dial_code: '+63',
      links: 'https://example.test/ana',
      pitch: 'I have sung at weddings for ten years.',
      accept_terms: 'true',
    });
    expect(sent[0]?.sample?.name).toBe('demo.wav');

    await userEvent.click(within(dialog).getByRole('link', { name: 'Go to artist login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/artist/login'));
  });

  it('is not for signed-in users (the root guard sends them home)', async () => {
    const user = makeUser();
    storeSession(user);
    fakeServer({ 'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }) });
    const { router } = renderApp('/artist/application');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
