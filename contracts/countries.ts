import { countries as countryData, getEmojiFlag, type TCountryCode } from 'countries-list';
import { phone } from './constants';

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

const all: Country[] = (Object.keys(countryData) as TCountryCode[])
  .filter((code) => countryData[code].phone.length > 0)
  .map((code) => {
    const emoji = getEmojiFlag(code);
    return {
      name: countryData[code].name,
      code,
      emoji,
      unicode: unicodeOf(emoji),
      dial_code: `+${countryData[code].phone[0]}`,
      image: `/flags/${code.toLowerCase()}.svg`,
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

/** The sign-up list: the default country (Philippines) first, then the rest by name. */
export const countries: readonly Country[] = [
  ...all.filter((c) => c.code === phone.defaultCountry),
  ...all.filter((c) => c.code !== phone.defaultCountry),
];

const byCode = new Map(countries.map((c) => [c.code, c]));

export function findCountry(code: string | undefined | null): Country | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}
