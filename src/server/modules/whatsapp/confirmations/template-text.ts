/**
 * Text a shopper typed, made safe for a WhatsApp template parameter (CONTRACT.md, "Guarding the
 * shop's number"): the store's number must never carry a link or a phone number an attacker
 * wrote ("Visit bit.ly/… to claim Rs.5000, call 0300 1234567") to someone else's phone. So:
 * links (with a scheme, `www.`, or a domain of a common top-level name, with or without a path),
 * e-mail addresses and runs of more than 6 digits (spaces, dots or dashes between them still
 * count as one run) are dropped; new lines, tabs and repeated spaces (which Meta refuses) become
 * one space; and the rest is cut to `max` characters. What remains may be empty: "-".
 */
export function templateText(text: string, max: number): string {
  const cleaned = text
    .normalize("NFKC")
    .replace(LINK, " ")
    .replace(LONG_NUMBER, " ")
    .replace(/[\s\u200b-\u200f\u2028\u2029\u2060\ufeff]+/gu, " ")
    .trim();
  if (cleaned.length === 0) return "-";
  const chars = [...cleaned];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`
    : cleaned;
}

/** Names Meta would let a phone open: the common generic and country top-level names and shorteners'. */
const TLDS =
  "com|net|org|info|biz|io|co|me|ly|gl|gg|to|cc|tk|ml|ga|cf|gq|xyz|top|site|online|shop|store|app|link|click|live|club|pk|in|uk|us|ru|cn|de|ae|sa|ws|bit|page|dev|ai|tv|fm|am|be|is|it|es|fr|nl|ir|tr|vip|win|icu|buzz|rest|fun|space|website|tech|cloud|digital";
const LINK = new RegExp(
  [
    String.raw`\b[a-z][a-z0-9+.-]*:\/\/\S*`, // any scheme: https://, http://, ftp://
    String.raw`\bwww\d{0,3}\.\S*`, // www.example…
    String.raw`\S*@\S+\.\S+`, // e-mail addresses
    String.raw`\b[\p{L}\p{N}-]+(?:\s*\.\s*[\p{L}\p{N}-]+)*\s*\.\s*(?:${TLDS})\b(?:\s*\/\s*\S*)?`, // bit.ly/x, bit . ly
    String.raw`\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\/\S*`, // any domain followed by a path
  ].join("|"),
  "giu",
);
/** More than 6 digits in a row, any script's digits, single spaces, dots or dashes between them allowed. */
const LONG_NUMBER = /\p{Nd}(?:[\s.-]?\p{Nd}){6,}/gu;
