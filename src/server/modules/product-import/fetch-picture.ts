import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { MAX_IMAGE_BYTES } from "@shared/constants.js";
import { isPublicAddress, type FetchAllowance } from "./public-address.js";

export interface PictureFetchOptions {
  allowance: FetchAllowance;
  /** For one picture, redirects included. */
  timeoutMs: number;
  maxBytes: number;
}

export const PICTURE_FETCH_DEFAULTS = { timeoutMs: 15_000, maxBytes: MAX_IMAGE_BYTES };
const MAX_REDIRECTS = 5;

/** Why a picture was not fetched, said to the owner beside its address. */
export class PictureFailure extends Error {}

/**
 * A picture's bytes from its address: http(s) only, from a public address (the name resolved
 * here, and the connection made to the address that was checked, so a name cannot switch to a
 * private address between the check and the connection), also after each redirect, unless the
 * host is allowed by IMPORT_FETCH_ALLOW; within a time-out and a size cap.
 */
export async function fetchPicture(address: string, options: PictureFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    return await follow(new URL(address), options, signal);
  } catch (err) {
    throw failureOf(err as Error, signal);
  }
}

async function follow(first: URL, options: PictureFetchOptions, signal: AbortSignal): Promise<Buffer> {
  let url = first;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await get(url, options, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new PictureFailure(`the server answered ${status}`);
    }
    return readBody(response, options.maxBytes);
  }
  throw new PictureFailure(`more than ${MAX_REDIRECTS} redirects`);
}

function get(url: URL, options: PictureFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return Promise.reject(new PictureFailure("only http(s) addresses are fetched"));
  const allowed = options.allowance.allows(url);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) && !allowed && !isPublicAddress(host))
    return Promise.reject(new PictureFailure("the address is not public"));
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { signal, lookup: allowed ? undefined : publicLookup, headers: { accept: "image/*" } },
      resolve,
    );
    req.on("error", (err) => reject(failureOf(err, signal)));
    req.end();
  });
}

/** Resolves a name to its addresses and refuses it when any of them is not public. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, "", 0);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)))
      return callback(new PictureFailure("the address is not public") as NodeJS.ErrnoException, "", 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooBig = () => new PictureFailure(`larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (Number(response.headers["content-length"] ?? 0) > maxBytes) {
    response.destroy();
    throw tooBig();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw tooBig();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function failureOf(err: Error, signal: AbortSignal): Error {
  if (err instanceof PictureFailure) return err;
  if (signal.aborted) return new PictureFailure("no answer in time");
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return new PictureFailure("the host is not found");
  return new PictureFailure(`cannot be reached (${code ?? err.message.slice(0, 60)})`);
}
