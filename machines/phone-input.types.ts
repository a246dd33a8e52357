// The phone input with a country picker (docs/product.md §5 Phone input, §9 constants).

export interface PhoneInputContext {
  /** Two-letter code, upper case. */
  country: string;
  /** Digits only, at most as many as the mask has '#'. */
  number: string;
  mask: string;
}

export interface PhoneInputInput {
  country?: string;
  mask?: string;
  /** The number the parent already holds (non-digits are dropped). */
  number?: string;
}

export type PhoneInputEvent = { type: 'number.changed'; value: string } | { type: 'country.selected'; code: string };
