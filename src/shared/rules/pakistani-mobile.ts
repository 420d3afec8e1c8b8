import { normalizePhone } from "./phone.js";

export const PAKISTANI_MOBILE_MESSAGE =
  "Enter a Pakistani mobile number: 11 digits starting with 03, like 0300 1234567 (or +92 300 1234567)";

/**
 * After the one normalisation (normalizePhone: digits, a leading 92 or 0092 dropped) a Pakistani
 * mobile number is ten digits starting with 3, written with or without its leading 0:
 * 03001234567, +92 300 1234567, 923001234567, 0092 300 1234567 (as dialled from abroad).
 */
export function isPakistaniMobile(phone: string): boolean {
  return /^0?3\d{9}$/.test(normalizePhone(phone));
}
