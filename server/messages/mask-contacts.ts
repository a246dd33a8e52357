// Contact details in an order message are hidden when it is stored (docs/product.md "Order messages"):
// talking and paying off the platform leaves a customer without a refund and an artist without cover.
// What counts: email addresses, links and web addresses, phone numbers (Philippine mobile and landline
// forms among them: 0917 123 4567, +63 917 1234567, (02) 8123 4567) and @handles. Dates, prices and
// order references stay: they have separators a phone number lacks (/ and ,) or too few digits.

/** What a hidden detail is replaced with. */
export const HIDDEN = '[hidden]';

const patterns: RegExp[] = [
  // Email addresses, also with the "at"/"dot" spelled out in brackets: maria [at] mail (dot) com.
  /[\p{L}\p{N}._%+-]+\s*(?:@|[[(]\s*at\s*[\])])\s*[\p{L}\p{N}-]+(?:\s*(?:\.|[[(]\s*dot\s*[\])])\s*[\p{L}\p{N}-]+)+/giu,
  // Links: a scheme, or www., or a name with a common top-level domain (facebook.com/maria, wa.me/63917…).
  /\b(?:https?:\/\/|www\.)\S+?(?=[.,!?;:)]*(?:\s|$))/giu,
  /\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|net|org|ph|io|me|co|ly|gg|tv|app|link|info|biz|xyz|site|page)\b(?:\/\S*?(?=[.,!?;:)]*(?:\s|$)))?/giu,
  // Phone numbers: 7 or more digits, optionally after +, in groups joined by spaces, dots, dashes or brackets.
  /(?:\+\s*)?(?:\(\s*\d+\s*\)[\s.-]*)?\d(?:[\s.-]*\d){6,}/gu,
  // Social handles: @name, not the middle of an email (those went first).
  /(?<![\p{L}\p{N}_.])@[\p{L}\p{N}_](?:[\p{L}\p{N}_.]{0,28}[\p{L}\p{N}_])?/gu,
];

/** Dates written with dots or dashes (12.05.2026, 2026-12-05) have a phone number's digits: they stay. */
const date = /^(?:\d{1,2}[.-]\d{1,2}[.-]\d{2,4}|\d{4}-\d{1,2}-\d{1,2})$/;

/** The text with every contact detail replaced by HIDDEN, and whether anything was. */
export function maskContacts(text: string): { text: string; masked: boolean } {
  let masked = false;
  let out = text;
  for (const pattern of patterns) {
    out = out.replace(pattern, (found) => {
      if (date.test(found)) return found;
      masked = true;
      return HIDDEN;
    });
  }
  return { text: out, masked };
}
