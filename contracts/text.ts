import * as v from 'valibot';
import { fieldMessages as m } from './field-messages';

// A control character (NUL, an escape code, DEL, the C1 range) is never part of a name, a note or a
// search: PostgreSQL refuses NUL in text outright, and the others corrupt mails, logs and CSV exports.

/** One line of text: no control character at all (a tab or line break in a name is a paste accident). */
const oneLinePattern = /^[^\p{Cc}]*$/u;
/** Several lines: tab, line feed and carriage return are text there; every other control character is not. */
const linesPattern = /^(?:[\t\n\r]|[^\p{Cc}])*$/u;

/** True when `text` holds no control character (tab, LF and CR allowed when `multiline`). */
export const isPlainText = (text: string, multiline = false): boolean =>
  (multiline ? linesPattern : oneLinePattern).test(text);

/** The check to put first in a string field's pipe, so the field names the problem before any other rule. */
export const plainText = (multiline = false) =>
  v.check<string, string>((text) => isPlainText(text, multiline), m.controlCharacters);

/**
 * A string field that may be missing from the body (a missing key reads as '' so the field's own "please
 * enter" message shows), holding plain text only. Every free-text field of every request starts here.
 */
export const textInput = (message: string = m.mustBeText, multiline = false) =>
  v.pipe(v.optional(v.string(message), ''), plainText(multiline));

/** The same for text that may span several lines: notes, reasons, stories, lyrics. */
export const linesInput = (message: string = m.mustBeText) => textInput(message, true);
