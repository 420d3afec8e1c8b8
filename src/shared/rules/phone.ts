/**
 * Phone numbers arrive as '+92 300 1234567', '0300-1234567', '923001234567', '0092 300 1234567'…
 * The spec's rule: keep digits, drop one leading country code '92', and two numbers match when
 * either contains the other. A number dialled from abroad ('0092…', the international prefix 00
 * before the country code) is the same number as '+92…': its '00' goes too, here and only here,
 * so validation, matching and the WhatsApp number all read one normalised form.
 */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, "").replace(/^0092/, "92");
  return digits.startsWith("92") ? digits.slice(2) : digits;
}

export function phonesMatch(a: string, b: string): boolean {
  const x = normalizePhone(a);
  const y = normalizePhone(b);
  if (!x || !y) return false;
  return x.includes(y) || y.includes(x);
}

/** The last ten digits: an indexable key under which every matching number is found. */
export function phoneKey(phone: string): string {
  return normalizePhone(phone).slice(-10);
}

/** A number for a WhatsApp link: country code 92 and no leading zero. */
export function whatsappNumber(phone: string): string {
  return "92" + normalizePhone(phone).replace(/^0+/, "");
}
