import { createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilePicker } from '../../src/components/ui/file-picker';

const wav = () => new File([new Uint8Array(3 * 1024)], 'take-1.wav', { type: 'audio/wav' });

describe('FilePicker', () => {
  it('offers a labelled drop zone; choosing a file reports it and never shows the browser’s “No file chosen”', () => {
    const onSelect = vi.fn();
    render(
      <FilePicker label="Recording (audio, up to 25 MB)" accept="audio/*" noun="an audio file" onSelect={onSelect} />,
    );
    const input = screen.getByLabelText('Recording (audio, up to 25 MB)') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('audio/*');
    expect(screen.getByText(/Choose an audio file/)).toBeTruthy();
    expect(screen.getByText('or drop it here')).toBeTruthy();
    expect(screen.queryByText(/No file chosen/)).toBeNull();

    fireEvent.change(input, { target: { files: [wav()] } });
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect((onSelect.mock.calls[0] as [File])[0].name).toBe('take-1.wav');
  });

  it('takes a dropped file', () => {
    const onSelect = vi.fn();
    const { container } = render(<FilePicker label="Sample" onSelect={onSelect} />);
    const zone = container.querySelector('label[for]') as HTMLElement;
    const file = wav();
    fireEvent.dragOver(zone, { dataTransfer: { files: [file] } });
    expect(zone.hasAttribute('data-dragging')).toBe(true);
    const drop = createEvent.drop(zone, { dataTransfer: { files: [file] } });
    fireEvent(zone, drop);
    expect(onSelect).toHaveBeenCalledWith(file);
    expect(zone.hasAttribute('data-dragging')).toBe(false);
  });

  it('shows the chosen file with its size and status, with Replace and Remove', async () => {
    const onRemove = vi.fn();
    render(
      <FilePicker
        label="Recording"
        file={{ name: 'take-1.wav', size: 3 * 1024 }}
        status="Your recording is uploaded."
        onSelect={() => {}}
        onRemove={onRemove}
        chosenTestId="chosen"
      />,
    );
    const chosen = screen.getByTestId('chosen');
    expect(chosen.textContent).toContain('take-1.wav');
    expect(chosen.textContent).toContain('3 KB');
    expect(within(chosen).getByRole('status').textContent).toBe('Your recording is uploaded.');
    expect(chosen.textContent).toContain('Replace');
    expect(screen.queryByText(/No file chosen/)).toBeNull();
    // The input stays, so Replace (and a test or a screen reader) still finds it by the label.
    expect((screen.getByLabelText('Recording') as HTMLInputElement).type).toBe('file');
    await userEvent.click(within(chosen).getByRole('button', { name: 'Remove take-1.wav' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('shows progress with Cancel while uploading, and the input is locked', async () => {
    const onCancel = vi.fn();
    render(
      <FilePicker
        label="Recording"
        file={{ name: 'take-1.wav' }}
        progress={40}
        onCancel={onCancel}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Uploading take-1.wav')).toBeTruthy();
    expect((screen.getByLabelText('Recording') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('puts the error under the field, marks the input invalid and describes it with the message', () => {
    const { rerender } = render(<FilePicker label="Sample" hint="One audio file." onSelect={() => {}} />);
    const input = screen.getByLabelText('Sample');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('One audio file.');

    rerender(
      <FilePicker
        label="Sample"
        hint="One audio file."
        error="This file is too large (limit 25 MB)."
        onSelect={() => {}}
      />,
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('This file is too large (limit 25 MB).');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.queryByText('One audio file.')).toBeNull();
  });
});
