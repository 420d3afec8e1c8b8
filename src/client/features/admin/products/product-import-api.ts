import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProductFileFormat, ProductImportProgress, ProductImportResult } from "@shared/schemas/product-import.js";
import { api, ApiError } from "@client/lib/api";
import { catalogKeys } from "@client/lib/queries";

const PATH = "/api/admin/products";

/** What an import answered: its result at once, or the id of an import running in the background. */
export type ImportAnswer = { result: ProductImportResult } | { id: number };

export const exportUrl = (format: ProductFileFormat) => `${PATH}/export?format=${format}`;

export const productImportKeys = {
  progress: (id: number) => [PATH, "imports", id] as const,
};

/** Checks (dry run) or imports a product file; a refused import (422) answers its errors as a result too. */
export function useImportProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, format, dryRun }: { file: File; format: ProductFileFormat; dryRun: boolean }) => {
      const form = new FormData();
      form.append("format", format);
      form.append("dryRun", String(dryRun));
      form.append("file", file);
      try {
        const body = await api<ProductImportResult | { id: number }>(`${PATH}/import`, { method: "POST", form });
        return ("id" in body ? { id: body.id } : { result: body }) satisfies ImportAnswer as ImportAnswer;
      } catch (err) {
        if (err instanceof ApiError && err.status === 422 && err.body && "errors" in err.body)
          return { result: err.body as unknown as ProductImportResult } as ImportAnswer;
        throw err;
      }
    },
    onSuccess: (answer) => {
      if ("result" in answer && !answer.result.dryRun) void qc.invalidateQueries({ queryKey: catalogKeys.all });
    },
  });
}

/** An import running in the background, read every second until it is done or failed. */
export function useImportProgress(id: number | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: productImportKeys.progress(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const progress = await api<ProductImportProgress>(`${PATH}/imports/${id}`, { signal });
      if (progress.state === "done") void qc.invalidateQueries({ queryKey: catalogKeys.all });
      return progress;
    },
    refetchInterval: (query) => (query.state.data?.state === "running" || !query.state.data ? 1_000 : false),
  });
}
