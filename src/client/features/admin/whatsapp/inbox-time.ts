import { dateTime } from "@client/lib/admin/date-time";

/** When a message was sent or the reply window closes; nothing when there is no such moment. */
export const when = (iso: string | null) => (iso ? dateTime(iso) : "");
