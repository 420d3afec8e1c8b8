import { isIPv6 } from "node:net";

/**
 * The key a client's address is counted under by throttles and the fake-order checks: an IPv4
 * address as it is, an IPv6 address by its /64 prefix (one household or phone is given a whole
 * /64, so counting single IPv6 addresses would let one client walk past every limit).
 */
export function networkKey(ip: string): string {
  const plain = ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
  if (!isIPv6(plain)) return plain;
  const [head, tail = ""] = plain.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = plain.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}
