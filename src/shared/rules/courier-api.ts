const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Where the courier's API is: https only, since the API key and password travel with every call
 * (plain http only to this machine itself, for a local stand-in), and no user name or password
 * inside the address.
 */
export function isCourierApiAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
}
