import type { ApiErrorBody } from "@shared/errors.js";
import { ApiError } from "@client/lib/api";

/**
 * api() for multipart uploads that need a progress bar: fetch() cannot report upload progress,
 * XMLHttpRequest can. Same contract as api(): cookies sent, JSON back, ApiError on failure.
 */
export function uploadWithProgress<T>(
  method: "POST" | "PUT",
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else reject(new ApiError(xhr.status, (parsed as ApiErrorBody) ?? null, xhr.responseText || xhr.statusText));
    };
    // Same as fetch(): a network failure is a TypeError, which errorMessage() explains.
    xhr.onerror = () => reject(new TypeError("Network request failed"));
    xhr.send(form);
  });
}
