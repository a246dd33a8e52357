// Does a payout account's holder name belong to the artist? Compared with the legal name on the
// account (first, middle, last), ignoring case, accents, punctuation and spacing. It matches when:
//   1. the last name is in it (spaces ignored, so "Dela Cruz", "De La Cruz" and "Delacruz" agree),
//   2. the first given name is one of its words ("Ana" for a first name "Ana Marie"), and
//   3. every other word is a word of the legal name, a single initial ("M.", a middle initial the
//      account may not have on file), a suffix (Jr, Sr, II, III, IV) or a piece of the last name; word
//      order is free ("Reyes, Ana").
// So "Ana M. Reyes" and "REYES ANA MARIE" match Ana Marie Reyes; "Someone Else" and "Ana Reyes
// Santos" (an unknown word) do not, and go to an admin instead of being refused: a married name or
// a nickname is legitimate, but a person has to look at it.

export interface LegalName {
  first_name: string;
  middle_name: string | null;
  last_name: string;
}

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

/** Lower-case words without accents or punctuation. */
function nameWords(value: string): string[] {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

const squash = (value: string) => nameWords(value).join('');

export function holderMatchesLegalName(holder: string, legal: LegalName): boolean {
  const words = nameWords(holder);
  const last = squash(legal.last_name);
  const firstGiven = nameWords(legal.first_name)[0];
  if (!last || !firstGiven || words.length === 0) return false;
  if (!words.join('').includes(last)) return false;
  if (!words.includes(firstGiven)) return false;
  const legalWords = new Set(nameWords(`${legal.first_name} ${legal.middle_name ?? ''} ${legal.last_name}`));
  return words.every((w) => legalWords.has(w) || w.length === 1 || SUFFIXES.has(w) || last.includes(w));
}
