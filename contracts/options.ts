// The choice lists the server offers through GET /api/v1/user/options (docs/architecture.md §3). The SPA reads them
// from the API; the server validates against the same lists. Values are stable keys, labels are shown.

export interface Option {
  value: string;
  display: string;
}

const list = <const T extends readonly (readonly [string, string])[]>(pairs: T) =>
  pairs.map(([value, display]) => ({ value, display })) as { value: T[number][0]; display: string }[];

export const genres = list([
  ['pop', 'Pop'],
  ['acoustic', 'Acoustic'],
  ['rnb', 'R&B / Soul'],
  ['ballad', 'Ballad'],
  ['opm', 'OPM'],
  ['rock', 'Rock'],
  ['country', 'Country'],
  ['jazz', 'Jazz'],
  ['hiphop', 'Hip-hop / Rap'],
  ['gospel', 'Gospel'],
  ['kids', "Children's"],
  ['classical', 'Classical'],
] as const);
export type Genre = (typeof genres)[number]['value'];

export const vocalTypes = list([
  ['male', 'Male vocals'],
  ['female', 'Female vocals'],
  ['duet', 'Duet'],
  ['group', 'Group / band'],
  ['any', 'No preference'],
] as const);
export type VocalType = (typeof vocalTypes)[number]['value'];

export const genreValues = genres.map((g) => g.value);
export const vocalTypeValues = vocalTypes.map((v) => v.value);

/** Platform base price of a song in PHP centavos; an artist's rate defaults to it (docs/architecture.md §4). */
export const BASE_PRICE_CENTAVOS = 2_500_00;
export const MIN_RATE_CENTAVOS = 1_000_00;
export const MAX_RATE_CENTAVOS = 100_000_00;
