/** A moment as the staff read it everywhere in the admin: "28 Nov 2026, 3:05 pm" (Pakistan's style). */
export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-PK", { dateStyle: "medium", timeStyle: "short" });
