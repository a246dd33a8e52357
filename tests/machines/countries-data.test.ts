import { getEmojiFlag, countries as packageData, type TCountryCode } from 'countries-list';
import { describe, expect, it } from 'vitest';
import { countries, emojiFlagOf, findCountry } from '../../contracts/countries';
import { countryRows } from '../../contracts/countries.data';
import { countryRows as rowsFromPackage } from '../../scripts/generate-countries';

// The app ships a small generated table instead of countries-list: it must say what the package says.
describe('the country table', () => {
  it('is what scripts/generate-countries.ts makes from countries-list today (run `npm run countries`)', () => {
    expect(countryRows).toEqual(rowsFromPackage());
  });

  it('gives every country with a dial code its name, dial code and flag as the package does', () => {
    const withPhone = (Object.keys(packageData) as TCountryCode[]).filter((code) => packageData[code].phone.length > 0);
    expect(countries).toHaveLength(withPhone.length);
    for (const code of withPhone) {
      expect(findCountry(code)).toMatchObject({
        code,
        name: packageData[code].name,
        dial_code: `+${packageData[code].phone[0]}`,
        emoji: getEmojiFlag(code),
        image: `/flags/${code.toLowerCase()}.svg`,
      });
      expect(emojiFlagOf(code.toLowerCase())).toBe(getEmojiFlag(code));
    }
  });

  it('lists the default country first, then the rest by name', () => {
    expect(countries[0]?.code).toBe('PH');
    const rest = countries.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
