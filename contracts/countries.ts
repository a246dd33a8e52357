import { phone } from './constants';
import { countryRows } from './countries.data';

export interface Country {
  name: string;
  /** ISO 3166-1 alpha-2 code, upper case. */
  code: string;
  emoji: string;
  /** The emoji's code points, e.g. "U+1F1F5 U+1F1ED". */
  unicode: string;
  /** International dial code with a plus, e.g. "+63". */
  dial_code: string;
  /** Flag image served by our own server (no third-party host). */
  image: string;
}

function unicodeOf(emoji: string): string {
  return Array.from(emoji)
    .map((ch) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase()}`)
    .join(' ');
}

/** The flag emoji: the code's two letters as regional indicator symbols (as countries-list does). */
export function emojiFlagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((ch) => 0x1f1a5 + (ch.codePointAt(0) ?? 0)));
}

// The rows come from countries-list through scripts/generate-countries.ts (a small table, not the
// package: it would put 45 KB into the first load of every page), already sorted by name.
const all: Country[] = countryRows.map(([code, name, dial]) => {
  const emoji = emojiFlagOf(code);
  return {
    name,
    code,
    emoji,
    unicode: unicodeOf(emoji),
    dial_code: `+${dial}`,
    image: `/flags/${code.toLowerCase()}.svg`,
  };
});

/** The sign-up list: the default country (Philippines) first, then the rest by name. */
export const countries: readonly Country[] = [
  ...all.filter((c) => c.code === phone.defaultCountry),
  ...all.filter((c) => c.code !== phone.defaultCountry),
];

const byCode = new Map(countries.map((c) => [c.code, c]));

export function findCountry(code: string | undefined | null): Country | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}
