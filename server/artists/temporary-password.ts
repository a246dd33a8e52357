import { randomInt } from 'node:crypto';

// No 0/O, 1/l/I: the password is read from an email and typed by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TEMPORARY_PASSWORD_LENGTH = 14;

/** A readable random password (about 80 bits) with at least one letter and one digit, as the password rules ask. */
export function temporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)];
    if (/[A-Za-z]/.test(password) && /[0-9]/.test(password)) return password;
  }
}
