import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ImportResult,
  RemittanceFlag,
  RemittanceMapping,
  RemittancesView,
  SheetPreview,
} from "@shared/schemas/remittances.js";
import { api } from "@client/lib/api";

const PATH = "/api/admin/remittances";

export const remittanceKeys = {
  all: [PATH] as const,
  view: (courier: string) => [PATH, { courier }] as const,
};

/** The address of the open flags' CSV (a download, not a query). */
export const flagsCsvUrl = (courier: string) =>
  `${PATH}/flags.csv${courier ? `?courier=${encodeURIComponent(courier)}` : ""}`;

/** Per-courier figures, aging, flags and the weekly cash, for one courier or all (""). */
export function useRemittances(courier: string) {
  return useQuery({
    queryKey: remittanceKeys.view(courier),
    queryFn: () => api<RemittancesView>(courier ? `${PATH}?courier=${encodeURIComponent(courier)}` : PATH),
    placeholderData: keepPreviousData,
  });
}

const sheetForm = (courier: string, file: File, mapping?: RemittanceMapping) => {
  // The fields go before the file: the server reads the sheet as it arrives, through the mapping.
  const form = new FormData();
  if (courier) form.append("courier", courier);
  if (mapping) form.append("mapping", JSON.stringify(mapping));
  form.append("file", file);
  return form;
};

/** The sheet's header and first rows, with the courier's remembered columns. */
export function usePreviewSheet() {
  return useMutation({
    mutationFn: ({ courier, file }: { courier: string; file: File }) =>
      api<SheetPreview>(`${PATH}/preview`, { method: "POST", form: sheetForm(courier, file) }),
  });
}

export function useImportSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courier, file, mapping }: { courier: string; file: File; mapping: RemittanceMapping }) =>
      api<ImportResult>(`${PATH}/import`, { method: "POST", form: sheetForm(courier, file, mapping) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remittanceKeys.all }),
  });
}

export function useResolveFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      api<RemittanceFlag>(`${PATH}/flags/${id}`, { method: "PATCH", json: { resolved: true, note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remittanceKeys.all }),
  });
}

/** Asks the connected couriers' payment calls now (the job does it every few hours). */
export function usePullPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ asked: number; paid: number }>(`${PATH}/pull`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remittanceKeys.all }),
  });
}
