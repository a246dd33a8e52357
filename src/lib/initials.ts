// Initials from any name: "Zoë 🎵" → "Z", "Jonas & Strings" → "JS", "王小明" → "王".
// Names are cut into user-perceived characters (grapheme clusters), never UTF-16 halves, so an
// accented letter written as a letter plus a combining mark, a flag or an emoji stays whole; words
// that hold no letter or digit (emoji, "&", "—") are skipped.
//
// A name written in plain ASCII needs no segmenter (each character is a grapheme of its own), and most
// names are: the segmenter is made only for the others. The first Intl object a page creates loads the
// browser's locale data, 60–110 ms of a throttled phone's main thread, and the catalogue's cards would
// pay it while the page starts.

let graphemes: Intl.Segmenter | undefined;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u;
/** Printable ASCII: every character is a grapheme of its own. */
const ASCII = /^[ -~]*$/;

/** The first letter or digit of a word, as a whole grapheme (a base letter with its marks), or null. */
function firstLetter(word: string): string | null {
  if (ASCII.test(word)) return /[A-Za-z0-9]/.exec(word)?.[0] ?? null;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(word)) {
    if (LETTER_OR_DIGIT.test(segment)) return segment;
  }
  return null;
}

/** Up to `max` initials, upper-cased, from the first words that have a letter or digit; '' when none has. */
export function initialsOf(name: string, max = 2): string {
  const letters: string[] = [];
  for (const word of name.normalize('NFC').split(/\s+/u)) {
    const letter = firstLetter(word);
    if (letter) letters.push(letter);
    if (letters.length === max) break;
  }
  // Upper-casing can lengthen a letter ("ß" → "SS"); such a letter keeps its own form.
  return letters.map((l) => (l.toLocaleUpperCase().length === l.length ? l.toLocaleUpperCase() : l)).join('');
}
