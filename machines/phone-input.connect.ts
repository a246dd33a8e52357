// Mask helpers of the phone input: '#' is a digit slot, anything else separates groups.

/** How many digits a mask holds (the count of '#'). */
export function maskCapacity(mask: string): number {
  let n = 0;
  for (const ch of mask) if (ch === '#') n++;
  return n;
}

/** Non-digits dropped, capped to the mask's capacity. */
export function toDigits(value: string, mask: string): string {
  return value.replace(/\D/g, '').slice(0, maskCapacity(mask));
}

/**
 * The digits laid into the mask's groups: formatPhone('9171234567', '### #### ### #### #### ##') is
 * '917 1234 567'. A separator is written only when another digit follows it.
 */
export function formatPhone(digits: string, mask: string): string {
  let out = '';
  let pending = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === '#') {
      out += pending + digits[i];
      pending = '';
      i++;
    } else {
      pending += ch;
    }
  }
  return out;
}
