import { genres, vocalTypes } from '../../../contracts/options';

// Labels for the stable keys the API answers with. The lists the user picks from come from GET
// /options; these only name values already chosen.
const genreLabel = new Map(genres.map((g) => [g.value as string, g.display]));
const vocalLabel = new Map(vocalTypes.map((v) => [v.value as string, v.display]));

export const labelOfGenre = (value: string) => genreLabel.get(value) ?? value;
export const labelOfVocalType = (value: string | null) => (value ? (vocalLabel.get(value) ?? value) : '');
