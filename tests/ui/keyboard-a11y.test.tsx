import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollStrip } from '../../src/components/ui/scroll-strip';
import { SelectField } from '../../src/components/ui/select-field';
import { focusPageHeading } from '../../src/lib/page-focus';
import { fakeServer, renderApp } from './app-harness';

afterEach(() => vi.unstubAllGlobals());

const moods = [
  { value: 'happy', display: 'Happy' },
  { value: 'sentimental', display: 'Sentimental' },
  { value: 'funny', display: 'Funny' },
];

function Harness({ emptyLabel, onChange }: { emptyLabel?: string; onChange?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SelectField
      label="Mood"
      options={moods}
      value={value}
      emptyLabel={emptyLabel}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

/** The option the listbox says is highlighted, through aria-activedescendant (what a screen reader reads). */
function activeOption(listbox: HTMLElement): string | null {
  const id = listbox.getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.querySelector('[data-part=item-text]')?.textContent ?? null) : null;
}

describe('SelectField with the keyboard (WAI-ARIA select-only combobox)', () => {
  it('an empty select: the arrow keys highlight options one by one and Enter chooses one', async () => {
    const changed = vi.fn();
    render(<Harness onChange={changed} />);
    const trigger = screen.getByRole('combobox', { name: 'Mood' });
    expect(trigger.textContent).toContain('Choose…');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox', { name: 'Mood' });
    await waitFor(() => expect(activeOption(listbox)).toBe('Happy'));
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption(listbox)).toBe('Sentimental');
    expect(within(listbox).getByRole('option', { name: 'Sentimental' }).hasAttribute('data-highlighted')).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(changed).toHaveBeenCalledWith('sentimental');
    await waitFor(() => expect(trigger.textContent).toContain('Sentimental'));
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('ArrowDown on the closed trigger opens the list with the first option highlighted', async () => {
    render(<Harness />);
    screen.getByRole('combobox', { name: 'Mood' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox', { name: 'Mood' });
    await waitFor(() => expect(activeOption(listbox)).toBe('Happy'));
  });

  it('a select with an "all" item keeps showing it while nothing is chosen', async () => {
    render(<Harness emptyLabel="Any mood" />);
    const trigger = screen.getByRole('combobox', { name: 'Mood' });
    expect(trigger.textContent).toContain('Any mood');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox', { name: 'Mood' });
    await waitFor(() => expect(activeOption(listbox)).toBe('Any mood'));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(trigger.textContent).toContain('Happy'));
  });
});

describe('focusPageHeading', () => {
  it('waits for the new page’s h1 and focuses it (made focusable with tabIndex -1)', async () => {
    const stop = focusPageHeading(2000);
    const h1 = document.createElement('h1');
    h1.textContent = 'Tell us about the occasion';
    document.body.append(h1);
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(h1.tabIndex).toBe(-1);
    stop();
    h1.remove();
  });

  it('leaves focus alone when someone already put it in the new page, or a dialog has it', async () => {
    for (const html of ['<main id="main"><input></main>', '<div role="dialog"><input></div>']) {
      const host = document.createElement('div');
      host.innerHTML = html;
      document.body.append(host);
      const stop = focusPageHeading(2000);
      host.querySelector('input')?.focus();
      const h1 = document.createElement('h1');
      document.body.append(h1);
      await new Promise((r) => setTimeout(r, 50));
      expect(document.activeElement).toBe(host.querySelector('input'));
      stop();
      h1.remove();
      host.remove();
    }
  });
});

describe('ScrollStrip', () => {
  it('a table that scrolls sideways can be reached by Tab as a named region', async () => {
    render(
      <ScrollStrip label="columns" regionLabel="Payment history">
        <table>
          <tbody>
            <tr>
              <td>1</td>
            </tr>
          </tbody>
        </table>
      </ScrollStrip>,
    );
    const region = screen.getByRole('region', { name: 'Payment history' });
    await userEvent.tab();
    expect(document.activeElement).toBe(region);
  });
});

describe('a refused sign-up', () => {
  it('puts focus on the first field with a message, not on the page', async () => {
    fakeServer({
      'POST /api/v1/user/auth/register': () => ({
        status: 422,
        body: { message: 'The given data was invalid.', errors: { last_name: ['Please enter your last name'] } },
      }),
    });
    renderApp('/');
    const banner = await screen.findByRole('banner');
    await userEvent.click(within(banner).getByRole('button', { name: 'Sign Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account Sign Up' });
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Ana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    const lastName = within(dialog).getByLabelText('Last name');
    await waitFor(() => expect(lastName.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(lastName));
  });
});
